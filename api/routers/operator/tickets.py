"""Tickets and ticket templates: open, update with a version, merge, clone, bin."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field
from sqlalchemy import select

from api.deps import ServicesDep, User, staff
from api.errors import invalid, not_found
from api.operator.paging import page_args, page_of
from api.operator.records import one
from api.operator.references import check_references
from api.operator.tickets import operator_ticket, parse_moment
from api.present.common import Lookups
from api.present.rows import ticket
from api.schemas import Message
from projections import tables as t


class TicketIn(BaseModel):
    description: str | None = Field(None, max_length=250)
    status_id: int | None = None
    client_id: str | None = None
    company_id: str | None = None
    priority_id: int | None = None
    category_id: int | None = None
    ticket_type_id: int | None = None
    source_id: int | None = None
    sla_id: int | None = None
    ticket_group_id: str | None = None
    location_id: str | None = None
    operator_id: str | None = None
    scheduled_at: str | None = None
    original_email_from: str | None = Field(None, max_length=254)
    custom_values: dict[str, Any] | None = None
    version: int | None = Field(None, description="the version the editor loaded")


class Ids(BaseModel):
    ids: list[str] = Field(min_length=2, max_length=100)


def _fields(body: TicketIn, unset: bool) -> dict[str, Any]:
    fields = body.model_dump(exclude_unset=unset, exclude={"version", "status_id"})
    if not unset:
        fields = {k: v for k, v in fields.items() if v is not None}
    if "scheduled_at" in fields:
        fields["scheduled_at"] = parse_moment(fields["scheduled_at"], "scheduled_at")
    return fields


def _row(svc: Any, user: User, ticket_id: str, template: bool | None) -> Any:
    row = one(svc.engine, t.tickets, user.tenant_id, ticket_id)
    if template is not None and bool(row.is_template) != template:
        raise not_found()
    return row


def _full(
    svc: Any, user: User, ticket_id: str, template: bool | None
) -> dict[str, Any]:
    row = _row(svc, user, ticket_id, template)
    with svc.engine.connect() as connection:
        return operator_ticket(connection, row)


def ticket_router(route: str, template: bool) -> APIRouter:
    """Write routes of /tickets, or every route of /ticket-templates."""
    router = APIRouter(prefix=f"/{route}", tags=[f"operator-{route}"])
    create_path = "" if template else "/open"
    show_path = "/{ticket_id}" if template else "/{ticket_id}/edit"

    if template:

        @router.get("", name="list")
        def index(
            svc: ServicesDep,
            user: User = staff(f"{route}.index"),
            search: str | None = Query(None, max_length=100),
            page: int | None = None,
            per_page: int | None = None,
        ) -> dict[str, Any]:
            """Ticket templates by description."""
            number, size = page_args(page, per_page)
            c = t.tickets.c
            query = select(t.tickets).where(
                c.tenant_id == user.tenant_id,
                c.is_template.is_(True),
                c.deleted.is_(False),
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

    @router.post(create_path, status_code=201, name="create")
    def create(
        body: TicketIn, svc: ServicesDep, user: User = staff(f"{route}.store")
    ) -> dict[str, Any]:
        """Open a ticket (or template) with any fields and a status."""
        fields = _fields(body, unset=False)
        check_references(svc.engine, user.tenant_id, body.model_dump())
        if body.status_id is not None:
            fields["status_id"] = body.status_id
        if template:
            fields["is_template"] = True
        ticket_id = svc.domain.open_ticket(user.tenant_id, user.id, fields)
        svc.settle()
        return _full(svc, user, ticket_id, template)

    @router.post("/merge", name="merge")
    def merge(
        body: Ids, svc: ServicesDep, user: User = staff(f"{route}.update")
    ) -> dict[str, Any]:
        """Merge the tickets into the first id; their threads move there."""
        for ticket_id in body.ids:
            _row(svc, user, ticket_id, template)
        survivor = svc.domain.merge_tickets(user.tenant_id, user.id, body.ids)
        svc.settle()
        return _full(svc, user, survivor, template)

    @router.get(show_path, name="show")
    def show(
        ticket_id: str, svc: ServicesDep, user: User = staff(f"{route}.show")
    ) -> dict[str, Any]:
        """Everything of one ticket, internal notes and version included."""
        return _full(svc, user, ticket_id, template)

    @router.put("/{ticket_id}", name="update")
    def update(
        ticket_id: str,
        body: TicketIn,
        svc: ServicesDep,
        user: User = staff(f"{route}.update"),
    ) -> dict[str, Any]:
        """Change fields and status; a stale version is refused with 409."""
        _row(svc, user, ticket_id, template)
        changes = _fields(body, unset=True)
        check_references(
            svc.engine, user.tenant_id, body.model_dump(exclude_unset=True)
        )
        if "description" in changes and not changes["description"]:
            raise invalid("description", "The description field is required.")
        if body.status_id is not None:
            changes["status_id"] = body.status_id
        svc.domain.update_ticket(
            user.tenant_id, user.id, ticket_id, changes, expected_version=body.version
        )
        svc.settle()
        return _full(svc, user, ticket_id, template)

    @router.post("/{ticket_id}/clone", status_code=201, name="clone")
    def clone(
        ticket_id: str, svc: ServicesDep, user: User = staff(f"{route}.store")
    ) -> dict[str, Any]:
        """A new ticket with the fields of this one."""
        _row(svc, user, ticket_id, template)
        clone_id = svc.domain.clone_ticket(user.tenant_id, user.id, ticket_id)
        svc.settle()
        return _full(svc, user, clone_id, template)

    @router.post("/{ticket_id}/restore", name="restore")
    def restore(
        ticket_id: str, svc: ServicesDep, user: User = staff(f"{route}.update")
    ) -> dict[str, Any]:
        """Bring a deleted ticket back."""
        _row(svc, user, ticket_id, template)
        svc.domain.restore_ticket(user.tenant_id, user.id, ticket_id)
        svc.settle()
        return _full(svc, user, ticket_id, template)

    @router.delete("/{ticket_id}", response_model=Message, name="delete")
    def delete(
        ticket_id: str, svc: ServicesDep, user: User = staff(f"{route}.destroy")
    ) -> dict[str, str]:
        """Move the ticket to the bin; restore brings it back."""
        _row(svc, user, ticket_id, template)
        svc.domain.delete_ticket(user.tenant_id, user.id, ticket_id)
        svc.settle()
        return {"message": "Item verwijderd."}

    return router


tickets = ticket_router("tickets", template=False)
templates = ticket_router("ticket-templates", template=True)
