"""A ticket as operators see it: every field, the whole thread, time and version."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, Engine, select

from api.errors import not_found
from api.present.common import Lookups, custom_values, iso, party
from api.present.messages import thread
from api.present.rows import ticket
from api.records import one
from domain.tickets import TICKET_FIELDS
from projections import tables as t

# the reference fields, shown as stored; the others are rendered on their own
FIELDS = tuple(sorted(TICKET_FIELDS - {"description", "scheduled_at", "custom_values"}))


def operator_thread(
    connection: Connection, tenant_id: str, morphable_id: str
) -> list[dict[str, Any]]:
    """Every message, internal notes too, with mentions and recipients."""
    messages = thread(connection, tenant_id, morphable_id, client_view=False)
    m = t.messages
    extra = {
        r.id: r
        for r in connection.execute(
            select(m.c.id, m.c.mentions, m.c.recipients, m.c.email_message_id).where(
                m.c.tenant_id == tenant_id, m.c.morphable_id == morphable_id
            )
        )
    }
    for message in messages:
        row = extra.get(message["id"])
        message["mentions"] = list(row.mentions or []) if row else []
        message["email_message_id"] = row.email_message_id if row else None
        recipients = list(row.recipients or []) if row else []
        message["recipients"] = recipients
        for kind in ("to", "cc", "bcc"):
            message[kind] = [
                r["address"] for r in recipients if r.get("type", "to") == kind
            ]
        message["send_to_client"] = bool(
            message["visible_to_client"] and not message["is_from_client"]
        )
    return messages


def times(
    connection: Connection, tenant_id: str, ticket_id: str
) -> list[dict[str, Any]]:
    """The time registered on a ticket, newest first."""
    r = t.time_registrations
    rows = connection.execute(
        select(r)
        .where(r.c.tenant_id == tenant_id, r.c.ticket_id == ticket_id)
        .order_by(r.c.executed_at.desc(), r.c.id)
    )
    return [time_row(row) for row in rows]


def time_row(row: Any) -> dict[str, Any]:
    """A time registration as the operator side shows it."""
    return {
        "id": row.id,
        "ticket_id": row.ticket_id,
        "ticket_reference": row.ticket_reference,
        "ticket_description": row.ticket_description,
        "contract_id": row.contract_id,
        "time_spent_rounded": row.minutes,
        "activity_id": row.activity_id,
        "operator_id": row.operator_id,
        "executed_at": iso(row.executed_at),
        "description": row.description,
        "version": row.version,
    }


def client_email(connection: Connection, row: Any) -> str | None:
    """The address of the ticket's client, if it has one."""
    if not row.client_id:
        return None
    u = t.users
    return connection.execute(
        select(u.c.email).where(u.c.tenant_id == row.tenant_id, u.c.id == row.client_id)
    ).scalar()


def company_of(connection: Connection, row: Any) -> dict[str, Any] | None:
    """The ticket's company with archived_at, so the UI can strike it through."""
    if not row.company_id:
        return None
    c = t.companies
    archived = connection.execute(
        select(c.c.archived_at).where(
            c.c.tenant_id == row.tenant_id, c.c.id == row.company_id
        )
    ).scalar()
    return {
        "id": row.company_id,
        "name": row.company_name,
        "archived_at": iso(archived),
    }


def operator_ticket(connection: Connection, row: Any) -> dict[str, Any]:
    """The full operator view of one ticket row."""
    lookups = Lookups(connection, row.tenant_id)
    route = "ticket-templates" if row.is_template else "tickets"
    client = party(row.client_id, row.client_name, "full_name")
    if client is not None:
        client["email"] = client_email(connection, row)
    return {
        **ticket(row, lookups),
        **{name: getattr(row, name) for name in FIELDS},
        "client": client,
        "client_email": client["email"] if client else None,
        "company": company_of(connection, row),
        "due_at": iso(row.scheduled_at),
        "operator": party(row.operator_id, row.operator_name, "full_name"),
        "scheduled_at": iso(row.scheduled_at),
        "route": route,
        "stage": lookups.status(row.status_id).get("type"),
        "deleted": bool(row.deleted),
        "merged_into": row.merged_into,
        "cloned_from": row.cloned_from,
        "version": row.version,
        "custom_values": custom_values(lookups, row.id, "Ticket", row.custom_values),
        "messages": operator_thread(connection, row.tenant_id, row.id),
        "time_registrations": times(connection, row.tenant_id, row.id),
    }


def ticket_row(engine: Engine, tenant_id: str, ticket_id: str, template: bool) -> Any:
    """The ticket (or, with template, the template) row of the tenant, else 404."""
    row = one(engine, t.tickets, tenant_id, ticket_id)
    if bool(row.is_template) != template:
        raise not_found()
    return row


def operator_view(engine: Engine, tenant_id: str, ticket_id: str) -> dict[str, Any]:
    """The operator's view of one ticket or template, read after a write settled."""
    row = one(engine, t.tickets, tenant_id, ticket_id)
    with engine.connect() as connection:
        return operator_ticket(connection, row)
