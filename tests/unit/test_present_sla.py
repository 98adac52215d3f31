"""A ticket row's calendar is built once per calendar, found by its key."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

from api.present.sla import calendar_of, minutes_left
from domain.sla import calendar_from_data, calendar_key

DATA = {"time_zone": "Europe/Amsterdam"}


def _row(key: str | None) -> SimpleNamespace:
    due = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
    return SimpleNamespace(
        sla_state="running",
        sla_due_at=due,
        sla_calendar=dict(DATA),
        sla_calendar_key=key,
        sla_minutes_left=None,
    )


def test_rows_with_the_same_key_share_one_calendar():
    key = calendar_key(calendar_from_data(DATA))
    first, second = calendar_of(_row(key)), calendar_of(_row(key))
    assert first is second
    assert first.as_data() == calendar_from_data(DATA).as_data()


def test_minutes_left_is_the_same_with_or_without_the_key():
    key = calendar_key(calendar_from_data(DATA))
    now = datetime(2026, 11, 26, 9, 0, tzinfo=UTC)
    keyed = minutes_left(_row(key), now)
    unkeyed = minutes_left(_row(None), now)
    assert keyed == unkeyed
    assert keyed is not None and keyed > 0
    assert minutes_left(_row(key), now + timedelta(days=5)) < 0  # type: ignore[operator]
