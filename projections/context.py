"""What a handler gets: the event, and the batch it is applied in.

Rows of the busiest tables live in a write-behind cache that a follower keeps
from batch to batch: a handler reads and changes them in memory, and the batch
writes new rows in bulk (COPY on PostgreSQL) and changed ones with one
executemany per table at its end. A handler that reaches for the raw
connection first has everything written, so direct SQL sees every earlier
event; direct SQL that updates or deletes rows of a cached table empties the
cache, so nothing cached can be stale after it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from functools import cache
from operator import itemgetter
from types import MappingProxyType
from typing import Any

from sqlalchemy import (
    JSON,
    Connection,
    Delete,
    Table,
    Update,
    and_,
    bindparam,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql import Executable

from projections import tables as t

CACHED = (t.aggregates, t.tickets, t.messages, t.search_documents)
MAX_CACHED_ROWS = 200_000
"""Beyond this many rows the cache is emptied after a batch (all are written)."""

NEW, CHANGED, CLEAN = 0, 1, 2


@cache
def _insert(table: Table) -> Executable:
    return insert(table)


@cache
def _key_columns(table: Table) -> tuple[str, ...]:
    return tuple(column.name for column in table.primary_key.columns)


@cache
def _where(table: Table) -> object:
    return and_(
        *(table.c[name] == bindparam(f"k_{name}") for name in _key_columns(table))
    )


@cache
def _update(table: Table) -> Executable:
    return update(table).where(_where(table))  # type: ignore[arg-type]


@cache
def _select(table: Table) -> Executable:
    return select(table).where(_where(table))  # type: ignore[arg-type]


@cache
def _json_columns(table: Table) -> frozenset[str]:
    return frozenset(c.name for c in table.columns if isinstance(c.type, JSON))


_COUNTS = t.ticket_counts


@cache
def _bump_or_insert(dialect: str) -> Executable:
    """Add to a ticket_counts bucket, creating it (with its dimensions) if new."""
    upsert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = upsert(_COUNTS)
    return statement.on_conflict_do_update(
        index_elements=[_COUNTS.c.tenant_id, _COUNTS.c.bucket],
        set_={"n": _COUNTS.c.n + statement.excluded.n},
    )


def _primary_key(table: Table, row: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(row.get(name) for name in _key_columns(table))


class RowCache:
    """Rows of the CACHED tables by primary key, each new, changed or clean.

    An entry is [row, state]; the new and changed ones are also listed as
    pending, so writing them costs what was done, not what is cached.
    """

    def __init__(self) -> None:
        self.tables: dict[Table, dict[tuple[Any, ...], list[Any]]] = {
            table: {} for table in CACHED
        }
        self.pending: dict[Table, list[list[Any]]] = {table: [] for table in CACHED}
        self.models: dict[str, str | None] = {}
        self.merged: dict[str, dict[str, str]] = {}
        """Per tenant, each merged company's id and the company it went into."""
        self.names: dict[tuple[str, str], str] = {}
        """Display names of users, companies and locations (a handler that
        changes one forgets it), so a batch of one new ticket reads none."""
        self.kept: dict[str, Any] = {}
        """What a handler keeps from batch to batch (the SLA lists), forgotten
        with everything else."""
        self.position: int | None = None
        self.settling = False
        """Whether the cache is writing its own rows on the batch's connection
        (projections/write_behind.py): statements that change nothing it holds."""

    def __len__(self) -> int:
        return sum(len(rows) for rows in self.tables.values())

    def put(self, table: Table, key: tuple[Any, ...], row: dict[str, Any]) -> None:
        """Cache a new row, to be inserted."""
        entry = [row, NEW]
        self.tables[table][key] = entry
        self.pending[table].append(entry)

    def touch(self, table: Table, entry: list[Any]) -> None:
        """Note that a cached row changed, to be updated unless it is new."""
        if entry[1] == CLEAN:
            entry[1] = CHANGED
            self.pending[table].append(entry)

    def clear(self) -> None:
        """Forget every written row (direct SQL may have changed them)."""
        for table, rows in self.tables.items():
            if self.pending[table]:
                raise RuntimeError("unwritten rows would be lost")
            rows.clear()

    def reset(self) -> None:
        """Forget everything: after a rollback, or when another follower wrote."""
        for table, rows in self.tables.items():
            rows.clear()
            self.pending[table].clear()
        self.models.clear()
        self.merged.clear()
        self.names.clear()
        self.kept.clear()
        self.position = None

    def write(self, connection: Connection) -> None:
        """Write new and changed rows; afterwards every cached row is clean."""
        write_taken(connection, self.take())

    def take(self) -> list[Taken]:
        """The new and changed rows as they are now, each then marked clean."""
        taken = []
        for table, pending in self.pending.items():
            if not pending:
                continue
            new = [row for row, state in pending if state == NEW]
            changed = [row for row, state in pending if state == CHANGED]
            taken.append(Taken(table, new, changed))
            for entry in pending:
                entry[1] = CLEAN
            pending.clear()
        return taken


class Taken:
    """One table's rows to write, as they were when taken from the cache.

    Rows to COPY are made into lines at once, and changed rows into the
    statement's parameters, so later changes to the cached rows (applied while
    another connection writes these) cannot show in them.
    """

    __slots__ = ("table", "new", "lines", "changed")

    def __init__(
        self, table: Table, new: list[dict[str, Any]], changed: list[dict[str, Any]]
    ) -> None:
        self.table = table
        self.new = new
        self.lines: list[Any] = []
        self.changed: list[dict[str, Any]] = []
        if changed:
            keys = _key_columns(table)
            values = [c.name for c in table.columns if c.name not in keys]
            self.changed = [
                {
                    **{name: row.get(name) for name in values},
                    **{f"k_{name}": row[name] for name in keys},
                }
                for row in changed
            ]

    def lines_for_copy(self) -> None:
        """Make the new rows into COPY lines now (see the class)."""
        self.lines = _copy_lines(self.table, self.new)
        self.new = []


def write_taken(connection: Connection, taken: list[Taken]) -> None:
    """Insert the new rows and update the changed ones, table by table."""
    for rows in taken:
        if rows.new:
            _insert_rows(connection, rows.table, rows.new)
        if rows.lines:
            _copy(connection, rows.table, rows.lines)
        if rows.changed:
            connection.execute(_update(rows.table), rows.changed)


def _insert_rows(
    connection: Connection, table: Table, rows: list[dict[str, Any]]
) -> None:
    """Insert whole rows (see `blank`): COPY on PostgreSQL, executemany elsewhere."""
    if connection.dialect.name != "postgresql":
        connection.execute(_insert(table), rows)
        return
    _copy(connection, table, _copy_lines(table, rows))


def _copy_lines(table: Table, rows: list[dict[str, Any]]) -> list[Any]:
    """The rows' values in column order, JSON columns as their text."""
    values, json_positions = _copy_plan(table)
    if not json_positions:
        return [values(row) for row in rows]
    lines = []
    for row in rows:
        line = list(values(row))
        for i in json_positions:
            line[i] = _json_text(line[i])
        lines.append(line)
    return lines


def _copy(connection: Connection, table: Table, lines: list[Any]) -> None:
    schema = connection.get_execution_options().get("schema_translate_map", {})
    qualified = f'"{schema[None]}"."{table.name}"' if schema.get(None) else table.name
    names = ", ".join(f'"{c.name}"' for c in table.columns)
    cursor = connection.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    with cursor.copy(f"COPY {qualified} ({names}) FROM STDIN") as copy:
        write = copy.write_row
        for line in lines:
            write(line)


_EMPTY_JSON: dict[type, str] = {list: "[]", dict: "{}"}


def _json_text(value: Any) -> str:
    """A JSON column's text; None is JSON null, as SQLAlchemy's JSON type has it."""
    if not value and type(value) in _EMPTY_JSON:
        return _EMPTY_JSON[type(value)]
    return json.dumps(value)


@cache
def _copy_plan(table: Table) -> tuple[Any, tuple[int, ...]]:
    """A row's values in column order, and where the JSON columns are."""
    columns = [c.name for c in table.columns]
    json_positions = tuple(
        i for i, c in enumerate(table.columns) if isinstance(c.type, JSON)
    )
    return itemgetter(*columns), json_positions


@cache
def _blank(table: Table) -> dict[str, Any]:
    return {
        c.name: getattr(c.default, "arg", None)
        if c.default is not None and c.default.is_scalar
        else None
        for c in table.columns
    }


def blank(table: Table) -> dict[str, Any]:
    """A row with every column, at its default or None, to fill in."""
    return dict(_blank(table))


class Batch:
    """One transaction's worth of events, over the follower's row cache."""

    def __init__(self, connection: Connection, rows: RowCache | None = None) -> None:
        self.raw = connection
        self.rows = rows if rows is not None else RowCache()
        self.names = self.rows.names
        self.models = self.rows.models
        self.counts: dict[tuple[str, str], tuple[dict[str, Any], int]] = {}
        self.merged = self.rows.merged
        self.writing = False
        event.listen(connection, "before_execute", self._watch)

    def _watch(self, _connection: Any, clause: Any, *_: Any) -> None:
        """Direct SQL that changes rows of a cached table makes the cache stale."""
        if (
            not self.writing
            and not self.rows.settling
            and isinstance(clause, Update | Delete)
            and clause.table in self.rows.tables
        ):
            self.flush()
            self.rows.clear()

    def close(self) -> None:
        """Stop watching the connection."""
        event.remove(self.raw, "before_execute", self._watch)

    def flush(self) -> None:
        """Write the cached rows and the count changes."""
        self.writing = True
        try:
            self.rows.write(self.raw)
            self._write_counts()
        finally:
            self.writing = False

    def _write_counts(self) -> None:
        # zero-delta buckets are written too, so that a bucket exists once
        # touched, however the events fell into batches
        if not self.counts:
            return
        # one statement, not a read of the existing buckets and then two writes:
        # a new ticket's batch pays one round trip for its count
        self.raw.execute(
            _bump_or_insert(self.raw.dialect.name),
            [
                {"tenant_id": tenant_id, "bucket": key, "n": delta, **dims}
                for (tenant_id, key), (dims, delta) in self.counts.items()
            ],
        )
        self.counts.clear()

    def count(self, tenant_id: str, key: str, dims: dict[str, Any], delta: int) -> None:
        """Add delta to a ticket_counts bucket, written at the next flush."""
        _, current = self.counts.get((tenant_id, key), (dims, 0))
        self.counts[(tenant_id, key)] = (dims, current + delta)


_NAMED = {
    "user": (t.users, t.users.c.full_name),
    "company": (t.companies, t.companies.c.name),
    "location": (t.locations, t.locations.c.name),
}


class Apply:
    """One event being applied inside its batch."""

    __slots__ = ("batch", "event", "names", "models", "tenant_id", "aggregate_id")

    def __init__(self, batch: Batch, event: Any) -> None:
        self.batch = batch
        self.event = event
        self.names = batch.names
        self.models = batch.models
        self.tenant_id = str(event.tenant_id)
        self.aggregate_id = str(event.originator_id)

    @property
    def connection(self) -> Connection:
        """The batch's connection, with everything so far written."""
        self.batch.flush()
        return self.batch.raw

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

    def _cached(self, table: Table, row_id: str | None) -> list[Any] | None:
        rows = self.batch.rows.tables.get(table)
        if rows is None:
            return None
        entry = rows.get((self.tenant_id, row_id or self.aggregate_id))
        if entry is None:
            entry = self._load(table, rows, row_id or self.aggregate_id)
        return entry

    def _load(
        self, table: Table, rows: dict[tuple[Any, ...], list[Any]], row_id: str
    ) -> list[Any] | None:
        params = {"k_tenant_id": self.tenant_id, "k_id": row_id}
        found = self.batch.raw.execute(_select(table), params).first()
        if found is None:
            return None
        entry = [dict(found._mapping), CLEAN]
        rows[(self.tenant_id, row_id)] = entry
        return entry

    def merges(self) -> dict[str, str]:
        """This tenant's merged companies and where each went, read once and kept."""
        found = self.batch.merged.get(self.tenant_id)
        if found is None:
            c = t.companies
            found = {
                row.id: row.merged_into
                for row in self.batch.raw.execute(
                    select(c.c.id, c.c.merged_into).where(
                        and_(
                            c.c.tenant_id == self.tenant_id,
                            c.c.merged_into.isnot(None),
                        )
                    )
                )
            }
            self.batch.merged[self.tenant_id] = found
        return found

    def survivor(self, company_id: str | None) -> str | None:
        """The company a record of company_id belongs to now, following merges."""
        if not company_id:
            return company_id
        merges = self.merges()
        seen: set[str] = set()
        while company_id in merges and company_id not in seen:
            seen.add(company_id)
            company_id = merges[company_id]
        return company_id

    def _followed(self, values: dict[str, Any]) -> None:
        """A record written after its company merged joins the survivor too."""
        if values.get("company_id"):
            values["company_id"] = self.survivor(values["company_id"])
        if values.get("company_ids"):
            values["company_ids"] = list(
                dict.fromkeys(self.survivor(i) for i in values["company_ids"])
            )

    def insert(self, table: Table, **values: Any) -> None:
        """Insert a row of this tenant (cached for the busiest tables)."""
        self._followed(values)
        rows = self.batch.rows.tables.get(table)
        if rows is None:
            self.batch.raw.execute(
                _insert(table), {"tenant_id": self.tenant_id, **values}
            )
            return
        row = blank(table)
        row.update(values)
        row["tenant_id"] = self.tenant_id
        self.batch.rows.put(table, _primary_key(table, row), row)

    def update(
        self, table: Table, row_id: str | None = None, touch: bool = True, **values: Any
    ) -> None:
        """Update this aggregate's row (or another), stamping time and version."""
        if touch:
            values.setdefault("updated_at", self.at)
            values.setdefault("version", self.version)
        if not values:
            return
        self._followed(values)
        if table in self.batch.rows.tables and len(_key_columns(table)) == 2:
            entry = self._cached(table, row_id)
            if entry is not None:
                entry[0].update(values)
                self.batch.rows.touch(table, entry)
            return
        params = {"k_tenant_id": self.tenant_id, "k_id": row_id or self.aggregate_id}
        self.batch.raw.execute(_update(table), {**params, **values})

    def peek(self, table: Table, row_id: str | None = None) -> Mapping[str, Any] | None:
        """One row of this tenant to read, not to change (no copy is made)."""
        if table in self.batch.rows.tables and len(_key_columns(table)) == 2:
            entry = self._cached(table, row_id)
            return MappingProxyType(entry[0]) if entry is not None else None
        return self.row(table, row_id)

    def row(self, table: Table, row_id: str | None = None) -> dict[str, Any] | None:
        """One row of this tenant as a dict, or None."""
        if table in self.batch.rows.tables and len(_key_columns(table)) == 2:
            entry = self._cached(table, row_id)
            return dict(entry[0]) if entry is not None else None
        params = {"k_tenant_id": self.tenant_id, "k_id": row_id or self.aggregate_id}
        found = self.batch.raw.execute(_select(table), params).first()
        return dict(found._mapping) if found else None

    def register(self, model: str, reference: str | None = None) -> None:
        """Remember which model an aggregate is, for events shared by several."""
        self.models[self.aggregate_id] = model
        self.insert(
            t.aggregates,
            id=self.aggregate_id,
            model=model,
            reference=reference,
            created_at=self.at,
        )

    def model(self) -> str | None:
        """The model of the aggregate the event belongs to."""
        if self.aggregate_id not in self.models:
            found = self.batch.raw.execute(
                select(t.aggregates.c.model).where(
                    t.aggregates.c.id == self.aggregate_id
                )
            ).scalar()
            if found is None:  # registered in this batch, not yet written
                self.batch.flush()
                found = self.batch.raw.execute(
                    select(t.aggregates.c.model).where(
                        t.aggregates.c.id == self.aggregate_id
                    )
                ).scalar()
            self.models[self.aggregate_id] = found
        return self.models[self.aggregate_id]

    def name_of(self, kind: str, row_id: str | None) -> str | None:
        """The display name of a user, company or location, kept across batches."""
        if not row_id:
            return None
        if kind == "company":
            row_id = self.survivor(row_id) or row_id
        cache_key = (kind, row_id)
        found = self.names.get(cache_key)
        if found is None:
            table, column = _NAMED[kind]
            found = self.batch.raw.execute(
                select(column).where(self.key(table, row_id))
            ).scalar()
            if found is not None:  # one not yet there is asked for again
                self.names[cache_key] = found
        return found

    def forget(self, kind: str, row_id: str) -> None:
        """Drop a cached name after it changed."""
        self.names.pop((kind, row_id), None)
