"""Request and response models of tickets, templates, messages and time."""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, BeforeValidator, Field, ValidationError

from api.schemas import CustomValue, Named, Person, ThreadMessage, TicketDetail

M = TypeVar("M", bound=BaseModel)


def _blank_is_none(value: Any) -> Any:
    return None if isinstance(value, str) and not value.strip() else value


# a form sends an empty picker as "": that is no choice, not a wrong number
ItemId = Annotated[int | None, BeforeValidator(_blank_is_none)]
RecordId = Annotated[str | None, BeforeValidator(_blank_is_none)]
Flag = Annotated[bool | int | None, BeforeValidator(_blank_is_none)]
Addresses = list[str] | str | None
# a custom field's value is text: a text field's words, a select's option name or a
# date (YYYY-MM-DD); none clears it
CustomValues = dict[str, Annotated[str, Field(max_length=10_000)] | None] | None


def validated(model: type[M], values: dict[str, Any]) -> M:
    """The body read by ``read_body`` checked against its model; 422 on the field."""
    try:
        return model.model_validate(values)
    except ValidationError as error:
        raise RequestValidationError(
            [{**e, "loc": ("body", *e["loc"])} for e in error.errors()]
        ) from None


class Model(BaseModel):
    """A response whose keys are all named here."""


# requests


class PortalTicketIn(BaseModel):
    """A client's new ticket: description, first message and the portal's pickers."""

    description: str = Field(max_length=250)
    message: str | None = Field(None, max_length=100_000)
    priority_id: ItemId = None
    category_id: ItemId = None
    ticket_type_id: ItemId = None
    custom_values: CustomValues = None


class TicketIn(BaseModel):
    """An operator's ticket or template: any field, a status and a version."""

    description: str | None = Field(None, max_length=250)
    status_id: ItemId = None
    client_id: RecordId = None
    company_id: RecordId = None
    priority_id: ItemId = None
    category_id: ItemId = None
    ticket_type_id: ItemId = None
    source_id: ItemId = None
    sla_id: ItemId = None
    ticket_group_id: RecordId = None
    location_id: RecordId = None
    operator_id: RecordId = None
    scheduled_at: str | None = Field(
        None, description="ISO 8601 with an offset or Z, e.g. 2030-01-02T09:05:00Z"
    )
    original_email_from: str | None = Field(None, max_length=254)
    custom_values: CustomValues = None
    version: int | None = Field(None, description="the version the editor loaded")


class Ids(BaseModel):
    ids: list[str] = Field(min_length=2, max_length=100)


class MessageIn(BaseModel):
    """A message on a ticket (or, for operators, an asset), sent as form data.

    A client's message is always a client-visible reply in plain text; the
    operator fields are refused from a client.
    """

    message: str = Field("", max_length=100_000)
    morphable_type: str = "Ticket"
    morphable_id: str = Field(min_length=1, max_length=64)
    is_from_client: Flag = Field(None, description="0 or 1 (operators only)")
    visible_to_client: Flag = Field(
        None, description="0 for an internal note (operators only)"
    )
    description: str | None = Field(None, max_length=2000)
    activity_id: ItemId = None
    attachment_ids: list[str] | str | None = None
    action: str | None = Field(None, description="a status id to move the ticket to")
    to: Addresses = Field(None, description="more addresses a reply goes to")
    cc: Addresses = None
    bcc: Addresses = None


class MessageForm(MessageIn):
    """MessageIn as form fields: lists as comma-separated text (or repeated
    ``name[]`` fields), files as ``file[n]``."""

    attachment_ids: str | None = Field(  # type: ignore[assignment]
        None, description="comma-separated, or repeat attachment_ids[]"
    )
    to: str | None = Field(  # type: ignore[assignment]
        None, description="comma-separated addresses a reply also goes to"
    )
    cc: str | None = None  # type: ignore[assignment]
    bcc: str | None = None  # type: ignore[assignment]


class MessageChanges(BaseModel):
    message: str | None = Field(None, max_length=100_000)
    visible_to_client: bool | int | None = None
    description: str | None = Field(None, max_length=2000)


class AttachmentIn(BaseModel):
    is_embedded: Flag = None
    message_id: RecordId = None


class TimeIn(BaseModel):
    ticket_id: str = Field(max_length=64)
    minutes: int | str | None = None
    time_spent: int | str | None = None
    executed_at: str | None = Field(
        None, description="ISO 8601 with an offset or Z; now when absent"
    )
    activity_id: int | None = None
    description: str = Field("", max_length=2000)
    contract_id: str | None = None
    operator_id: str | None = None


class TimeChange(BaseModel):
    """The fields of a time registration to change; those not sent stay.

    A null clears activity_id and contract_id, and gives operator_id to the
    one making the change (as registering does); minutes and executed_at
    cannot be cleared.
    """

    minutes: int | str | None = Field(None, description="hh:mm or a number of minutes")
    time_spent: int | str | None = Field(None, description="the same as minutes")
    executed_at: str | None = Field(None, description="ISO 8601 with an offset or Z")
    activity_id: ItemId = None
    description: str | None = Field(None, max_length=2000)
    contract_id: RecordId = None
    operator_id: RecordId = None
    version: int | None = Field(
        None, description="the registration's version the change was made on"
    )


class TimeIds(BaseModel):
    ids: list[str] = Field(min_length=1, max_length=500)


# responses


class Recipient(Model):
    address: str
    isClient: bool  # noqa: N815 (the contract's name)
    type: str = "to"


class OperatorMessage(ThreadMessage):
    """A message with what only operators see: mentions and recipients."""

    mentions: list[str]
    recipients: list[Recipient]
    to: list[str]
    cc: list[str]
    bcc: list[str]
    send_to_client: bool
    email_message_id: str | None = None


class TimeRow(Model):
    id: str
    ticket_id: str
    ticket_reference: str
    ticket_description: str
    contract_id: str | None
    time_spent_rounded: int
    activity_id: int | None
    operator_id: str | None
    executed_at: str | None
    description: str
    version: int


class TimeListRow(TimeRow):
    invoice_id: str | None


class Invoiced(Model):
    message: str
    invoice_ids: list[str]


class Client(Person):
    email: str | None = None


class Company(Named):
    archived_at: str | None = None


class OperatorTicket(TicketDetail):
    """Everything of one ticket for operators: internal notes, time and version."""

    messages: list[OperatorMessage]  # type: ignore[assignment]
    client_id: str | None
    company_id: str | None
    source_id: int | None
    sla_id: int | None
    ticket_group_id: str | None
    location_id: str | None
    operator_id: str | None
    original_email_from: str | None
    client: Client | None  # type: ignore[assignment]
    client_email: str | None
    company: Company | None  # type: ignore[assignment]
    operator: Person | None
    due_at: str | None
    scheduled_at: str | None
    route: str
    stage: int | None
    deleted: bool
    merged_into: str | None
    cloned_from: str | None
    version: int
    custom_values: list[CustomValue]
    time_registrations: list[TimeRow]


class Uploaded(Model):
    id: str
    name: str
    url: str
    extension: str
    size: int
    is_embedded: bool
    message_id: str | None


class Notification(Model):
    id: str
    kind: str
    text: str
    actor_id: str | None
    message_id: str | None
    morphable_type: str | None
    morphable_id: str | None
    created_at: str | None
    read_at: str | None
