"""Operator messages (replies and internal notes), inline images, notifications."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel
from sqlalchemy import select, update

from api.actions.attachments import store
from api.body import flag, read_body
from api.deps import ServicesDep, TenantDep, User, staff
from api.errors import invalid, not_found
from api.operator import messages as actions
from api.operator.tables import notifications
from api.operator.tickets import operator_thread
from api.present.common import iso
from api.present.messages import attachment_json
from api.schemas import Message
from projections.api_tables import attachments

router = APIRouter(tags=["operator-messages"])


class MessageChanges(BaseModel):
    message: str | None = None
    visible_to_client: bool | int | None = None
    description: str | None = None


def _one(svc: Any, tenant_id: str, object_id: str, message_id: str) -> dict[str, Any]:
    with svc.engine.connect() as connection:
        found = [
            m
            for m in operator_thread(connection, tenant_id, object_id)
            if m["id"] == message_id
        ]
    if not found:
        raise not_found()
    return found[0]


MESSAGE_FORM = {
    "type": "object",
    "required": ["message", "morphable_type", "morphable_id"],
    "properties": {
        "message": {"type": "string", "description": "HTML; sanitised on the way in"},
        "is_from_client": {"type": "integer", "enum": [0, 1]},
        "visible_to_client": {"type": "integer", "enum": [0, 1]},
        "morphable_type": {"type": "string", "enum": ["Ticket", "Asset"]},
        "morphable_id": {"type": "string"},
        "description": {"type": "string"},
        "activity_id": {"type": "integer"},
        "attachment_ids[]": {"type": "array", "items": {"type": "string"}},
        "action": {
            "type": "string",
            "description": "a status id to move the ticket to",
        },
        "file[0]": {"type": "string", "format": "binary"},
    },
}
ATTACHMENT_FORM = {
    "type": "object",
    "required": ["file"],
    "properties": {
        "file": {"type": "string", "format": "binary"},
        "is_embedded": {"type": "integer", "enum": [0, 1]},
        "message_id": {"type": "string"},
    },
}


def _multipart(schema: dict[str, Any]) -> dict[str, Any]:
    return {
        "requestBody": {
            "required": True,
            "content": {"multipart/form-data": {"schema": schema}},
        }
    }


@router.post(
    "/messages/store",
    status_code=201,
    name="messages-create",
    openapi_extra=_multipart(MESSAGE_FORM),
)
async def create(
    request: Request,
    svc: ServicesDep,
    tenant: TenantDep,
    user: User = staff("messages.store"),
) -> dict[str, Any]:
    """Post a reply (sent to the client) or an internal note, as form data."""
    values, uploads = await read_body(request)

    def work() -> dict[str, Any]:
        message_id, object_id = actions.post(svc, tenant, user, values, uploads)
        return _one(svc, tenant.id, object_id, message_id)

    return await run_in_threadpool(work)


@router.get("/messages/{message_id}", name="messages-show")
def show(
    message_id: str, svc: ServicesDep, user: User = staff("messages.index")
) -> dict[str, Any]:
    """One message with its mentions and attachments."""
    row = actions.message_row(svc, user.tenant_id, message_id)
    return _one(svc, user.tenant_id, row.morphable_id, message_id)


@router.put("/messages/{message_id}", name="messages-update")
def change(
    message_id: str,
    body: MessageChanges,
    svc: ServicesDep,
    user: User = staff("messages.update"),
) -> dict[str, Any]:
    """Change only the fields sent."""
    row = actions.edit(svc, user, message_id, body.model_dump(exclude_unset=True))
    return _one(svc, user.tenant_id, row.morphable_id, message_id)


@router.delete("/messages/{message_id}", response_model=Message, name="messages-delete")
def delete(
    message_id: str, svc: ServicesDep, user: User = staff("messages.destroy")
) -> dict[str, str]:
    """Delete a message from its thread."""
    actions.remove(svc, user, message_id)
    return {"message": "Item verwijderd."}


@router.post(
    "/attachments",
    status_code=201,
    name="attachments-create",
    openapi_extra=_multipart(ATTACHMENT_FORM),
)
async def upload(
    request: Request,
    svc: ServicesDep,
    tenant: TenantDep,
    user: User = staff("messages.store"),
) -> dict[str, Any]:
    """Store one file (an inline editor image when is_embedded); answers id and url."""
    values, uploads = await read_body(request)
    if len(uploads) != 1:
        raise invalid("file", "Send exactly one file.")
    message_id = str(values.get("message_id") or "")

    def work() -> dict[str, Any]:
        if message_id:
            actions.message_row(svc, tenant.id, message_id)
        (attachment_id,) = store(
            svc.engine, svc.settings.upload_dir, tenant.id, user.id, uploads
        )
        a = attachments
        with svc.engine.connect() as connection:
            row = connection.execute(select(a).where(a.c.id == attachment_id)).one()
        return {
            **attachment_json(row),
            "is_embedded": flag(values, "is_embedded", False),
            "message_id": message_id or None,
        }

    return await run_in_threadpool(work)


def _notification(row: Any) -> dict[str, Any]:
    return {
        "id": row.id,
        "kind": row.kind,
        "text": row.text,
        "actor_id": row.actor_id,
        "message_id": row.message_id,
        "morphable_type": row.morphable_type,
        "morphable_id": row.morphable_id,
        "created_at": iso(row.created_at),
        "read_at": iso(row.read_at),
    }


@router.get("/notifications", name="notifications-list")
def inbox(
    svc: ServicesDep, user: User = staff(), unread: bool = False
) -> list[dict[str, Any]]:
    """The caller's notifications, newest first (at most 100)."""
    n = notifications
    query = select(n).where(n.c.tenant_id == user.tenant_id, n.c.user_id == user.id)
    if unread:
        query = query.where(n.c.read_at.is_(None))
    with svc.engine.connect() as connection:
        rows = connection.execute(query.order_by(n.c.created_at.desc()).limit(100))
        return [_notification(row) for row in rows]


@router.put("/notifications/{notification_id}/read", name="notifications-read")
def read(
    notification_id: str, svc: ServicesDep, user: User = staff()
) -> dict[str, Any]:
    """Mark one of the caller's notifications as read."""
    n = notifications
    mine = (
        n.c.tenant_id == user.tenant_id,
        n.c.user_id == user.id,
        n.c.id == notification_id[:64],
    )
    with svc.engine.begin() as connection:
        connection.execute(
            update(n)
            .where(*mine, n.c.read_at.is_(None))
            .values(read_at=datetime.now(UTC))
        )
        row = connection.execute(select(n).where(*mine)).first()
    if row is None:
        raise not_found()
    return _notification(row)
