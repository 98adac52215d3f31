"""ledgerdesk mail-receive: take mail in over SMTP (or LMTP) from the provider's server.

Each mail is routed by recipient (a tenant's configured addresses, or any
address at <subdomain>.<LEDGERDESK_MAIL_DOMAIN>) and answered 250 once stored.
"""

from __future__ import annotations

import argparse
import logging
import signal
import threading


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the mail-receive subcommand."""
    parser = subparsers.add_parser(
        "mail-receive", help="receive mail over SMTP or LMTP and take it in"
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=2525)
    parser.add_argument(
        "--lmtp", action="store_true", help="speak LMTP instead of SMTP"
    )
    parser.set_defaults(handler=run)


def run(arguments: argparse.Namespace) -> int:
    """Serve until interrupted."""
    from api.bootstrap import open_stores
    from api.mail_intake import build_intake
    from api.observability import configure_logging
    from inbound.smtp import Receiver, ReceiverController

    domain, engine, settings = open_stores(read_model=False)
    configure_logging()
    # aiosmtpd logs every SMTP command at INFO; what became of a mail is ours
    logging.getLogger("mail.log").setLevel(logging.WARNING)
    intake = build_intake(settings, domain, engine)
    controller = ReceiverController(
        Receiver(intake, lmtp=arguments.lmtp), arguments.host, arguments.port
    )
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    controller.start()
    kind = "LMTP" if arguments.lmtp else "SMTP"
    print(
        f"Receiving mail over {kind} on {arguments.host}:{arguments.port}", flush=True
    )
    try:
        stop.wait()
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()
        domain.close()
        engine.dispose()
    return 0
