"""Posting, editing and removing messages as an operator, with @mentions."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from uuid import uuid4

from sqlalchemy import Connection, insert, select

from api.actions.attachments import Upload, store
from api.actions.html import clean, mentioned
from api.body import flag, id_list
from api.deps import Tenant, User
from api.errors import invalid, not_found
from api.present.tickets import client_email
from api.records import one
from api.services import Services
from domain.people import EMAIL
from domain.use_cases.commands import command_of
from domain.use_cases.messages import EditMessage, PostMessage
from domain.use_cases.tickets import UpdateTicket
from projections import tables as t
from storage.tables import attachments, notifications
from storage.uploads import file_sha256s

MODELS = {"Ticket": t.tickets, "Asset": t.assets}
MAX_ADDRESSES = 20
NO_ADDRESS = "The client has no email address to send this message to."


def operators(connection: Connection, tenant_id: str) -> list[Any]:
    """The tenant's active operators."""
    u = t.users
    return list(
        connection.execute(
            select(u.c.id, u.c.full_name).where(
                u.c.tenant_id == tenant_id, u.c.is_operator > 0, u.c.active.is_(True)
            )
        )
    )


def address_of(svc: Services, model: str, row: Any) -> str | None:
    """Where a client-visible message on the object goes, if anywhere."""
    with svc.engine.connect() as connection:
        if model == "Ticket":
            if row.is_template:
                return None
            return client_email(connection, row) or row.original_email_from
        return client_email(connection, row)


def check_attachments(svc: Services, tenant_id: str, ids: list[str]) -> None:
    """Every named attachment must exist in the tenant."""
    if not ids:
        return
    a = attachments
    with svc.engine.connect() as connection:
        found = set(
            connection.execute(
                select(a.c.id).where(a.c.tenant_id == tenant_id, a.c.id.in_(ids))
            ).scalars()
        )
    missing = [i for i in ids if i not in found]
    if missing:
        raise invalid("attachment_ids", "The selected attachment_ids is invalid.")


def notify(
    svc: Services,
    user: User,
    ids: list[str],
    message_id: str,
    model: str,
    row: Any,
) -> None:
    """Tell each mentioned operator (but not the writer) of the message."""
    label = getattr(row, "reference", None) or getattr(row, "name", "")
    now = datetime.now(UTC)
    with svc.engine.begin() as connection:
        for operator_id in ids:
            if operator_id == user.id:
                continue
            connection.execute(
                insert(notifications).values(
                    id=str(uuid4()),
                    tenant_id=user.tenant_id,
                    user_id=operator_id,
                    kind="mention",
                    actor_id=user.id,
                    message_id=message_id,
                    morphable_type=model,
                    morphable_id=row.id,
                    text=f"{user.full_name} mentioned you on {label}".strip(),
                    created_at=now,
                )
            )


def post(
    svc: Services,
    tenant: Tenant,
    user: User,
    values: dict[str, Any],
    uploads: list[Upload],
) -> tuple[str, str]:
    """Post a reply or internal note; answers (message id, object id)."""
    model = str(values.get("morphable_type") or "Ticket").rsplit("\\", 1)[-1]
    if model not in MODELS:
        raise invalid("morphable_type", "Messages can be posted on tickets and assets.")
    object_id = str(values.get("morphable_id") or "")
    if not object_id:
        raise invalid("morphable_id", "The morphable_id field is required.")
    row = one(svc.engine, MODELS[model], tenant.id, object_id)
    visible = flag(values, "visible_to_client", True)
    from_client = flag(values, "is_from_client", True)
    text = clean(str(values.get("message") or ""))
    recipients: list[dict[str, Any]] = []
    if visible and not from_client:
        address = address_of(svc, model, row)
        if not address:
            raise invalid("morphable_id", NO_ADDRESS)
        recipients = [{"address": address, "isClient": True, "type": "to"}]
    recipients += extra_recipients(values, sent=visible and not from_client)
    attachment_ids = id_list(values, "attachment_ids")
    check_attachments(svc, tenant.id, attachment_ids)
    with svc.engine.connect() as connection:
        mentions = mentioned(text, operators(connection, tenant.id))
    if model == "Asset":
        message_id = svc.domain.assets.post_message(
            tenant.id, user.id, object_id, text, visible
        )
    else:
        attachment_ids += store(
            svc.engine, svc.settings.upload_dir, tenant.id, user.id, uploads
        )
        message_id = svc.domain.messages.post(
            tenant.id,
            user.id,
            object_id,
            PostMessage(
                message=text,
                visible_to_client=visible,
                is_from_client=from_client,
                recipients=recipients,
                attachment_ids=attachment_ids,
                mentions=mentions,
                format="html",
                attachment_sha256=file_sha256s(
                    svc.settings.upload_dir, tenant.id, attachment_ids
                ),
            ),
        )
        after(svc, tenant, user, object_id, message_id, values)
    notify(svc, user, mentions, message_id, model, row)
    # the reply leaves through the mail outbox, which follows the log
    svc.settle()
    return message_id, object_id


def addresses(values: dict[str, Any], name: str) -> list[str]:
    """The addresses of a to, cc or bcc field: a list or comma-separated text."""
    value = values.get(name)
    if value in (None, ""):
        return []
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list):
        raise invalid(name, f"The {name} field must be a list of addresses.")
    found = []
    for item in items:
        address = str(item).strip().lower()
        if not address:
            continue
        if len(address) > 254 or not EMAIL.match(address):
            raise invalid(name, f"The {name} field holds an invalid address.")
        found.append(address)
    if len(found) > MAX_ADDRESSES:
        raise invalid(name, f"The {name} field holds more than 20 addresses.")
    return list(dict.fromkeys(found))


def extra_recipients(values: dict[str, Any], sent: bool) -> list[dict[str, Any]]:
    """Who else a reply goes to (to, cc, bcc); a note or client message has none."""
    extra = []
    for kind in ("to", "cc", "bcc"):
        found = addresses(values, kind)
        if found and not sent:
            raise invalid(kind, "Only a reply to the client is sent to addresses.")
        extra += [{"address": a, "isClient": False, "type": kind} for a in found]
    return extra


def after(
    svc: Services,
    tenant: Tenant,
    user: User,
    ticket_id: str,
    message_id: str,
    values: dict[str, Any],
) -> None:
    """A description on the message, and an action: a status to move to."""
    description = str(values.get("description") or "").strip()
    if description:
        svc.domain.messages.edit(
            tenant.id,
            user.id,
            ticket_id,
            message_id,
            EditMessage(description=description),
        )
    action = str(values.get("action") or "").strip()
    if action.isdigit():
        svc.domain.tickets.update(
            tenant.id, user.id, ticket_id, UpdateTicket(status_id=int(action))
        )


def message_row(svc: Services, tenant_id: str, message_id: str) -> Any:
    """The read-model row of a message, else 404."""
    m = t.messages
    with svc.engine.connect() as connection:
        row = connection.execute(
            select(m).where(m.c.tenant_id == tenant_id, m.c.id == message_id[:64])
        ).first()
    if row is None:
        raise not_found()
    return row


def edit(svc: Services, user: User, message_id: str, values: dict[str, Any]) -> Any:
    """Change only the fields sent: message, visible_to_client, description."""
    row = message_row(svc, user.tenant_id, message_id)
    if row.morphable_type != "Ticket":
        raise invalid("morphable_type", "Only ticket messages can be changed.")
    changes: dict[str, Any] = {}
    if "message" in values and values["message"] is not None:
        # a client's text stays text; only HTML goes through the sanitiser
        text = str(values["message"])
        changes["message"] = text if row.format == "text" else clean(text)
    if "visible_to_client" in values and values["visible_to_client"] is not None:
        changes["visible_to_client"] = flag(values, "visible_to_client", True)
    if values.get("description") is not None:
        changes["description"] = str(values["description"]).strip()
    if changes:
        svc.domain.messages.edit(
            user.tenant_id,
            user.id,
            row.morphable_id,
            message_id,
            command_of(EditMessage, changes),
        )
        svc.settle()
    return row


def remove(svc: Services, user: User, message_id: str) -> None:
    """Delete a ticket message."""
    row = message_row(svc, user.tenant_id, message_id)
    if row.morphable_type != "Ticket":
        raise invalid("morphable_type", "Only ticket messages can be deleted.")
    svc.domain.messages.remove(user.tenant_id, user.id, row.morphable_id, message_id)
    svc.settle()
