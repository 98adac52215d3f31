"""Priced lines, shared by quotes, invoices and subscriptions."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from domain.base import require_text
from domain.errors import InvalidValue

CENT = Decimal("0.01")


def to_decimal(value: Any, field: str) -> Decimal:
    """A money or quantity value as a Decimal, or InvalidValue naming the field."""
    try:
        number = Decimal(str(value))
    except (InvalidOperation, ValueError) as error:
        raise InvalidValue(f"The {field} field must be a number.", field) from error
    if not number.is_finite():
        raise InvalidValue(f"The {field} field must be a number.", field)
    return number


def priced_line(line_id: str, line: dict[str, Any]) -> dict[str, Any]:
    """A checked line: description, quantity, price, vat rate and its total."""
    description = require_text(line.get("description"), "description", 500)
    quantity = to_decimal(line.get("quantity", 1), "quantity")
    price = to_decimal(line.get("price", 0), "price")
    vat_rate = to_decimal(line.get("vat_rate", 21), "vat_rate")
    if quantity == 0:
        raise InvalidValue("The quantity field must not be 0.", "quantity")
    if not Decimal(0) <= vat_rate <= Decimal(100):
        raise InvalidValue("The vat_rate field must be between 0 and 100.", "vat_rate")
    return {
        "id": line_id,
        "description": description,
        "quantity": str(quantity),
        "price": str(price.quantize(CENT)),
        "vat_rate": str(vat_rate),
        "total": str((quantity * price).quantize(CENT)),
    }


def total_excl(lines: list[dict[str, Any]]) -> Decimal:
    """The sum of the lines' totals, without VAT."""
    return sum((Decimal(line["total"]) for line in lines), Decimal(0))


def total_incl(lines: list[dict[str, Any]]) -> Decimal:
    """The sum of the lines' totals with their VAT."""
    amount = sum(
        (
            Decimal(line["total"]) * (1 + Decimal(line["vat_rate"]) / 100)
            for line in lines
        ),
        Decimal(0),
    )
    return amount.quantize(CENT)
