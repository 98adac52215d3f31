"""Money stays exact from the lines to the read model, the API and list filters."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import Table

from projections import tables as t
from tests.e2e.operator.conftest import Desk

# In floats 3 * 0.1 + 0.2 + 0.1 is 0.6000000000000001; in cents it is 0.60.
LINES = [
    {"description": "Cable ties", "quantity": 3, "price": "0.10"},
    {"description": "Label", "quantity": 1, "price": "0.20"},
    {"description": "Screw", "quantity": 1, "price": 0.1},
]


def _row(desk: Desk, table: Table, record_id: str) -> Any:
    rows = desk.rows(table, tenant_id=desk.tenant_id(), id=record_id)
    assert len(rows) == 1
    return rows[0]


def test_a_quote_of_cents_totals_exactly(
    desk: Desk, first: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = desk.ticket_of("client@demo.test")
    made = desk.post(
        "/api/quotes",
        first,
        json={
            "name": "Small parts",
            "client_id": ticket.client_id,
            "company_id": ticket.company_id,
            "lines": LINES,
        },
    )
    assert made.status_code == 201, made.text
    quote_id = made.json()["id"]

    row = _row(desk, t.quotes, quote_id)
    assert isinstance(row.total, Decimal) and row.total == Decimal("0.60")
    assert str(row.total) == "0.60"

    for headers in (first, client_a):
        shown = desk.get(f"/api/quotes/{quote_id}", headers)
        assert shown.status_code == 200, shown.text
        assert shown.json()["total"] == 0.6
        assert [x["total"] for x in shown.json()["lines"]] == [0.3, 0.2, 0.1]
        assert "00000" not in shown.text and "99999" not in shown.text

    listed = desk.get(
        "/api/quotes",
        client_a,
        params={"builder[where][0][]": ["total", "=", "0.6"]},
    )
    assert listed.status_code == 200, listed.text
    assert [q["id"] for q in listed.json()["data"]] == [quote_id]
    assert listed.json()["data"][0]["total"] == 0.6
    above = desk.get(
        "/api/quotes",
        client_a,
        params={
            "builder[where][0][]": ["total", ">", "0.59"],
            "builder[orderBy][0][]": ["total", "asc"],
        },
    )
    assert above.status_code == 200, above.text
    assert quote_id in [q["id"] for q in above.json()["data"]]


def test_an_invoice_of_cents_totals_exactly(desk: Desk, first: dict[str, str]) -> None:
    company = desk.ticket_of("client@demo.test").company_id
    made = desk.post(
        "/api/invoices", first, json={"company_id": company, "lines": LINES[:2]}
    )
    assert made.status_code == 201, made.text
    invoice_id = made.json()["id"]
    added = desk.post(f"/api/invoices/{invoice_id}/lines", first, json=LINES[2])
    assert added.status_code in (200, 201), added.text

    row = _row(desk, t.invoices, invoice_id)
    assert row.amount_excl == Decimal("0.60") and str(row.amount_excl) == "0.60"
    # 0.363 + 0.242 + 0.121 with 21% VAT is 0.726, rounded once to 0.73.
    assert row.amount_incl == Decimal("0.73")

    shown = desk.get(f"/api/invoices/{invoice_id}", first).json()
    assert shown["amount_excl"] == 0.6 and shown["amount_incl"] == 0.73
    assert [x["total"] for x in shown["lines"]] == [0.3, 0.2, 0.1]
    assert [x["price"] for x in shown["lines"]] == [0.1, 0.2, 0.1]
    assert [x["quantity"] for x in shown["lines"]] == [3, 1, 1]
    assert [x["vat_rate"] for x in shown["lines"]] == [21, 21, 21]
    pdf = desk.post(f"/api/invoicing/export/{invoice_id}", first)
    assert pdf.status_code == 200, pdf.text


def test_a_used_product_keeps_its_cents_and_quantity(
    desk: Desk, first: dict[str, str]
) -> None:
    company = desk.ticket_of("client@demo.test").company_id
    made = desk.post(
        "/api/used-products",
        first,
        json={
            "description": "Cable ties",
            "company_id": company,
            "quantity": "3",
            "price": "0.10",
        },
    )
    assert made.status_code == 201, made.text
    product = made.json()
    assert product["total"] == 0.3 and product["price"] == 0.1

    row = _row(desk, t.used_products, product["id"])
    assert row.price == Decimal("0.10") and row.quantity == Decimal("3")

    fraction = desk.post(
        "/api/used-products",
        first,
        json={"description": "x", "company_id": company, "price": "0.105"},
    )
    assert fraction.status_code == 422
    assert "price" in fraction.json()["errors"]


def test_number_filters_are_exact_and_bounded(
    desk: Desk, client_a: dict[str, str]
) -> None:
    """Hours (a float column) and money (a decimal one) both filter; 1e999 is a 422."""
    hours = desk.get(
        "/api/contracts",
        client_a,
        params={"builder[where][0][]": ["quantity", ">=", "0"]},
    )
    assert hours.status_code == 200, hours.text
    assert hours.json()["data"]
    for bad in ("1e999", "NaN", "Infinity", "0,5"):
        refused = desk.get(
            "/api/subscriptions",
            client_a,
            params={"builder[where][0][]": ["mrr", ">", bad]},
        )
        assert refused.status_code == 422, (bad, refused.text)
    fine = desk.get(
        "/api/subscriptions",
        client_a,
        params={"builder[where][0][]": ["mrr", ">", "0.1"]},
    )
    assert fine.status_code == 200, fine.text


def test_contract_hours_are_exact(
    desk: Desk, first: dict[str, str], client_a: dict[str, str]
) -> None:
    """Hours per period are kept as a decimal: 0.1 + 0.2 h reads 0.3, not 0.30000004."""
    company = desk.ticket_of("client@demo.test").company_id
    made = desk.post(
        "/api/contracts",
        first,
        json={
            "name": "Tenths",
            "company_id": company,
            "period": "month",
            "quantity": "0.3",
            "start_date": "2026-01-01",
        },
    )
    assert made.status_code == 201, made.text
    row = _row(desk, t.contracts, made.json()["id"])
    assert isinstance(row.quantity, Decimal) and row.quantity == Decimal("0.30")
    shown = desk.get(f"/api/contracts/{made.json()['id']}", client_a).json()
    assert shown["quantity"] == 0.3 and shown["minutes_remaining"] == 18
    listed = desk.get(
        "/api/contracts",
        client_a,
        params={"builder[where][0][]": ["quantity", "=", "0.3"]},
    )
    assert [c["id"] for c in listed.json()["data"]] == [made.json()["id"]]
