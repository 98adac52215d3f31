"""Subscriptions: lines, billing periods, next billing date, termination."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given as for_all
from hypothesis import settings
from hypothesis import strategies as st

from domain.errors import InvalidTransition, InvalidValue
from domain.periods import PERIOD_MONTHS, add_months
from domain.subscriptions import Subscription
from tests.unit.domain.support import ACTOR, TENANT, given, new_events, then

LINES = [
    {"description": "Managed workplace", "quantity": 12, "price": "25.00"},
    {"description": "Backup", "quantity": 1, "price": "60.00"},
]


def start(
    period: str = "quarter", day: str = "2026-01-01", **terms: Any
) -> Subscription:
    subscription = Subscription.start(
        TENANT,
        ACTOR,
        terms.pop("description", "Workplace"),
        "company-1",
        None,
        period,
        day,
        terms.pop("direct_debit", True),
        terms.pop("lines", LINES),
    )
    return given(subscription)


def test_starting_records_the_terms_and_the_first_billing_date() -> None:
    subscription = Subscription.start(
        TENANT,
        ACTOR,
        "Workplace",
        "company-1",
        None,
        "quarter",
        "2026-01-01",
        True,
        LINES,
    )
    (started,) = new_events(subscription)
    assert type(started).__name__ == "Started"
    assert started.tenant_id == TENANT and started.actor == ACTOR
    assert subscription.direct_debit is True
    assert subscription.next_billing_date == "2026-01-01"
    assert subscription.start_period == "2026-01-01"
    assert subscription.end_period == "2026-03-31"
    assert subscription.total == Decimal("360.00")
    assert subscription.mrr == Decimal("120.00")


@pytest.mark.parametrize(
    ("period", "day", "field"),
    [
        (None, "2026-01-01", "period"),
        ("week", "2026-01-01", "period"),
        ("month", "", "billing_start_date"),
        ("month", "2026-13-01", "billing_start_date"),
    ],
)
def test_bad_terms_are_refused_naming_the_field(
    period: Any, day: str, field: str
) -> None:
    with pytest.raises(InvalidValue) as error:
        start(period, day)
    assert error.value.field == field


def test_billing_moves_the_next_billing_date_one_period_on() -> None:
    subscription = start("quarter")
    subscription.bill_period(ACTOR)
    (billed,) = new_events(subscription)
    assert type(billed).__name__ == "PeriodBilled"
    assert (billed.period_start, billed.period_end) == ("2026-01-01", "2026-03-31")
    assert subscription.next_billing_date == "2026-04-01"
    subscription.bill_period(ACTOR)
    assert subscription.start_period == "2026-04-01"
    assert subscription.end_period == "2026-06-30"
    assert subscription.next_billing_date == "2026-07-01"


def test_monthly_billing_from_the_31st_keeps_to_the_months_ends() -> None:
    subscription = start("month", "2026-01-31")
    starts = []
    for _ in range(4):
        starts.append(subscription.next_billing_date)
        subscription.bill_period(ACTOR)
    assert starts == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]


@settings(deadline=None)
@for_all(
    first=st.dates(min_value=date(2020, 1, 1), max_value=date(2040, 12, 31)),
    period=st.sampled_from(sorted(PERIOD_MONTHS)),
    count=st.integers(min_value=1, max_value=15),
)
def test_billed_periods_follow_the_schedule_without_gaps(
    first: date, period: str, count: int
) -> None:
    subscription = start(period, first.isoformat())
    for _ in range(count):
        subscription.bill_period(ACTOR)
    billed = new_events(subscription)
    months = PERIOD_MONTHS[period]
    for index, event in enumerate(billed):
        assert event.period_start == add_months(first, index * months).isoformat()
    for before, after in zip(billed, billed[1:], strict=False):
        end = date.fromisoformat(before.period_end)
        assert after.period_start == (end + timedelta(days=1)).isoformat()


def test_termination_stops_billing_after_the_termination_date() -> None:
    subscription = start("quarter")
    subscription.bill_period(ACTOR)
    subscription.terminate(ACTOR, "2026-05-15")
    assert then(subscription) == ["PeriodBilled", "Terminated"]
    assert subscription.termination_date == "2026-05-15"
    assert subscription.next_billing_date == "2026-04-01"
    subscription.bill_period(ACTOR)
    assert subscription.next_billing_date is None
    with pytest.raises(InvalidTransition):
        subscription.bill_period(ACTOR)


def test_termination_before_the_start_is_refused() -> None:
    subscription = start("month", "2026-03-01")
    with pytest.raises(InvalidValue) as error:
        subscription.terminate(ACTOR, "2026-02-28")
    assert error.value.field == "termination_date"
    with pytest.raises(InvalidValue) as error:
        subscription.terminate(ACTOR, "")
    assert error.value.field == "termination_date"


def test_lines_can_change_until_terminated() -> None:
    subscription = start()
    subscription.change_lines(ACTOR, LINES)
    assert then(subscription) == []
    subscription.change_lines(ACTOR, LINES[:1])
    assert then(subscription) == ["LinesChanged"]
    assert subscription.total == Decimal("300.00")
    subscription.terminate(ACTOR, "2026-12-31")
    given(subscription)
    with pytest.raises(InvalidTransition):
        subscription.change_lines(ACTOR, LINES)
