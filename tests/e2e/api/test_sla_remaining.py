"""'sla_remaining lte N' counts business minutes, as the rows show them.

A running clock's minutes left change with time alone (no event): through a
night or a weekend they stand still, within opening hours they run. The filter
must pick exactly the rows whose business minutes left are at most N, at any
moment, not the rows due within N wall-clock minutes.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select

from api.present.sla import minutes_left
from api.query.compile import Compiler, Scope
from api.query.resources import RESOURCES
from api.query.tree import Query, SlaRemaining
from domain.sla import calendar_from_data
from projections import tables as t
from tests.e2e.api.conftest import Portal

TICKETS = RESOURCES["tickets"]


def _listed(portal: Portal, now: datetime, minutes: int) -> set[str]:
    query = Query((SlaRemaining(minutes),), (), 1000, None)
    compiler = Compiler(TICKETS, Scope(portal.tenant_id()), now)
    with portal.svc.engine.connect() as connection:
        return {row.id for row in connection.execute(compiler.rows(query))}


def _expected(rows: list[Any], now: datetime, minutes: int) -> set[str]:
    found = set()
    for row in rows:
        if row.status_type in (2, 3):
            continue
        left = minutes_left(row, now)
        if left is not None and left <= minutes:
            found.add(row.id)
    return found


def _next_weekday_at(hour: int, minute: int, weekday: int) -> datetime:
    """A coming moment (UTC) on a weekday at a wall-clock time in Amsterdam."""
    from zoneinfo import ZoneInfo

    zone = ZoneInfo("Europe/Amsterdam")
    day = datetime.now(zone).date() + timedelta(days=1)
    while day.weekday() != weekday:
        day += timedelta(days=1)
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=zone).astimezone(
        UTC
    )


@pytest.mark.parametrize(
    "moment",
    [
        "now",
        "tuesday 20:00",  # closed: office-hour clocks stand still overnight
        "saturday 11:00",  # the weekend
        "wednesday 16:50",  # open, ten minutes before closing
    ],
)
def test_sla_remaining_matches_the_business_minutes_the_rows_show(
    portal: Portal, moment: str
) -> None:
    if moment == "now":
        now = datetime.now(UTC)
    else:
        name, clock = moment.split()
        weekday = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday")
        hour, minute = (int(part) for part in clock.split(":"))
        now = _next_weekday_at(hour, minute, weekday.index(name))
    with portal.svc.engine.connect() as connection:
        rows = list(
            connection.execute(
                select(t.tickets).where(
                    t.tickets.c.tenant_id == portal.tenant_id(),
                    t.tickets.c.deleted.is_(False),
                )
            )
        )
    running = [r for r in rows if r.sla_state in ("running", "warned", "breached")]
    assert running, "the demo has running clocks"
    lefts = sorted(
        left for left in {minutes_left(r, now) for r in rows} if left is not None
    )
    for minutes in {-1, 0, 1, 30, 60, 120, 500, *lefts[:6], *(m - 1 for m in lefts)}:
        assert _listed(portal, now, minutes) == _expected(rows, now, minutes), minutes


def test_a_clock_due_after_a_night_is_listed_by_its_business_minutes(
    portal: Portal,
) -> None:
    """At closing time, a ticket due the next open morning has only the
    morning's minutes left: 'lte' those minutes lists it, though it is due
    more than a night of wall-clock time later."""
    with portal.svc.engine.connect() as connection:
        rows = list(
            connection.execute(
                select(t.tickets).where(t.tickets.c.tenant_id == portal.tenant_id())
            )
        )
    office = [
        r
        for r in rows
        if r.sla_state == "running"
        and r.sla_calendar
        and r.sla_calendar["hours"]["saturday"] == []
    ]
    assert office, "the demo has running tickets on office hours"
    row = office[0]
    calendar = calendar_from_data(row.sla_calendar)
    due = row.sla_due_at.replace(tzinfo=UTC)
    day = due.astimezone(calendar.zone).date() - timedelta(days=1)
    while not calendar.open_intervals(day):
        day -= timedelta(days=1)
    closing = calendar.open_intervals(day)[-1][1]  # the open day before: closed
    left = minutes_left(row, closing)
    assert left is not None and (due - closing).total_seconds() / 60 > left + 600
    assert row.id in _listed(portal, closing, left)
    assert row.id not in _listed(portal, closing, left - 1)
