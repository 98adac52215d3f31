"""Assets: checked fields, status types 1-5, warranty, categories and messages."""

from __future__ import annotations

from typing import Any

import pytest

from domain.assets import STATUS_TYPES, Asset
from domain.errors import InvalidValue
from tests.unit.domain.support import ACTOR, TENANT, given, new_events, then


def register(**fields: Any) -> Asset:
    fields.setdefault("name", "Laptop 14")
    return given(Asset.register(TENANT, ACTOR, fields))


def test_the_status_types_are_quoted_to_inactive() -> None:
    assert STATUS_TYPES == {
        1: "quoted",
        2: "ordered",
        3: "instock",
        4: "active",
        5: "inactive",
    }


def test_registering_records_the_checked_fields() -> None:
    asset = Asset.register(
        TENANT,
        ACTOR,
        {
            "name": " Laptop 14 ",
            "serial_number": "SN-1",
            "tracking_number": "TR-9",
            "warranty_until": "2028-05-31",
            "category_ids": ["3", 1, 3],
            "status_id": 2,
            "status_type": 4,
            "location_id": "loc-1",
        },
    )
    (registered,) = new_events(asset)
    assert type(registered).__name__ == "Registered"
    assert registered.tenant_id == TENANT and registered.actor == ACTOR
    assert asset.fields["name"] == "Laptop 14"
    assert asset.fields["warranty_until"] == "2028-05-31"
    assert asset.fields["category_ids"] == [1, 3]
    assert asset.fields["status_type"] == 4
    assert asset.fields["serial_number"] == "SN-1"
    assert asset.fields["tracking_number"] == "TR-9"
    assert asset.fields["client_id"] is None


@pytest.mark.parametrize("status_type", [1, 2, 3, 4, 5])
def test_every_status_type_is_accepted(status_type: int) -> None:
    assert register(status_type=status_type).fields["status_type"] == status_type


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"name": ""}, "name"),
        ({"name": "a", "status_type": 6}, "status_id"),
        ({"name": "a", "status_type": 0}, "status_id"),
        ({"name": "a", "warranty_until": "next year"}, "warranty_until"),
        ({"name": "a", "colour": "grey"}, "colour"),
    ],
)
def test_bad_fields_are_refused_naming_the_field(
    fields: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidValue) as error:
        Asset.register(TENANT, ACTOR, fields)
    assert error.value.field == field


def test_an_asset_needs_a_name() -> None:
    with pytest.raises(InvalidValue) as error:
        Asset.register(TENANT, ACTOR, {"serial_number": "SN-1"})
    assert error.value.field == "name"


def test_update_records_only_differences() -> None:
    asset = register(serial_number="SN-1")
    asset.update(ACTOR, {"serial_number": "SN-1", "warranty_until": "2027-01-01"})
    (updated,) = new_events(asset)
    assert updated.changes == {"warranty_until": "2027-01-01"}
    asset.update(ACTOR, {"warranty_until": "2027-01-01"})
    assert then(asset) == []


def test_update_refuses_an_unknown_status_type() -> None:
    asset = register()
    with pytest.raises(InvalidValue):
        asset.update(ACTOR, {"status_type": 9})
    assert then(asset) == []


def test_messages_are_notes_or_client_visible_replies() -> None:
    asset = register()
    asset.post_message(ACTOR, "m1", "Replaced the battery", True)
    asset.post_message(ACTOR, "m2", "Keep an eye on it", False)
    assert then(asset) == ["MessagePosted", "MessagePosted"]
    assert [m["type"] for m in asset.messages] == ["reply", "note"]
    assert [m["visible_to_client"] for m in asset.messages] == [True, False]
    with pytest.raises(InvalidValue) as error:
        asset.post_message(ACTOR, "m3", " ", True)
    assert error.value.field == "message"
