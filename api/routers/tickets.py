"""Tickets: the list, a ticket with its client-visible thread, and a new ticket."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, Field

from api.actions import tickets as actions
from api.body import read_body
from api.deps import ServicesDep, TenantDep, User, require
from api.listing import find
from api.present.common import Lookups
from api.present.rows import ticket_detail
from api.routers.lists import add_detail, add_list
from api.schemas import TicketDetail, TicketRow

router = APIRouter(prefix="/tickets", tags=["tickets"])


class TicketIn(BaseModel):
    description: str = Field(max_length=250)
    message: str | None = None
    priority_id: int | None = None
    category_id: int | None = None
    ticket_type_id: int | None = None
    custom_values: dict[str, Any] | None = None


def _detail(row: Any, user: User, connection: Any) -> dict[str, Any]:
    return ticket_detail(
        row, Lookups(connection, user.tenant_id), connection, user.is_client
    )


add_list(router, "tickets", TicketRow, "Tickets, newest change first by default.")


@router.post(
    "",
    response_model=TicketDetail,
    status_code=201,
    name="create",
    openapi_extra={
        "requestBody": {
            "content": {
                "application/json": {"schema": TicketIn.model_json_schema()},
                "multipart/form-data": {"schema": TicketIn.model_json_schema()},
            }
        }
    },
)
async def create(
    request: Request,
    svc: ServicesDep,
    tenant: TenantDep,
    user: User = require("tickets.create"),
) -> dict[str, Any]:
    """Open a ticket; fields the tenant requires for the portal must be filled."""
    values, uploads = await read_body(request)

    def work() -> dict[str, Any]:
        ticket_id = actions.create(svc, tenant, user, values, uploads)
        # reads only, each statement on its own: no transaction around them
        row = find(svc.reader, "tickets", user, ticket_id)
        with svc.reader.connect() as connection:
            lookups = Lookups(connection, user.tenant_id, svc.cache)
            return ticket_detail(row, lookups, connection, user.is_client)

    return await run_in_threadpool(work)


add_detail(router, "tickets", TicketDetail, _detail)
