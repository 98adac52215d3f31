"""Contracts, subscriptions and assets written by operators, read in the portal."""

from __future__ import annotations

from tests.e2e.operator.conftest import Desk


def test_contract_subscription_and_asset_writes_show_in_the_portal(
    desk: Desk, first: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = desk.ticket_of("client@demo.test")
    parties = {"client_id": ticket.client_id, "company_id": ticket.company_id}
    contract = desk.post(
        "/api/contracts",
        first,
        json={**parties, "name": "Extra hours", "period": None, "quantity": 4},
    )
    assert contract.status_code == 201, contract.text
    contract_id = contract.json()["id"]
    renamed = desk.put(
        f"/api/contracts/{contract_id}", first, json={"name": "Extra support hours"}
    )
    assert renamed.json()["name"] == "Extra support hours"
    seen = desk.get(f"/api/contracts/{contract_id}", client_a).json()
    assert seen["name"] == "Extra support hours"

    subscription = desk.post(
        "/api/subscriptions",
        first,
        json={
            **parties,
            "description": "Firewall",
            "period": "month",
            "billing_start_date": "2026-01-01",
            "lines": [{"description": "Firewall", "quantity": 1, "price": "25"}],
        },
    )
    assert subscription.status_code == 201, subscription.text
    subscription_id = subscription.json()["id"]
    more = desk.put(
        f"/api/subscriptions/{subscription_id}",
        first,
        json={"lines": [{"description": "Firewall", "quantity": 2, "price": "25"}]},
    )
    assert more.json()["total"] == 50.0
    assert (
        desk.get(f"/api/subscriptions/{subscription_id}", client_a).status_code == 200
    )

    asset = desk.post(
        "/api/assets",
        first,
        json={**parties, "name": "Switch", "serial_number": "SW-1", "status_id": 4},
    )
    assert asset.status_code == 201, asset.text
    asset_id = asset.json()["id"]
    moved = desk.put(f"/api/assets/{asset_id}", first, json={"status_id": 5})
    assert moved.status_code == 200, moved.text
    assert desk.get(f"/api/assets/{asset_id}", client_a).json()["name"] == "Switch"

    bad = desk.post("/api/assets", first, json={"name": "X", "status_id": 99})
    assert bad.status_code == 422 and "status_id" in bad.json()["errors"]
    no_period = desk.post(
        "/api/subscriptions",
        first,
        json={"description": "X", "billing_start_date": "2026-01-01"},
    )
    assert no_period.status_code == 422
    assert desk.post("/api/contracts", client_a, json={"name": "x"}).status_code == 403
