"""A short-lived cache of read-model rows every request needs (tenants, lookups).

The read model changes only when a follower applies events. Whatever this
process's follower applies empties the cache at once, so a write answered here
is never followed by a stale read here; what other processes change shows
within `ttl` seconds.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from typing import Any, TypeVar

T = TypeVar("T")
MISSING: Any = object()
"""What peek() answers for a key not cached (or kept too long)."""
KEEPS_CACHE = ("domain.tickets:Ticket.", "domain.tenants:Sequence.")
"""Topics of events whose projections write no row this cache holds."""
SAMPLE_KEPT_S = 30.0
"""How long a searched total's sample is used again for the same list."""
SAMPLE_DRIFT = 0.02
"""The share by which the rows in scope may have changed since a kept sample
(more, and the list is sampled again at once)."""


class KeptSamples:
    """Recent samples of searched lists, by list: (when, rows in scope, rows
    read, hits).

    A sample costs a probe of some 300 rows through the search index (most of
    a searched list's time in the database), and the same list is asked again
    and again: its next page, a refresh, the colleague on the same queue. Its
    share of matches is used again for SAMPLE_KEPT_S, scaled to the rows in
    scope now, while those moved by less than SAMPLE_DRIFT; an exact total is
    never kept. Bounded: the least recently used list goes first.
    """

    def __init__(self, size: int = 2048) -> None:
        self.size = size
        self._kept: OrderedDict[Hashable, tuple[float, int, int, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, in_scope: int) -> tuple[int, int] | None:
        """(rows read, hits) of a sample still good for this list, or None."""
        with self._lock:
            found = self._kept.get(key)
            if found is None:
                return None
            at, then, rows, hits = found
            if (
                time.monotonic() - at >= SAMPLE_KEPT_S
                or abs(in_scope - then) > then * SAMPLE_DRIFT
            ):
                del self._kept[key]
                return None
            self._kept.move_to_end(key)
            return rows, hits

    def put(self, key: Hashable, in_scope: int, rows: int, hits: int) -> None:
        """Keep a list's sample."""
        with self._lock:
            self._kept[key] = (time.monotonic(), in_scope, rows, hits)
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def clear(self) -> None:
        """Forget every sample."""
        with self._lock:
            self._kept.clear()


class ReadCache:
    """Values by key, each kept at most ttl seconds, all dropped by clear()."""

    def __init__(self, ttl: float) -> None:
        self.ttl = ttl
        self._values: dict[Hashable, tuple[float, Any]] = {}
        self._generation = 0
        self._lock = threading.Lock()
        self.samples = KeptSamples()
        """Searched totals' samples: kept by their own rules, not emptied by
        clear() (a sample is an estimate, not a row)."""

    def get(self, key: Hashable, load: Callable[[], T]) -> T:
        """The cached value, or load() kept for later when the cache is on."""
        if self.ttl <= 0:
            return load()
        now = time.monotonic()
        found = self._values.get(key)
        if found is not None and now - found[0] < self.ttl:
            return found[1]  # type: ignore[no-any-return]
        generation = self._generation
        value = load()
        with self._lock:
            # a clear() while loading means the value may predate a change
            if generation == self._generation:
                self._values[key] = (now, value)
        return value

    def peek(self, key: Hashable) -> Any:
        """The cached value, or MISSING: never loads."""
        found = self._values.get(key)
        if found is None or time.monotonic() - found[0] >= self.ttl:
            return MISSING
        return found[1]

    def clear(self, *_: Any) -> None:
        """Forget everything (the read model moved on)."""
        with self._lock:
            self._generation += 1
            self._values.clear()

    def applied(self, topics: Iterable[str]) -> None:
        """Forget everything unless the events applied change nothing kept here.

        Tickets and their numbers touch no tenant, user, session, lookup or
        preset row, so a new ticket or reply does not make the next request of
        every user load those again.
        """
        if not all(topic.startswith(KEEPS_CACHE) for topic in topics):
            self.clear()
