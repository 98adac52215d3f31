"""Checked values at the domain boundary: money, hours, minutes, text, dates.

Every command passes what a caller typed through these before it becomes an
event, so whatever an event holds, every projection handler and the relay can
apply it. Each check raises InvalidValue naming the field.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from domain.errors import InvalidValue

CENT = Decimal("0.01")
MAX_MONEY = Decimal("1000000000")
"""The largest amount (in either sign) a price, total or card may hold."""
MAX_QUANTITY = Decimal("1000000")
MAX_HOURS = Decimal("100000")
MAX_MINUTES = 60 * 24 * 366
MAX_TEXT = 10_000

# Plain or scientific decimal notation with a dot: no comma, no spaces inside.
_DECIMAL = re.compile(r"^[+-]?(\d{1,20}(\.\d{0,20})?|\.\d{1,20})([eE][+-]?\d{1,3})?$")
# C0 controls except tab, line feed and carriage return; DEL; C1 controls.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def decimal(value: Any, field: str, limit: Decimal) -> Decimal:
    """A finite number within ±limit from a JSON number or a dot-decimal string."""
    if isinstance(value, bool) or value is None:
        raise InvalidValue(f"The {field} field must be a number.", field)
    if isinstance(value, (int, float, Decimal)):
        text = str(value)
    elif isinstance(value, str):
        text = value.strip()
        if not _DECIMAL.match(text):
            raise InvalidValue(
                f"The {field} field must be a number with a dot for decimals.", field
            )
    else:
        raise InvalidValue(f"The {field} field must be a number.", field)
    # Range-check the text's size first, so no huge exponent reaches arithmetic.
    if len(text) > 40:
        raise InvalidValue(f"The {field} field is out of range.", field)
    try:
        number = Decimal(text)
    except (InvalidOperation, ValueError) as error:
        raise InvalidValue(f"The {field} field must be a number.", field) from error
    if not number.is_finite() or abs(number.adjusted()) > 20 or abs(number) > limit:
        if number.is_finite() and number.is_zero():
            return Decimal(0)
        raise InvalidValue(
            f"The {field} field must be between -{limit} and {limit}.", field
        )
    return number


def money(value: Any, field: str, *, positive: bool = False) -> Decimal:
    """An amount with at most two decimal places (a price, a card's price)."""
    amount = decimal(value, field, MAX_MONEY)
    if amount != amount.quantize(CENT):
        raise InvalidValue(
            f"The {field} field may have at most two decimal places.", field
        )
    if positive and amount < 0:
        raise InvalidValue(f"The {field} field may not be negative.", field)
    return amount.quantize(CENT)


def quantity(value: Any, field: str = "quantity", places: int = 4) -> Decimal:
    """A non-zero quantity with at most `places` decimal places."""
    number = decimal(value, field, MAX_QUANTITY)
    step = Decimal(1).scaleb(-places)
    if number != number.quantize(step):
        raise InvalidValue(
            f"The {field} field may have at most {places} decimal places.", field
        )
    if number == 0:
        raise InvalidValue(f"The {field} field must not be 0.", field)
    return number.quantize(Decimal(1)) if number == number.to_integral() else number


def percentage(value: Any, field: str) -> Decimal:
    """A rate between 0 and 100 with at most two decimal places."""
    number = decimal(value, field, Decimal(100))
    if number < 0 or number != number.quantize(CENT):
        raise InvalidValue(f"The {field} field must be between 0 and 100.", field)
    return number


def hours(value: Any, field: str = "hours") -> Decimal:
    """Positive hours that make a whole number of minutes (1.5, not 0.001)."""
    number = decimal(value, field, MAX_HOURS)
    if number <= 0:
        raise InvalidValue(f"The {field} field must be greater than 0.", field)
    if (number * 60) != (number * 60).to_integral():
        raise InvalidValue(f"The {field} field must be whole minutes.", field)
    return number


def allowance(value: Any, field: str = "quantity") -> Decimal:
    """Hours per period or on a card: zero or more, in whole minutes, exact."""
    number = decimal(value, field, MAX_HOURS)
    if number < 0:
        raise InvalidValue(f"The {field} field must be 0 or more.", field)
    if (number * 60) != (number * 60).to_integral():
        raise InvalidValue(f"The {field} field must be whole minutes.", field)
    if number == number.to_integral():
        return number.quantize(Decimal(1))
    return number.normalize()


def minutes_of(value: Any, field: str = "hours") -> int:
    """The whole minutes in a checked number of hours."""
    return int(hours(value, field) * 60)


def minutes(value: Any, field: str = "minutes", *, allow_zero: bool = False) -> int:
    """A whole, positive number of minutes (zero when allowed)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Decimal)):
        raise InvalidValue(f"The {field} field must be a whole number.", field)
    number = decimal(value, field, Decimal(MAX_MINUTES))
    if number != number.to_integral():
        raise InvalidValue(f"The {field} field must be a whole number.", field)
    if number < 0 or (number == 0 and not allow_zero):
        raise InvalidValue(f"The {field} field must be greater than 0.", field)
    return int(number)


def clean(value: str) -> str:
    """Text without control characters (tab and line breaks stay)."""
    return CONTROL.sub("", value)


def text(
    value: Any,
    field: str,
    max_length: int = MAX_TEXT,
    *,
    required: bool = True,
) -> str:
    """Stripped, valid Unicode text without control characters, bounded in length.

    A missing value is refused when required and is "" otherwise; a value that
    is not text (a number, a list, null for a required name) is refused.
    """
    if value is None:
        if required:
            raise InvalidValue(f"The {field} field is required.", field)
        return ""
    if not isinstance(value, str):
        raise InvalidValue(f"The {field} field must be text.", field)
    if _SURROGATE.search(value):
        raise InvalidValue(f"The {field} field is not valid Unicode text.", field)
    checked = clean(value).strip()
    if required and not checked:
        raise InvalidValue(f"The {field} field is required.", field)
    if len(checked) > max_length:
        raise InvalidValue(
            f"The {field} field may not be longer than {max_length} characters.", field
        )
    return checked


def text_list(
    value: Any, field: str, max_items: int = 500, max_length: int = 200
) -> list[str]:
    """A list of short texts (ids, permission names); null is refused."""
    if not isinstance(value, list) or len(value) > max_items:
        raise InvalidValue(f"The {field} field must be a list.", field)
    return [text(item, field, max_length) for item in value]


def iso_date(value: Any, field: str) -> date:
    """A calendar date as YYYY-MM-DD."""
    if isinstance(value, date) and not isinstance(value, datetime):
        return value
    if not isinstance(value, str):
        raise InvalidValue(f"The {field} field must be a date (YYYY-MM-DD).", field)
    try:
        return date.fromisoformat(value.strip()[:10])
    except ValueError as error:
        raise InvalidValue(
            f"The {field} field must be a date (YYYY-MM-DD).", field
        ) from error


def iso_datetime(value: Any, field: str) -> datetime:
    """A moment in ISO 8601 with its zone (Z or an offset)."""
    if not isinstance(value, str):
        raise InvalidValue(f"The {field} field must be an ISO date and time.", field)
    try:
        moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError as error:
        raise InvalidValue(
            f"The {field} field must be an ISO date and time.", field
        ) from error
    if moment.tzinfo is None:
        raise InvalidValue(f"The {field} field must carry a time zone.", field)
    return moment
