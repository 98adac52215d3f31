"""`ledgerdesk accounting-consume`: the reference consumer writing a small ledger."""

from __future__ import annotations

import argparse
import logging
import threading
from typing import Any

from api.bootstrap import build_engine
from api.commands.relay import stop_on_signals
from api.settings import Settings

log = logging.getLogger("ledgerdesk.accounting")


def register(subparsers: Any) -> None:
    """Add the accounting-consume subcommand."""
    parser = subparsers.add_parser(
        "accounting-consume",
        help="read the accounting topics into a reference ledger table",
        description=(
            "A reference consumer for integrators: reads the relay's topics from "
            "assigned partitions and writes accounting_ledger, ignoring duplicates "
            "by event id. See docs/accounting.md."
        ),
    )
    parser.add_argument(
        "--until-idle",
        type=float,
        metavar="SECONDS",
        help="exit once nothing new arrived for that long",
    )
    parser.set_defaults(handler=run)


def run(arguments: argparse.Namespace) -> int:
    """Consume until stopped (or idle); 0 when Kafka is not configured."""
    from outbound.accounting import AccountingConsumer
    from storage.migrations import migrate

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    logging.getLogger("kafka").setLevel(logging.WARNING)
    settings = Settings()
    if not settings.kafka_bootstrap:
        print("accounting-consume: off (LEDGERDESK_KAFKA_BOOTSTRAP is unset)")
        return 0
    ledger = settings
    if settings.accounting_database_url:
        ledger = settings.model_copy(
            update={"database_url": settings.accounting_database_url}
        )
    engine = build_engine(ledger)
    migrate(engine)
    consumer = AccountingConsumer(
        engine, settings.kafka_bootstrap, settings.topics().values()
    )
    stop = threading.Event()
    stop_on_signals(stop)
    try:
        if arguments.until_idle is None:
            consumer.run(stop)
        else:
            idle = 0.0
            while not stop.is_set() and idle < arguments.until_idle:
                idle = 0.0 if consumer.poll(timeout=0.5) else idle + 0.5
    finally:
        consumer.close()
        engine.dispose()
    log.info(
        "%d entries written, %d duplicates ignored",
        consumer.applied,
        consumer.duplicates,
    )
    return 0
