"""ledgerdesk mail-fetch: read every tenant's IMAP mailbox into tickets and replies.

Runs until stopped: one watcher per mailbox, in IDLE where the server offers it,
else reading every LEDGERDESK_MAIL_FETCH_INTERVAL seconds. With --once each
mailbox is read once and the command ends (for cron, and the bench).
"""

from __future__ import annotations

import argparse
import signal
import threading


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the mail-fetch subcommand."""
    parser = subparsers.add_parser(
        "mail-fetch", help="fetch every tenant's mailbox over IMAP"
    )
    parser.add_argument(
        "--once", action="store_true", help="read each mailbox once, then stop"
    )
    parser.set_defaults(handler=run)


def run(arguments: argparse.Namespace) -> int:
    """Fetch once, or until SIGTERM or Ctrl-C."""
    from api.bootstrap import open_stores
    from api.mail_intake import build_intake
    from api.observability import configure_logging
    from inbound.imap import Fetcher

    domain, engine, settings = open_stores(read_model=False)
    configure_logging()
    fetcher = Fetcher(build_intake(settings, domain, engine))
    try:
        if arguments.once:
            taken = fetcher.fetch_all()
            print(f"{taken} mails taken in", flush=True)
            return 0
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
        try:
            fetcher.run(stop, settings.mail_fetch_interval)
        except KeyboardInterrupt:
            stop.set()
        return 0
    finally:
        domain.close()
        engine.dispose()
