"""A ticket's SLA as rows and details show it: due moments, state, minutes left."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from api.present.common import iso
from domain.sla import Calendar, calendar_from_data

RUNNING = ("running", "warned", "breached")


@lru_cache(maxsize=256)
def _calendar(data: str) -> Calendar:
    return calendar_from_data(json.loads(data))


_BY_KEY: dict[str, Calendar] = {}
"""Calendars by the key the read model keeps beside each ticket's calendar."""


def calendar_of(row: Any) -> Calendar:
    """The ticket's business-hour calendar, built once per calendar.

    Rows carrying the calendar's key (a digest of it) find it by that key;
    encoding the whole calendar (holidays and all) per row to find it was a
    share of every list request.
    """
    key = getattr(row, "sla_calendar_key", None)
    if key:
        found = _BY_KEY.get(key)
        if found is None:
            if len(_BY_KEY) > 1024:
                _BY_KEY.clear()
            found = _BY_KEY[key] = calendar_from_data(row.sla_calendar)
        return found
    return _calendar(json.dumps(row.sla_calendar, sort_keys=True))


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def minutes_left(row: Any, now: datetime | None = None) -> int | None:
    """Business minutes to the next due moment: counted now while the clock
    runs (negative once past), as kept while it is paused."""
    if row.sla_state in RUNNING and row.sla_due_at and row.sla_calendar:
        calendar = calendar_of(row)
        now = now or datetime.now(UTC)
        return int(calendar.minutes_between(now, _aware(row.sla_due_at)) // 1)
    if row.sla_state == "paused":
        return row.sla_minutes_left  # type: ignore[no-any-return]
    return None


def sla_fields(row: Any) -> dict[str, Any]:
    """The SLA fields of a ticket row."""
    return {
        "sla_state": row.sla_state,
        "response_due_at": iso(row.response_due_at),
        "resolution_due_at": iso(row.resolution_due_at),
        "sla_minutes_left": minutes_left(row),
    }
