"""Companies: list, show, create, update, archive, restore, merge and delete."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from sqlalchemy import ColumnElement, Engine, Table, func, select

from api.deps import ServicesDep, User, staff
from api.listing import builder_page
from api.models.directory import CompanyIn, CompanyRecord, MergeIn, MergePreview
from api.present.directory import company
from api.query.compile import like_pattern
from api.records import one
from api.routers.places import add_archive_routes, change_archivable
from api.schemas import Page
from domain.errors import InvalidTransition, InvalidValue
from domain.organisations import Company
from domain.use_cases.commands import command_of
from domain.use_cases.organisations import RegisterCompany
from projections import tables as t

router = APIRouter(prefix="/companies", tags=["companies"])
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
"""The records that carry a company, by the name the merge preview gives them."""


def _show(svc: Any, tenant_id: str, company_id: str) -> dict[str, Any]:
    return company(one(svc.engine, t.companies, tenant_id, company_id))


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


def open_drafts(engine: Engine, tenant_id: str, ids: list[str]) -> dict[str, list[str]]:
    """Each company's open drafts in the read model, newest first (a hint the
    domain checks: drafts made by hand have no draft choice)."""
    i = t.invoices
    found: dict[str, list[str]] = {}
    with engine.connect() as connection:
        for invoice_id, company_id in connection.execute(
            select(i.c.id, i.c.company_id)
            .where(
                i.c.tenant_id == tenant_id,
                i.c.company_id.in_(ids),
                i.c.external_id.is_(None),
                i.c.credits.is_(None),
            )
            .order_by(i.c.number.desc())
        ):
            found.setdefault(company_id, []).append(invoice_id)
    return found


@router.get("", response_model=Page[CompanyRecord], name="list")
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


@router.post("", status_code=201, response_model=CompanyRecord, name="create")
def create(
    body: CompanyIn, svc: ServicesDep, user: User = staff("companies.store")
) -> dict[str, Any]:
    """Register a company."""
    fields = body.model_dump(exclude_none=True, exclude={"archived_at"})
    company_id = svc.domain.organisations.register_company(
        user.tenant_id, user.id, command_of(RegisterCompany, fields)
    )
    svc.settle()
    return _show(svc, user.tenant_id, company_id)


@router.post("/merge/preview", response_model=MergePreview, name="merge_preview")
def preview(
    body: MergeIn, svc: ServicesDep, user: User = staff("companies.update")
) -> dict[str, Any]:
    """Which company survives a merge (the first id) and what moves into it."""
    return merge_preview(svc.engine, user.tenant_id, body.ids)


@router.post("/merge", response_model=CompanyRecord, name="merge")
def merge(
    body: MergeIn, svc: ServicesDep, user: User = staff("companies.update")
) -> dict[str, Any]:
    """Merge the companies into the first id; their records and clients move there.

    The others are archived as merged.
    """
    for company_id in body.ids:
        one(svc.engine, t.companies, user.tenant_id, company_id)
    survivor = svc.domain.organisations.merge_companies(
        user.tenant_id,
        user.id,
        body.ids,
        open_drafts(svc.engine, user.tenant_id, body.ids),
    )
    svc.settle()
    return _show(svc, user.tenant_id, survivor)


@router.get("/{company_id}", response_model=CompanyRecord, name="show")
def show(
    company_id: str, svc: ServicesDep, user: User = staff("companies.show")
) -> dict[str, Any]:
    """One company."""
    return _show(svc, user.tenant_id, company_id)


@router.put("/{company_id}", response_model=CompanyRecord, name="update")
def update(
    company_id: str,
    body: CompanyIn,
    svc: ServicesDep,
    user: User = staff("companies.update"),
) -> dict[str, Any]:
    """Change the fields sent: a null clears one (the name cannot be cleared);
    archived_at null restores an archived company."""
    sent = body.model_dump(exclude_unset=True)
    change_archivable(svc, user, t.companies, Company, company_id, sent)
    return _show(svc, user.tenant_id, company_id)


add_archive_routes(
    router, "companies", t.companies, Company, CompanyRecord, _show, "company_id"
)
