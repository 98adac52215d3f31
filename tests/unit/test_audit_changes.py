"""What an event changed, from the record before it and the record after it."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from audit.changes import diff, flatten
from audit.moments import read_moment, zone_named
from domain.errors import InvalidValue

BOOKKEEPING = {"id": "q1", "version": 2, "modified_on": "x", "chain": "abc"}


def test_a_changed_field_shows_its_old_and_new_value() -> None:
    before = {**BOOKKEEPING, "name": "Renewal", "status_id": 1}
    after = {**BOOKKEEPING, "version": 3, "name": "Renewal", "status_id": 2}
    assert diff(before, after) == {"status_id": {"from": 1, "to": 2}}


def test_creation_shows_every_field_from_null_but_not_empty_ones() -> None:
    after = {**BOOKKEEPING, "name": "Renewal", "note": None, "recipients": []}
    assert diff(None, after) == {"name": {"from": None, "to": "Renewal"}}


def test_nested_fields_are_named_by_their_path() -> None:
    before = {"fields": {"description": "Printer", "operator_id": None}}
    after = {"fields": {"description": "Printer jams", "operator_id": "u2"}}
    assert diff(before, after) == {
        "fields.description": {"from": "Printer", "to": "Printer jams"},
        "fields.operator_id": {"from": None, "to": "u2"},
    }


def test_lines_are_matched_by_id_added_changed_and_removed() -> None:
    one = {"id": "1", "description": "Laptop", "quantity": "2"}
    two = {"id": "2", "description": "Installation", "quantity": "3"}
    before = {"lines": [one, two]}
    after = {"lines": [{**two, "quantity": "4"}, {"id": "3", "description": "Dock"}]}
    assert diff(before, after) == {
        "lines[2].quantity": {"from": "3", "to": "4"},
        "lines[3].description": {"from": None, "to": "Dock"},
        "lines[1].description": {"from": "Laptop", "to": None},
        "lines[1].quantity": {"from": "2", "to": None},
    }


def test_items_without_an_id_are_named_by_their_place() -> None:
    before = {"notes": [{"text": "a"}]}
    after = {"notes": [{"text": "a"}, {"text": "b"}]}
    assert diff(before, after) == {"notes[1].text": {"from": None, "to": "b"}}


def test_a_list_of_plain_values_says_what_was_added_and_removed() -> None:
    before = {"company_ids": ["a", "b"]}
    after = {"company_ids": ["b", "c"]}
    assert diff(before, after) == {
        "company_ids": {
            "from": ["a", "b"],
            "to": ["b", "c"],
            "added": ["c"],
            "removed": ["a"],
        }
    }


def test_unchanged_records_have_no_changes() -> None:
    state = {"lines": [{"id": "1", "price": "9"}], "fields": {"a": 1}, "tags": ["x"]}
    assert diff(state, dict(state)) == {}


def test_flatten_names_every_value_by_the_same_paths() -> None:
    record = {**BOOKKEEPING, "lines": [{"id": "1", "price": "9"}], "deleted": False}
    assert flatten(record) == {"lines[1].price": "9", "deleted": False}


def test_a_time_without_a_zone_is_read_on_the_tenants_clock() -> None:
    zone = ZoneInfo("Europe/Amsterdam")
    asked = read_moment("2026-07-01T12:00", zone)
    assert asked.zone_assumed
    assert asked.moment == datetime(2026, 7, 1, 10, 0, tzinfo=UTC)
    assert asked.shown()["time"] == "2026-07-01T12:00:00+02:00"
    assert asked.shown()["time_utc"] == "2026-07-01T10:00:00Z"
    assert "Europe/Amsterdam" in asked.note()


def test_a_time_with_a_zone_is_taken_as_given() -> None:
    asked = read_moment("2026-01-01T12:00:00Z", ZoneInfo("Europe/Berlin"))
    assert not asked.zone_assumed
    assert asked.moment == datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
    assert asked.shown()["time"] == "2026-01-01T13:00:00+01:00"


@pytest.mark.parametrize(
    "value", ["yesterday", "2026-13-01", "0001-01-01T00:00", "9999-12-31T23:59-05:00"]
)
def test_a_bad_or_unreachable_time_names_the_at_field(value: str) -> None:
    with pytest.raises(InvalidValue) as caught:
        read_moment(value, ZoneInfo("Europe/Amsterdam"))
    assert caught.value.field == "at"


def test_an_unknown_zone_name_falls_back_to_amsterdam() -> None:
    assert zone_named("Mars/Olympus").key == "Europe/Amsterdam"
    assert zone_named("Europe/Brussels").key == "Europe/Brussels"
