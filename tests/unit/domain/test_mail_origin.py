"""A message that came in by mail keeps its origin; a mail handled twice posts once."""

from __future__ import annotations

from collections.abc import Iterator
from uuid import uuid4

import pytest

from domain.base import stable_id
from domain.store import Store
from domain.threads import MailOrigin
from domain.tickets import Ticket

TENANT = str(uuid4())
ORIGIN = MailOrigin(
    original_email_from="anna@client.test",
    email_message_id="<m-1@client.test>",
    email_to=["support@demo.localhost"],
    email_cc=["boss@client.test"],
    email_date="2026-11-26T05:00:00+00:00",
)


@pytest.fixture
def store() -> Iterator[Store]:
    app = Store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    yield app
    app.close()


def test_a_ticket_opened_under_a_derived_id_carries_it() -> None:
    derived = stable_id(TENANT, "mail", "<m-1@client.test>")
    ticket = Ticket.open(TENANT, "c", 1, 1, 1, {"description": "x"}, ticket_id=derived)
    assert ticket.id == derived


def test_the_origin_is_kept_and_survives_a_reload(store: Store) -> None:
    ticket = Ticket.open(TENANT, "c", 1, 1, 1, {"description": "Printer"})
    ticket.post_message("c", "m1", "Hello", True, True, origin=ORIGIN)
    ticket.post_message("op", "m2", "<p>ok</p>", True, False, format="html")
    store.commit(ticket)
    loaded = store.load(TENANT, Ticket, ticket.id)
    first, second = loaded.messages
    assert first["original_email_from"] == "anna@client.test"
    assert first["email_message_id"] == "<m-1@client.test>"
    assert first["email_to"] == ["support@demo.localhost"]
    assert first["email_cc"] == ["boss@client.test"]
    assert first["email_date"] == "2026-11-26T05:00:00+00:00"
    assert "email_message_id" not in second


def test_posting_the_same_message_id_again_changes_nothing() -> None:
    ticket = Ticket.open(TENANT, "c", 1, 1, 1, {"description": "Printer"})
    ticket.post_message("c", "m1", "Hello", True, True, origin=ORIGIN)
    ticket.post_message("c", "m1", "Hello", True, True, origin=ORIGIN)
    assert [m["id"] for m in ticket.messages] == ["m1"]
    assert len(ticket.pending_events) == 2
