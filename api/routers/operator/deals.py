"""Deals, projects and used products: list, show, create, update, delete, invoice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field
from sqlalchemy import ColumnElement, Table

from api.deps import ServicesDep, User, staff
from api.errors import ApiError, invalid
from api.listing import builder_page
from api.operator import engagements as shape
from api.operator import invoicing
from api.operator.records import one
from api.operator.references import ITEMS, check_references
from api.query.compile import like_pattern
from api.schemas import Message
from domain.deals import invoiced_quantity
from projections import tables as t


class EngagementIn(BaseModel):
    description: str | None = Field(None, max_length=250)
    company_id: str | None = None
    client_id: str | None = None
    deal_id: str | None = None
    project_id: str | None = None
    ticket_id: str | None = None
    product_id: int | None = None
    quantity: float | str | None = None
    price: float | str | None = None
    type: int | None = None
    invoice_moment: int | None = None
    version: int | None = Field(
        None, description="the version the change was made on; a stale one is 409"
    )


class Ids(BaseModel):
    ids: list[str] = Field(min_length=1, max_length=500)


PRODUCT_ITEMS = {**ITEMS, "product_id": "products"}
FILTERS = ("company_id", "client_id", "deal_id", "project_id", "ticket_id")


def engagement_router(
    route: str, table: Table, present: Callable[[Any], dict[str, Any]]
) -> APIRouter:
    """CRUD for one kind; the domain refuses fields the kind does not have (422)."""
    router = APIRouter(prefix=f"/{route}", tags=[f"operator-{route}"])

    def shown(svc: Any, tenant_id: str, record_id: str) -> dict[str, Any]:
        return present(one(svc.engine, table, tenant_id, record_id))

    def checked(svc: Any, user: User, sent: dict[str, Any]) -> None:
        check_references(svc.engine, user.tenant_id, sent, PRODUCT_ITEMS)

    @router.get("", name="list")
    def index(
        request: Request,
        svc: ServicesDep,
        user: User = staff(f"{route}.index"),
        search: str | None = Query(None, max_length=100),
    ) -> dict[str, Any]:
        """Records by description under builder[...], or by search and links."""
        extra: list[ColumnElement[bool]] = []
        if search:
            pattern = like_pattern(search.strip())
            extra.append(table.c.description.ilike(pattern, escape="\\"))
        for name in FILTERS:
            value = request.query_params.get(name)
            if value and name in table.c:
                extra.append(table.c[name] == value)
        return builder_page(
            svc.engine,
            route,
            user.tenant_id,
            request.query_params.multi_items(),
            lambda rows: [present(row) for row in rows],
            extra,
        )

    @router.post("", status_code=201, name="create")
    def create(
        body: EngagementIn, svc: ServicesDep, user: User = staff(f"{route}.store")
    ) -> dict[str, Any]:
        """Create a record with at least a description."""
        sent = body.model_dump(exclude_none=True)
        sent.pop("version", None)
        checked(svc, user, sent)
        record_id = svc.domain.create_engagement(user.tenant_id, user.id, route, sent)
        svc.settle()
        return shown(svc, user.tenant_id, record_id)

    @router.get("/{record_id}", name="show")
    def show(
        record_id: str, svc: ServicesDep, user: User = staff(f"{route}.show")
    ) -> dict[str, Any]:
        """One record."""
        return shown(svc, user.tenant_id, record_id)

    @router.put("/{record_id}", name="update")
    def update(
        record_id: str,
        body: EngagementIn,
        svc: ServicesDep,
        user: User = staff(f"{route}.update"),
    ) -> dict[str, Any]:
        """Change the fields sent; a stale `version` is refused with 409."""
        one(svc.engine, table, user.tenant_id, record_id)
        sent = body.model_dump(exclude_unset=True)
        version = sent.pop("version", None)
        checked(svc, user, sent)
        svc.domain.change_engagement(
            user.tenant_id, user.id, route, record_id, sent, expected_version=version
        )
        svc.settle()
        return shown(svc, user.tenant_id, record_id)

    @router.delete("/{record_id}", response_model=Message, name="delete")
    def delete(
        record_id: str, svc: ServicesDep, user: User = staff(f"{route}.destroy")
    ) -> dict[str, str]:
        """Remove the record; a used product on an invoice is taken off first."""
        row = one(svc.engine, table, user.tenant_id, record_id)
        if table is t.used_products and (
            ("used_product", row.id) in invoicing.invoiced_sources(svc, user.tenant_id)
        ):
            raise invalid("id", "Take the used product off its invoice first.")
        svc.domain.remove_engagement(user.tenant_id, user.id, route, record_id)
        svc.settle()
        return {"message": "Item verwijderd."}

    return router


def _used_product(svc: Any, user: User, record_id: str) -> Any:
    return one(svc.engine, t.used_products, user.tenant_id, record_id)


deals = engagement_router("deals", t.deals, shape.deal)
projects = engagement_router("projects", t.projects, shape.project)
used_products = engagement_router("used-products", t.used_products, shape.used_product)


@used_products.post("/invoice", name="invoice")
def invoice(
    body: Ids,
    svc: ServicesDep,
    user: User = staff("used-products.update", "invoices.update"),
) -> dict[str, Any]:
    """Put the used products on their company's draft invoice, one line each."""
    on = invoicing.invoiced_sources(svc, user.tenant_id)
    items: list[tuple[str | None, str | None, dict[str, Any]]] = []
    for record_id in body.ids:
        row = _used_product(svc, user, record_id)
        if ("used_product", row.id) in on:
            raise ApiError(409, "The used product is already on an invoice.")
        line = {
            "description": row.description,
            "quantity": invoiced_quantity(row.type, str(row.quantity)),
            "price": str(row.price),
            "source": {"type": "used_product", "id": row.id},
        }
        items.append((row.company_id, None, line))
    touched = invoicing.add_lines(svc, user, items)
    return {"message": invoicing.ADDED, "invoice_ids": touched}


@used_products.post("/deinvoice", name="deinvoice")
def deinvoice(
    body: Ids,
    svc: ServicesDep,
    user: User = staff("used-products.update", "invoices.update"),
) -> dict[str, Any]:
    """Take the used products off their draft invoices."""
    for record_id in body.ids:
        _used_product(svc, user, record_id)
    touched = invoicing.remove_sources(svc, user, "used_product", body.ids)
    return {"message": invoicing.REMOVED, "invoice_ids": touched}
