"""Tickets: given events, when a command, then events or a typed error."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from domain.errors import InvalidTransition, InvalidValue, NotFound, StaleVersion
from domain.tickets import STATUS_TYPES, Ticket, ticket_reference
from tests.unit.domain.support import (
    ACTOR,
    CLIENT,
    TENANT,
    given,
    new_events,
    replay,
    then,
)

WHEN = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def open_ticket(number: int = 1, **fields: Any) -> Ticket:
    """A ticket opened in status 10 (type open), its history already collected."""
    fields.setdefault("description", "The printer on floor 2 is jammed")
    ticket = Ticket.open(TENANT, ACTOR, number, 10, 1, fields)
    given(ticket)
    return ticket


def test_a_ticket_and_its_message_are_dated_at_a_given_moment() -> None:
    ticket = Ticket.open(TENANT, ACTOR, 1, 10, 1, {"description": "VPN"}, at=WHEN)
    ticket.post_message(CLIENT, "m1", "VPN refuses every login", True, True, at=WHEN)
    ticket.post_message(ACTOR, "m2", "Looking into it", True, False)

    opened, posted, answered = new_events(ticket)
    assert opened.timestamp == WHEN and posted.timestamp == WHEN
    assert answered.timestamp > WHEN  # not given: now
    rebuilt = replay(ticket, [opened, posted, answered])
    assert rebuilt.created_on == WHEN
    assert [m["id"] for m in rebuilt.messages] == ["m1", "m2"]


def test_references_count_from_t_000001() -> None:
    assert ticket_reference(1) == "T-000001"
    assert ticket_reference(42) == "T-000042"
    assert ticket_reference(123456) == "T-123456"
    assert open_ticket(7).reference == "T-000007"


def test_opening_records_one_opened_event_with_tenant_actor_and_time() -> None:
    ticket = Ticket.open(TENANT, ACTOR, 1, 10, 1, {"description": "No e-mail"})
    (opened,) = new_events(ticket)
    assert type(opened).__name__ == "Opened"
    assert opened.tenant_id == TENANT
    assert opened.actor == ACTOR
    assert opened.timestamp.tzinfo is not None
    assert ticket.tenant_id == TENANT
    assert ticket.status_id == 10 and ticket.status_type == 1
    assert ticket.description == "No e-mail"
    assert ticket.fields["custom_values"] == {}
    assert ticket.messages == [] and ticket.deleted is False


def test_later_events_carry_the_tickets_tenant_and_their_own_actor() -> None:
    ticket = open_ticket()
    ticket.update("operator-2", {"priority_id": 3})
    (updated,) = new_events(ticket)
    assert updated.tenant_id == TENANT
    assert updated.actor == "operator-2"
    assert updated.originator_version == 2


@pytest.mark.parametrize("description", ["", "   ", None])
def test_opening_without_a_description_names_the_field(description: Any) -> None:
    with pytest.raises(InvalidValue) as error:
        Ticket.open(TENANT, ACTOR, 1, 10, 1, {"description": description})
    assert error.value.field == "description"


def test_opening_with_a_too_long_description_is_refused() -> None:
    with pytest.raises(InvalidValue) as error:
        Ticket.open(TENANT, ACTOR, 1, 10, 1, {"description": "x" * 251})
    assert error.value.field == "description"


def test_opening_with_an_unknown_field_names_it() -> None:
    with pytest.raises(InvalidValue) as error:
        Ticket.open(TENANT, ACTOR, 1, 10, 1, {"description": "a", "colour": "red"})
    assert error.value.field == "colour"


def test_opening_with_an_unknown_status_type_is_refused() -> None:
    with pytest.raises(InvalidValue) as error:
        Ticket.open(TENANT, ACTOR, 1, 10, 7, {"description": "a"})
    assert error.value.field == "status_id"


def test_custom_values_must_be_an_object() -> None:
    with pytest.raises(InvalidValue) as error:
        Ticket.open(TENANT, ACTOR, 1, 10, 1, {"description": "a", "custom_values": []})
    assert error.value.field == "custom_values"


def test_update_records_only_the_fields_that_changed() -> None:
    ticket = open_ticket(priority_id=2)
    ticket.update(ACTOR, {"priority_id": 2, "category_id": 5})
    (updated,) = new_events(ticket)
    assert type(updated).__name__ == "Updated"
    assert updated.changes == {"category_id": 5}
    assert ticket.fields["category_id"] == 5


def test_update_without_a_difference_records_nothing() -> None:
    ticket = open_ticket(priority_id=2)
    ticket.update(ACTOR, {"priority_id": 2})
    assert then(ticket) == []


def test_update_of_an_unknown_field_names_it_and_records_nothing() -> None:
    ticket = open_ticket()
    with pytest.raises(InvalidValue) as error:
        ticket.update(ACTOR, {"reference": "T-999999"})
    assert error.value.field == "reference"
    assert then(ticket) == []


def test_update_to_an_empty_description_names_the_field() -> None:
    ticket = open_ticket()
    with pytest.raises(InvalidValue) as error:
        ticket.update(ACTOR, {"description": "  "})
    assert error.value.field == "description"
    assert ticket.description == "The printer on floor 2 is jammed"


def test_a_visible_message_is_a_reply() -> None:
    ticket = open_ticket()
    ticket.post_message(
        CLIENT,
        "m1",
        "<p>Still broken</p>",
        visible_to_client=True,
        is_from_client=True,
        recipients=[{"address": "a@b.test"}],
        attachment_ids=["att-1"],
    )
    assert then(ticket) == ["MessagePosted"]
    (message,) = ticket.messages
    assert message["type"] == "reply"
    assert message["actor"] == CLIENT
    assert message["visible_to_client"] is True
    assert message["is_from_client"] is True
    assert message["recipients"] == [{"address": "a@b.test"}]
    assert message["attachment_ids"] == ["att-1"]


def test_an_invisible_message_from_an_operator_is_an_internal_note() -> None:
    ticket = open_ticket()
    ticket.post_message(ACTOR, "m1", "Check the toner", False, False, mentions=["op"])
    assert then(ticket) == ["MessagePosted"]
    (message,) = ticket.messages
    assert message["type"] == "note"
    assert message["visible_to_client"] is False
    assert message["mentions"] == ["op"]


def test_a_client_cannot_post_an_internal_note() -> None:
    ticket = open_ticket()
    with pytest.raises(InvalidValue) as error:
        ticket.post_message(CLIENT, "m1", "psst", False, True)
    assert error.value.field == "visible_to_client"
    assert then(ticket) == [] and ticket.messages == []


def test_an_empty_message_without_attachments_is_refused() -> None:
    ticket = open_ticket()
    with pytest.raises(InvalidValue) as error:
        ticket.post_message(ACTOR, "m1", "  ", True, False)
    assert error.value.field == "message"


def test_an_empty_message_with_an_attachment_is_accepted() -> None:
    ticket = open_ticket()
    ticket.post_message(ACTOR, "m1", "", True, False, attachment_ids=["a1"])
    assert then(ticket) == ["MessagePosted"]


def test_editing_a_message_records_only_changed_fields() -> None:
    ticket = open_ticket()
    ticket.post_message(ACTOR, "m1", "Draft", False, False)
    given(ticket)
    ticket.edit_message(ACTOR, "m1", {"message": "Final", "visible_to_client": False})
    (edited,) = new_events(ticket)
    assert edited.changes == {"message": "Final"}
    assert ticket.messages[0]["message"] == "Final"
    ticket.edit_message(ACTOR, "m1", {"message": "Final"})
    assert then(ticket) == []


def test_editing_a_message_cannot_change_its_author_or_type() -> None:
    ticket = open_ticket()
    ticket.post_message(ACTOR, "m1", "Draft", False, False)
    given(ticket)
    with pytest.raises(InvalidValue) as error:
        ticket.edit_message(ACTOR, "m1", {"actor": "someone-else"})
    assert error.value.field == "actor"
    with pytest.raises(NotFound):
        ticket.edit_message(ACTOR, "nope", {"message": "x"})


def test_removing_a_message_takes_it_out_of_the_thread() -> None:
    ticket = open_ticket()
    ticket.post_message(ACTOR, "m1", "one", True, False)
    ticket.post_message(ACTOR, "m2", "two", True, False)
    given(ticket)
    ticket.remove_message(ACTOR, "m1")
    assert then(ticket) == ["MessageRemoved"]
    assert [m["id"] for m in ticket.messages] == ["m2"]
    with pytest.raises(NotFound):
        ticket.remove_message(ACTOR, "m1")


def test_status_change_records_the_status_type_and_a_status_changed_message() -> None:
    ticket = open_ticket()
    ticket.change_status(ACTOR, 12, 2, "Closed", "m-status")
    (changed,) = new_events(ticket)
    assert type(changed).__name__ == "StatusChanged"
    assert (changed.status_id, changed.status_type) == (12, 2)
    assert (ticket.status_id, ticket.status_type) == (12, 2)
    (message,) = ticket.messages
    assert message["id"] == "m-status"
    assert message["type"] == "status-changed"
    assert message["data"] == {"status": {"id": 12, "name": "Closed"}}
    assert message["actor"] == ACTOR


def test_status_change_to_the_same_status_records_nothing() -> None:
    ticket = open_ticket()
    ticket.change_status(ACTOR, 10, 1, "Open", "m1")
    assert then(ticket) == [] and ticket.messages == []


@pytest.mark.parametrize("status_type", [0, 7, 99])
def test_status_change_to_an_unknown_type_is_refused(status_type: int) -> None:
    ticket = open_ticket()
    with pytest.raises(InvalidValue):
        ticket.change_status(ACTOR, 11, status_type, "Odd", "m1")
    assert then(ticket) == []


def test_the_status_types_are_open_to_scheduled() -> None:
    assert STATUS_TYPES == {
        1: "open",
        2: "closed",
        3: "archived",
        4: "waiting_for_reply",
        5: "got_reply",
        6: "scheduled",
    }


def register(ticket: Ticket, minutes: int, registration_id: str = "r1") -> None:
    ticket.register_time(ACTOR, registration_id, minutes, WHEN, "op-9", 3, "Fix", None)


def test_time_registration_records_minutes_activity_operator_and_time() -> None:
    ticket = open_ticket()
    register(ticket, 45)
    (registered,) = new_events(ticket)
    assert type(registered).__name__ == "TimeRegistered"
    assert ticket.time_registrations["r1"] == {
        "id": "r1",
        "minutes": 45,
        "executed_at": WHEN,
        "operator_id": "op-9",
        "activity_id": 3,
        "description": "Fix",
        "contract_id": None,
        "version": 1,
    }


@pytest.mark.parametrize("minutes", [0, -5])
def test_time_registration_needs_positive_minutes(minutes: int) -> None:
    ticket = open_ticket()
    with pytest.raises(InvalidValue) as error:
        register(ticket, minutes)
    assert error.value.field == "time_spent"


def test_time_registration_allows_a_whole_day_but_not_more() -> None:
    ticket = open_ticket()
    register(ticket, 24 * 60)
    assert then(ticket) == ["TimeRegistered"]
    with pytest.raises(InvalidValue) as error:
        register(ticket, 24 * 60 + 1, "r2")
    assert error.value.field == "time_spent"
    assert then(ticket) == []


def test_changing_time_records_only_what_changed_and_counts_its_version() -> None:
    ticket = open_ticket()
    register(ticket, 30)
    given(ticket)
    later = datetime(2026, 3, 3, 8, 0, tzinfo=UTC)
    before = ticket.change_time(
        ACTOR, "r1", {"minutes": 45, "description": "Fix", "executed_at": later}, 1
    )
    (changed,) = new_events(ticket)
    assert type(changed).__name__ == "TimeChanged"
    assert changed.changes == {"minutes": 45, "executed_at": later}
    assert before["minutes"] == 30 and before["version"] == 1
    assert ticket.time_registrations["r1"]["minutes"] == 45
    assert ticket.time_registrations["r1"]["version"] == 2
    given(ticket)
    ticket.change_time(ACTOR, "r1", {"minutes": 45}, 2)
    assert then(ticket) == []


def test_changing_time_on_an_older_version_is_stale() -> None:
    ticket = open_ticket()
    register(ticket, 30)
    ticket.change_time(ACTOR, "r1", {"minutes": 40})
    given(ticket)
    with pytest.raises(StaleVersion):
        ticket.change_time(ACTOR, "r1", {"minutes": 50}, 1)
    assert then(ticket) == []


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"minutes": 0}, "time_spent"),
        ({"minutes": 24 * 60 + 1}, "time_spent"),
        ({"executed_at": None}, "executed_at"),
        ({"reference": "T-9"}, "reference"),
    ],
)
def test_changing_time_checks_the_values(changes: dict[str, Any], field: str) -> None:
    ticket = open_ticket()
    register(ticket, 30)
    given(ticket)
    with pytest.raises(InvalidValue) as error:
        ticket.change_time(ACTOR, "r1", changes)
    assert error.value.field == field
    assert then(ticket) == []
    with pytest.raises(NotFound):
        ticket.change_time(ACTOR, "r2", {"minutes": 5})


def test_removing_time_answers_the_registration_and_forgets_it() -> None:
    ticket = open_ticket()
    register(ticket, 30)
    given(ticket)
    removed = ticket.remove_time(ACTOR, "r1")
    assert removed["minutes"] == 30
    assert then(ticket) == ["TimeRemoved"]
    assert ticket.time_registrations == {}
    with pytest.raises(NotFound):
        ticket.remove_time(ACTOR, "r1")


def test_a_ticket_cannot_be_merged_into_itself() -> None:
    ticket = open_ticket()
    with pytest.raises(InvalidValue) as error:
        ticket.merge_into(ACTOR, str(ticket.id))
    assert error.value.field == "ids"
    assert ticket.merged_into is None


def test_merge_closes_the_source_and_the_target_absorbs_its_thread() -> None:
    target, source = open_ticket(1), open_ticket(2)
    target.post_message(ACTOR, "t1", "on target", True, False)
    source.post_message(CLIENT, "s1", "on source", True, True)
    given(target)
    given(source)
    source.merge_into(ACTOR, str(target.id))
    target.absorb(ACTOR, str(source.id), source.messages)
    assert then(source) == ["MergedInto"]
    assert then(target) == ["Absorbed"]
    assert source.merged_into == str(target.id)
    assert [m["id"] for m in target.messages] == ["t1", "s1"]
    assert target.messages[1]["merged_from"] == str(source.id)
    assert "merged_from" not in source.messages[0]


def test_a_merged_ticket_refuses_changes() -> None:
    target, source = open_ticket(1), open_ticket(2)
    source.merge_into(ACTOR, str(target.id))
    given(source)
    with pytest.raises(InvalidTransition):
        source.update(ACTOR, {"priority_id": 1})
    with pytest.raises(InvalidTransition):
        source.post_message(ACTOR, "m", "hello", True, False)
    with pytest.raises(InvalidTransition):
        source.change_status(ACTOR, 12, 2, "Closed", "m")
    with pytest.raises(InvalidTransition):
        register(source, 10)
    with pytest.raises(InvalidTransition):
        source.merge_into(ACTOR, str(target.id))
    with pytest.raises(InvalidTransition):
        source.absorb(ACTOR, str(target.id), [])
    assert then(source) == []


def test_a_deleted_ticket_refuses_changes_until_restored() -> None:
    ticket = open_ticket()
    ticket.delete(ACTOR)
    assert then(ticket) == ["Deleted"]
    assert ticket.deleted is True
    with pytest.raises(InvalidTransition):
        ticket.update(ACTOR, {"priority_id": 1})
    with pytest.raises(InvalidTransition):
        ticket.post_message(ACTOR, "m", "hello", True, False)
    ticket.restore(ACTOR)
    assert then(ticket) == ["Restored"]
    assert ticket.deleted is False
    ticket.update(ACTOR, {"priority_id": 1})
    assert then(ticket) == ["Updated"]


def test_delete_twice_is_refused() -> None:
    ticket = open_ticket()
    ticket.delete(ACTOR)
    given(ticket)
    with pytest.raises(InvalidTransition):
        ticket.delete(ACTOR)
    assert then(ticket) == []


def test_restore_only_when_deleted() -> None:
    ticket = open_ticket()
    with pytest.raises(InvalidTransition):
        ticket.restore(ACTOR)
    assert then(ticket) == []


def test_a_clone_remembers_its_original_and_copies_its_fields() -> None:
    original = open_ticket(1, priority_id=4, custom_values={"site": "Delft"})
    fields = {k: v for k, v in original.fields.items() if v is not None}
    clone = Ticket.open(TENANT, ACTOR, 2, 10, 1, fields, False, str(original.id))
    assert then(clone) == ["Opened"]
    assert clone.id != original.id
    assert clone.cloned_from == str(original.id)
    assert clone.reference == "T-000002"
    assert clone.fields == original.fields
    assert clone.messages == [] and clone.time_registrations == {}


def test_a_template_ticket_keeps_its_flag() -> None:
    ticket = Ticket.open(TENANT, ACTOR, 3, 10, 1, {"description": "Tpl"}, True)
    assert ticket.is_template is True


@pytest.mark.parametrize("state", ["merged", "deleted"])
def test_a_merged_or_deleted_ticket_keeps_its_thread_and_time_as_they_are(
    state: str,
) -> None:
    ticket = open_ticket()
    ticket.post_message(ACTOR, "m1", "Hello", True, False)
    register(ticket, 20)
    if state == "merged":
        ticket.merge_into(ACTOR, "another-ticket")
    else:
        ticket.delete(ACTOR)
    given(ticket)
    with pytest.raises(InvalidTransition):
        ticket.edit_message(ACTOR, "m1", {"message": "Changed"})
    with pytest.raises(InvalidTransition):
        ticket.remove_message(ACTOR, "m1")
    with pytest.raises(InvalidTransition):
        ticket.remove_time(ACTOR, "r1")
    assert then(ticket) == []
    assert ticket.messages[0]["message"] == "Hello"
    assert "r1" in ticket.time_registrations
