"""Bookable invoices through the real event store: the billing profile, the
snapshot frozen at finalising, marking paid, outstanding or expired, and
crediting once in full.

Runs on SQLite, and on PostgreSQL with LEDGERDESK_TEST_BACKEND=postgres.
"""

from __future__ import annotations

import pytest

from domain.application import Ledgerdesk
from domain.errors import InvalidTransition, InvalidValue
from domain.use_cases.invoices import CreateInvoice
from domain.use_cases.organisations import RegisterCompany
from tests.integration.test_application import OPERATOR, make_tenant

PROFILE = {
    "name": "Acme IT B.V.",
    "street": "Keizersgracht 1",
    "postal_code": "1015 CJ",
    "city": "Amsterdam",
    "country_code": "nl",
    "vat_number": "NL123456789B01",
    "kvk_number": "12345678",
    "electronic_address": {"scheme": "0106", "id": "12345678"},
    "email": "billing@acme.test",
    "iban": "NL91 ABNA 0417 1643 00",
    "payment_terms_days": 14,
}
LINES = [
    {"description": "Support", "quantity": "1.5", "price": "75.00", "vat_rate": 21},
    {
        "description": "Training",
        "quantity": "1",
        "price": "100.00",
        "vat_rate": 0,
        "vat_category": "E",
        "exemption_reason": "Education",
    },
    {"description": "Cable", "quantity": "3", "price": "0.33", "vat_rate": 9},
]


@pytest.fixture
def app(application: Ledgerdesk) -> Ledgerdesk:
    return application


@pytest.fixture
def tenant(app: Ledgerdesk) -> str:
    tenant_id = make_tenant(app, "acme")
    app.invoices.set_billing_profile(tenant_id, OPERATOR, PROFILE)
    return tenant_id


@pytest.fixture
def company(app: Ledgerdesk, tenant: str) -> str:
    return app.organisations.register_company(
        tenant,
        OPERATOR,
        RegisterCompany(name="Northwind", address_1="Dam 1", city="Amsterdam"),
    )


def finalised(app: Ledgerdesk, tenant: str, company: str | None) -> str:
    invoice_id = app.invoices.create(
        tenant,
        OPERATOR,
        CreateInvoice(
            company_id=company, client_id=None, day="2026-11-01", lines=LINES
        ),
    )
    app.invoices.finalise(tenant, OPERATOR, invoice_id, "EXT-1", "2026-11-26")
    return invoice_id


def test_the_billing_profile_is_checked_and_kept(app: Ledgerdesk, tenant: str) -> None:
    profile = app.invoices.billing_profile(tenant)
    assert profile["country_code"] == "NL"
    assert profile["iban"] == "NL91ABNA0417164300"
    assert profile["currency"] == "EUR" and profile["payment_terms_days"] == 14
    with pytest.raises(InvalidValue) as error:
        app.invoices.set_billing_profile(tenant, OPERATOR, {**PROFILE, "iban": "NL00X"})
    assert error.value.field == "iban"
    assert app.invoices.billing_profile(tenant)["iban"] == "NL91ABNA0417164300"


def test_finalising_freezes_a_bookable_snapshot(
    app: Ledgerdesk, tenant: str, company: str
) -> None:
    invoice_id = finalised(app, tenant, company)
    snap = app.invoices.snapshot(tenant, invoice_id)
    assert snap["kind"] == "invoice" and snap["status"] == "sent"
    assert snap["issue_date"] == "2026-11-26" and snap["due_date"] == "2026-12-10"
    assert snap["payment_terms"] == {"days": 14, "note": "14 days net"}
    assert snap["seller"]["name"] == "Acme IT B.V."
    assert snap["seller"]["electronic_address"] == {"scheme": "0106", "id": "12345678"}
    assert snap["buyer"]["company_id"] == company
    assert snap["buyer"]["name"] == "Northwind"
    assert [line["unit_code"] for line in snap["lines"]] == ["C62"] * 3
    assert snap["lines"][0]["quantity"] == "1.5000"
    assert snap["lines"][0]["net"] == "112.50"
    assert snap["vat_breakdown"] == [
        {
            "category": "E",
            "rate": "0.00",
            "taxable": "100.00",
            "vat": "0.00",
            "exemption_reason": "Education",
        },
        {
            "category": "S",
            "rate": "9.00",
            "taxable": "0.99",
            "vat": "0.09",
            "exemption_reason": None,
        },
        {
            "category": "S",
            "rate": "21.00",
            "taxable": "112.50",
            "vat": "23.63",
            "exemption_reason": None,
        },
    ]
    assert snap["totals"] == {
        "net": "213.49",
        "vat": "23.72",
        "gross": "237.21",
        "paid": "0.00",
        "amount_due": "237.21",
    }
    # a later profile change does not rewrite what was issued
    app.invoices.set_billing_profile(tenant, OPERATOR, {**PROFILE, "name": "New"})
    assert app.invoices.snapshot(tenant, invoice_id)["seller"]["name"] == "Acme IT B.V."


def test_marking_paid_outstanding_and_expired(
    app: Ledgerdesk, tenant: str, company: str
) -> None:
    invoice_id = finalised(app, tenant, company)
    app.invoices.mark(tenant, OPERATOR, invoice_id, "paid")
    totals = app.invoices.snapshot(tenant, invoice_id)["totals"]
    assert totals["paid"] == "237.21" and totals["amount_due"] == "0.00"
    app.invoices.mark(tenant, OPERATOR, invoice_id, "outstanding")
    snap = app.invoices.snapshot(tenant, invoice_id)
    assert snap["status"] == "outstanding"
    assert snap["totals"]["amount_due"] == "237.21"
    app.invoices.mark(tenant, OPERATOR, invoice_id, "expired")
    assert app.invoices.snapshot(tenant, invoice_id)["status"] == "expired"
    with pytest.raises(InvalidValue) as error:
        app.invoices.mark(tenant, OPERATOR, invoice_id, "lost")
    assert error.value.field == "status"


def test_a_draft_cannot_be_marked_or_credited(app: Ledgerdesk, tenant: str) -> None:
    draft = app.invoices.create(
        tenant, OPERATOR, CreateInvoice(company_id=None, client_id=None, lines=LINES)
    )
    with pytest.raises(InvalidTransition):
        app.invoices.mark(tenant, OPERATOR, draft, "paid")
    with pytest.raises(InvalidTransition, match="finalised"):
        app.invoices.credit(tenant, OPERATOR, draft, finalise=True)


def test_an_invoice_is_credited_once_in_full(
    app: Ledgerdesk, tenant: str, company: str
) -> None:
    invoice_id = finalised(app, tenant, company)
    credit_id = app.invoices.credit(tenant, OPERATOR, invoice_id, finalise=True)
    original = app.invoices.snapshot(tenant, invoice_id)
    credit = app.invoices.snapshot(tenant, credit_id)
    assert original["credited_by"] == {"invoice_id": credit_id, "number": "F000002"}
    assert credit["kind"] == "credit_note" and credit["status"] == "credit invoice"
    assert credit["credited_invoice"] == {"invoice_id": invoice_id, "number": "F000001"}
    assert credit["totals"]["gross"] == original["totals"]["gross"]
    assert credit["vat_breakdown"] == original["vat_breakdown"]
    assert credit["lines"][0]["quantity"] == "1.5000"
    with pytest.raises(InvalidTransition, match="already been credited"):
        app.invoices.credit(tenant, OPERATOR, invoice_id, finalise=True)
    with pytest.raises(InvalidTransition, match="credit invoice cannot be credited"):
        app.invoices.credit(tenant, OPERATOR, credit_id, finalise=True)
    with pytest.raises(InvalidTransition):
        app.invoices.restore(tenant, OPERATOR, invoice_id)


def test_a_zero_rate_line_must_name_its_category(app: Ledgerdesk, tenant: str) -> None:
    with pytest.raises(InvalidValue) as error:
        app.invoices.create(
            tenant,
            OPERATOR,
            CreateInvoice(
                company_id=None,
                client_id=None,
                lines=[{"description": "x", "price": "1", "vat_rate": 0}],
            ),
        )
    assert error.value.field == "vat_category"


def test_a_credit_invoice_stays_whole(
    app: Ledgerdesk, tenant: str, company: str
) -> None:
    invoice_id = finalised(app, tenant, company)
    draft_credit = app.invoices.credit(tenant, OPERATOR, invoice_id)
    with pytest.raises(InvalidTransition, match="in full"):
        app.invoicing.remove_line(tenant, OPERATOR, draft_credit, "1")
    with pytest.raises(InvalidTransition, match="in full"):
        app.invoices.add_line(tenant, OPERATOR, draft_credit, LINES[0])
    app.invoices.finalise(tenant, OPERATOR, draft_credit, "EXT-C")
    with pytest.raises(InvalidTransition, match="in full"):
        app.invoices.restore(tenant, OPERATOR, draft_credit)
    assert app.invoices.snapshot(tenant, draft_credit)["totals"]["gross"] == "237.21"
