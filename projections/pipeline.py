"""A small batch's writes in one round trip: a psycopg pipeline on PostgreSQL.

A write waits for the read model to show its own event, so a new ticket's
batch (a ticket, a message, their two search documents, a count and the
position) is on every create's path. Written one table at a time it costs a
COPY each (two round trips), the count's upsert and the position's move: nine
round trips, each a switch between this process and the server on a busy
machine. In a pipeline the same statements go out together and their answers
come back together, at the end, with the same transaction and the same
failure: a statement that fails fails the batch, which rolls back.

Large batches (a rebuild, a catch-up after downtime) keep the COPY, which is
cheaper per row than an INSERT once there are many.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any, cast

import psycopg
from sqlalchemy import Connection, Table
from sqlalchemy.engine import Compiled, Dialect
from sqlalchemy.sql import ClauseElement, Executable

from projections.context import (
    Batch,
    _bump_or_insert,
    _copy_plan,
    _json_text,
    _key_columns,
    _update,
)

PIPELINED_ROWS = 64
"""A batch writing at most this many rows and buckets goes in one pipeline."""


Step = tuple[Executable, dict[str, Any]]
"""A statement and its values: built once, compiled once, sent with new values."""


def flush(batch: Batch, then: Sequence[Step] = ()) -> list[Any]:
    """Write the batch (as Batch.flush does), then run `then` in order.

    Answers, per statement of `then`, the first column of its first row (None
    for a statement that returns no rows).
    """
    connection = batch.raw
    if not _pipelines(connection) or not _small(batch):
        batch.flush()
        results = [connection.execute(statement, values) for statement, values in then]
        return [r.scalar() if r.returns_rows else None for r in results]
    batch.writing = True
    try:
        return _pipelined(connection, batch, then)
    finally:
        batch.writing = False


def scalar(
    connection: Connection, statement: Executable, values: dict[str, Any]
) -> Any:
    """The first column of statement's first row (or None).

    On PostgreSQL, as a transaction's first statement, it goes out in a
    pipeline with the transaction's BEGIN: one round trip instead of two.
    """
    if not _pipelines(connection):
        return connection.execute(statement, values).scalar()
    raw = _raw(connection)
    sql, compiled = _compiled(statement, connection.dialect)
    with raw.pipeline():
        cursor = raw.cursor()
        cursor.execute(sql, compiled.construct_params(values))
    return _first(cursor)


def _pipelines(connection: Connection) -> bool:
    if connection.dialect.name != "postgresql":
        return False
    # a rebuild's staging schema: large batches, COPY
    return not connection.get_execution_options().get("schema_translate_map")


def _small(batch: Batch) -> bool:
    pending = sum(len(entries) for entries in batch.rows.pending.values())
    return pending + len(batch.counts) <= PIPELINED_ROWS


def _raw(connection: Connection) -> psycopg.Connection[Any]:
    return cast(psycopg.Connection[Any], connection.connection.dbapi_connection)


def _pipelined(connection: Connection, batch: Batch, then: Sequence[Step]) -> list[Any]:
    dialect = connection.dialect
    raw = _raw(connection)
    answers = []
    with raw.pipeline():
        cursor = raw.cursor()
        for rows in batch.rows.take():
            table = rows.table
            if rows.new:
                cursor.executemany(
                    _insert_sql(table), [_values(table, row) for row in rows.new]
                )
            if rows.changed:
                cursor.executemany(
                    _update_sql(table, dialect),
                    [_as_json(table, values) for values in rows.changed],
                )
        if batch.counts:
            buckets = [
                {"tenant_id": tenant_id, "bucket": key, "n": delta, **dims}
                for (tenant_id, key), (dims, delta) in batch.counts.items()
            ]
            for columns in {tuple(bucket) for bucket in buckets}:
                cursor.executemany(
                    _counts_sql(dialect, columns),
                    [bucket for bucket in buckets if tuple(bucket) == columns],
                )
            batch.counts.clear()
        for statement, values in then:
            sql, compiled = _compiled(statement, dialect)
            answer = raw.cursor()
            answer.execute(sql, compiled.construct_params(values))
            answers.append(answer)
    return [_first(answer) for answer in answers]


def _first(cursor: psycopg.Cursor[Any]) -> Any:
    if cursor.description is None:
        return None
    row = cursor.fetchone()
    return None if row is None else row[0]


@cache
def _insert_sql(table: Table) -> str:
    names = ", ".join(f'"{c.name}"' for c in table.columns)
    marks = ", ".join(["%s"] * len(table.columns))
    return f'INSERT INTO "{table.name}" ({names}) VALUES ({marks})'


def _values(table: Table, row: dict[str, Any]) -> list[Any]:
    values, json_positions = _copy_plan(table)
    line = list(values(row))
    for i in json_positions:
        line[i] = _json_text(line[i])
    return line


@cache
def _update_sql(table: Table, dialect: Dialect) -> str:
    keys = _key_columns(table)
    columns = [c.name for c in table.columns if c.name not in keys]
    return str(_compile(_update(table), dialect, columns))


@cache
def _json_names(table: Table) -> frozenset[str]:
    _, json_positions = _copy_plan(table)
    return frozenset(table.columns[i].name for i in json_positions)


def _as_json(table: Table, values: dict[str, Any]) -> dict[str, Any]:
    """A changed row's parameters (Taken.changed) with its JSON columns as text."""
    for name in _json_names(table):
        if name in values:
            values[name] = _json_text(values[name])
    return values


@cache
def _counts_sql(dialect: Dialect, columns: tuple[str, ...]) -> str:
    return str(_compile(_bump_or_insert("postgresql"), dialect, columns))


@lru_cache(maxsize=256)
def _compiled(statement: Executable, dialect: Dialect) -> tuple[str, Compiled]:
    compiled = _compile(statement, dialect)
    return str(compiled), compiled


def _compile(
    statement: Executable, dialect: Dialect, columns: Sequence[str] | None = None
) -> Compiled:
    keys = None if columns is None else list(columns)
    return cast(ClauseElement, statement).compile(dialect=dialect, column_keys=keys)
