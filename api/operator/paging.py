"""One page of a simple operator list in the portal's list envelope."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, Select, func, select

from api.errors import invalid

PAGE_SIZES = (5, 15, 25, 50, 100)


def page_args(page: int | None, per_page: int | None) -> tuple[int, int]:
    """A checked page number and page size (sizes as SPEC §9)."""
    number = page or 1
    size = per_page or 15
    if number < 1:
        raise invalid("page", "The page must be 1 or more.")
    if size not in PAGE_SIZES:
        raise invalid("per_page", "The page size must be 5, 15, 25, 50 or 100.")
    return number, size


def page_of(
    connection: Connection,
    query: Select[Any],
    shape: Callable[[Any], dict[str, Any]],
    page: int,
    per_page: int,
) -> dict[str, Any]:
    """Rows of one page with from, to, total and last_page."""
    total = int(
        connection.execute(
            select(func.count()).select_from(query.order_by(None).subquery())
        ).scalar_one()
    )
    rows = connection.execute(query.limit(per_page).offset((page - 1) * per_page))
    data = [shape(row) for row in rows]
    first = (page - 1) * per_page + 1
    return {
        "data": data,
        "from": first if data else None,
        "to": first + len(data) - 1 if data else None,
        "total": total,
        "per_page": per_page,
        "current_page": page,
        "last_page": max(1, math.ceil(total / per_page)),
    }
