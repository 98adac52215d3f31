"""Events a follower could not apply, set aside so it can go on with the rest.

A projection handler or the relay that fails on one event (a bug) parks it here,
in the transaction that moves its position past it: the desk keeps working for
everyone else, and the event waits with its error until `ledgerdesk parked
--retry` applies it after a fix. The table is kept (migrated, never rebuilt).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import psycopg
from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    DateTime,
    Engine,
    Index,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
    func,
    select,
    update,
)
from sqlalchemy.exc import (
    DBAPIError,
    DisconnectionError,
    InterfaceError,
    OperationalError,
)

from projections.tables import metadata

parked_events = Table(
    "parked_events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("follower", String(64), nullable=False),
    Column("notification_id", BigInteger, nullable=False),
    Column("originator_id", String(36), nullable=False),
    Column("originator_version", Integer, nullable=False),
    Column("topic", Text, nullable=False),
    Column("tenant_id", String(36)),
    Column("error", Text, nullable=False),
    Column("attempts", Integer, nullable=False, default=1),
    Column("parked_at", DateTime(timezone=True), nullable=False),
    Column("resolved_at", DateTime(timezone=True)),
    UniqueConstraint("follower", "notification_id"),
    Index("ix_parked_events_follower", "follower", "resolved_at"),
)


class ChangeParked(Exception):
    """A caller's own event was parked: stored, but not shown by the read model."""

    def __init__(self, position: int) -> None:
        super().__init__(f"the event at {position} was parked")
        self.position = position


_TENANT = re.compile(rb'"tenant_id"\s*:\s*"([0-9a-fA-F-]{36})"')


@dataclass(frozen=True)
class Parked:
    """One parked event: which follower, where in the log, and why."""

    id: int
    follower: str
    notification_id: int
    originator_id: str
    originator_version: int
    topic: str
    tenant_id: str | None
    error: str
    attempts: int
    parked_at: datetime
    resolved_at: datetime | None


def is_transient(error: BaseException) -> bool:
    """Whether an error is the database's passing trouble, not the event's fault.

    Such a batch is tried again as a whole; every other error parks the event.
    """
    if isinstance(error, (DisconnectionError, InterfaceError, TimeoutError)):
        return True
    if isinstance(error, DBAPIError) and error.connection_invalidated:
        return True
    if isinstance(error, OperationalError):
        text = str(error.orig).lower()
        return any(word in text for word in _TRANSIENT)
    # a batch's pipeline and COPY use psycopg directly (projections/pipeline.py)
    if isinstance(error, psycopg.Error):
        state = error.sqlstate
        if state is None:  # no answer from the server: the connection went away
            return isinstance(error, psycopg.OperationalError)
        return state[:2] in _TRANSIENT_CLASSES or state in _TRANSIENT_STATES
    return False


_TRANSIENT_CLASSES = ("08", "40", "53", "57")
"""SQLSTATE classes of passing trouble: connection, rollback (deadlock,
serialisation), resources, operator intervention (shutdown)."""
_TRANSIENT_STATES = ("55P03",)
"""lock_not_available"""


_TRANSIENT = (
    "locked",
    "deadlock",
    "could not serialize",
    "connection",
    "terminating",
    "timeout",
)


def describe(error: BaseException) -> str:
    """An error as one readable line: its type and message."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0] if text else ''}".strip()[:2000]


def tenant_of(notification: Any) -> str | None:
    """The tenant an event belongs to, read from its stored state if visible.

    Only a hint for the operator: an event whose state is compressed or
    encrypted (or that cannot be decoded at all, the usual reason to park it)
    shows no tenant rather than failing the parking.
    """
    state = getattr(notification, "state", b"") or b""
    found = _TENANT.search(bytes(state)[:4096])
    return found.group(1).decode() if found else None


def park(
    connection: Connection,
    follower: str,
    notification: Any,
    error: BaseException | str,
    tenant_id: str | None = None,
) -> None:
    """Record that follower could not apply a notification (again: one more try)."""
    message = error if isinstance(error, str) else describe(error)
    now = datetime.now(UTC)
    table = parked_events
    found = connection.execute(
        select(table.c.id).where(
            table.c.follower == follower,
            table.c.notification_id == notification.id,
        )
    ).scalar()
    if found is not None:
        connection.execute(
            update(table)
            .where(table.c.id == found)
            .values(
                error=message,
                attempts=table.c.attempts + 1,
                parked_at=now,
                resolved_at=None,
            )
        )
        return
    connection.execute(
        table.insert().values(
            follower=follower,
            notification_id=notification.id,
            originator_id=str(notification.originator_id),
            originator_version=notification.originator_version,
            topic=notification.topic,
            tenant_id=tenant_id or tenant_of(notification),
            error=message,
            attempts=1,
            parked_at=now,
        )
    )


def resolve(connection: Connection, parked_id: int) -> None:
    """Mark a parked event as applied."""
    connection.execute(
        update(parked_events)
        .where(parked_events.c.id == parked_id)
        .values(resolved_at=datetime.now(UTC))
    )


def failed_again(connection: Connection, parked_id: int, error: BaseException) -> None:
    """Count one more failed attempt of a parked event, with its newest error."""
    connection.execute(
        update(parked_events)
        .where(parked_events.c.id == parked_id)
        .values(error=describe(error), attempts=parked_events.c.attempts + 1)
    )


def parked_count(engine: Engine | Connection, follower: str | None = None) -> int:
    """How many parked events are unresolved (of one follower, or all)."""
    query = select(func.count()).select_from(parked_events)
    query = query.where(parked_events.c.resolved_at.is_(None))
    if follower is not None:
        query = query.where(parked_events.c.follower == follower)
    if isinstance(engine, Connection):
        return int(engine.execute(query).scalar() or 0)
    with engine.connect() as connection:
        return int(connection.execute(query).scalar() or 0)


def list_parked(
    engine: Engine | Connection,
    follower: str | None = None,
    unresolved: bool = True,
    notification_ids: Iterable[int] | None = None,
) -> list[Parked]:
    """Parked events, oldest position first (unresolved ones only by default)."""
    query = select(parked_events).order_by(
        parked_events.c.follower, parked_events.c.notification_id
    )
    if unresolved:
        query = query.where(parked_events.c.resolved_at.is_(None))
    if follower is not None:
        query = query.where(parked_events.c.follower == follower)
    if notification_ids is not None:
        query = query.where(parked_events.c.notification_id.in_(list(notification_ids)))
    if isinstance(engine, Connection):
        found = engine.execute(query).all()
    else:
        with engine.connect() as connection:
            found = connection.execute(query).all()
    return [Parked(**row._mapping) for row in found]


def last_resolved(connection: Connection, follower: str) -> datetime | None:
    """When an event of follower was last applied by a retry (None: never)."""
    return connection.execute(
        select(func.max(parked_events.c.resolved_at)).where(
            parked_events.c.follower == follower
        )
    ).scalar()
