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
            "Replay a ticket, quote, contract or invoice: every event (time on the "
            "tenant's clock and in UTC, who with their role then, type, each field "
            "from its old to its new value), then the state as it was. A --at "
            "without a zone is read in the tenant's time zone."
        ),
    )
    parser.add_argument("model", help=f"one of {', '.join(sorted(MODELS))}")
    parser.add_argument("ref", help="a ticket reference such as T-000001, or an id")
    when = parser.add_mutually_exclusive_group()
    when.add_argument(
        "--at",
        help="an ISO date-time, without a zone the tenant's; the state as it was then",
    )
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


def who(actor: dict[str, Any]) -> str:
    """An actor as 'Full Name (role)', or their id when they have no name."""
    if not actor.get("full_name"):
        return str(actor.get("id") or "unknown")
    return f"{actor['full_name']} ({actor['role']})"


def changed(name: str, change: dict[str, Any]) -> str:
    """One change as 'field: old -> new' (items added and removed for lists)."""
    if "added" in change:
        parts = [f"+{shorten(item)}" for item in change["added"]]
        parts += [f"-{shorten(item)}" for item in change["removed"]]
        return f"    {name}: {' '.join(parts) or shorten(change['to'])}"
    return f"    {name}: {shorten(change['from'])} -> {shorten(change['to'])}"


def render(report: dict[str, Any]) -> str:
    """The report as text: how a time was read, one block per event, the state."""
    out = [f"{report['model']} {report['id']} (times in {report['time_zone']})"]
    if report.get("at"):
        out.append(moment_note(report["at"]))
    for item in report["events"]:
        out.append(
            f"{item['time']} ({item['time_utc']})  v{item['version']}  "
            f"{who(item['actor'])}  {item['type']}"
        )
        out.extend(changed(name, change) for name, change in item["changes"].items())
    out.append("")
    if report["state"] is None:
        out.append("State: it did not exist yet.")
        return "\n".join(out)
    out.append(f"State at version {report['version']}:")
    out.extend(
        f"    {name}: {shorten(value)}" for name, value in report["state"].items()
    )
    return "\n".join(out)


def moment_note(at: dict[str, Any]) -> str:
    """The line saying how --at was read: in its own zone or the tenant's."""
    how = (
        f"has no zone: read in the tenant's zone {at['time_zone']}"
        if at["zone_assumed"]
        else "has its own zone"
    )
    return f"--at {at['given']} {how}, {at['time']} ({at['time_utc']})"


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
