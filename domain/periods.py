"""Calendar periods for contracts and subscriptions."""

from __future__ import annotations

from datetime import date, timedelta

from domain.errors import InvalidValue

PERIOD_MONTHS = {"month": 1, "quarter": 3, "half_year": 6, "year": 12}


def parse_date(value: str | None, field: str) -> date | None:
    """A YYYY-MM-DD string as a date, None for empty, else InvalidValue."""
    if value in (None, ""):
        return None
    try:
        return date.fromisoformat(str(value))
    except ValueError as error:
        raise InvalidValue(
            f"The {field} field must be a date (YYYY-MM-DD).", field
        ) from error


def check_period(period: str | None, field: str = "period") -> str | None:
    """Refuse a period name we do not know; None means no period."""
    if period in (None, "", "none"):
        return None
    if period not in PERIOD_MONTHS:
        raise InvalidValue(
            f"The {field} field must be one of {sorted(PERIOD_MONTHS)}.", field
        )
    return period


def add_months(day: date, months: int) -> date:
    """The same day some months later, clamped to the month's end."""
    month_index = day.month - 1 + months
    year, month = day.year + month_index // 12, month_index % 12 + 1
    for candidate in (31, 30, 29, 28):
        try:
            return date(year, month, min(day.day, candidate))
        except ValueError:
            continue
    raise ValueError(day)


def period_bounds(start: date, period: str, moment: date) -> tuple[date, date]:
    """The period of a schedule starting at start that contains moment."""
    months = PERIOD_MONTHS[period]
    if moment < start:
        return start, add_months(start, months) - timedelta(days=1)
    # Every bound is counted from start, never from a clamped earlier bound, so
    # a schedule from the 31st keeps the month ends and periods never overlap.
    index = ((moment.year - start.year) * 12 + moment.month - start.month) // months
    if add_months(start, index * months) > moment:
        index -= 1
    begin = add_months(start, index * months)
    return begin, add_months(start, (index + 1) * months) - timedelta(days=1)
