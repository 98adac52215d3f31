"""Tickets for both audiences: the list, a ticket, a new ticket, and the
operator's edits (update with a version, merge, clone, bin and restore).

A client sees its companies' tickets with their client-visible thread and opens
tickets for itself; an operator opens tickets with any field and edits them.
"""

from __future__ import annotations

from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Request, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import Field

from api.actions import tickets as actions
from api.body import read_body
from api.deps import ServicesDep, TenantDep, User, require, staff
from api.errors import denied
from api.listing import find_in
from api.models.tickets import (
    OperatorTicket,
    PortalTicketIn,
    TicketIn,
    validated,
)
from api.present.common import Lookups
from api.present.encode import deep_order
from api.present.rows import ticket_detail
from api.present.tickets import operator_view
from api.routers.lists import add_detail, add_list
from api.routers.ticket_edits import add_ticket_edits
from api.schemas import TicketDetail, TicketRow

router = APIRouter(prefix="/tickets", tags=["tickets"])

# an operator is answered the full ticket, a client its own view of it
AnyTicket = Annotated[OperatorTicket | TicketDetail, Field(union_mode="left_to_right")]
DETAIL_ORDER = deep_order(TicketDetail)


def _detail(row: Any, user: User, lookups: Lookups) -> dict[str, Any]:
    return ticket_detail(row, lookups, lookups.connection, user.is_client)


add_list(
    router,
    "tickets",
    TicketRow,
    "Tickets, newest change first by default.",
    encoded=True,
)

CREATE_BODY = {
    "requestBody": {
        "content": {
            "application/json": {
                "schema": {
                    "anyOf": [
                        TicketIn.model_json_schema(),
                        PortalTicketIn.model_json_schema(),
                    ]
                }
            },
            "multipart/form-data": {"schema": PortalTicketIn.model_json_schema()},
        }
    }
}


async def create(
    request: Request, svc: ServicesDep, tenant: TenantDep, user: User = require()
) -> Any:
    """Open a ticket.

    A client (tickets.create) opens one for itself and its company with a first
    message and files; the fields the tenant requires for the portal must be
    filled. An operator (tickets.store) opens one with any field and a status;
    every record it names must be of the tenant and fit the company.
    """
    values, uploads = await read_body(request)
    if user.is_client:
        if not user.can("tickets.create"):
            raise denied()
        validated(
            PortalTicketIn, {**values, "description": values.get("description") or ""}
        )

        def work() -> Response:
            ticket_id = actions.create(svc, tenant, user, values, uploads)
            # reads only, each statement on its own: no transaction around them
            with svc.reader.connect() as connection:
                row = find_in(connection, "tickets", user, ticket_id)
                lookups = Lookups(connection, user.tenant_id, svc.cache)
                body = ticket_detail(row, lookups, connection, user.is_client)
            # encoded as GET /tickets/{id} encodes it: no pass through the model
            return Response(
                orjson.dumps(DETAIL_ORDER(body)),
                status_code=201,
                media_type="application/json",
            )

        return await run_in_threadpool(work)
    if not user.can("tickets.store"):
        raise denied()
    body = validated(TicketIn, values)

    def open_ticket() -> dict[str, Any]:
        ticket_id = actions.open_as_operator(svc, user, body, template=False)
        return operator_view(svc.engine, user.tenant_id, ticket_id)

    return await run_in_threadpool(open_ticket)


# POST /tickets is the portal's path, /tickets/open the operator workspace's:
# both screens call it today, so both lead to the one handler; /open stays
# closed to clients, as it always was
for path, name, guard in (("", "create", []), ("/open", "open", [staff()])):
    router.add_api_route(
        path,
        create,
        methods=["POST"],
        status_code=201,
        name=name,
        response_model=AnyTicket,
        openapi_extra=CREATE_BODY,
        summary="Open a ticket",
        dependencies=guard,
    )


add_ticket_edits(router, "tickets", False, ("/{ticket_id}/edit", "edit"))

add_detail(router, "tickets", TicketDetail, _detail, encoded=True)
