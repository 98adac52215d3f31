"""Request and response models: the OpenAPI document generated clients read."""

from __future__ import annotations

from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

T = TypeVar("T")


class Out(BaseModel):
    """A response model that keeps any extra keys the contract adds."""

    model_config = ConfigDict(extra="allow")


class Message(Out):
    message: str


class Created(Message):
    id: str


class ErrorBody(Out):
    message: str
    errors: dict[str, list[str]] | None = None


class Named(Out):
    id: str
    name: str | None = None


class Person(Out):
    id: str
    full_name: str | None = None


class Labelled(Out):
    id: int
    label: str


class Page(BaseModel, Generic[T]):
    data: list[T]
    from_: int | None = Field(None, alias="from")
    to: int | None
    total: int
    total_is_estimate: bool = Field(
        False,
        description="true when a free-text search spans more rows than are "
        "tried: total is then scaled up from a sample, and last_page with it",
    )
    total_min: int | None = Field(
        None,
        description="the least the exact count can be: total when it is exact, "
        "else the estimate's lower bound (never fewer than the rows shown)",
    )
    total_max: int | None = Field(
        None,
        description="the most the exact count can be: total when it is exact, "
        "else the estimate's upper bound",
    )
    per_page: int
    current_page: int
    last_page: int

    model_config = ConfigDict(populate_by_name=True)


class Status(Out):
    id: int
    name: str | None
    name_client: str | None
    style: str | None
    style_client: str | None
    type: int | None


class Attachment(Out):
    id: str
    name: str
    url: str
    extension: str
    size: int


class Actor(Out):
    id: str
    full_name: str
    first_name: str
    last_name: str
    acronym: str
    is_operator: int
    gravatar: str


class ThreadMessage(Out):
    id: str
    message: str
    format: Literal["text", "html"]
    type: str
    is_from_client: bool
    visible_to_client: bool
    created_at: str | None
    actor: Actor | None
    attachments: list[Attachment]
    original_email_from: str | None = None
    email_to: list[str] = []
    email_cc: list[str] = []
    email_date: str | None = None


SlaState = Literal["running", "paused", "met", "warned", "breached"]


class TicketRow(Out):
    id: str
    reference: str
    description: str
    status_id: int
    status: Status
    priority: Labelled | None
    company: Named | None
    client: Person | None
    updated_at: str | None
    created_at: str | None
    resolved_at: str | None
    is_template: bool
    sla_state: SlaState | None = Field(
        None, description="none (null) when no SLA applies to the ticket"
    )
    response_due_at: str | None = Field(
        None, description="when the first response is due (null while paused)"
    )
    resolution_due_at: str | None = Field(
        None, description="when the resolution is due (null while paused)"
    )
    sla_minutes_left: int | None = Field(
        None, description="business minutes to the next due moment; negative once past"
    )


class CustomFieldOption(Out):
    name: str
    label: str | None = None


class CustomFieldObject(Out):
    """The definition of a custom field: 0 text, 1 select (options), 2 date."""

    id: int
    name: str
    title: str
    type: int
    order: int
    options: list[CustomFieldOption]


class CustomValue(Out):
    id: str = Field(description="the record's id and the field's name")
    custom_field: str = Field(description="the field's name")
    value: Any
    custom_field_object: CustomFieldObject | None = Field(
        description="the field's definition; null for a field since removed"
    )


class TicketDetail(TicketRow):
    messages: list[ThreadMessage]
    custom_values: list[CustomValue]


class Line(Out):
    description: str | None
    quantity: float
    price: float
    total: float


class Acceptance(Out):
    name: str | None
    note: str | None
    accepted_at: str | None


class QuoteDeal(Out):
    """The deal a quote belongs to, by its parties."""

    client: Person | None
    company: Named | None


class QuoteRow(Out):
    id: str
    name: str
    label: str
    status_id: int
    total: float
    client: Person | None
    company: Named | None
    deal: QuoteDeal
    updated_at: str | None
    created_at: str | None


class QuoteDetail(QuoteRow):
    lines: list[Line]
    custom_fields: list[CustomValue]
    acceptance: Acceptance | None


class ContractRow(Out):
    id: str
    name: str
    period: str | None
    period_label: str | None
    quantity: float
    minutes_remaining: int
    start_date: str
    end_date: str | None
    client: Person | None
    company: Named | None
    service: Labelled | None


class Activity(Out):
    id: int
    name: str


class TimeRegistration(Out):
    id: str
    ticket_id: str
    ticket_reference: str
    ticket_description: str
    time_spent_rounded: int
    executed_at: str | None
    activity: Activity | None
    description: str
    operator: Person | None


class ContractPeriod(Out):
    id: str
    period_start: str
    period_end: str | None
    registered_time: int
    minutes_remaining: int
    time_registrations: list[TimeRegistration]


class ContractDetail(ContractRow):
    contractPeriods: list[ContractPeriod]  # noqa: N815 (the contract's name)


class SubscriptionRow(Out):
    id: str
    description: str
    company: Named | None
    client: Person | None
    total: float
    mrr: float
    period: str
    period_label: str | None
    periods: int | None
    billing_start_date: str
    start_period: str
    end_period: str
    termination_date: str | None
    next_billing_date: str | None
    direct_debit: bool
    updated_at: str | None
    created_at: str | None


class SubscriptionDetail(SubscriptionRow):
    lines: list[Line]


class AssetRow(Out):
    id: str
    name: str
    description: str | None
    serial_number: str | None
    tracking_number: str | None
    warranty_until: str | None
    client: Person | None
    company: Named | None
    location: Named | None
    categories: list[Labelled]
    status_id: int | None
    updated_at: str | None
    created_at: str | None


class AssetDetail(AssetRow):
    messages: list[ThreadMessage]


class InvoiceRow(Out):
    id: str
    InvoiceCode: str  # noqa: N815
    ReferenceNumber: str  # noqa: N815
    AmountIncl: float  # noqa: N815
    Date: str  # noqa: N815
    Status: int  # noqa: N815
    ViewURL: str  # noqa: N815


class PresetCount(BaseModel):
    id: str
    count: int


class Preset(Out):
    id: str
    label: str
    styling: str | None
    type: str
    columns_config: str
    order_config: str
    filter_config: str
    pagination_config: str


class PresetIn(BaseModel):
    label: str = Field(min_length=1, max_length=100)
    styling: str | None = Field(None, max_length=200)
    type: str
    columns_config: str | dict[str, Any] | list[Any] = "{}"
    order_config: str | dict[str, Any] | list[Any] = "{}"
    filter_config: str | dict[str, Any] | list[Any] = "{}"
    pagination_config: str | dict[str, Any] | list[Any] = "{}"


class PresetChange(BaseModel):
    label: str | None = Field(None, min_length=1, max_length=100)
    styling: str | None = Field(None, max_length=200)
    columns_config: str | dict[str, Any] | list[Any] | None = None
    order_config: str | dict[str, Any] | list[Any] | None = None
    filter_config: str | dict[str, Any] | list[Any] | None = None
    pagination_config: str | dict[str, Any] | list[Any] | None = None
