"""ledgerdesk serve: the API (and the portal at /app) over HTTP.

In the embedded mode (SQLite) the projector (and, beside it, the IMAP fetcher of
the tenants' mailboxes) runs in a thread of this process;
on PostgreSQL `ledgerdesk project` workers do it, unless --projector is given.
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
    parser.set_defaults(handler=run)


def embedded_app(settings: Settings, projector: bool) -> Any:
    """The API application, with the projector thread when asked for."""
    from api.mail_intake import start_fetch_thread
    from api.main import create_app

    app = create_app(settings)
    if projector:
        app.state.follower.start(settings.poll_interval)
        app.state.sla_timer = sla_timer_thread(app.state.services)
        app.state.mail_fetch = start_fetch_thread(app.state.services)
    return app


def run(arguments: argparse.Namespace) -> int:
    """Run uvicorn on the application, built here from the one Settings."""
    import uvicorn

    from api.bootstrap import is_sqlite

    settings = Settings()
    projector = arguments.projector
    if projector is None:
        projector = is_sqlite(settings.database_url)
    uvicorn.run(
        embedded_app(settings, projector),
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
