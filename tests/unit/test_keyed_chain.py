"""Keyed links: only the key's holder can append an event that verifies."""

from __future__ import annotations

import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest
from eventsourcing.persistence import StoredEvent

from audit.chain import ChainWalker
from audit.keys import KeyProblem, create_key, load_key, signature_holds
from domain.chain import link_bytes, seal, unseal
from domain.invoices import Invoice
from domain.store import Store

TENANT = str(uuid4())
KEY = b"k" * 32


@pytest.fixture
def store() -> Iterator[Store]:
    app = Store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    yield app
    app.close()


def saved(store: Store) -> list[Any]:
    invoice = Invoice.create(TENANT, "u1", 7, None, None, "2026-03-01", "R-7")
    invoice.add_line("u1", {"description": "Hours", "quantity": 2, "price": "80"})
    store.commit(invoice)
    store.chain_key = KEY
    invoice.finalise("u1", "EXT-7")
    store.commit(invoice)
    return list(store.recorder.select_events(invoice.id))


def walk(rows: list[Any], key: bytes | None) -> list[Any]:
    walker = ChainWalker(key)
    return [walker.check(row, lambda stored: stored) for row in rows]


def forged_after(rows: list[Any], key: bytes | None) -> StoredEvent:
    """An event after the last, linked as its writer could link it."""
    last = rows[-1]
    body = unseal(bytes(last.state))[0]  # type: ignore[index]
    version = last.originator_version + 1
    previous = unseal(bytes(last.state))[1]  # type: ignore[index]
    chain = link_bytes(previous, last.topic, version, body, key)
    return StoredEvent(last.originator_id, version, last.topic, seal(body, chain))


def test_a_keyed_link_is_not_the_plain_one() -> None:
    plain = link_bytes("", "t", 1, b"{}")
    keyed = link_bytes("", "t", 1, b"{}", KEY)
    assert plain != keyed and len(keyed) == 64
    assert keyed != link_bytes("", "t", 1, b"{}", b"x" * 32)


def test_plain_then_keyed_links_verify_with_the_key(store: Store) -> None:
    rows = saved(store)
    assert walk(rows, KEY) == [None, None, None]
    without = walk(rows, None)
    assert without[:2] == [None, None]
    assert without[2] is not None and "LEDGERDESK_CHECKPOINT_KEY" in without[2].reason


def test_an_append_without_the_key_is_named(store: Store) -> None:
    rows = saved(store)
    plain = walk([*rows, forged_after(rows, None)], KEY)[-1]
    assert plain is not None and plain.version == 4
    assert "without the chain key" in plain.reason
    guessed = walk([*rows, forged_after(rows, b"g" * 32)], KEY)[-1]
    assert guessed is not None and "without the chain key" in guessed.reason
    assert walk([*rows, forged_after(rows, KEY)], KEY)[-1] is None


def test_the_key_file_is_private_and_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "keys" / "cp.key"
    key = create_key(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_key(path).chain_key == key.chain_key
    with pytest.raises(FileExistsError):
        create_key(path)
    signature = key.sign(b"heads")
    assert signature_holds(key.public, b"heads", signature)
    assert not signature_holds(key.public, b"heads!", signature)
    assert not signature_holds(key.public, b"heads", "not base64")


def test_a_file_that_is_no_key_is_named(tmp_path: Path) -> None:
    path = tmp_path / "cp.key"
    path.write_text("nonsense")
    with pytest.raises(KeyProblem, match="cp.key"):
        load_key(path)
    with pytest.raises(KeyProblem, match="cannot read"):
        load_key(tmp_path / "missing.key")
