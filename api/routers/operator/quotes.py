"""Quotes on the operator side: draft, change lines, send, duplicate, invoice."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from api.deps import ServicesDep, User, staff
from api.errors import invalid
from api.operator import invoicing
from api.operator.records import one
from api.operator.references import check_references
from api.present.common import Lookups
from api.present.rows import quote_detail
from domain.quotes import ACCEPTED
from projections import tables as t

router = APIRouter(prefix="/quotes", tags=["operator-quotes"])


class LineIn(BaseModel):
    description: str = Field(max_length=500)
    quantity: float | str = "1"
    price: float | str = "0"
    vat_rate: float | str = "21"


class QuoteIn(BaseModel):
    name: str | None = Field(None, max_length=200)
    client_id: str | None = None
    company_id: str | None = None
    lines: list[LineIn] | None = None
    custom_fields: dict[str, Any] | None = None


class Ids(BaseModel):
    ids: list[str] = Field(min_length=1, max_length=500)


def _lines(lines: list[Any]) -> list[dict[str, Any]]:
    return [
        {k: line[k] for k in ("description", "quantity", "price", "vat_rate")}
        for line in lines
    ]


def _show(svc: Any, tenant_id: str, quote_id: str) -> dict[str, Any]:
    row = one(svc.engine, t.quotes, tenant_id, quote_id)
    with svc.engine.connect() as connection:
        shaped = quote_detail(row, Lookups(connection, tenant_id), connection)
    return {**shaped, "raw_lines": list(row.lines or []), "version": row.version}


@router.post("", status_code=201, name="create")
def create(
    body: QuoteIn, svc: ServicesDep, user: User = staff("quotes.store")
) -> dict[str, Any]:
    """Draft a quote in concept."""
    check_references(svc.engine, user.tenant_id, body.model_dump())
    quote_id = svc.domain.draft_quote(
        user.tenant_id,
        user.id,
        body.name or "",
        body.client_id,
        body.company_id,
        [line.model_dump() for line in body.lines or []],
        body.custom_fields,
    )
    svc.settle()
    return _show(svc, user.tenant_id, quote_id)


@router.put("/{quote_id}", name="update")
def update(
    quote_id: str, body: QuoteIn, svc: ServicesDep, user: User = staff("quotes.update")
) -> dict[str, Any]:
    """Change name, lines (all of them) or custom fields while in concept."""
    one(svc.engine, t.quotes, user.tenant_id, quote_id)
    svc.domain.revise_quote(
        user.tenant_id,
        user.id,
        quote_id,
        name=body.name,
        lines=None if body.lines is None else [x.model_dump() for x in body.lines],
        custom_fields=body.custom_fields,
    )
    svc.settle()
    return _show(svc, user.tenant_id, quote_id)


@router.post("/{quote_id}/lines", status_code=201, name="add-line")
def add_line(
    quote_id: str, body: LineIn, svc: ServicesDep, user: User = staff("quotes.update")
) -> dict[str, Any]:
    """Append one line to a concept quote."""
    row = one(svc.engine, t.quotes, user.tenant_id, quote_id)
    lines = [*_lines(row.lines or []), body.model_dump()]
    svc.domain.revise_quote(user.tenant_id, user.id, quote_id, lines=lines)
    svc.settle()
    return _show(svc, user.tenant_id, quote_id)


@router.delete("/{quote_id}/lines/{line_id}", name="remove-line")
def remove_line(
    quote_id: str, line_id: str, svc: ServicesDep, user: User = staff("quotes.update")
) -> dict[str, Any]:
    """Remove one line of a concept quote."""
    row = one(svc.engine, t.quotes, user.tenant_id, quote_id)
    kept = [line for line in row.lines or [] if str(line["id"]) != line_id]
    if len(kept) == len(row.lines or []):
        raise invalid("line_id", "The quote has no such line.")
    svc.domain.revise_quote(user.tenant_id, user.id, quote_id, lines=_lines(kept))
    svc.settle()
    return _show(svc, user.tenant_id, quote_id)


@router.post("/{quote_id}/send", name="send")
def send(
    quote_id: str, svc: ServicesDep, user: User = staff("quotes.update")
) -> dict[str, Any]:
    """Offer a concept quote to the client (status 2)."""
    one(svc.engine, t.quotes, user.tenant_id, quote_id)
    svc.domain.send_quote(user.tenant_id, user.id, quote_id)
    svc.settle()
    return _show(svc, user.tenant_id, quote_id)


@router.post("/{quote_id}/duplicate", status_code=201, name="duplicate")
def duplicate(
    quote_id: str, svc: ServicesDep, user: User = staff("quotes.store")
) -> dict[str, Any]:
    """A new concept quote with the content of this one."""
    one(svc.engine, t.quotes, user.tenant_id, quote_id)
    copy_id = svc.domain.duplicate_quote(user.tenant_id, user.id, quote_id)
    svc.settle()
    return _show(svc, user.tenant_id, copy_id)


@router.post("/invoice", name="invoice")
def invoice(
    body: Ids, svc: ServicesDep, user: User = staff("quotes.update", "invoices.update")
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


@router.post("/deinvoice", name="deinvoice")
def deinvoice(
    body: Ids, svc: ServicesDep, user: User = staff("quotes.update", "invoices.update")
) -> dict[str, Any]:
    """Take the quotes' lines off their draft invoices."""
    for quote_id in body.ids:
        one(svc.engine, t.quotes, user.tenant_id, quote_id)
    touched = invoicing.remove_sources(svc, user, "quote", body.ids)
    return {"message": invoicing.REMOVED, "invoice_ids": touched}
