"""Bringing a database up to this release at start-up.

The kept tables are migrated; the read model, when this release defines its
tables differently from the version the database records, is rebuilt from the
log into fresh tables and switched over. Stored events are never edited: a
changed event shape is upcast as it is read (docs/schema-evolution.md).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, MetaData, inspect, text

from domain.application import Ledgerdesk
from projections import search_index
from projections.rebuild import rebuild
from projections.schema import (
    VERSIONED_TABLES,
    create_tables,
    read_model_schema,
    read_model_version,
    store_version,
    stored_version,
)

log = logging.getLogger("ledgerdesk.upgrade")

STARTUP_LOCK = 0x6C64_7570
"""PostgreSQL advisory lock: one starting process migrates and rebuilds."""


@contextmanager
def _sole_upgrade(engine: Engine) -> Iterator[None]:
    """Hold the start-up lock on PostgreSQL (SQLite serves one machine)."""
    if engine.dialect.name != "postgresql":
        yield
        return
    with engine.connect() as connection:
        connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": STARTUP_LOCK})
        connection.commit()
        try:
            yield
        finally:
            connection.execute(
                text("SELECT pg_advisory_unlock(:key)"), {"key": STARTUP_LOCK}
            )
            connection.commit()


def read_model_differences(engine: Engine) -> list[object]:
    """How the read-model tables in the database differ from this release's."""
    names = {table.name for table in VERSIONED_TABLES}
    wanted = MetaData()
    for table in VERSIONED_TABLES:
        table.to_metadata(wanted)

    def only_read_model(item, name, kind, reflected, compare_to):  # type: ignore[no-untyped-def]
        table = item if kind == "table" else getattr(item, "table", None)
        if kind in ("column", "index") and name in search_index.INSTALLED:
            return False  # the search index's own structures (search_index.py)
        return getattr(table, "name", name) in names

    with engine.connect() as connection:
        context = MigrationContext.configure(
            connection,
            opts={"include_object": only_read_model, "compare_type": True},
        )
        return list(compare_metadata(context, wanted))


def read_model_current(engine: Engine) -> bool:
    """Whether the database records this release's read-model version."""
    with engine.connect() as connection:
        if not inspect(connection).has_table(read_model_schema.name):
            return False
        return stored_version(connection) == read_model_version()


def prepare(app: Ledgerdesk, engine: Engine) -> bool:
    """Migrate, and rebuild the read model if its tables changed (answers True)."""
    with _sole_upgrade(engine):
        create_tables(engine)
        with engine.connect() as connection:
            stored = stored_version(connection)
        if stored == read_model_version():
            return False
        if stored is None:
            # Made before versions were kept: tables that already match this
            # release are recorded as they are, the rest is rebuilt.
            differences = read_model_differences(engine)
            if not differences:
                with engine.begin() as connection:
                    store_version(connection)
                return False
            log.info("read model differs from this release: %s", differences[:5])
        log.info("rebuilding the read model for this release's tables")
        rebuild(app, engine)
        return True
