"""The base aggregate: every event records its tenant, its actor and its time."""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate

from domain import values
from domain.chain import GENESIS, PENDING
from domain.errors import InvalidValue

SYSTEM = "system"
"""The actor recorded for changes no user made (seeding, schedules, migrations)."""

NAMESPACE = uuid5(NAMESPACE_URL, "https://ledgerdesk.app/")

L = TypeVar("L", bound="LedgerAggregate")


def stable_id(*parts: str) -> UUID:
    """An id derived from names, so a second create of the same thing collides."""
    return uuid5(NAMESPACE, "/".join(parts))


class LedgerAggregate(Aggregate):
    """An aggregate owned by one tenant; its events carry tenant_id and actor.

    Every event also carries `chain`, a hash over its fields and the previous
    event's chain (domain/chain.py), so an edited stored event can be found.
    """

    tenant_id: str
    # Events that add to a record without editing what a form shows (a ticket's
    # replies, its time, its SLA alerts): a form read before them is not stale.
    beside_edits: ClassVar[frozenset[str]] = frozenset()

    class Event(Aggregate.Event):
        tenant_id: str
        actor: str
        chain: str

        def mutate(self, aggregate: Any) -> Any:
            """Apply the event; a stored one leaves its chain on the aggregate."""
            mutated = super().mutate(aggregate)
            if mutated is not None and self.chain != PENDING:
                mutated.__dict__["_chain"] = self.chain
            if mutated is not None and type(self).__name__ not in mutated.beside_edits:
                mutated.__dict__["_edited_version"] = mutated.version
            return mutated

    class Created(Event, Aggregate.Created):
        pass

    @property
    def edited_version(self) -> int:
        """The version of the last event that edited the record (every event
        unless its class is named in beside_edits)."""
        return int(self.__dict__.get("_edited_version", self.version))

    @property
    def chain(self) -> str:
        """The chain of the last stored event applied (GENESIS before any)."""
        return str(self.__dict__.get("_chain", GENESIS))

    @classmethod
    def _create(cls: type[L], event_class: Any, *, id: Any = None, **kwargs: Any) -> L:
        """Create; the store links the event when it saves it."""
        kwargs["chain"] = PENDING
        return super()._create(event_class, id=id, **kwargs)  # type: ignore[misc]

    def trigger_event(self, event_class: Any, **kwargs: Any) -> None:
        """Trigger an event of this tenant; the store links it when it saves it."""
        kwargs.setdefault("tenant_id", self.tenant_id)
        kwargs["chain"] = PENDING
        super().trigger_event(event_class, **kwargs)


def require_text(value: str | None, field: str, max_length: int = 10_000) -> str:
    """Refuse empty, oversized or non-text values, naming the field."""
    return values.text(value, field, max_length)


def require_positive(value: float, field: str) -> float:
    """Refuse zero or negative numbers, naming the field."""
    if value is None or value <= 0:
        raise InvalidValue(f"The {field} field must be greater than 0.", field)
    return value
