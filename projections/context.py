"""What a handler gets: the connection of the batch, the event and small caches."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import Connection, Table, and_, bindparam, insert, select, update
from sqlalchemy.sql import Executable

from projections import tables as t


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


@dataclass
class Apply:
    """One event being applied inside the batch transaction."""

    connection: Connection
    event: Any
    names: dict[tuple[str, str], str | None] = field(default_factory=dict)
    models: dict[str, str] = field(default_factory=dict)

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

    def insert(self, table: Table, **values: Any) -> None:
        """Insert a row of this tenant."""
        self.connection.execute(_insert(table), {"tenant_id": self.tenant_id, **values})

    def update(
        self, table: Table, row_id: str | None = None, touch: bool = True, **values: Any
    ) -> None:
        """Update this aggregate's row (or another), stamping time and version."""
        if touch:
            values.setdefault("updated_at", self.at)
            values.setdefault("version", self.version)
        params = {"k_tenant": self.tenant_id, "k_id": row_id or self.aggregate_id}
        self.connection.execute(_update(table), {**params, **values})

    def row(self, table: Table, row_id: str | None = None) -> dict[str, Any] | None:
        """One row of this tenant as a dict, or None."""
        params = {"k_tenant": self.tenant_id, "k_id": row_id or self.aggregate_id}
        found = self.connection.execute(_select(table), params).first()
        return dict(found._mapping) if found else None

    def register(self, model: str, reference: str | None = None) -> None:
        """Remember which model an aggregate is, for events shared by several."""
        self.models[self.aggregate_id] = model
        self.connection.execute(
            _insert(t.aggregates),
            {
                "id": self.aggregate_id,
                "tenant_id": self.tenant_id,
                "model": model,
                "reference": reference,
                "created_at": self.at,
            },
        )

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
            self.names[cache_key] = self.connection.execute(
                select(column).where(self.key(table, row_id))
            ).scalar()
        return self.names[cache_key]

    def forget(self, kind: str, row_id: str) -> None:
        """Drop a cached name after it changed."""
        self.names.pop((kind, row_id), None)
