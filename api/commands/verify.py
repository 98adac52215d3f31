"""`ledgerdesk verify [MODEL ID]`: recompute event hash chains, name the first break."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from api.bootstrap import build_application
from api.settings import Settings
from audit.chain import verify
from audit.history import MODELS, stored_events
from domain.errors import DomainError


def register(subparsers: Any) -> None:
    """Add the verify subcommand."""
    parser = subparsers.add_parser(
        "verify",
        help="check the hash chain of every stored event, or of one aggregate",
        description=(
            "Recompute each event's chain from the one before it. Exit 1 and name "
            "the first broken link (aggregate id and version) when one is found."
        ),
    )
    parser.add_argument("model", nargs="?", help=f"one of {', '.join(sorted(MODELS))}")
    parser.add_argument("id", nargs="?", help="the aggregate's id")
    parser.set_defaults(handler=run)


def wrong_model(app: Any, model: str, aggregate_id: str) -> str | None:
    """Why that id is not an aggregate of that model, or None when it is."""
    try:
        stored_events(app, model, aggregate_id)
    except DomainError as error:
        return str(error)
    except Exception:  # an unreadable stored event: verify names it
        return None
    return None


def run(arguments: argparse.Namespace) -> int:
    """Verify; 0 when every chain holds, 1 at the first broken link."""
    if (arguments.model is None) != (arguments.id is None):
        print("verify: give both MODEL and ID, or neither", file=sys.stderr)
        return 2
    app = build_application(Settings())
    try:
        problem = None
        if arguments.id is not None:
            problem = wrong_model(app, arguments.model, arguments.id)
        if problem is not None:
            print(f"verify: {problem}", file=sys.stderr)
            return 1
        result = verify(app, arguments.id)
    except DomainError as error:
        print(f"verify: {error}", file=sys.stderr)
        return 1
    finally:
        app.close()
    if result.broken is not None:
        link = result.broken
        print(
            f"BROKEN at aggregate {link.aggregate_id} version {link.version}: "
            f"{link.reason} (checked {result.events} events)"
        )
        return 1
    print(f"OK: {result.events} events of {result.aggregates} aggregates verified")
    return 0
