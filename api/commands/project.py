"""ledgerdesk project: a projector worker keeping the read model up to date."""

from __future__ import annotations

import argparse
import signal

from api.bootstrap import build_follower, open_stores
from projections.parked import parked_count


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the project subcommand."""
    parser = subparsers.add_parser("project", help="run a projector worker")
    parser.add_argument("--once", action="store_true", help="catch up, then exit")
    parser.set_defaults(handler=run)


def run(arguments: argparse.Namespace) -> int:
    """Follow the log until interrupted (or once)."""
    app, engine, settings = open_stores()
    follower = build_follower(app, engine, settings)
    if arguments.once:
        print(f"Read model at position {follower.catch_up()}.")
        if parked := parked_count(engine, follower.name):
            print(f"{parked} event(s) parked: see `ledgerdesk parked`.")
        return 0
    signal.signal(signal.SIGTERM, lambda *_: follower.stop())
    signal.signal(signal.SIGINT, lambda *_: follower.stop())
    print("Projecting; stop with Ctrl-C.", flush=True)
    follower.run(settings.poll_interval)
    return 0
