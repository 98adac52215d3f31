"""What one process tells the others over PostgreSQL's LISTEN/NOTIFY.

`ledgerdesk serve --workers N` runs the followers once, in a process of their
own, and N API workers. The read-model follower announces each position it
commits, in the transaction that moves it (so nobody hears of a position before
it is visible), with a flag for whether the batch changed rows the workers'
read caches keep. A worker that ends or starts a session says so too. Each
worker hears both in one listening thread: a write waits for its own event's
position as the follower announced it, never for a position in its own memory,
and a cache is emptied in every worker when the rows it keeps change.

A notification can be missed (a dropped connection): a waiting write still
reads the follower's position from the database every few tens of
milliseconds, and a worker that (re)connects empties its cache.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable

import psycopg
from psycopg import sql
from sqlalchemy import Engine, text

from api.cache import KEEPS_CACHE, ReadCache
from projections.follower import Follower
from projections.pipeline import Step

log = logging.getLogger("ledgerdesk.announce")
NOTIFY = text("SELECT pg_notify(:channel, :payload)")

POSITIONS = "ledgerdesk_read_model"
"""The channel of the read-model follower's positions: 'POSITION FLAG AFTER'
(the batch applied the events after AFTER up to POSITION, none parked)."""
CACHES = "ledgerdesk_caches"
"""The channel of 'rows the read caches keep have changed' (sessions)."""
RECONNECT_S = 1.0


def dsn(engine: Engine) -> str:
    """A libpq connection string for the engine's database."""
    url = engine.url.set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


def changes_caches(topics: Iterable[str]) -> bool:
    """Whether a batch of these topics changed rows that read caches keep."""
    return not all(topic.startswith(KEEPS_CACHE) for topic in topics)


def announce_positions(follower: Follower) -> None:
    """Have the follower announce each position in the transaction that moves it."""

    def announce(after: int, position: int, topics: set[str]) -> Step:
        payload = f"{position} {int(changes_caches(topics))} {after}"
        return NOTIFY, {"channel": POSITIONS, "payload": payload}

    follower.announce = announce


def caches_changed(engine: Engine, cache: ReadCache) -> Callable[..., None]:
    """Empty this worker's cache and tell every other worker to empty theirs."""

    def changed(*_: object) -> None:
        cache.clear()
        with engine.connect() as connection:
            connection.exec_driver_sql(
                "SELECT pg_notify(%(channel)s, '')", {"channel": CACHES}
            )
            connection.commit()

    return changed


class Listener:
    """One thread LISTENing on channels, calling a handler per notification."""

    def __init__(
        self,
        conninfo: str,
        handlers: dict[str, Callable[[str], None]],
        connected: Callable[[], None] = lambda: None,
    ) -> None:
        self.conninfo = conninfo
        self.handlers = handlers
        self.connected = connected
        """Called after each (re)connect: what was missed meanwhile is caught up."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.ready = threading.Event()

    def start(self) -> None:
        """Listen in a daemon thread; ready is set once the first LISTEN holds."""
        self._thread = threading.Thread(
            target=self._run, name="ledgerdesk-listener", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        """Stop listening (within a second)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._listen()
            except Exception:  # the database went away: listen again shortly
                log.exception("listening failed; connecting again")
                self._stop.wait(RECONNECT_S)

    def _listen(self) -> None:
        with psycopg.connect(self.conninfo, autocommit=True) as connection:
            for channel in self.handlers:
                connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
            self.connected()
            self.ready.set()
            while not self._stop.is_set():
                for notice in connection.notifies(timeout=1.0):
                    handle = self.handlers.get(notice.channel)
                    if handle is not None:
                        handle(notice.payload)


def worker_listener(engine: Engine, follower: Follower, cache: ReadCache) -> Listener:
    """A worker's listener: positions move its follower's mark, changes its cache."""

    def position(payload: str) -> None:
        reached, flag, after = (payload.split(" ") + ["", ""])[:3]
        if flag == "1":
            cache.clear()  # before the waiting write hears of its position
        follower.observed(int(reached), int(after) if after else None)

    def connected() -> None:
        cache.clear()
        follower.observed(follower.position())

    follower.watched = True
    return Listener(
        dsn(engine),
        {POSITIONS: position, CACHES: lambda _: cache.clear()},
        connected,
    )


def followers_listener(
    engine: Engine, channel: str, wake: Callable[[], None]
) -> Listener:
    """The followers' listener: a stored event wakes them at once, not at the poll."""
    return Listener(dsn(engine), {channel: lambda _: wake()})
