"""Invoice snapshots as `invoice.finalised` carries them, for the e-invoice tests.

`snapshot(lines)` adds up the VAT breakdown and totals the way the contract
says (VAT per category and rate, rounded half up; totals are sums of the
breakdown), so each fixture is consistent by construction.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from tests.support.invoices import PROFILE

CENT = Decimal("0.01")

SELLER: dict[str, Any] = {k: v for k, v in PROFILE.items() if k != "payment_terms_days"}
BUYER: dict[str, Any] = {
    "company_id": "7c1e9a52-3f53-4a0e-9d2b-0d8a8c0f6b11",
    "name": "Northwind Trading B.V.",
    "street": "Stationsplein 10",
    "postal_code": "3511 ED",
    "city": "Utrecht",
    "country_code": "NL",
    "vat_number": "NL987654321B01",
    "kvk_number": "87654321",
    "electronic_address": {"scheme": "9944", "id": "NL987654321B01"},
    "email": "accounts@northwind.test",
    "iban": None,
}
FOREIGN_BUYER: dict[str, Any] = {
    **BUYER,
    "name": "Brugge Logistics BV",
    "street": "Markt 1",
    "postal_code": "8000",
    "city": "Brugge",
    "country_code": "BE",
    "vat_number": "BE0123456749",
    "kvk_number": None,
    "electronic_address": {"scheme": "0208", "id": "0123456749"},
}


def line(
    description: str,
    quantity: str,
    unit_price: str,
    category: str = "S",
    rate: str = "21.00",
    unit_code: str = "HUR",
    reason: str | None = None,
) -> dict[str, Any]:
    """One snapshot line, its net worked out."""
    net = (Decimal(quantity) * Decimal(unit_price)).quantize(CENT, ROUND_HALF_UP)
    return {
        "line_id": f"line-{description[:12]}",
        "description": description,
        "quantity": quantity,
        "unit_code": unit_code,
        "unit_price": unit_price,
        "net": str(net),
        "vat_category": category,
        "vat_rate": rate,
        "exemption_reason": reason,
    }


def snapshot(
    lines: list[dict[str, Any]], paid: str = "0.00", **over: Any
) -> dict[str, Any]:
    """An invoice snapshot of these lines, breakdown and totals added up."""
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for item in lines:
        key = (item["vat_category"], item["vat_rate"])
        group = groups.setdefault(
            key,
            {
                "category": key[0],
                "rate": key[1],
                "taxable": Decimal(0),
                "exemption_reason": item.get("exemption_reason"),
            },
        )
        group["taxable"] += Decimal(item["net"])
    breakdown = []
    for group in groups.values():
        vat = (group["taxable"] * Decimal(group["rate"]) / 100).quantize(
            CENT, ROUND_HALF_UP
        )
        breakdown.append({**group, "taxable": str(group["taxable"]), "vat": str(vat)})
    net = sum((Decimal(g["taxable"]) for g in breakdown), Decimal(0))
    vat_total = sum((Decimal(g["vat"]) for g in breakdown), Decimal(0))
    gross = net + vat_total
    base: dict[str, Any] = {
        "invoice_id": "3f0f3c57-6a57-4d38-9a4e-55b1d2f3e001",
        "number": "F000042",
        "kind": "invoice",
        "credited_invoice": None,
        "status": "sent",
        "currency": "EUR",
        "issue_date": "2026-11-26",
        "due_date": "2026-12-26",
        "payment_terms": {"days": 30, "note": "30 days net"},
        "reference": "PO-2026-118",
        "seller": dict(SELLER),
        "buyer": dict(BUYER),
        "lines": lines,
        "vat_breakdown": breakdown,
        "totals": {
            "net": str(net),
            "vat": str(vat_total),
            "gross": str(gross),
            "paid": paid,
            "amount_due": str(gross - Decimal(paid)),
        },
    }
    base.update(over)
    return base
