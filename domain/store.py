"""Loading and saving aggregates for one tenant, with library errors made typed."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError

from domain.base import LedgerAggregate
from domain.errors import AlreadyExists, ConcurrentChange, NotFound

A = TypeVar("A", bound=LedgerAggregate)
R = TypeVar("R")


def as_uuid(value: str | UUID) -> UUID:
    """An id as UUID; anything else is simply not found."""
    if isinstance(value, UUID):
        return value
    try:
        return UUID(str(value))
    except (ValueError, AttributeError, TypeError) as error:
        raise NotFound("Not found.", "id") from error


class Store(Application):
    """The event store of every tenant, with tenant-checked loads."""

    name = "Ledgerdesk"
    retries_on_conflict = 5
    log_section_size = 10_000

    def load(
        self,
        tenant_id: str,
        cls: type[A],
        aggregate_id: str | UUID,
        version: int | None = None,
    ) -> A:
        """The aggregate of that type in that tenant, else NotFound."""
        try:
            aggregate: object = self.repository.get(
                as_uuid(aggregate_id), version=version
            )
        except AggregateNotFoundError as error:
            raise NotFound(f"{cls.__name__} not found.", "id") from error
        if not isinstance(aggregate, cls) or aggregate.tenant_id != tenant_id:
            raise NotFound(f"{cls.__name__} not found.", "id")
        return aggregate

    def exists(self, aggregate_id: str | UUID) -> bool:
        """Whether any aggregate has that id."""
        return as_uuid(aggregate_id) in self.repository

    def commit(self, *aggregates: LedgerAggregate | None) -> int:
        """Save pending events atomically; answers the last notification id."""
        pending = [a for a in aggregates if a is not None]
        created = [
            a.id
            for a in pending
            if a.pending_events and a.pending_events[0].originator_version == 1
        ]
        try:
            recordings = self.save(*pending)
        except IntegrityError as error:
            if any(aggregate_id in self.repository for aggregate_id in created):
                raise AlreadyExists("It already exists.") from error
            raise ConcurrentChange(
                "Someone else changed this at the same time. Reload and try again."
            ) from error
        return max((r.notification.id for r in recordings), default=0)

    def retrying(self, action: Callable[[], R]) -> R:
        """Run a load-change-save action again when a concurrent save won."""
        for attempt in range(self.retries_on_conflict):
            try:
                return action()
            # A sequence or setting list created by someone else in the meantime
            # collides like a concurrent change: loading it again resolves it.
            except (ConcurrentChange, AlreadyExists):
                if attempt == self.retries_on_conflict - 1:
                    raise
                time.sleep(0.005 * (attempt + 1))
        raise AssertionError("unreachable")

    def position(self) -> int:
        """The id of the newest notification in the log."""
        return self.recorder.max_notification_id() or 0

    def events_of(self, aggregate_id: str | UUID) -> list[Any]:
        """Every stored event of one aggregate, oldest first."""
        return list(self.events.get(as_uuid(aggregate_id)))
