"""Creating the tables: kept ones by migration, read-model ones by their version.

The read-model tables carry a version: a hash of their definitions (and of
READ_MODEL_REVISION), kept in `read_model_schema`. When a release changes them,
start-up rebuilds the read model from the log (projections/upgrade.py).
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

from sqlalchemy import (
    Column,
    DateTime,
    Engine,
    String,
    Table,
    inspect,
    select,
)
from sqlalchemy.dialects import sqlite
from sqlalchemy.engine import Connection
from sqlalchemy.schema import CreateIndex, CreateTable

from projections.tables import READ_MODEL_TABLES, metadata, tracking
from storage.migrations import migrate

READ_MODEL_REVISION = 2
"""Raise it when handlers change what the rows hold without changing a table, so
the next start-up rebuilds the read model."""

VERSIONED_TABLES = tuple(table for table in READ_MODEL_TABLES if table is not tracking)
"""The tables whose shape the version covers. The follower's position is swapped
in with them by a rebuild, but its shape, like every kept table's, is migrated."""

read_model_schema = Table(
    "read_model_schema",
    metadata,
    Column("name", String(40), primary_key=True),
    Column("version", String(64), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)
"""The version of the read-model tables the database holds (one row)."""

READ_MODEL = "read_model"


def read_model_version() -> str:
    """The hash of the read-model tables' definitions in this release."""
    dialect = sqlite.dialect()
    parts = [f"revision {READ_MODEL_REVISION}"]
    for table in sorted(VERSIONED_TABLES, key=lambda table: table.name):
        parts.append(str(CreateTable(table).compile(dialect=dialect)))
        for index in sorted(table.indexes, key=lambda index: str(index.name)):
            parts.append(str(CreateIndex(index).compile(dialect=dialect)))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def stored_version(connection: Connection) -> str | None:
    """The read-model version the database holds (None: not recorded)."""
    query = select(read_model_schema.c.version).where(
        read_model_schema.c.name == READ_MODEL
    )
    return connection.execute(query).scalar_one_or_none()


def store_version(connection: Connection, version: str | None = None) -> None:
    """Record that the read-model tables match this release's definitions."""
    connection.execute(
        read_model_schema.delete().where(read_model_schema.c.name == READ_MODEL)
    )
    connection.execute(
        read_model_schema.insert().values(
            name=READ_MODEL,
            version=version or read_model_version(),
            updated_at=datetime.now(UTC),
        )
    )


def create_tables(engine: Engine) -> None:
    """Migrate the kept tables and create the read-model tables missing.

    The version is recorded only when the read model was created here; existing
    tables are checked, and rebuilt if need be, at start-up.
    """
    migrate(engine)
    with engine.begin() as connection:
        existing = set(inspect(connection).get_table_names())
        fresh = not existing & {table.name for table in VERSIONED_TABLES}
        metadata.create_all(connection, tables=list(READ_MODEL_TABLES))
        if fresh:
            store_version(connection)
