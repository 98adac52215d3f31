"""Time registrations, for operators: register, list the open ones, show, change,
remove, and (de)invoice."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter
from sqlalchemy import select

from api.actions import invoicing
from api.actions.tickets import parse_moment
from api.deps import ServicesDep, TenantDep, User, staff
from api.errors import invalid, not_found
from api.models.tickets import (
    Invoiced,
    TimeChange,
    TimeIds,
    TimeIn,
    TimeListRow,
    TimeRow,
)
from api.present.tickets import time_row
from api.records import check_references, one
from api.schemas import Message
from domain.use_cases.timekeeping import ChangeTime, RegisterTime
from projections import tables as t

router = APIRouter(prefix="/time-registrations", tags=["time-registrations"])
HHMM = re.compile(r"^(\d{1,2}):([0-5]\d)$")


def minutes_of(value: int | str | None) -> int:
    """hh:mm or a plain number of minutes as minutes."""
    if value is None or value == "":
        raise invalid("minutes", "The minutes field is required.")
    text = str(value).strip()
    match = HHMM.match(text)
    if match:
        return int(match.group(1)) * 60 + int(match.group(2))
    if text.isdigit():
        return int(text)
    raise invalid("minutes", "Enter the time as hh:mm or a number of minutes.")


def _rows(svc: Any, tenant_id: str, **where: Any) -> list[Any]:
    r = t.time_registrations
    query = select(r).where(r.c.tenant_id == tenant_id)
    for name, value in where.items():
        if value:
            query = query.where(r.c[name] == value)
    with svc.engine.connect() as connection:
        return list(connection.execute(query.order_by(r.c.executed_at.desc(), r.c.id)))


@router.get("/open", response_model=list[TimeRow], name="open")
def open_time(
    svc: ServicesDep,
    user: User = staff("time-registrations.index"),
    ticket_id: str | None = None,
    contract_id: str | None = None,
) -> list[dict[str, Any]]:
    """Time not yet on an invoice, newest first."""
    on = invoicing.invoiced_sources(svc, user.tenant_id)
    rows = _rows(svc, user.tenant_id, ticket_id=ticket_id, contract_id=contract_id)
    return [time_row(r) for r in rows if ("time_registration", r.id) not in on]


@router.get("", response_model=list[TimeListRow], name="list")
def index(
    svc: ServicesDep,
    user: User = staff("time-registrations.index"),
    ticket_id: str | None = None,
    contract_id: str | None = None,
) -> list[dict[str, Any]]:
    """Time registrations, newest first, with their invoice if any."""
    on = invoicing.invoiced_sources(svc, user.tenant_id)
    rows = _rows(svc, user.tenant_id, ticket_id=ticket_id, contract_id=contract_id)
    shaped = []
    for row in rows:
        invoice = on.get(("time_registration", row.id))
        shaped.append({**time_row(row), "invoice_id": invoice.id if invoice else None})
    return shaped


@router.post("", response_model=TimeRow, status_code=201, name="create")
def create(
    body: TimeIn, svc: ServicesDep, user: User = staff("time-registrations.store")
) -> dict[str, Any]:
    """Register time on a ticket, booked on a contract when one is named."""
    one(svc.engine, t.tickets, user.tenant_id, body.ticket_id)
    check_references(svc.engine, user.tenant_id, body.model_dump())
    minutes = minutes_of(body.minutes if body.minutes is not None else body.time_spent)
    if body.contract_id:
        contract = one(svc.engine, t.contracts, user.tenant_id, body.contract_id)
        ticket = one(svc.engine, t.tickets, user.tenant_id, body.ticket_id)
        if ticket.company_id and contract.company_id != ticket.company_id:
            raise invalid("contract_id", "The contract is not of the ticket's company.")
    executed_at = parse_moment(body.executed_at, "executed_at") or datetime.now(UTC)
    registration_id = svc.domain.time.register(
        user.tenant_id,
        user.id,
        body.ticket_id,
        RegisterTime(
            minutes=minutes,
            executed_at=executed_at,
            operator_id=body.operator_id,
            activity_id=body.activity_id,
            description=body.description.strip(),
            contract_id=body.contract_id,
        ),
    )
    svc.settle()
    return time_row(
        one(svc.engine, t.time_registrations, user.tenant_id, registration_id)
    )


def _shown(svc: Any, tenant_id: str, registration_id: str) -> dict[str, Any]:
    row = one(svc.engine, t.time_registrations, tenant_id, registration_id)
    invoice = invoicing.invoiced_sources(svc, tenant_id).get(
        ("time_registration", row.id)
    )
    return {**time_row(row), "invoice_id": invoice.id if invoice else None}


@router.get("/{registration_id}", response_model=TimeListRow, name="show")
def show(
    registration_id: str,
    svc: ServicesDep,
    user: User = staff("time-registrations.index"),
) -> dict[str, Any]:
    """One registration with its version and its invoice if any."""
    return _shown(svc, user.tenant_id, registration_id)


@router.put("/{registration_id}", response_model=TimeListRow, name="update")
def update(
    registration_id: str,
    body: TimeChange,
    svc: ServicesDep,
    user: User = staff("time-registrations.update"),
) -> dict[str, Any]:
    """Change the fields sent; a stale version is refused with 409, time on an
    invoice with 409 until it is taken off."""
    row = one(svc.engine, t.time_registrations, user.tenant_id, registration_id)
    sent = body.model_fields_set
    changes: dict[str, Any] = {}
    for field in ("minutes", "time_spent"):
        if field in sent:
            changes["minutes"] = minutes_of(getattr(body, field))
    if "executed_at" in sent:
        moment = parse_moment(body.executed_at, "executed_at")
        if moment is None:
            raise invalid("executed_at", "The executed_at field is required.")
        changes["executed_at"] = moment
    if "description" in sent:
        changes["description"] = (body.description or "").strip()
    for field in ("activity_id", "contract_id", "operator_id"):
        if field in sent:
            changes[field] = getattr(body, field)
    check_references(svc.engine, user.tenant_id, changes)
    if changes.get("operator_id"):
        operator = one(svc.engine, t.users, user.tenant_id, changes["operator_id"])
        if not operator.is_operator:
            raise invalid("operator_id", "The selected operator_id is invalid.")
    if changes.get("contract_id"):
        contract = one(svc.engine, t.contracts, user.tenant_id, changes["contract_id"])
        ticket = one(svc.engine, t.tickets, user.tenant_id, row.ticket_id)
        if ticket.company_id and contract.company_id != ticket.company_id:
            raise invalid("contract_id", "The contract is not of the ticket's company.")
    if "operator_id" in changes and changes["operator_id"] is None:
        changes["operator_id"] = user.id
    svc.domain.time.change(
        user.tenant_id,
        user.id,
        row.ticket_id,
        registration_id,
        ChangeTime(**changes),
        expected_version=body.version,
    )
    svc.settle()
    return _shown(svc, user.tenant_id, registration_id)


@router.delete("/{registration_id}", response_model=Message, name="delete")
def delete(
    registration_id: str,
    svc: ServicesDep,
    user: User = staff("time-registrations.destroy"),
) -> dict[str, str]:
    """Take back a registration that is not on an invoice."""
    row = one(svc.engine, t.time_registrations, user.tenant_id, registration_id)
    if ("time_registration", row.id) in invoicing.invoiced_sources(svc, user.tenant_id):
        raise invalid("id", "Take the time off its invoice first.")
    svc.domain.time.remove(user.tenant_id, user.id, row.ticket_id, registration_id)
    svc.settle()
    return {"message": "Item verwijderd."}


@router.post("/invoice", response_model=Invoiced, name="invoice")
def invoice(
    body: TimeIds,
    svc: ServicesDep,
    tenant: TenantDep,
    user: User = staff("time-registrations.update", "invoices.update"),
) -> dict[str, Any]:
    """Put the registrations on their company's draft invoice, one line each."""
    on = invoicing.invoiced_sources(svc, user.tenant_id)
    rate = invoicing.hourly_rate(tenant)
    items = []
    for registration_id in body.ids:
        row = one(svc.engine, t.time_registrations, user.tenant_id, registration_id)
        if ("time_registration", row.id) in on:
            raise invalid("ids", "The time is already on an invoice.")
        ticket = one(svc.engine, t.tickets, user.tenant_id, row.ticket_id)
        text = row.description or row.ticket_description
        line = {
            "description": f"{row.ticket_reference} {text}",
            "quantity": f"{row.minutes / 60:.2f}",
            "price": rate,
            "source": {"type": "time_registration", "id": row.id},
        }
        items.append((ticket.company_id, ticket.client_id, line))
    touched = invoicing.add_lines(svc, user, items)
    return {"message": invoicing.ADDED, "invoice_ids": touched}


@router.post("/deinvoice", response_model=Invoiced, name="deinvoice")
def deinvoice(
    body: TimeIds,
    svc: ServicesDep,
    user: User = staff("time-registrations.update", "invoices.update"),
) -> dict[str, Any]:
    """Take the registrations off their draft invoices."""
    for registration_id in body.ids:
        if not _rows(svc, user.tenant_id, id=registration_id):
            raise not_found()
    touched = invoicing.remove_sources(svc, user, "time_registration", body.ids)
    return {"message": invoicing.REMOVED, "invoice_ids": touched}
