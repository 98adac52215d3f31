"""ledgerdesk seed: the demo tenant, optionally with many tickets."""

from __future__ import annotations

import argparse
import time

from api.bootstrap import build_follower, open_stores
from api.commands._common import progress_bar
from demo.seed import DEMO_PASSWORD, seed_demo


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the seed subcommand."""
    parser = subparsers.add_parser("seed", help="load a realistic demo tenant")
    parser.add_argument("--tenant", default="demo", help="subdomain of the tenant")
    parser.add_argument("--name", default=None, help="display name of the tenant")
    parser.add_argument(
        "--tickets",
        type=int,
        default=None,
        help="open this many more tickets, in batches",
    )
    parser.add_argument(
        "--no-project",
        action="store_true",
        help="leave projecting to a running projector",
    )
    parser.set_defaults(handler=run)


def run(arguments: argparse.Namespace) -> int:
    """Seed, project, and print the logins."""
    app, engine, settings = open_stores()
    if settings.is_production:
        print("Refusing to seed demo logins with a known password in production.")
        return 2
    tenant = arguments.tenant
    name = arguments.name or f"{tenant.capitalize()} IT Services"
    started = time.perf_counter()
    before = app.position()
    with progress_bar(arguments.tickets, "tickets", "seeding") as advance:
        seed_demo(app, tenant, name, arguments.tickets, progress=advance)
    seeded = app.position() - before
    seconds = time.perf_counter() - started
    rate = seeded / max(seconds, 1e-9)
    print(f"Appended {seeded} events in {seconds:.1f}s ({rate:.0f}/s).")
    if not arguments.no_project:
        follower = build_follower(app, engine, settings)
        started = time.perf_counter()
        pending = app.position() - follower.position()
        with progress_bar(pending, "events", "projecting") as advance:
            follower.progress = advance
            follower.catch_up()
        seconds = time.perf_counter() - started
        print(
            f"Projected {pending} events in {seconds:.1f}s "
            f"({pending / max(seconds, 1e-9):.0f}/s)."
        )
    print(f"Tenant '{tenant}' is ready. Logins (password '{DEMO_PASSWORD}'):")
    for login, role in (
        ("client", "portal client, company Northwind Trading"),
        ("client2", "portal client, company Contoso Legal"),
        ("client3", "portal client without invoices, company Fabrikam Logistics"),
        ("first", "operator, first line"),
        ("second", "operator, second line"),
    ):
        print(f"  {login}@{tenant}.test  ({role})")
    app.close()
    return 0
