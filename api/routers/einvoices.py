"""E-invoices: a finalised invoice as UBL 2.1 (Peppol BIS Billing 3.0), for
operators and for portal clients with invoices.show on their own company's."""

from __future__ import annotations

from fastapi import APIRouter, Response

from api.deps import ServicesDep, User, require
from api.listing import find
from outbound.ubl import ubl_filename, ubl_invoice

router = APIRouter(prefix="/invoices", tags=["invoices"])


@router.get(
    "/{invoice_id}/ubl",
    name="ubl",
    response_class=Response,
    responses={
        200: {"content": {"application/xml": {}}},
        404: {"description": "No such invoice, or not the client's company's"},
        409: {"description": "A draft, or the seller or buyer lacks what UBL needs"},
    },
)
def ubl(
    invoice_id: str, svc: ServicesDep, user: User = require("invoices.show")
) -> Response:
    """The finalised invoice (or credit invoice) as a UBL 2.1 e-invoice; 409 for a
    draft or when the seller's or buyer's data is not enough for one."""
    row = find(svc.engine, "invoices", user, invoice_id)
    snapshot = svc.domain.invoices.snapshot(user.tenant_id, str(row.id))
    return Response(
        ubl_invoice(snapshot),
        media_type="application/xml",
        headers={
            "Content-Disposition": (f'attachment; filename="{ubl_filename(snapshot)}"')
        },
    )
