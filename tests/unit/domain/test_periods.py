"""Calendar periods: bounds that contain the day and tile the calendar."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from domain.errors import InvalidValue
from domain.periods import (
    PERIOD_MONTHS,
    add_months,
    check_period,
    parse_date,
    period_bounds,
)

any_days = st.dates(min_value=date(2000, 1, 1), max_value=date(2060, 12, 31))
# Schedules that start late in a month are where clamping to a month's end bites.
late_days = st.builds(
    lambda year, month, day: date(year, month, 1) + timedelta(days=day - 1),
    st.integers(2000, 2060),
    st.integers(1, 12),
    st.integers(28, 31),
)
days = st.one_of(any_days, late_days)
offsets = st.integers(min_value=0, max_value=3 * 366)
periods = st.sampled_from(sorted(PERIOD_MONTHS))


@pytest.mark.parametrize(
    ("period", "moment", "bounds"),
    [
        ("month", date(2026, 3, 20), (date(2026, 3, 15), date(2026, 4, 14))),
        ("month", date(2026, 3, 14), (date(2026, 2, 15), date(2026, 3, 14))),
        ("quarter", date(2026, 3, 20), (date(2026, 1, 15), date(2026, 4, 14))),
        ("quarter", date(2026, 4, 15), (date(2026, 4, 15), date(2026, 7, 14))),
        ("half_year", date(2026, 8, 1), (date(2026, 7, 15), date(2027, 1, 14))),
        ("year", date(2026, 1, 14), (date(2025, 1, 15), date(2026, 1, 14))),
        ("year", date(2027, 6, 1), (date(2027, 1, 15), date(2028, 1, 14))),
    ],
)
def test_period_bounds_of_a_schedule_starting_mid_month(
    period: str, moment: date, bounds: tuple[date, date]
) -> None:
    assert period_bounds(date(2025, 1, 15), period, moment) == bounds


def test_a_day_before_the_start_falls_in_the_first_period() -> None:
    start = date(2026, 1, 1)
    assert period_bounds(start, "quarter", date(2025, 5, 5)) == (
        date(2026, 1, 1),
        date(2026, 3, 31),
    )


def test_month_periods_from_the_31st_follow_the_months_ends() -> None:
    start = date(2025, 1, 31)
    assert period_bounds(start, "month", date(2025, 2, 10)) == (
        date(2025, 1, 31),
        date(2025, 2, 27),
    )
    assert period_bounds(start, "month", date(2025, 3, 30)) == (
        date(2025, 2, 28),
        date(2025, 3, 30),
    )
    assert period_bounds(start, "month", date(2025, 2, 28)) == (
        date(2025, 2, 28),
        date(2025, 3, 30),
    )
    assert period_bounds(start, "month", date(2025, 3, 31)) == (
        date(2025, 3, 31),
        date(2025, 4, 29),
    )


@settings(max_examples=300, deadline=None)
@given(start=days, period=periods, offset=offsets)
def test_period_bounds_always_contain_the_day(
    start: date, period: str, offset: int
) -> None:
    begin, end = period_bounds(start, period, start + timedelta(days=offset))
    assert begin <= start + timedelta(days=offset) <= end
    assert begin >= start


@settings(max_examples=300, deadline=None)
@given(start=days, period=periods, offset=offsets)
def test_periods_begin_on_the_schedule(start: date, period: str, offset: int) -> None:
    begin, end = period_bounds(start, period, start + timedelta(days=offset))
    months = PERIOD_MONTHS[period]
    index = next(k for k in range(0, 800) if add_months(start, k * months) == begin)
    assert end == add_months(start, (index + 1) * months) - timedelta(days=1)


@example(start=date(2025, 1, 31), period="month", offset=58)
@settings(max_examples=300, deadline=None)
@given(start=days, period=periods, offset=offsets)
def test_consecutive_periods_neither_overlap_nor_leave_gaps(
    start: date, period: str, offset: int
) -> None:
    day = start + timedelta(days=offset)
    begin, end = period_bounds(start, period, day)
    following = period_bounds(start, period, day + timedelta(days=1))
    if day == end:
        assert following[0] == end + timedelta(days=1)
    else:
        assert following == (begin, end)
    assert period_bounds(start, period, begin) == (begin, end)
    assert period_bounds(start, period, end) == (begin, end)


@settings(deadline=None)
@given(day=days, months=st.integers(min_value=0, max_value=120))
def test_add_months_lands_in_the_right_month_clamped_to_its_end(
    day: date, months: int
) -> None:
    later = add_months(day, months)
    assert (later.year - day.year) * 12 + later.month - day.month == months
    assert later.day == day.day or (later + timedelta(days=1)).day == 1


@pytest.mark.parametrize("value", [None, "", "none"])
def test_no_period(value: str | None) -> None:
    assert check_period(value) is None


def test_an_unknown_period_is_refused_naming_the_field() -> None:
    with pytest.raises(InvalidValue) as error:
        check_period("fortnight")
    assert error.value.field == "period"


def test_dates_are_parsed_or_refused_naming_the_field() -> None:
    assert parse_date("2026-02-28", "start_date") == date(2026, 2, 28)
    assert parse_date("", "start_date") is None
    with pytest.raises(InvalidValue) as error:
        parse_date("2026-02-30", "start_date")
    assert error.value.field == "start_date"
