"""Counting lists and saved presets: from ticket_counts when it can, else count(*)."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy import Connection, Select, and_, case, func, select, true

from api.cache import ReadCache
from api.deps import User
from api.query.compile import Compiler
from api.query.params import BuilderError
from api.query.parse import build
from api.query.resources import RESOURCES, TICKETS
from api.query.tree import Between, Compare, InList, Missing, NullTest, Query
from projections import tables as t

COUNTED = frozenset(t.COUNT_DIMENSIONS)
BUCKETS = dataclasses.replace(TICKETS, table=t.ticket_counts)


def builder_of(filter_config: str | None) -> Any:
    """The builder object a preset's filter_config holds (JSON)."""
    raw = json.loads(filter_config or "{}")
    if isinstance(raw, dict) and isinstance(raw.get("builder"), dict):
        raw = raw["builder"]
    return raw


def preset_query(route: str, filter_config: str | None) -> Query:
    """The checked Query of a preset, or BuilderError."""
    try:
        raw = builder_of(filter_config)
    except ValueError as error:
        raise BuilderError("filter_config", "The filter is not JSON.") from error
    return build(RESOURCES[route], raw)


def from_buckets(query: Query) -> bool:
    """Whether the ticket_counts table answers this query exactly."""
    if query.search:
        return False
    for item in query.filters:
        if isinstance(item, Compare) and item.op != "like":
            column = item.field.column
        elif isinstance(item, (InList, NullTest, Between, Missing)):
            column = item.field.column
        else:
            return False
        if column not in COUNTED:
            return False
    return True


def count_statement(route: str, user: User, query: Query) -> Select[Any]:
    """The statement counting the rows a query matches for this user."""
    if route == "tickets" and from_buckets(query):
        compiler = Compiler(BUCKETS, user.scope())
        return select(func.coalesce(func.sum(t.ticket_counts.c.n), 0)).where(
            *compiler.where(query)
        )
    return Compiler(RESOURCES[route], user.scope()).count(query)


def count(connection: Connection, route: str, user: User, query: Query) -> int:
    """The number of rows a query matches for this user."""
    return int(connection.execute(count_statement(route, user, query)).scalar_one())


SAMPLE = 500
"""Rows in scope up to which a list's total is counted rather than streamed."""


@dataclass(frozen=True)
class Total:
    """A list's total: exact, or estimated when a search spans many rows."""

    value: int
    estimated: bool = False


def list_total(connection: Connection, route: str, user: User, query: Query) -> Total:
    """The total a list page shows: exact, searched or not.

    Without a free-text search it comes from ticket_counts where it can. A
    searched ticket list is counted through the search index (api/query/search.py),
    so its cost follows the matches, not the list; the other lists are short.
    The total used to be scaled up from the matches among the first SAMPLE rows
    in the list's order, which the newest rows skewed (all matching, or none):
    an estimate off by a factor of ten is not a total a user can trust.
    """
    return Total(count(connection, route, user, query))


def preset_counts(
    connection: Connection, route: str, user: User, cache: ReadCache | None = None
) -> list[dict[str, Any]]:
    """[{id, count}] for every preset of the user for that list.

    The presets ticket_counts answers are summed in one statement over the
    user's buckets (one sum per preset); the others are counted one by one.
    Parsed filters are kept in the read cache by preset and version.
    """
    p = t.table_presets
    presets = connection.execute(
        select(p.c.id, p.c.version, p.c.filter_config)
        .where(
            p.c.tenant_id == user.tenant_id, p.c.user_id == user.id, p.c.type == route
        )
        .order_by(p.c.label, p.c.id)
    ).all()
    queries: dict[str, Query | None] = {}
    for preset in presets:
        parse = partial(_parsed, route, preset.filter_config)
        key = ("preset", preset.id, preset.version)
        queries[preset.id] = cache.get(key, parse) if cache else parse()
    bucketed = {
        preset_id: query
        for preset_id, query in queries.items()
        if query is not None and route == "tickets" and from_buckets(query)
    }
    counts = _bucket_counts(connection, user, bucketed)
    for preset_id, query in queries.items():
        if query is not None and preset_id not in counts:
            counts[preset_id] = list_total(connection, route, user, query).value
    return [{"id": preset.id, "count": counts.get(preset.id)} for preset in presets]


def _parsed(route: str, filter_config: str | None) -> Query | None:
    try:
        return preset_query(route, filter_config)
    except BuilderError:
        return None  # a saved filter the list no longer accepts counts nothing


def _bucket_counts(
    connection: Connection, user: User, queries: dict[str, Query]
) -> dict[str, int]:
    """Several queries counted from ticket_counts in one statement."""
    if not queries:
        return {}
    compiler = Compiler(BUCKETS, user.scope())
    n = t.ticket_counts.c.n
    sums = [
        func.coalesce(
            func.sum(case((and_(true(), *compiler.filters(query)), n), else_=0)), 0
        )
        for query in queries.values()
    ]
    found = connection.execute(select(*sums).where(*compiler.base())).one()
    return {
        preset_id: int(value) for preset_id, value in zip(queries, found, strict=True)
    }
