"""The API's short-lived read cache: kept for its time, dropped on clear."""

from __future__ import annotations

import itertools

import pytest

from api import cache as cache_module
from api.cache import ReadCache


def test_a_value_is_kept_for_its_time_then_loaded_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [100.0]
    monkeypatch.setattr(cache_module.time, "monotonic", lambda: now[0])
    loads = itertools.count(1)
    cache = ReadCache(ttl=2.0)
    assert cache.get("k", lambda: next(loads)) == 1
    now[0] += 1.9
    assert cache.get("k", lambda: next(loads)) == 1
    now[0] += 0.2
    assert cache.get("k", lambda: next(loads)) == 2


def test_clear_drops_everything() -> None:
    loads = itertools.count(1)
    cache = ReadCache(ttl=60.0)
    cache.get("k", lambda: next(loads))
    cache.clear()
    assert cache.get("k", lambda: next(loads)) == 2


def test_a_value_loaded_across_a_clear_is_not_kept() -> None:
    """A load that began before the read model moved may hold the older state."""
    cache = ReadCache(ttl=60.0)

    def load_while_the_model_moves() -> str:
        cache.clear()
        return "older"

    assert cache.get("k", load_while_the_model_moves) == "older"
    assert cache.get("k", lambda: "newer") == "newer"


def test_no_time_means_no_cache() -> None:
    loads = itertools.count(1)
    cache = ReadCache(ttl=0)
    assert [cache.get("k", lambda: next(loads)) for _ in range(3)] == [1, 2, 3]


def test_tickets_applied_keep_the_cache_and_anything_else_clears_it() -> None:
    cache = ReadCache(ttl=60.0)
    cache.get("tenant", lambda: "kept")
    cache.applied(["domain.tickets:Ticket.Opened", "domain.tenants:Sequence.Allocated"])
    assert cache.peek("tenant") == "kept"
    cache.applied(["domain.tickets:Ticket.Opened", "domain.settings:SettingList.Added"])
    assert cache.peek("tenant") is cache_module.MISSING
