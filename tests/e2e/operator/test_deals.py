"""Deals, projects and used products over HTTP: CRUD, 422s, 404s and invoicing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.operator.conftest import Desk


def _company(desk: Desk, headers: dict[str, str]) -> dict[str, Any]:
    rows = desk.get("/api/companies", headers, params={"search": "Northwind"})
    return rows.json()["data"][0]  # type: ignore[no-any-return]


def test_deal_and_project_create_show_list_update_delete(
    desk: Desk, second: dict[str, str]
) -> None:
    company = _company(desk, second)
    client_id = desk.user_id("client@demo.test")
    made = desk.post(
        "/api/deals",
        second,
        json={
            "description": "Laptops for sales",
            "company_id": company["id"],
            "client_id": client_id,
        },
    )
    assert made.status_code == 201, made.text
    deal = made.json()
    assert deal["company"]["name"] == "Northwind Trading"
    assert deal["client"]["full_name"] == "Anna de Vries"

    project = desk.post(
        "/api/projects",
        second,
        json={
            "description": "Roll out the laptops",
            "company_id": company["id"],
            "deal_id": deal["id"],
        },
    ).json()
    assert project["deal_id"] == deal["id"]

    shown = desk.get(f"/api/deals/{deal['id']}", second).json()
    assert shown["description"] == "Laptops for sales"
    listed = desk.get(
        "/api/deals",
        second,
        params={"builder[where][0][]": ["description", "like", "%sales%"]},
    ).json()
    assert [d["id"] for d in listed["data"]] == [deal["id"]]

    changed = desk.put(
        f"/api/deals/{deal['id']}", second, json={"description": "Laptops for sales 2"}
    )
    assert changed.status_code == 200, changed.text
    assert changed.json()["description"] == "Laptops for sales 2"
    assert changed.json()["version"] > deal["version"]

    gone = desk.delete(f"/api/projects/{project['id']}", second)
    assert gone.json() == {"message": "Item verwijderd."}
    assert desk.get(f"/api/projects/{project['id']}", second).status_code == 404
    assert desk.delete(f"/api/projects/{project['id']}", second).status_code == 404


@pytest.mark.parametrize("route", ["deals", "projects", "used-products"])
def test_a_change_on_a_stale_version_is_refused_and_loses_nothing(
    desk: Desk, second: dict[str, str], route: str
) -> None:
    company = _company(desk, second)
    body: dict[str, Any] = {"description": "First", "company_id": company["id"]}
    if route == "used-products":
        body |= {"quantity": 1, "price": 10, "type": 1, "invoice_moment": 1}
    record = desk.post(f"/api/{route}", second, json=body).json()
    path = f"/api/{route}/{record['id']}"
    mine = desk.put(
        path, second, json={"description": "Mine", "version": record["version"]}
    )
    assert mine.status_code == 200, mine.text

    theirs = desk.put(
        path, second, json={"description": "Theirs", "version": record["version"]}
    )
    assert theirs.status_code == 409
    assert "changed by someone else" in theirs.json()["message"]
    assert desk.get(path, second).json()["description"] == "Mine"


@pytest.mark.parametrize(
    ("route", "body", "field"),
    [
        ("deals", {}, "description"),
        ("deals", {"description": " "}, "description"),
        ("deals", {"description": "x", "company_id": "nope"}, "company_id"),
        ("deals", {"description": "x", "quantity": 2}, "quantity"),
        ("projects", {"description": "x", "deal_id": "nope"}, "deal_id"),
        ("used-products", {"description": "x", "quantity": 0}, "quantity"),
        ("used-products", {"description": "x", "quantity": "many"}, "quantity"),
        ("used-products", {"description": "x", "price": -1}, "price"),
        ("used-products", {"description": "x", "type": 4}, "type"),
        ("used-products", {"description": "x", "invoice_moment": 0}, "invoice_moment"),
        ("used-products", {"description": "x", "product_id": 999999}, "product_id"),
        ("used-products", {"description": "x", "ticket_id": "nope"}, "ticket_id"),
    ],
)
def test_bad_input_is_422_naming_the_field(
    desk: Desk,
    second: dict[str, str],
    route: str,
    body: dict[str, Any],
    field: str,
) -> None:
    answer = desk.post(f"/api/{route}", second, json=body)
    assert answer.status_code == 422, answer.text
    assert field in answer.json()["errors"]


def test_unknown_ids_are_404_and_clients_are_refused(
    desk: Desk, second: dict[str, str], client_a: dict[str, str]
) -> None:
    for route in ("deals", "projects", "used-products"):
        missing = "00000000-0000-0000-0000-000000000000"
        assert desk.get(f"/api/{route}/{missing}", second).status_code == 404
        assert desk.put(f"/api/{route}/{missing}", second, json={}).status_code == 404
        assert desk.get(f"/api/{route}", client_a).status_code == 403


def test_used_products_with_type_and_moment_go_on_and_off_the_draft_invoice(
    desk: Desk, second: dict[str, str]
) -> None:
    company = _company(desk, second)
    ticket = desk.ticket_of("client@demo.test")
    fixed = desk.post(
        "/api/used-products",
        second,
        json={
            "description": "Installation, fixed price",
            "company_id": company["id"],
            "ticket_id": ticket.id,
            "quantity": 3,
            "price": "250.00",
            "type": 2,
            "invoice_moment": 3,
        },
    )
    assert fixed.status_code == 201, fixed.text
    product = fixed.json()
    assert product["type_label"] == "fixed price"
    assert product["invoice_moment_label"] == "end of phase"
    assert product["total"] == 250.0  # a fixed price counts once

    listed = desk.get(
        "/api/used-products", second, params={"ticket_id": ticket.id}
    ).json()
    assert [p["id"] for p in listed["data"]] == [product["id"]]

    put_on = desk.post(
        "/api/used-products/invoice", second, json={"ids": [product["id"]]}
    )
    assert put_on.status_code == 200, put_on.text
    assert put_on.json()["message"] == "Regel toegevoegd aan conceptfactuur."
    invoice_id = put_on.json()["invoice_ids"][0]
    lines = desk.get(f"/api/invoices/{invoice_id}", second).json()["lines"]
    line = next(x for x in lines if (x.get("source") or {}).get("id") == product["id"])
    assert line["source"]["type"] == "used_product"
    assert float(line["quantity"]) == 1 and float(line["price"]) == 250

    again = desk.post(
        "/api/used-products/invoice", second, json={"ids": [product["id"]]}
    )
    assert again.status_code == 409
    refused = desk.delete(f"/api/used-products/{product['id']}", second)
    assert refused.status_code == 422

    taken_off = desk.post(
        "/api/used-products/deinvoice", second, json={"ids": [product["id"]]}
    )
    assert taken_off.json()["message"] == "Regel verwijderd van conceptfactuur."
    lines = desk.get(f"/api/invoices/{invoice_id}", second).json()["lines"]
    assert all((x.get("source") or {}).get("id") != product["id"] for x in lines)
    assert desk.delete(f"/api/used-products/{product['id']}", second).status_code == 200
