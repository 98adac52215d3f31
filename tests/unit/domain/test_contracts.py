"""Contracts: periods, prepaid cards, bookings and what remains."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from hypothesis import given as for_all
from hypothesis import settings
from hypothesis import strategies as st

from domain.contracts import Contract
from domain.errors import InvalidTransition, InvalidValue, NotFound
from tests.unit.domain.support import ACTOR, TENANT, given, new_events, then


def conclude(period: str | None = "month", **terms: Any) -> Contract:
    terms = {
        "name": "Support 2026",
        "client_id": "client-1",
        "company_id": "company-1",
        "service_id": 1,
        "quantity": 10,
        "start_date": "2026-01-15",
        "end_date": "2026-12-31",
        **terms,
    }
    contract = Contract.conclude(TENANT, ACTOR, period=period, **terms)
    return given(contract)


def test_concluding_records_the_terms() -> None:
    contract = Contract.conclude(
        TENANT, ACTOR, " Support ", None, "c-1", None, "quarter", 4, "2026-01-01"
    )
    (concluded,) = new_events(contract)
    assert type(concluded).__name__ == "Concluded"
    assert concluded.tenant_id == TENANT and concluded.actor == ACTOR
    assert contract.name == "Support"
    assert contract.period == "quarter"
    assert contract.quantity == 4.0
    assert contract.end_date is None
    assert contract.is_prepaid is False


@pytest.mark.parametrize("period", [None, "", "none"])
def test_no_period_makes_a_prepaid_card_contract(period: str | None) -> None:
    assert conclude(period).is_prepaid is True


@pytest.mark.parametrize(
    ("terms", "field"),
    [
        ({"start_date": ""}, "start_date"),
        ({"start_date": "15-01-2026"}, "start_date"),
        ({"end_date": "2026-01-14"}, "end_date"),
        ({"quantity": -1}, "quantity"),
        ({"name": ""}, "name"),
        ({"period": "week"}, "period"),
    ],
)
def test_bad_terms_are_refused_naming_the_field(
    terms: dict[str, Any], field: str
) -> None:
    period = terms.pop("period", "month")
    with pytest.raises(InvalidValue) as error:
        conclude(period, **terms)
    assert error.value.field == field


@pytest.mark.parametrize(
    ("period", "day", "bounds"),
    [
        ("month", date(2026, 3, 20), ("2026-03-15", "2026-04-14")),
        ("quarter", date(2026, 3, 20), ("2026-01-15", "2026-04-14")),
        ("year", date(2026, 12, 31), ("2026-01-15", "2027-01-14")),
    ],
)
def test_the_period_a_day_falls_in(
    period: str, day: date, bounds: tuple[str, str]
) -> None:
    assert conclude(period).period_of(day) == bounds


def test_a_prepaid_contract_has_one_period_from_start_to_end() -> None:
    assert conclude(None).period_of(date(2026, 6, 1)) == ("2026-01-15", "2026-12-31")
    assert conclude(None, end_date=None).period_of(date(2026, 6, 1)) == (
        "2026-01-15",
        "",
    )


def test_a_prepaid_card_tops_up_the_minutes_remaining() -> None:
    contract = conclude(None, quantity=0)
    contract.buy_prepaid_card(ACTOR, 3, 10, "750.00", "10 hour card")
    (bought,) = new_events(contract)
    assert type(bought).__name__ == "PrepaidCardBought"
    assert bought.minutes == 600
    assert bought.price == "750.00"
    assert contract.minutes_remaining() == 600
    contract.buy_prepaid_card(ACTOR, 4, 2.5, "200.00", "Small card")
    assert contract.minutes_remaining() == 750


def test_a_prepaid_card_only_for_a_contract_without_period() -> None:
    contract = conclude("month")
    with pytest.raises(InvalidValue) as error:
        contract.buy_prepaid_card(ACTOR, 3, 10, "750.00", "10 hour card")
    assert error.value.field == "prepaid_card_id"
    assert then(contract) == []


def test_a_prepaid_card_needs_hours() -> None:
    with pytest.raises(InvalidValue) as error:
        conclude(None).buy_prepaid_card(ACTOR, 3, 0, "0", "Empty card")
    assert error.value.field == "hours"


def test_bookings_use_up_a_prepaid_card() -> None:
    contract = conclude(None, quantity=1)
    contract.buy_prepaid_card(ACTOR, 3, 10, "750.00", "10 hour card")
    contract.book_time(ACTOR, "r1", "ticket-1", 90, date(2026, 2, 1))
    contract.book_time(ACTOR, "r2", "ticket-2", 30, date(2026, 11, 1))
    assert contract.registered_minutes() == 120
    assert contract.minutes_remaining() == 60 + 600 - 120
    booked = [e for e in new_events(contract) if type(e).__name__ == "TimeBooked"]
    assert [b.period_start for b in booked] == ["2026-01-15", "2026-01-15"]


def test_bookings_count_against_the_period_they_fall_in() -> None:
    contract = conclude("month", quantity=2)
    contract.book_time(ACTOR, "r1", "t-1", 45, date(2026, 1, 20))
    contract.book_time(ACTOR, "r2", "t-1", 30, date(2026, 2, 14))
    contract.book_time(ACTOR, "r3", "t-2", 60, date(2026, 2, 15))
    assert contract.registered_minutes("2026-01-15") == 75
    assert contract.minutes_remaining("2026-01-15") == 45
    assert contract.minutes_remaining("2026-02-15") == 60
    assert contract.bookings["r3"]["period_end"] == "2026-03-14"
    assert contract.registered_minutes() == 135


@pytest.mark.parametrize("day", [date(2026, 1, 14), date(2027, 1, 1)])
def test_a_booking_outside_the_contract_dates_is_refused(day: date) -> None:
    contract = conclude("month")
    with pytest.raises(InvalidValue) as error:
        contract.book_time(ACTOR, "r1", "t-1", 30, day)
    assert error.value.field == "executed_at"
    assert then(contract) == []


def test_the_first_and_last_day_can_be_booked() -> None:
    contract = conclude("month")
    contract.book_time(ACTOR, "r1", "t-1", 30, date(2026, 1, 15))
    contract.book_time(ACTOR, "r2", "t-1", 30, date(2026, 12, 31))
    assert then(contract) == ["TimeBooked", "TimeBooked"]


def test_a_registration_is_booked_once() -> None:
    contract = conclude("month")
    contract.book_time(ACTOR, "r1", "t-1", 30, date(2026, 2, 1))
    given(contract)
    with pytest.raises(InvalidTransition):
        contract.book_time(ACTOR, "r1", "t-1", 30, date(2026, 2, 1))


def test_unbooking_gives_the_minutes_back() -> None:
    contract = conclude(None, quantity=5)
    contract.book_time(ACTOR, "r1", "t-1", 100, date(2026, 2, 1))
    given(contract)
    contract.unbook_time(ACTOR, "r1")
    assert then(contract) == ["TimeUnbooked"]
    assert contract.minutes_remaining() == 300
    with pytest.raises(NotFound):
        contract.unbook_time(ACTOR, "r1")


def test_amend_records_only_changes_and_refuses_unknown_fields() -> None:
    contract = conclude("month")
    contract.amend(ACTOR, {"name": "Support 2026", "end_date": "2027-06-30"})
    (amended,) = new_events(contract)
    assert amended.changes == {"end_date": "2027-06-30"}
    with pytest.raises(InvalidValue) as error:
        contract.amend(ACTOR, {"period": "year"})
    assert error.value.field == "period"
    with pytest.raises(InvalidValue) as error:
        contract.amend(ACTOR, {"end_date": "2025-12-31"})
    assert error.value.field == "end_date"
    with pytest.raises(InvalidValue) as error:
        contract.amend(ACTOR, {"quantity": -2})
    assert error.value.field == "quantity"
    assert then(contract) == []


@settings(deadline=None)
@for_all(
    hours=st.integers(min_value=0, max_value=40),
    cards=st.lists(st.integers(min_value=1, max_value=50), max_size=5),
    bookings=st.lists(st.integers(min_value=1, max_value=24 * 60), max_size=10),
)
def test_prepaid_minutes_remaining_is_allowance_plus_cards_minus_bookings(
    hours: int, cards: list[int], bookings: list[int]
) -> None:
    contract = conclude(None, quantity=hours)
    for number, card_hours in enumerate(cards):
        contract.buy_prepaid_card(ACTOR, number, card_hours, "1.00", "card")
    for number, minutes in enumerate(bookings):
        contract.book_time(ACTOR, f"r{number}", "t-1", minutes, date(2026, 5, 5))
    expected = 60 * (hours + sum(cards)) - sum(bookings)
    assert contract.minutes_remaining() == expected
