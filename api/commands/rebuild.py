"""ledgerdesk rebuild: replay the whole log into fresh read-model tables."""

from __future__ import annotations

import argparse
import time

from api.bootstrap import open_stores
from api.commands._common import progress_bar
from projections.rebuild import rebuild


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the rebuild subcommand."""
    parser = subparsers.add_parser(
        "rebuild", help="rebuild the read model from the log"
    )
    parser.set_defaults(handler=run)


def run(arguments: argparse.Namespace) -> int:
    """Rebuild with a progress bar, then report the rate."""
    app, engine, _ = open_stores(read_model=False)
    started = time.perf_counter()
    with progress_bar(app.position(), "events", "rebuilding") as advance:
        replayed = rebuild(app, engine, progress=advance)
    seconds = time.perf_counter() - started
    print(
        f"Replayed {replayed} events in {seconds:.1f}s "
        f"({replayed / max(seconds, 1e-9):.0f}/s) and switched over."
    )
    return 0
