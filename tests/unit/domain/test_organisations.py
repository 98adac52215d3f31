"""Companies, locations and ticket groups: archive, restore, merge, update."""

from __future__ import annotations

import pytest

from domain.errors import InvalidTransition, InvalidValue
from domain.organisations import Company, Location, TicketGroup
from tests.unit.domain.support import ACTOR, TENANT, given, new_events, then


def company(name: str = "Acme") -> Company:
    return given(Company.register(TENANT, ACTOR, {"name": name}))


def test_a_company_needs_a_name_and_known_fields() -> None:
    registered = Company.register(TENANT, ACTOR, {"name": " Acme ", "city": "Delft"})
    (event,) = new_events(registered)
    assert type(event).__name__ == "Registered"
    assert event.tenant_id == TENANT and event.actor == ACTOR
    assert registered.fields["name"] == "Acme"
    assert registered.fields["city"] == "Delft"
    assert registered.archived is False
    with pytest.raises(InvalidValue) as error:
        Company.register(TENANT, ACTOR, {"name": ""})
    assert error.value.field == "name"
    with pytest.raises(InvalidValue) as error:
        Company.register(TENANT, ACTOR, {"name": "A", "vat": "NL1"})
    assert error.value.field == "vat"


def test_archive_then_restore() -> None:
    acme = company()
    acme.archive(ACTOR)
    assert then(acme) == ["Archived"]
    assert acme.archived is True
    with pytest.raises(InvalidTransition):
        acme.archive(ACTOR)
    acme.restore(ACTOR)
    assert then(acme) == ["Restored"]
    assert acme.archived is False


def test_restore_only_when_archived() -> None:
    with pytest.raises(InvalidTransition):
        company().restore(ACTOR)


def test_update_records_differences_and_refuses_unknown_fields() -> None:
    acme = company()
    acme.update(ACTOR, {"name": "Acme", "phone": "015-123"})
    (updated,) = new_events(acme)
    assert updated.changes == {"phone": "015-123"}
    with pytest.raises(InvalidValue) as error:
        acme.update(ACTOR, {"archived": False})
    assert error.value.field == "archived"
    with pytest.raises(InvalidValue) as error:
        acme.update(ACTOR, {"name": " "})
    assert error.value.field == "name"


def test_a_merged_company_is_archived_and_points_at_the_survivor() -> None:
    target, source = company("Acme"), company("Acme BV")
    source.merge_into(ACTOR, str(target.id))
    (merged,) = new_events(source)
    assert type(merged).__name__ == "MergedInto"
    assert merged.target_id == str(target.id)
    assert source.merged_into == str(target.id)
    assert source.archived is True
    with pytest.raises(InvalidTransition):
        source.merge_into(ACTOR, str(target.id))


def test_a_company_cannot_be_merged_into_itself() -> None:
    acme = company()
    with pytest.raises(InvalidValue) as error:
        acme.merge_into(ACTOR, str(acme.id))
    assert error.value.field == "ids"


def test_ticket_groups_archive_and_restore() -> None:
    group = TicketGroup.form(TENANT, ACTOR, {"name": "Migration", "company_id": "c"})
    assert then(group) == ["Formed"]
    group.archive(ACTOR)
    group.restore(ACTOR)
    assert then(group) == ["Archived", "Restored"]
    assert group.archived is False
    with pytest.raises(InvalidValue):
        TicketGroup.form(TENANT, ACTOR, {"name": ""})


def test_locations_need_a_name() -> None:
    location = Location.register(TENANT, ACTOR, {"name": "HQ", "city": "Delft"})
    assert then(location) == ["Registered"]
    assert location.fields["city"] == "Delft"
    with pytest.raises(InvalidValue) as error:
        Location.register(TENANT, ACTOR, {"city": "Delft"})
    assert error.value.field == "name"


def test_a_merged_company_cannot_be_restored() -> None:
    target, source = company("Acme"), company("Acme BV")
    source.merge_into(ACTOR, str(target.id))
    given(source)
    with pytest.raises(InvalidTransition):
        source.restore(ACTOR)
    with pytest.raises(InvalidTransition):
        source.archive(ACTOR)
    assert then(source) == []
    assert source.archived is True
