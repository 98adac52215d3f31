"""Ticket list rows carry what the operator pieces read: version, route, due_at."""

from __future__ import annotations

from tests.e2e.operator.conftest import Desk


def _row(desk: Desk, headers: dict[str, str], ticket_id: str) -> dict[str, object]:
    rows = desk.get(
        "/api/tickets",
        headers,
        params={"builder[paginate]": 100},
    ).json()["data"]
    return next(r for r in rows if r["id"] == ticket_id)


def test_rows_carry_version_route_and_due_date(
    desk: Desk, first: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = desk.ticket_of("client@demo.test")
    before = _row(desk, first, ticket.id)
    assert before["route"] == "tickets"
    assert before["due_at"] is None
    assert isinstance(before["version"], int)

    changed = desk.put(
        f"/api/tickets/{ticket.id}",
        first,
        json={
            "scheduled_at": "2030-01-02 10:05:00+01:00",
            "version": before["version"],
        },
    )
    assert changed.status_code == 200, changed.text
    after = _row(desk, first, ticket.id)
    assert after["due_at"] == "2030-01-02T09:05:00Z"
    assert after["version"] == changed.json()["version"] > before["version"]
    # the client's own list has the same row shape
    assert _row(desk, client_a, ticket.id)["version"] == after["version"]


def test_a_template_row_links_through_ticket_templates(
    desk: Desk, first: dict[str, str]
) -> None:
    made = desk.post(
        "/api/ticket-templates",
        first,
        json={"description": "Onboarding checklist"},
    )
    assert made.status_code == 201, made.text
    rows = desk.get(
        "/api/tickets",
        first,
        params={
            "builder[paginate]": 100,
            "builder[where][0][]": ["is_template", "=", "1"],
        },
    ).json()["data"]
    row = next(r for r in rows if r["id"] == made.json()["id"])
    assert row["route"] == "ticket-templates"
    assert row["is_template"] is True
