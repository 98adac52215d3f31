"""List, count and find over the read model, always within the caller's scope."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from sqlalchemy import Connection, Engine, select

from api.cache import ReadCache
from api.counts import list_total
from api.deps import User, visible
from api.present.common import Lookups
from api.present.rows import LIST_ROWS
from api.query.compile import Compiler
from api.query.params import BuilderError, nest
from api.query.parse import build
from api.query.resources import RESOURCES
from api.query.spec import Resource
from api.query.tree import Query

MAX_PAGE = 1_000_000


def parse_page(raw: str | None) -> int:
    """The page number, 1 when absent; anything else is a 422 on page."""
    if raw is None or raw == "":
        return 1
    try:
        page = int(raw)
    except ValueError as error:
        raise BuilderError("page", "The page must be a whole number.") from error
    if not 1 <= page <= MAX_PAGE:
        raise BuilderError("page", "The page must be 1 or more.")
    return page


def query_of(resource: Resource, items: Iterable[tuple[str, str]]) -> Query:
    """The checked Query of a request's builder[...] parameters."""
    return build(resource, nest(items))


def list_page(
    connection: Connection,
    resource: Resource,
    user: User,
    query: Query,
    page: int,
    cache: ReadCache | None = None,
) -> dict[str, Any]:
    """One page of a list in the contract's envelope."""
    compiler = Compiler(resource, user.scope())
    per_page = query.per_page
    offset = (page - 1) * per_page
    total = list_total(connection, resource.name, user, query)
    rows = list(connection.execute(compiler.rows(query).limit(per_page).offset(offset)))
    lookups = Lookups(connection, user.tenant_id, cache)
    shape = LIST_ROWS[resource.name]
    data = [shape(row, lookups) for row in rows]
    value = total.value
    if total.estimated:  # never fewer than shown, and more when the page is full
        value = max(value, offset + len(data) + (1 if len(data) == per_page else 0))
    return {
        "data": data,
        "from": offset + 1 if data else None,
        "to": offset + len(data) if data else None,
        "total": value,
        "total_is_estimate": total.estimated,
        "per_page": per_page,
        "current_page": page,
        "last_page": max(1, math.ceil(value / per_page)),
    }


def all_rows(engine: Engine, resource: Resource, user: User, query: Query) -> list[Any]:
    """Every row a query matches, shaped as list rows (for exports)."""
    compiler = Compiler(resource, user.scope())
    with engine.connect() as connection:
        rows = list(connection.execute(compiler.rows(query)))
        lookups = Lookups(connection, user.tenant_id)
        shape = LIST_ROWS[resource.name]
        return [shape(row, lookups) for row in rows]


def find(engine: Engine, name: str, user: User, record_id: str) -> Any:
    """One row of a list the user may see, else 404 (missing or not theirs)."""
    resource = RESOURCES[name]
    table = resource.table
    compiler = Compiler(resource, user.scope())
    with engine.connect() as connection:
        row = connection.execute(
            select(table).where(*compiler.base(), table.c.id == str(record_id)[:64])
        ).first()
    visible(user, row)
    return row
