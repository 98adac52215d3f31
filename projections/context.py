"""What a handler gets: the event, and the batch it is applied in.

The batch buffers new rows of the busiest tables and ticket count changes in
memory and writes them with one executemany per table at its end. Any handler
that reaches for the raw connection flushes the buffer first, so direct SQL
always sees every earlier event of the batch.
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import Connection, Table, and_, bindparam, insert, select, update
from sqlalchemy.sql import Executable

from projections import tables as t

BUFFERED = (t.aggregates, t.tickets, t.messages)


@cache
def _insert(table: Table) -> Executable:
    return insert(table)


@cache
def _where(table: Table) -> object:
    return and_(
        table.c.tenant_id == bindparam("k_tenant"), table.c.id == bindparam("k_id")
    )


@cache
def _update(table: Table) -> Executable:
    return update(table).where(_where(table))  # type: ignore[arg-type]


@cache
def _select(table: Table) -> Executable:
    return select(table).where(_where(table))  # type: ignore[arg-type]


_COUNTS = t.ticket_counts
_BUMP = (
    update(_COUNTS)
    .where(
        and_(
            _COUNTS.c.tenant_id == bindparam("k_tenant"),
            _COUNTS.c.bucket == bindparam("k"),
        )
    )
    .values(n=_COUNTS.c.n + bindparam("delta"))
)


def _primary_key(table: Table, row: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(row.get(column.name) for column in table.primary_key.columns)


class Batch:
    """One transaction's worth of events, with its write-behind buffer and caches."""

    def __init__(self, connection: Connection) -> None:
        self.raw = connection
        self.names: dict[tuple[str, str], str | None] = {}
        self.models: dict[str, str | None] = {}
        self.pending: dict[Table, dict[tuple[Any, ...], dict[str, Any]]] = {
            table: {} for table in BUFFERED
        }
        self.counts: dict[tuple[str, str], tuple[dict[str, Any], int]] = {}

    def flush(self) -> None:
        """Write the buffered rows and count changes."""
        for table, rows in self.pending.items():
            if rows:
                columns = [c.name for c in table.columns]
                self.raw.execute(
                    _insert(table),
                    [{c: row.get(c) for c in columns} for row in rows.values()],
                )
                rows.clear()
        for (tenant_id, key), (dims, delta) in self.counts.items():
            # zero-delta buckets are written too, so that a bucket exists once
            # touched, however the events fell into batches
            params = {"k_tenant": tenant_id, "k": key, "delta": delta}
            if not self.raw.execute(_BUMP, params).rowcount:
                self.raw.execute(
                    _insert(_COUNTS),
                    {"tenant_id": tenant_id, "bucket": key, "n": delta, **dims},
                )
        self.counts.clear()

    def count(self, tenant_id: str, key: str, dims: dict[str, Any], delta: int) -> None:
        """Add delta to a ticket_counts bucket, written at the next flush."""
        _, current = self.counts.get((tenant_id, key), (dims, 0))
        self.counts[(tenant_id, key)] = (dims, current + delta)


class Apply:
    """One event being applied inside its batch."""

    def __init__(self, batch: Batch, event: Any) -> None:
        self.batch = batch
        self.event = event
        self.names = batch.names
        self.models = batch.models

    @property
    def connection(self) -> Connection:
        """The batch's connection, after writing everything buffered so far."""
        self.batch.flush()
        return self.batch.raw

    @property
    def tenant_id(self) -> str:
        return str(self.event.tenant_id)

    @property
    def aggregate_id(self) -> str:
        return str(self.event.originator_id)

    @property
    def at(self) -> datetime:
        return self.event.timestamp  # type: ignore[no-any-return]

    @property
    def version(self) -> int:
        return int(self.event.originator_version)

    def key(self, table: Table, row_id: str | None = None) -> Any:
        """The WHERE clause for one row of a tenant's table."""
        return and_(
            table.c.tenant_id == self.tenant_id,
            table.c.id == (row_id or self.aggregate_id),
        )

    def _pending(self, table: Table, row_id: str | None) -> dict[str, Any] | None:
        rows = self.batch.pending.get(table)
        if not rows:
            return None
        return rows.get((self.tenant_id, row_id or self.aggregate_id))

    def insert(self, table: Table, **values: Any) -> None:
        """Insert a row of this tenant (buffered for the busiest tables)."""
        row = {"tenant_id": self.tenant_id, **values}
        if table in self.batch.pending:
            self.batch.pending[table][_primary_key(table, row)] = row
        else:
            self.batch.raw.execute(_insert(table), row)

    def update(
        self, table: Table, row_id: str | None = None, touch: bool = True, **values: Any
    ) -> None:
        """Update this aggregate's row (or another), stamping time and version."""
        if touch:
            values.setdefault("updated_at", self.at)
            values.setdefault("version", self.version)
        if not values:
            return
        buffered = self._pending(table, row_id)
        if buffered is not None:
            buffered.update(values)
            return
        params = {"k_tenant": self.tenant_id, "k_id": row_id or self.aggregate_id}
        self.batch.raw.execute(_update(table), {**params, **values})

    def row(self, table: Table, row_id: str | None = None) -> dict[str, Any] | None:
        """One row of this tenant as a dict, or None."""
        buffered = self._pending(table, row_id)
        if buffered is not None:
            return dict(buffered)
        params = {"k_tenant": self.tenant_id, "k_id": row_id or self.aggregate_id}
        found = self.batch.raw.execute(_select(table), params).first()
        return dict(found._mapping) if found else None

    def register(self, model: str, reference: str | None = None) -> None:
        """Remember which model an aggregate is, for events shared by several."""
        self.models[self.aggregate_id] = model
        row = {
            "id": self.aggregate_id,
            "tenant_id": self.tenant_id,
            "model": model,
            "reference": reference,
            "created_at": self.at,
        }
        self.batch.pending[t.aggregates][_primary_key(t.aggregates, row)] = row

    def model(self) -> str | None:
        """The model of the aggregate the event belongs to."""
        if self.aggregate_id not in self.models:
            found = self.connection.execute(
                select(t.aggregates.c.model).where(
                    t.aggregates.c.id == self.aggregate_id
                )
            ).scalar()
            self.models[self.aggregate_id] = found
        return self.models[self.aggregate_id]

    def name_of(self, kind: str, row_id: str | None) -> str | None:
        """The display name of a user, company or location, cached for the batch."""
        if not row_id:
            return None
        cache_key = (kind, row_id)
        if cache_key not in self.names:
            table, column = {
                "user": (t.users, t.users.c.full_name),
                "company": (t.companies, t.companies.c.name),
                "location": (t.locations, t.locations.c.name),
            }[kind]
            self.names[cache_key] = self.batch.raw.execute(
                select(column).where(self.key(table, row_id))
            ).scalar()
        return self.names[cache_key]

    def forget(self, kind: str, row_id: str) -> None:
        """Drop a cached name after it changed."""
        self.names.pop((kind, row_id), None)
