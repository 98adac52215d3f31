"""Built list statements kept by what they are built from, so a list asked again
is neither built nor keyed for SQLAlchemy's compiled cache again.

SQLAlchemy finds a statement's compiled form by a cache key it derives by walking
the statement's whole tree on every execution of a new statement object; a
searched list's sample walked about as long as it took to build it and run it
(py-spy under the load). The key is kept on the object, so the same object run
again skips the walk. Only statements that are a function of their key alone are
kept: a filter on a date preset, the SLA time left or a due date compares with
the clock, and is built anew each time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from api.query.tree import Between, Compare, InList, Missing, NullTest, Query

T = TypeVar("T")
KEPT = 512
"""Statements kept per process (the least recently used go first)."""
CLOCKLESS = (Compare, InList, NullTest, Between, Missing)
"""Filters whose SQL does not depend on when it is built (unless on a due date)."""


def timeless(query: Query) -> bool:
    """Whether the query's SQL is the same whenever it is built."""
    return all(
        isinstance(item, CLOCKLESS) and not item.field.due for item in query.filters
    )


class Kept:
    """Statements by key, at most `size` of them, safe across threads."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, build: Callable[[], T]) -> T:
        """The statement kept for key, else build() kept for next time."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                return found  # type: ignore[no-any-return]
        built = build()
        with self._lock:
            self._items[key] = built
            if len(self._items) > self.size:
                self._items.popitem(last=False)
        return built


KEPT_STATEMENTS = Kept()
"""This process's kept statements (they hold no rows, only SQL and its values)."""


def kept(key: Hashable, query: Query | Sequence[Query], build: Callable[[], T]) -> T:
    """build()'s statement, kept by key when `query` (or each of them) is timeless."""
    queries = [query] if isinstance(query, Query) else query
    if not all(timeless(each) for each in queries):
        return build()
    return KEPT_STATEMENTS.get(key, build)
