"""Invoices on the operator side: drafts and their lines, export, restore, CSV."""

from __future__ import annotations

import base64
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel, Field
from sqlalchemy import select

from api.deps import ServicesDep, TenantDep, User, staff
from api.operator import invoicing
from api.operator.records import one
from api.operator.references import check_references
from api.pdf import invoice_pdf
from domain.invoices import status_or_default
from projections import tables as t

invoices = APIRouter(prefix="/invoices", tags=["operator-invoices"])
exports = APIRouter(prefix="/invoicing", tags=["operator-invoicing"])
PDF_MODULE = "mod_invoice_export_pdf"


class LineIn(BaseModel):
    description: str = Field(max_length=500)
    quantity: float | str = "1"
    price: float | str = "0"
    vat_rate: float | str = "21"


class InvoiceIn(BaseModel):
    company_id: str | None = None
    client_id: str | None = None
    date: str | None = None
    reference_number: str = Field("", max_length=100)
    lines: list[LineIn] = []


class Ids(BaseModel):
    ids: list[str] = Field(min_length=1, max_length=500)


def _show(svc: Any, tenant_id: str, invoice_id: str) -> dict[str, Any]:
    return invoicing.invoice_json(one(svc.engine, t.invoices, tenant_id, invoice_id))


@invoices.post("", status_code=201, name="create")
def create(
    body: InvoiceIn, svc: ServicesDep, user: User = staff("invoices.store")
) -> dict[str, Any]:
    """Start a draft invoice, optionally with lines."""
    check_references(svc.engine, user.tenant_id, body.model_dump())
    invoice_id = svc.domain.create_invoice(
        user.tenant_id,
        user.id,
        body.company_id,
        body.client_id,
        body.date,
        body.reference_number,
        [line.model_dump() for line in body.lines],
    )
    svc.settle()
    return _show(svc, user.tenant_id, invoice_id)


@invoices.get("/{invoice_id}", name="show")
def show(
    invoice_id: str, svc: ServicesDep, user: User = staff("invoices.show")
) -> dict[str, Any]:
    """One invoice with its lines; a draft while external_id is unset."""
    return _show(svc, user.tenant_id, invoice_id)


@invoices.post("/{invoice_id}/lines", status_code=201, name="add-line")
def add_line(
    invoice_id: str,
    body: LineIn,
    svc: ServicesDep,
    user: User = staff("invoices.update"),
) -> dict[str, Any]:
    """Add a line to a draft invoice."""
    one(svc.engine, t.invoices, user.tenant_id, invoice_id)
    svc.domain.add_invoice_line(user.tenant_id, user.id, invoice_id, body.model_dump())
    svc.settle()
    return {"message": invoicing.ADDED, **_show(svc, user.tenant_id, invoice_id)}


@invoices.delete("/{invoice_id}/lines/{line_id}", name="remove-line")
def remove_line(
    invoice_id: str,
    line_id: str,
    svc: ServicesDep,
    user: User = staff("invoices.update"),
) -> dict[str, Any]:
    """Remove a line from a draft invoice."""
    one(svc.engine, t.invoices, user.tenant_id, invoice_id)
    svc.domain.remove_invoice_line(user.tenant_id, user.id, invoice_id, line_id)
    svc.settle()
    return {"message": invoicing.REMOVED, **_show(svc, user.tenant_id, invoice_id)}


def _pdf(row: Any, tenant: Any) -> bytes:
    return invoice_pdf(
        row, tenant.name, tenant.language, status_or_default(row.status_id)
    )


@exports.post(
    "/export/{invoice_id}",
    name="export",
    responses={200: {"content": {"application/pdf": {}, "application/json": {}}}},
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
        svc.domain.finalise_invoice(user.tenant_id, user.id, invoice_id, row.code)
        svc.settle()
        row = one(svc.engine, t.invoices, user.tenant_id, invoice_id)
    if tenant.modules.get(PDF_MODULE):
        return Response(
            _pdf(row, tenant),
            media_type="application/pdf",
            headers={"Content-Disposition": f'attachment; filename="{row.code}.pdf"'},
        )
    return {"reExport": again, "invoice": invoicing.invoice_json(row)}


@exports.put("/restore/{invoice_id}", name="restore")
def restore(
    invoice_id: str, svc: ServicesDep, user: User = staff("invoices.update")
) -> dict[str, Any]:
    """Take an invoiced (unpaid) invoice back to draft."""
    one(svc.engine, t.invoices, user.tenant_id, invoice_id)
    svc.domain.restore_invoice(user.tenant_id, user.id, invoice_id)
    svc.settle()
    return _show(svc, user.tenant_id, invoice_id)


@exports.post("/download-csv", name="download-csv", response_class=Response)
def download_csv(
    body: Ids, svc: ServicesDep, user: User = staff("invoices.index")
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


@exports.get("/file/{invoice_id}", name="file")
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
