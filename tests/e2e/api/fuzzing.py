"""Ids the fuzz tests put in paths and bodies: the demo tenant's and another's."""

from __future__ import annotations

from sqlalchemy import select

from projections import tables as t
from tests.e2e.api.conftest import Portal

TABLES = {
    "tickets": t.tickets,
    "ticket-templates": t.tickets,
    "companies": t.companies,
    "clients": t.users,
    "operators": t.users,
    "quotes": t.quotes,
    "invoices": t.invoices,
    "invoicing": t.invoices,
    "contracts": t.contracts,
    "subscriptions": t.subscriptions,
    "assets": t.assets,
}


def ids_by_segment(portal: Portal) -> dict[str, tuple[list[str], list[str]]]:
    """Per first path segment: ids of the demo tenant, and of the other tenant."""
    demo, other = portal.tenant_id("demo"), portal.tenant_id("other")
    found: dict[str, tuple[list[str], list[str]]] = {}
    with portal.svc.engine.connect() as connection:
        for segment, table in TABLES.items():
            mine, theirs = (
                [
                    str(i)
                    for i in connection.execute(
                        select(table.c.id).where(table.c.tenant_id == tenant).limit(8)
                    ).scalars()
                ]
                for tenant in (demo, other)
            )
            found[segment] = (mine, theirs)
    return found
