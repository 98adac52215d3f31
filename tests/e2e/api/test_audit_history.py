"""Auditors over HTTP: who (name and role then), when (the tenant's clock), what
changed from what to what; a time without a zone read on the tenant's clock;
only for audit.view holders, never across tenants."""

from __future__ import annotations

import csv
import io
from datetime import datetime, timedelta
from typing import Any

from projections import tables as t
from tests.e2e.api.conftest import OTHER, Portal

ACCEPTED = 3


def accepted_quote(portal: Portal) -> str:
    """A demo quote the client accepted."""
    rows = portal.rows(t.quotes, tenant_id=portal.tenant_id(), status_id=ACCEPTED)
    return str(rows[0].id)


def events_of(portal: Portal, headers: dict[str, str], path: str) -> dict[str, Any]:
    answer = portal.get(f"/api/audit/{path}/events", headers)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_events_name_who_with_their_role_and_each_change_from_to(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = portal.get("/api/tickets?page=1", client_a).json()["data"][0]
    body = events_of(portal, operator, f"tickets/{ticket['id']}")
    assert body["time_zone"] == "Europe/Amsterdam"
    opened = body["events"][0]
    assert opened["actor"] == {
        "id": portal.user_id("client@demo.test"),
        "full_name": "Anna de Vries",
        "role": "client",
    }
    assert opened["changes"]["fields.description"]["from"] is None
    assert opened["changes"]["fields.description"]["to"] == ticket["description"]
    assert opened["time"].endswith("+01:00") or opened["time"].endswith("+02:00")
    assert opened["time_utc"].endswith("Z")
    assert datetime.fromisoformat(opened["time"]) == datetime.fromisoformat(
        opened["time_utc"]
    )
    roles = {e["actor"]["role"] for e in body["events"]}
    assert roles & {"first line", "second line"}


def test_a_change_shows_the_value_it_replaced(
    portal: Portal, operator: dict[str, str]
) -> None:
    ticket = portal.get("/api/tickets?page=1", operator).json()["data"][0]
    changed = portal.client.put(
        f"/api/tickets/{ticket['id']}",
        headers=operator,
        json={"description": "Printer replaced"},
    )
    assert changed.status_code == 200, changed.text
    last = events_of(portal, operator, f"tickets/{ticket['id']}")["events"][-1]
    assert last["changes"]["fields.description"] == {
        "from": ticket["description"],
        "to": "Printer replaced",
    }
    assert last["actor"]["full_name"] == "Femke Bakker"
    assert last["actor"]["role"] == "first line"


def test_a_time_without_a_zone_is_read_on_the_tenants_clock(
    portal: Portal, operator: dict[str, str]
) -> None:
    quote = accepted_quote(portal)
    body = events_of(portal, operator, f"quotes/{quote}")
    accepted = next(e for e in body["events"] if e["type"] == "Accepted")
    assert accepted["changes"]["status_id"] == {"from": 2, "to": ACCEPTED}
    local = datetime.fromisoformat(accepted["time"])
    # just before the acceptance on the Amsterdam clock; read as UTC it would be
    # an hour or two after it
    wall = (local - timedelta(microseconds=1)).replace(tzinfo=None).isoformat()
    before = portal.get(
        f"/api/audit/quotes/{quote}/state", operator, params={"at": wall}
    ).json()
    assert before["version"] == accepted["version"] - 1
    assert before["state"]["status_id"] == 2
    assert before["at"]["zone_assumed"] is True
    assert before["at"]["time_zone"] == "Europe/Amsterdam"
    assert before["at"]["given"] == wall
    given = portal.get(
        f"/api/audit/quotes/{quote}/state",
        operator,
        params={"at": accepted["time_utc"]},
    ).json()
    assert given["version"] == accepted["version"]
    assert given["at"]["zone_assumed"] is False
    assert given["state"]["status_id"] == ACCEPTED


def test_the_diff_of_two_versions_names_old_and_new_values(
    portal: Portal, operator: dict[str, str]
) -> None:
    quote = accepted_quote(portal)
    body = events_of(portal, operator, f"quotes/{quote}")
    accepted = next(e for e in body["events"] if e["type"] == "Accepted")
    answer = portal.get(
        f"/api/audit/quotes/{quote}/diff",
        operator,
        params={"old": 1, "new": accepted["version"]},
    )
    assert answer.status_code == 200, answer.text
    diff = answer.json()
    assert diff["old"]["version"] == 1 and diff["new"]["type"] == "Accepted"
    assert diff["changes"]["status_id"] == {"from": 1, "to": ACCEPTED}
    assert diff["new"]["actor"]["role"] == "client"
    too_far = portal.get(
        f"/api/audit/quotes/{quote}/diff", operator, params={"old": 1, "new": 999}
    )
    assert too_far.status_code == 422 and "new" in too_far.json()["errors"]
    assert too_far.json()["errors"]["new"][0].startswith("The new version must be")
    missing = portal.get(f"/api/audit/quotes/{quote}/diff", operator)
    assert missing.status_code == 422


def test_the_csv_has_one_change_per_row_and_no_json_in_cells(
    portal: Portal, operator: dict[str, str]
) -> None:
    quote = accepted_quote(portal)
    answer = portal.get(
        f"/api/audit/quotes/{quote}/events", operator, params={"format": "csv"}
    )
    assert answer.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(answer.text)))
    assert list(rows[0]) == [
        "version",
        "time",
        "time_utc",
        "actor",
        "role",
        "actor_id",
        "event",
        "field",
        "from",
        "to",
    ]
    status = [r for r in rows if r["event"] == "Accepted" and r["field"] == "status_id"]
    assert status[0]["from"] == "2" and status[0]["to"] == str(ACCEPTED)
    assert status[0]["role"] == "client" and status[0]["actor"]
    for row in rows:
        for value in row.values():
            assert not value.startswith(("{", "[")), row
    state = portal.get(
        f"/api/audit/quotes/{quote}/state", operator, params={"format": "csv"}
    )
    cells = [c for r in csv.reader(io.StringIO(state.text)) for c in r]
    assert "lines[1].description" in cells
    assert not any(c.startswith(("{", "[")) for c in cells)


def test_only_holders_of_audit_view_read_histories(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    quote = accepted_quote(portal)
    second = portal.login("second@demo.test")
    for headers in (second, client_a):
        for route in ("events", "state", "diff?old=1&new=1"):
            answer = portal.get(f"/api/audit/quotes/{quote}/{route}", headers)
            assert answer.status_code == 403, (route, answer.text)
    assert portal.get(f"/api/audit/quotes/{quote}/events", operator).status_code == 200


def test_another_tenants_record_or_a_bad_moment_is_not_a_500(
    portal: Portal, operator: dict[str, str]
) -> None:
    quote = accepted_quote(portal)
    other = portal.login("first@other.test", host=OTHER)
    for route in ("events", "state", "diff?old=1&new=1"):
        foreign = portal.get(f"/api/audit/quotes/{quote}/{route}", other)
        assert foreign.status_code == 404, (route, foreign.text)
    wrong_kind = portal.get(f"/api/audit/tickets/{quote}/events", operator)
    assert wrong_kind.status_code == 404
    unknown = portal.get("/api/audit/quotes/not-an-id/events", operator)
    assert unknown.status_code == 404
    for moment in ("yesterday", "0001-01-01T00:00", "2026-02-30T10:00"):
        bad = portal.get(
            f"/api/audit/quotes/{quote}/state", operator, params={"at": moment}
        )
        assert bad.status_code == 422 and "at" in bad.json()["errors"], moment
    model = portal.get(f"/api/audit/planets/{quote}/events", operator)
    assert model.status_code == 422 and "model" in model.json()["errors"]


def test_a_persons_history_shows_who_gave_what_but_no_password_hash(
    portal: Portal, operator: dict[str, str]
) -> None:
    femke = portal.user_id("first@demo.test")
    answer = portal.get(f"/api/audit/operators/{femke}/events", operator)
    assert answer.status_code == 200, answer.text
    registered = answer.json()["events"][0]
    assert registered["actor"]["role"] == "system"
    assert registered["changes"]["permissions"]["to"].count("audit.view") == 1
    assert registered["changes"]["password_hash"]["to"].startswith("[hidden] ")
    assert "argon2" not in answer.text
    state = portal.get(
        f"/api/audit/operators/{femke}/state", operator, params={"format": "csv"}
    )
    assert "argon2" not in state.text and "[hidden]" in state.text
