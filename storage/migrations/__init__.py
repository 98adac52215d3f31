"""Alembic migrations of the tables that are kept rather than rebuilt from the log.

Sessions, tokens, throttling, exports, attachments, notifications, followers'
positions, parked events and the relay's and accounting consumer's state cannot be
replayed from the event log, so their shape changes by migration. The read-model
tables are rebuilt instead (projections/upgrade.py). The configuration is made
here in code; no alembic.ini is read.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, MetaData, inspect, text

log = logging.getLogger("ledgerdesk.migrations")

HERE = Path(__file__).resolve().parent
BASELINE = "0001_baseline"
"""The tables as the release before migrations made them."""

BASELINE_TABLES = (
    # Sign-ins, throttling, exports, uploads and notifications: made by requests,
    # not by events, so a replay cannot bring them back.
    "api_sessions",
    "api_refresh_tokens",
    "api_login_failures",
    "api_exports",
    "api_attachments",
    "api_notifications",
    # The follower's position: its rows are swapped in with a rebuilt read model,
    # its shape is migrated like any kept table.
    "projection_tracking",
    # What was published to Kafka: rebuilding it would publish everything again.
    "relay_tracking",
    # What the accounting consumer received from Kafka and where it stopped: the
    # downstream system's own record, not a projection of our log.
    "accounting_ledger",
    "accounting_offsets",
)
MIGRATION_LOCK = 0x6C64_6D69
"""PostgreSQL advisory lock: processes starting together migrate one at a time."""


def config(connection: Any = None) -> Config:
    """The Alembic configuration, optionally bound to an open connection."""
    settings = Config()
    settings.set_main_option("script_location", str(HERE))
    settings.set_main_option("path_separator", "os")
    # A revision's id already carries its number and slug: the file is named so.
    settings.set_main_option("file_template", "%%(rev)s")
    settings.attributes["connection"] = connection
    return settings


def head() -> str:
    """The newest revision this release knows."""
    revision = ScriptDirectory.from_config(config()).get_current_head()
    assert revision is not None
    return revision


def current(engine: Engine) -> str | None:
    """The revision a database is at (None: never migrated)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def migrate(engine: Engine, revision: str = "head") -> None:
    """Upgrade the kept tables, in one transaction where the database allows.

    A database made before migrations has some of the baseline tables and no
    alembic_version: the baseline creates only those missing (relay and accounting
    tables appear on first use), which stamps it there, then the rest applies.
    """
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(
                text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK}
            )
        tables = set(inspect(connection).get_table_names())
        if "alembic_version" not in tables and tables & set(BASELINE_TABLES):
            log.info("stamping a database made before migrations at %s", BASELINE)
        command.upgrade(config(connection), revision)


def differences(engine: Engine) -> list[Any]:
    """How the kept tables in a database differ from their definitions."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        context = MigrationContext.configure(
            connection,
            opts={"include_object": include_object, "compare_type": True},
        )
        return list(compare_metadata(context, target_metadata()))


def write_revision(engine: Engine, message: str) -> Path | None:
    """Write the next revision from the definitions' differences (None: none)."""
    if not differences(engine):
        return None
    number = int(head().split("_", 1)[0]) + 1
    slug = re.sub(r"\W+", "_", message.lower()).strip("_")[:40]
    with engine.begin() as connection:
        settings = config(connection)
        settings.attributes["autogenerate"] = True
        script = command.revision(
            settings, message, autogenerate=True, rev_id=f"{number:04d}_{slug}"
        )
    assert script is not None and not isinstance(script, list)
    return Path(script.path)


def target_metadata() -> MetaData:
    """The definitions of the migrated tables, to compare and autogenerate against."""
    # Every module that registers a kept table is imported so its table is known.
    import inbound.tables  # noqa: F401
    import projections.parked  # noqa: F401
    import projections.schema  # noqa: F401
    import storage.tables  # noqa: F401
    from outbound import accounting, mail_outbox, relay
    from projections import tables

    merged = MetaData()
    for source in (
        tables.metadata,
        relay.metadata,
        accounting.metadata,
        mail_outbox.metadata,
    ):
        for table in source.tables.values():
            table.to_metadata(merged)
    return merged


def include_object(
    item: Any, name: str | None, kind: str, reflected: bool, compare_to: Any
) -> bool:
    """Only the migrated tables: not the read model, not the event store's."""
    from projections.schema import VERSIONED_TABLES
    from projections.search_index import FTS

    if kind != "table":
        table = getattr(item, "table", None)
        name = getattr(table, "name", name)
    if name in {table.name for table in VERSIONED_TABLES}:
        return False
    if name and (name == FTS or name.startswith(f"{FTS}_")):
        return False  # SQLite's FTS5 search table and its shadows: read model
    if reflected and compare_to is None and kind == "table":
        return name not in EVENT_STORE_TABLES
    return True


EVENT_STORE_TABLES = tuple(
    f"{prefix}_{kind}"
    for prefix in ("stored", "ledgerdesk")
    for kind in ("events", "snapshots", "tracking")
)
"""Tables the eventsourcing library makes and owns (named for the application on
PostgreSQL)."""
