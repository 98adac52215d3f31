"""Tickets, their messages and time registrations, and assets."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import and_, delete, update

from domain.threads import format_of
from domain.tickets import TICKET_FIELDS, ticket_reference
from projections import tables as t
from projections.context import Apply
from projections.handlers import Handler
from projections.handlers.counts import bump, move

TICKET_COLUMNS = TICKET_FIELDS  # every ticket field has a column of its name


def _search(reference: str, description: str) -> str:
    return f"{reference} {description}".lower()


def _named(a: Apply, fields: dict[str, Any]) -> dict[str, Any]:
    values = {k: v for k, v in fields.items() if k in TICKET_COLUMNS}
    if "client_id" in values:
        values["client_name"] = a.name_of("user", values["client_id"])
    if "company_id" in values:
        values["company_name"] = a.name_of("company", values["company_id"])
    if "operator_id" in values:
        values["operator_name"] = a.name_of("user", values["operator_id"])
    return values


def ticket_opened(a: Apply) -> None:
    e = a.event
    reference = ticket_reference(e.number)
    fields = _named(a, {k: v for k, v in e.fields.items() if v is not None})
    row: dict[str, Any] = {
        "id": a.aggregate_id,
        "number": e.number,
        "reference": reference,
        "description": e.fields.get("description") or "",
        "search": _search(reference, e.fields.get("description") or ""),
        "status_id": e.status_id,
        "status_type": e.status_type,
        "is_template": bool(e.is_template),
        "deleted": False,
        "merged_into": None,
        "cloned_from": e.cloned_from,
        "custom_values": e.fields.get("custom_values") or {},
        "message_count": 0,
        "resolved_at": None,
        "created_at": a.at,
        "updated_at": a.at,
        "version": a.version,
    }
    row.update(fields)
    a.insert(t.tickets, **row)
    bump(a, row, 1)


def _ticket(a: Apply, ticket_id: str | None = None) -> Mapping[str, Any]:
    row = a.peek(t.tickets, ticket_id)
    if row is None:
        raise LookupError(f"ticket {ticket_id or a.aggregate_id} not projected")
    return row


def _change(a: Apply, values: dict[str, Any], touch: bool = True) -> None:
    before = dict(_ticket(a))  # a copy: the update below changes the cached row
    after = {**before, **values}
    if "description" in values:
        values["search"] = _search(before["reference"], values["description"])
    a.update(t.tickets, touch=touch, **values)
    move(a, before, after)


def ticket_updated(a: Apply) -> None:
    _change(a, _named(a, dict(a.event.changes)))


def _message_row(
    a: Apply, thread_id: str, model: str, m: dict[str, Any]
) -> dict[str, Any]:
    return {
        "morphable_id": thread_id,
        "morphable_type": model,
        "id": m["id"],
        "message": m.get("message", ""),
        "format": format_of(m),
        "type": m.get("type", "reply"),
        "is_from_client": bool(m.get("is_from_client")),
        "visible_to_client": bool(m.get("visible_to_client")),
        "actor_id": m.get("actor"),
        "recipients": m.get("recipients", []),
        "attachment_ids": m.get("attachment_ids", []),
        "mentions": m.get("mentions", []),
        "data": m.get("data", {}),
        **_origin(m.get),
        "created_at": m.get("created_at", a.at),
        "updated_at": a.at,
    }


def _origin(get: Callable[..., Any]) -> dict[str, Any]:
    """The mail origin columns of a message (none for one typed in)."""
    date = get("email_date", None)
    return {
        "original_email_from": get("original_email_from", None),
        "email_message_id": get("email_message_id", None),
        "email_to": get("email_to", None) or [],
        "email_cc": get("email_cc", None) or [],
        "email_date": datetime.fromisoformat(date) if date else None,
    }


def _post(a: Apply, model: str, kind: str, data: dict[str, Any] | None = None) -> None:
    e = a.event
    a.insert(
        t.messages,
        morphable_id=a.aggregate_id,
        morphable_type=model,
        id=e.message_id,
        message=getattr(e, "message", ""),
        # asset messages and status changes carry no format: operators write them
        format=getattr(e, "format", "html"),
        type=kind,
        is_from_client=bool(getattr(e, "is_from_client", False)),
        visible_to_client=bool(getattr(e, "visible_to_client", True)),
        actor_id=e.actor,
        recipients=getattr(e, "recipients", []),
        attachment_ids=getattr(e, "attachment_ids", []),
        mentions=getattr(e, "mentions", []),
        data=data or {},
        **_origin(lambda name, default=None: getattr(e, name, default)),
        created_at=a.at,
        updated_at=a.at,
    )


def ticket_message_posted(a: Apply) -> None:
    _post(a, "Ticket", "reply" if a.event.visible_to_client else "note")
    row = _ticket(a)
    a.update(t.tickets, message_count=row["message_count"] + 1)


def _message_key(a: Apply) -> Any:
    m = t.messages
    return and_(
        m.c.tenant_id == a.tenant_id,
        m.c.morphable_id == a.aggregate_id,
        m.c.id == a.event.message_id,
    )


def message_edited(a: Apply) -> None:
    changes = {k: v for k, v in a.event.changes.items() if k in t.messages.c}
    a.connection.execute(
        update(t.messages).where(_message_key(a)).values(updated_at=a.at, **changes)
    )
    a.update(t.tickets)


def message_removed(a: Apply) -> None:
    a.connection.execute(delete(t.messages).where(_message_key(a)))
    row = _ticket(a)
    a.update(t.tickets, message_count=max(row["message_count"] - 1, 0))


def status_changed(a: Apply) -> None:
    e = a.event
    before = _ticket(a)
    closed = e.status_type in (2, 3)
    was_closed = before["status_type"] in (2, 3)
    resolved_at = (
        before["resolved_at"] if closed and was_closed else (a.at if closed else None)
    )
    _change(
        a,
        {
            "status_id": e.status_id,
            "status_type": e.status_type,
            "resolved_at": resolved_at,
        },
    )
    _post(
        a,
        "Ticket",
        "status-changed",
        {"status": {"id": e.status_id, "name": e.status_name}},
    )


def time_registered(a: Apply) -> None:
    e = a.event
    row = _ticket(a)
    a.insert(
        t.time_registrations,
        id=e.registration_id,
        ticket_id=a.aggregate_id,
        ticket_reference=row["reference"],
        ticket_description=row["description"],
        contract_id=e.contract_id,
        period_start=None,
        minutes=e.minutes,
        activity_id=e.activity_id,
        operator_id=e.operator_id,
        executed_at=e.executed_at,
        description=e.description or "",
        version=1,
        created_at=a.at,
    )
    a.update(t.tickets)


def time_changed(a: Apply) -> None:
    """The registration's new values; its contract's booking events set the
    period (they come first), so a registration taken off a contract drops it."""
    changes = dict(a.event.changes)
    row = a.row(t.time_registrations, a.event.registration_id)
    if row is None:
        return
    if "contract_id" in changes and changes["contract_id"] is None:
        changes["period_start"] = None
    if "description" in changes:
        changes["description"] = changes["description"] or ""
    changes["version"] = row["version"] + 1
    a.update(t.time_registrations, a.event.registration_id, touch=False, **changes)
    a.update(t.tickets)


def time_removed(a: Apply) -> None:
    a.connection.execute(
        delete(t.time_registrations).where(
            a.key(t.time_registrations, a.event.registration_id)
        )
    )
    a.update(t.tickets)


def merged_into(a: Apply) -> None:
    a.update(t.tickets, merged_into=a.event.target_id)


def absorbed(a: Apply) -> None:
    for message in a.event.messages:
        a.insert(t.messages, **_message_row(a, a.aggregate_id, "Ticket", message))
    row = _ticket(a)
    a.update(t.tickets, message_count=row["message_count"] + len(a.event.messages))


def asset_registered(a: Apply) -> None:
    fields = {"category_ids": [], **a.event.fields}
    a.insert(
        t.assets,
        id=a.aggregate_id,
        **_asset_values(a, fields),
        created_at=a.at,
        updated_at=a.at,
        version=a.version,
    )


def _asset_values(a: Apply, fields: dict[str, Any]) -> dict[str, Any]:
    values = {k: v for k, v in fields.items() if k in t.assets.c}
    if "category_ids" in values:
        values["category_ids"] = values["category_ids"] or []
    if "client_id" in values:
        values["client_name"] = a.name_of("user", values["client_id"])
    if "company_id" in values:
        values["company_name"] = a.name_of("company", values["company_id"])
    if "location_id" in values:
        values["location_name"] = a.name_of("location", values["location_id"])
    return values


def asset_updated(a: Apply) -> None:
    a.update(t.assets, **_asset_values(a, dict(a.event.changes)))


def asset_message_posted(a: Apply) -> None:
    _post(a, "Asset", "reply" if a.event.visible_to_client else "note")
    a.update(t.assets)


HANDLERS: dict[str, Handler] = {
    "Ticket.Opened": ticket_opened,
    "Ticket.Updated": ticket_updated,
    "Ticket.MessagePosted": ticket_message_posted,
    "Ticket.MessageEdited": message_edited,
    "Ticket.MessageRemoved": message_removed,
    "Ticket.StatusChanged": status_changed,
    "Ticket.TimeRegistered": time_registered,
    "Ticket.TimeChanged": time_changed,
    "Ticket.TimeRemoved": time_removed,
    "Ticket.MergedInto": merged_into,
    "Ticket.Absorbed": absorbed,
    "Ticket.Deleted": lambda a: _change(a, {"deleted": True}),
    "Ticket.Restored": lambda a: _change(a, {"deleted": False}),
    "Asset.Registered": asset_registered,
    "Asset.Updated": asset_updated,
    "Asset.MessagePosted": asset_message_posted,
}
