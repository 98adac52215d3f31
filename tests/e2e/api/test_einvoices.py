"""GET /api/invoices/{id}/ubl: a finalised invoice as a UBL 2.1 e-invoice, for
operators and for a client of the invoice's company; 404 across companies and
tenants, 403 without invoices.show, 409 for a draft or missing seller data."""

from __future__ import annotations

from typing import Any

import pytest
from lxml import etree

from domain.use_cases.invoices import CreateInvoice
from domain.use_cases.organisations import ChangeCompany
from projections import tables as t
from tests.e2e.api.conftest import OTHER, Portal
from tests.support.invoices import PROFILE, company_of
from tests.support.ubl_rules import NS, violations, xsd_errors

LINES: list[dict[str, Any]] = [
    {"description": "Support hours", "quantity": "7.5", "price": "85.00"},
    {"description": "Book", "quantity": "1", "price": "42.50", "vat_rate": 9},
    {
        "description": "Training",
        "quantity": "2",
        "price": "120.00",
        "vat_rate": 0,
        "vat_category": "E",
        "exemption_reason": "Education",
    },
    {
        "description": "Consultancy, reverse charged",
        "quantity": "3",
        "price": "95.00",
        "vat_rate": 0,
        "vat_category": "AE",
    },
]
BUYER = ChangeCompany(
    email="accounts@northwind.test",
    country="NL",
    postal_code="3511 ED",
    vat_number="NL987654321B01",
    kvk_number="87654321",
    electronic_address_scheme="0106",
    electronic_address_id="87654321",
)


def _finalised(
    portal: Portal, company_name: str = "Northwind Trading", credit: bool = False
) -> str:
    """An invoice of the company, finalised under a full billing profile."""
    svc = portal.svc
    tenant = portal.tenant_id()
    actor = portal.user_id("second@demo.test")
    app = svc.domain
    app.invoices.set_billing_profile(tenant, actor, PROFILE)
    company = company_of(portal, company_name)
    app.organisations.change(tenant, actor, company, BUYER)
    invoice_id = app.invoices.create(
        tenant,
        actor,
        CreateInvoice(
            company_id=company,
            client_id=None,
            day="2026-11-01",
            reference_number="PO-118",
            lines=LINES,
        ),
    )
    app.invoices.finalise(tenant, actor, invoice_id, "EXT-UBL", "2026-11-26")
    if credit:
        invoice_id = app.invoices.credit(tenant, actor, invoice_id)
        app.invoices.finalise(tenant, actor, invoice_id, "EXT-UBL-C", "2026-11-27")
    svc.follower.catch_up()
    return invoice_id


def test_an_operator_downloads_a_valid_e_invoice(
    portal: Portal, operator: dict[str, str]
) -> None:
    invoice_id = _finalised(portal)
    answer = portal.get(f"/api/invoices/{invoice_id}/ubl", operator)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/xml")
    code = portal.rows(t.invoices, id=invoice_id)[0].code
    assert answer.headers["content-disposition"] == (
        f'attachment; filename="{code}.xml"'
    )
    assert xsd_errors(answer.content) == []
    assert violations(answer.content) == []
    root = etree.fromstring(answer.content)
    assert root.findtext("cbc:ID", namespaces=NS) == code
    assert root.findtext("cbc:DocumentCurrencyCode", namespaces=NS) == "EUR"
    assert root.findtext("cbc:BuyerReference", namespaces=NS) == "PO-118"
    categories = {
        e.text
        for e in root.findall("cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID", NS)
    }
    assert categories == {"S", "E", "AE"}
    buyer = root.find("cac:AccountingCustomerParty/cac:Party", NS)
    assert buyer is not None
    endpoint = buyer.find("cbc:EndpointID", NS)
    assert endpoint is not None and endpoint.get("schemeID") == "0106"
    assert buyer.findtext("cac:PartyTaxScheme/cbc:CompanyID", namespaces=NS) == (
        "NL987654321B01"
    )


def test_a_credit_invoice_is_a_credit_note(
    portal: Portal, operator: dict[str, str]
) -> None:
    credit_id = _finalised(portal, credit=True)
    answer = portal.get(f"/api/invoices/{credit_id}/ubl", operator)
    assert answer.status_code == 200, answer.text
    assert xsd_errors(answer.content) == []
    assert violations(answer.content) == []
    root = etree.fromstring(answer.content)
    assert etree.QName(root).localname == "CreditNote"
    assert root.findtext(
        "cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID", namespaces=NS
    )


def test_a_client_gets_its_own_company_s_only(
    portal: Portal, client_a: dict[str, str], client_b: dict[str, str]
) -> None:
    invoice_id = _finalised(portal, "Northwind Trading")
    mine = portal.get(f"/api/invoices/{invoice_id}/ubl", client_a)
    assert mine.status_code == 200, mine.text
    assert xsd_errors(mine.content) == []
    theirs = portal.get(f"/api/invoices/{invoice_id}/ubl", client_b)
    assert theirs.status_code == 404
    assert theirs.json() == {"message": "Not found."}


def test_another_tenant_and_a_client_without_invoices_show_get_nothing(
    portal: Portal,
) -> None:
    invoice_id = _finalised(portal)
    other = portal.login("first@other.test", host=OTHER)
    assert portal.get(f"/api/invoices/{invoice_id}/ubl", other).status_code == 404
    without = portal.login("client3@demo.test")
    assert portal.get(f"/api/invoices/{invoice_id}/ubl", without).status_code == 403
    anonymous = portal.client.get(f"/api/invoices/{invoice_id}/ubl")
    assert anonymous.status_code == 401


@pytest.mark.parametrize("invoice_id", ["nope", "0" * 36, "x" * 500])
def test_an_unknown_invoice_is_404(
    portal: Portal, operator: dict[str, str], invoice_id: str
) -> None:
    answer = portal.get(f"/api/invoices/{invoice_id}/ubl", operator)
    assert answer.status_code == 404


def test_a_draft_has_no_e_invoice(portal: Portal, operator: dict[str, str]) -> None:
    draft = [
        r
        for r in portal.rows(t.invoices, tenant_id=portal.tenant_id())
        if r.external_id is None
    ][0]
    answer = portal.get(f"/api/invoices/{draft.id}/ubl", operator)
    assert answer.status_code == 409
    assert "finalise" in answer.json()["message"]


def test_missing_seller_data_is_a_409_that_says_what_to_fill_in(
    portal: Portal, operator: dict[str, str]
) -> None:
    tenant = portal.tenant_id()
    actor = portal.user_id("second@demo.test")
    company = company_of(portal, "Northwind Trading")
    app = portal.svc.domain
    invoice_id = app.invoices.create(
        tenant,
        actor,
        CreateInvoice(
            company_id=company, client_id=None, day="2026-11-01", lines=LINES[:1]
        ),
    )
    app.invoices.set_billing_profile(
        tenant, actor, {"name": "Demo", "country_code": "NL"}
    )
    app.invoices.finalise(tenant, actor, invoice_id, "EXT-BARE", "2026-11-26")
    portal.svc.follower.catch_up()
    answer = portal.get(f"/api/invoices/{invoice_id}/ubl", operator)
    assert answer.status_code == 409
    assert "billing profile" in answer.json()["message"]


def test_the_demo_invoices_download_as_e_invoices(
    portal: Portal, operator: dict[str, str]
) -> None:
    rows = [
        r
        for r in portal.rows(t.invoices, tenant_id=portal.tenant_id())
        if r.external_id is not None
    ]
    assert rows
    for row in rows:
        answer = portal.get(f"/api/invoices/{row.id}/ubl", operator)
        assert answer.status_code == 200, answer.text
        assert xsd_errors(answer.content) == []
        assert violations(answer.content) == []


def test_reverse_charge_without_the_buyer_s_vat_number_is_a_409(
    portal: Portal, operator: dict[str, str]
) -> None:
    invoice_id = _finalised(portal)
    tenant = portal.tenant_id()
    actor = portal.user_id("second@demo.test")
    app = portal.svc.domain
    company = company_of(portal, "Northwind Trading")
    app.organisations.change(tenant, actor, company, ChangeCompany(vat_number=None))
    draft = app.invoices.create(
        tenant,
        actor,
        CreateInvoice(
            company_id=company, client_id=None, day="2026-11-01", lines=LINES[3:]
        ),
    )
    app.invoices.finalise(tenant, actor, draft, "EXT-AE", "2026-11-26")
    portal.svc.follower.catch_up()
    answer = portal.get(f"/api/invoices/{draft}/ubl", operator)
    assert answer.status_code == 409
    assert "buyer's VAT number" in answer.json()["message"]
    # the one finalised before keeps the buyer it was issued to
    assert portal.get(f"/api/invoices/{invoice_id}/ubl", operator).status_code == 200
