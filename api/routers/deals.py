"""Deals for operators: list, show, create, update and delete; the same routes
serve projects and used products (api/routers/projects.py, used_products.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel
from sqlalchemy import ColumnElement, Table

from api.actions import invoicing
from api.deps import ServicesDep, User, staff
from api.errors import invalid
from api.listing import builder_page
from api.models.commerce import Deal, EngagementIn
from api.present import engagements as shape
from api.query.compile import like_pattern
from api.records import ITEMS, check_references, one
from api.schemas import Message, Page
from domain.use_cases.commands import command_of
from domain.use_cases.deals import FIELDS, KINDS
from projections import tables as t

PRODUCT_ITEMS = {**ITEMS, "product_id": "products"}
FILTERS = ("company_id", "client_id", "deal_id", "project_id", "ticket_id")


def engagement_router(
    route: str,
    table: Table,
    present: Callable[[Any], dict[str, Any]],
    model: type[BaseModel],
) -> APIRouter:
    """CRUD for one kind; the domain refuses fields the kind does not have (422)."""
    router = APIRouter(prefix=f"/{route}", tags=[route])

    def shown(svc: Any, tenant_id: str, record_id: str) -> dict[str, Any]:
        return present(one(svc.engine, table, tenant_id, record_id))

    def checked(svc: Any, user: User, sent: dict[str, Any]) -> None:
        check_references(svc.engine, user.tenant_id, sent, PRODUCT_ITEMS)

    @router.get("", name="list", response_model=Page[model])  # type: ignore[valid-type]
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

    @router.post("", status_code=201, name="create", response_model=model)
    def create(
        body: EngagementIn, svc: ServicesDep, user: User = staff(f"{route}.store")
    ) -> dict[str, Any]:
        """Create a record with at least a description."""
        sent = body.model_dump(exclude_none=True)
        sent.pop("version", None)
        checked(svc, user, sent)
        record_id = svc.domain.deals.create(
            user.tenant_id, user.id, command_of(FIELDS[route], sent)
        )
        svc.settle()
        return shown(svc, user.tenant_id, record_id)

    @router.get("/{record_id}", name="show", response_model=model)
    def show(
        record_id: str, svc: ServicesDep, user: User = staff(f"{route}.show")
    ) -> dict[str, Any]:
        """One record."""
        return shown(svc, user.tenant_id, record_id)

    @router.put("/{record_id}", name="update", response_model=model)
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
        svc.domain.deals.change(
            user.tenant_id,
            user.id,
            record_id,
            command_of(FIELDS[route], sent),
            expected_version=version,
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
        svc.domain.deals.remove(user.tenant_id, user.id, KINDS[route], record_id)
        svc.settle()
        return {"message": "Item verwijderd."}

    return router


router = engagement_router("deals", t.deals, shape.deal, Deal)
