"""The operator routes of bookable invoices: the invoice snapshot, marking paid,
outstanding or expired, crediting once in full, and the seller's billing profile.
Bad input is a 422 naming the field, a wrong state a 409 that says why, another
tenant's invoice a 404; nothing is a 500."""

from __future__ import annotations

from typing import Any

import pytest

from projections import tables as t
from tests.e2e.api.conftest import OTHER, Portal
from tests.support.invoices import PROFILE


def _draft(portal: Portal, operator: dict[str, str]) -> str:
    company = portal.rows(t.companies, tenant_id=portal.tenant_id())[0].id
    made = portal.post(
        "/api/invoices",
        operator,
        json={
            "company_id": str(company),
            "lines": [
                {"description": "Support", "quantity": "2", "price": "80.00"},
                {
                    "description": "Reverse charged licence",
                    "quantity": "1",
                    "price": "100.00",
                    "vat_rate": "0",
                    "vat_category": "AE",
                },
            ],
        },
    )
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def _finalised(portal: Portal, operator: dict[str, str]) -> str:
    invoice_id = _draft(portal, operator)
    done = portal.post(f"/api/invoicing/export/{invoice_id}", operator)
    assert done.status_code == 200, done.text
    return invoice_id


def test_the_billing_profile_is_shown_and_changed(
    portal: Portal, operator: dict[str, str]
) -> None:
    changed = portal.client.put("/api/billing-profile", headers=operator, json=PROFILE)
    assert changed.status_code == 200, changed.text
    shown = portal.get("/api/billing-profile", operator).json()
    assert shown["name"] == "Demo IT Services B.V."
    assert shown["electronic_address"] == {"scheme": "0106", "id": "12345678"}
    assert shown["currency"] == "EUR" and shown["payment_terms_days"] == 14


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"iban": "NL00ABNA0000000000"}, "iban"),
        ({"country_code": "Holland"}, "country_code"),
        ({"country_code": None}, "country_code"),
        ({"kvk_number": "12ab"}, "kvk_number"),
        ({"vat_number": "123"}, "vat_number"),
        ({"payment_terms_days": -1}, "payment_terms_days"),
        ({"payment_terms_days": "soon"}, "payment_terms_days"),
        ({"electronic_address": {"scheme": "XX", "id": "1"}}, "electronic_address"),
        ({"name": ""}, "name"),
    ],
)
def test_a_bad_billing_profile_is_a_422_naming_the_field(
    portal: Portal, operator: dict[str, str], change: dict[str, Any], field: str
) -> None:
    answer = portal.client.put(
        "/api/billing-profile", headers=operator, json={**PROFILE, **change}
    )
    assert answer.status_code == 422, answer.text
    assert any(key.startswith(field) for key in answer.json()["errors"]), answer.json()


def test_a_client_cannot_see_or_change_the_billing_profile(
    portal: Portal, client_a: dict[str, str]
) -> None:
    assert portal.get("/api/billing-profile", client_a).status_code == 403
    answer = portal.client.put("/api/billing-profile", headers=client_a, json=PROFILE)
    assert answer.status_code == 403


def test_the_snapshot_of_a_finalised_invoice(
    portal: Portal, operator: dict[str, str]
) -> None:
    portal.client.put("/api/billing-profile", headers=operator, json=PROFILE)
    invoice_id = _finalised(portal, operator)
    snap = portal.get(f"/api/invoices/{invoice_id}/snapshot", operator).json()
    assert snap["seller"]["vat_number"] == "NL123456789B01"
    assert snap["payment_terms"]["days"] == 14
    assert [g["category"] for g in snap["vat_breakdown"]] == ["AE", "S"]
    assert snap["vat_breakdown"][0]["exemption_reason"] == "Reverse charge"
    assert snap["totals"] == {
        "net": "260.00",
        "vat": "33.60",
        "gross": "293.60",
        "paid": "0.00",
        "amount_due": "293.60",
    }


def test_a_zero_rate_line_without_category_is_a_422(
    portal: Portal, operator: dict[str, str]
) -> None:
    answer = portal.post(
        "/api/invoices",
        operator,
        json={"lines": [{"description": "x", "price": "1", "vat_rate": "0"}]},
    )
    assert answer.status_code == 422
    assert "vat_category" in answer.json()["errors"]


def test_marking_an_invoice(portal: Portal, operator: dict[str, str]) -> None:
    invoice_id = _finalised(portal, operator)
    path = f"/api/invoices/{invoice_id}/status"
    paid = portal.post(path, operator, json={"status": "paid"})
    assert paid.status_code == 200, paid.text
    assert paid.json()["status"] == 4
    snap = portal.get(f"/api/invoices/{invoice_id}/snapshot", operator).json()
    assert snap["totals"]["amount_due"] == "0.00"
    assert portal.post(path, operator, json={"status": "expired"}).json()["status"] == 9
    back = portal.post(path, operator, json={"status": "outstanding"})
    assert back.json()["status"] == 2
    wrong = portal.post(path, operator, json={"status": "lost"})
    assert wrong.status_code == 422
    assert "status" in wrong.json()["errors"]
    assert portal.post(path, operator, json={}).status_code == 422


def test_a_draft_cannot_be_marked_or_credited(
    portal: Portal, operator: dict[str, str]
) -> None:
    draft = _draft(portal, operator)
    marked = portal.post(
        f"/api/invoices/{draft}/status", operator, json={"status": "paid"}
    )
    assert marked.status_code == 409
    assert "finalised" in marked.json()["message"]
    credited = portal.post(f"/api/invoices/{draft}/credit", operator)
    assert credited.status_code == 409
    assert "finalised" in credited.json()["message"]


def test_an_invoice_is_credited_once_in_full(
    portal: Portal, operator: dict[str, str]
) -> None:
    invoice_id = _finalised(portal, operator)
    credit = portal.post(f"/api/invoices/{invoice_id}/credit", operator)
    assert credit.status_code == 201, credit.text
    body = credit.json()
    assert body["credits"] == invoice_id and body["status"] == 8
    assert body["external_id"] and body["is_draft"] is False
    snap = portal.get(f"/api/invoices/{body['id']}/snapshot", operator).json()
    assert snap["kind"] == "credit_note"
    assert snap["credited_invoice"]["invoice_id"] == invoice_id
    assert snap["totals"]["gross"] == "293.60"
    again = portal.post(f"/api/invoices/{invoice_id}/credit", operator)
    assert again.status_code == 409
    assert "already been credited" in again.json()["message"]
    of_credit = portal.post(f"/api/invoices/{body['id']}/credit", operator)
    assert of_credit.status_code == 409
    marked = portal.post(
        f"/api/invoices/{body['id']}/status", operator, json={"status": "paid"}
    )
    assert marked.status_code == 409


@pytest.mark.parametrize("suffix", ["snapshot", "status", "credit"])
def test_another_tenant_s_invoice_is_404(
    portal: Portal, operator: dict[str, str], suffix: str
) -> None:
    invoice_id = _finalised(portal, operator)
    other = portal.login("first@other.test", host=OTHER)
    path = f"/api/invoices/{invoice_id}/{suffix}"
    if suffix == "snapshot":
        answer = portal.get(path, other)
    else:
        answer = portal.post(path, other, json={"status": "paid"})
    assert answer.status_code == 404
    unknown = f"/api/invoices/{'0' * 36}/{suffix}"
    if suffix == "snapshot":
        assert portal.get(unknown, operator).status_code == 404
    else:
        assert (
            portal.post(unknown, operator, json={"status": "paid"}).status_code == 404
        )


def test_a_client_cannot_mark_or_credit(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    invoice_id = _finalised(portal, operator)
    status = f"/api/invoices/{invoice_id}/status"
    assert portal.post(status, client_a, json={"status": "paid"}).status_code == 403
    credit = f"/api/invoices/{invoice_id}/credit"
    assert portal.post(credit, client_a).status_code == 403


def test_the_demo_invoices_have_a_snapshot(
    portal: Portal, operator: dict[str, str]
) -> None:
    tenant = portal.tenant_id()
    rows = [
        r
        for r in portal.rows(t.invoices, tenant_id=tenant)
        if r.external_id is not None
    ]
    assert rows
    for row in rows[:5]:
        snap = portal.get(f"/api/invoices/{row.id}/snapshot", operator)
        assert snap.status_code == 200, snap.text
        assert snap.json()["seller"]["name"]


def test_a_company_holds_what_an_invoice_names_of_its_buyer(
    portal: Portal, operator: dict[str, str]
) -> None:
    made = portal.post(
        "/api/companies",
        operator,
        json={
            "name": "Buyer BV",
            "address_1": "Dam 1",
            "city": "Amsterdam",
            "country": "NL",
            "postal_code": "1012 JS",
            "vat_number": "nl 0000 99998 b57",
            "kvk_number": "87654321",
            "electronic_address_scheme": "0106",
            "electronic_address_id": "87654321",
        },
    )
    assert made.status_code == 201, made.text
    company = made.json()
    assert company["vat_number"] == "NL000099998B57"
    assert company["kvk_number"] == "87654321"
    invoice = portal.post(
        "/api/invoices",
        operator,
        json={
            "company_id": company["id"],
            "lines": [{"description": "Support", "price": "10.00"}],
        },
    )
    invoice_id = invoice.json()["id"]
    portal.post(f"/api/invoicing/export/{invoice_id}", operator)
    buyer = portal.get(f"/api/invoices/{invoice_id}/snapshot", operator).json()["buyer"]
    assert buyer["postal_code"] == "1012 JS" and buyer["country_code"] == "NL"
    assert buyer["electronic_address"] == {"scheme": "0106", "id": "87654321"}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("kvk_number", "1234"),
        ("vat_number", "123"),
        ("electronic_address_scheme", "XX"),
        ("postal_code", "x" * 21),
    ],
)
def test_bad_buyer_fields_are_a_422_naming_the_field(
    portal: Portal, operator: dict[str, str], field: str, value: str
) -> None:
    made = portal.post(
        "/api/companies", operator, json={"name": "Bad BV", field: value}
    )
    assert made.status_code == 422, made.text
    assert field in made.json()["errors"]
