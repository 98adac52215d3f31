"""Priced lines: checked values, totals without and with VAT."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import InvalidValue
from domain.lines import priced_line, to_decimal, total_excl, total_incl

quantities = st.decimals(
    min_value=Decimal("-1000"), max_value=Decimal("1000"), places=2
).filter(lambda q: q != 0)
prices = st.decimals(min_value=Decimal("0"), max_value=Decimal("100000"), places=2)
vat_rates = st.sampled_from([Decimal(0), Decimal(9), Decimal(21)])


def test_a_line_is_checked_and_priced() -> None:
    line = priced_line("1", {"description": " Cable ", "quantity": "2.5", "price": 4})
    assert line == {
        "id": "1",
        "description": "Cable",
        "quantity": "2.5",
        "price": "4.00",
        "vat_rate": "21",
        "total": "10.00",
    }


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ({"description": ""}, "description"),
        ({"description": "x" * 501}, "description"),
        ({"description": "a", "quantity": 0}, "quantity"),
        ({"description": "a", "quantity": "two"}, "quantity"),
        ({"description": "a", "price": "NaN"}, "price"),
        ({"description": "a", "price": "Infinity"}, "price"),
        ({"description": "a", "vat_rate": 101}, "vat_rate"),
        ({"description": "a", "vat_rate": -1}, "vat_rate"),
    ],
)
def test_bad_lines_name_the_field(line: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidValue) as error:
        priced_line("1", line)
    assert error.value.field == field


def test_to_decimal_refuses_what_is_not_a_number() -> None:
    assert to_decimal("1.10", "price") == Decimal("1.10")
    with pytest.raises(InvalidValue):
        to_decimal(None, "price")


@settings(deadline=None)
@given(
    st.lists(st.tuples(quantities, prices, vat_rates), min_size=0, max_size=8),
)
def test_totals_are_the_sums_of_the_lines(
    values: list[tuple[Decimal, Decimal, Decimal]],
) -> None:
    lines = [
        priced_line(
            str(i), {"description": "x", "quantity": q, "price": p, "vat_rate": v}
        )
        for i, (q, p, v) in enumerate(values)
    ]
    cent = Decimal("0.01")
    for line, (q, p, _) in zip(lines, values, strict=True):
        assert Decimal(line["total"]) == (q * p).quantize(cent)
    excl = sum(((q * p).quantize(cent) for q, p, _ in values), Decimal(0))
    assert total_excl(lines) == excl
    incl = sum(
        ((q * p).quantize(cent) * (1 + v / 100) for q, p, v in values), Decimal(0)
    )
    assert total_incl(lines) == incl.quantize(cent)
    if all(v == 0 for _, _, v in values):
        assert total_incl(lines) == total_excl(lines)
