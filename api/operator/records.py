"""Finding one record of the read model by id, within the caller's tenant."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, Table, select

from api.errors import not_found


def one(engine: Engine, table: Table, tenant_id: str, record_id: str) -> Any:
    """The row of that id in the tenant, else 404."""
    with engine.connect() as connection:
        row = connection.execute(
            select(table).where(
                table.c.tenant_id == tenant_id, table.c.id == str(record_id)[:64]
            )
        ).first()
    if row is None:
        raise not_found()
    return row
