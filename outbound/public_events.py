"""The public accounting events: what downstream systems receive, not our internals.

Each message is an envelope (event id, type, schema version, tenant, aggregate,
time, actor, chain) around a `data` object; outbound/schemas/<type>.json is
the JSON Schema of each type. Renaming a field in the domain must not change
these; a breaking change gets a new schema version.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any
from uuid import UUID, uuid5

from eventsourcing.utils import get_topic

from domain.base import NAMESPACE
from domain.contracts import Contract
from domain.invoices import STATUS_NAMES, Invoice
from domain.quotes import Quote
from domain.tickets import Ticket

SCHEMA_VERSION = 1
SCHEMA_DIR = Path(__file__).parent / "schemas"
DEFAULT_TOPICS = {
    "invoice": "ledgerdesk.invoices",
    "quote": "ledgerdesk.quotes",
    "contract": "ledgerdesk.contracts",
    "ticket": "ledgerdesk.tickets",
}


@dataclass(frozen=True)
class PublicEvent:
    """One accounting message: where it goes, its key, headers and value."""

    aggregate_type: str
    key: str
    event_id: str
    event_type: str
    tenant_id: str
    value: dict[str, Any]

    def headers(self) -> list[tuple[str, bytes]]:
        """Kafka headers: event id, event type, schema version and tenant."""
        return [
            ("event_id", self.event_id.encode()),
            ("event_type", self.event_type.encode()),
            ("schema_version", str(SCHEMA_VERSION).encode()),
            ("tenant_id", self.tenant_id.encode()),
        ]

    def encoded(self) -> bytes:
        """The value as compact UTF-8 JSON."""
        return json.dumps(self.value, separators=(",", ":")).encode()


def decimal_text(value: Any) -> str:
    """A money or quantity as plain decimal text (never exponent notation)."""
    return format(Decimal(str(value)), "f")


def public_line(line: dict[str, Any]) -> dict[str, Any]:
    """An invoice or quote line in the public shape."""
    return {
        "line_id": str(line["id"]),
        "description": line["description"],
        "quantity": decimal_text(line["quantity"]),
        "unit_price": decimal_text(line["price"]),
        "vat_rate": decimal_text(line["vat_rate"]),
        "total_excl_vat": decimal_text(line["total"]),
    }


def _invoice_created(e: Any) -> tuple[str, dict[str, Any]]:
    data = {
        "number": e.number,
        "code": f"F{e.number:06d}",  # as Invoice.__init__ names it
        "date": e.date,
        "reference_number": e.reference_number,
        "company_id": e.company_id,
        "client_id": e.client_id,
    }
    if e.credits:
        return "invoice.credit_invoice_created", {
            **data,
            "credits_invoice_id": e.credits,
        }
    return "invoice.created", data


def _invoice_line_added(e: Any) -> tuple[str, dict[str, Any]]:
    return "invoice.line_added", {"line": public_line(e.line)}


def _invoice_line_removed(e: Any) -> tuple[str, dict[str, Any]]:
    return "invoice.line_removed", {"line_id": str(e.line_id)}


def _invoice_finalised(e: Any) -> tuple[str, dict[str, Any]]:
    return "invoice.finalised", {
        "external_id": e.external_id,
        "status_id": e.status_id,
        "status": STATUS_NAMES[e.status_id],
    }


def _invoice_status_changed(e: Any) -> tuple[str, dict[str, Any]]:
    return "invoice.status_changed", {
        "status_id": e.status_id,
        "status": STATUS_NAMES[e.status_id],
    }


def _invoice_restored(e: Any) -> tuple[str, dict[str, Any]]:
    return "invoice.restored", {}


def _quote_accepted(e: Any) -> tuple[str, dict[str, Any]]:
    content = e.content
    return "quote.accepted", {
        "signed_by": e.name,
        "note": e.note,
        "quote_name": content["name"],
        "client_id": content["client_id"],
        "company_id": content["company_id"],
        "lines": [public_line(line) for line in content["lines"]],
        "total_excl_vat": decimal_text(content["total"]),
        "content_sha256": e.content_sha256,
    }


def _prepaid_card_bought(e: Any) -> tuple[str, dict[str, Any]]:
    return "contract.prepaid_card_bought", {
        "prepaid_card_id": e.prepaid_card_id,
        "description": e.description,
        "minutes": e.minutes,
        "price": decimal_text(e.price),
    }


def _sla_alert(kind: str) -> Translator:
    def translate(e: Any) -> tuple[str, dict[str, Any]]:
        return kind, {"target": e.target, "due_at": e.due_at}

    return translate


Translator = Callable[[Any], tuple[str, dict[str, Any]]]
AGGREGATES = {
    "Invoice": Invoice,
    "Quote": Quote,
    "Contract": Contract,
    "Ticket": Ticket,
}
# keyed by the event class's qualified name, as the decorators define them
TRANSLATORS: dict[str, tuple[str, Translator]] = {
    "Invoice.Created": ("invoice", _invoice_created),
    "Invoice.LineAdded": ("invoice", _invoice_line_added),
    "Invoice.LineRemoved": ("invoice", _invoice_line_removed),
    "Invoice.Finalised": ("invoice", _invoice_finalised),
    "Invoice.StatusChanged": ("invoice", _invoice_status_changed),
    "Invoice.Restored": ("invoice", _invoice_restored),
    "Quote.Accepted": ("quote", _quote_accepted),
    "Contract.PrepaidCardBought": ("contract", _prepaid_card_bought),
    "Ticket.SlaWarned": ("ticket", _sla_alert("ticket.sla_warned")),
    "Ticket.SlaBreached": ("ticket", _sla_alert("ticket.sla_breached")),
}
EVENT_TYPES = (
    "invoice.created",
    "invoice.credit_invoice_created",
    "invoice.line_added",
    "invoice.line_removed",
    "invoice.finalised",
    "invoice.status_changed",
    "invoice.restored",
    "quote.accepted",
    "contract.prepaid_card_bought",
    "ticket.sla_warned",
    "ticket.sla_breached",
)


def stored_topics() -> list[str]:
    """The stored-event topics the relay reads; the rest of the log is skipped."""
    topics = []
    for name in TRANSLATORS:
        aggregate, event_name = name.split(".")
        topics.append(get_topic(vars(AGGREGATES[aggregate])[event_name]))
    return topics


def event_id(aggregate_id: UUID | str, version: int) -> str:
    """A stable id per event, the same on every re-send, for de-duplication."""
    return str(uuid5(NAMESPACE, f"event/{aggregate_id}/{version}"))


def translate(domain_event: Any) -> PublicEvent | None:
    """The public accounting event for a domain event, or None if not public."""
    found = TRANSLATORS.get(type(domain_event).__qualname__)
    if found is None:
        return None
    aggregate_type, translator = found
    kind, data = translator(domain_event)
    aggregate_id = str(domain_event.originator_id)
    identity = event_id(aggregate_id, domain_event.originator_version)
    value = {
        "event_id": identity,
        "event_type": kind,
        "schema_version": SCHEMA_VERSION,
        "occurred_at": domain_event.timestamp.isoformat(),
        "tenant_id": domain_event.tenant_id,
        "aggregate_type": aggregate_type,
        "aggregate_id": aggregate_id,
        "aggregate_version": domain_event.originator_version,
        "actor": domain_event.actor,
        "chain": domain_event.chain,
        "data": data,
    }
    return PublicEvent(
        aggregate_type=aggregate_type,
        key=aggregate_id,
        event_id=identity,
        event_type=kind,
        tenant_id=domain_event.tenant_id,
        value=value,
    )


@cache
def schema(event_type: str) -> dict[str, Any]:
    """The JSON Schema of one public event type."""
    path = SCHEMA_DIR / f"{event_type}.json"
    return dict(json.loads(path.read_text(encoding="utf-8")))


def validate(value: dict[str, Any]) -> None:
    """Raise jsonschema.ValidationError unless the message fits its schema."""
    import jsonschema

    jsonschema.validate(value, schema(value["event_type"]))
