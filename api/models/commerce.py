"""Request and response models of commerce: quotes, invoices, contracts,
subscriptions, assets, deals, projects, used products and exports."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, Field

from api.models.tickets import CustomValues
from api.schemas import (
    AssetDetail,
    ContractDetail,
    Named,
    Person,
    QuoteDetail,
    SubscriptionDetail,
)
from api.schemas import (
    InvoiceRow as InvoiceRowV2,
)


class Model(BaseModel):
    """A response model that names every key it sends (others are left out)."""


# -- lines and ids ---------------------------------------------------------------
class LineIn(BaseModel):
    description: str = Field(max_length=500)
    quantity: float | str = "1"
    price: float | str = "0"
    vat_rate: float | str = "21"
    unit_code: str | None = Field(None, max_length=3, description="HUR, C62, ...")
    vat_category: str | None = Field(
        None, max_length=2, description="S, Z, E, AE, K, G or O; a 0 % line needs one"
    )
    exemption_reason: str | None = Field(None, max_length=300)


class IdList(BaseModel):
    ids: list[str] = Field(min_length=1, max_length=500)


class Source(Model):
    type: str
    id: str | int


class InvoiceLine(Model):
    """A draft or invoiced line; amounts are JSON numbers."""

    id: str
    description: str
    quantity: float
    price: float
    vat_rate: float
    total: float
    source: Source | None = None
    unit_code: str | None = None
    vat_category: str | None = None
    exemption_reason: str | None = None


# -- invoices --------------------------------------------------------------------
class InvoiceIn(BaseModel):
    company_id: str | None = None
    client_id: str | None = None
    date: str | None = None
    reference_number: str = Field("", max_length=100)
    lines: list[LineIn] = []


class InvoiceRow(InvoiceRowV2):
    """The version 2 row; operators also get what the operator list shows."""

    number: int | None = None
    code: str | None = None
    reference_number: str | None = None
    external_id: str | None = None
    is_draft: bool | None = None
    status: int | None = Field(None, description="None while a draft")
    status_label: str | None = Field(
        None, description="Draft, Sent, Outstanding, Paid, Credit invoice, Expired"
    )
    company: Named | None = None
    client: Person | None = None
    date: str | None = None
    total: float | None = Field(None, description="amount including VAT")
    amount_excl: float | None = None
    amount_incl: float | None = None
    updated_at: str | None = None
    created_at: str | None = None


class Invoice(Model):
    """An invoice as the operator side shows it: a draft until external_id is set."""

    id: str
    number: int
    code: str
    reference_number: str
    company_id: str | None
    company: Named | None
    client_id: str | None
    date: str
    external_id: str | None
    is_draft: bool
    status: int | None
    status_label: str
    amount_excl: float
    amount_incl: float
    total: float
    lines: list[InvoiceLine]
    credits: str | None
    version: int
    updated_at: str | None


class InvoiceChanged(Invoice):
    message: str


class InvoiceExported(Model):
    reExport: bool  # noqa: N815 (the contract's name)
    invoice: Invoice


class InvoiceFile(Model):
    Base64: str
    Filename: str


# -- quotes ----------------------------------------------------------------------
class AcceptIn(BaseModel):
    name: str | None = Field(None, max_length=200)
    note: str | None = Field(None, max_length=2000)
    signature: str = Field("", max_length=2_000_000)


class QuoteIn(BaseModel):
    name: str | None = Field(None, max_length=200)
    client_id: str | None = None
    company_id: str | None = None
    lines: list[LineIn] | None = None
    custom_fields: CustomValues = None


class RawLine(Model):
    """A quote line as stored: amounts as exact decimal strings."""

    id: str | int
    description: str
    quantity: str | float
    price: str | float
    vat_rate: str | float
    total: str | float


class OperatorQuote(QuoteDetail):
    """A quote as operators edit it: the shown detail plus its stored lines."""

    raw_lines: list[RawLine]
    version: int


# -- contracts, subscriptions, assets --------------------------------------------
class ContractIn(BaseModel):
    name: str | None = Field(None, max_length=200)
    client_id: str | None = None
    company_id: str | None = None
    service_id: int | None = None
    period: str | None = Field(None, description="month, quarter, year; none = prepaid")
    quantity: Decimal | None = Field(
        None, description='hours per period, in whole minutes (1.5 or "1.5")'
    )
    start_date: str | None = None
    end_date: str | None = None


class BuyIn(BaseModel):
    prepaid_card_id: int


class BuyOut(BaseModel):
    message: str
    minutes_remaining: int
    hours_remaining: float


class OperatorContract(ContractDetail):
    version: int


class SubscriptionIn(BaseModel):
    description: str | None = Field(None, max_length=200)
    company_id: str | None = None
    client_id: str | None = None
    period: str | None = None
    billing_start_date: str | None = None
    direct_debit: bool = False
    lines: list[LineIn] | None = None
    termination_date: str | None = None
    bill: bool = False


class OperatorSubscription(SubscriptionDetail):
    version: int


class AssetIn(BaseModel):
    name: str | None = Field(None, max_length=200)
    description: str | None = None
    serial_number: str | None = Field(None, max_length=200)
    tracking_number: str | None = Field(None, max_length=200)
    warranty_until: str | None = None
    client_id: str | None = None
    company_id: str | None = None
    location_id: str | None = None
    category_ids: list[int] | None = None
    status_id: int | None = None
    operator_id: str | None = None


class OperatorAsset(AssetDetail):
    version: int


# -- deals, projects, used products ----------------------------------------------
class EngagementIn(BaseModel):
    description: str | None = Field(None, max_length=250)
    company_id: str | None = None
    client_id: str | None = None
    deal_id: str | None = None
    project_id: str | None = None
    ticket_id: str | None = None
    product_id: int | None = None
    quantity: float | str | None = None
    price: float | str | None = None
    type: int | None = None
    invoice_moment: int | None = None
    version: int | None = Field(
        None, description="the version the change was made on; a stale one is 409"
    )


class Stamped(Model):
    id: str
    description: str
    version: int
    created_at: str | None
    updated_at: str | None


class Deal(Stamped):
    company_id: str | None
    company: Named | None
    client_id: str | None
    client: Person | None


class Project(Stamped):
    company_id: str | None
    company: Named | None
    deal_id: str | None


class UsedProduct(Stamped):
    company_id: str | None
    company: Named | None
    product_id: int | None
    ticket_id: str | None
    project_id: str | None
    deal_id: str | None
    quantity: float
    price: float
    total: float
    type: int | None
    type_label: str | None
    invoice_moment: int | None
    invoice_moment_label: str | None


# -- exports ---------------------------------------------------------------------
class ExportIn(BaseModel):
    userId: str | int | None = None  # noqa: N815 (the contract's name)
    model: str = Field(max_length=40)
    filter: dict[str, Any] | str | None = None


class ExportStarted(BaseModel):
    message: str
    id: str


class ExportFiles(BaseModel):
    csv: str | None
    xlsx: str | None


class ExportState(BaseModel):
    id: str
    status: Literal["pending", "done", "failed"]
    rows: int | None
    files: ExportFiles
