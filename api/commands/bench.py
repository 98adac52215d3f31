"""ledgerdesk bench: seed a fresh database, measure, print and save the figures."""

from __future__ import annotations

import argparse

from api.settings import Settings


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the bench subcommand."""
    parser = subparsers.add_parser(
        "bench",
        help="seed a fresh database and measure lists, counts, appends, rebuilds",
    )
    parser.add_argument(
        "--tickets",
        type=int,
        default=100_000,
        help="tickets in the largest tenant (default 100,000)",
    )
    parser.add_argument("--json", default=None, help="write the figures to this file")
    parser.add_argument(
        "--requests",
        type=int,
        default=200,
        help="timed requests per latency figure (default 200)",
    )
    parser.add_argument(
        "--keep",
        action="store_true",
        help="keep the benchmark database afterwards (to profile it)",
    )
    parser.set_defaults(handler=run)


def run(arguments: argparse.Namespace) -> int:
    """Run the benchmark on LEDGERDESK_DATABASE_URL's server, in its own database."""
    from bench.report import table, write_json
    from bench.runner import BenchOptions, run_bench

    if arguments.tickets < 1 or arguments.requests < 1:
        print("--tickets and --requests must be 1 or more.")
        return 2
    settings = Settings()
    if settings.is_production:
        print("Refusing to run the benchmark in production.")
        return 2
    options = BenchOptions(
        tickets=arguments.tickets, requests=arguments.requests, keep=arguments.keep
    )
    outcome = run_bench(settings.database_url, options)
    print(table(outcome.figures, outcome.context))
    if arguments.json:
        write_json(arguments.json, outcome.figures)
        print(f"Wrote {arguments.json}.")
    return 0
