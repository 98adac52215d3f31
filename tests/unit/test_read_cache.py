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


def test_a_sample_is_used_again_for_its_time_then_taken_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [100.0]
    monkeypatch.setattr(cache_module.time, "monotonic", lambda: now[0])
    samples = ReadCache(ttl=2.0).samples
    samples.put("list", 5_000, 300, 40)
    now[0] += cache_module.SAMPLE_KEPT_S - 0.1
    assert samples.get("list", 5_000) == (300, 40)  # long past the rows' ttl
    now[0] += 0.2
    assert samples.get("list", 5_000) is None


def test_a_sample_is_taken_again_once_the_scope_moved() -> None:
    samples = ReadCache(ttl=2.0).samples
    samples.put("list", 5_000, 300, 40)
    assert samples.get("list", 5_100) == (300, 40)  # 2 %: the same list
    assert samples.get("list", 5_101) is None  # more: sampled again
    assert samples.get("list", 5_000) is None  # and forgotten


def test_samples_are_bounded_and_the_least_used_goes_first() -> None:
    samples = ReadCache(ttl=2.0).samples
    samples.size = 2
    samples.put("a", 1_000, 300, 1)
    samples.put("b", 1_000, 300, 2)
    assert samples.get("a", 1_000) == (300, 1)  # a is used: b is the oldest
    samples.put("c", 1_000, 300, 3)
    assert samples.get("b", 1_000) is None
    assert samples.get("a", 1_000) == (300, 1)
    assert samples.get("c", 1_000) == (300, 3)


def test_clear_keeps_the_samples_and_their_own_clear_drops_them() -> None:
    cache = ReadCache(ttl=60.0)
    cache.samples.put("list", 1_000, 300, 10)
    cache.clear()  # a batch applied: rows may have changed, an estimate stands
    assert cache.samples.get("list", 1_000) == (300, 10)
    cache.samples.clear()
    assert cache.samples.get("list", 1_000) is None
