"""The hash chain over an aggregate's events: linked, replayable, tamper-evident."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any
from uuid import uuid4

from domain.chain import GENESIS, canonical_json, link, link_event
from domain.invoices import Invoice
from projections.audit import ChainWalker

TENANT = str(uuid4())


def invoice_with_history() -> tuple[Invoice, list[Any]]:
    """A finalised invoice and the events it raised."""
    invoice = Invoice.create(TENANT, "u1", 7, None, None, "2026-03-01", "R-7")
    invoice.add_line("u1", {"description": "Hours", "quantity": 2, "price": "80"})
    invoice.add_line("u2", {"description": "Travel", "price": "25.5"})
    invoice.remove_line("u2", "2")
    invoice.finalise("u1", "EXT-7")
    return invoice, list(invoice.collect_events())


def test_canonical_json_is_compact_sorted_and_type_stable() -> None:
    moment = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    text = canonical_json({"b": Decimal("1.50"), "a": (1, 2), "t": moment})
    assert text == '{"a":[1,2],"b":"1.50","t":"2026-01-02T03:04:05+00:00"}'


def test_each_event_links_to_the_one_before() -> None:
    invoice, events = invoice_with_history()
    previous = GENESIS
    for event in events:
        assert event.chain == link_event(previous, event)
        previous = event.chain
    assert invoice.chain == events[-1].chain


def test_replay_leaves_the_last_chain_on_the_aggregate() -> None:
    invoice, events = invoice_with_history()
    replayed: Any = None
    for event in events:
        replayed = event.mutate(replayed)
    assert replayed.chain == invoice.chain
    assert replayed.lines == invoice.lines


def test_the_chain_covers_version_and_time_but_not_the_id() -> None:
    _, events = invoice_with_history()
    fields = {f.name: getattr(events[1], f.name) for f in dataclasses.fields(events[1])}
    before = link(events[0].chain, fields)
    assert link(events[0].chain, {**fields, "originator_id": uuid4()}) == before
    assert link(events[0].chain, {**fields, "originator_version": 9}) != before
    later = fields["timestamp"].replace(microsecond=1)
    assert link(events[0].chain, {**fields, "timestamp": later}) != before


def test_a_changed_field_breaks_the_chain_at_that_event() -> None:
    _, events = invoice_with_history()
    edited = list(events)
    line = dict(events[1].line, price="8.00")
    edited[1] = dataclasses.replace(events[1], line=line)
    walker = ChainWalker()
    results = [walker.check(event, lambda stored: stored) for event in edited]
    assert results[0] is None
    assert results[1] is not None and results[1].version == 2
    assert "does not match" in results[1].reason


def test_a_missing_event_is_named_by_the_version_after_the_gap() -> None:
    _, events = invoice_with_history()
    walker = ChainWalker()
    results = [walker.check(event, lambda stored: stored) for event in events[:1]]
    results.append(walker.check(events[2], lambda stored: stored))
    assert results[0] is None
    assert results[1] is not None and results[1].version == 3
