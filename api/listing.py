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

from sqlalchemy import ColumnElement, Connection, Engine, Select, func, select

from api.cache import ReadCache
from api.counts import SAMPLE, Total, count_statement, list_total
from api.deps import User, visible
from api.present.common import Lookups
from api.present.rows import LIST_ROWS
from api.query.compile import Compiler, Scope
from api.query.params import BuilderError, nest
from api.query.parse import build
from api.query.resources import RESOURCES
from api.query.spec import Resource
from api.query.tree import Query

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
) -> dict[str, Any]:
    """The list envelope every list answers; total_is_estimate where one can be."""
    offset = (page - 1) * per_page
    body: dict[str, Any] = {
        "data": data,
        "from": offset + 1 if data else None,
        "to": offset + len(data) if data else None,
        "total": total,
    }
    if estimated is not None:
        body["total_is_estimate"] = estimated
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
    """One page of a list in the contract's envelope, in one statement.

    Each row carries the list's total (exact, for tickets from ticket_counts).
    Under a free-text search each row carries the rows the other filters leave
    (in_scope); a page that ends the list tells its total, a full one asks
    `list_total`: exact while that is cheap, else estimated from a uniform
    sample of the scope, at a cost that does not grow with the tenant.
    """
    per_page = query.per_page
    offset = (page - 1) * per_page
    # a searched list is counted exactly (list_total), never scaled from a sample
    streams_windows = connection.dialect.name != "sqlite" and not query.search
    statement = _page_statement(resource, user, query, streams_windows)
    rows = list(connection.execute(statement.limit(per_page).offset(offset)))
    total = _total(query, rows, offset, per_page, streams_windows)
    if (not rows and offset) or (
        total.estimated and (not streams_windows or rows[0].in_scope <= SAMPLE)
    ):
        # past the end the rows cannot tell the total; a short list is counted
        in_scope = int(rows[0].in_scope) if rows else None
        total = list_total(connection, resource.name, user, query, in_scope)
    lookups = Lookups(connection, user.tenant_id, cache)
    shape = LIST_ROWS[resource.name]
    data = [shape(row, lookups) for row in rows]
    value = total.value
    if total.estimated:  # never fewer than shown, and more when the page is full
        value = max(value, offset + len(data) + (1 if len(data) == per_page else 0))
    return envelope(data, page, per_page, value, total.estimated)


def _page_statement(
    resource: Resource, user: User, query: Query, streams_windows: bool
) -> Select[Any]:
    """The sorted rows, each with in_scope (and, searching where the database
    streams window functions, scanned)."""
    compiler = Compiler(resource, user.scope())
    scope = dataclasses.replace(query, search=None)
    in_scope = count_statement(resource.name, user, scope).scalar_subquery()
    if not query.search or not streams_windows:
        return compiler.rows(query).add_columns(in_scope.label("in_scope"))
    ranked = (
        select(
            resource.table,
            func.row_number().over(order_by=compiler.order(query)).label("scanned"),
            in_scope.label("in_scope"),
        )
        .where(*compiler.where(scope))
        .subquery()
    )
    # the same list over the ranked rows: its search and order, by column name
    over_ranked = dataclasses.replace(resource, table=ranked)  # type: ignore[arg-type]
    outer = Compiler(over_ranked, user.scope())
    return (
        select(ranked).where(outer.search(query.search)).order_by(*outer.order(query))
    )


def _total(
    query: Query, rows: list[Any], offset: int, per_page: int, streams_windows: bool
) -> Total:
    if not rows:
        return Total(0)
    in_scope = int(rows[0].in_scope)
    if not query.search:
        return Total(in_scope)
    found = offset + len(rows)
    if not streams_windows:  # a short page ends the list; a full one needs list_total
        return Total(found, estimated=len(rows) == per_page)
    scanned = int(rows[-1].scanned)
    if len(rows) < per_page or scanned >= in_scope:  # the scope ran out: exact
        return Total(found)
    return Total(round(found * in_scope / scanned), estimated=True)


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
    """`find` over a connection the caller holds (the request's read connection)."""
    resource = RESOURCES[name]
    table = resource.table
    compiler = Compiler(resource, user.scope())
    row = connection.execute(
        select(table).where(*compiler.base(), table.c.id == str(record_id)[:64])
    ).first()
    visible(user, row)
    return row
