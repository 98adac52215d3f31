"""The base aggregate: every event records its tenant, its actor and its time."""

from __future__ import annotations

from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate

from domain.errors import InvalidValue

SYSTEM = "system"
"""The actor recorded for changes no user made (seeding, schedules, migrations)."""

NAMESPACE = uuid5(NAMESPACE_URL, "https://ledgerdesk.app/")


def stable_id(*parts: str) -> UUID:
    """An id derived from names, so a second create of the same thing collides."""
    return uuid5(NAMESPACE, "/".join(parts))


class LedgerAggregate(Aggregate):
    """An aggregate owned by one tenant; its events carry tenant_id and actor."""

    tenant_id: str

    class Event(Aggregate.Event):
        tenant_id: str
        actor: str

    class Created(Event, Aggregate.Created):
        pass

    def trigger_event(self, event_class: Any, **kwargs: Any) -> None:
        kwargs.setdefault("tenant_id", self.tenant_id)
        super().trigger_event(event_class, **kwargs)


def require_text(value: str | None, field: str, max_length: int = 10_000) -> str:
    """Refuse empty or oversized text, naming the field."""
    text = (value or "").strip()
    if not text:
        raise InvalidValue(f"The {field} field is required.", field)
    if len(text) > max_length:
        raise InvalidValue(
            f"The {field} field may not be longer than {max_length} characters.", field
        )
    return text


def require_positive(value: float, field: str) -> float:
    """Refuse zero or negative numbers, naming the field."""
    if value is None or value <= 0:
        raise InvalidValue(f"The {field} field must be greater than 0.", field)
    return value
