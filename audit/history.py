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

import hashlib
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any
from uuid import UUID
from zoneinfo import ZoneInfo

from audit.actors import Actors
from audit.changes import diff
from audit.moments import local_iso, read_moment, tenant_zone, utc_iso
from domain.assets import Asset
from domain.base import LedgerAggregate
from domain.chain import plain
from domain.contracts import Contract
from domain.deals import Deal, Project, UsedProduct
from domain.errors import InvalidValue, NotFound
from domain.invoices import Invoice
from domain.organisations import Company, Location, TicketGroup
from domain.people import User
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
    "clients": User,
    "operators": User,
    "locations": Location,
    "ticket-groups": TicketGroup,
}
SECRETS = frozenset({"password_hash"})
"""Fields whose value an auditor sees only as set or not: never the value."""
HIDDEN = "[hidden]"
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
    "_edited_version": "edited_version",
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


def event_type(domain_event: Any) -> str:
    """The short name of an event's type, such as LineAdded."""
    return type(domain_event).__name__


def changes_of(domain_event: Any) -> dict[str, Any]:
    """What an event recorded: its fields other than the bookkeeping ones."""
    return {
        key: hidden(key, plain(value))
        for key, value in vars(domain_event).items()
        if key not in BOOKKEEPING
    }


def hidden(key: str, value: Any) -> Any:
    """A secret's value replaced by a mark; its short fingerprint shows a change."""
    if key in SECRETS and value is not None:
        digest = hashlib.sha256(str(value).encode("utf-8")).hexdigest()[:8]
        return f"{HIDDEN} {digest}"
    return value


def describe(
    domain_event: Any,
    before: dict[str, Any] | None,
    after: dict[str, Any],
    actors: Actors,
    zone: ZoneInfo,
) -> dict[str, Any]:
    """One event for auditors: version, when, who, type, from and to, what it held."""
    moment = domain_event.timestamp
    return {
        "version": domain_event.originator_version,
        "time": local_iso(moment, zone),
        "time_utc": utc_iso(moment),
        "actor": actors.at(getattr(domain_event, "actor", None), moment),
        "type": event_type(domain_event),
        "changes": diff(before, after),
        "data": changes_of(domain_event),
    }


def described(
    app: Store, events: Sequence[Any], tenant_id: str | None, zone: ZoneInfo
) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """Each event with its changes, from consecutive replayed states; the last."""
    actors = Actors(app, tenant_id)
    aggregate: Any = None
    before: dict[str, Any] | None = None
    rows = []
    for domain_event in events:
        aggregate = domain_event.mutate(aggregate)
        after = state_of(aggregate)
        rows.append(describe(domain_event, before, after, actors, zone))
        before = after
    return rows, before


def state_of(aggregate: LedgerAggregate) -> dict[str, Any]:
    """An aggregate's attributes as a JSON-able dict, with its model name."""
    state: dict[str, Any] = {"model": type(aggregate).__name__}
    for key, value in vars(aggregate).items():
        if key == "_pending_events":
            continue
        state[STATE_NAMES.get(key, key)] = hidden(key, copied(value))
    return state


def copied(value: Any) -> Any:
    """A value made plain, as ``plain`` does, through the C JSON codec when it can.

    A history replays a record once per event, so a ticket with hundreds of
    messages is copied hundreds of times: the codec does it many times faster.
    What it cannot write (a mapping keyed by other than text or numbers) goes
    through ``plain`` itself.
    """
    try:
        return json.loads(json.dumps(value, default=plain, allow_nan=False))
    except (TypeError, ValueError):
        return plain(value)


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
    """An aggregate's events up to a version or moment, and its state then.

    Times are shown on the record's tenant's clock and in UTC; an ``at`` without
    a zone is read on that clock, and the answer's ``at`` says how it was read.
    """
    events = stored_events(app, model, aggregate_id, tenant_id)
    if version is not None and at is not None:
        raise InvalidValue("Give either a version or a time, not both.", "version")
    created = replay(events[:1])
    zone = tenant_zone(app, created.tenant_id)
    asked = read_moment(at, zone) if at is not None else None
    count = len(events)
    if asked is not None:
        count = version_at(events, asked.moment)
    elif version is not None:
        if not 1 <= version <= len(events):
            raise InvalidValue(
                f"The version must be between 1 and {len(events)}.", "version"
            )
        count = version
    shown = events[:count]
    rows, state = described(app, shown, created.tenant_id, zone)
    if state is not None:
        moment = datetime.now(UTC)
        if asked is not None:
            moment = asked.moment
        elif version is not None:
            moment = shown[-1].timestamp
        follow_merges(app, state, moment)
    answer: dict[str, Any] = {
        "id": str(as_uuid(aggregate_id)),
        "model": type(created).__name__,
        "version": count,
        "time_zone": zone.key,
        "events": rows,
        "state": state,
    }
    if asked is not None:
        answer["at"] = asked.shown()
    return answer


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
