"""The operator's edits of a ticket or a template, one set of routes for both:
merge, show with every field, update with a version, clone, restore and bin."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from api.actions import tickets as actions
from api.deps import ServicesDep, User, staff
from api.models.tickets import Ids, OperatorTicket, TicketIn
from api.present.tickets import operator_view, ticket_row
from api.schemas import Message


def add_ticket_edits(
    router: APIRouter, route: str, template: bool, show: tuple[str, str]
) -> None:
    """Add the edits to a router of tickets (template False) or templates; show
    is the (path, name) of the full view: tickets answer their portal detail
    on /{id}, so theirs is /{id}/edit."""
    noun = "template" if template else "ticket"
    show_path, show_name = show

    def found(svc: Any, user: User, ticket_id: str) -> Any:
        return ticket_row(svc.engine, user.tenant_id, ticket_id, template=template)

    @router.post(
        "/merge",
        response_model=OperatorTicket,
        description=f"Merge the {noun}s into the first id; their threads move there.",
        name="merge",
    )
    def merge(
        body: Ids, svc: ServicesDep, user: User = staff(f"{route}.update")
    ) -> dict[str, Any]:
        for ticket_id in body.ids:
            found(svc, user, ticket_id)
        survivor = svc.domain.tickets.merge(user.tenant_id, user.id, body.ids)
        svc.settle()
        return operator_view(svc.engine, user.tenant_id, survivor)

    @router.get(
        show_path,
        response_model=OperatorTicket,
        description=f"One {noun} with every field, internal notes and version.",
        name=show_name,
    )
    def edit(
        ticket_id: str, svc: ServicesDep, user: User = staff(f"{route}.show")
    ) -> dict[str, Any]:
        found(svc, user, ticket_id)
        return operator_view(svc.engine, user.tenant_id, ticket_id)

    @router.put("/{ticket_id}", response_model=OperatorTicket, name="update")
    def update(
        ticket_id: str,
        body: TicketIn,
        svc: ServicesDep,
        user: User = staff(f"{route}.update"),
    ) -> dict[str, Any]:
        """Change the fields sent; a stale version is refused with 409."""
        actions.update_as_operator(svc, user, found(svc, user, ticket_id), body)
        return operator_view(svc.engine, user.tenant_id, ticket_id)

    @router.post(
        "/{ticket_id}/clone",
        response_model=OperatorTicket,
        status_code=201,
        description=f"A new {noun} with the fields of this one.",
        name="clone",
    )
    def clone(
        ticket_id: str, svc: ServicesDep, user: User = staff(f"{route}.store")
    ) -> dict[str, Any]:
        found(svc, user, ticket_id)
        clone_id = svc.domain.tickets.clone(user.tenant_id, user.id, ticket_id)
        svc.settle()
        return operator_view(svc.engine, user.tenant_id, clone_id)

    @router.post(
        "/{ticket_id}/restore",
        response_model=OperatorTicket,
        description=f"Bring a deleted {noun} back.",
        name="restore",
    )
    def restore(
        ticket_id: str, svc: ServicesDep, user: User = staff(f"{route}.update")
    ) -> dict[str, Any]:
        found(svc, user, ticket_id)
        svc.domain.tickets.restore(user.tenant_id, user.id, ticket_id)
        svc.settle()
        return operator_view(svc.engine, user.tenant_id, ticket_id)

    @router.delete(
        "/{ticket_id}",
        response_model=Message,
        description=f"Move the {noun} to the bin; restore brings it back.",
        name="delete",
    )
    def delete(
        ticket_id: str, svc: ServicesDep, user: User = staff(f"{route}.destroy")
    ) -> dict[str, str]:
        found(svc, user, ticket_id)
        svc.domain.tickets.delete(user.tenant_id, user.id, ticket_id)
        svc.settle()
        return {"message": "Item verwijderd."}
