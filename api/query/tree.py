"""The typed builder tree, checked against a list's allow-list as it is built."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from api.query.params import BuilderError
from api.query.spec import BOOL, DATE, DATETIME, FLOAT, INT, Field, Resource

PAGE_SIZES = (5, 15, 25, 50, 100)
DEFAULT_PAGE_SIZE = 15
DATE_PRESETS = ("today", "future", "past", "+1", "+2", "+3", "-1", "-2")
DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
MAX_TEXT = 200
MAX_INT = 2**62
MAX_EXPONENT = 300
"""A number filter beyond 1e300 is refused, as a float's range once did."""
Value = str | int | float | Decimal | bool | datetime | None


@dataclass(frozen=True)
class Compare:
    """field op value, with op one of = != < <= > >= like."""

    field: Field
    op: str
    value: Value


@dataclass(frozen=True)
class NullTest:
    """The field is (or is not) empty."""

    field: Field
    is_null: bool


@dataclass(frozen=True)
class InList:
    """The field equals one of the values."""

    field: Field
    values: tuple[Value, ...]


@dataclass(frozen=True)
class Between:
    """The field lies between two values, both included."""

    field: Field
    low: Value
    high: Value


@dataclass(frozen=True)
class DatePreset:
    """scheduled_at or executed_at on a named day range (today, +1, past...)."""

    name: str
    preset: str


@dataclass(frozen=True)
class ActionRequired:
    """Tickets whose SLA asks the provider to act: warned or breached, still open."""


@dataclass(frozen=True)
class SlaRemaining:
    """Tickets with at most this many business minutes left on their SLA."""

    minutes: int


@dataclass(frozen=True)
class Missing:
    """The row has no related record of that relation."""

    field: Field


@dataclass(frozen=True)
class Custom:
    """A custom value compares to a value."""

    name: str
    op: str
    value: str


@dataclass(frozen=True)
class Order:
    """Sort by a field, ascending or descending."""

    field: Field
    descending: bool


Filter = (
    Compare
    | NullTest
    | InList
    | Between
    | DatePreset
    | ActionRequired
    | SlaRemaining
    | Missing
    | Custom
)


@dataclass(frozen=True)
class Query:
    """A checked list request: filters, sort, page size and free text."""

    filters: tuple[Filter, ...]
    orders: tuple[Order, ...]
    per_page: int
    search: str | None


def coerce(field: Field, raw: Any, param: str) -> Value:
    """A parameter value as the field's type, or BuilderError naming param."""
    if isinstance(raw, (list, dict)) or raw is None:
        raise BuilderError(param, "The value must be a single value.")
    text = str(raw).strip()
    if len(text) > MAX_TEXT:
        raise BuilderError(param, "The value is too long.")
    try:
        if field.kind == INT:
            number = int(text)
            if abs(number) > MAX_INT:
                raise ValueError(text)
            return number
        if field.kind == FLOAT:
            # Exact, so money compares as stored (0.3 is 0.30, not 0.299...).
            real = Decimal(text)
            if not real.is_finite() or abs(real.adjusted()) > MAX_EXPONENT:
                raise ValueError(text)
            return real
        if field.kind == BOOL:
            if text.lower() in ("1", "true"):
                return True
            if text.lower() in ("0", "false"):
                return False
            raise ValueError(text)
        if field.kind == DATE:
            if not DAY.match(text):
                raise ValueError(text)
            date.fromisoformat(text)
            return text
        if field.kind == DATETIME:
            moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
            if moment.tzinfo is None:
                moment = moment.replace(tzinfo=UTC)
            return moment.astimezone(UTC)
    except (ValueError, OverflowError, InvalidOperation) as error:
        raise BuilderError(param, f"The value is not a valid {field.kind}.") from error
    return text


def as_list(raw: Any, param: str) -> list[Any]:
    """A parameter that must be a list."""
    if not isinstance(raw, list):
        raise BuilderError(param, "The parameter must be a list.")
    return raw


def find_field(resource: Resource, name: Any, param: str) -> Field:
    """The allowed field of that name, or BuilderError."""
    if not isinstance(name, str) or name not in resource.fields:
        raise BuilderError(param, f"Filtering on {str(name)[:40]!r} is not allowed.")
    return resource.fields[name]


def relation_field(resource: Resource, relation: Any, name: Any, param: str) -> Field:
    """The allowed field of a relation, or BuilderError."""
    if not isinstance(relation, str) or relation not in resource.relations:
        raise BuilderError(
            param, f"The relation {str(relation)[:40]!r} is not allowed."
        )
    fields = resource.relations[relation].fields
    if not isinstance(name, str) or name not in fields:
        raise BuilderError(param, f"The field {str(name)[:40]!r} is not allowed.")
    return fields[name]
