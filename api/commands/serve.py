"""ledgerdesk serve: the API (and the portal at /app) over HTTP.

On PostgreSQL, `--workers N` API processes (default: one per core) under
uvicorn's multiprocess supervisor (api/commands/_supervisor.py) listen on one
port, each with a socket of its own (SO_REUSEPORT: the kernel spreads
connections), and the followers run
once, in one process of their own that serve starts and stops: a worker never
projects, it waits for the follower's position as the follower announces it
(api/announce.py). On SQLite, the embedded default, one process serves: one
writer at a time is SQLite's limit, and the followers run in its threads.

Without --projector on PostgreSQL, `ledgerdesk project` workers follow the log
and each write catches the read model up itself, as before.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import signal
import socket
import sys
import threading
from collections.abc import Callable
from typing import Any, NamedTuple

from api import balance
from api.settings import (
    Settings,
    hand_followers_to_their_process,
    hand_workers_their_shares,
)

STOP_TIMEOUT_S = 15.0
"""Seconds a follower or a worker gets to stop before it is left, or killed."""
WORKER_HEALTHCHECK_S = 60
"""Seconds a worker may take to answer the supervisor before it counts as hung."""
Stop = Callable[[], None]


def workers_count(value: str) -> int:
    """A positive number of worker processes."""
    count = int(value)
    if count < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return count


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the serve subcommand."""
    parser = subparsers.add_parser("serve", help="serve the API and the portal")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--workers",
        type=workers_count,
        default=None,
        help="API worker processes on the port (default: one per core; "
        "SQLite serves with one)",
    )
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--projector",
        dest="projector",
        action="store_true",
        default=None,
        help="run the projector (and the SLA timer, mail intake) once, beside the "
        "workers",
    )
    group.add_argument(
        "--no-projector",
        dest="projector",
        action="store_false",
        help="leave projecting to ledgerdesk project workers",
    )
    mail = parser.add_mutually_exclusive_group()
    mail.add_argument(
        "--mail",
        dest="mail",
        action="store_true",
        default=None,
        help="send mail from this serve (the embedded default does)",
    )
    mail.add_argument(
        "--no-mail",
        dest="mail",
        action="store_false",
        help="leave sending mail to ledgerdesk mail-send",
    )
    parser.set_defaults(handler=run)


class Running(NamedTuple):
    """A follower running in a thread of this process, and its stop signal."""

    thread: threading.Thread
    stop: threading.Event

    def halt(self) -> None:
        """Stop it and wait for its thread."""
        self.stop.set()
        self.thread.join(timeout=STOP_TIMEOUT_S)


def start_followers(svc: Any, projector: bool, mail: bool) -> dict[str, Stop]:
    """Start every follower serve runs, once; answers how to stop each, by name.

    The one list of them: a follower serve should run is started here.
    """
    from api.bootstrap import build_mail
    from api.commands.checkpoint import start_checkpoint_thread
    from api.mail_intake import start_fetch_thread
    from outbound.mail_sender import start_thread

    running: dict[str, Stop] = {}
    settings = svc.settings
    if projector:
        svc.follower.start(settings.poll_interval)
        running["read_model"] = svc.follower.stop
        running["mail_fetch"] = Running(*start_fetch_thread(svc)).halt
        running["sla_timer"] = Running(*sla_timer_thread(svc)).halt
        stop = threading.Event()
        checkpoints = start_checkpoint_thread(settings, stop)
        if checkpoints is not None:  # only with LEDGERDESK_CHECKPOINT_KEY
            running["checkpoints"] = Running(checkpoints, stop).halt
    if mail:
        follower, sender = build_mail(settings, svc.domain, svc.engine)
        outbox = Running(*start_thread(follower, sender, settings.poll_interval))
        svc.extras["mail_thread"] = outbox
        running["mail_outbox"] = outbox.halt
    return running


YOUNGEST_GENERATION = 10_000
"""Objects allocated (less those freed) before the cycle collector's youngest
pass, instead of Python's 700: the older passes come as much less often."""


PREPARED_CALENDARS = 16
"""At most this many of the tenants' business-hour calendars are numbered at
start (some 50 ms each); any other is numbered on its first list page."""


def prepare_calendars(engine: Any) -> None:
    """Number the calendars the tenants' SLAs count in before serving.

    Unreadable ones are left to the request that meets them, which answers
    as it would have; a row that cannot even be read ends the reading (what
    was read is still numbered), never the start.
    """
    from sqlalchemy import select
    from sqlalchemy.exc import SQLAlchemyError

    from domain.errors import InvalidValue
    from domain.sla import calendar_from_data, prepare
    from projections import tables as t

    items = t.setting_items.c
    query = select(items.data).where(items.kind == "business_hour_contracts")
    calendars = set()
    try:
        with engine.connect() as connection:
            for (data,) in connection.execute(query.limit(10 * PREPARED_CALENDARS)):
                try:
                    calendars.add(calendar_from_data(data))
                except (InvalidValue, TypeError, ValueError):
                    continue
                if len(calendars) == PREPARED_CALENDARS:
                    break
    except (SQLAlchemyError, ValueError) as error:
        logging.getLogger("uvicorn.error").warning(
            "business-hour calendars not read before serving: %s", error
        )
    prepare(calendars)


def keep_start_up_heap() -> None:
    """Leave what start-up built out of the cycle collector's later passes.

    A served process holds some 300,000 objects once started (modules, the
    routes' models, the services) that live as long as it does. Each full
    collection walked all of them again: some 200 ms with every thread of the
    process stopped, several times a minute under load, felt by each request in
    flight. Frozen once start-up is done, a pass walks only what came after.
    What came after (caches, the rows they keep) still took full passes of
    60-130 ms nine times in 15 s under load; a request's objects are nearly all
    freed as it ends, so the passes come less often without garbage piling up.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNGEST_GENERATION, *gc.get_threshold()[1:])


def embedded_app(settings: Settings, projector: bool, mail: bool = False) -> Any:
    """The API application, with the followers in its threads when asked for."""
    from api.main import create_app

    app = create_app(settings)
    running = start_followers(app.state.services, projector, mail)
    app.state.followers = running
    app.state.mail_thread = app.state.services.extras.get("mail_thread")
    prepare_calendars(app.state.services.engine)
    keep_start_up_heap()
    return app


def worker_app() -> Any:
    """One API worker of `serve --workers` (uvicorn's factory, in each process)."""
    from api.announce import caches_changed, worker_listener
    from api.main import create_app

    settings = Settings()
    if settings.serve_connection_shares:
        balance.SHARES = balance.ConnectionShares(settings.serve_connection_shares)
    app = create_app(settings)
    if settings.serve_followers_process:
        svc = app.state.services
        listener = worker_listener(svc.engine, svc.follower, svc.cache)
        svc.sessions.changed = caches_changed(svc.engine, svc.cache)
        listener.start()
        listener.ready.wait(10)
        app.state.listener = listener
    prepare_calendars(app.state.services.engine)
    keep_start_up_heap()
    return app


def run(arguments: argparse.Namespace) -> int:
    """Serve: one process on SQLite, workers and a followers process on PostgreSQL."""
    import uvicorn

    from api.bootstrap import is_sqlite

    settings = Settings()
    sqlite = is_sqlite(settings.database_url)
    projector = sqlite if arguments.projector is None else arguments.projector
    mail = sqlite if arguments.mail is None else arguments.mail
    if sqlite:
        if (arguments.workers or 1) > 1:
            print(
                "SQLite serves with one worker (one writer at a time); "
                "PostgreSQL serves with several.",
                file=sys.stderr,
            )
        uvicorn.run(
            embedded_app(settings, projector, mail),
            host=arguments.host,
            port=arguments.port,
            log_level="info",
            # The app trusts forwarded headers from LEDGERDESK_TRUSTED_PROXIES only.
            proxy_headers=False,
            access_log=False,  # the app logs each answer itself (api/observability)
        )
        return 0
    workers = arguments.workers or os.cpu_count() or 1
    return serve_workers(arguments, settings, workers, projector, mail)


def serve_workers(
    arguments: argparse.Namespace,
    settings: Settings,
    workers: int,
    projector: bool,
    mail: bool,
) -> int:
    """Workers on one socket, the followers once beside them; all stop together."""
    import multiprocessing

    import uvicorn

    from api.bootstrap import build_services
    from api.commands._supervisor import Supervisor, stop_within

    # migrations, a changed read model's rebuild and the outbox's start happen
    # once, here, before any worker or follower opens the tables
    svc = build_services(settings)
    svc.domain.close()
    svc.engine.dispose()
    followers = None
    if projector or mail:
        context = multiprocessing.get_context("spawn")
        followers = context.Process(
            target=run_followers,
            args=(projector, mail),
            name="ledgerdesk-followers",
        )
        followers.start()
        if projector:
            hand_followers_to_their_process()
    shares = balance.ConnectionShares.create()
    hand_workers_their_shares(shares)
    config = uvicorn.Config(
        "api.commands.serve:worker_app",
        factory=True,
        workers=workers,
        # each worker counts its connections and lets go of those beyond its
        # share, so clients that keep theirs open end up evenly spread
        http="api.balance:BalancedProtocol",
        host=arguments.host,
        port=arguments.port,
        log_level="info",
        # The app trusts forwarded headers from LEDGERDESK_TRUSTED_PROXIES only.
        proxy_headers=False,
        access_log=False,  # the app logs each answer itself (api/observability)
        # A worker answers the supervisor's health check only once its spawned
        # interpreter has imported the app; on a busy machine that takes longer
        # than uvicorn's 5 s, and a worker still starting was killed as hung.
        timeout_worker_healthcheck=WORKER_HEALTHCHECK_S,
        # a request still running this long after SIGTERM is cancelled
        timeout_graceful_shutdown=int(STOP_TIMEOUT_S),
    )
    held = PortOfEachWorker.hold(config.host, config.port)
    logging.getLogger("uvicorn.error").info(
        "Serving on http://%s:%d with %d workers", config.host, config.port, workers
    )
    try:
        Supervisor(config, [held], followers).run()
    finally:
        if followers is not None and followers.is_alive():
            stop_within([followers], STOP_TIMEOUT_S)
        balance.ConnectionShares.remove(shares)
    return 0


def reuse_port_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to host:port beside others (SO_REUSEPORT), not listening."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.set_inheritable(True)
    return sock


class PortOfEachWorker(socket.socket):
    """The port serve holds; each worker gets a listening socket of its own on it.

    Uvicorn's supervisor hands its workers the socket it was given. One shared
    socket let whichever worker's event loop woke first accept a whole burst
    of connections (asyncio accepts while any wait), and a kept-alive
    connection stays where it was accepted: under fifty clients one worker
    did five times the other's work. Passed to a worker, this socket becomes a
    new one bound to the same port with SO_REUSEPORT, and the kernel spreads
    connections over the workers' sockets. serve's own is never listened on,
    so it takes no connections; it holds the port and fails early when taken.
    """

    @classmethod
    def hold(cls, host: str, port: int) -> PortOfEachWorker:
        """The parent's socket on host:port."""
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = cls(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
        return sock

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        host, port = self.getsockname()[:2]
        return (reuse_port_socket, (host, port))


def run_followers(projector: bool, mail: bool) -> None:
    """The followers process: each follower once, until serve stops it (or ends)."""
    from api.announce import announce_positions, followers_listener
    from api.bootstrap import build_services

    stop = threading.Event()
    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, lambda *_: stop.set())
    parent = os.getppid()
    svc = build_services(Settings())
    listener = None
    if projector:
        announce_positions(svc.follower)
        # a stored event wakes the read model at once, not after its poll (the
        # PostgreSQL store NOTIFYs its channel on each append)
        channel = svc.domain.recorder.channel_name  # type: ignore[attr-defined]
        listener = followers_listener(svc.engine, channel, svc.follower.wake)
        listener.start()
    running = start_followers(svc, projector, mail)
    keep_start_up_heap()
    while not stop.wait(1.0):
        if os.getppid() != parent:  # serve itself died: nobody would stop us
            break
    if listener is not None:
        listener.stop()
    for halt in running.values():
        halt()
    svc.domain.close()
    svc.engine.dispose()


def sla_timer_thread(svc: Any) -> tuple[threading.Thread, threading.Event]:
    """The SLA timer beside the projector: it waits for the read model after raising."""
    from outbound.sla_timer import SlaTimer, start_thread

    def settle() -> None:
        svc.follower.wait_for(svc.domain.position(), timeout=10)

    return start_thread(SlaTimer(svc.domain, svc.engine, settle=settle))
