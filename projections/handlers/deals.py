"""Deals, projects and used products into their list tables."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from sqlalchemy import Table, delete

from domain.values import CENT
from projections import tables as t
from projections.context import Apply

TABLES: dict[str, Table] = {
    "deal": t.deals,
    "project": t.projects,
    "used_product": t.used_products,
}
PLACES = {"quantity": Decimal("0.0001"), "price": CENT}
"""The numbers of a used product, as the read model keeps them: exact decimals."""


def _values(a: Apply, table: Table, fields: dict[str, Any]) -> dict[str, Any]:
    """The columns of the table among the fields, with names copied in."""
    values = {k: v for k, v in fields.items() if k in table.c}
    for name, step in PLACES.items():
        if name in values:
            values[name] = Decimal(str(values[name])).quantize(step)
    if "company_id" in values:
        values["company_name"] = a.name_of("company", values["company_id"])
    if "client_id" in values and "client_name" in table.c:
        values["client_name"] = a.name_of("user", values["client_id"])
    return values


def _created(model: str) -> Callable[[Apply], None]:
    def handle(a: Apply) -> None:
        a.register(model)
        table = TABLES[model]
        a.insert(
            table,
            id=a.aggregate_id,
            **_values(a, table, dict(a.event.fields)),
            created_at=a.at,
            updated_at=a.at,
            version=a.version,
        )

    return handle


def changed(a: Apply) -> None:
    table = TABLES[a.model() or "deal"]
    a.update(table, **_values(a, table, dict(a.event.changes)))


def removed(a: Apply) -> None:
    table = TABLES[a.model() or "deal"]
    a.connection.execute(delete(table).where(a.key(table)))


HANDLERS: dict[str, Callable[[Apply], None]] = {
    "Deal.Opened": _created("deal"),
    "Project.Started": _created("project"),
    "UsedProduct.Registered": _created("used_product"),
    "Engagement.Changed": changed,
    "Engagement.Removed": removed,
}
