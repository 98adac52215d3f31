"""A changed event shape is upcast when read; the stored event is never edited.

`Note` is a test-only aggregate whose `Retitled` event gained a field in a later
release (class_version 2, `upcast_v1_v2`). A version-1 event is stored exactly as
the release before wrote it, chained; the store reads it as version 2, keeps the
chain, writes new events as version 2 and reads those without upcasting again.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any
from uuid import uuid4

import pytest
from eventsourcing.domain import event
from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import get_topic

from audit.chain import ChainWalker
from domain.base import LedgerAggregate
from domain.chain import GENESIS, link_bytes, seal, unseal
from domain.contracts import Contract
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


def store_version_1(
    store: Store,
    topic: str,
    aggregate_id: Any,
    version: int,
    chain: str,
    state: dict[str, Any],
) -> str:
    """Append an event as the release before stored it; answers its chain."""
    body = store.mapper.transcoder.encode(
        {"timestamp": datetime.now(UTC), "tenant_id": TENANT, "actor": "u1", **state}
    )
    linked = link_bytes(chain, topic, version, body)
    store.recorder.insert_events(
        [StoredEvent(aggregate_id, version, topic, seal(body, linked))]
    )
    return linked


def test_contract_hours_stored_as_a_float_are_read_as_the_exact_decimal_meant(
    store: Store,
) -> None:
    contract_id = uuid4()
    chain = store_version_1(
        store,
        get_topic(Contract.Concluded),
        contract_id,
        1,
        GENESIS,
        {
            "originator_topic": get_topic(Contract),
            "name": "Support",
            "client_id": None,
            "company_id": None,
            "service_id": None,
            "period": "month",
            "quantity": 1.05,
            "start_date": "2026-01-01",
            "end_date": None,
        },
    )
    loaded = store.load(TENANT, Contract, contract_id)
    assert loaded.quantity == Decimal("1.05") and type(loaded.quantity) is Decimal
    assert loaded.minutes_remaining() == 63
    store_version_1(
        store,
        get_topic(Contract.Amended),
        contract_id,
        2,
        chain,
        {"changes": {"quantity": 0.35, "name": "Support plus"}},
    )
    amended = store.load(TENANT, Contract, contract_id)
    assert amended.quantity == Decimal("0.35") and type(amended.quantity) is Decimal
    assert amended.name == "Support plus"

    amended.amend("u2", {"quantity": "2.55"})
    store.commit(amended)
    rows = list(store.recorder.select_events(contract_id))
    assert b"class_version" not in rows[0].state + rows[1].state
    assert b'"class_version":2' in rows[2].state
    assert broken_links(rows) == [None, None, None]
    again = store.load(TENANT, Contract, contract_id)
    assert again.quantity == Decimal("2.55") and again.minutes_remaining() == 153


def test_new_contract_events_hold_hours_as_a_decimal() -> None:
    contract = Contract.conclude(TENANT, "u1", "Support", None, None, None,
                                 "month", 1.05, "2026-01-01")  # fmt: skip
    (concluded,) = contract.collect_events()
    assert concluded.quantity == Decimal("1.05")
    assert type(concluded.quantity) is Decimal
