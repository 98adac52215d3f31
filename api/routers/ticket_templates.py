"""Ticket templates: tickets kept as a model for new ones, for operators only."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query
from sqlalchemy import select

from api.actions import tickets as actions
from api.deps import ServicesDep, User, staff
from api.listing import page_args, page_of
from api.models.tickets import Ids, OperatorTicket, TicketIn
from api.present.common import Lookups
from api.present.rows import ticket
from api.present.tickets import operator_view, ticket_row
from api.schemas import Message, Page, TicketRow
from projections import tables as t

router = APIRouter(prefix="/ticket-templates", tags=["ticket-templates"])


@router.get("", response_model=Page[TicketRow], name="list")
def index(
    svc: ServicesDep,
    user: User = staff("ticket-templates.index"),
    search: str | None = Query(None, max_length=100),
    page: int | None = None,
    per_page: int | None = None,
) -> dict[str, Any]:
    """Ticket templates by description."""
    number, size = page_args(page, per_page)
    c = t.tickets.c
    query = select(t.tickets).where(
        c.tenant_id == user.tenant_id, c.is_template.is_(True), c.deleted.is_(False)
    )
    if search:
        query = query.where(c.search.contains(search.strip().lower()))
    with svc.engine.connect() as connection:
        lookups = Lookups(connection, user.tenant_id)
        return page_of(
            connection,
            query.order_by(c.description, c.id),
            lambda row: ticket(row, lookups),
            number,
            size,
        )


@router.post("", response_model=OperatorTicket, status_code=201, name="create")
def create(
    body: TicketIn, svc: ServicesDep, user: User = staff("ticket-templates.store")
) -> dict[str, Any]:
    """A new template with any ticket field."""
    ticket_id = actions.open_as_operator(svc, user, body, template=True)
    return operator_view(svc.engine, user.tenant_id, ticket_id)


@router.post("/merge", response_model=OperatorTicket, name="merge")
def merge(
    body: Ids, svc: ServicesDep, user: User = staff("ticket-templates.update")
) -> dict[str, Any]:
    """Merge the templates into the first id."""
    for ticket_id in body.ids:
        ticket_row(svc.engine, user.tenant_id, ticket_id, template=True)
    survivor = svc.domain.tickets.merge(user.tenant_id, user.id, body.ids)
    svc.settle()
    return operator_view(svc.engine, user.tenant_id, survivor)


@router.get("/{ticket_id}", response_model=OperatorTicket, name="show")
def show(
    ticket_id: str, svc: ServicesDep, user: User = staff("ticket-templates.show")
) -> dict[str, Any]:
    """One template with every field."""
    ticket_row(svc.engine, user.tenant_id, ticket_id, template=True)
    return operator_view(svc.engine, user.tenant_id, ticket_id)


@router.put("/{ticket_id}", response_model=OperatorTicket, name="update")
def update(
    ticket_id: str,
    body: TicketIn,
    svc: ServicesDep,
    user: User = staff("ticket-templates.update"),
) -> dict[str, Any]:
    """Change the fields sent; a stale version is refused with 409."""
    current = ticket_row(svc.engine, user.tenant_id, ticket_id, template=True)
    actions.update_as_operator(svc, user, current, body)
    return operator_view(svc.engine, user.tenant_id, ticket_id)


@router.post(
    "/{ticket_id}/clone",
    response_model=OperatorTicket,
    status_code=201,
    name="clone",
)
def clone(
    ticket_id: str, svc: ServicesDep, user: User = staff("ticket-templates.store")
) -> dict[str, Any]:
    """A new template with the fields of this one."""
    ticket_row(svc.engine, user.tenant_id, ticket_id, template=True)
    clone_id = svc.domain.tickets.clone(user.tenant_id, user.id, ticket_id)
    svc.settle()
    return operator_view(svc.engine, user.tenant_id, clone_id)


@router.post("/{ticket_id}/restore", response_model=OperatorTicket, name="restore")
def restore(
    ticket_id: str, svc: ServicesDep, user: User = staff("ticket-templates.update")
) -> dict[str, Any]:
    """Bring a deleted template back."""
    ticket_row(svc.engine, user.tenant_id, ticket_id, template=True)
    svc.domain.tickets.restore(user.tenant_id, user.id, ticket_id)
    svc.settle()
    return operator_view(svc.engine, user.tenant_id, ticket_id)


@router.delete("/{ticket_id}", response_model=Message, name="delete")
def delete(
    ticket_id: str, svc: ServicesDep, user: User = staff("ticket-templates.destroy")
) -> dict[str, str]:
    """Move the template to the bin."""
    ticket_row(svc.engine, user.tenant_id, ticket_id, template=True)
    svc.domain.tickets.delete(user.tenant_id, user.id, ticket_id)
    svc.settle()
    return {"message": "Item verwijderd."}
