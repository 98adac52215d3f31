"""Quotes: list, detail, accept with a signature, decline, and the PDF.

A quote token (X-Quote-token or ?token=) opens, accepts and downloads its own
quote without signing in; it opens nothing else.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel, Field
from sqlalchemy import select

from api.deps import Caller, CallerDep, ServicesDep, User, require
from api.errors import denied, not_found, unauthenticated
from api.listing import find
from api.pdf import quote_pdf
from api.present.common import Lookups
from api.present.rows import quote_detail
from api.query.compile import Compiler, Scope
from api.query.resources import QUOTES
from api.routers.lists import add_list
from api.schemas import QuoteDetail, QuoteRow
from api.services import Services

router = APIRouter(prefix="/quotes", tags=["quotes"])
add_list(router, "quotes", QuoteRow, "Quotes, by name by default.")


class AcceptIn(BaseModel):
    name: str | None = Field(None, max_length=200)
    note: str | None = Field(None, max_length=2000)
    signature: str = Field("", max_length=2_000_000)


def _row(svc: Services, who: Caller, quote_id: str, permission: str) -> Any:
    """The quote, if the caller's login or quote token opens it; else 401/403/404."""
    if who.user is not None:
        if not who.user.can(permission):
            raise denied()
        return find(svc.engine, "quotes", who.user, quote_id)
    if who.quote_id is None or who.quote_id != quote_id:
        raise unauthenticated()
    table = QUOTES.table
    compiler = Compiler(QUOTES, Scope(who.tenant.id))
    with svc.engine.connect() as connection:
        row = connection.execute(
            select(table).where(*compiler.base(), table.c.id == quote_id)
        ).first()
    if row is None:
        raise not_found()
    return row


def _detail(svc: Services, tenant_id: str, row: Any) -> dict[str, Any]:
    with svc.engine.connect() as connection:
        return quote_detail(row, Lookups(connection, tenant_id), connection)


@router.get("/{record_id}", response_model=QuoteDetail, name="show")
def show(record_id: str, who: CallerDep, svc: ServicesDep) -> dict[str, Any]:
    """One quote with lines and acceptance (a login or its quote token)."""
    return _detail(svc, who.tenant.id, _row(svc, who, record_id, "quotes.show"))


@router.post("/{record_id}/accept", response_model=QuoteDetail, name="accept")
def accept(
    record_id: str, body: AcceptIn, who: CallerDep, svc: ServicesDep
) -> dict[str, Any]:
    """Accept a sent quote with a drawn signature; only while sent (else 409)."""
    row = _row(svc, who, record_id, "quotes.show")
    actor = who.user.id if who.user else f"quote-token:{record_id}"
    name = (body.name or "").strip() or (row.client_name or "")
    svc.domain.accept_quote(
        who.tenant.id, actor, record_id, name, body.note or "", body.signature
    )
    svc.settle()
    return _detail(svc, who.tenant.id, _row(svc, who, record_id, "quotes.show"))


@router.post("/{record_id}/decline", response_model=QuoteDetail, name="decline")
def decline(
    record_id: str, svc: ServicesDep, user: User = require("quotes.show")
) -> dict[str, Any]:
    """Reject a sent quote."""
    find(svc.engine, "quotes", user, record_id)
    svc.domain.decline_quote(user.tenant_id, user.id, record_id)
    svc.settle()
    return _detail(svc, user.tenant_id, find(svc.engine, "quotes", user, record_id))


@router.post(
    "/{record_id}/download",
    name="download",
    response_class=Response,
    responses={200: {"content": {"application/pdf": {}}}},
)
def download(record_id: str, who: CallerDep, svc: ServicesDep) -> Response:
    """The quote as PDF in the tenant's language, signed once accepted."""
    row = _row(svc, who, record_id, "quotes.show")
    pdf = quote_pdf(row, who.tenant.name, who.tenant.language)
    return Response(
        pdf,
        media_type="application/pdf",
        headers={
            "Content-Disposition": f'attachment; filename="quote-{row.number}.pdf"'
        },
    )
