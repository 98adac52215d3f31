"""What a company merge would move: the survivor, and each merged company's records."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, Table, func, select

from api.operator.records import one
from domain.errors import InvalidTransition, InvalidValue
from projections import tables as t

MOVED: dict[str, Table] = {
    "clients": t.users,
    "tickets": t.tickets,
    "quotes": t.quotes,
    "contracts": t.contracts,
    "subscriptions": t.subscriptions,
    "assets": t.assets,
    "invoices": t.invoices,
    "deals": t.deals,
    "projects": t.projects,
    "used_products": t.used_products,
    "locations": t.locations,
    "ticket_groups": t.ticket_groups,
}
"""The records that carry a company, by the name the preview gives them."""


def merge_preview(engine: Engine, tenant_id: str, ids: list[str]) -> dict[str, Any]:
    """The survivor (the first id) and, per merged company, how many records move."""
    if len(set(ids)) != len(ids):
        raise InvalidValue("Name at least two different companies.", "ids")
    rows = [one(engine, t.companies, tenant_id, i) for i in ids]
    survivor, merged = rows[0], rows[1:]
    if survivor.merged_into:
        raise InvalidTransition("The company has been merged into another.")
    for row in merged:
        if row.merged_into:
            raise InvalidTransition("The company has already been merged.")
    with engine.connect() as connection:
        counts: dict[str, dict[str, int]] = {
            name: {
                company_id: n
                for company_id, n in connection.execute(
                    select(table.c.company_id, func.count())
                    .where(
                        table.c.tenant_id == tenant_id,
                        table.c.company_id.in_([r.id for r in merged]),
                    )
                    .group_by(table.c.company_id)
                ).tuples()
            }
            for name, table in MOVED.items()
        }
    return {
        "survivor": {"id": survivor.id, "name": survivor.name},
        "merged": [
            {
                "id": row.id,
                "name": row.name,
                "records": {name: counts[name].get(row.id, 0) for name in MOVED},
            }
            for row in merged
        ],
    }
