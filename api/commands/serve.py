"""ledgerdesk serve: the API (and the portal at /app) over HTTP.

In the embedded mode (SQLite) the projector and the mail outbox run in threads
of this process; on PostgreSQL `ledgerdesk project` workers and `ledgerdesk
mail-send` do it, unless --projector or --mail is given.
Writes through the API catch the read model up themselves either way.
"""

from __future__ import annotations

import argparse
from typing import Any

from api.settings import Settings


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the serve subcommand."""
    parser = subparsers.add_parser("serve", help="serve the API and the portal")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--projector",
        dest="projector",
        action="store_true",
        default=None,
        help="run the projector in this process",
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
        help="send mail from this process (the embedded default does)",
    )
    mail.add_argument(
        "--no-mail",
        dest="mail",
        action="store_false",
        help="leave sending mail to ledgerdesk mail-send",
    )
    parser.set_defaults(handler=run)


def embedded_app(settings: Settings, projector: bool, mail: bool = False) -> Any:
    """The API application, with the projector and mail threads when asked for."""
    from api.bootstrap import build_mail
    from api.mail_intake import start_fetch_thread
    from api.main import create_app
    from outbound.mail_sender import start_thread

    app = create_app(settings)
    if projector:
        app.state.follower.start(settings.poll_interval)
        app.state.mail_fetch = start_fetch_thread(app.state.services)
        app.state.sla_timer = sla_timer_thread(app.state.services)
    if mail:
        svc = app.state.services
        follower, sender = build_mail(settings, svc.domain, svc.engine)
        app.state.mail_thread = start_thread(follower, sender, settings.poll_interval)
    return app


def run(arguments: argparse.Namespace) -> int:
    """Run uvicorn on the application, built here from the one Settings."""
    import uvicorn

    from api.bootstrap import is_sqlite

    settings = Settings()
    projector = arguments.projector
    if projector is None:
        projector = is_sqlite(settings.database_url)
    mail = arguments.mail
    if mail is None:
        mail = is_sqlite(settings.database_url)
    uvicorn.run(
        embedded_app(settings, projector, mail),
        host=arguments.host,
        port=arguments.port,
        log_level="info",
        # The app itself trusts forwarded headers from LEDGERDESK_TRUSTED_PROXIES only.
        proxy_headers=False,
    )
    return 0


def sla_timer_thread(svc: Any) -> Any:
    """The SLA timer beside the projector: it waits for the read model after raising."""
    from outbound.sla_timer import SlaTimer, start_thread

    def settle() -> None:
        svc.follower.wait_for(svc.domain.position(), timeout=10)

    return start_thread(SlaTimer(svc.domain, svc.engine, settle=settle))
