"""Counting lists and saved presets: from ticket_counts when it can, else count(*);
a searched ticket list exactly while that is cheap, else from a uniform sample."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import uuid
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
from api.query.search import ticket_documents, ticket_probe
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

EXACT_SCOPE = 2_000
"""Rows in scope up to which a searched total is counted, each row asked."""
EXACT_MATCHES = 1_000
"""Matching tickets of the tenant up to which a searched total is counted."""
SAMPLE_TARGET = 1_000
"""Rows in scope a searched total's sample aims for."""
SAMPLE_WALK = 20_000
"""The most rows of the tenant a sample reads (by id) to find them."""
Z = 4.0
"""Standard errors in an estimate's stated bound: the exact count falls
outside it about once in 15,000 samples."""


@dataclass(frozen=True)
class Total:
    """A list's total: exact, or estimated with the bounds the count lies in."""

    value: int
    estimated: bool = False
    low: int | None = None
    high: int | None = None


def list_total(
    connection: Connection,
    route: str,
    user: User,
    query: Query,
    in_scope: int | None = None,
) -> Total:
    """The total a list page shows, at a cost that does not grow with the list.

    Without a free-text search it is exact (from ticket_counts where it can).
    A searched ticket list is counted exactly when the rows in scope are few
    (each asked through the search index) or the tenant's matching tickets are
    few; otherwise it is estimated from a uniform sample of the scope
    (`sampled`), never from the newest rows: that old estimate answered
    55,715 where 4,597 tickets matched.
    """
    if not query.search or route != "tickets":
        return Total(count(connection, route, user, query))
    scope = dataclasses.replace(query, search=None)
    if in_scope is None:
        in_scope = count(connection, route, user, scope)
    compiler = Compiler(RESOURCES[route], user.scope())
    table = compiler.table
    if in_scope <= EXACT_SCOPE:
        probe = ticket_probe(table, user.scope(), query.search)
        statement = select(func.count()).where(*compiler.where(scope), probe)
        return Total(int(connection.execute(statement).scalar_one()))
    if _matching(connection, user, query.search) <= EXACT_MATCHES:
        return Total(count(connection, route, user, query))
    return sampled(connection, compiler, user, query.search, scope, in_scope)


def _matching(connection: Connection, user: User, q: str) -> int:
    """The user's documents of tickets the search matches, up to EXACT_MATCHES + 1
    (a ticket's messages count apart: an upper bound on the matching tickets)."""
    found = ticket_documents(user.scope(), q).limit(EXACT_MATCHES + 1).subquery()
    return int(connection.execute(select(func.count()).select_from(found)).scalar_one())


def sampled(
    connection: Connection,
    compiler: Compiler,
    user: User,
    search: str,
    scope: Query,
    in_scope: int,
) -> Total:
    """A searched total estimated from a uniform sample of the scope.

    Ticket ids are random (uuid4, or uuid5 of a mail), unrelated to when a
    ticket was made or what it says, so the tenant's tickets in a range of ids
    are a uniform sample of it, and those in scope one of the scope. The range
    starts where the search's hash points (the same total on every page) and
    holds about SAMPLE_TARGET rows in scope, at most SAMPLE_WALK rows. The
    bounds are a Wilson interval of Z standard errors on the share found.
    """
    table = compiler.table
    tenant_rows = _tenant_rows(connection, user.tenant_id)
    walk = min(SAMPLE_WALK, max(SAMPLE_TARGET, SAMPLE_TARGET * tenant_rows // in_scope))
    start = _start(user, search, scope)
    in_sample = and_(true(), *compiler.where(scope))
    probe = ticket_probe(table, user.scope(), search)
    seen = rows = hits = 0
    for after in (True, False):  # from the start to the end of the ids, then round
        ids = (
            select(table.c.id)
            .where(
                table.c.tenant_id == user.tenant_id,
                table.c.id >= start if after else table.c.id < start,
            )
            .order_by(table.c.id)
            .limit(walk - seen)
            .subquery()
        )
        statement = select(
            func.count(),
            func.coalesce(func.sum(case((in_sample, 1), else_=0)), 0),
            func.coalesce(func.sum(case((in_sample, case((probe, 1), else_=0)))), 0),
        ).where(table.c.tenant_id == user.tenant_id, table.c.id == ids.c.id)
        walked, found, matched = connection.execute(statement).one()
        seen, rows, hits = seen + int(walked), rows + int(found), hits + int(matched)
        if seen >= walk:
            break
    if rows == 0:  # the scope is too rare among the tenant's rows to sample
        searched = dataclasses.replace(scope, search=search)
        return Total(count(connection, "tickets", user, searched))
    return estimate(in_scope, rows, hits)


def estimate(in_scope: int, rows: int, hits: int) -> Total:
    """in_scope scaled by the share of a sample's rows that match, with bounds."""
    if rows >= in_scope:  # the whole scope was read
        return Total(hits)
    share = hits / rows
    spread = Z * Z / rows
    centre = (share + spread / 2) / (1 + spread)
    half = (Z / (1 + spread)) * math.sqrt(
        share * (1 - share) / rows + Z * Z / (4 * rows * rows)
    )
    low = max(hits, math.floor(in_scope * max(0.0, centre - half)))
    high = min(in_scope - (rows - hits), math.ceil(in_scope * min(1.0, centre + half)))
    return Total(round(in_scope * share), estimated=True, low=low, high=high)


def _tenant_rows(connection: Connection, tenant_id: str) -> int:
    """About how many tickets the tenant has (ticket_counts, so cheap)."""
    n = t.ticket_counts.c.n
    return int(
        connection.execute(
            select(func.coalesce(func.sum(n), 0)).where(
                t.ticket_counts.c.tenant_id == tenant_id
            )
        ).scalar_one()
    )


def _start(user: User, search: str, scope: Query) -> str:
    """A ticket id where the search's sample starts: the same for the same list."""
    key = repr((user.tenant_id, user.scope(), search, scope.filters))
    return str(uuid.UUID(hex=hashlib.sha256(key.encode()).hexdigest()[:32]))


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
