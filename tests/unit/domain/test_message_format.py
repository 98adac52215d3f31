"""A message says whether it is a client's text or an operator's HTML, old ones too."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any
from uuid import uuid4

import pytest

from domain.chain import unseal
from domain.errors import InvalidValue
from domain.store import Store
from domain.threads import MailOrigin, format_of
from domain.tickets import Ticket

TENANT = str(uuid4())


@pytest.fixture
def store() -> Iterator[Store]:
    """The store on the library's in-memory recorder: no I/O."""
    app = Store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    yield app
    app.close()


def _ticket() -> Ticket:
    ticket = Ticket.open(TENANT, "op", 1, 1, 1, {"description": "Printer"})
    ticket.post_message("client", "m1", "<b>hi</b>", True, True)
    ticket.post_message("op", "m2", "<p>ok</p>", True, False, format="html")
    return ticket


def test_a_message_is_text_unless_posted_as_html() -> None:
    ticket = _ticket()
    assert [m["format"] for m in ticket.messages] == ["text", "html"]
    with pytest.raises(InvalidValue) as error:
        ticket.post_message("op", "m3", "x", True, False, format="markdown")
    assert error.value.field == "format"


def _as_version_1(store: Store, stored: Any) -> Any:
    """The stored event as a release before formats wrote it."""
    transcoder = store.mapper.transcoder
    sealed = unseal(bytes(stored.state))
    state = transcoder.decode(sealed[0] if sealed else stored.state)
    state.pop("format")
    for name in MailOrigin().fields():
        state.pop(name)
    state.pop("attachment_sha256")
    assert state.pop("class_version") == 4
    return dataclasses.replace(stored, state=transcoder.encode(state))


def test_messages_stored_before_formats_read_a_clients_as_text(store: Store) -> None:
    ticket = _ticket()
    store.commit(ticket)
    rows = [
        row
        for row in store.recorder.select_events(ticket.id)
        if row.topic.endswith("Ticket.MessagePosted")
    ]
    old = [store.mapper.to_domain_event(_as_version_1(store, row)) for row in rows]
    assert [(e.message_id, e.format) for e in old] == [("m1", "text"), ("m2", "html")]


def test_a_thread_entry_without_a_format_is_text_when_a_client_wrote_it() -> None:
    assert format_of({"is_from_client": True}) == "text"
    assert format_of({"is_from_client": False}) == "html"
    assert format_of({"is_from_client": True, "format": "html"}) == "html"
