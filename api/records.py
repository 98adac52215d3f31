"""Finding the records a request names: one by id, and the references a form
gives, always within the caller's tenant."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, Table, select

from api.errors import invalid, not_found
from projections import tables as t

MAX_ITEM_ID = 2**31 - 1
RECORDS: dict[str, Table] = {
    "company_id": t.companies,
    "client_id": t.users,
    "operator_id": t.users,
    "location_id": t.locations,
    "ticket_group_id": t.ticket_groups,
    "contract_id": t.contracts,
}
ITEMS = {
    "priority_id": "priorities",
    "category_id": "categories",
    "ticket_type_id": "ticket_types",
    "source_id": "ticket_sources",
    "sla_id": "slas",
    "activity_id": "activities",
    "service_id": "services",
    "status_id": "ticket_statuses",
}


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


def check_references(
    engine: Engine,
    tenant_id: str,
    fields: dict[str, Any],
    items: dict[str, str] = ITEMS,
) -> None:
    """Every named record and list item must exist in the tenant, else 422."""
    with engine.connect() as connection:
        for name, table in RECORDS.items():
            value = fields.get(name)
            if value in (None, ""):
                continue
            found = connection.execute(
                select(table.c.id).where(
                    table.c.tenant_id == tenant_id, table.c.id == str(value)[:64]
                )
            ).first()
            if found is None:
                raise invalid(name, f"The selected {name} is invalid.")
        s = t.setting_items
        for name, kind in items.items():
            value = fields.get(name)
            if value in (None, ""):
                continue
            try:
                item_id = int(value)
            except (TypeError, ValueError):
                raise invalid(name, f"The selected {name} is invalid.") from None
            if not 0 < item_id <= MAX_ITEM_ID:
                raise invalid(name, f"The selected {name} is invalid.")
            found = connection.execute(
                select(s.c.id).where(
                    s.c.tenant_id == tenant_id, s.c.kind == kind, s.c.id == item_id
                )
            ).first()
            if found is None:
                raise invalid(name, f"The selected {name} is invalid.")
