"""Attached files: an operator's upload (inline editor images), and the download
behind a link that expires."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import FileResponse
from sqlalchemy import select

from api.actions import messages as actions
from api.actions.attachments import fetch, store
from api.body import flag, read_body
from api.deps import ServicesDep, TenantDep, User, staff
from api.errors import invalid
from api.models.tickets import AttachmentIn, Uploaded, validated
from api.present.messages import attachment_json
from storage.tables import attachments

router = APIRouter(prefix="/attachments", tags=["attachments"])

UPLOAD_FORM = AttachmentIn.model_json_schema()
UPLOAD_FORM["properties"]["file"] = {"type": "string", "format": "binary"}
UPLOAD_FORM["required"] = ["file"]


@router.post(
    "",
    response_model=Uploaded,
    status_code=201,
    name="create",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"multipart/form-data": {"schema": UPLOAD_FORM}},
        }
    },
)
async def upload(
    request: Request,
    svc: ServicesDep,
    tenant: TenantDep,
    user: User = staff("messages.store"),
) -> dict[str, Any]:
    """Store one file (an inline editor image when is_embedded); answers id and url."""
    values, uploads = await read_body(request)
    validated(AttachmentIn, values)
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


@router.get("/{attachment_id}/{token}", name="download", response_class=FileResponse)
def download(
    attachment_id: str, token: str, svc: ServicesDep, tenant: TenantDep
) -> FileResponse:
    """An attached file; the link's signed, expiring token is the key, as links
    carry no header. An expired link answers 410."""
    row = fetch(svc.engine, tenant.id, attachment_id, token)
    return FileResponse(row.path, media_type=row.content_type, filename=row.name)
