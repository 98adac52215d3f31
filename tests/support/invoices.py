"""What the invoice tests share: the seller's billing profile and a company's id."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from projections import tables as t

if TYPE_CHECKING:
    from tests.e2e.api.conftest import Portal

PROFILE: dict[str, Any] = {
    "name": "Demo IT Services B.V.",
    "street": "Keizersgracht 1",
    "postal_code": "1015 CJ",
    "city": "Amsterdam",
    "country_code": "NL",
    "vat_number": "NL123456789B01",
    "kvk_number": "12345678",
    "electronic_address": {"scheme": "0106", "id": "12345678"},
    "email": "billing@demo.test",
    "iban": "NL91ABNA0417164300",
    "payment_terms_days": 14,
}
"""A full billing profile: enough of a seller for a UBL e-invoice."""


def company_of(portal: Portal, name: str) -> str:
    """The id of the demo tenant's company of this name."""
    rows = portal.rows(t.companies, tenant_id=portal.tenant_id(), name=name)
    return str(rows[0].id)
