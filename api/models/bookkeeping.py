"""Bookable invoices: the invoice snapshot, the seller's billing profile, and the
operator's marks (paid, outstanding, expired)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

VatCategory = Literal["S", "Z", "E", "AE", "K", "G", "O"]


class ElectronicAddress(BaseModel):
    scheme: Literal["0106", "9944", "0088", "0190", "EM"] = Field(
        description="Peppol EAS code: 0106 KvK, 9944 Dutch VAT, 0088 GLN, "
        "0190 OIN, EM e-mail"
    )
    id: str = Field(max_length=100)


class Party(BaseModel):
    """A seller or buyer as the invoice names it."""

    name: str | None
    street: str | None
    postal_code: str | None
    city: str | None
    country_code: str | None = Field(description="ISO 3166 alpha-2, such as NL")
    vat_number: str | None
    kvk_number: str | None
    electronic_address: ElectronicAddress | None
    email: str | None
    iban: str | None


class Buyer(Party):
    company_id: str | None


class InvoiceRef(BaseModel):
    invoice_id: str
    number: str


class PaymentTerms(BaseModel):
    days: int
    note: str


class SnapshotLine(BaseModel):
    line_id: str
    description: str
    quantity: str = Field(description="4 decimals")
    unit_code: str = Field(description="UN/ECE Rec 20: HUR hours, C62 pieces")
    unit_price: str
    net: str
    vat_category: VatCategory
    vat_rate: str
    exemption_reason: str | None


class VatGroup(BaseModel):
    category: VatCategory
    rate: str
    taxable: str
    vat: str
    exemption_reason: str | None


class Totals(BaseModel):
    net: str
    vat: str
    gross: str
    paid: str
    amount_due: str = Field(description="gross minus paid")


class InvoiceSnapshot(BaseModel):
    """The invoice as an accountant books it; amounts are decimal strings."""

    invoice_id: str
    number: str
    kind: Literal["invoice", "credit_note"]
    credited_invoice: InvoiceRef | None
    credited_by: InvoiceRef | None
    status: str
    currency: str
    issue_date: str
    due_date: str
    payment_terms: PaymentTerms
    reference: str | None
    seller: Party
    buyer: Buyer
    lines: list[SnapshotLine]
    vat_breakdown: list[VatGroup]
    totals: Totals


class BillingProfile(Party):
    """The tenant as seller on its invoices."""

    currency: str
    payment_terms_days: int


class BillingProfileIn(BaseModel):
    """The seller's data; name and country code are required."""

    name: str | None = Field(None, max_length=200)
    street: str | None = Field(None, max_length=200)
    postal_code: str | None = Field(None, max_length=20)
    city: str | None = Field(None, max_length=200)
    country_code: str | None = Field(None, max_length=2)
    vat_number: str | None = Field(None, max_length=20)
    kvk_number: str | None = Field(None, max_length=8)
    electronic_address: ElectronicAddress | None = None
    email: str | None = Field(None, max_length=200)
    iban: str | None = Field(None, max_length=40)
    currency: str = Field("EUR", max_length=3)
    payment_terms_days: int = Field(30, ge=0, le=365)


class MarkIn(BaseModel):
    status: str = Field(description="paid, outstanding or expired")
