"""Ticket templates: tickets kept as a model for new ones, for operators only.
The list is the registry's (builder[...]); the edits are the tickets' own."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from sqlalchemy import ColumnElement

from api.actions import tickets as actions
from api.deps import ServicesDep, User, staff
from api.listing import builder_page
from api.models.tickets import OperatorTicket, TicketIn
from api.present.common import Lookups
from api.present.rows import ticket
from api.present.tickets import operator_view
from api.routers.ticket_edits import add_ticket_edits
from api.schemas import Page, TicketRow
from projections import tables as t

router = APIRouter(prefix="/ticket-templates", tags=["ticket-templates"])


@router.get("", response_model=Page[TicketRow], name="list")
def index(
    request: Request,
    svc: ServicesDep,
    user: User = staff("ticket-templates.index"),
    search: str | None = Query(None, max_length=100),
) -> dict[str, Any]:
    """Ticket templates by description under builder[...]; or by search."""
    c = t.tickets.c
    extra: list[ColumnElement[bool]] = []
    if search:
        extra.append(c.search.contains(search.strip().lower()))

    def shaped(rows: list[Any]) -> list[dict[str, Any]]:
        with svc.engine.connect() as connection:
            lookups = Lookups(connection, user.tenant_id)
            return [ticket(row, lookups) for row in rows]

    return builder_page(
        svc.engine,
        "ticket-templates",
        user.tenant_id,
        request.query_params.multi_items(),
        shaped,
        extra,
    )


@router.post("", response_model=OperatorTicket, status_code=201, name="create")
def create(
    body: TicketIn, svc: ServicesDep, user: User = staff("ticket-templates.store")
) -> dict[str, Any]:
    """A new template with any ticket field."""
    ticket_id = actions.open_as_operator(svc, user, body, template=True)
    return operator_view(svc.engine, user.tenant_id, ticket_id)


add_ticket_edits(router, "ticket-templates", True, ("/{ticket_id}", "show"))
