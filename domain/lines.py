"""Priced lines, shared by quotes, invoices and subscriptions."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from domain import values
from domain.base import require_text
from domain.errors import InvalidValue
from domain.values import CENT, MAX_MONEY

__all__ = ["CENT", "priced_line", "to_decimal", "total_excl", "total_incl"]


def to_decimal(value: Any, field: str) -> Decimal:
    """A range-checked number as a Decimal, or InvalidValue naming the field."""
    return values.decimal(value, field, MAX_MONEY)


def priced_line(line_id: str, line: dict[str, Any]) -> dict[str, Any]:
    """A checked line: description, quantity, price, vat rate and its total."""
    if not isinstance(line, dict):
        raise InvalidValue("Each line must be an object.", "lines")
    description = require_text(line.get("description"), "description", 500)
    quantity = values.quantity(line.get("quantity", 1), "quantity")
    price = values.money(line.get("price", 0), "price")
    vat_rate = values.percentage(line.get("vat_rate", 21), "vat_rate")
    total = (quantity * price).quantize(CENT)
    if abs(total) > MAX_MONEY:
        raise InvalidValue(f"The line total may not exceed {MAX_MONEY}.", "quantity")
    return {
        "id": line_id,
        "description": description,
        "quantity": str(quantity),
        "price": str(price),
        "vat_rate": str(vat_rate),
        "total": str(total),
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
