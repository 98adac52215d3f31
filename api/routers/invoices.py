"""Invoices for both audiences: the version 2 list and the PDF for clients, drafts,
their lines, export, restore and CSV for operators."""

from __future__ import annotations

import base64
from typing import Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import TypeAdapter
from sqlalchemy import select

from api.actions import invoicing
from api.deps import ReadsDep, ServicesDep, TenantDep, User, require, staff
from api.listing import find, list_page, parse_page, query_of
from api.models.bookkeeping import (
    BillingProfile,
    BillingProfileIn,
    InvoiceSnapshot,
    MarkIn,
)
from api.models.commerce import (
    IdList,
    Invoice,
    InvoiceChanged,
    InvoiceExported,
    InvoiceFile,
    InvoiceIn,
    InvoiceRow,
    LineIn,
)
from api.pdf import invoice_pdf
from api.query.resources import RESOURCES
from api.records import check_references, one
from api.schemas import InvoiceRow as InvoiceRowV2
from api.schemas import Page
from domain.invoices import status_or_default
from domain.use_cases.invoices import CreateInvoice
from projections import tables as t

router = APIRouter(prefix="/invoices", tags=["invoices"])
invoicing_router = APIRouter(prefix="/invoicing", tags=["invoices"])
billing_router = APIRouter(prefix="/billing-profile", tags=["billing-profile"])
PDF_MODULE = "mod_invoice_export_pdf"
VERSION_2 = frozenset(InvoiceRowV2.model_fields)
_page = TypeAdapter(Page[InvoiceRow])


@router.get("", name="list", response_model=Page[InvoiceRow])
def list_invoices(
    request: Request,
    svc: ServicesDep,
    held: ReadsDep,
    user: User = require("invoices.index"),
    page: str | None = Query(None, description="1-based page number"),
    version: str | None = Query(None, description="row shape version"),
) -> Response:
    """Invoices (send version=2), newest first. Clients get the version 2 row;
    operators also get number, code, status and status_label, company, date and
    total (a draft while external_id is unset)."""
    resource = RESOURCES["invoices"]
    query = query_of(resource, request.query_params.multi_items())
    body = list_page(
        held.connection, resource, user, query, parse_page(page), svc.cache
    )
    if user.is_client:
        body["data"] = [
            {k: v for k, v in row.items() if k in VERSION_2} for row in body["data"]
        ]
    content = _page.dump_json(
        _page.validate_python(body), by_alias=True, exclude_unset=True
    )
    return Response(content, media_type="application/json")


def _pdf(row: Any, tenant: Any) -> bytes:
    return invoice_pdf(
        row, tenant.name, tenant.language, status_or_default(row.status_id)
    )


@router.get(
    "/{record_id}/download",
    name="download",
    response_class=Response,
    responses={200: {"content": {"application/pdf": {}}}},
)
def download(
    record_id: str,
    svc: ServicesDep,
    tenant: TenantDep,
    user: User = require("invoices.show"),
) -> Response:
    """The invoice as PDF (permission invoices.show)."""
    row = find(svc.engine, "invoices", user, record_id)
    return Response(
        _pdf(row, tenant),
        media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{row.code}.pdf"'},
    )


def _show(svc: Any, tenant_id: str, invoice_id: str) -> dict[str, Any]:
    return invoicing.invoice_json(one(svc.engine, t.invoices, tenant_id, invoice_id))


@router.post("", status_code=201, name="create", response_model=Invoice)
def create(
    body: InvoiceIn, svc: ServicesDep, user: User = staff("invoices.store")
) -> dict[str, Any]:
    """Start a draft invoice, optionally with lines."""
    check_references(svc.engine, user.tenant_id, body.model_dump())
    invoice_id = svc.domain.invoices.create(
        user.tenant_id,
        user.id,
        CreateInvoice(
            company_id=body.company_id,
            client_id=body.client_id,
            day=body.date,
            reference_number=body.reference_number,
            lines=[line.model_dump() for line in body.lines],
        ),
    )
    svc.settle()
    return _show(svc, user.tenant_id, invoice_id)


@router.get("/{invoice_id}", name="show", response_model=Invoice)
def show(
    invoice_id: str, svc: ServicesDep, user: User = staff("invoices.show")
) -> dict[str, Any]:
    """One invoice with its lines; a draft while external_id is unset."""
    return _show(svc, user.tenant_id, invoice_id)


@router.post(
    "/{invoice_id}/lines",
    status_code=201,
    name="add-line",
    response_model=InvoiceChanged,
)
def add_line(
    invoice_id: str,
    body: LineIn,
    svc: ServicesDep,
    user: User = staff("invoices.update"),
) -> dict[str, Any]:
    """Add a line to a draft invoice."""
    one(svc.engine, t.invoices, user.tenant_id, invoice_id)
    svc.domain.invoices.add_line(user.tenant_id, user.id, invoice_id, body.model_dump())
    svc.settle()
    return {"message": invoicing.ADDED, **_show(svc, user.tenant_id, invoice_id)}


@router.delete(
    "/{invoice_id}/lines/{line_id}", name="remove-line", response_model=InvoiceChanged
)
def remove_line(
    invoice_id: str,
    line_id: str,
    svc: ServicesDep,
    user: User = staff("invoices.update"),
) -> dict[str, Any]:
    """Remove a line from a draft invoice."""
    one(svc.engine, t.invoices, user.tenant_id, invoice_id)
    svc.domain.invoicing.remove_line(user.tenant_id, user.id, invoice_id, line_id)
    svc.settle()
    return {"message": invoicing.REMOVED, **_show(svc, user.tenant_id, invoice_id)}


@invoicing_router.post(
    "/export/{invoice_id}",
    name="export",
    response_model=InvoiceExported,
    responses={200: {"content": {"application/pdf": {}}}},
)
def export(
    invoice_id: str,
    svc: ServicesDep,
    tenant: TenantDep,
    user: User = staff("invoices.update"),
) -> Any:
    """Hand a draft to accounting; the PDF when the tenant has the PDF module."""
    row = one(svc.engine, t.invoices, user.tenant_id, invoice_id)
    again = row.external_id is not None
    if not again:
        svc.domain.invoices.finalise(user.tenant_id, user.id, invoice_id, row.code)
        svc.settle()
        row = one(svc.engine, t.invoices, user.tenant_id, invoice_id)
    if tenant.modules.get(PDF_MODULE):
        return Response(
            _pdf(row, tenant),
            media_type="application/pdf",
            headers={"Content-Disposition": f'attachment; filename="{row.code}.pdf"'},
        )
    return {"reExport": again, "invoice": invoicing.invoice_json(row)}


@invoicing_router.put("/restore/{invoice_id}", name="restore", response_model=Invoice)
def restore(
    invoice_id: str, svc: ServicesDep, user: User = staff("invoices.update")
) -> dict[str, Any]:
    """Take an invoiced (unpaid) invoice back to draft."""
    one(svc.engine, t.invoices, user.tenant_id, invoice_id)
    svc.domain.invoices.restore(user.tenant_id, user.id, invoice_id)
    svc.settle()
    return _show(svc, user.tenant_id, invoice_id)


@invoicing_router.post(
    "/download-csv",
    name="download-csv",
    response_class=Response,
    responses={200: {"content": {"text/csv": {}}}},
)
def download_csv(
    body: IdList, svc: ServicesDep, user: User = staff("invoices.index")
) -> Response:
    """The chosen invoices as one CSV file."""
    i = t.invoices
    with svc.engine.connect() as connection:
        rows = list(
            connection.execute(
                select(i)
                .where(i.c.tenant_id == user.tenant_id, i.c.id.in_(body.ids))
                .order_by(i.c.number)
            )
        )
    return Response(
        invoicing.csv_of(rows),
        media_type="text/csv",
        headers={"Content-Disposition": 'attachment; filename="invoices.csv"'},
    )


@invoicing_router.get("/file/{invoice_id}", name="file", response_model=InvoiceFile)
def file(
    invoice_id: str,
    svc: ServicesDep,
    tenant: TenantDep,
    user: User = staff("invoices.show"),
) -> dict[str, str]:
    """The invoice PDF as Base64 with its Filename, for saving as a file."""
    row = one(svc.engine, t.invoices, user.tenant_id, invoice_id)
    return {
        "Base64": base64.b64encode(_pdf(row, tenant)).decode(),
        "Filename": f"{row.code}.pdf",
    }


# -- bookable invoices: snapshot, marks, credit, the seller's profile ------------
@router.get("/{invoice_id}/snapshot", name="snapshot", response_model=InvoiceSnapshot)
def snapshot(
    invoice_id: str, svc: ServicesDep, user: User = staff("invoices.show")
) -> dict[str, Any]:
    """The invoice as an accountant books it: parties, lines with unit code and
    VAT category, VAT breakdown, totals and amount due (docs/accounting.md)."""
    one(svc.engine, t.invoices, user.tenant_id, invoice_id)
    return svc.domain.invoices.snapshot(user.tenant_id, invoice_id)


@router.post("/{invoice_id}/status", name="mark", response_model=Invoice)
def mark(
    invoice_id: str,
    body: MarkIn,
    svc: ServicesDep,
    user: User = staff("invoices.update"),
) -> dict[str, Any]:
    """Mark a finalised invoice paid, outstanding or expired (409 for a draft or
    a credit invoice, 422 naming status for another value)."""
    one(svc.engine, t.invoices, user.tenant_id, invoice_id)
    svc.domain.invoices.mark(user.tenant_id, user.id, invoice_id, body.status)
    svc.settle()
    return _show(svc, user.tenant_id, invoice_id)


@router.post(
    "/{invoice_id}/credit", status_code=201, name="credit", response_model=Invoice
)
def credit(
    invoice_id: str, svc: ServicesDep, user: User = staff("invoices.update")
) -> dict[str, Any]:
    """Credit a finalised invoice in full: answers the credit invoice, issued at
    once and referencing the original. 409 for a draft, a credit invoice or an
    invoice credited before."""
    one(svc.engine, t.invoices, user.tenant_id, invoice_id)
    credit_id = svc.domain.invoices.credit(
        user.tenant_id, user.id, invoice_id, finalise=True
    )
    svc.settle()
    return _show(svc, user.tenant_id, credit_id)


@billing_router.get("", name="show", response_model=BillingProfile)
def billing_profile(
    svc: ServicesDep, user: User = staff("settings.index")
) -> dict[str, Any]:
    """The tenant as seller on its invoices (name, address, VAT and KvK number,
    electronic address, IBAN, currency, payment terms)."""
    return svc.domain.invoices.billing_profile(user.tenant_id)


@billing_router.put("", name="update", response_model=BillingProfile)
def change_billing_profile(
    body: BillingProfileIn, svc: ServicesDep, user: User = staff("settings.update")
) -> dict[str, Any]:
    """Replace the billing profile; invoices finalised before keep theirs."""
    values = body.model_dump()
    svc.domain.invoices.set_billing_profile(user.tenant_id, user.id, values)
    return svc.domain.invoices.billing_profile(user.tenant_id)
