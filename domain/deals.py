"""Deals, projects and the products used on them (SPEC §2.1, §3.1, §4, §7.3).

A deal is a sale in the making (a description, for a company and client); a project
is the work that follows; a used product is a product, fixed price or calculation
booked on a ticket, project or deal, invoiced at its invoice moment.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, ClassVar

from eventsourcing.domain import event

from domain import values
from domain.base import LedgerAggregate, require_text
from domain.errors import InvalidTransition, InvalidValue
from domain.values import MAX_MONEY

INVOICE_MOMENTS = {1: "quote accepted", 2: "start of phase", 3: "end of phase"}
"""When a used product is invoiced (SPEC §4)."""

USED_PRODUCT_TYPES = {1: "product", 2: "fixed price", 3: "calculation"}
"""What a used product is (SPEC §4)."""

PRODUCT, FIXED_PRICE, CALCULATION = 1, 2, 3


def _number(value: Any, field: str, *, positive: bool, places: int) -> str:
    """A decimal as text; a non-number or one out of range names the field."""
    # A comma is refused, not read as a decimal point (the UI sends a dot).
    number = values.decimal(value, field, MAX_MONEY)
    # The read model keeps these exactly to this many places, so no more are taken.
    if number != number.quantize(Decimal(1).scaleb(-places)):
        raise InvalidValue(
            f"The {field} field may have at most {places} decimal places.", field
        )
    if positive and number <= 0:
        raise InvalidValue(f"The {field} field must be greater than 0.", field)
    if not positive and number < 0:
        raise InvalidValue(f"The {field} field must be at least 0.", field)
    return str(number)


def _choice(value: Any, field: str, choices: dict[int, str]) -> int:
    try:
        chosen = int(value)
    except (TypeError, ValueError):
        raise InvalidValue(f"The selected {field} is invalid.", field) from None
    if chosen not in choices:
        raise InvalidValue(f"The selected {field} is invalid.", field)
    return chosen


class Engagement(LedgerAggregate):
    """What deals, projects and used products share: checked fields, change, remove."""

    allowed_fields: ClassVar[frozenset[str]] = frozenset()
    removed = False
    fields: dict[str, Any]

    @classmethod
    def checked(cls, fields: dict[str, Any], partial: bool) -> dict[str, Any]:
        """The fields as stored; unknown ones and bad values name their field."""
        unknown = set(fields) - cls.allowed_fields
        if unknown:
            field = sorted(unknown)[0]
            raise InvalidValue(f"The {field} field is not known here.", field)
        out = dict(fields)
        if not partial or "description" in out:
            text = out.get("description")
            out["description"] = require_text(text, "description", 250)
        return out

    def change(self, actor: str, changes: dict[str, Any]) -> None:
        """Change fields; only differences are recorded."""
        if self.removed:
            raise InvalidTransition("A removed record cannot be changed.")
        checked = self.checked(changes, partial=True)
        changed = {k: v for k, v in checked.items() if self.fields.get(k) != v}
        if changed:
            self._changed(actor=actor, changes=changed)

    @event("Changed")
    def _changed(self, actor: str, changes: dict[str, Any]) -> None:
        self.fields.update(changes)

    def remove(self, actor: str) -> None:
        """Remove the record; it leaves every list."""
        if self.removed:
            raise InvalidTransition("Already removed.")
        self._removed(actor=actor)

    @event("Removed")
    def _removed(self, actor: str) -> None:
        self.removed = True


class Deal(Engagement):
    """A sale in the making for a company and client."""

    allowed_fields = frozenset({"description", "company_id", "client_id"})

    @event("Opened")
    def __init__(self, tenant_id: str, actor: str, fields: dict[str, Any]) -> None:
        self.tenant_id = tenant_id
        self.fields = {name: None for name in self.allowed_fields}
        self.fields.update(fields)

    @classmethod
    def open(cls, tenant_id: str, actor: str, fields: dict[str, Any]) -> Deal:
        """Open a deal with at least a description."""
        return cls(tenant_id=tenant_id, actor=actor, fields=cls.checked(fields, False))


class Project(Engagement):
    """The work for a company, often following a won deal."""

    allowed_fields = frozenset({"description", "company_id", "deal_id"})

    @event("Started")
    def __init__(self, tenant_id: str, actor: str, fields: dict[str, Any]) -> None:
        self.tenant_id = tenant_id
        self.fields = {name: None for name in self.allowed_fields}
        self.fields.update(fields)

    @classmethod
    def start(cls, tenant_id: str, actor: str, fields: dict[str, Any]) -> Project:
        """Start a project with at least a description."""
        return cls(tenant_id=tenant_id, actor=actor, fields=cls.checked(fields, False))


class UsedProduct(Engagement):
    """A product, fixed price or calculation booked for a company, to be invoiced."""

    allowed_fields = frozenset(
        {
            "description",
            "company_id",
            "product_id",
            "ticket_id",
            "project_id",
            "deal_id",
            "quantity",
            "price",
            "type",
            "invoice_moment",
        }
    )

    @classmethod
    def checked(cls, fields: dict[str, Any], partial: bool) -> dict[str, Any]:
        """Quantity above 0, price at least 0, type and invoice moment from SPEC §4."""
        out = super().checked(fields, partial)
        defaults = {"quantity": "1", "price": "0", "type": PRODUCT, "invoice_moment": 1}
        for name, default in defaults.items():
            if not partial:
                out.setdefault(name, default)
            if name in out and out[name] is None:
                out[name] = default
        if "quantity" in out:
            out["quantity"] = _number(
                out["quantity"], "quantity", positive=True, places=4
            )
        if "price" in out:
            out["price"] = _number(out["price"], "price", positive=False, places=2)
        if "type" in out:
            out["type"] = _choice(out["type"], "type", USED_PRODUCT_TYPES)
        if "invoice_moment" in out:
            out["invoice_moment"] = _choice(
                out["invoice_moment"], "invoice_moment", INVOICE_MOMENTS
            )
        return out

    @event("Registered")
    def __init__(self, tenant_id: str, actor: str, fields: dict[str, Any]) -> None:
        self.tenant_id = tenant_id
        self.fields = {name: None for name in self.allowed_fields}
        self.fields.update(fields)

    @classmethod
    def register(
        cls, tenant_id: str, actor: str, fields: dict[str, Any]
    ) -> UsedProduct:
        """Book a used product: by default 1 product at 0, invoiced on acceptance."""
        return cls(tenant_id=tenant_id, actor=actor, fields=cls.checked(fields, False))


def invoiced_quantity(kind: int, quantity: str) -> str:
    """The quantity a used product is invoiced with: a fixed price counts once."""
    return "1" if kind == FIXED_PRICE else quantity
