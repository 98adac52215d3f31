"""The hash chain over an aggregate's events: linked, replayable, tamper-evident."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any
from uuid import uuid4

import pytest
from eventsourcing.persistence import StoredEvent

from audit.chain import ChainWalker
from domain.chain import (
    GENESIS,
    PENDING,
    canonical_json,
    link_bytes,
    link_event,
    seal,
    unseal,
)
from domain.invoices import Invoice
from domain.store import Store

TENANT = str(uuid4())


@pytest.fixture
def store() -> Iterator[Store]:
    """The store on the library's in-memory recorder: no I/O."""
    app = Store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    yield app
    app.close()


def invoice_with_history(store: Store) -> tuple[Invoice, list[Any]]:
    """A finalised invoice saved in two steps, and its stored rows."""
    invoice = Invoice.create(TENANT, "u1", 7, None, None, "2026-03-01", "R-7")
    invoice.add_line("u1", {"description": "Hours", "quantity": 2, "price": "80"})
    store.commit(invoice)
    invoice.add_line("u2", {"description": "Travel", "price": "25.5"})
    invoice.remove_line("u2", "2")
    invoice.finalise("u1", "EXT-7")
    store.commit(invoice)
    return invoice, list(store.recorder.select_events(invoice.id))


def check_all(rows: list[Any]) -> list[Any]:
    walker = ChainWalker()
    return [walker.check(row, lambda stored: stored) for row in rows]


def test_a_new_event_waits_for_the_store_to_link_it() -> None:
    invoice = Invoice.create(TENANT, "u1", 7, None, None, "2026-03-01", "R-7")
    assert invoice.pending_events[0].chain == PENDING
    assert invoice.chain == GENESIS


def test_each_stored_event_links_to_the_one_before(store: Store) -> None:
    invoice, rows = invoice_with_history(store)
    previous = GENESIS
    for row in rows:
        sealed = unseal(row.state)
        assert sealed is not None
        body, chain = sealed
        assert chain == link_bytes(previous, row.topic, row.originator_version, body)
        previous = chain
    assert invoice.chain == previous
    assert all(result is None for result in check_all(rows))


def test_loading_leaves_the_last_chain_on_the_aggregate(store: Store) -> None:
    invoice, rows = invoice_with_history(store)
    loaded = store.load(TENANT, Invoice, invoice.id)
    assert loaded.chain == invoice.chain == unseal(rows[-1].state)[1]  # type: ignore[index]
    assert loaded.lines == invoice.lines
    events = store.events_of(invoice.id)
    assert events[-1].chain == invoice.chain


def test_the_chain_covers_version_topic_and_bytes_but_not_the_id() -> None:
    body = b'{"actor":"u1","tenant_id":"t"}'
    before = link_bytes("abc", "domain.invoices:Invoice.Created", 1, body)
    assert link_bytes("abc", "domain.invoices:Invoice.Created", 2, body) != before
    assert link_bytes("abc", "domain.invoices:Invoice.Finalised", 1, body) != before
    assert link_bytes("abd", "domain.invoices:Invoice.Created", 1, body) != before
    edited = body.replace(b"u1", b"u2")
    assert link_bytes("abc", "domain.invoices:Invoice.Created", 1, edited) != before


def test_seal_and_unseal_round_trip() -> None:
    chain = "0" * 64
    assert unseal(seal(b'{"a":1}', chain)) == (b'{"a":1}', chain)
    assert unseal(seal(b"{}", chain)) == (b"{}", chain)
    assert unseal(b'{"a":1}') is None


def test_a_changed_byte_breaks_the_chain_at_that_event(store: Store) -> None:
    _, rows = invoice_with_history(store)
    edited = list(rows)
    edited[1] = dataclasses.replace(
        rows[1], state=rows[1].state.replace(b'"80.00"', b'"8.00"')
    )
    assert edited[1].state != rows[1].state
    results = check_all(edited)
    assert results[0] is None
    assert results[1] is not None and results[1].version == 2
    assert "does not match" in results[1].reason


def test_a_missing_event_is_named_by_the_version_after_the_gap(store: Store) -> None:
    _, rows = invoice_with_history(store)
    results = check_all([rows[0], rows[2]])
    assert results[0] is None
    assert results[1] is not None and results[1].version == 3


def test_events_of_the_earlier_canonical_form_still_verify(store: Store) -> None:
    """Events stored before the chain covered the bytes carry a canonical chain."""
    invoice = Invoice.create(TENANT, "u1", 7, None, None, "2026-03-01", "R-7")
    invoice.add_line("u1", {"description": "Hours", "quantity": 2, "price": "80"})
    rows, previous = [], GENESIS
    for event in invoice.collect_events():
        chain = link_event(previous, dataclasses.replace(event, chain=""))
        linked = dataclasses.replace(event, chain=chain)
        rows.append(store.mapper.to_stored_event(linked))
        previous = chain
    walker = ChainWalker()
    assert [walker.check(row, store.mapper.to_domain_event) for row in rows] == [
        None,
        None,
    ]
    tampered = StoredEvent(
        rows[1].originator_id,
        rows[1].originator_version,
        rows[1].topic,
        rows[1].state.replace(b"Hours", b"Houses"),
    )
    walker = ChainWalker()
    checked = [walker.check(r, store.mapper.to_domain_event) for r in rows[:1]]
    checked.append(walker.check(tampered, store.mapper.to_domain_event))
    assert checked[0] is None and checked[1] is not None


def test_canonical_json_is_compact_sorted_and_type_stable() -> None:
    from datetime import UTC, datetime
    from decimal import Decimal

    moment = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    text = canonical_json({"b": Decimal("1.50"), "a": (1, 2), "t": moment})
    assert text == '{"a":[1,2],"b":"1.50","t":"2026-01-02T03:04:05+00:00"}'
