"""Request and response models of commerce: quotes, invoices, contracts,
subscriptions, assets, deals, projects, used products and exports."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from api.schemas import InvoiceRow, Named, Person


class Model(BaseModel):
    """A response model that names every key it sends (others are left out)."""


# -- lines and ids ---------------------------------------------------------------
class LineIn(BaseModel):
    description: str = Field(max_length=500)
    quantity: float | str = "1"
    price: float | str = "0"
    vat_rate: float | str = "21"


class Ids(BaseModel):
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


# -- invoices --------------------------------------------------------------------
class InvoiceIn(BaseModel):
    company_id: str | None = None
    client_id: str | None = None
    date: str | None = None
    reference_number: str = Field("", max_length=100)
    lines: list[LineIn] = []


class InvoiceListRow(InvoiceRow):
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


def json_body(model: type[BaseModel]) -> dict[str, Any]:
    """openapi_extra declaring a JSON request body of the model."""
    return {
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": {"$ref": f"#/components/schemas/{model.__name__}"}
                }
            },
        }
    }
