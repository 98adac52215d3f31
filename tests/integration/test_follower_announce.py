"""A worker's follower that only hears of positions: it waits, never applies.

With `serve --workers` the read model is followed in one process and the API
workers wait for positions announced over LISTEN/NOTIFY. A waiting write is let
go by the notice, or, when a notice is lost, by the position it reads from the
database; it never applies events itself.
"""

from __future__ import annotations

import threading
import time

import pytest

from api.bootstrap import build_follower, open_stores
from tests.conftest import BACKEND


@pytest.fixture
def stores(settings):  # type: ignore[no-untyped-def]
    domain, engine, _ = open_stores(settings)
    try:
        yield domain, engine, settings
    finally:
        domain.close()
        engine.dispose()


def _an_event(domain) -> int:  # type: ignore[no-untyped-def]
    from demo.seed import password_hash, seed_demo

    seed_demo(domain, "acme", "Acme IT", hashed=password_hash())
    return int(domain.position())


def test_a_watched_follower_waits_for_the_notice_and_applies_nothing(stores):
    domain, engine, settings = stores
    target = _an_event(domain)
    worker = build_follower(domain, engine, settings)
    worker.watched = True
    follower = build_follower(domain, engine, settings)  # the followers process's

    def elsewhere() -> None:
        time.sleep(0.2)
        follower.catch_up()
        worker.observed(follower.reached)

    threading.Thread(target=elsewhere).start()
    began = time.monotonic()
    worker.wait_for(target, timeout=10)
    assert time.monotonic() - began >= 0.15  # it waited for the other follower
    assert worker.position() >= target
    assert worker.rows.position != target  # it applied nothing itself


def test_a_lost_notice_is_made_up_by_reading_the_position(stores):
    domain, engine, settings = stores
    target = _an_event(domain)
    build_follower(domain, engine, settings).catch_up()  # applied, nobody told
    worker = build_follower(domain, engine, settings)
    worker.watched = True
    began = time.monotonic()
    worker.wait_for(target, timeout=10)
    assert time.monotonic() - began < 2


@pytest.mark.skipif(BACKEND == "sqlite", reason="LISTEN/NOTIFY is PostgreSQL's")
def test_positions_are_announced_when_committed_and_heard_by_a_worker(stores):
    from api.announce import announce_positions, worker_listener
    from api.cache import ReadCache

    domain, engine, settings = stores
    target = _an_event(domain)
    worker = build_follower(domain, engine, settings)
    cache = ReadCache(60)
    cache.get("kept", lambda: 1)
    listener = worker_listener(engine, worker, cache)
    listener.start()
    try:
        assert listener.ready.wait(10)
        cache.get("kept", lambda: 1)  # connecting emptied it; keep it again
        follower = build_follower(domain, engine, settings)
        announce_positions(follower)
        follower.catch_up()
        deadline = time.monotonic() + 5
        while worker.reached < target and time.monotonic() < deadline:
            time.sleep(0.01)
        assert worker.reached >= target
        # the batch made tenants and users: every worker's cache is emptied
        assert cache.get("kept", lambda: 2) == 2
    finally:
        listener.stop()


def test_a_waiting_writes_reads_take_no_transaction(stores, monkeypatch):
    """The position and the parked events a watched follower reads for a
    waiting write go over connections in autocommit: giving one back costs no
    ROLLBACK, a round trip each write waited for twice."""
    domain, engine, settings = stores
    target = _an_event(domain)
    build_follower(domain, engine, settings).catch_up()  # the followers process
    worker = build_follower(domain, engine, settings)
    worker.watched = True
    options = worker.reader.get_execution_options()
    assert options["isolation_level"] == "AUTOCOMMIT"

    def transactional(*_: object, **__: object) -> None:
        raise AssertionError("a transactional connection was taken")

    monkeypatch.setattr(engine, "connect", transactional)
    worker.wait_for(target, timeout=10)
    assert worker.position() >= target
    assert not worker.parked_any([target])
