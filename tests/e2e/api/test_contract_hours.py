"""A contract's hours: exact as typed, and what is left now, in the list as on the
detail page."""

from __future__ import annotations

from datetime import date

import pytest

from domain.periods import add_months
from projections import tables as t
from tests.e2e.api.conftest import Portal


def _ticket(portal: Portal) -> object:
    rows = portal.rows(
        t.tickets,
        tenant_id=portal.tenant_id(),
        client_id=portal.user_id("client@demo.test"),
    )
    return next(r for r in rows if not r.deleted and r.merged_into is None)


def test_a_periodic_contract_lists_what_is_left_of_the_current_period(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = _ticket(portal)
    first_of_month = date.today().replace(day=1)
    start = add_months(first_of_month, -3)
    made = portal.post(
        "/api/contracts",
        operator,
        json={
            "name": "Monthly support",
            "company_id": ticket.company_id,  # type: ignore[attr-defined]
            "period": "month",
            "quantity": "2",
            "start_date": start.isoformat(),
        },
    )
    assert made.status_code == 201, made.text
    contract_id = made.json()["id"]
    booked = portal.post(
        "/api/time-registrations",
        operator,
        json={
            "ticket_id": ticket.id,  # type: ignore[attr-defined]
            "minutes": 45,
            "executed_at": f"{start.isoformat()}T10:00:00Z",
            "contract_id": contract_id,
        },
    )
    assert booked.status_code == 201, booked.text

    def listed() -> dict[str, object]:
        page = portal.get(
            "/api/contracts", client_a, params={"builder[paginate]": 100}
        ).json()
        return next(r for r in page["data"] if r["id"] == contract_id)

    # time booked three periods ago leaves this period's two hours untouched
    assert listed()["minutes_remaining"] == 120
    detail = portal.get(f"/api/contracts/{contract_id}", client_a).json()
    assert detail["minutes_remaining"] == 120
    blocks = {b["period_start"]: b for b in detail["contractPeriods"]}
    assert blocks[start.isoformat()]["minutes_remaining"] == 75

    now = portal.post(
        "/api/time-registrations",
        operator,
        json={
            "ticket_id": ticket.id,  # type: ignore[attr-defined]
            "minutes": 30,
            "executed_at": f"{date.today().isoformat()}T00:30:00Z",
            "contract_id": contract_id,
        },
    )
    assert now.status_code == 201, now.text
    assert listed()["minutes_remaining"] == 90
    detail = portal.get(f"/api/contracts/{contract_id}", client_a).json()
    assert detail["minutes_remaining"] == 90


@pytest.mark.parametrize("quantity", [1.05, "1.05"])
def test_hours_are_kept_exactly_as_typed(
    portal: Portal, operator: dict[str, str], quantity: object
) -> None:
    made = portal.post(
        "/api/contracts",
        operator,
        json={"name": "Card", "period": None, "quantity": quantity},
    )
    assert made.status_code == 201, made.text
    assert made.json()["quantity"] == 1.05
    assert made.json()["minutes_remaining"] == 63


@pytest.mark.parametrize("quantity", ["1,5", "lots", 0.01, "NaN", "1e400", True])
def test_hours_that_are_not_whole_minutes_or_no_number_are_a_422(
    portal: Portal, operator: dict[str, str], quantity: object
) -> None:
    made = portal.post(
        "/api/contracts", operator, json={"name": "Card", "quantity": quantity}
    )
    assert made.status_code == 422, made.text
    assert list(made.json()["errors"]) == ["quantity"]
