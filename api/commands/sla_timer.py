"""`ledgerdesk sla-timer`: raise SLA warnings and breaches when they fall due."""

from __future__ import annotations

import argparse
import logging
import threading
from typing import Any

from api.bootstrap import open_stores
from api.commands.relay import stop_on_signals

log = logging.getLogger("ledgerdesk.sla_timer")


def register(subparsers: Any) -> None:
    """Add the sla-timer subcommand."""
    parser = subparsers.add_parser(
        "sla-timer",
        help="raise SLA warnings and breaches when they fall due",
        description=(
            "Sleep until the next ticket's SLA warning or breach falls due and "
            "raise it on the ticket (each exactly once). `serve` runs it in a "
            "thread on the embedded default."
        ),
    )
    parser.add_argument(
        "--once", action="store_true", help="raise what is due now, then exit"
    )
    parser.add_argument(
        "--poll",
        type=float,
        default=30.0,
        help="look again after at most this many seconds (default 30)",
    )
    parser.set_defaults(handler=run)


def run(arguments: argparse.Namespace) -> int:
    """Raise due warnings and breaches until stopped (or once)."""
    from outbound.sla_timer import SlaTimer

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    app, engine, _ = open_stores(read_model=False)
    timer = SlaTimer(app, engine, poll=max(arguments.poll, 0.1))
    try:
        if arguments.once:
            print(f"sla-timer: {timer.step()} raised")
            return 0
        stop = threading.Event()
        stop_on_signals(stop)
        log.info("raising SLA warnings and breaches as they fall due")
        timer.run(stop)
    finally:
        engine.dispose()
        app.close()
    log.info("stopped, %d raised", timer.raised)
    return 0
