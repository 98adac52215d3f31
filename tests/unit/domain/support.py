"""Given-when-then helpers for domain tests: aggregates in memory, no store."""

from __future__ import annotations

from typing import Any, TypeVar

from eventsourcing.domain import Aggregate

A = TypeVar("A", bound=Aggregate)

TENANT = "tenant-a"
OTHER_TENANT = "tenant-b"
ACTOR = "operator-1"
CLIENT = "client-1"
PNG = (
    "data:image/png;base64,"
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADU"
    "lEQVR4nGNgYGD4DwABBAEAcCBlCwAAAABJRU5ErkJggg=="
)


def given(aggregate: A) -> A:
    """Treat the aggregate's events so far as history: nothing pending."""
    aggregate.collect_events()
    return aggregate


def then(aggregate: Aggregate) -> list[str]:
    """The names of the events the last commands triggered, oldest first."""
    return [type(event).__name__ for event in aggregate.collect_events()]


def new_events(aggregate: Aggregate) -> list[Any]:
    """The events the last commands triggered, oldest first."""
    return list(aggregate.collect_events())


def replay(aggregate: Aggregate, events: list[Any]) -> Any:
    """Rebuild an aggregate from its events, as the repository does."""
    rebuilt = None
    for event in events:
        rebuilt = event.mutate(rebuilt)
    return rebuilt
