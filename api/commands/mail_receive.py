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
    """Listen at once, open the stores, then serve until interrupted."""
    from inbound.smtp import Receiver, ReceiverController

    # Listening comes first: a sender that connects while the stores open
    # waits for its RCPT answer instead of finding the port closed.
    receiver = Receiver(lmtp=arguments.lmtp)
    controller = ReceiverController(receiver, arguments.host, arguments.port)
    controller.start()
    kind = "LMTP" if arguments.lmtp else "SMTP"
    print(
        f"Receiving mail over {kind} on {arguments.host}:{arguments.port}", flush=True
    )
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    domain = engine = None
    try:
        from api.bootstrap import open_stores
        from api.mail_intake import build_intake
        from api.observability import configure_logging

        domain, engine, settings = open_stores(read_model=False)
        configure_logging()
        # aiosmtpd logs every SMTP command at INFO; what became of a mail is ours
        logging.getLogger("mail.log").setLevel(logging.WARNING)
        receiver.provide(build_intake(settings, domain, engine))
        stop.wait()
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()
        if domain is not None:
            domain.close()
        if engine is not None:
            engine.dispose()
    return 0
