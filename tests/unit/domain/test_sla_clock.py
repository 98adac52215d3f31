"""The SLA clock against a minute-by-minute simulation, and its checked fields."""

from __future__ import annotations

import threading
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import sla as sla_module
from domain.errors import InvalidValue
from domain.sla import (
    CLOSED,
    SEARCH_DAYS,
    BusinessTime,
    Calendar,
    History,
    Policy,
    Targets,
    business_time,
    calendar_from_data,
    check_calendar,
    check_policy,
    clock,
)

MINUTE = timedelta(minutes=1)
ZONES = (
    "Europe/Amsterdam",
    "Europe/London",
    "America/New_York",
    "Australia/Lord_Howe",  # half an hour of daylight saving
    "Asia/Kolkata",
)
# days on which some of the zones change their clocks
DST_DAYS = (
    date(2026, 3, 8),
    date(2026, 3, 29),
    date(2026, 4, 5),
    date(2026, 10, 4),
    date(2026, 10, 25),
    date(2026, 11, 1),
    date(2026, 12, 24),  # and Christmas, for the holidays
)
PAUSING = frozenset({4, 6})
BEYOND_BASE = datetime(2000, 1, 1, tzinfo=UTC)
BEYOND = datetime(1900, 1, 1, tzinfo=UTC)
"""The walk gave up at BEYOND + (where it stopped - BEYOND_BASE)."""


@st.composite
def spans(draw: st.DrawFn) -> tuple[tuple[int, int], ...]:
    chosen: list[tuple[int, int]] = []
    cursor = 0
    for _ in range(draw(st.integers(0, 2))):
        if cursor > 23 * 60:
            break
        start = draw(st.integers(cursor, 23 * 60)) // 30 * 30
        if start < cursor:
            break
        # at least half an hour open: the longest target drawn (30 hours) then
        # falls within the clock's horizon of SEARCH_DAYS, which a calendar open a
        # minute a week would pass (test_a_due_past_the_horizon_is_none)
        end = draw(st.integers(start + 30, min(start + 10 * 60, 24 * 60)))
        chosen.append((start, end))
        cursor = end + 1
        if cursor >= 24 * 60:
            break
    return tuple(chosen)


@st.composite
def calendars(draw: st.DrawFn) -> Calendar:
    hours = tuple(draw(spans()) for _ in range(7))
    if not any(hours):
        hours = (((120, 300),), *hours[1:])  # 02:00-05:00 on Mondays: across the change
    base = draw(st.sampled_from(DST_DAYS))
    own = draw(st.lists(st.integers(-2, 6), max_size=3))
    return Calendar(
        hours=hours,
        time_zone=draw(st.sampled_from(ZONES)),
        countries=tuple(
            draw(st.lists(st.sampled_from(("NL", "BE", "DE")), max_size=2))
        ),
        own_days=frozenset(base + timedelta(days=d) for d in own),
    )


@st.composite
def histories(draw: st.DrawFn, calendar: Calendar) -> History:
    base = draw(st.sampled_from(DST_DAYS))
    opened = datetime(base.year, base.month, base.day, tzinfo=UTC) + timedelta(
        minutes=draw(st.integers(-36 * 60, 24 * 60))
    )
    statuses = [(opened, 1)]
    at = opened
    for _ in range(draw(st.integers(0, 4))):
        at = at + timedelta(minutes=draw(st.integers(1, 3 * 24 * 60)))
        statuses.append((at, draw(st.sampled_from((1, 4, 5, 6, 2)))))
    responded = None
    if draw(st.booleans()):
        responded = opened + timedelta(minutes=draw(st.integers(0, 4 * 24 * 60)))
    return History(opened, None, tuple(statuses), responded)


def status_at(history: History, moment: datetime) -> int:
    current = history.statuses[0][1]
    for at, status_type in history.statuses:
        if at <= moment:
            current = status_type
    return current


def simulate(
    calendar: Calendar, history: History, minutes: int, done_at: datetime | None
) -> datetime | None:
    """Walk minute by minute: the end of the minute that uses up the target."""
    used = 0
    moment = history.opened_at
    last = history.statuses[-1]
    runs_now = last[1] not in PAUSING and last[1] not in CLOSED
    limit = max(last[0], done_at or last[0]) + timedelta(days=40)
    while moment < limit:
        if done_at is not None and moment >= done_at:
            running = True  # after the target is done, the due runs on
        else:
            status = status_at(history, moment)
            running = status not in PAUSING and status not in CLOSED
        if done_at is None and moment >= last[0] and not runs_now:
            return None  # paused or closed for good before reaching it
        if running and calendar.is_open(moment):
            used += 1
            if used == minutes:
                return moment + MINUTE
        moment += MINUTE
    return BEYOND + (limit - BEYOND_BASE)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_due_moments_equal_a_minute_by_minute_walk(data: st.DataObject) -> None:
    calendar = data.draw(calendars())
    history = data.draw(histories(calendar))
    response = data.draw(st.integers(1, 12 * 60))
    resolution = data.draw(st.integers(1, 30 * 60))
    policy = Policy(calendar=calendar, default=Targets(response, resolution))
    result = clock(history, policy)
    closed = history.statuses[-1][1] in CLOSED
    closed_at = history.statuses[-1][0] if closed else None
    assert result.resolution is not None
    agree(result.resolution.due_at, simulate(calendar, history, resolution, closed_at))
    if history.first_response_at is not None or not closed:
        assert result.response is not None
        agree(
            result.response.due_at,
            simulate(calendar, history, response, history.first_response_at),
        )


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_business_minutes_between_equal_a_minute_by_minute_count(
    data: st.DataObject,
) -> None:
    """The time left a queue shows: counted on the calendar's numbered spans
    (business_time), the same as the open minutes one by one, either way."""
    calendar = data.draw(calendars())
    base = data.draw(st.sampled_from(DST_DAYS))
    midnight = datetime(base.year, base.month, base.day, tzinfo=UTC)
    start = midnight + MINUTE * data.draw(st.integers(-36 * 60, 24 * 60))
    end = start + MINUTE * data.draw(st.integers(0, 4 * 24 * 60))
    counted = sum(
        calendar.is_open(start + MINUTE * i) for i in range((end - start) // MINUTE)
    )
    assert calendar.minutes_between(start, end) == counted
    assert calendar.minutes_between(end, start) == -counted


@st.composite
def running(draw: st.DrawFn) -> list[tuple[datetime, datetime | None]]:
    """Spans a clock runs in, at any microsecond, the last one perhaps open."""
    base = draw(st.sampled_from(DST_DAYS))
    at = datetime(base.year, base.month, base.day, tzinfo=UTC) + timedelta(
        microseconds=draw(st.integers(-36 * 3600 * 10**6, 24 * 3600 * 10**6))
    )
    result: list[tuple[datetime, datetime | None]] = []
    for _ in range(draw(st.integers(1, 4))):
        length = timedelta(microseconds=draw(st.integers(1, 3 * 24 * 3600 * 10**6)))
        result.append((at, at + length))
        at += length + timedelta(microseconds=draw(st.integers(1, 10**11)))
    if draw(st.booleans()):
        result[-1] = (result[-1][0], None)
    return result


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_due_moments_by_the_numbered_spans_equal_the_walk_to_the_microsecond(
    data: st.DataObject,
) -> None:
    """A ticket's moments carry microseconds: the ordinals' answer (whole
    microseconds) is the walk's (minutes as floats), moments and minutes used."""
    calendar = data.draw(calendars())
    spans = data.draw(running())
    low = data.draw(st.integers(1, 30 * 60))
    thresholds = sorted((low * data.draw(st.integers(1, 100)) / 100, low))
    numbered = sla_module._reach_numbered(calendar, spans, thresholds)
    assert numbered is not None  # all within the numbered days and the horizon
    walked = sla_module._reach_walked(calendar, spans, thresholds)
    assert [moment for moment, _ in numbered] == [moment for moment, _ in walked]
    for (_, a), (_, b) in zip(numbered, walked, strict=True):
        assert abs(a - b) < 1e-6


def test_the_walk_answers_what_the_numbered_spans_cannot() -> None:
    calendar = Calendar()
    early = datetime(2020, 3, 2, 9, 0, tzinfo=UTC)  # before the numbered days
    assert sla_module._reach_numbered(calendar, [(early, None)], (60,)) is None
    late = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    # nothing to reach: the first open moment, which only the walk says
    assert sla_module._reach_numbered(calendar, [(late, None)], (0, 60)) is None
    # a span longer than the walk looks ahead
    far = late + timedelta(days=SEARCH_DAYS)
    assert sla_module._reach_numbered(calendar, [(late, far)], (60,)) is None
    reached = sla_module.reach_all(calendar, [(early, None)], (0, 60))
    assert reached == sla_module._reach_walked(calendar, [(early, None)], (0, 60))


def agree(computed: datetime | None, walked: datetime | None) -> None:
    if walked is not None and walked.year < 2000:  # the walk gave up there
        assert computed is not None
        assert computed > BEYOND_BASE + (walked - BEYOND)
    else:
        assert computed == walked


def test_a_due_past_the_horizon_is_none() -> None:
    """A calendar open one minute a week reaches 158 minutes in about three years
    and a month: past SEARCH_DAYS, so the clock names no due moment rather than
    walking on without end; a target that fits within it is still found."""
    calendar = Calendar(hours=(((600, 601),), (), (), (), (), (), ()), time_zone="UTC")
    opened = datetime(2026, 11, 2, 8, 0, tzinfo=UTC)  # a Monday
    history = History(opened, None, ((opened, 1),), None)
    weeks = SEARCH_DAYS // 7
    beyond = clock(history, Policy(calendar=calendar, default=Targets(None, weeks + 2)))
    assert beyond.resolution is not None and beyond.resolution.due_at is None
    within = clock(history, Policy(calendar=calendar, default=Targets(None, 3)))
    assert within.resolution is not None
    assert within.resolution.due_at == datetime(2026, 11, 16, 10, 1, tzinfo=UTC)


def test_a_calendar_counts_the_hour_the_clocks_go_back() -> None:
    calendar = Calendar(hours=(((0, 1440),),) * 7, countries=())
    # 25 October 2026: Amsterdam goes from +02:00 to +01:00
    assert len(calendar.open_intervals(date(2026, 10, 25))) == 2
    total = sum(
        (b - a).total_seconds() / 3600
        for a, b in calendar.open_intervals(date(2026, 10, 25))
    )
    assert total == 25
    total = sum(
        (b - a).total_seconds() / 3600
        for a, b in calendar.open_intervals(date(2026, 3, 29))
    )
    assert total == 23


def test_public_and_own_holidays_close_the_desk() -> None:
    calendar = calendar_from_data(
        {"holiday_countries": ["NL"], "holidays": ["2026-06-01"]}
    )
    assert calendar.open_intervals(date(2026, 4, 27)) == []  # King's Day
    assert calendar.open_intervals(date(2026, 6, 1)) == []
    assert calendar.open_intervals(date(2026, 6, 2)) != []
    belgian = calendar_from_data({"holiday_countries": ["BE"]})
    assert belgian.open_intervals(date(2026, 7, 21)) == []  # Belgian national day
    assert calendar.open_intervals(date(2026, 7, 21)) != []


def test_waiting_on_the_client_pauses_the_clock() -> None:
    opened = datetime(2026, 6, 2, 7, 0, tzinfo=UTC)  # Tuesday 09:00 in Amsterdam
    policy = Policy(default=Targets(None, 120))
    waiting = History(opened, None, ((opened, 1), (opened + timedelta(hours=1), 4)))
    paused = clock(waiting, policy)
    assert paused.state == "paused"
    assert paused.resolution is not None and paused.resolution.due_at is None
    assert paused.minutes_left(policy.calendar, opened + timedelta(days=3)) == 60
    back = History(opened, None, (*waiting.statuses, (opened + timedelta(hours=3), 5)))
    running = clock(back, policy)
    assert running.state == "running"
    assert running.resolution is not None
    assert running.resolution.due_at == opened + timedelta(hours=4)
    assert running.next_alert == (
        opened + timedelta(hours=3, minutes=36),
        "resolution",
        "warned",
    )


def test_raised_alerts_set_the_state_and_the_next_alert() -> None:
    opened = datetime(2026, 6, 2, 7, 0, tzinfo=UTC)
    policy = Policy(default=Targets(None, 100))
    due = (opened + timedelta(minutes=100)).isoformat()
    history = History(
        opened, None, ((opened, 1),), alerts=frozenset({("resolution", "warned", due)})
    )
    warned = clock(history, policy)
    assert warned.state == "warned"
    assert warned.next_alert == (
        opened + timedelta(minutes=100),
        "resolution",
        "breached",
    )
    history = History(
        opened,
        None,
        ((opened, 1),),
        alerts=frozenset(
            {("resolution", "warned", due), ("resolution", "breached", due)}
        ),
    )
    assert clock(history, policy).state == "breached"
    assert clock(history, policy).next_alert is None


def test_closing_in_time_is_met_and_late_is_breached() -> None:
    opened = datetime(2026, 6, 2, 7, 0, tzinfo=UTC)
    policy = Policy(default=Targets(30, 60))
    early = History(opened, None, ((opened, 1), (opened + timedelta(minutes=50), 2)))
    assert clock(early, policy).state == "met"
    late = History(opened, None, ((opened, 1), (opened + timedelta(minutes=70), 2)))
    assert clock(late, policy).state == "breached"
    answered = History(opened, None, ((opened, 1),), opened + timedelta(minutes=10))
    assert clock(answered, Policy(default=Targets(30, None))).state == "met"


def test_priority_targets_come_before_the_default() -> None:
    policy_data = check_policy(
        {
            "default_targets": {"response_minutes": 480},
            "priority_targets": {
                "3": {"response_minutes": 60, "resolution_minutes": 240}
            },
        }
    )
    assert policy_data["priority_targets"]["3"]["resolution_minutes"] == 240
    assert policy_data["pause_statuses"] == ["waiting_for_reply", "scheduled"]
    assert policy_data["warn_percent"] == 80


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"time_zone": "Mars/Olympus"}, "time_zone"),
        ({"hours": {"monday": [["09:00", "08:00"]]}}, "hours.monday"),
        ({"hours": {"funday": []}}, "hours"),
        ({"hours": {"monday": [["9", "17:00"]]}}, "hours.monday"),
        ({"hours": {}}, "hours"),
        ({"holiday_countries": ["FR"]}, "holiday_countries"),
        ({"holidays": ["2026-13-01"]}, "holidays"),
    ],
)
def test_a_bad_calendar_names_its_field(data: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        check_calendar(data)
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"warn_percent": 100}, "warn_percent"),
        ({"pause_statuses": ["closed"]}, "pause_statuses"),
        (
            {"default_targets": {"response_minutes": -5}},
            "default_targets.response_minutes",
        ),
        ({"priority_targets": {"x": {}}}, "priority_targets"),
        ({"company_ids": [5]}, "company_ids"),
        ({"calendar_id": "a"}, "calendar_id"),
    ],
)
def test_a_bad_policy_names_its_field(data: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        check_policy(data)
    assert caught.value.field == field


def test_threads_asking_for_a_new_calendars_numbering_at_once_build_it_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first list page after a start asks from every request thread."""
    calendar = Calendar(
        hours=(((9 * 60, 17 * 60),),) * 5 + ((), ()),
        time_zone="Europe/Amsterdam",
        own_days=frozenset({date(2031, 5, 17)}),  # a calendar no other test has
    )
    built: list[Calendar] = []
    numbered = sla_module._numbered

    def counted(asked: Calendar) -> BusinessTime:
        built.append(asked)
        return numbered(asked)

    monkeypatch.setattr(sla_module, "_numbered", counted)
    start = threading.Barrier(8)
    answers: list[object] = []

    def ask() -> None:
        start.wait()
        answers.append(business_time(calendar))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert built == [calendar]
    assert all(answer is answers[0] for answer in answers)


def test_a_built_numbering_is_read_while_another_is_being_built() -> None:
    """Rows of a known calendar never wait on the lock a new one is built under."""
    known = Calendar()
    business_time(known)
    answers: list[object] = []
    with sla_module._NUMBERING:  # as while another calendar is being built
        asking = threading.Thread(target=lambda: answers.append(business_time(known)))
        asking.start()
        asking.join(timeout=10)
        waited = asking.is_alive()
    asking.join()
    assert not waited
    assert answers == [business_time(known)]
