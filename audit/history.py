"""The auditors' read side: an aggregate's events, its state as it was, its chain.

Finding the version at a time reads the aggregate's own events only. The
event store keys them by (originator_id, originator_version), so this is an
index range read whose cost grows with that one aggregate's history, never
with the log. An `event_times` table kept by a follower was the alternative;
it would duplicate what the store already holds and could lag behind it, and
an auditor must not get an answer from an index that has not caught up. The
events are replayed in version order and the walk stops at the first event
later than the asked time, so the state at a time is always a prefix of the
history, exactly what replaying that many events gives.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from domain.assets import Asset
from domain.base import LedgerAggregate
from domain.chain import plain
from domain.contracts import Contract
from domain.deals import Deal, Project, UsedProduct
from domain.errors import InvalidValue, NotFound
from domain.invoices import Invoice
from domain.organisations import Company
from domain.quotes import Quote
from domain.store import Store, as_uuid
from domain.subscriptions import Subscription
from domain.tickets import Ticket

MODELS: dict[str, type[LedgerAggregate]] = {
    "tickets": Ticket,
    "quotes": Quote,
    "contracts": Contract,
    "invoices": Invoice,
    "subscriptions": Subscription,
    "assets": Asset,
    "companies": Company,
    "deals": Deal,
    "projects": Project,
    "used-products": UsedProduct,
}
BOOKKEEPING = frozenset(
    {
        "originator_id",
        "originator_version",
        "originator_topic",
        "timestamp",
        "tenant_id",
        "actor",
        "chain",
    }
)
STATE_NAMES = {
    "_id": "id",
    "_version": "version",
    "_created_on": "created_on",
    "_modified_on": "modified_on",
    "_chain": "chain",
}


def model_class(model: str) -> type[LedgerAggregate]:
    """The aggregate class a model name (plural or singular) stands for."""
    name = model.strip().lower()
    cls = MODELS.get(name) or MODELS.get(f"{name}s") or MODELS.get(f"{name}es")
    if cls is None:
        known = ", ".join(sorted(MODELS))
        raise InvalidValue(f"Unknown model {model!r}; choose from {known}.", "model")
    return cls


def resolve(engine: Any, tenant_id: str, model: str, ref: str) -> str:
    """An aggregate id from an id, or a ticket reference found in the read model."""
    try:
        return str(UUID(ref.strip()))
    except ValueError:
        pass
    if model_class(model) is not Ticket or engine is None:
        raise NotFound(f"Give the id of the {model}; {ref!r} is not one.", "id")
    from sqlalchemy import select
    from sqlalchemy.exc import SQLAlchemyError

    from projections.tables import tickets

    query = select(tickets.c.id).where(
        tickets.c.tenant_id == tenant_id, tickets.c.reference == ref.strip().upper()
    )
    try:
        with engine.connect() as connection:
            found = connection.execute(query).scalar()
    except SQLAlchemyError as error:
        message = "The read model is not available to look up references."
        raise NotFound(message, "id") from error
    if found is None:
        raise NotFound(f"No ticket {ref} in this tenant.", "id")
    return str(found)


def parse_time(value: str | datetime) -> datetime:
    """A moment from ISO text; a moment without a zone is taken as UTC."""
    if isinstance(value, datetime):
        moment = value
    else:
        try:
            moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError as error:
            raise InvalidValue(
                "The at field must be an ISO date-time.", "at"
            ) from error
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def event_type(domain_event: Any) -> str:
    """The short name of an event's type, such as LineAdded."""
    return type(domain_event).__name__


def changes_of(domain_event: Any) -> dict[str, Any]:
    """What an event changed: its fields other than the bookkeeping ones."""
    return {
        key: plain(value)
        for key, value in vars(domain_event).items()
        if key not in BOOKKEEPING
    }


def describe(domain_event: Any) -> dict[str, Any]:
    """One event as a row for auditors: version, time, actor, type, changes."""
    return {
        "version": domain_event.originator_version,
        "time": domain_event.timestamp.isoformat(),
        "actor": getattr(domain_event, "actor", None),
        "type": event_type(domain_event),
        "changes": changes_of(domain_event),
    }


def state_of(aggregate: LedgerAggregate) -> dict[str, Any]:
    """An aggregate's attributes as a JSON-able dict, with its model name."""
    state: dict[str, Any] = {"model": type(aggregate).__name__}
    for key, value in vars(aggregate).items():
        if key == "_pending_events":
            continue
        state[STATE_NAMES.get(key, key)] = plain(value)
    return state


def stored_events(
    app: Store,
    model: str | None,
    aggregate_id: str | UUID,
    tenant_id: str | None = None,
) -> list[Any]:
    """An aggregate's events, oldest first; NotFound if absent or of another kind."""
    events = app.events_of(aggregate_id)
    if not events:
        raise NotFound("Not found.", "id")
    created = replay(events[:1])
    if model is not None and not isinstance(created, model_class(model)):
        raise NotFound(f"{model_class(model).__name__} not found.", "id")
    if tenant_id is not None and created.tenant_id != tenant_id:
        raise NotFound("Not found.", "id")
    return events


def replay(events: Sequence[Any]) -> LedgerAggregate:
    """The aggregate those events build, applied in order."""
    aggregate: Any = None
    for domain_event in events:
        aggregate = domain_event.mutate(aggregate)
    if aggregate is None:
        raise NotFound("Not found.", "version")
    return aggregate


def version_at(events: Sequence[Any], at: datetime) -> int:
    """How many events had happened at that moment (0: not yet created)."""
    count = 0
    for domain_event in events:
        if domain_event.timestamp > at:
            break
        count += 1
    return count


def history(
    app: Store,
    model: str | None,
    aggregate_id: str | UUID,
    *,
    version: int | None = None,
    at: str | datetime | None = None,
    tenant_id: str | None = None,
) -> dict[str, Any]:
    """An aggregate's events up to a version or moment, and its state then."""
    events = stored_events(app, model, aggregate_id, tenant_id)
    if version is not None and at is not None:
        raise InvalidValue("Give either a version or a time, not both.", "version")
    count = len(events)
    if at is not None:
        count = version_at(events, parse_time(at))
    elif version is not None:
        if not 1 <= version <= len(events):
            raise InvalidValue(
                f"The version must be between 1 and {len(events)}.", "version"
            )
        count = version
    shown = events[:count]
    state = state_of(replay(shown)) if shown else None
    if state is not None:
        moment = datetime.now(UTC)
        if at is not None:
            moment = parse_time(at)
        elif version is not None:
            moment = shown[-1].timestamp
        follow_merges(app, state, moment)
    return {
        "id": str(as_uuid(aggregate_id)),
        "model": type(replay(events[:1])).__name__,
        "version": count,
        "events": [describe(e) for e in shown],
        "state": state,
    }


def survivor_at(app: Store, company_id: str, moment: datetime) -> str:
    """The company that company_id's records belonged to at that moment."""
    seen: set[str] = set()
    while company_id not in seen:
        seen.add(company_id)
        try:
            events = app.events_of(company_id)
        except (ValueError, TypeError):  # not an id the store can hold
            return company_id
        merged = [
            e for e in events if event_type(e) == "MergedInto" and e.timestamp <= moment
        ]
        if not merged:
            return company_id
        company_id = str(merged[0].target_id)
    return company_id


def follow_merges(app: Store, state: dict[str, Any], moment: datetime) -> None:
    """Name the company a record belonged to then: a merge moves its records.

    A merge is one event on the merged company; the records keep their own
    events, so their company at a moment is the one their events name, followed
    through the merges made by then. The name their events gave is kept beside.
    """
    for holder in (state, state.get("fields")):
        if not isinstance(holder, dict) or not holder.get("company_id"):
            continue
        named = str(holder["company_id"])
        now = survivor_at(app, named, moment)
        if now != named:
            holder["company_id"] = now
            holder["merged_company_id"] = named


def state_at(
    app: Store,
    aggregate_id: str | UUID,
    *,
    version: int | None = None,
    at: str | datetime | None = None,
) -> dict[str, Any] | None:
    """The aggregate as a plain dict at a version or moment (None: not yet)."""
    return history(app, None, aggregate_id, version=version, at=at)["state"]
