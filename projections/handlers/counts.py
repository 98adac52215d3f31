"""Keeping ticket_counts: one row per combination of the list filter dimensions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import and_, delete, func, select

from projections import tables as t
from projections.context import Apply


def dimensions(row: Mapping[str, Any]) -> dict[str, Any]:
    """The counted dimensions of a ticket row."""
    return {d: row.get(d) for d in t.COUNT_DIMENSIONS}


def bump(a: Apply, row: Mapping[str, Any], delta: int) -> None:
    """Add delta to the bucket of a ticket row's dimensions."""
    dims = dimensions(row)
    dims["company_id"] = a.survivor(dims["company_id"])
    a.batch.count(a.tenant_id, t.bucket_key(dims), dims, delta)


def move(a: Apply, before: Mapping[str, Any], after: Mapping[str, Any]) -> None:
    """Move a ticket from one bucket to another when its dimensions changed."""
    if dimensions(before) != dimensions(after):
        bump(a, before, -1)
        bump(a, after, 1)


def recount_companies(a: Apply, company_ids: list[str]) -> None:
    """Rebuild the buckets of some companies from the ticket rows."""
    c, tk = t.ticket_counts, t.tickets
    a.connection.execute(
        delete(c).where(
            and_(c.c.tenant_id == a.tenant_id, c.c.company_id.in_(company_ids))
        )
    )
    columns = [tk.c[d] for d in t.COUNT_DIMENSIONS]
    grouped = a.connection.execute(
        select(*columns, func.count().label("n"))
        .where(and_(tk.c.tenant_id == a.tenant_id, tk.c.company_id.in_(company_ids)))
        .group_by(*columns)
    )
    for found in grouped:
        dims = {d: found._mapping[d] for d in t.COUNT_DIMENSIONS}
        bump(a, dims, int(found._mapping["n"]))
