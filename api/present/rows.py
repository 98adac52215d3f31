"""List rows and detail records of each portal list, per the contract."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import Connection, select

from api.present.common import (
    PERIOD_LABELS,
    PERIOD_MONTHS,
    Lookups,
    amount,
    custom_values,
    iso,
    party,
    people,
)
from api.present.messages import thread
from api.present.sla import sla_fields
from domain.invoices import status_or_default
from domain.periods import PERIOD_MONTHS as DOMAIN_PERIOD_MONTHS
from domain.periods import add_months, period_bounds
from projections import tables as t

QUOTE_STATUSES = {1: "Concept", 2: "Sent", 3: "Accepted", 4: "Rejected"}


def _parties(row: Any) -> dict[str, Any]:
    return {
        "client": party(row.client_id, row.client_name, "full_name"),
        "company": party(row.company_id, row.company_name),
    }


def ticket(row: Any, lookups: Lookups) -> dict[str, Any]:
    """A ticket list row."""
    return {
        "id": row.id,
        "reference": row.reference,
        "description": row.description,
        "status_id": row.status_id,
        "status": lookups.status(row.status_id),
        "priority": lookups.labelled("priorities", row.priority_id, "style"),
        **_parties(row),
        "updated_at": iso(row.updated_at),
        "created_at": iso(row.created_at),
        "resolved_at": iso(row.resolved_at),
        "is_template": bool(row.is_template),
        # what operator pieces read from a row: the save check, the link, the due date
        "version": row.version,
        "route": "ticket-templates" if row.is_template else "tickets",
        "due_at": iso(row.scheduled_at),
        # the queue's assignee and SLA columns
        "operator": party(row.operator_id, row.operator_name, "full_name"),
        "sla": lookups.labelled("slas", row.sla_id),
        **sla_fields(row),
    }


def ticket_detail(
    row: Any, lookups: Lookups, connection: Connection, client_view: bool
) -> dict[str, Any]:
    """A ticket with its thread (no internal notes for clients) and custom values."""
    return {
        **ticket(row, lookups),
        "priority_id": row.priority_id,
        "category_id": row.category_id,
        "ticket_type_id": row.ticket_type_id,
        "messages": thread(connection, row.tenant_id, row.id, client_view),
        "custom_values": custom_values(lookups, row.id, "Ticket", row.custom_values),
    }


def quote(row: Any, lookups: Lookups) -> dict[str, Any]:
    """A quote list row."""
    parties = _parties(row)
    return {
        "id": row.id,
        "name": row.name,
        "label": f"Q{row.number:05d} {row.name}",
        "status_id": row.status_id,
        "status_label": QUOTE_STATUSES.get(row.status_id),
        "total": amount(row.total),
        **parties,
        "deal": dict(parties),
        "updated_at": iso(row.updated_at),
        "created_at": iso(row.created_at),
    }


def quote_detail(row: Any, lookups: Lookups, connection: Connection) -> dict[str, Any]:
    """A quote with its lines, custom fields and acceptance."""
    acceptance = row.acceptance or None
    return {
        **quote(row, lookups),
        "lines": [_line(line) for line in row.lines or []],
        "custom_fields": custom_values(lookups, row.id, "Quote", row.custom_fields),
        "acceptance": None
        if not acceptance
        else {
            "name": acceptance.get("name"),
            "note": acceptance.get("note"),
            "accepted_at": iso(row.accepted_at),
        },
    }


def _line(line: dict[str, Any]) -> dict[str, Any]:
    return {
        "description": line.get("description"),
        "quantity": amount(line.get("quantity", 0)),
        "price": amount(line.get("price", 0)),
        "total": amount(line.get("total", 0)),
    }


def contract(row: Any, lookups: Lookups) -> dict[str, Any]:
    """A contract list row."""
    return {
        "id": row.id,
        "name": row.name,
        "period": row.period,
        "period_label": PERIOD_LABELS.get(row.period, row.period),
        "quantity": amount(row.quantity),
        "minutes_remaining": minutes_remaining_now(row, lookups, date.today()),
        "start_date": row.start_date,
        "end_date": row.end_date,
        **_parties(row),
        "service": lookups.labelled("services", row.service_id),
    }


def minutes_remaining_now(row: Any, lookups: Lookups, today: date) -> int:
    """What is left now: of the card for prepaid, of the period holding today for
    a periodic contract (the read model keeps the last period that had time
    booked, which may be another). Before its start or after its end, as kept."""
    if row.period is None:
        return int(row.minutes_remaining)
    start = date.fromisoformat(row.start_date)
    if today < start or (row.end_date and today > date.fromisoformat(row.end_date)):
        return int(row.minutes_remaining)
    begin, _ = period_bounds(start, row.period, today)
    p = t.contract_periods
    booked = lookups.connection.execute(
        select(p.c.registered_minutes).where(
            p.c.tenant_id == row.tenant_id,
            p.c.contract_id == row.id,
            p.c.period_start == begin.isoformat(),
        )
    ).scalar()
    return round(Decimal(row.quantity) * 60) - (booked or 0)


def contract_detail(
    row: Any, lookups: Lookups, connection: Connection
) -> dict[str, Any]:
    """A contract with its periods and their time registrations."""
    p, tr = t.contract_periods, t.time_registrations
    periods = list(
        connection.execute(
            select(p)
            .where(p.c.tenant_id == row.tenant_id, p.c.contract_id == row.id)
            .order_by(p.c.period_start.desc())
        )
    )
    registrations = list(
        connection.execute(
            select(tr)
            .where(tr.c.tenant_id == row.tenant_id, tr.c.contract_id == row.id)
            .order_by(tr.c.executed_at.desc(), tr.c.id)
        )
    )
    operators = people(
        connection,
        row.tenant_id,
        {r.operator_id for r in registrations if r.operator_id},
    )

    def registration(r: Any) -> dict[str, Any]:
        activity = lookups.item("activities", r.activity_id)
        operator = operators.get(r.operator_id)
        return {
            "id": r.id,
            "ticket_id": r.ticket_id,
            "ticket_reference": r.ticket_reference,
            "ticket_description": r.ticket_description,
            "time_spent_rounded": r.minutes,
            "executed_at": iso(r.executed_at),
            "activity": None
            if activity is None
            else {"id": activity["id"], "name": activity["label"]},
            "description": r.description,
            "operator": None
            if operator is None
            else {"id": operator.id, "full_name": operator.full_name},
        }

    blocks = []
    if row.period is None:
        blocks.append(
            {
                "id": f"{row.id}:{row.start_date}",
                "period_start": row.start_date,
                "period_end": row.end_date,
                "registered_time": sum(r.minutes for r in registrations),
                "minutes_remaining": row.minutes_remaining,
                "time_registrations": [registration(r) for r in registrations],
            }
        )
    else:
        for period in contract_periods(row, periods, date.today()):
            blocks.append(
                {
                    "id": f"{row.id}:{period.period_start}",
                    "period_start": period.period_start,
                    "period_end": period.period_end,
                    "registered_time": period.registered_minutes,
                    "minutes_remaining": period.minutes_remaining,
                    "time_registrations": [
                        registration(r)
                        for r in registrations
                        if r.period_start == period.period_start
                    ],
                }
            )
    # contract() answers what is left now, as the list does
    return {**contract(row, lookups), "contractPeriods": blocks}


@dataclass(frozen=True)
class Period:
    """One period of a contract with its registered and remaining minutes."""

    period_start: str
    period_end: str
    registered_minutes: int
    minutes_remaining: int


def contract_periods(row: Any, stored: list[Any], today: date) -> list[Period]:
    """Every period of a periodic contract from its start to today's (or its end),
    newest first: the read model keeps a row only for periods with time booked."""
    allowance = round(Decimal(row.quantity) * 60)
    found = {
        p.period_start: Period(
            p.period_start, p.period_end, p.registered_minutes, p.minutes_remaining
        )
        for p in stored
    }
    start = date.fromisoformat(row.start_date)
    last = today
    if row.end_date:
        last = min(last, date.fromisoformat(row.end_date))
    index = 0
    months = DOMAIN_PERIOD_MONTHS[row.period]
    while (begin := add_months(start, index * months)) <= last:
        end = add_months(start, (index + 1) * months) - timedelta(days=1)
        key = begin.isoformat()
        if key not in found:
            found[key] = Period(key, end.isoformat(), 0, allowance)
        index += 1
    return sorted(found.values(), key=lambda p: p.period_start, reverse=True)


def subscription(row: Any, lookups: Lookups) -> dict[str, Any]:
    """A subscription list row."""
    return {
        "id": row.id,
        "description": row.description,
        **_parties(row),
        "total": amount(row.total),
        "mrr": amount(row.mrr),
        "period": row.period,
        "period_label": PERIOD_LABELS.get(row.period, row.period),
        "periods": PERIOD_MONTHS.get(row.period),
        "billing_start_date": row.billing_start_date,
        **billing(row, date.today()),
        "termination_date": row.termination_date,
        "direct_debit": bool(row.direct_debit),
        "updated_at": iso(row.updated_at),
        "created_at": iso(row.created_at),
    }


def billing(row: Any, today: date) -> dict[str, str | None]:
    """The subscription's period and next invoice date as of today.

    The read model moves them on when a period is billed; until then they stay
    at the first unbilled period. A next invoice date already past is due now,
    so it reads today (the list's order by the stored date stays right), and the
    period shown is the one holding today (or the termination date, if sooner).
    """
    shown = {
        "start_period": row.start_period,
        "end_period": row.end_period,
        "next_billing_date": row.next_billing_date,
    }
    upcoming = row.next_billing_date
    if upcoming is None or upcoming >= today.isoformat():
        return shown
    moment = today
    if row.termination_date is not None:
        moment = min(moment, date.fromisoformat(row.termination_date))
    begin, end = period_bounds(
        date.fromisoformat(row.billing_start_date), row.period, moment
    )
    shown["start_period"] = begin.isoformat()
    shown["end_period"] = end.isoformat()
    shown["next_billing_date"] = today.isoformat()
    return shown


def subscription_detail(
    row: Any, lookups: Lookups, connection: Connection
) -> dict[str, Any]:
    """A subscription with its lines."""
    return {**subscription(row, lookups), "lines": [_line(x) for x in row.lines or []]}


def asset(row: Any, lookups: Lookups) -> dict[str, Any]:
    """An asset list row."""
    categories = [
        lookups.labelled("asset_categories", i) for i in row.category_ids or []
    ]
    return {
        "id": row.id,
        "name": row.name,
        "description": row.description,
        "serial_number": row.serial_number,
        "tracking_number": row.tracking_number,
        "warranty_until": row.warranty_until,
        **_parties(row),
        "location": party(row.location_id, row.location_name),
        "categories": [c for c in categories if c is not None],
        "status_id": row.status_id,
        "updated_at": iso(row.updated_at),
        "created_at": iso(row.created_at),
    }


def asset_detail(
    row: Any, lookups: Lookups, connection: Connection, client_view: bool
) -> dict[str, Any]:
    """An asset with its client-visible messages."""
    return {
        **asset(row, lookups),
        "messages": thread(connection, row.tenant_id, row.id, client_view),
    }


def invoice(row: Any, lookups: Lookups) -> dict[str, Any]:
    """An invoice in the version 2 list shape."""
    return {
        "id": row.id,
        "InvoiceCode": row.code,
        "ReferenceNumber": row.reference_number,
        "AmountIncl": amount(row.amount_incl),
        "Date": row.date,
        "Status": status_or_default(row.status_id),
        "ViewURL": f"/api/invoices/{row.id}/download",
        # what the operator list shows: a draft until external_id is set
        "number": row.number,
        "code": row.code,
        "reference_number": row.reference_number,
        "external_id": row.external_id,
        "is_draft": row.external_id is None,
        "status": None if row.external_id is None else status_or_default(row.status_id),
        "status_label": invoice_status_label(row.external_id, row.status_id),
        "company": party(row.company_id, row.company_name),
        "client": party(row.client_id, row.client_name, "full_name"),
        "date": row.date,
        "total": amount(row.amount_incl),
        "amount_excl": amount(row.amount_excl),
        "amount_incl": amount(row.amount_incl),
        "updated_at": iso(row.updated_at),
        "created_at": iso(row.created_at),
    }


INVOICE_STATUS_LABELS = {
    1: "Sent",
    2: "Outstanding",
    3: "Outstanding",
    4: "Paid",
    8: "Credit invoice",
    9: "Expired",
}


def invoice_status_label(external_id: str | None, status_id: int | None) -> str:
    """The invoice's state in words: Draft until invoiced, then its status."""
    if external_id is None:
        return "Draft"
    return INVOICE_STATUS_LABELS[status_or_default(status_id)]


LIST_ROWS = {
    "tickets": ticket,
    "quotes": quote,
    "contracts": contract,
    "subscriptions": subscription,
    "assets": asset,
    "invoices": invoice,
}
