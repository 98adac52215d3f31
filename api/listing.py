"""The one list path of both audiences: page, envelope, count and find, in scope.

Every list answers the same envelope (`envelope`) with pages and sizes checked
in one place (`parse_page`, `page_size`). The portal's lists (`list_page`)
fetch a page and its total in one statement and may estimate a searched
total; the operator's lists over the same registry (`builder_page`) and plain
selects (`page_of`) count exactly.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    Engine,
    Select,
    bindparam,
    func,
    select,
)

from api.cache import ReadCache
from api.counts import Total, count_statement, list_total
from api.deps import User, visible
from api.present.common import Lookups
from api.present.rows import LIST_ROWS
from api.query.compile import Compiler, Scope
from api.query.params import BuilderError, nest
from api.query.parse import build
from api.query.resources import RESOURCES
from api.query.spec import Resource
from api.query.tree import Query
from api.statements import KEPT_STATEMENTS, kept

MAX_PAGE = 1_000_000


def parse_page(raw: str | int | None) -> int:
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


def envelope(
    data: list[Any],
    page: int,
    per_page: int,
    total: int,
    estimated: bool | None = None,
    bounds: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """The list envelope every list answers; total_is_estimate where one can be,
    with the bounds the exact count lies in (total itself when exact)."""
    offset = (page - 1) * per_page
    body: dict[str, Any] = {
        "data": data,
        "from": offset + 1 if data else None,
        "to": offset + len(data) if data else None,
        "total": total,
    }
    if estimated is not None:
        body["total_is_estimate"] = estimated
    body["total_min"], body["total_max"] = bounds or (total, total)
    body["per_page"] = per_page
    body["current_page"] = page
    body["last_page"] = max(1, math.ceil(total / per_page))
    return body


def counted_page(
    connection: Connection, statement: Select[Any], page: int, per_page: int
) -> tuple[list[Any], int]:
    """The rows of one page of a sorted select, and how many rows it has in all."""
    total = connection.execute(
        select(func.count()).select_from(statement.order_by(None).subquery())
    ).scalar_one()
    rows = connection.execute(statement.limit(per_page).offset((page - 1) * per_page))
    return list(rows), int(total)


def builder_page(
    engine: Engine,
    name: str,
    tenant_id: str,
    params: Iterable[tuple[str, str]],
    shape: Callable[[list[Any]], list[dict[str, Any]]],
    extra: Iterable[ColumnElement[bool]] = (),
) -> dict[str, Any]:
    """One page of an operator's list under builder[...], with an exact total.

    The list comes from the one registry; extra narrows it further for the
    route (a setting list's kind, a plain search parameter). shape turns the
    page's rows into answers at once, so it may look up what they refer to.
    """
    items = list(params)
    resource = RESOURCES[name]
    query = query_of(resource, items)
    page = parse_page(dict(items).get("page"))
    compiler = Compiler(resource, Scope(tenant_id))
    statement = (
        select(resource.table)
        .where(*compiler.where(query), *extra)
        .order_by(*compiler.order(query))
    )
    with engine.connect() as connection:
        rows, total = counted_page(connection, statement, page, query.per_page)
        data = shape(rows)
    return envelope(data, page, query.per_page, total)


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
    """One page of a list in the contract's envelope.

    Each row carries the rows in scope: the list's total without a free-text
    search (for tickets from ticket_counts). A searched page that ends the
    list tells its own total; a full one asks `list_total`, exact while that
    is cheap, else estimated from a uniform sample of the scope, at a cost
    that does not grow with the tenant.
    """
    per_page = query.per_page
    offset = (page - 1) * per_page
    statement = kept(
        ("page", resource.name, user.scope(), query, offset),
        query,
        lambda: _page_statement(resource, user, query).limit(per_page).offset(offset),
    )
    rows = list(connection.execute(statement))
    in_scope = int(rows[0].in_scope) if rows else None
    if rows and not query.search:
        total = Total(int(rows[0].in_scope))
    elif rows and len(rows) < per_page:  # the page ends the list
        total = Total(offset + len(rows))
    elif rows or offset:  # a full page, or past the end: the rows cannot tell
        samples = cache.samples if cache else None
        total = list_total(connection, resource.name, user, query, in_scope, samples)
    else:
        total = Total(0)
    lookups = Lookups(connection, user.tenant_id, cache)
    shape = LIST_ROWS[resource.name]
    data = [shape(row, lookups) for row in rows]
    value = total.value
    bounds = None
    if total.estimated:  # never fewer than shown, and more when the page is full
        shown = offset + len(data)
        value = max(value, shown + (1 if len(data) == per_page else 0))
        low = max(shown, total.low if total.low is not None else value)
        bounds = (min(low, value), max(value, total.high or value))
    return envelope(data, page, per_page, value, total.estimated, bounds)


def _page_statement(resource: Resource, user: User, query: Query) -> Select[Any]:
    """The sorted rows, each with the rows in scope (the list without its search)."""
    scope = dataclasses.replace(query, search=None)
    in_scope = count_statement(resource.name, user, scope).scalar_subquery()
    rows = Compiler(resource, user.scope()).rows(query)
    return rows.add_columns(in_scope.label("in_scope"))


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
    with engine.connect() as connection:
        return find_in(connection, name, user, record_id)


def find_in(connection: Connection, name: str, user: User, record_id: str) -> Any:
    """`find` over a connection the caller holds (the request's read connection).

    The statement is built once per list and scope and kept (api/statements.py):
    every detail page and every write's answer finds its row this way.
    """
    scope = user.scope()
    statement = KEPT_STATEMENTS.get(
        ("find", name, scope), lambda: _find_statement(RESOURCES[name], scope)
    )
    row = connection.execute(statement, {"record_id": str(record_id)[:64]}).first()
    visible(user, row)
    return row


def _find_statement(resource: Resource, scope: Scope) -> Select[Any]:
    """One row of the list by id, within the scope's tenant and companies."""
    table = resource.table
    base = Compiler(resource, scope).base()
    return resource.read().where(*base, table.c.id == bindparam("record_id"))
