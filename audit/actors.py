"""Who did it: an event's actor as the name and role they had at that moment.

An event records its actor as an id. The person is replayed from their own
events up to the event's time, so a later rename or change of role does not
rewrite who did what then. Changes no person made carry a service's name instead
of an id (``system`` for seeding and followers, ``sla-timer`` for the SLA
timer): their role is ``system``. A portal user's role is ``client``. A
person's id that is no person of the record's tenant is shown without a name.
"""

from __future__ import annotations

from bisect import bisect_right
from datetime import datetime
from typing import Any
from uuid import UUID

from domain.base import SYSTEM
from domain.errors import NotFound
from domain.people import User
from domain.store import Store

Actor = dict[str, Any]
SERVICES = {SYSTEM: "System", "sla-timer": "SLA timer"}
"""The services that act by themselves, by the actor name their events carry."""


class Actors:
    """Looks up the actors of one tenant's events, each person replayed once."""

    def __init__(self, app: Store, tenant_id: str | None) -> None:
        self.app = app
        self.tenant_id = tenant_id
        self.timelines: dict[str, list[tuple[datetime, Actor]]] = {}

    def at(self, actor: str | None, moment: datetime) -> Actor:
        """The actor as they were at that moment."""
        if actor is None:
            return {"id": None, "full_name": None, "role": None}
        if actor in SERVICES or not _is_id(actor):
            return {
                "id": actor,
                "full_name": SERVICES.get(actor, actor),
                "role": SYSTEM,
            }
        timeline = self.timelines.get(actor)
        if timeline is None:
            timeline = self.timelines[actor] = self._timeline(actor)
        if not timeline:
            return {"id": actor, "full_name": None, "role": None}
        times = [when for when, _ in timeline]
        place = max(bisect_right(times, moment) - 1, 0)
        return dict(timeline[place][1])

    def _timeline(self, actor: str) -> list[tuple[datetime, Actor]]:
        """The person after each of their events: (time, who they were then)."""
        try:
            events = self.app.events_of(actor)
        except (ValueError, TypeError, NotFound):  # not an id the store holds
            return []
        person: Any = None
        timeline: list[tuple[datetime, Actor]] = []
        for domain_event in events:
            person = domain_event.mutate(person)
            if not isinstance(person, User):
                return []
            if self.tenant_id is not None and person.tenant_id != self.tenant_id:
                return []
            timeline.append((domain_event.timestamp, shown(actor, person)))
        return timeline


def shown(actor: str, person: User) -> Actor:
    """A person as an event's actor: id, full name, role (client for the portal)."""
    role = "client" if person.is_operator == 0 else person.role
    return {"id": actor, "full_name": person.full_name or person.email, "role": role}


def _is_id(actor: str) -> bool:
    """Whether the actor can be a person: people are known by UUIDs."""
    try:
        UUID(actor)
    except ValueError:
        return False
    return True
