"""A served process numbers the tenants' business-hour calendars before serving.

Left to the first list page, the numbering shared the interpreter with every
request thread and each list on that process waited for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import uuid4

import pytest
from sqlalchemy import Engine, insert, text

from api.bootstrap import build_engine
from api.commands.serve import embedded_app, prepare_calendars
from domain import sla
from domain.sla import Calendar, calendar_from_data
from projections import tables as t
from projections.schema import create_tables
from tests.conftest import BACKEND

OWN = {
    "time_zone": "Europe/Berlin",
    "hours": {"monday": [["07:00", "15:00"]], "saturday": [["10:00", "12:00"]]},
    "holiday_countries": ["DE"],
    "holidays": ["2030-06-03"],
}


@pytest.fixture
def numbered(monkeypatch: pytest.MonkeyPatch) -> dict[Calendar, Any]:
    """No calendar numbered yet in this process (for the test's length)."""
    fresh: dict[Calendar, Any] = {}
    monkeypatch.setattr(sla, "_NUMBERED", fresh)
    return fresh


@pytest.fixture
def tables(settings) -> Iterator[Engine]:  # type: ignore[no-untyped-def]
    """The test database's engine, its tables made."""
    engine = build_engine(settings)
    create_tables(engine)
    yield engine
    engine.dispose()


def _item(data: Any, number: int) -> dict[str, Any]:
    return {
        "tenant_id": str(uuid4()),
        "kind": "business_hour_contracts",
        "id": number,
        "label": f"Hours {number}",
        "position": number,
        "is_default": False,
        "data": data,
    }


def test_the_tenants_calendars_are_numbered_and_a_broken_one_left(
    tables: Engine, numbered: dict[Calendar, Any]
) -> None:
    with tables.begin() as connection:
        connection.execute(
            insert(t.setting_items),
            [_item(OWN, 1), _item({"time_zone": "Mars/Olympus"}, 2), _item([], 3)],
        )
    prepare_calendars(tables)
    assert set(numbered) == {Calendar(), calendar_from_data(OWN)}


def test_the_served_app_numbers_them_before_it_answers(
    settings, numbered: dict[Calendar, Any]
) -> None:  # type: ignore[no-untyped-def]
    app = embedded_app(settings, projector=False)
    try:
        assert Calendar() in numbered
    finally:
        app.state.services.domain.close()
        app.state.services.engine.dispose()


@pytest.mark.skipif(BACKEND != "sqlite", reason="PostgreSQL refuses the bad JSON")
def test_a_row_that_cannot_be_read_does_not_stop_the_start(
    tables: Engine, numbered: dict[Calendar, Any]
) -> None:
    with tables.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO setting_items VALUES "
                "('t', 'business_hour_contracts', 1, 'Hours', 1, 0, '{not json')"
            )
        )
    prepare_calendars(tables)
    assert set(numbered) == {Calendar()}
