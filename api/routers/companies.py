"""Companies: list, show, create, update, archive, restore, merge and delete."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field
from sqlalchemy import ColumnElement

from api.deps import ServicesDep, User, staff
from api.listing import builder_page
from api.operator.merging import merge_preview
from api.operator.records import company, one
from api.query.compile import like_pattern
from api.schemas import Message
from projections import tables as t

router = APIRouter(prefix="/companies", tags=["operator-companies"])
UPDATED, DELETED = "Item bijgewerkt.", "Item verwijderd."


class CompanyIn(BaseModel):
    name: str | None = Field(None, max_length=200)
    address_1: str | None = Field(None, max_length=200)
    city: str | None = Field(None, max_length=100)
    country: str | None = Field(None, max_length=100)
    email: str | None = Field(None, max_length=254)
    phone: str | None = Field(None, max_length=50)
    archived_at: str | None = None


class Ids(BaseModel):
    ids: list[str] = Field(min_length=2, max_length=100)


def _show(svc: Any, tenant_id: str, company_id: str) -> dict[str, Any]:
    return company(one(svc.engine, t.companies, tenant_id, company_id))


@router.get("", name="list")
def index(
    request: Request,
    svc: ServicesDep,
    user: User = staff("companies.index"),
    search: str | None = Query(None, max_length=100),
    ids: list[str] | None = Query(None, alias="ids[]"),
    archived: bool | None = None,
) -> dict[str, Any]:
    """Companies by name under builder[...]; or by search, a list of ids, archived."""
    c = t.companies.c
    extra: list[ColumnElement[bool]] = []
    if search:
        extra.append(c.name.ilike(like_pattern(search.strip()), escape="\\"))
    if ids:
        extra.append(c.id.in_(ids[:100]))
    if archived is not None:
        extra.append(
            c.archived_at.is_not(None) if archived else c.archived_at.is_(None)
        )
    return builder_page(
        svc.engine,
        "companies",
        user.tenant_id,
        request.query_params.multi_items(),
        lambda rows: [company(row) for row in rows],
        extra,
    )


@router.post("", status_code=201, name="create")
def create(
    body: CompanyIn, svc: ServicesDep, user: User = staff("companies.store")
) -> dict[str, Any]:
    """Register a company."""
    fields = body.model_dump(exclude_none=True, exclude={"archived_at"})
    company_id = svc.domain.register_company(user.tenant_id, user.id, fields)
    svc.settle()
    return _show(svc, user.tenant_id, company_id)


@router.post("/merge/preview", name="merge_preview")
def preview(
    body: Ids, svc: ServicesDep, user: User = staff("companies.update")
) -> dict[str, Any]:
    """Which company survives a merge (the first id) and what moves into it."""
    return merge_preview(svc.engine, user.tenant_id, body.ids)


@router.post("/merge", name="merge")
def merge(
    body: Ids, svc: ServicesDep, user: User = staff("companies.update")
) -> dict[str, Any]:
    """Merge the companies into the first id; their records and clients move there.

    The others are archived as merged.
    """
    for company_id in body.ids:
        one(svc.engine, t.companies, user.tenant_id, company_id)
    survivor = svc.domain.merge_companies(user.tenant_id, user.id, body.ids)
    svc.settle()
    return _show(svc, user.tenant_id, survivor)


@router.get("/{company_id}", name="show")
def show(
    company_id: str, svc: ServicesDep, user: User = staff("companies.show")
) -> dict[str, Any]:
    """One company."""
    return _show(svc, user.tenant_id, company_id)


@router.put("/{company_id}", name="update")
def update(
    company_id: str,
    body: CompanyIn,
    svc: ServicesDep,
    user: User = staff("companies.update"),
) -> dict[str, Any]:
    """Change fields; archived_at null restores an archived company."""
    row = one(svc.engine, t.companies, user.tenant_id, company_id)
    sent = body.model_dump(exclude_unset=True)
    restore = "archived_at" in sent and sent.pop("archived_at") is None
    svc.domain.change_company(
        user.tenant_id,
        user.id,
        company_id,
        changes={k: v for k, v in sent.items() if v is not None},
        restore=restore and row.archived_at is not None,
    )
    svc.settle()
    return _show(svc, user.tenant_id, company_id)


@router.post("/{company_id}/archive", name="archive")
def archive(
    company_id: str, svc: ServicesDep, user: User = staff("companies.update")
) -> dict[str, Any]:
    """Archive a company: struck through, hidden from pickers."""
    one(svc.engine, t.companies, user.tenant_id, company_id)
    svc.domain.change_company(user.tenant_id, user.id, company_id, archive=True)
    svc.settle()
    return _show(svc, user.tenant_id, company_id)


@router.post("/{company_id}/restore", name="restore")
def restore(
    company_id: str, svc: ServicesDep, user: User = staff("companies.update")
) -> dict[str, Any]:
    """Restore an archived company (archived_at back to null)."""
    one(svc.engine, t.companies, user.tenant_id, company_id)
    svc.domain.change_company(user.tenant_id, user.id, company_id, restore=True)
    svc.settle()
    return _show(svc, user.tenant_id, company_id)


@router.delete("/{company_id}", response_model=Message, name="delete")
def delete(
    company_id: str, svc: ServicesDep, user: User = staff("companies.destroy")
) -> dict[str, str]:
    """Delete a company: its history stays, so it is archived for good."""
    row = one(svc.engine, t.companies, user.tenant_id, company_id)
    if row.archived_at is None:
        svc.domain.change_company(user.tenant_id, user.id, company_id, archive=True)
        svc.settle()
    return {"message": DELETED}
