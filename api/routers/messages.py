"""Replies on a ticket (multipart, with files) and the files themselves."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from api.actions import tickets as actions
from api.actions.attachments import fetch
from api.body import read_body
from api.deps import ServicesDep, TenantDep, User, require
from api.errors import invalid, not_found
from api.present.messages import thread
from api.schemas import ThreadMessage

router = APIRouter(tags=["messages"])


class MessageIn(BaseModel):
    message: str = Field(
        description="Plain text: kept as sent and shown as text, never as HTML"
    )
    morphable_type: str = "Ticket"
    morphable_id: str


@router.post(
    "/messages",
    response_model=ThreadMessage,
    status_code=201,
    name="create",
    openapi_extra={
        "requestBody": {
            "content": {
                "multipart/form-data": {"schema": MessageIn.model_json_schema()}
            }
        }
    },
)
async def create(
    request: Request,
    svc: ServicesDep,
    tenant: TenantDep,
    user: User = require("messages.store"),
) -> dict[str, Any]:
    """Reply on a ticket the user may see, with up to ten files."""
    values, uploads = await read_body(request)
    if str(values.get("morphable_type") or "Ticket") != "Ticket":
        raise invalid("morphable_type", "Messages can be posted on tickets only.")
    ticket_id = str(values.get("morphable_id") or "")
    if not ticket_id:
        raise invalid("morphable_id", "The morphable_id field is required.")
    text = str(values.get("message") or "")

    def work() -> dict[str, Any]:
        message_id = actions.reply(svc, tenant, user, ticket_id, text, uploads)
        with svc.engine.connect() as connection:
            found = thread(connection, tenant.id, ticket_id, user.is_client, message_id)
        if not found:
            raise not_found()
        return found[0]

    return await run_in_threadpool(work)


@router.get(
    "/attachments/{attachment_id}/{token}",
    name="download",
    response_class=FileResponse,
    tags=["messages"],
)
def download(
    attachment_id: str, token: str, svc: ServicesDep, tenant: TenantDep
) -> FileResponse:
    """An attached file; its unguessable token is the key, as links carry no header."""
    row = fetch(svc.engine, tenant.id, attachment_id, token)
    return FileResponse(row.path, media_type=row.content_type, filename=row.name)
