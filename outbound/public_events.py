"""The public accounting events: what downstream systems receive, not our internals.

Each message is an envelope (event id, type, schema version, tenant, aggregate,
time, actor, chain) around a `data` object; outbound/schemas/<type>.json is
the JSON Schema of each type. Renaming a field in the domain must not change
these; a breaking change gets a new schema version.

Invoice events have two versions. Version 1 (outbound/schemas/) is still
published, unchanged, on the invoice topic for a deprecation period; version 2
(outbound/schemas/v2/) carries what an accountant books (unit code, VAT
category, the invoice's snapshot) and goes to its own topic. Every finalised
invoice's snapshot also goes, keyed by invoice id, to a compacted topic: at
finalising and at every later change (status, payment, credit); a restore to
draft sends a tombstone (no value).
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

from domain import bookkeeping
from domain.base import NAMESPACE
from domain.contracts import Contract
from domain.invoices import STATUS_NAMES, Invoice
from domain.quotes import Quote
from domain.tickets import Ticket

SCHEMA_VERSION = 1
LATEST_INVOICE_VERSION = 2
SCHEMA_DIR = Path(__file__).parent / "schemas"
DEFAULT_TOPICS = {
    "invoice": "ledgerdesk.invoices",
    "quote": "ledgerdesk.quotes",
    "contract": "ledgerdesk.contracts",
    "ticket": "ledgerdesk.tickets",
}
INVOICE_V2 = "invoice_v2"
INVOICE_SNAPSHOT = "invoice_snapshot"
NEW_TOPICS = {
    INVOICE_V2: "ledgerdesk.invoices.v2",
    INVOICE_SNAPSHOT: "ledgerdesk.invoice-snapshots",
}
"""The version 2 invoice events and the compacted topic of invoice snapshots."""
ALL_TOPICS = {**DEFAULT_TOPICS, **NEW_TOPICS}
SNAPSHOT_TYPE = "invoice.snapshot"


@dataclass(frozen=True)
class PublicEvent:
    """One accounting message: where it goes, its key, headers and value."""

    aggregate_type: str
    key: str
    event_id: str
    event_type: str
    tenant_id: str
    value: dict[str, Any] | None
    schema_version: int = SCHEMA_VERSION
    route: str = ""
    """The topic's key in the relay's topics; the aggregate type when empty."""

    @property
    def topic_key(self) -> str:
        return self.route or self.aggregate_type

    def headers(self) -> list[tuple[str, bytes]]:
        """Kafka headers: event id, event type, schema version and tenant."""
        return [
            ("event_id", self.event_id.encode()),
            ("event_type", self.event_type.encode()),
            ("schema_version", str(self.schema_version).encode()),
            ("tenant_id", self.tenant_id.encode()),
        ]

    def encoded(self) -> bytes | None:
        """The value as compact UTF-8 JSON (None: a tombstone)."""
        if self.value is None:
            return None
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


# -- version 2 of the invoice events -----------------------------------------------
Snapshot = dict[str, Any] | None


def public_line_v2(line: dict[str, Any]) -> dict[str, Any]:
    """A stored invoice line in the version 2 shape (the snapshot's)."""
    [shown] = bookkeeping.snapshot_lines([line])
    return shown


def _created_v2(e: Any, snapshot: Snapshot) -> tuple[str, dict[str, Any]]:
    return _invoice_created(e)


def _line_added_v2(e: Any, snapshot: Snapshot) -> tuple[str, dict[str, Any]]:
    return "invoice.line_added", {"line": public_line_v2(e.line)}


def _line_removed_v2(e: Any, snapshot: Snapshot) -> tuple[str, dict[str, Any]]:
    return _invoice_line_removed(e)


def _restored_v2(e: Any, snapshot: Snapshot) -> tuple[str, dict[str, Any]]:
    return _invoice_restored(e)


def _needs(snapshot: Snapshot, event: Any) -> dict[str, Any]:
    if snapshot is None:
        raise ValueError(f"{type(event).__qualname__} needs the invoice's snapshot.")
    return snapshot


def _finalised_v2(e: Any, snapshot: Snapshot) -> tuple[str, dict[str, Any]]:
    found = e.snapshot or _needs(snapshot, e)
    return "invoice.finalised", {
        "external_id": e.external_id,
        "status_id": e.status_id,
        "status": STATUS_NAMES[e.status_id],
        "issue_date": found["issue_date"],
        "due_date": found["due_date"],
        "currency": found["currency"],
        "snapshot": found,
    }


def _status_changed_v2(e: Any, snapshot: Snapshot) -> tuple[str, dict[str, Any]]:
    found = _needs(snapshot, e)
    return "invoice.status_changed", {
        "status_id": e.status_id,
        "status": STATUS_NAMES[e.status_id],
        "paid": e.paid,
        "amount_due": found["totals"]["amount_due"],
        "snapshot": found,
    }


def _credited_v2(e: Any, snapshot: Snapshot) -> tuple[str, dict[str, Any]]:
    return "invoice.credited", {
        "credit_invoice_id": e.credit_id,
        "credit_number": e.credit_number,
        "snapshot": _needs(snapshot, e),
    }


TranslatorV2 = Callable[[Any, Snapshot], tuple[str, dict[str, Any]]]
TRANSLATORS_V2: dict[str, TranslatorV2] = {
    "Invoice.Created": _created_v2,
    "Invoice.LineAdded": _line_added_v2,
    "Invoice.LineRemoved": _line_removed_v2,
    "Invoice.Finalised": _finalised_v2,
    "Invoice.StatusChanged": _status_changed_v2,
    "Invoice.Restored": _restored_v2,
    "Invoice.Credited": _credited_v2,
}
SNAPSHOT_EVENTS = {
    "Invoice.Finalised",
    "Invoice.StatusChanged",
    "Invoice.Credited",
}
"""The events of a finalised invoice after which its snapshot is published."""
TOMBSTONE_EVENTS = {"Invoice.Restored"}
"""The events after which an invoice has no snapshot (a draft again)."""


def needs_snapshot(domain_event: Any) -> bool:
    """Whether the relay must make the invoice's snapshot for this event."""
    return type(domain_event).__qualname__ in SNAPSHOT_EVENTS


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
EVENT_TYPES_V2 = (
    "invoice.created",
    "invoice.credit_invoice_created",
    "invoice.line_added",
    "invoice.line_removed",
    "invoice.finalised",
    "invoice.status_changed",
    "invoice.restored",
    "invoice.credited",
)


def stored_topics() -> list[str]:
    """The stored-event topics the relay reads; the rest of the log is skipped."""
    topics = []
    for name in dict.fromkeys([*TRANSLATORS, *TRANSLATORS_V2]):
        aggregate, event_name = name.split(".")
        topics.append(get_topic(vars(AGGREGATES[aggregate])[event_name]))
    return topics


def event_id(aggregate_id: UUID | str, version: int) -> str:
    """A stable id per event, the same on every re-send, for de-duplication."""
    return str(uuid5(NAMESPACE, f"event/{aggregate_id}/{version}"))


def translate(domain_event: Any) -> PublicEvent | None:
    """The version 1 public event for a domain event, or None if not public."""
    found = TRANSLATORS.get(type(domain_event).__qualname__)
    if found is None:
        return None
    aggregate_type, translator = found
    kind, data = translator(domain_event)
    return _envelope(domain_event, aggregate_type, kind, data, SCHEMA_VERSION, "")


def translate_v2(domain_event: Any, snapshot: Snapshot = None) -> PublicEvent | None:
    """The version 2 invoice event for a domain event (None if it has none);
    `snapshot` is the invoice's snapshot as of this event, for the events that
    carry one (needs_snapshot)."""
    translator = TRANSLATORS_V2.get(type(domain_event).__qualname__)
    if translator is None:
        return None
    kind, data = translator(domain_event, snapshot)
    return _envelope(domain_event, "invoice", kind, data, 2, INVOICE_V2)


def snapshot_message(domain_event: Any, snapshot: Snapshot) -> PublicEvent | None:
    """The compacted topic's message after an invoice event: the snapshot keyed by
    invoice id, a tombstone when it became a draft again, else None."""
    name = type(domain_event).__qualname__
    if name not in SNAPSHOT_EVENTS and name not in TOMBSTONE_EVENTS:
        return None
    aggregate_id = str(domain_event.originator_id)
    return PublicEvent(
        aggregate_type="invoice",
        key=aggregate_id,
        event_id=event_id(aggregate_id, domain_event.originator_version),
        event_type=SNAPSHOT_TYPE,
        tenant_id=domain_event.tenant_id,
        value=None if name in TOMBSTONE_EVENTS else _needs(snapshot, domain_event),
        schema_version=2,
        route=INVOICE_SNAPSHOT,
    )


def public_messages(domain_event: Any, snapshot: Snapshot = None) -> list[PublicEvent]:
    """Every message of a domain event: version 1, version 2 and the snapshot."""
    found = [
        translate(domain_event),
        translate_v2(domain_event, snapshot),
        snapshot_message(domain_event, snapshot),
    ]
    return [message for message in found if message is not None]


def _envelope(
    domain_event: Any,
    aggregate_type: str,
    kind: str,
    data: dict[str, Any],
    version: int,
    route: str,
) -> PublicEvent:
    aggregate_id = str(domain_event.originator_id)
    identity = event_id(aggregate_id, domain_event.originator_version)
    value = {
        "event_id": identity,
        "event_type": kind,
        "schema_version": version,
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
        schema_version=version,
        route=route,
    )


@cache
def schema(event_type: str, version: int = SCHEMA_VERSION) -> dict[str, Any]:
    """The JSON Schema of one public event type in one version."""
    folder = SCHEMA_DIR if version == 1 else SCHEMA_DIR / f"v{version}"
    path = folder / f"{event_type}.json"
    return dict(json.loads(path.read_text(encoding="utf-8")))


def validate(value: dict[str, Any], event_type: str | None = None) -> None:
    """Raise jsonschema.ValidationError unless the message fits its schema;
    a snapshot (no envelope) is checked with event_type invoice.snapshot."""
    import jsonschema

    if event_type == SNAPSHOT_TYPE:
        jsonschema.validate(value, schema(SNAPSHOT_TYPE, 2))
        return
    jsonschema.validate(
        value, schema(value["event_type"], value.get("schema_version", 1))
    )
