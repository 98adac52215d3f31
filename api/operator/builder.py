"""Operator lists under the portal's builder[...] language, over their own tables."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import ColumnElement, Engine, func, select

from api.listing import parse_page, query_of
from api.query.compile import Compiler, Scope
from api.query.spec import BOOL, DATETIME, ID, INT, TEXT, Field, Resource, company
from projections import tables as t


def _archivable(table: Any, name: str, *extra: str) -> Resource:
    fields = {
        "id": Field("id", ID),
        "name": Field("name", TEXT),
        "archived_at": Field("archived_at", DATETIME),
        "created_at": Field("created_at", DATETIME),
        "updated_at": Field("updated_at", DATETIME),
        **{column: Field(column, TEXT) for column in extra},
    }
    relations = {}
    if "company_id" in table.c:
        fields["company_id"] = Field("company_id", ID)
        relations["company"] = company()
    return Resource(
        name=name,
        table=table,
        fields=fields,
        relations=relations,
        search=("name", *extra),
        default_order=(("name", "asc"),),
        withs=frozenset(relations) | {"companies"},
    )


PEOPLE_FIELDS = {
    "id": Field("id", ID),
    "full_name": Field("full_name", TEXT),
    "first_name": Field("first_name", TEXT),
    "last_name": Field("last_name", TEXT),
    "email": Field("email", TEXT),
    "is_operator": Field("is_operator", INT),
    "company_id": Field("company_id", ID),
    "active": Field("active", BOOL),
}


def _people(name: str) -> Resource:
    return Resource(
        name=name,
        table=t.users,
        fields=PEOPLE_FIELDS,
        search=("full_name", "email"),
        default_order=(("full_name", "asc"),),
        withs=frozenset({"companies"}),
    )


def _engagement(table: Any, name: str) -> Resource:
    fields = {
        "id": Field("id", ID),
        "description": Field("description", TEXT),
        "company_id": Field("company_id", ID),
        "created_at": Field("created_at", DATETIME),
        "updated_at": Field("updated_at", DATETIME),
    }
    for column in ("client_id", "deal_id", "project_id", "ticket_id"):
        if column in table.c:
            fields[column] = Field(column, ID)
    for column in ("type", "invoice_moment", "product_id"):
        if column in table.c:
            fields[column] = Field(column, INT)
    return Resource(
        name=name,
        table=table,
        fields=fields,
        relations={"company": company()},
        search=("description",),
        default_order=(("description", "asc"),),
        withs=frozenset({"company"}),
    )


OPERATOR_LISTS = {
    "companies": _archivable(t.companies, "companies", "city", "address_1"),
    "locations": _archivable(t.locations, "locations", "city"),
    "ticket-groups": _archivable(t.ticket_groups, "ticket-groups"),
    "clients": _people("clients"),
    "operators": _people("operators"),
    "deals": _engagement(t.deals, "deals"),
    "projects": _engagement(t.projects, "projects"),
    "used-products": _engagement(t.used_products, "used-products"),
    "settings": Resource(
        name="settings",
        table=t.setting_items,
        fields={
            "id": Field("id", INT),
            "label": Field("label", TEXT),
            "name": Field("label", TEXT),
            "order": Field("position", INT),
            "is_default": Field("is_default", BOOL),
        },
        search=("label",),
        default_order=(("order", "asc"),),
    ),
}


def builder_page(
    engine: Engine,
    name: str,
    tenant_id: str,
    params: Iterable[tuple[str, str]],
    shape: Callable[[list[Any]], list[dict[str, Any]]],
    extra: Iterable[ColumnElement[bool]] = (),
) -> dict[str, Any]:
    """One page of an operator list in the portal's envelope."""
    items = list(params)
    resource = OPERATOR_LISTS[name]
    query = query_of(resource, items)
    page = parse_page(dict(items).get("page"))
    compiler = Compiler(resource, Scope(tenant_id))
    where = [*compiler.where(query), *extra]
    per_page = query.per_page
    table = resource.table
    with engine.connect() as connection:
        total = int(
            connection.execute(
                select(func.count()).select_from(table).where(*where)
            ).scalar_one()
        )
        rows = connection.execute(
            select(table)
            .where(*where)
            .order_by(*compiler.order(query))
            .limit(per_page)
            .offset((page - 1) * per_page)
        )
        data = shape(list(rows))
    first = (page - 1) * per_page + 1
    return {
        "data": data,
        "from": first if data else None,
        "to": first + len(data) - 1 if data else None,
        "total": total,
        "per_page": per_page,
        "current_page": page,
        "last_page": max(1, math.ceil(total / per_page)),
    }
