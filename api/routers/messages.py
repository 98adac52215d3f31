"""Messages on tickets for both audiences: post, and for operators show, change
and delete.

A client posts a client-visible reply in plain text on a ticket it may see, and
never creates or sees an internal note. An operator posts an HTML reply (sent
to the client and any to/cc/bcc addresses) or an internal note, with @mentions.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import Field

from api.actions import messages as operator_actions
from api.actions import tickets as actions
from api.body import flag, read_body
from api.deps import ServicesDep, TenantDep, User, require, staff
from api.errors import invalid, not_found
from api.models.tickets import (
    MessageChanges,
    MessageForm,
    MessageIn,
    OperatorMessage,
    validated,
)
from api.present.messages import thread
from api.present.tickets import operator_thread
from api.schemas import Message, ThreadMessage

router = APIRouter(prefix="/messages", tags=["messages"])

# an operator is answered with mentions and recipients, a client its reply
AnyMessage = Annotated[
    OperatorMessage | ThreadMessage, Field(union_mode="left_to_right")
]
# what only an operator may send: a client's message is always a visible reply
OPERATOR_FIELDS = (
    "description",
    "activity_id",
    "attachment_ids",
    "action",
    "to",
    "cc",
    "bcc",
)


def one(svc: Any, tenant_id: str, object_id: str, message_id: str) -> dict[str, Any]:
    """One message of a thread as operators see it, else 404."""
    with svc.reader.connect() as connection:
        found = [
            m
            for m in operator_thread(connection, tenant_id, object_id)
            if m["id"] == message_id
        ]
    if not found:
        raise not_found()
    return found[0]


def check_client_fields(values: dict[str, Any]) -> None:
    """A client may send neither an internal note nor the operator's fields."""
    if not flag(values, "visible_to_client", True):
        raise invalid("visible_to_client", "A client's message is always a reply.")
    if not flag(values, "is_from_client", True):
        raise invalid("is_from_client", "A client's message is from the client.")
    for name in OPERATOR_FIELDS:
        if values.get(name) not in (None, "", []):
            raise invalid(name, f"Only operators may send {name}.")
    if str(values.get("morphable_type") or "Ticket") != "Ticket":
        raise invalid("morphable_type", "Messages can be posted on tickets only.")


async def create(
    request: Request,
    svc: ServicesDep,
    tenant: TenantDep,
    user: User = require("messages.store"),
) -> dict[str, Any]:
    """Post a message as form data (or JSON), with up to ten files.

    A client's is a client-visible reply in plain text. An operator's is HTML
    (sanitised): a reply to the client unless visible_to_client is 0, which
    makes it an internal note; an action moves the ticket to that status.
    """
    values, uploads = await read_body(request)
    validated(MessageIn, values)
    if user.is_client:
        check_client_fields(values)
        ticket_id = str(values["morphable_id"])
        text = str(values.get("message") or "")

        def reply() -> dict[str, Any]:
            message_id = actions.reply(svc, tenant, user, ticket_id, text, uploads)
            with svc.reader.connect() as connection:
                found = thread(connection, tenant.id, ticket_id, True, message_id)
            if not found:
                raise not_found()
            return found[0]

        return await run_in_threadpool(reply)

    def post() -> dict[str, Any]:
        message_id, object_id = operator_actions.post(
            svc, tenant, user, values, uploads
        )
        return one(svc, tenant.id, object_id, message_id)

    return await run_in_threadpool(post)


MESSAGE_FORM = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {"schema": MessageForm.model_json_schema()},
        },
    }
}
# POST /messages is the portal's path, /messages/store the operator editor's:
# both screens call it today, so both lead to the one handler; /store stays
# closed to clients, as it always was
for path, name, guard in (("", "create", []), ("/store", "store", [staff()])):
    router.add_api_route(
        path,
        create,
        methods=["POST"],
        status_code=201,
        name=name,
        response_model=AnyMessage,
        openapi_extra=MESSAGE_FORM,
        summary="Post a message",
        dependencies=guard,
    )


@router.get("/{message_id}", response_model=OperatorMessage, name="show")
def show(
    message_id: str, svc: ServicesDep, user: User = staff("messages.index")
) -> dict[str, Any]:
    """One message with its mentions and attachments."""
    row = operator_actions.message_row(svc, user.tenant_id, message_id)
    return one(svc, user.tenant_id, row.morphable_id, message_id)


@router.put("/{message_id}", response_model=OperatorMessage, name="update")
def change(
    message_id: str,
    body: MessageChanges,
    svc: ServicesDep,
    user: User = staff("messages.update"),
) -> dict[str, Any]:
    """Change only the fields sent."""
    changes = body.model_dump(exclude_unset=True)
    row = operator_actions.edit(svc, user, message_id, changes)
    return one(svc, user.tenant_id, row.morphable_id, message_id)


@router.delete("/{message_id}", response_model=Message, name="delete")
def delete(
    message_id: str, svc: ServicesDep, user: User = staff("messages.destroy")
) -> dict[str, str]:
    """Delete a message from its thread."""
    operator_actions.remove(svc, user, message_id)
    return {"message": "Item verwijderd."}
