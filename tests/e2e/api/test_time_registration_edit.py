"""One time registration shown and changed: its version, its contract's hours, the
fields a bad value names, and nobody else's registration."""

from __future__ import annotations

from typing import Any

import pytest

from projections import tables as t
from tests.e2e.api.conftest import Portal

MISSING = "00000000-0000-0000-0000-000000000000"


def _ticket(portal: Portal, email: str, subdomain: str = "demo") -> Any:
    tenant = portal.tenant_id(subdomain)
    rows = portal.rows(
        t.tickets, tenant_id=tenant, client_id=portal.user_id(email, subdomain)
    )
    return next(r for r in rows if not r.deleted and r.merged_into is None)


def _prepaid(portal: Portal, company_id: str) -> str:
    rows = portal.rows(t.contracts, tenant_id=portal.tenant_id(), company_id=company_id)
    return str(next(r.id for r in rows if r.period is None))


def _register(portal: Portal, headers: dict[str, str], **fields: Any) -> Any:
    made = portal.post("/api/time-registrations", headers, json=fields)
    assert made.status_code == 201, made.text
    return made.json()


def _put(portal: Portal, headers: dict[str, str], rid: str, body: Any) -> Any:
    return portal.client.put(
        f"/api/time-registrations/{rid}", headers=headers, json=body
    )


def test_a_registration_is_shown_and_changed_with_its_contract_hours(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = _ticket(portal, "client@demo.test")
    contract_id = _prepaid(portal, ticket.company_id)
    before = portal.get(f"/api/contracts/{contract_id}", client_a).json()
    made = _register(
        portal,
        operator,
        ticket_id=ticket.id,
        minutes=30,
        executed_at="2026-03-02T10:00:00Z",
        contract_id=contract_id,
        description="Printer",
    )
    shown = portal.get(f"/api/time-registrations/{made['id']}", operator)
    assert shown.status_code == 200, shown.text
    assert shown.json() == {**made, "invoice_id": None}
    assert shown.json()["version"] == 1

    changed = _put(
        portal,
        operator,
        made["id"],
        {"minutes": "01:30", "description": " Printer and scanner ", "version": 1},
    )
    assert changed.status_code == 200, changed.text
    body = changed.json()
    assert body["time_spent_rounded"] == 90 and body["version"] == 2
    assert body["description"] == "Printer and scanner"
    assert body["executed_at"] == made["executed_at"]
    assert body["contract_id"] == contract_id
    after = portal.get(f"/api/contracts/{contract_id}", client_a).json()
    assert after["minutes_remaining"] == before["minutes_remaining"] - 90
    listed = portal.get(
        "/api/time-registrations", operator, params={"ticket_id": ticket.id}
    ).json()
    assert next(r for r in listed if r["id"] == made["id"]) == body

    stale = _put(portal, operator, made["id"], {"minutes": 10, "version": 1})
    assert stale.status_code == 409
    unbooked = _put(portal, operator, made["id"], {"contract_id": None})
    assert unbooked.status_code == 200, unbooked.text
    assert unbooked.json()["contract_id"] is None
    restored = portal.get(f"/api/contracts/{contract_id}", client_a).json()
    assert restored["minutes_remaining"] == before["minutes_remaining"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"minutes": "abc"}, "minutes"),
        ({"minutes": None}, "minutes"),
        ({"minutes": 0}, "time_spent"),
        ({"executed_at": None}, "executed_at"),
        ({"executed_at": "2026-03-02T10:00:00"}, "executed_at"),
        ({"executed_at": "yesterday"}, "executed_at"),
        ({"activity_id": 999999}, "activity_id"),
        ({"activity_id": "x"}, "activity_id"),
        ({"operator_id": MISSING}, "operator_id"),
        ({"description": "x" * 2001}, "description"),
        ({"version": "v"}, "version"),
    ],
)
def test_a_bad_value_is_a_422_naming_its_field(
    portal: Portal, operator: dict[str, str], body: dict[str, Any], field: str
) -> None:
    ticket = _ticket(portal, "client@demo.test")
    made = _register(portal, operator, ticket_id=ticket.id, minutes=20)
    answer = _put(portal, operator, made["id"], body)
    assert answer.status_code == 422, answer.text
    assert field in answer.json()["errors"]


def test_a_contract_of_another_company_is_refused(
    portal: Portal, operator: dict[str, str]
) -> None:
    ticket = _ticket(portal, "client@demo.test")
    theirs = _ticket(portal, "client2@demo.test")
    made = _register(portal, operator, ticket_id=ticket.id, minutes=20)
    answer = _put(
        portal,
        operator,
        made["id"],
        {"contract_id": _prepaid(portal, theirs.company_id)},
    )
    assert answer.status_code == 422
    assert "contract_id" in answer.json()["errors"]


def test_invoiced_time_is_not_changed_until_taken_off(
    portal: Portal, operator: dict[str, str]
) -> None:
    ticket = _ticket(portal, "client@demo.test")
    made = _register(portal, operator, ticket_id=ticket.id, minutes=20)
    added = portal.post(
        "/api/time-registrations/invoice", operator, json={"ids": [made["id"]]}
    )
    assert added.status_code == 200, added.text
    shown = portal.get(f"/api/time-registrations/{made['id']}", operator).json()
    assert shown["invoice_id"] == added.json()["invoice_ids"][0]
    assert _put(portal, operator, made["id"], {"minutes": 30}).status_code == 409
    portal.post(
        "/api/time-registrations/deinvoice", operator, json={"ids": [made["id"]]}
    )
    assert _put(portal, operator, made["id"], {"minutes": 30}).status_code == 200


def test_nobody_elses_registration_is_shown_or_changed(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = _ticket(portal, "client@demo.test")
    made = _register(portal, operator, ticket_id=ticket.id, minutes=20)
    path = f"/api/time-registrations/{made['id']}"
    elsewhere = portal.login("first@other.test", host="other.localhost")
    assert portal.get(path, elsewhere).status_code == 404
    assert _put(portal, elsewhere, made["id"], {"minutes": 5}).status_code == 404
    missing = portal.get(f"/api/time-registrations/{MISSING}", operator)
    assert missing.status_code == 404
    assert _put(portal, operator, MISSING, {"minutes": 5}).status_code == 404
    # a client (of the ticket's own company) has no time registration routes
    assert portal.get(path, client_a).status_code == 403
    assert _put(portal, client_a, made["id"], {"minutes": 5}).status_code == 403
    assert portal.get(path, operator).json()["time_spent_rounded"] == 20
