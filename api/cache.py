"""A short-lived cache of read-model rows every request needs (tenants, lookups).

The read model changes only when a follower applies events. Whatever this
process's follower applies empties the cache at once, so a write answered here
is never followed by a stale read here; what other processes change shows
within `ttl` seconds.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable, Iterable
from typing import Any, TypeVar

T = TypeVar("T")
MISSING: Any = object()
"""What peek() answers for a key not cached (or kept too long)."""
KEEPS_CACHE = ("domain.tickets:Ticket.", "domain.tenants:Sequence.")
"""Topics of events whose projections write no row this cache holds."""


class ReadCache:
    """Values by key, each kept at most ttl seconds, all dropped by clear()."""

    def __init__(self, ttl: float) -> None:
        self.ttl = ttl
        self._values: dict[Hashable, tuple[float, Any]] = {}
        self._generation = 0
        self._lock = threading.Lock()

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
