"""Quotes for both audiences: list, detail, accept with a signature, decline and
the PDF; operators draft, change lines, send, duplicate and (de)invoice.

A quote token (X-Quote-token or ?token=) opens, accepts and downloads its own
quote without signing in; it opens nothing else.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response
from sqlalchemy import select

from api.actions import invoicing
from api.deps import Caller, CallerDep, ServicesDep, User, require, staff
from api.errors import denied, invalid, not_found, unauthenticated
from api.listing import find
from api.models.commerce import AcceptIn, IdList, LineIn, OperatorQuote, QuoteIn
from api.models.tickets import Invoiced
from api.pdf import quote_pdf
from api.present.common import Lookups
from api.present.rows import quote_detail
from api.query.compile import Compiler, Scope
from api.query.resources import QUOTES
from api.records import check_references, one
from api.routers.lists import add_list
from api.schemas import QuoteDetail, QuoteRow
from api.services import Services
from domain.quotes import ACCEPTED
from domain.use_cases.quotes import AcceptQuote, DraftQuote, ReviseQuote
from projections import tables as t

router = APIRouter(prefix="/quotes", tags=["quotes"])
add_list(router, "quotes", QuoteRow, "Quotes, by name by default.")


def _lines(lines: list[Any]) -> list[dict[str, Any]]:
    return [
        {k: line[k] for k in ("description", "quantity", "price", "vat_rate")}
        for line in lines
    ]


@router.post("/invoice", name="invoice", response_model=Invoiced)
def invoice(
    body: IdList,
    svc: ServicesDep,
    user: User = staff("quotes.update", "invoices.update"),
) -> dict[str, Any]:
    """Put the lines of accepted quotes on their company's draft invoice."""
    on = invoicing.invoiced_sources(svc, user.tenant_id)
    items = []
    for quote_id in body.ids:
        row = one(svc.engine, t.quotes, user.tenant_id, quote_id)
        if row.status_id != ACCEPTED:
            raise invalid("ids", "Only accepted quotes can be invoiced.")
        if ("quote", row.id) in on:
            raise invalid("ids", "The quote is already on an invoice.")
        for line in _lines(row.lines or []):
            line["source"] = {"type": "quote", "id": row.id}
            items.append((row.company_id, row.client_id, line))
    touched = invoicing.add_lines(svc, user, items)
    return {"message": invoicing.ADDED, "invoice_ids": touched}


@router.post("/deinvoice", name="deinvoice", response_model=Invoiced)
def deinvoice(
    body: IdList,
    svc: ServicesDep,
    user: User = staff("quotes.update", "invoices.update"),
) -> dict[str, Any]:
    """Take the quotes' lines off their draft invoices."""
    for quote_id in body.ids:
        one(svc.engine, t.quotes, user.tenant_id, quote_id)
    touched = invoicing.remove_sources(svc, user, "quote", body.ids)
    return {"message": invoicing.REMOVED, "invoice_ids": touched}


def _show(svc: Any, tenant_id: str, quote_id: str) -> dict[str, Any]:
    row = one(svc.engine, t.quotes, tenant_id, quote_id)
    with svc.engine.connect() as connection:
        shaped = quote_detail(row, Lookups(connection, tenant_id), connection)
    return {**shaped, "raw_lines": list(row.lines or []), "version": row.version}


@router.post("", status_code=201, name="create", response_model=OperatorQuote)
def create(
    body: QuoteIn, svc: ServicesDep, user: User = staff("quotes.store")
) -> dict[str, Any]:
    """Draft a quote in concept."""
    check_references(svc.engine, user.tenant_id, body.model_dump())
    quote_id = svc.domain.quotes.draft(
        user.tenant_id,
        user.id,
        DraftQuote(
            name=body.name or "",
            client_id=body.client_id,
            company_id=body.company_id,
            lines=[line.model_dump() for line in body.lines or []],
            custom_fields=body.custom_fields or {},
        ),
    )
    svc.settle()
    return _show(svc, user.tenant_id, quote_id)


@router.put("/{quote_id}", name="update", response_model=OperatorQuote)
def update(
    quote_id: str, body: QuoteIn, svc: ServicesDep, user: User = staff("quotes.update")
) -> dict[str, Any]:
    """Change name, lines (all of them) or custom fields while in concept."""
    one(svc.engine, t.quotes, user.tenant_id, quote_id)
    svc.domain.quotes.revise(
        user.tenant_id,
        user.id,
        quote_id,
        ReviseQuote(
            name=body.name,
            lines=None if body.lines is None else [x.model_dump() for x in body.lines],
            custom_fields=body.custom_fields,
        ),
    )
    svc.settle()
    return _show(svc, user.tenant_id, quote_id)


@router.post(
    "/{quote_id}/lines",
    status_code=201,
    name="add-line",
    response_model=OperatorQuote,
)
def add_line(
    quote_id: str, body: LineIn, svc: ServicesDep, user: User = staff("quotes.update")
) -> dict[str, Any]:
    """Append one line to a concept quote."""
    row = one(svc.engine, t.quotes, user.tenant_id, quote_id)
    lines = [*_lines(row.lines or []), body.model_dump()]
    svc.domain.quotes.revise(
        user.tenant_id, user.id, quote_id, ReviseQuote(lines=lines)
    )
    svc.settle()
    return _show(svc, user.tenant_id, quote_id)


@router.delete(
    "/{quote_id}/lines/{line_id}", name="remove-line", response_model=OperatorQuote
)
def remove_line(
    quote_id: str, line_id: str, svc: ServicesDep, user: User = staff("quotes.update")
) -> dict[str, Any]:
    """Remove one line of a concept quote."""
    row = one(svc.engine, t.quotes, user.tenant_id, quote_id)
    kept = [line for line in row.lines or [] if str(line["id"]) != line_id]
    if len(kept) == len(row.lines or []):
        raise invalid("line_id", "The quote has no such line.")
    svc.domain.quotes.revise(
        user.tenant_id, user.id, quote_id, ReviseQuote(lines=_lines(kept))
    )
    svc.settle()
    return _show(svc, user.tenant_id, quote_id)


@router.post("/{quote_id}/send", name="send", response_model=OperatorQuote)
def send(
    quote_id: str, svc: ServicesDep, user: User = staff("quotes.update")
) -> dict[str, Any]:
    """Offer a concept quote to the client (status 2)."""
    one(svc.engine, t.quotes, user.tenant_id, quote_id)
    svc.domain.quotes.send(user.tenant_id, user.id, quote_id)
    svc.settle()
    return _show(svc, user.tenant_id, quote_id)


@router.post(
    "/{quote_id}/duplicate",
    status_code=201,
    name="duplicate",
    response_model=OperatorQuote,
)
def duplicate(
    quote_id: str, svc: ServicesDep, user: User = staff("quotes.store")
) -> dict[str, Any]:
    """A new concept quote with the content of this one."""
    one(svc.engine, t.quotes, user.tenant_id, quote_id)
    copy_id = svc.domain.quotes.duplicate(user.tenant_id, user.id, quote_id)
    svc.settle()
    return _show(svc, user.tenant_id, copy_id)


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
    svc.domain.quotes.accept(
        who.tenant.id,
        actor,
        record_id,
        AcceptQuote(name=name, note=body.note or "", signature=body.signature),
    )
    svc.settle()
    return _detail(svc, who.tenant.id, _row(svc, who, record_id, "quotes.show"))


@router.post("/{record_id}/decline", response_model=QuoteDetail, name="decline")
def decline(
    record_id: str, svc: ServicesDep, user: User = require("quotes.show")
) -> dict[str, Any]:
    """Reject a sent quote."""
    find(svc.engine, "quotes", user, record_id)
    svc.domain.quotes.decline(user.tenant_id, user.id, record_id)
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
