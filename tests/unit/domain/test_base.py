"""What every aggregate shares: tenant, actor and time on each event; checks."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from domain.base import SYSTEM, require_positive, require_text, stable_id
from domain.contracts import Contract
from domain.errors import (
    AlreadyExists,
    ConcurrentChange,
    DomainError,
    InvalidTransition,
    InvalidValue,
    NotFound,
)
from domain.invoices import Invoice
from domain.quotes import Quote
from domain.threads import check_message_changes, find_message, new_message
from domain.tickets import Ticket
from tests.unit.domain.support import ACTOR, TENANT, new_events


def histories() -> list[list[Any]]:
    """A few aggregates taken through several commands by different actors."""
    ticket = Ticket.open(TENANT, ACTOR, 1, 10, 1, {"description": "Broken"})
    ticket.post_message("client-1", "m1", "Help", True, True)
    ticket.change_status("operator-2", 12, 2, "Closed", "m2")
    quote = Quote.draft(TENANT, ACTOR, 1, "Q", None, None, [{"description": "x"}])
    quote.send("operator-2")
    contract = Contract.conclude(
        TENANT, ACTOR, "C", None, None, None, None, 1, "2026-01-01"
    )
    contract.buy_prepaid_card(SYSTEM, 1, 5, "10", "card")
    invoice = Invoice.create(TENANT, ACTOR, 1, None, None, "2026-01-01")
    invoice.add_line("operator-2", {"description": "x", "price": 1})
    return [new_events(a) for a in (ticket, quote, contract, invoice)]


def test_every_event_records_the_tenant_the_actor_and_its_time() -> None:
    before = datetime.now(UTC) - timedelta(minutes=1)
    for events in histories():
        assert len(events) >= 2
        for event in events:
            assert event.tenant_id == TENANT
            assert isinstance(event.actor, str) and event.actor
            assert event.timestamp.tzinfo is not None
            assert event.timestamp >= before


def test_each_event_keeps_the_actor_who_caused_it() -> None:
    ticket_events = histories()[0]
    assert [e.actor for e in ticket_events] == [ACTOR, "client-1", "operator-2"]
    contract_events = histories()[2]
    assert contract_events[-1].actor == SYSTEM == "system"


def test_versions_count_up_from_one() -> None:
    for events in histories():
        assert [e.originator_version for e in events] == list(range(1, len(events) + 1))


def test_replaying_the_events_gives_the_same_state() -> None:
    ticket = Ticket.open(TENANT, ACTOR, 1, 10, 1, {"description": "Broken"})
    ticket.post_message("client-1", "m1", "Help", True, True)
    ticket.update(ACTOR, {"priority_id": 2})
    events = new_events(ticket)
    rebuilt = None
    for event in events:
        rebuilt = event.mutate(rebuilt)
    assert isinstance(rebuilt, Ticket)
    assert rebuilt.id == ticket.id and rebuilt.version == ticket.version
    assert rebuilt.fields == ticket.fields
    assert rebuilt.messages == ticket.messages
    assert rebuilt.tenant_id == TENANT


def test_stable_ids_follow_from_their_names() -> None:
    assert stable_id("user", "t", "a@b.test") == stable_id("user", "t", "a@b.test")
    assert stable_id("user", "t", "a@b.test") != stable_id("user", "u", "a@b.test")


def test_require_text_strips_and_names_the_field() -> None:
    assert require_text("  hi ", "name") == "hi"
    with pytest.raises(InvalidValue) as error:
        require_text(None, "name")
    assert error.value.field == "name"
    assert "name" in error.value.message
    with pytest.raises(InvalidValue) as error:
        require_text("abcd", "code", 3)
    assert error.value.field == "code"


@pytest.mark.parametrize("value", [0, -1, -0.5, None])
def test_require_positive_refuses_zero_negative_and_none(value: Any) -> None:
    with pytest.raises(InvalidValue) as error:
        require_positive(value, "hours")
    assert error.value.field == "hours"
    assert require_positive(0.25, "hours") == 0.25


@pytest.mark.parametrize(
    "error_class",
    [InvalidValue, NotFound, InvalidTransition, ConcurrentChange, AlreadyExists],
)
def test_every_domain_error_is_typed_and_keeps_message_and_field(
    error_class: type[DomainError],
) -> None:
    error = error_class("Went wrong.", "field_a")
    assert isinstance(error, DomainError)
    assert (error.message, error.field, str(error)) == (
        "Went wrong.",
        "field_a",
        "Went wrong.",
    )
    assert error_class("No field.").field is None


def test_messages_have_known_types_and_only_some_fields_change() -> None:
    message = new_message("m1", ACTOR, "hi", "reply", 1, 0, [], [], [])  # type: ignore[arg-type]
    assert message["visible_to_client"] is True and message["is_from_client"] is False
    assert message["data"] == {}
    with pytest.raises(InvalidValue) as error:
        new_message("m1", ACTOR, "hi", "gossip", True, False, [], [], [])
    assert error.value.field == "type"
    assert find_message([message], "m1") is message
    with pytest.raises(NotFound):
        find_message([message], "m2")
    check_message_changes({"message": "x", "visible_to_client": False})
    with pytest.raises(InvalidValue) as error:
        check_message_changes({"type": "note"})
    assert error.value.field == "type"
