"""Invoices (version 2 rows) and the invoice PDF."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from api.deps import ServicesDep, TenantDep, User, require
from api.listing import find
from api.pdf import invoice_pdf
from api.routers.lists import add_list
from api.schemas import InvoiceRow
from domain.invoices import status_or_default

router = APIRouter(prefix="/invoices", tags=["invoices"])
add_list(router, "invoices", InvoiceRow, "Invoices (send version=2), newest first.")


def _pdf(record_id: str, svc: ServicesDep, tenant: TenantDep, user: User) -> Response:
    row = find(svc.engine, "invoices", user, record_id)
    pdf = invoice_pdf(
        row, tenant.name, tenant.language, status_or_default(row.status_id)
    )
    return Response(
        pdf,
        media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{row.code}.pdf"'},
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
    return _pdf(record_id, svc, tenant, user)
