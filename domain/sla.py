"""The SLA clock: business-hour calendars, policies, and a ticket's due moments.

Pure: the clock is a function of a ticket's history (opened, status changes, the
first client-visible operator reply, the warnings and breaches raised), its policy
and its calendar. Nothing here reads the time; callers pass `now` where it matters.
Moments are aware datetimes in UTC; a calendar's opening hours are wall-clock
times in its zone, so a day on which the clocks change has an hour more or less.
"""

from __future__ import annotations

import hashlib
import json
import threading
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from functools import cache, lru_cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import holidays as public_holidays

from domain.errors import InvalidValue

WEEKDAYS = (
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
)
COUNTRIES = ("NL", "BE", "DE")
DEFAULT_ZONE = "Europe/Amsterdam"
DEFAULT_PAUSING = ("waiting_for_reply", "scheduled")
STATUS_TYPE_OF = {
    "open": 1,
    "closed": 2,
    "archived": 3,
    "waiting_for_reply": 4,
    "got_reply": 5,
    "scheduled": 6,
}
CLOSED = frozenset({2, 3})
TARGETS = ("response", "resolution")
LEVELS = ("warned", "breached")
STATES = ("running", "paused", "met", "warned", "breached")
MAX_TARGET = 60 * 24 * 366  # a year of business minutes
SEARCH_DAYS = 3 * 366  # a calendar open nowhere in three years never reaches a due
MINUTE = timedelta(minutes=1)


# -- calendars ---------------------------------------------------------------


def _clock_time(value: Any, name: str) -> int:
    """Minutes after midnight of 'HH:MM' (24:00 is the end of the day)."""
    if not isinstance(value, str) or len(value) != 5 or value[2] != ":":
        raise InvalidValue(f"The {name} field must be a time as HH:MM.", name)
    try:
        hours, minutes = int(value[:2]), int(value[3:])
    except ValueError as error:
        raise InvalidValue(
            f"The {name} field must be a time as HH:MM.", name
        ) from error
    if not (0 <= minutes < 60 and 0 <= hours <= 24) or (hours == 24 and minutes):
        raise InvalidValue(f"The {name} field must be a time as HH:MM.", name)
    return hours * 60 + minutes


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


@cache
def _zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


@cache
def _country_days(country: str, year: int) -> frozenset[date]:
    return frozenset(public_holidays.country_holidays(country, years=year))


@dataclass(frozen=True)
class Calendar:
    """Opening hours per weekday (minutes of the day), holidays and a zone."""

    hours: tuple[tuple[tuple[int, int], ...], ...] = (
        ((540, 1020),),
        ((540, 1020),),
        ((540, 1020),),
        ((540, 1020),),
        ((540, 1020),),
        (),
        (),
    )
    time_zone: str = DEFAULT_ZONE
    countries: tuple[str, ...] = ("NL",)
    own_days: frozenset[date] = frozenset()

    def __post_init__(self) -> None:
        # a calendar keys the per-day caches: hash its fields once, not per day
        fields = (self.hours, self.time_zone, self.countries, self.own_days)
        object.__setattr__(self, "_hash", hash(fields))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined, no-any-return]

    @property
    def zone(self) -> ZoneInfo:
        return _zone(self.time_zone)

    def is_holiday(self, day: date) -> bool:
        """A public holiday of one of its countries, or one of the tenant's days."""
        return day in self.own_days or any(
            day in _country_days(country, day.year) for country in self.countries
        )

    def is_open(self, moment: datetime) -> bool:
        """Whether the desk is open at this instant (by its wall-clock time)."""
        local = moment.astimezone(self.zone)
        if self.is_holiday(local.date()):
            return False
        minute = local.hour * 60 + local.minute
        return any(s <= minute < e for s, e in self.hours[local.weekday()])

    def open_intervals(self, day: date) -> list[tuple[datetime, datetime]]:
        """The UTC spans in which the desk is open on a local day."""
        return list(_open_intervals(self, day))

    def minutes_between(self, start: datetime, end: datetime) -> float:
        """Business minutes from start to end (negative when end is earlier)."""
        if end < start:
            return -self.minutes_between(end, start)
        numbered = business_time(self)
        since, until = numbered.ordinal(start), numbered.ordinal(end)
        if since is not None and until is not None:  # both within the numbered days
            return (until - since) / 60_000_000
        total = 0.0
        for low, high in self.spans(start):
            if low >= end:
                break
            total += (min(high, end) - low).total_seconds() / 60
        return total

    def spans(self, start: datetime) -> Iterator[tuple[datetime, datetime]]:
        """The open spans from start on, clipped to it, for up to SEARCH_DAYS."""
        first = start.astimezone(self.zone).date() - timedelta(days=1)
        for offset in range(SEARCH_DAYS):
            for low, high in _open_intervals(self, first + timedelta(days=offset)):
                if high > start:
                    yield max(low, start), high

    def as_data(self) -> dict[str, Any]:
        """The calendar as stored in a setting item and on a ticket row."""
        return {
            "time_zone": self.time_zone,
            "hours": {
                WEEKDAYS[i]: [[_hhmm(s), _hhmm(e)] for s, e in spans]
                for i, spans in enumerate(self.hours)
            },
            "holiday_countries": list(self.countries),
            "holidays": sorted(day.isoformat() for day in self.own_days),
        }


@cache
def _open_intervals(
    calendar: Calendar, day: date
) -> tuple[tuple[datetime, datetime], ...]:
    if calendar.is_holiday(day) or not calendar.hours[day.weekday()]:
        return ()
    midnight = datetime(day.year, day.month, day.day)
    result: list[tuple[datetime, datetime]] = []
    for low, high, offset in _offset_segments(calendar.time_zone, day):
        for start, end in calendar.hours[day.weekday()]:
            # the instants whose wall time on this day lies in [start, end)
            a = (midnight + timedelta(minutes=start) - offset).replace(tzinfo=UTC)
            b = (midnight + timedelta(minutes=end) - offset).replace(tzinfo=UTC)
            a, b = max(a, low), min(b, high)
            if a < b:
                result.append((a, b))
    result.sort()
    return tuple(result)


def _offset(zone: ZoneInfo, moment: datetime) -> timedelta:
    return moment.astimezone(zone).utcoffset() or timedelta(0)


@cache
def _offset_segments(
    zone_name: str, day: date
) -> tuple[tuple[datetime, datetime, timedelta], ...]:
    """UTC spans around a local day, each with one UTC offset."""
    zone = _zone(zone_name)
    start = datetime(day.year, day.month, day.day, tzinfo=UTC) - timedelta(hours=15)
    end = start + timedelta(hours=54)
    step = timedelta(minutes=15)
    segments: list[tuple[datetime, datetime, timedelta]] = []
    low, current = start, _offset(zone, start)
    middle = start + timedelta(hours=27)
    if _offset(zone, middle) == current == _offset(zone, end):
        # no zone changes its offset twice in 27 hours: one offset throughout
        return ((start, end, current),)
    probe = start
    while probe < end:
        following = probe + step
        if _offset(zone, following) != current:
            # the change lies in (probe, following]: find its minute
            lo, hi = probe, following
            while hi - lo > MINUTE:
                mid = lo + (hi - lo) / 2
                mid = mid.replace(second=0, microsecond=0)
                if mid <= lo:
                    mid = lo + MINUTE
                if _offset(zone, mid) == current:
                    lo = mid
                else:
                    hi = mid
            segments.append((low, hi, current))
            low, current = hi, _offset(zone, hi)
        probe = following
    segments.append((low, end, current))
    return tuple(segments)


# -- business time as a number ------------------------------------------------

ORDINAL_DAYS = (date(2024, 1, 1), date(2037, 1, 1))
"""The local days whose open spans are numbered (see business_time)."""
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
MICROSECOND = timedelta(microseconds=1)


def microseconds(moment: datetime) -> int:
    """A moment as whole microseconds since 1970 (UTC)."""
    return (moment - EPOCH) // MICROSECOND


@dataclass(frozen=True)
class BusinessTime:
    """A calendar's open spans in order, each with the business time before it.

    `ordinal(moment)` is the business time (microseconds) from the first span
    to the moment: the business time between two moments is the difference of
    their ordinals, which lets SQL compare a stored due moment's ordinal with
    now's (the read model keeps the spans, projections/handlers/sla.py).
    """

    starts: tuple[int, ...]
    ends: tuple[int, ...]
    before: tuple[int, ...]
    after: tuple[int, ...] = ()
    """The business time at each span's end (before it, and its length)."""

    def ordinal(self, moment: datetime) -> int | None:
        """Business microseconds up to the moment; None outside ORDINAL_DAYS."""
        if not self.starts:
            return None
        at = microseconds(moment)
        i = bisect_right(self.starts, at) - 1
        if i < 0 or (i == len(self.starts) - 1 and at > self.ends[i]):
            return None
        return self.before[i] + min(at, self.ends[i]) - self.starts[i]

    def moment(self, ordinal: int) -> datetime:
        """The first moment the business time reaches an ordinal (the end of
        an open span rather than the start of the next, when both are it);
        the ordinal must lie within the numbered spans."""
        i = bisect_left(self.after, ordinal)
        return EPOCH + timedelta(microseconds=self.starts[i] + ordinal - self.before[i])

    def rows(self) -> list[tuple[int, int, int, int]]:
        """(start, end, ordinal at start, next start) of every span; the last
        span's next start is its end."""
        nexts = (*self.starts[1:], self.ends[-1]) if self.starts else ()
        return list(zip(self.starts, self.ends, self.before, nexts, strict=True))


_NUMBERING = threading.Lock()
_NUMBERED: dict[Calendar, BusinessTime] = {}


def business_time(calendar: Calendar) -> BusinessTime:
    """The calendar's numbered open spans over ORDINAL_DAYS (adjacent ones joined).

    Built once per calendar and process (some 0.1 s for thirteen years of
    days): the request threads that ask for it at once wait for the one
    building it rather than each building it again. Once built it is read
    without the lock: every row of a list page asks, from every request
    thread, and a thread switched out while holding the lock kept the others
    waiting (under load, 7 % of a worker's samples waited there).
    """
    found = _NUMBERED.get(calendar)
    if found is None:
        with _NUMBERING:
            found = _NUMBERED.get(calendar)
            if found is None:
                found = _NUMBERED[calendar] = _numbered(calendar)
    return found


def prepare(calendars: Iterable[Calendar]) -> None:
    """Build, before any request asks, what a list page's SLA column needs:
    the public holidays of every country over the numbered years and the
    numbered spans of the default calendar and of each one given.

    Left to the first list page after a start, the building shared the
    interpreter with every request thread: under load a second or more, with
    each list on that process waiting for it.
    """
    first, last = ORDINAL_DAYS
    for country in COUNTRIES:
        for year in range(first.year - 1, last.year + 1):
            _country_days(country, year)
    for calendar in (Calendar(), *calendars):
        business_time(calendar)


def _numbered(calendar: Calendar) -> BusinessTime:
    first, last = ORDINAL_DAYS
    spans: list[list[int]] = []
    for offset in range((last - first).days):
        for low, high in _open_intervals(calendar, first + timedelta(days=offset)):
            a, b = microseconds(low), microseconds(high)
            if spans and spans[-1][1] >= a:
                spans[-1][1] = max(spans[-1][1], b)
            else:
                spans.append([a, b])
    before: list[int] = []
    total = 0
    for a, b in spans:
        before.append(total)
        total += b - a
    return BusinessTime(
        tuple(a for a, _ in spans),
        tuple(b for _, b in spans),
        tuple(before),
        tuple(total + b - a for total, (a, b) in zip(before, spans, strict=True)),
    )


@cache
def calendar_key(calendar: Calendar) -> str:
    """A short stable name of a calendar's contents (the read model's key)."""
    data = json.dumps(calendar.as_data(), sort_keys=True)
    return hashlib.sha256(data.encode()).hexdigest()[:16]


def calendar_from_data(data: Mapping[str, Any] | None) -> Calendar:
    """A calendar from its stored fields (checked ones; defaults for the missing)."""
    checked = check_calendar(dict(data or {}))
    hours = tuple(
        tuple(
            (_clock_time(s, "hours"), _clock_time(e, "hours"))
            for s, e in checked["hours"][name]
        )
        for name in WEEKDAYS
    )
    return Calendar(
        hours=hours,
        time_zone=checked["time_zone"],
        countries=tuple(checked["holiday_countries"]),
        own_days=frozenset(date.fromisoformat(d) for d in checked["holidays"]),
    )


def check_calendar(data: dict[str, Any]) -> dict[str, Any]:
    """A business-hour calendar's fields, checked, with defaults filled in."""
    default = Calendar().as_data()
    zone = data.get("time_zone") or DEFAULT_ZONE
    if not isinstance(zone, str):
        raise InvalidValue("The time_zone field must be a zone name.", "time_zone")
    try:
        _zone(zone)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise InvalidValue(f"Unknown time zone {zone[:60]!r}.", "time_zone") from error
    hours = data.get("hours", default["hours"])
    if not isinstance(hours, dict) or set(hours) - set(WEEKDAYS):
        raise InvalidValue(
            "The hours field maps weekdays (monday ... sunday) to [from, to] pairs.",
            "hours",
        )
    checked_hours: dict[str, list[list[str]]] = {}
    for name in WEEKDAYS:
        spans = hours.get(name) or []
        if not isinstance(spans, list) or len(spans) > 6:
            raise InvalidValue(f"The hours of {name} must be a list.", f"hours.{name}")
        parsed: list[tuple[int, int]] = []
        for span in spans:
            if not isinstance(span, list | tuple) or len(span) != 2:
                raise InvalidValue(
                    f"Each span of {name} is [from, to].", f"hours.{name}"
                )
            low = _clock_time(span[0], f"hours.{name}")
            high = _clock_time(span[1], f"hours.{name}")
            if high <= low:
                raise InvalidValue(
                    f"A span of {name} must end after it starts.", f"hours.{name}"
                )
            parsed.append((low, high))
        parsed.sort()
        if any(a[1] > b[0] for a, b in zip(parsed, parsed[1:], strict=False)):
            raise InvalidValue(f"The spans of {name} overlap.", f"hours.{name}")
        checked_hours[name] = [[_hhmm(s), _hhmm(e)] for s, e in parsed]
    if not any(checked_hours.values()):
        raise InvalidValue("The calendar must be open at some time.", "hours")
    countries = data.get("holiday_countries", default["holiday_countries"])
    if not isinstance(countries, list) or any(c not in COUNTRIES for c in countries):
        raise InvalidValue(
            f"The holiday_countries field lists some of {', '.join(COUNTRIES)}.",
            "holiday_countries",
        )
    days = data.get("holidays") or []
    if not isinstance(days, list) or len(days) > 1000:
        raise InvalidValue("The holidays field must list dates.", "holidays")
    try:
        own = sorted({date.fromisoformat(d).isoformat() for d in days})
    except (TypeError, ValueError) as error:
        raise InvalidValue(
            "The holidays field must list dates as YYYY-MM-DD.", "holidays"
        ) from error
    return {
        **data,
        "time_zone": zone,
        "hours": checked_hours,
        "holiday_countries": sorted(set(countries), key=countries.index),
        "holidays": own,
    }


# -- policies ----------------------------------------------------------------


@dataclass(frozen=True)
class Targets:
    """Business minutes to the first response and to the resolution."""

    response: int | None
    resolution: int | None

    def of(self, target: str) -> int | None:
        return self.response if target == "response" else self.resolution


@dataclass(frozen=True)
class Policy:
    """An SLA: targets per priority, a calendar, pausing statuses, a warning level."""

    calendar: Calendar = field(default_factory=Calendar)
    targets: Mapping[int, Targets] = field(default_factory=dict)
    default: Targets = Targets(None, None)
    pausing: frozenset[int] = frozenset({4, 6})
    warn_percent: int = 80

    def for_priority(self, priority_id: int | None) -> Targets:
        if priority_id is not None and priority_id in self.targets:
            return self.targets[priority_id]
        return self.default


def _minutes(value: Any, name: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidValue(f"The {name} field must be whole minutes.", name)
    if not 1 <= value <= MAX_TARGET:
        raise InvalidValue(f"The {name} field must be 1 to {MAX_TARGET}.", name)
    return value


def _targets(value: Any, name: str) -> dict[str, int | None]:
    if not isinstance(value, dict) or set(value) - {
        "response_minutes",
        "resolution_minutes",
    }:
        raise InvalidValue(
            f"The {name} field has response_minutes and resolution_minutes.", name
        )
    return {
        "response_minutes": _minutes(
            value.get("response_minutes"), f"{name}.response_minutes"
        ),
        "resolution_minutes": _minutes(
            value.get("resolution_minutes"), f"{name}.resolution_minutes"
        ),
    }


def check_policy(data: dict[str, Any]) -> dict[str, Any]:
    """An SLA policy's fields, checked, with defaults filled in.

    The older response_hours field reads as a response target in minutes.
    """
    checked = dict(data)
    hours = checked.get("response_hours")
    if hours is not None and (isinstance(hours, bool) or not isinstance(hours, int)):
        raise InvalidValue(
            "The response_hours field must be whole hours.", "response_hours"
        )
    default = checked.get("default_targets")
    if default is None:
        default = {"response_minutes": hours * 60 if hours else None}
    checked["default_targets"] = _targets(default, "default_targets")
    priorities = checked.get("priority_targets") or {}
    if not isinstance(priorities, dict) or len(priorities) > 50:
        raise InvalidValue(
            "The priority_targets field maps priority ids to targets.",
            "priority_targets",
        )
    by_priority: dict[str, dict[str, int | None]] = {}
    for key, value in priorities.items():
        if not str(key).isdigit():
            raise InvalidValue(
                "The priority_targets field is keyed by priority id.",
                "priority_targets",
            )
        by_priority[str(int(key))] = _targets(value, f"priority_targets.{key}")
    checked["priority_targets"] = by_priority
    pausing = checked.get("pause_statuses", list(DEFAULT_PAUSING))
    allowed = [name for name in STATUS_TYPE_OF if STATUS_TYPE_OF[name] not in CLOSED]
    if not isinstance(pausing, list) or any(p not in allowed for p in pausing):
        raise InvalidValue(
            f"The pause_statuses field lists some of {', '.join(allowed)}.",
            "pause_statuses",
        )
    checked["pause_statuses"] = sorted(set(pausing), key=pausing.index)
    warn = checked.get("warn_percent", 80)
    if isinstance(warn, bool) or not isinstance(warn, int) or not 1 <= warn <= 99:
        raise InvalidValue("The warn_percent field must be 1 to 99.", "warn_percent")
    checked["warn_percent"] = warn
    for name in ("calendar_id",):
        value = checked.get(name)
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int)
        ):
            raise InvalidValue(f"The {name} field must be an item id.", name)
    for name in ("company_ids", "contract_ids"):
        ids = checked.get(name) or []
        if (
            not isinstance(ids, list)
            or len(ids) > 5000
            or any(not isinstance(i, str) or not 0 < len(i) <= 64 for i in ids)
        ):
            raise InvalidValue(f"The {name} field must list record ids.", name)
        checked[name] = sorted(set(ids))
    return checked


def policy_from_data(data: Mapping[str, Any], calendar: Calendar) -> Policy:
    """A policy from its checked stored fields and its calendar."""
    checked = check_policy(dict(data))

    def targets(value: Mapping[str, int | None]) -> Targets:
        return Targets(value["response_minutes"], value["resolution_minutes"])

    return Policy(
        calendar=calendar,
        targets={int(k): targets(v) for k, v in checked["priority_targets"].items()},
        default=targets(checked["default_targets"]),
        pausing=frozenset(STATUS_TYPE_OF[p] for p in checked["pause_statuses"]),
        warn_percent=checked["warn_percent"],
    )


# -- a ticket's clock ----------------------------------------------------------


@dataclass(frozen=True)
class History:
    """What the clock reads of a ticket: every moment is UTC."""

    opened_at: datetime
    priority_id: int | None
    statuses: tuple[tuple[datetime, int], ...]
    """(moment, status type), the first the one it opened with."""
    first_response_at: datetime | None = None
    alerts: frozenset[tuple[str, str, str]] = frozenset()
    """(target, level, due moment ISO) of each warning and breach raised."""


@dataclass(frozen=True)
class TargetClock:
    """One target's due moment, and how it went."""

    target: str
    minutes: int
    due_at: datetime | None
    warn_at: datetime | None
    done_at: datetime | None
    used: float
    """Business minutes used up to the last event (or to done_at)."""

    @property
    def met(self) -> bool | None:
        if self.done_at is None:
            return None
        return self.due_at is None or self.done_at <= self.due_at


@dataclass(frozen=True)
class Clock:
    """A ticket's SLA as its history and policy make it."""

    state: str
    response: TargetClock | None
    resolution: TargetClock | None
    next_alert: tuple[datetime, str, str] | None
    """(moment, target, level) of the next warning or breach to raise."""

    @property
    def pending(self) -> TargetClock | None:
        """The open target due first (a paused one has no due moment)."""
        open_ones = [c for c in (self.response, self.resolution) if c and not c.done_at]
        if not open_ones:
            return None
        return min(
            open_ones,
            key=lambda c: (
                c.due_at is None,
                c.due_at or datetime.max.replace(tzinfo=UTC),
            ),
        )

    def minutes_left(self, calendar: Calendar, now: datetime) -> int | None:
        """Business minutes to the next due moment (negative once past)."""
        pending = self.pending
        if pending is None:
            return None
        if pending.due_at is None:  # paused: frozen
            return round(pending.minutes - pending.used)
        return int(calendar.minutes_between(now, pending.due_at) // 1)


def running_spans(
    history: History, pausing: frozenset[int]
) -> list[tuple[datetime, datetime | None]]:
    """The spans in which the clock runs; the last is open if it runs now."""
    spans: list[tuple[datetime, datetime | None]] = []
    started: datetime | None = None
    for at, status_type in history.statuses:
        runs = status_type not in pausing and status_type not in CLOSED
        if runs and started is None:
            started = at
        elif not runs and started is not None:
            if at > started:
                spans.append((started, at))
            started = None
    if started is not None:
        spans.append((started, None))
    return spans


def reach(
    calendar: Calendar,
    spans: Sequence[tuple[datetime, datetime | None]],
    minutes: float,
) -> tuple[datetime | None, float]:
    """The moment the spans use up `minutes` of business time, and what they used."""
    return reach_all(calendar, spans, (minutes,))[0]


def reach_all(
    calendar: Calendar,
    spans: Sequence[tuple[datetime, datetime | None]],
    thresholds: Sequence[float],
) -> list[tuple[datetime | None, float]]:
    """`reach` for several amounts of minutes (ascending): on the calendar's
    numbered spans where they answer, else by a walk over its days."""
    numbered = _reach_numbered(calendar, spans, thresholds)
    if numbered is not None:
        return numbered
    return _reach_walked(calendar, spans, thresholds)


HORIZON = timedelta(days=SEARCH_DAYS - 2)
"""How far past a running span's start the walk surely looks (its days
start the local day before it)."""


def _reach_numbered(
    calendar: Calendar,
    spans: Sequence[tuple[datetime, datetime | None]],
    thresholds: Sequence[float],
) -> list[tuple[datetime | None, float]] | None:
    """`_reach_walked` by the business time's ordinals (business_time): two
    bisections a running span and one a threshold, in whole microseconds.

    None where the walk must answer: a moment outside the numbered days, a
    span or a due beyond the walk's horizon, or a threshold of nothing (the
    walk's first open moment).
    """
    if not spans or thresholds[0] <= 0:
        return None
    numbered = business_time(calendar)
    goals = [round(minutes * 60_000_000) for minutes in thresholds]
    found: list[tuple[datetime | None, float]] = []
    used = 0
    for start, end in spans:
        if end is not None and end - start > HORIZON:
            return None
        since = numbered.ordinal(start)
        until = numbered.ordinal(start + HORIZON if end is None else end)
        if since is None or until is None:
            return None
        while used + until - since >= goals[len(found)]:
            ordinal = since + goals[len(found)] - used
            found.append((numbered.moment(ordinal), thresholds[len(found)]))
            if len(found) == len(goals):
                return found
        if end is None:
            return None  # not within the horizon: the walk says where it stops
        used += until - since
    return found + [(None, used / 60_000_000)] * (len(thresholds) - len(found))


def _reach_walked(
    calendar: Calendar,
    spans: Sequence[tuple[datetime, datetime | None]],
    thresholds: Sequence[float],
) -> list[tuple[datetime | None, float]]:
    """`reach_all` by a walk over the calendar's open spans, day by day."""
    found: list[tuple[datetime | None, float]] = []
    used = 0.0
    goal = thresholds[0]
    for start, end in spans:
        for low, high in calendar.spans(start):
            if end is not None and low >= end:
                break
            top = high if end is None else min(high, end)
            length = (top - low).total_seconds() / 60
            while used + length >= goal:
                found.append((low + timedelta(minutes=goal - used), goal))
                if len(found) == len(thresholds):
                    return found
                goal = thresholds[len(found)]
            used += length
    return found + [(None, used)] * (len(thresholds) - len(found))


def _cut(
    spans: Sequence[tuple[datetime, datetime | None]], at: datetime
) -> list[tuple[datetime, datetime | None]]:
    """The spans up to a moment, and from it on as if running."""
    cut: list[tuple[datetime, datetime | None]] = []
    for start, end in spans:
        if start >= at:
            break
        cut.append((start, at if end is None or end > at else end))
    return [*cut, (at, None)]


def _target_clock(
    target: str,
    minutes: int,
    calendar: Calendar,
    spans: list[tuple[datetime, datetime | None]],
    done_at: datetime | None,
    warn_percent: int,
) -> TargetClock:
    return _target_clock_of(
        target, minutes, calendar, tuple(spans), done_at, warn_percent
    )


@lru_cache(maxsize=4096)
def _target_clock_of(
    target: str,
    minutes: int,
    calendar: Calendar,
    spans: tuple[tuple[datetime, datetime | None], ...],
    done_at: datetime | None,
    warn_percent: int,
) -> TargetClock:
    """One target's clock, kept for a while: a ticket's first reply leaves its
    resolution clock as it was, and the read model asks for it again."""
    running = spans[-1][1] is None if spans else False
    timeline = _cut(spans, done_at) if done_at is not None else spans
    (warn_at, _), (due_at, used) = reach_all(
        calendar, timeline, (minutes * warn_percent / 100, minutes)
    )
    if done_at is None and not running and due_at is None:
        warn_at = None  # paused before the warning: it has no moment yet
    return TargetClock(target, minutes, due_at, warn_at, done_at, used)


def clock(history: History, policy: Policy) -> Clock:
    """The ticket's due moments, state and next warning or breach."""
    targets = policy.for_priority(history.priority_id)
    spans = running_spans(history, policy.pausing)
    status_type = history.statuses[-1][1]
    closed_at = history.statuses[-1][0] if status_type in CLOSED else None
    clocks: dict[str, TargetClock | None] = {}
    for target, done_at in (
        ("response", history.first_response_at),
        ("resolution", closed_at),
    ):
        minutes = targets.of(target)
        if target == "response" and done_at is None and closed_at is not None:
            minutes = None  # closed unanswered: only the resolution counts
        clocks[target] = (
            None
            if minutes is None
            else _target_clock(
                target, minutes, policy.calendar, spans, done_at, policy.warn_percent
            )
        )
    response, resolution = clocks["response"], clocks["resolution"]
    present = [c for c in (response, resolution) if c is not None]
    if not present:
        return Clock("running", None, None, None)
    pending = [c for c in present if c.done_at is None]
    alerts = history.alerts
    next_alert: tuple[datetime, str, str] | None = None
    if closed_at is not None or not pending:
        state = "met" if all(c.met for c in present) else "breached"
    elif status_type in policy.pausing:
        state = "paused"
    else:
        state = "running"
        raised = {
            level
            for c in pending
            for level in LEVELS
            if alerts and c.due_at and (c.target, level, c.due_at.isoformat()) in alerts
        }
        if "breached" in raised:
            state = "breached"
        elif "warned" in raised:
            state = "warned"
        candidates = []
        for c in pending:
            if c.due_at is None:
                continue
            key = c.due_at.isoformat() if alerts else ""
            if (c.target, "breached", key) in alerts:
                continue
            if c.warn_at is not None and (c.target, "warned", key) not in alerts:
                candidates.append((c.warn_at, c.target, "warned"))
            else:
                candidates.append((c.due_at, c.target, "breached"))
        next_alert = min(candidates) if candidates else None
    return Clock(state, response, resolution, next_alert)
