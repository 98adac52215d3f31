"""The value rules every command passes through: money, hours, minutes, text."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain import values
from domain.errors import InvalidValue


@given(st.decimals("-999999999.99", "999999999.99", places=2))
def test_money_keeps_every_amount_of_two_places(amount: Decimal) -> None:
    assert values.money(str(amount), "price") == amount
    assert values.money(float(amount), "price") == amount


@pytest.mark.parametrize(
    "value",
    [
        "12,50",
        "1.005",
        "1e308",
        "1e999",
        -1.05e208,
        1e308,
        "NaN",
        "inf",
        "",
        "x",
        None,
        True,
        [1],
        {"a": 1},
        "1" * 50,
    ],
)
def test_money_refuses_anything_else_naming_the_field(value: Any) -> None:
    with pytest.raises(InvalidValue) as error:
        values.money(value, "price")
    assert error.value.field == "price"


@pytest.mark.parametrize(
    ("value", "minutes"), [(1, 60), ("1.5", 90), (0.25, 15), ("0.05", 3)]
)
def test_hours_count_whole_minutes(value: Any, minutes: int) -> None:
    assert values.minutes_of(value, "hours") == minutes


@pytest.mark.parametrize("value", [0.001, 0, -1, "1,5", "1e9", None, "many"])
def test_hours_that_are_no_whole_minutes_are_refused(value: Any) -> None:
    with pytest.raises(InvalidValue) as error:
        values.hours(value, "hours")
    assert error.value.field == "hours"


@given(st.text(max_size=200))
def test_text_is_valid_unicode_without_control_characters(raw: str) -> None:
    try:
        checked = values.text(raw, "description", required=False)
    except InvalidValue as error:
        assert error.field == "description"
        assert any(0xD800 <= ord(c) <= 0xDFFF for c in raw)
        return
    checked.encode("utf-8")
    assert not values.CONTROL.search(checked)


def test_text_keeps_line_breaks_and_refuses_null_names() -> None:
    assert values.text(" a\x01\nb\tc\x0b ", "message") == "a\nb\tc"
    for bad in (None, 5, ["x"], "a\ud800b", " \x02 "):
        with pytest.raises(InvalidValue):
            values.text(bad, "last_name")
    assert values.text(None, "note", required=False) == ""
    with pytest.raises(InvalidValue):
        values.text("x" * 101, "first_name", 100)


def test_datetimes_carry_a_zone() -> None:
    assert values.iso_datetime("2026-05-01T10:00:00Z", "at").tzinfo is not None
    for bad in ("2026-05-01T10:00:00", "yesterday", 5):
        with pytest.raises(InvalidValue):
            values.iso_datetime(bad, "at")
