"""The directory's records as the API answers them: companies, people, places,
setting-list items."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, select

from api.present.common import gravatar, iso, party
from projections import tables as t


def company(row: Any) -> dict[str, Any]:
    """A company with its address, archive and merge state."""
    return {
        "id": row.id,
        "name": row.name,
        "address_1": row.address_1,
        "city": row.city,
        "country": row.country,
        "email": row.email,
        "phone": row.phone,
        "postal_code": row.postal_code,
        "vat_number": row.vat_number,
        "kvk_number": row.kvk_number,
        "electronic_address_scheme": row.electronic_address_scheme,
        "electronic_address_id": row.electronic_address_id,
        "archived_at": iso(row.archived_at),
        "merged_into": row.merged_into,
        "version": row.version,
        "created_at": iso(row.created_at),
        "updated_at": iso(row.updated_at),
    }


def person(row: Any, names: dict[str, str] | None = None) -> dict[str, Any]:
    """A client or operator, with the companies it belongs to."""
    ids = list(row.company_ids or [])
    return {
        "id": row.id,
        "full_name": row.full_name,
        "first_name": row.first_name,
        "last_name": row.last_name,
        "email": row.email,
        "is_operator": int(row.is_operator),
        "role": row.role,
        "language": row.language,
        "active": bool(row.active),
        "gravatar": gravatar(row.email),
        "companies": [{"id": i, "name": (names or {}).get(i)} for i in ids],
        "version": row.version,
    }


def company_names(
    connection: Connection, tenant_id: str, ids: set[str]
) -> dict[str, str]:
    """Company names by id."""
    if not ids:
        return {}
    c = t.companies
    rows = connection.execute(
        select(c.c.id, c.c.name).where(c.c.tenant_id == tenant_id, c.c.id.in_(ids))
    )
    return {r.id: r.name for r in rows}


def located(row: Any) -> dict[str, Any]:
    """A location or ticket group with its company."""
    shaped = {
        "id": row.id,
        "name": row.name,
        "company_id": row.company_id,
        "company": party(row.company_id, row.company_name),
        "archived_at": iso(row.archived_at),
        "version": row.version,
    }
    for name in ("address_1", "city"):
        if name in row._mapping:
            shaped[name] = row._mapping[name]
    return shaped


def setting(row: Any) -> dict[str, Any]:
    """A setting-list item: id, label, order, is_default and its kind's fields."""
    data = dict(row.data or {})
    return {
        **data,
        "id": row.id,
        "label": row.label,
        "name": data.get("name", row.label),
        "order": row.position,
        "is_default": bool(row.is_default),
    }
