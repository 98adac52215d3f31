"""Search selectors: find records by text (2 characters at least) or by id."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Query
from sqlalchemy import Table, or_, select

from api.deps import ServicesDep, User, staff
from api.errors import denied, invalid, not_found
from api.models.directory import FoundProduct, FoundRecord
from api.present.common import iso, party
from api.query.compile import like_pattern
from api.records import one
from projections import tables as t

router = APIRouter(tags=["lookups"])
MIN_SEARCH = 2
LIMIT = 50


@dataclass(frozen=True)
class Model:
    """A searchable kind: its table, searched columns and label column."""

    table: Table
    search: tuple[str, ...]
    label: str
    permission: str


MODELS = {
    "companies": Model(t.companies, ("name", "city"), "name", "companies.index"),
    "clients": Model(t.users, ("full_name", "email"), "full_name", "clients.index"),
    "operators": Model(t.users, ("full_name", "email"), "full_name", "operators.index"),
    "locations": Model(t.locations, ("name",), "name", "locations.index"),
    "ticket-groups": Model(t.ticket_groups, ("name",), "name", "ticket-groups.index"),
    "contracts": Model(t.contracts, ("name",), "name", "contracts.index"),
    "tickets": Model(t.tickets, ("search",), "description", "tickets.index"),
    "assets": Model(t.assets, ("name", "serial_number"), "name", "assets.index"),
    "quotes": Model(t.quotes, ("name",), "name", "quotes.index"),
    "subscriptions": Model(
        t.subscriptions, ("description",), "description", "subscriptions.index"
    ),
}


def _model(name: str, user: User) -> Model:
    model = MODELS.get(name)
    if model is None:
        raise not_found()
    if not user.can(model.permission):
        raise denied()
    return model


def shaped(name: str, model: Model, row: Any) -> dict[str, Any]:
    """A found record: id, label, its company and archived_at where it has them."""
    m = row._mapping
    found: dict[str, Any] = {"id": row.id, "label": m[model.label]}
    for key in ("name", "full_name", "email", "reference", "description", "city"):
        if key in m:
            found[key] = m[key]
    if "company_id" in m:
        found["company_id"] = m["company_id"]
        found["company"] = party(m["company_id"], m.get("company_name"))
    if "company_ids" in m:
        found["company_ids"] = list(m["company_ids"] or [])
    if "archived_at" in m:
        found["archived_at"] = iso(m["archived_at"])
    if name in ("clients", "operators"):
        found["is_operator"] = int(m["is_operator"])
    return found


def _kind(name: str, table: Table) -> list[Any]:
    if name == "clients":
        return [table.c.is_operator == 0]
    if name == "operators":
        return [table.c.is_operator > 0]
    if name == "tickets":
        return [table.c.deleted.is_(False)]
    return []


@router.get(
    "/lookups/{name}",
    response_model=list[FoundRecord],
    response_model_exclude_unset=True,
    name="search",
)
def search(
    name: str,
    svc: ServicesDep,
    user: User = staff(),
    text: str | None = Query(None, alias="search", max_length=100),
    company_id: str | None = None,
    archived_at: str | None = Query(None, description="'null' for live records only"),
) -> list[dict[str, Any]]:
    """Records whose text contains the search (at least 2 characters)."""
    model = _model(name, user)
    words = (text or "").strip()
    if len(words) < MIN_SEARCH:
        raise invalid("search", f"Type at least {MIN_SEARCH} characters to search.")
    c = model.table.c
    pattern = like_pattern(words.lower())
    query = select(model.table).where(
        c.tenant_id == user.tenant_id,
        *_kind(name, model.table),
        or_(*(c[col].ilike(pattern, escape="\\") for col in model.search)),
    )
    if company_id:
        if "company_id" not in c:
            raise invalid("company_id", f"{name} cannot be narrowed by company.")
        query = query.where(c.company_id == company_id)
    if archived_at is not None and archived_at.lower() == "null":
        if "archived_at" not in c:
            raise invalid("archived_at", f"{name} cannot be archived.")
        query = query.where(c.archived_at.is_(None))
    query = query.order_by(c[model.label], c.id).limit(LIMIT)
    with svc.engine.connect() as connection:
        return [shaped(name, model, row) for row in connection.execute(query)]


@router.get(
    "/lookups/{name}/{record_id}",
    response_model=FoundRecord,
    response_model_exclude_unset=True,
    name="find",
)
def find(
    name: str, record_id: str, svc: ServicesDep, user: User = staff()
) -> dict[str, Any]:
    """One record by id with its company."""
    model = _model(name, user)
    row = one(svc.engine, model.table, user.tenant_id, record_id)
    kind = _kind(name, model.table)
    if kind:
        with svc.engine.connect() as connection:
            ok = connection.execute(
                select(model.table.c.id).where(
                    model.table.c.tenant_id == user.tenant_id,
                    model.table.c.id == row.id,
                    *kind,
                )
            ).first()
        if ok is None:
            raise not_found()
    return shaped(name, model, row)


@router.get(
    "/products/search", response_model=list[FoundProduct], name="products-search"
)
def products(
    svc: ServicesDep,
    user: User = staff(),
    text: str | None = Query(None, alias="search", max_length=100),
) -> list[dict[str, Any]]:
    """Products whose code or name contains the search (at least 2 characters)."""
    words = (text or "").strip().lower()
    if len(words) < MIN_SEARCH:
        raise invalid("search", f"Type at least {MIN_SEARCH} characters to search.")
    s = t.setting_items
    with svc.engine.connect() as connection:
        rows = connection.execute(
            select(s)
            .where(s.c.tenant_id == user.tenant_id, s.c.kind == "products")
            .order_by(s.c.position, s.c.id)
        )
        found = []
        for row in rows:
            data = dict(row.data or {})
            code = str(data.get("product_code") or "")
            product_name = str(data.get("product_name") or row.label)
            if words in code.lower() or words in product_name.lower():
                found.append(
                    {
                        **data,
                        "id": row.id,
                        "product_code": code,
                        "product_name": product_name,
                    }
                )
    return found[:LIMIT]
