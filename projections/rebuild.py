"""Replaying the whole log into fresh tables, then switching over.

The live tables keep answering while the new ones are built: on PostgreSQL in
a schema of their own, on SQLite in a file of their own. The new tables are
made from this release's definitions and loaded without their secondary
indexes, which are built afterwards in one sorted pass each (far cheaper than
keeping them up to date row by row), and analysed (on PostgreSQL vacuumed too),
so the planner knows them from the first query. The switch is one transaction
and records the read-model version, so a changed table is switched in whole.
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import Engine, Index, create_engine, event, text
from sqlalchemy.schema import CreateTable

from domain.application import Ledgerdesk
from projections import tables as t
from projections.follower import Follower
from projections.schema import create_tables, store_version
from projections.search_index import deferred, installed, prepared
from projections.tables import READ_MODEL_TABLES, metadata
from projections.write_behind import WriteBehind

STAGING_SCHEMA = "ledgerdesk_rebuild"
REBUILD_BATCH = 10_000
DEFERRED_INDEX_TABLES = (t.tickets, t.messages, t.aggregates)
"""Tables whose secondary indexes wait for the end of the load. No handler
looks their rows up by anything but the primary key, except renames and
merges, which are rare, so a scan then costs less than every insert paying."""
LARGEST = (t.tickets, t.search_documents, t.messages)
"""The tables whose indexes and statistics take longest to make."""
FINISHING_CONNECTIONS = 2
"""The connections the indexes are built and the tables analysed on at once
(the replay is over: both cores are free)."""


def _staging_engine(engine: Engine) -> tuple[Engine, str | None]:
    if engine.dialect.name == "sqlite":
        path = f"{engine.url.database}.rebuild"
        if os.path.exists(path):
            os.remove(path)
        staging = create_engine(f"sqlite:///{path}")

        @event.listens_for(staging, "connect")
        def _pragmas(connection, _record):  # type: ignore[no-untyped-def]
            # a crashed rebuild starts over, so the staging file need not survive one
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=MEMORY")
            cursor.execute("PRAGMA synchronous=OFF")
            cursor.close()

        return staging, path
    with engine.begin() as connection:
        connection.execute(text(f"DROP SCHEMA IF EXISTS {STAGING_SCHEMA} CASCADE"))
        connection.execute(text(f"CREATE SCHEMA {STAGING_SCHEMA}"))
    return engine.execution_options(schema_translate_map={None: STAGING_SCHEMA}), None


def _deferred_indexes() -> list[Index]:
    return [index for table in DEFERRED_INDEX_TABLES for index in table.indexes]


def _create_staging(staging: Engine) -> None:
    """The empty tables, without the indexes that are built after the load."""
    metadata.create_all(staging, tables=list(READ_MODEL_TABLES))
    with staging.begin() as connection:
        for index in _deferred_indexes():
            index.drop(connection)
        deferred(connection)  # the search indexes (GIN) too


def _finish_staging(staging: Engine) -> None:
    """Build the deferred indexes, then gather planner statistics.

    On PostgreSQL the tables are vacuumed as they are analysed: that marks every
    freshly loaded page all-visible (index-only scans work at once) and spares the
    first queries the work of setting the rows' hint bits. The replay is over and
    both cores free: the indexes are built, and the tables vacuumed, on
    FINISHING_CONNECTIONS connections at once, the largest first. On SQLite the
    rows are copied into the live file, where the indexes are built (see
    `_switch`).
    """
    if staging.dialect.name == "sqlite":
        return
    with staging.begin() as connection:
        search = prepared(connection)  # the search table's tsv column first

    def build(statement: Any) -> Callable[[], None]:
        def run() -> None:
            with staging.begin() as connection:
                if isinstance(statement, str):
                    connection.exec_driver_sql(statement)
                else:
                    statement.create(connection)

        return run

    autocommit = staging.execution_options(isolation_level="AUTOCOMMIT")

    def vacuum(name: str) -> Callable[[], None]:
        def run() -> None:
            with autocommit.connect() as connection:
                connection.exec_driver_sql(
                    f'VACUUM (ANALYZE) {STAGING_SCHEMA}."{name}"'
                )

        return run

    _in_parallel([build(item) for item in [*search, *_deferred_indexes()]])
    largest_first = sorted(READ_MODEL_TABLES, key=lambda table: table not in LARGEST)
    _in_parallel([vacuum(table.name) for table in largest_first])


def _in_parallel(jobs: list[Callable[[], None]]) -> None:
    """Run the jobs in order on FINISHING_CONNECTIONS threads; raise the first
    error once all have stopped."""
    with ThreadPoolExecutor(FINISHING_CONNECTIONS, "rebuild-finish") as pool:
        futures = [pool.submit(job) for job in jobs]
    for future in futures:
        future.result()


def _switch(engine: Engine, staging_path: str | None) -> None:
    names = [table.name for table in READ_MODEL_TABLES]
    if staging_path is not None:
        _switch_sqlite(engine, staging_path)
        return
    with engine.begin() as connection:
        for name in names:
            connection.execute(text(f'DROP TABLE IF EXISTS public."{name}" CASCADE'))
            connection.execute(
                text(f'ALTER TABLE {STAGING_SCHEMA}."{name}" SET SCHEMA public')
            )
        connection.execute(text(f"DROP SCHEMA {STAGING_SCHEMA} CASCADE"))
        store_version(connection)


def _switch_sqlite(engine: Engine, staging_path: str) -> None:
    """Replace the live tables by ones of this release's shape, rows copied by name.

    Tables cannot move between SQLite files, so each live table is dropped, made
    again from its definition without indexes, filled from the staging file
    column by column, and indexed in one pass per index.
    """
    with engine.connect() as connection:
        # ATTACH is refused inside a transaction; the switch is the one after it.
        connection.exec_driver_sql(f"ATTACH DATABASE '{staging_path}' AS staging")
        connection.exec_driver_sql("BEGIN IMMEDIATE")
        for table in READ_MODEL_TABLES:
            table.drop(connection, checkfirst=True)
            connection.execute(CreateTable(table))
            columns = ", ".join(f'"{column.name}"' for column in table.columns)
            connection.exec_driver_sql(
                f'INSERT INTO main."{table.name}" ({columns}) '
                f'SELECT {columns} FROM staging."{table.name}"'
            )
            for index in table.indexes:
                index.create(connection)
        installed(connection)  # the search table's FTS5 index and triggers
        store_version(connection)
        connection.commit()
        connection.exec_driver_sql("DETACH DATABASE staging")
        connection.exec_driver_sql("ANALYZE")
        connection.commit()
    os.remove(staging_path)


def rebuild(
    app: Ledgerdesk,
    engine: Engine,
    batch_size: int = REBUILD_BATCH,
    progress: Callable[[int], None] | None = None,
    phases: dict[str, float] | None = None,
) -> int:
    """Rebuild every read-model table from the log; answers events replayed.

    With `phases`, the seconds of each phase (replay, index, switch) go there.
    """
    timings = phases if phases is not None else {}
    started = time.perf_counter()
    create_tables(engine)
    staging, staging_path = _staging_engine(engine)
    _create_staging(staging)
    follower = Follower(
        app, staging, batch_size=batch_size, progress=progress, parking=engine
    )
    if staging_path is None:  # PostgreSQL: a second connection writes the rows
        follower.rows = WriteBehind(staging)
    replayed = 0
    # The rows replayed are plain dicts and lists, freed by reference counting;
    # the cycle collector would only walk the growing row cache again and again.
    collecting = gc.isenabled()
    gc.disable()
    try:
        while applied := follower.apply_batch():
            replayed += applied
    finally:
        if isinstance(follower.rows, WriteBehind):
            follower.rows.close()
        if collecting:
            gc.enable()
    timings["replay"] = time.perf_counter() - started
    started = time.perf_counter()
    _finish_staging(staging)
    if staging_path is not None:
        staging.dispose()
    timings["index and analyse"] = time.perf_counter() - started
    started = time.perf_counter()
    _switch(engine, staging_path)
    timings["switch"] = time.perf_counter() - started
    return replayed
