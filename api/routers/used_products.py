"""Used products for operators: the deal routes, and putting them on invoices."""

from __future__ import annotations

from typing import Any

from api.actions import invoicing
from api.deps import ServicesDep, User, staff
from api.errors import ApiError
from api.models.commerce import IdList, UsedProduct
from api.models.tickets import Invoiced
from api.present import engagements as shape
from api.records import one
from api.routers.deals import engagement_router
from domain.deals import invoiced_quantity
from projections import tables as t


def _used_product(svc: Any, user: User, record_id: str) -> Any:
    return one(svc.engine, t.used_products, user.tenant_id, record_id)


router = engagement_router(
    "used-products", t.used_products, shape.used_product, UsedProduct
)


@router.post("/invoice", name="invoice", response_model=Invoiced)
def invoice(
    body: IdList,
    svc: ServicesDep,
    user: User = staff("used-products.update", "invoices.update"),
) -> dict[str, Any]:
    """Put the used products on their company's draft invoice, one line each."""
    on = invoicing.invoiced_sources(svc, user.tenant_id)
    items: list[tuple[str | None, str | None, dict[str, Any]]] = []
    for record_id in body.ids:
        row = _used_product(svc, user, record_id)
        if ("used_product", row.id) in on:
            raise ApiError(409, "The used product is already on an invoice.")
        line = {
            "description": row.description,
            "quantity": invoiced_quantity(row.type, str(row.quantity)),
            "price": str(row.price),
            "source": {"type": "used_product", "id": row.id},
        }
        items.append((row.company_id, None, line))
    touched = invoicing.add_lines(svc, user, items)
    return {"message": invoicing.ADDED, "invoice_ids": touched}


@router.post("/deinvoice", name="deinvoice", response_model=Invoiced)
def deinvoice(
    body: IdList,
    svc: ServicesDep,
    user: User = staff("used-products.update", "invoices.update"),
) -> dict[str, Any]:
    """Take the used products off their draft invoices."""
    for record_id in body.ids:
        _used_product(svc, user, record_id)
    touched = invoicing.remove_sources(svc, user, "used_product", body.ids)
    return {"message": invoicing.REMOVED, "invoice_ids": touched}
