"""`ledgerdesk history MODEL REF`: an aggregate's events and its state as it was."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from api.bootstrap import build_application, build_engine
from api.settings import Settings
from audit.history import MODELS, history, resolve
from domain.errors import DomainError
from domain.tenants import tenant_id_for

LONGEST_VALUE = 120


def register(subparsers: Any) -> None:
    """Add the history subcommand."""
    parser = subparsers.add_parser(
        "history",
        help="print an aggregate's events and its state at a version or time",
        description=(
            "Replay a ticket, quote, contract or invoice: every event (time, actor, "
            "type, what changed), then the state as it was."
        ),
    )
    parser.add_argument("model", help=f"one of {', '.join(sorted(MODELS))}")
    parser.add_argument("ref", help="a ticket reference such as T-000001, or an id")
    when = parser.add_mutually_exclusive_group()
    when.add_argument("--at", help="an ISO date-time; the state as it was then")
    when.add_argument("--version", type=int, help="the state after that many events")
    parser.add_argument(
        "--tenant", help="subdomain of the tenant a reference belongs to"
    )
    parser.add_argument("--json", action="store_true", help="print it all as JSON")
    parser.set_defaults(handler=run)


def shorten(value: Any) -> str:
    """A value as compact JSON, cut short when long (signatures are images)."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    if len(text) <= LONGEST_VALUE:
        return text
    return f"{text[: LONGEST_VALUE - 20]}... ({len(text)} characters)"


def render(report: dict[str, Any]) -> str:
    """The report as text: one block per event, then the state."""
    out = [f"{report['model']} {report['id']}"]
    for item in report["events"]:
        out.append(
            f"{item['time']}  v{item['version']}  {item['actor']}  {item['type']}"
        )
        out.extend(
            f"    {name}: {shorten(value)}" for name, value in item["changes"].items()
        )
    out.append("")
    if report["state"] is None:
        out.append("State: it did not exist yet.")
        return "\n".join(out)
    out.append(f"State at version {report['version']}:")
    out.extend(
        f"    {name}: {shorten(value)}" for name, value in report["state"].items()
    )
    return "\n".join(out)


def run(arguments: argparse.Namespace) -> int:
    """Print the history; exit 1 when the aggregate cannot be found."""
    settings = Settings()
    app = build_application(settings)
    engine = build_engine(settings)
    tenant_id = tenant_id_for(arguments.tenant or settings.default_tenant)
    try:
        aggregate_id = resolve(engine, tenant_id, arguments.model, arguments.ref)
        report = history(
            app,
            arguments.model,
            aggregate_id,
            version=arguments.version,
            at=arguments.at,
        )
    except DomainError as error:
        print(f"history: {error}", file=sys.stderr)
        return 1
    finally:
        engine.dispose()
        app.close()
    print(json.dumps(report, indent=2) if arguments.json else render(report))
    return 0
