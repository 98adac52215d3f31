"""`ledgerdesk mail-send`: follow the log into the mail outbox and send it."""

from __future__ import annotations

import argparse
import logging
import signal
import threading
from typing import Any

from api.bootstrap import build_application, build_engine, build_mail
from api.settings import Settings

log = logging.getLogger("ledgerdesk.mail")


def register(subparsers: Any) -> None:
    """Add the mail-send subcommand."""
    parser = subparsers.add_parser(
        "mail-send",
        help="send the mail the event log asks for",
        description=(
            "Write the mail of every new event into the outbox and hand it to "
            "each tenant's SMTP server (else LEDGERDESK_SMTP_URL), with retries; "
            "mail without a server waits. `ledgerdesk serve` runs this in a "
            "thread on the embedded default."
        ),
    )
    parser.add_argument(
        "--once", action="store_true", help="send what is due now, then exit"
    )
    parser.add_argument(
        "--release-parked",
        action="store_true",
        help="give parked mail a fresh round of attempts, then go on",
    )
    parser.set_defaults(handler=run)


def run(arguments: argparse.Namespace) -> int:
    """Send until stopped (or once); 0 on a clean stop."""
    from outbound.mail_outbox import counts
    from outbound.mail_sender import drain, release
    from outbound.mail_sender import run as send_loop
    from outbound.mail_settings import use_key
    from outbound.relay import sole_relay
    from storage.migrations import migrate

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    settings = Settings()
    use_key(settings.mail_fernet_key)
    app = build_application(settings)
    engine = build_engine(settings)
    migrate(engine)
    follower, sender = build_mail(settings, app, engine)
    follower.begin_at_head()
    if not settings.smtp_url:
        log.warning(
            "LEDGERDESK_SMTP_URL is unset: mail of tenants without their own "
            "SMTP server waits in the outbox"
        )
    if arguments.release_parked:
        log.info("released %d parked mails", release(engine))
    stop = threading.Event()
    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, lambda *_: stop.set())
    try:
        with sole_relay(engine, follower.name, stop) as leading:
            if leading and arguments.once:
                sent = drain(follower, sender)
                log.info("sent %d mails", sent)
            elif leading:
                log.info("sending mail from position %d", follower.position())
                send_loop(follower, sender, stop, settings.poll_interval)
        with engine.connect() as connection:
            log.info("outbox: %s", counts(connection))
    finally:
        engine.dispose()
        app.close()
    return 0
