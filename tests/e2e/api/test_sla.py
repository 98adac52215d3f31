"""The SLA clock through the API: rows, filters, sort, policies, the timer."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

import pytest
from sqlalchemy import event as sql_events

from domain.tickets import Ticket
from outbound.sla_timer import SlaTimer
from projections import tables as t
from tests.e2e.api.conftest import OTHER, Portal

ACTION_REQUIRED = {
    "builder[where][0][]": ["sla_remaining", "action_required", "1"],
    "builder[paginate]": 100,
}
BY_TIME_LEFT = {"builder[orderBy][0][]": ["sla_remaining", "asc"]}


def _rows(portal: Portal, headers: dict[str, str], **params: Any) -> list[Any]:
    answer = portal.get("/api/tickets", headers, params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]  # type: ignore[no-any-return]


def _raise_everything_due(portal: Portal, days: int = 30) -> int:
    """Run the timer as if `days` had passed, until nothing more is due."""
    later = datetime.now(UTC) + timedelta(days=days)
    timer = SlaTimer(portal.svc.domain, portal.svc.engine, clock=lambda: later)
    total = 0
    while raised := timer.step():
        total += raised
        portal.svc.follower.catch_up()
    return total


def test_ticket_rows_carry_the_clock(portal: Portal, operator: dict[str, str]) -> None:
    rows = _rows(portal, operator, **{"builder[paginate]": 100})
    states = {row["sla_state"] for row in rows}
    assert {"running", "paused", "met", "warned", "breached"} <= states
    for row in rows:
        assert {"response_due_at", "resolution_due_at", "sla_minutes_left"} <= set(row)
        if row["sla_state"] == "running":
            assert row["resolution_due_at"]
            assert isinstance(row["sla_minutes_left"], int)
        if row["sla_state"] == "paused":
            assert row["sla_minutes_left"] is not None
    detail = portal.get(f"/api/tickets/{rows[0]['id']}", operator).json()
    assert detail["sla_state"] == rows[0]["sla_state"]


def test_lists_and_details_leave_the_clocks_history_unread(
    portal: Portal, operator: dict[str, str]
) -> None:
    """Each row's kept SLA history is the projection's working state: a page
    that fetched it decoded it for every row only to drop it."""
    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if "FROM tickets" in statement:
            statements.append(statement)

    sql_events.listen(portal.svc.engine, "before_cursor_execute", seen)
    try:
        rows = _rows(portal, operator, **{"builder[paginate]": 100})
        detail = portal.get(f"/api/tickets/{rows[0]['id']}", operator).json()
    finally:
        sql_events.remove(portal.svc.engine, "before_cursor_execute", seen)
    assert statements
    assert not [s for s in statements if "sla_history" in s]
    assert {row["sla_state"] for row in rows} >= {"running", "paused", "met"}
    assert detail["sla_state"] == rows[0]["sla_state"]


def test_action_required_lists_only_warned_and_breached_open_tickets(
    portal: Portal, operator: dict[str, str]
) -> None:
    before = _rows(portal, operator, **ACTION_REQUIRED)
    assert before and {row["sla_state"] for row in before} == {"warned", "breached"}
    _raise_everything_due(portal)
    after = _rows(portal, operator, **ACTION_REQUIRED, **BY_TIME_LEFT)
    assert len(after) > len(before)
    assert {row["sla_state"] for row in after} <= {"warned", "breached"}
    assert all(row["status"]["type"] not in (2, 3) for row in after)
    left = [row["sla_minutes_left"] for row in after]
    assert left == sorted(left)  # the least time left first


def test_sla_remaining_takes_paused_minutes_and_near_due_moments(
    portal: Portal, operator: dict[str, str]
) -> None:
    rows = _rows(
        portal,
        operator,
        **{
            "builder[where][0][]": ["sla_remaining", "lte", "500"],
            "builder[paginate]": 100,
        },
    )
    assert rows
    for row in rows:
        assert row["sla_minutes_left"] <= 500
        assert row["sla_state"] in ("paused", "running", "warned", "breached")
    everything = _rows(portal, operator, **{"builder[paginate]": 100})
    paused = [
        r
        for r in everything
        if r["sla_state"] == "paused" and r["sla_minutes_left"] > 500
    ]
    assert paused and not {r["id"] for r in paused} & {r["id"] for r in rows}


@pytest.mark.parametrize(
    ("where", "field"),
    [
        (["sla_remaining", "lte", "soon"], "builder.where.0"),
        (["sla_remaining", "gte", "5"], "builder.where.0"),
    ],
)
def test_a_bad_sla_filter_is_a_422(
    portal: Portal, operator: dict[str, str], where: list[str], field: str
) -> None:
    answer = portal.get("/api/tickets", operator, params={"builder[where][0][]": where})
    assert answer.status_code == 422
    assert field in answer.json()["errors"]


@pytest.mark.parametrize(
    ("route", "body", "field"),
    [
        ("slas", {"warn_percent": 120}, "warn_percent"),
        ("slas", {"pause_statuses": ["closed"]}, "pause_statuses"),
        (
            "slas",
            {"default_targets": {"response_minutes": "an hour"}},
            "default_targets",
        ),
        ("slas", {"default_targets": {"response_minutes": 0}}, "default_targets"),
        ("business-hour-contracts", {"time_zone": "Mars/Base"}, "time_zone"),
        (
            "business-hour-contracts",
            {"hours": {"monday": [["17:00", "09:00"]]}},
            "hours.monday",
        ),
        ("business-hour-contracts", {"holiday_countries": ["FR"]}, "holiday_countries"),
        ("business-hour-contracts", {"holidays": ["tomorrow"]}, "holidays"),
    ],
)
def test_a_bad_policy_or_calendar_is_a_422_naming_the_field(
    portal: Portal,
    operator: dict[str, str],
    route: str,
    body: dict[str, Any],
    field: str,
) -> None:
    answer = portal.post(f"/api/{route}", operator, json={"label": "Bad", **body})
    assert answer.status_code == 422, answer.text
    assert any(key.startswith(field) for key in answer.json()["errors"]), answer.text


def test_a_client_may_not_change_policies(
    portal: Portal, client_a: dict[str, str]
) -> None:
    answer = portal.post("/api/slas", client_a, json={"label": "Mine"})
    assert answer.status_code in (403, 404)


def test_a_policy_change_recomputes_the_open_tickets(
    portal: Portal, operator: dict[str, str]
) -> None:
    standard = portal.get("/api/slas/1", operator).json()
    assert standard["default_targets"]["resolution_minutes"] == 2400
    before = {r["id"]: r for r in _rows(portal, operator, **{"builder[paginate]": 100})}
    answer = portal.client.put(
        "/api/slas/1",
        headers=operator,
        json={
            "default_targets": {"response_minutes": 480, "resolution_minutes": 4800},
            "priority_targets": {},
        },
    )
    assert answer.status_code == 200, answer.text
    after = {r["id"]: r for r in _rows(portal, operator, **{"builder[paginate]": 100})}
    changed = [
        i
        for i, row in before.items()
        if row["sla_state"] == "running"
        and row["resolution_due_at"] != after[i]["resolution_due_at"]
    ]
    assert changed
    paused = [i for i, row in before.items() if row["sla_state"] == "paused"]
    assert any(
        after[i]["sla_minutes_left"] > before[i]["sla_minutes_left"] for i in paused
    )


def test_the_other_tenant_sees_only_its_own_clock(
    portal: Portal, operator: dict[str, str]
) -> None:
    other = portal.login("first@other.test", host=OTHER)
    mine = {r["id"] for r in _rows(portal, operator, **ACTION_REQUIRED)}
    theirs = {r["id"] for r in _rows(portal, other, **ACTION_REQUIRED)}
    assert mine and theirs and not mine & theirs
    # a change of the demo tenant's policy leaves the other's tickets as they were
    before = {r["id"]: r for r in _rows(portal, other, **{"builder[paginate]": 100})}
    portal.client.put(
        "/api/slas/1",
        headers=operator,
        json={"default_targets": {"resolution_minutes": 9000}},
    )
    after = {r["id"]: r for r in _rows(portal, other, **{"builder[paginate]": 100})}
    assert {i: r["resolution_due_at"] for i, r in before.items()} == {
        i: r["resolution_due_at"] for i, r in after.items()
    }
    assert portal.get("/api/slas/3", other).json()["label"] == "Critical"


def test_a_client_sees_its_own_companys_clock_only(
    portal: Portal, client_a: dict[str, str], client_b: dict[str, str]
) -> None:
    mine = _rows(portal, client_a, **ACTION_REQUIRED)
    theirs = _rows(portal, client_b, **ACTION_REQUIRED)
    assert mine and not theirs  # the outages are company A's
    assert {row["company"]["id"] for row in mine} == {mine[0]["company"]["id"]}


def test_the_timer_raises_each_warning_and_breach_once_across_restarts(
    portal: Portal,
) -> None:
    svc = portal.svc
    tenant_id = portal.tenant_id()
    seeded = _alerts_of_assigned(portal, tenant_id)  # the demo seed raised these
    later = datetime.now(UTC) + timedelta(days=30)
    first = SlaTimer(svc.domain, svc.engine, clock=lambda: later)
    assert first.step() > 0
    # killed before the read model saw them: a new timer finds them due again
    second = SlaTimer(svc.domain, svc.engine, clock=lambda: later)
    assert second.step() == 0
    svc.follower.catch_up()
    while second.step():
        svc.follower.catch_up()
    assert SlaTimer(svc.domain, svc.engine, clock=lambda: later).step() == 0

    alerted = [
        row
        for row in portal.rows(t.tickets, tenant_id=tenant_id)
        if row.sla_history and row.sla_history["alerts"]
    ]
    assert alerted
    for row in alerted:
        ticket: Ticket = svc.domain.tickets.get(tenant_id, row.id)
        events = [
            e
            for e in svc.domain.repository.event_store.get(ticket.id)
            if type(e).__name__ in ("SlaWarned", "SlaBreached")
        ]
        assert len(events) == len(ticket.sla_alerts) == len(row.sla_history["alerts"])
        assert row.sla_state == "breached"
        thread = portal.rows(t.messages, tenant_id=tenant_id, morphable_id=row.id)
        shown = [m for m in thread if m.type in ("sla-warned", "sla-breached")]
        assert len(shown) == len(events)
        assert not any(m.visible_to_client for m in shown)
    notes = [
        n
        for n in portal.rows(
            t.metadata.tables["api_notifications"], tenant_id=tenant_id
        )
        if n.kind.startswith("sla_")
    ]
    assert notes and len(notes) == _alerts_of_assigned(portal, tenant_id) - seeded
    assert len({n.id for n in notes}) == len(notes)


def _alerts_of_assigned(portal: Portal, tenant_id: str) -> int:
    """The warnings and breaches raised on tickets with an operator."""
    return sum(
        len(row.sla_history["alerts"])
        for row in portal.rows(t.tickets, tenant_id=tenant_id)
        if row.operator_id and row.sla_history
    )


def test_warnings_and_breaches_are_published_with_a_schema(portal: Portal) -> None:
    from eventsourcing.utils import get_topic

    from outbound.public_events import stored_topics, translate, validate

    assert _raise_everything_due(portal) > 0
    tenant_id = portal.tenant_id()
    published = []
    for row in portal.rows(t.tickets, tenant_id=tenant_id):
        for event in portal.svc.domain.repository.event_store.get(UUID(row.id)):
            message = translate(event)
            if message is not None:
                assert get_topic(type(event)) in stored_topics()
                validate(message.value)
                published.append(message)
    kinds = {m.event_type for m in published}
    assert {"ticket.sla_warned", "ticket.sla_breached"} <= kinds
    assert all(m.aggregate_type == "ticket" for m in published)
    assert all(
        m.value["data"]["target"] in ("response", "resolution") for m in published
    )


def _month() -> str:
    return datetime.now(UTC).strftime("%Y-%m")


def test_the_sla_report_counts_met_and_breached_per_priority(
    portal: Portal, operator: dict[str, str]
) -> None:
    tickets = _rows(portal, operator, **{"builder[paginate]": 100})
    company = next(r["company"] for r in tickets if r["sla_state"] == "warned")
    _raise_everything_due(portal)
    answer = portal.get(
        "/api/sla-report",
        operator,
        params={"company_id": company["id"], "month": _month()},
    )
    assert answer.status_code == 200, answer.text
    report = answer.json()
    assert report["company_name"] == company["name"]
    assert report["breached"] >= 2
    assert report["met"] == sum(r["met"] for r in report["rows"])
    mine = [r for r in tickets if r["company"]["id"] == company["id"]]
    assert report["met"] + report["breached"] + report["open"] == len(mine)
    csv = portal.get(
        "/api/sla-report",
        operator,
        params={"company_id": company["id"], "month": _month(), "format": "csv"},
    )
    assert csv.status_code == 200
    assert csv.headers["content-type"].startswith("text/csv")
    lines = csv.text.strip().splitlines()
    assert lines[0] == "company,month,priority,met,breached,open"
    assert len(lines) == len(report["rows"]) + 1


@pytest.mark.parametrize(
    ("params", "field"),
    [({"month": "2026-13"}, "month"), ({"month": "May"}, "month"), ({}, "company_id")],
)
def test_a_bad_sla_report_request_is_a_422(
    portal: Portal, operator: dict[str, str], params: dict[str, str], field: str
) -> None:
    company = _rows(portal, operator)[0]["company"]["id"]
    query = {"company_id": company, "month": _month(), **params}
    if field == "company_id":
        query.pop("company_id")
    answer = portal.get("/api/sla-report", operator, params=query)
    assert answer.status_code == 422
    assert any(field in key for key in answer.json()["errors"]), answer.text


def test_the_sla_report_keeps_to_the_tenant_and_operators(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    company = _rows(portal, operator)[0]["company"]["id"]
    other = portal.login("first@other.test", host=OTHER)
    params = {"company_id": company, "month": _month()}
    assert portal.get("/api/sla-report", other, params=params).status_code == 404
    assert portal.get("/api/sla-report", client_a, params=params).status_code in (
        403,
        404,
    )


def test_the_timer_thread_sleeps_until_the_next_moment_and_raises_it(
    portal: Portal,
) -> None:
    import time

    from outbound.sla_timer import start_thread

    svc = portal.svc
    later = datetime.now(UTC) + timedelta(days=30)
    timer = SlaTimer(
        svc.domain,
        svc.engine,
        settle=svc.follower.catch_up,
        poll=0.2,
        clock=lambda: later,
    )
    thread, stop = start_thread(timer)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and timer.due(later):
            time.sleep(0.2)
    finally:
        stop.set()
        thread.join(10)
    assert not thread.is_alive()
    assert timer.raised > 0 and timer.due(later) == []
    upcoming = timer.next_at()
    assert upcoming is None or upcoming > later


def test_a_clients_reply_to_a_waiting_ticket_resumes_its_clock(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = _rows(portal, client_a, **{"builder[paginate]": 100})[0]
    statuses = portal.svc.domain.settings.setting_list(
        portal.tenant_id(), "ticket_statuses"
    )
    waiting = next(s for s in statuses.ordered() if s["data"].get("type") == 4)
    moved = portal.client.put(
        f"/api/tickets/{ticket['id']}",
        headers=operator,
        json={"status_id": waiting["id"]},
    )
    assert moved.status_code == 200, moved.text
    row = portal.get(f"/api/tickets/{ticket['id']}", operator).json()
    assert row["sla_state"] == "paused"
    note = portal.post(
        "/api/messages",
        operator,
        data={
            "message": "still waiting",
            "morphable_type": "Ticket",
            "morphable_id": ticket["id"],
            "visible_to_client": 0,
            "is_from_client": 0,
        },
    )
    assert note.status_code in (200, 201), note.text
    still = portal.get(f"/api/tickets/{ticket['id']}", operator).json()
    assert still["status"]["type"] == 4  # an operator's note is no answer
    reply = portal.post(
        "/api/messages",
        client_a,
        data={
            "message": "Here is the log you asked for.",
            "morphable_type": "Ticket",
            "morphable_id": ticket["id"],
        },
    )
    assert reply.status_code in (200, 201), reply.text
    after = portal.get(f"/api/tickets/{ticket['id']}", operator).json()
    assert after["status"]["type"] == 5
    assert after["sla_state"] != "paused"
