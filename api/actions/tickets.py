"""Opening a ticket from the portal and replying to one, with attachments.

What is written here is kept as plain text, exactly as sent: it is shown as text
(line breaks kept, links made clickable), never interpreted as HTML.
"""

from __future__ import annotations

import json
from typing import Any

from api.actions.attachments import Upload, store
from api.deps import Tenant, User
from api.errors import ApiError, invalid
from api.listing import find
from api.present.common import Lookups
from api.services import Services

LISTS = {
    "priority_id": "priorities",
    "category_id": "categories",
    "ticket_type_id": "ticket_types",
}


def fields_config(tenant: Tenant) -> dict[str, Any]:
    """The tenant's ticketing.ticket_fields_config as an object."""
    raw = tenant.configs.get("ticketing.ticket_fields_config") or {}
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError:
            return {}
    return raw if isinstance(raw, dict) else {}


def check_required(tenant: Tenant, values: dict[str, Any]) -> None:
    """Every field the config marks required_portal must be filled."""
    errors: dict[str, list[str]] = {}
    for name, rule in fields_config(tenant).items():
        if not isinstance(rule, dict) or not rule.get("required_portal"):
            continue
        value = values.get(name)
        if value is None or (isinstance(value, str) and not value.strip()):
            label = rule.get("label") or name
            errors[name] = [f"{label} is required"]
    if errors:
        raise ApiError(422, next(iter(errors.values()))[0], errors)


def create(
    svc: Services,
    tenant: Tenant,
    user: User,
    values: dict[str, Any],
    uploads: list[Upload],
) -> str:
    """Open a ticket for the user's company with the first message; answers its id."""
    check_required(tenant, values)
    if not str(values.get("description") or "").strip():
        raise invalid("description", "The description field is required.")
    fields: dict[str, Any] = {"description": str(values["description"]).strip()}
    chosen = [name for name in LISTS if values.get(name) not in (None, "")]
    if chosen:
        # the lists come from the read cache, as the form's pickers do
        with svc.reader.connect() as connection:
            lookups = Lookups(connection, tenant.id, svc.cache)
            for name in chosen:
                try:
                    item_id = int(values[name])
                except (TypeError, ValueError):
                    raise invalid(name, f"The selected {name} is invalid.") from None
                if lookups.item(LISTS[name], item_id) is None:
                    raise invalid(name, f"The selected {name} is invalid.")
                fields[name] = item_id
    custom = values.get("custom_values") or {}
    if not isinstance(custom, dict):
        raise invalid("custom_values", "Custom values must be an object.")
    if custom:
        fields["custom_values"] = {str(k)[:60]: v for k, v in custom.items()}
    if user.is_client:
        fields["client_id"] = user.id
        fields["company_id"] = user.company_id
    attachment_ids = (
        store(svc.engine, svc.settings.upload_dir, tenant.id, user.id, uploads)
        if uploads
        else []
    )
    text = str(values.get("message") or "").strip()
    first = None
    if text or attachment_ids:
        first = {
            "message": text,
            "visible_to_client": True,
            "is_from_client": user.is_client,
            "attachment_ids": attachment_ids,
            "format": "text",
        }
    ticket_id = svc.domain.open_ticket(tenant.id, user.id, fields, first)
    svc.settle()
    return ticket_id


def reply(
    svc: Services,
    tenant: Tenant,
    user: User,
    ticket_id: str,
    message: str,
    uploads: list[Upload],
) -> str:
    """Post a client-visible reply on a ticket the user may see; answers its id."""
    find(svc.engine, "tickets", user, ticket_id)
    attachment_ids = store(
        svc.engine, svc.settings.upload_dir, tenant.id, user.id, uploads
    )
    message_id = svc.domain.post_message(
        tenant.id,
        user.id,
        ticket_id,
        message,
        visible_to_client=True,
        is_from_client=user.is_client,
        attachment_ids=attachment_ids,
        format="text",
    )
    svc.settle()
    return message_id
