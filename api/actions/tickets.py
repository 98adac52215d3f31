"""Opening a ticket from the portal and replying to one, with attachments.

What is written here is kept as plain text, exactly as sent: it is shown as text
(line breaks kept, links made clickable), never interpreted as HTML.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, select

from api.actions.attachments import Upload, store
from api.deps import Tenant, User
from api.errors import ApiError, invalid
from api.listing import find
from api.models.tickets import TicketIn
from api.present.common import Lookups
from api.records import check_references
from api.services import Services
from domain.use_cases.commands import command_of
from domain.use_cases.messages import PostMessage
from domain.use_cases.tickets import OpenTicket, UpdateTicket
from projections import tables as t
from storage.uploads import file_sha256s

PLACES = {"location_id": t.locations, "ticket_group_id": t.ticket_groups}
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
        first = PostMessage(
            message=text,
            visible_to_client=True,
            is_from_client=user.is_client,
            attachment_ids=attachment_ids,
            format="text",
            attachment_sha256=file_sha256s(
                svc.settings.upload_dir, tenant.id, attachment_ids
            ),
        )
    ticket_id = svc.domain.tickets.open(
        tenant.id,
        user.id,
        command_of(OpenTicket, fields),
        first,
        # the only parties named are the signed-in client and its company
        check=False,
    )
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
    find(svc.reader, "tickets", user, ticket_id)
    attachment_ids = store(
        svc.engine, svc.settings.upload_dir, tenant.id, user.id, uploads
    )
    message_id = svc.domain.messages.post(
        tenant.id,
        user.id,
        ticket_id,
        PostMessage(
            message=message,
            visible_to_client=True,
            is_from_client=user.is_client,
            attachment_ids=attachment_ids,
            format="text",
            attachment_sha256=file_sha256s(
                svc.settings.upload_dir, tenant.id, attachment_ids
            ),
        ),
    )
    svc.settle()
    return message_id


def check_parties(
    engine: Engine, tenant_id: str, fields: dict[str, Any], current: Any = None
) -> None:
    """The people and places a ticket names must fit together, else 422.

    ``check_references`` has found each of them in the tenant; here the client
    must be a client of the ticket's company (the one sent, or the ticket's own
    on an update), the operator an operator, and a location or ticket group
    must belong to that company.
    """
    company_id = fields.get("company_id")
    if company_id in (None, "") and current is not None:
        company_id = current.company_id
    u = t.users
    with engine.connect() as connection:
        client_id = fields.get("client_id")
        if client_id not in (None, ""):
            client = connection.execute(
                select(u.c.is_operator, u.c.company_id, u.c.company_ids).where(
                    u.c.tenant_id == tenant_id, u.c.id == str(client_id)[:64]
                )
            ).first()
            if client is None or client.is_operator:
                raise invalid("client_id", "The selected client_id is not a client.")
            companies = set(client.company_ids or []) | {client.company_id}
            if company_id not in (None, "") and company_id not in companies:
                raise invalid(
                    "client_id", "The selected client_id is not of the company."
                )
        operator_id = fields.get("operator_id")
        if operator_id not in (None, ""):
            staff = connection.execute(
                select(u.c.is_operator).where(
                    u.c.tenant_id == tenant_id, u.c.id == str(operator_id)[:64]
                )
            ).scalar()
            if not staff:
                raise invalid(
                    "operator_id", "The selected operator_id is not an operator."
                )
        for name, table in PLACES.items():
            value = fields.get(name)
            if value in (None, "") or company_id in (None, ""):
                continue
            owner = connection.execute(
                select(table.c.company_id).where(
                    table.c.tenant_id == tenant_id, table.c.id == str(value)[:64]
                )
            ).scalar()
            if owner is not None and owner != company_id:
                raise invalid(name, f"The selected {name} is not of the company.")


def parse_moment(value: Any, field: str) -> datetime | None:
    """An ISO 8601 moment with its offset or Z, in UTC; '' is None.

    A moment without a zone is refused: which hour it means depends on where it
    was typed, so guessing one would shift it silently.
    """
    if value in (None, ""):
        return None
    if isinstance(value, datetime):
        moment = value
    else:
        try:
            moment = datetime.fromisoformat(str(value).strip().replace("Z", "+00:00"))
        except ValueError as error:
            raise invalid(field, f"The {field} is not a valid date.") from error
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise invalid(
            field, f"The {field} needs a time zone, as an offset (+01:00) or Z."
        )
    return moment.astimezone(UTC)


def operator_fields(body: TicketIn, unset: bool) -> dict[str, Any]:
    """The ticket fields an operator's body sets, moments parsed."""
    fields = body.model_dump(exclude_unset=unset, exclude={"version", "status_id"})
    if not unset:
        fields = {k: v for k, v in fields.items() if v is not None}
    if "scheduled_at" in fields:
        fields["scheduled_at"] = parse_moment(fields["scheduled_at"], "scheduled_at")
    return fields


def check_operator_fields(
    svc: Services, tenant_id: str, body: TicketIn, current: Any = None
) -> None:
    """Every record and list item sent is of the tenant and fits the company."""
    sent = body.model_dump(exclude_unset=True)
    check_references(svc.engine, tenant_id, sent)
    check_parties(svc.engine, tenant_id, sent, current)


def open_as_operator(svc: Services, user: User, body: TicketIn, template: bool) -> str:
    """Open a ticket (or template) with any fields and a status; answers its id."""
    fields = operator_fields(body, unset=False)
    if not fields.get("description"):
        raise invalid("description", "The description field is required.")
    check_operator_fields(svc, user.tenant_id, body)
    if body.status_id is not None:
        fields["status_id"] = body.status_id
    if template:
        fields["is_template"] = True
    ticket_id = svc.domain.tickets.open(
        user.tenant_id, user.id, command_of(OpenTicket, fields)
    )
    svc.settle()
    return ticket_id


def update_as_operator(svc: Services, user: User, current: Any, body: TicketIn) -> None:
    """Change the fields sent and the status; a stale version is a 409."""
    changes = operator_fields(body, unset=True)
    check_operator_fields(svc, user.tenant_id, body, current)
    if "description" in changes and not changes["description"]:
        raise invalid("description", "The description field is required.")
    if body.status_id is not None:
        changes["status_id"] = body.status_id
    svc.domain.tickets.update(
        user.tenant_id,
        user.id,
        current.id,
        command_of(UpdateTicket, changes),
        expected_version=body.version,
    )
    svc.settle()
