"""Replaying the whole log into fresh tables, then switching over.

The live tables keep answering while the new ones are built: on PostgreSQL in
a schema of their own, on SQLite in a file of their own. The switch is one
transaction.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from sqlalchemy import Engine, create_engine, text

from domain.application import Ledgerdesk
from projections.follower import Follower
from projections.schema import create_tables
from projections.tables import READ_MODEL_TABLES, metadata

STAGING_SCHEMA = "ledgerdesk_rebuild"


def _staging_engine(engine: Engine) -> tuple[Engine, str | None]:
    if engine.dialect.name == "sqlite":
        path = f"{engine.url.database}.rebuild"
        if os.path.exists(path):
            os.remove(path)
        return create_engine(f"sqlite:///{path}"), path
    with engine.begin() as connection:
        connection.execute(text(f"DROP SCHEMA IF EXISTS {STAGING_SCHEMA} CASCADE"))
        connection.execute(text(f"CREATE SCHEMA {STAGING_SCHEMA}"))
    return engine.execution_options(schema_translate_map={None: STAGING_SCHEMA}), None


def _switch(engine: Engine, staging_path: str | None) -> None:
    names = [table.name for table in READ_MODEL_TABLES]
    if staging_path is not None:
        with engine.connect() as connection:
            connection.exec_driver_sql(f"ATTACH DATABASE '{staging_path}' AS staging")
            for name in names:
                connection.exec_driver_sql(f'DELETE FROM main."{name}"')
                connection.exec_driver_sql(
                    f'INSERT INTO main."{name}" SELECT * FROM staging."{name}"'
                )
            connection.commit()
            connection.exec_driver_sql("DETACH DATABASE staging")
            connection.commit()
        os.remove(staging_path)
        return
    with engine.begin() as connection:
        for name in names:
            connection.execute(text(f'DROP TABLE IF EXISTS public."{name}" CASCADE'))
            connection.execute(
                text(f'ALTER TABLE {STAGING_SCHEMA}."{name}" SET SCHEMA public')
            )
        connection.execute(text(f"DROP SCHEMA {STAGING_SCHEMA} CASCADE"))


def rebuild(
    app: Ledgerdesk,
    engine: Engine,
    batch_size: int = 2000,
    progress: Callable[[int], None] | None = None,
) -> int:
    """Rebuild every read-model table from the log; answers events replayed."""
    create_tables(engine)
    staging, staging_path = _staging_engine(engine)
    metadata.create_all(staging, tables=list(READ_MODEL_TABLES))
    follower = Follower(app, staging, batch_size=batch_size, progress=progress)
    replayed = 0
    while True:
        applied = follower.apply_batch()
        if not applied:
            break
        replayed += applied
    if staging_path is not None:
        staging.dispose()
    _switch(engine, staging_path)
    return replayed
