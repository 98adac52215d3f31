"""The one paging path: page numbers and sizes checked, one envelope for every list."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Column, Engine, Integer, MetaData, Table, create_engine, select

from api.listing import counted_page, envelope, parse_page
from api.query.params import BuilderError

numbers = Table("numbers", MetaData(), Column("n", Integer, primary_key=True))


@pytest.fixture
def engine() -> Iterator[Engine]:
    engine = create_engine("sqlite://")
    numbers.create(engine)
    with engine.begin() as connection:
        connection.execute(numbers.insert(), [{"n": n} for n in range(1, 38)])
    yield engine
    engine.dispose()


def test_the_envelope_counts_from_to_and_the_last_page() -> None:
    body = envelope(["a", "b"], page=3, per_page=5, total=12)
    assert body == {
        "data": ["a", "b"],
        "from": 11,
        "to": 12,
        "total": 12,
        "total_min": 12,
        "total_max": 12,
        "per_page": 5,
        "current_page": 3,
        "last_page": 3,
    }
    assert "total_is_estimate" not in body


def test_an_empty_page_has_no_from_or_to_and_one_last_page() -> None:
    body = envelope([], page=1, per_page=15, total=0, estimated=False)
    assert (body["from"], body["to"], body["last_page"]) == (None, None, 1)
    assert list(body) == [
        "data",
        "from",
        "to",
        "total",
        "total_is_estimate",
        "total_min",
        "total_max",
        "per_page",
        "current_page",
        "last_page",
    ]


def test_an_estimated_total_states_the_bounds_the_count_lies_in() -> None:
    body = envelope(["a"] * 5, 2, 5, 40, estimated=True, bounds=(31, 52))
    assert (body["total"], body["total_min"], body["total_max"]) == (40, 31, 52)
    assert body["total_is_estimate"] is True


@pytest.mark.parametrize("raw", ["0", "-1", "two", "1.5", "1000001"])
def test_a_bad_page_is_named(raw: str) -> None:
    with pytest.raises(BuilderError) as caught:
        parse_page(raw)
    assert caught.value.param == "page"


def test_pages_default_to_the_first() -> None:
    assert parse_page(None) == parse_page("") == 1


def test_a_counted_page_holds_its_rows_and_the_exact_total(engine: Engine) -> None:
    statement = select(numbers).where(numbers.c.n > 2).order_by(numbers.c.n.desc())
    with engine.connect() as connection:
        rows, total = counted_page(connection, statement, 2, 5)
    assert [row.n for row in rows] == [32, 31, 30, 29, 28] and total == 35
