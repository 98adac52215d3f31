"""`ledgerdesk relay`: publish accounting events from the event log to Kafka."""

from __future__ import annotations

import argparse
import logging
import signal
import threading
from typing import Any

from api.bootstrap import build_application, build_engine, relay_config
from api.settings import Settings

log = logging.getLogger("ledgerdesk.relay")


def register(subparsers: Any) -> None:
    """Add the relay subcommand."""
    parser = subparsers.add_parser(
        "relay",
        help="publish invoice, quote and contract events to Kafka",
        description=(
            "Follow the event log and publish public accounting events to Kafka. "
            "Off (exit 0) while LEDGERDESK_KAFKA_BOOTSTRAP is unset."
        ),
    )
    parser.add_argument(
        "--once", action="store_true", help="publish what is waiting, then exit"
    )
    parser.set_defaults(handler=run)


def stop_on_signals(stop: threading.Event) -> None:
    """Finish the current batch and exit on SIGTERM or SIGINT."""
    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, lambda *_: stop.set())


def publish_waiting(relay: Any) -> int:
    """Publish what waits in the log once; 1 when the broker does not answer."""
    from outbound.relay import BrokerUnavailable

    try:
        while relay.step() or not relay.caught_up():
            pass
    except BrokerUnavailable as error:
        log.error("broker unavailable, nothing more recorded: %s", error)
        return 1
    return 0


def run(arguments: argparse.Namespace) -> int:
    """Relay until stopped; 0 when the relay is off."""
    from outbound.relay import Relay, sole_relay
    from storage.migrations import migrate

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    logging.getLogger("kafka").setLevel(logging.WARNING)
    settings = Settings()
    if not settings.kafka_bootstrap:
        print("relay: off (LEDGERDESK_KAFKA_BOOTSTRAP unset); events wait in the log")
        return 0
    app = build_application(settings)
    engine = build_engine(settings)
    migrate(engine)
    config = relay_config(settings)
    relay = Relay(app, engine, config)
    stop = threading.Event()
    stop_on_signals(stop)
    code = 0
    try:
        with sole_relay(engine, config.name, stop) as leading:
            if leading:
                log.info(
                    "relaying to %s from position %d",
                    config.bootstrap,
                    relay.position(),
                )
                if arguments.once:
                    code = publish_waiting(relay)
                else:
                    relay.run(stop)
    finally:
        relay.close()
        engine.dispose()
        app.close()
    log.info("stopped at position %d, %d published", relay.position(), relay.published)
    return code
