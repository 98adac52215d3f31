"""Shaping deals, projects and used products from their read-model rows."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from api.present.common import amount, iso, party
from domain.deals import INVOICE_MOMENTS, USED_PRODUCT_TYPES, invoiced_quantity
from domain.values import CENT


def _stamps(row: Any) -> dict[str, Any]:
    return {
        "version": row.version,
        "created_at": iso(row.created_at),
        "updated_at": iso(row.updated_at),
    }


def deal(row: Any) -> dict[str, Any]:
    """A deal: description, company and client."""
    return {
        "id": row.id,
        "description": row.description,
        "company_id": row.company_id,
        "company": party(row.company_id, row.company_name),
        "client_id": row.client_id,
        "client": party(row.client_id, row.client_name, "full_name"),
        **_stamps(row),
    }


def project(row: Any) -> dict[str, Any]:
    """A project: description, company and the deal it came from."""
    return {
        "id": row.id,
        "description": row.description,
        "company_id": row.company_id,
        "company": party(row.company_id, row.company_name),
        "deal_id": row.deal_id,
        **_stamps(row),
    }


def used_product(row: Any) -> dict[str, Any]:
    """A used product with its type and invoice moment named, and its line total."""
    quantity = invoiced_quantity(row.type, str(row.quantity))
    return {
        "id": row.id,
        "description": row.description,
        "company_id": row.company_id,
        "company": party(row.company_id, row.company_name),
        "product_id": row.product_id,
        "ticket_id": row.ticket_id,
        "project_id": row.project_id,
        "deal_id": row.deal_id,
        "quantity": amount(row.quantity),
        "price": amount(row.price),
        "total": amount((Decimal(quantity) * row.price).quantize(CENT)),
        "type": row.type,
        "type_label": USED_PRODUCT_TYPES.get(row.type),
        "invoice_moment": row.invoice_moment,
        "invoice_moment_label": INVOICE_MOMENTS.get(row.invoice_moment),
        **_stamps(row),
    }
