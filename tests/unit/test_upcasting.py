"""A changed event shape is upcast when read; the stored event is never edited.

`Note` is a test-only aggregate whose `Retitled` event gained a field in a later
release (class_version 2, `upcast_v1_v2`). A version-1 event is stored exactly as
the release before wrote it, chained; the store reads it as version 2, keeps the
chain, writes new events as version 2 and reads those without upcasting again.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any
from uuid import uuid4

import pytest
from eventsourcing.domain import event
from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import get_topic

from audit.chain import ChainWalker
from domain.base import LedgerAggregate
from domain.chain import link_bytes, seal, unseal
from domain.store import Store

TENANT = str(uuid4())


class Note(LedgerAggregate):
    """A note whose title change learnt its language in version 2."""

    @event("Written")
    def __init__(self, tenant_id: str, actor: str, text: str) -> None:
        self.tenant_id = tenant_id
        self.text = text
        self.language = "en"

    class Retitled(LedgerAggregate.Event):
        """The text changed; since version 2 in a stated language."""

        class_version = 2
        text: str
        language: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """Version 1 notes were all written in English."""
            state["language"] = "en"

        def apply(self, aggregate: Any) -> None:
            """Take the new text and its language."""
            aggregate.text = self.text
            aggregate.language = self.language

    def retitle(self, actor: str, text: str, language: str) -> None:
        """Change the text."""
        self.trigger_event(self.Retitled, actor=actor, text=text, language=language)


@pytest.fixture
def store() -> Iterator[Store]:
    """The store on the library's in-memory recorder."""
    app = Store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    yield app
    app.close()


def store_version_1_retitle(store: Store, note: Note, text: str) -> StoredEvent:
    """Append a Retitled event as the release before stored it: no language."""
    state = {
        "timestamp": datetime.now(UTC),
        "tenant_id": TENANT,
        "actor": "u1",
        "text": text,
    }
    body = store.mapper.transcoder.encode(state)
    topic = get_topic(Note.Retitled)
    version = note.version + 1
    chain = link_bytes(note.chain, topic, version, body)
    row = StoredEvent(note.id, version, topic, seal(body, chain))
    store.recorder.insert_events([row])
    return row


def broken_links(rows: list[Any]) -> list[Any]:
    """The chain check of every stored row (None: it follows)."""
    walker = ChainWalker()
    return [walker.check(row, lambda stored: stored) for row in rows]


def test_a_version_1_event_is_read_as_version_2_and_stays_as_stored(
    store: Store,
) -> None:
    note = Note(tenant_id=TENANT, actor="u1", text="Printer jams")
    store.commit(note)
    old = store_version_1_retitle(store, note, "Printer jams on tray 2")

    loaded = store.load(TENANT, Note, note.id)
    assert (loaded.text, loaded.language) == ("Printer jams on tray 2", "en")
    assert loaded.chain == unseal(old.state)[1]  # type: ignore[index]

    loaded.retitle("u2", "L'imprimante bloque", "fr")
    store.commit(loaded)
    rows = list(store.recorder.select_events(note.id))
    assert rows[1].state == old.state
    assert b'"class_version":2' in rows[2].state
    assert b"class_version" not in rows[1].state
    assert broken_links(rows) == [None, None, None]

    again = store.load(TENANT, Note, note.id)
    assert (again.text, again.language) == ("L'imprimante bloque", "fr")
    assert [type(e).__name__ for e in store.events_of(note.id)] == [
        "Written",
        "Retitled",
        "Retitled",
    ]
    assert [e.language for e in store.events_of(note.id)[1:]] == ["en", "fr"]
