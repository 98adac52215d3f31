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

from sqlalchemy import (
    Connection,
    Select,
    String,
    and_,
    bindparam,
    case,
    func,
    select,
    true,
)

from api.cache import KeptSamples, ReadCache
from api.deps import User
from api.query.compile import Compiler
from api.query.params import BuilderError
from api.query.parse import build
from api.query.resources import RESOURCES, TICKETS
from api.query.search import parse
from api.query.search_lists import ticket_documents, ticket_probe
from api.query.tree import Between, Compare, InList, Missing, NullTest, Query
from api.statements import kept, timeless
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


EXACT_SCOPE = 1_000
"""Rows in scope up to which a searched total is counted, each row asked."""
EXACT_MATCHES = 1_000
"""The user's matching documents up to which a searched total is counted from
them (tried when a sample shows the list holds fewer matches than that)."""
SAMPLE_TARGET = 300
"""Rows in scope a searched total's sample aims for."""
SAMPLE_WALK = 10_000
"""The most rows of the tenant a sample reads (by id) to find them."""
Z = 4.0
"""Standard errors in an estimate's stated bound: the exact count falls
outside it about once in 15,000 samples."""
SAMPLED_COLUMNS = ("tenant_id", "id", *t.COUNT_DIMENSIONS)
"""What a sample reads of a row when the list's filters are all on these: the
tickets' sample index holds them (projections/tables.py), so no row is read."""


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
    samples: KeptSamples | None = None,
) -> Total:
    """The total a list page shows, at a cost that does not grow with the list.

    Without a free-text search it is exact (from ticket_counts where it can).
    A searched ticket list is counted exactly when the rows in scope are few
    (each asked through the search index); otherwise it is estimated from a
    uniform sample of the scope (`sampled`), never from the newest rows: that
    old estimate answered 55,715 where 4,597 tickets matched. An estimate
    whose upper bound is small is replaced by the count of the few matches.
    """
    if not query.search or route != "tickets":
        return Total(count(connection, route, user, query))
    scope = dataclasses.replace(query, search=None)
    if in_scope is None:
        in_scope = count(connection, route, user, scope)
    compiler = Compiler(RESOURCES[route], user.scope())
    if in_scope <= EXACT_SCOPE:
        probe = ticket_probe(compiler.table, user.scope(), query.search)
        statement = select(func.count()).where(*compiler.where(scope), probe)
        return Total(int(connection.execute(statement).scalar_one()))
    total = sampled(connection, user, query.search, scope, in_scope, samples)
    if total.high is not None and total.high <= EXACT_MATCHES:
        counted = _from_matches(connection, compiler, user, query.search, scope)
        if counted is not None:
            return Total(counted)
    return total


def _from_matches(
    connection: Connection, compiler: Compiler, user: User, q: str, scope: Query
) -> int | None:
    """The rows in scope whose documents match, counted from the user's matching
    documents; None when there are more than EXACT_MATCHES of those (so this
    costs at most what reading that many matches costs)."""
    terms = parse(q)
    if terms.like is None:  # a short text matches the tickets' own text too
        return None
    found = ticket_documents(user.scope(), terms).limit(EXACT_MATCHES + 1).cte()
    table = compiler.table
    documents, counted = connection.execute(
        select(
            select(func.count()).select_from(found).scalar_subquery(),
            select(func.count())
            .where(*compiler.where(scope), table.c.id.in_(select(found.c.ticket_id)))
            .scalar_subquery(),
        )
    ).one()
    return None if documents > EXACT_MATCHES else int(counted)


def sampled(
    connection: Connection,
    user: User,
    search: str,
    scope: Query,
    in_scope: int,
    samples: KeptSamples | None = None,
) -> Total:
    """A searched total estimated from a uniform sample of the scope.

    Ticket ids are random (uuid4, or uuid5 of a mail), unrelated to when a
    ticket was made or what it says, so the rows in scope whose ids fall in a
    range are a uniform sample of it. The range is as wide a share of the ids
    as SAMPLE_TARGET is of the rows in scope, starts where the list's hash
    points (the same total on every page) and ends sooner if the tenant holds
    more than SAMPLE_WALK rows in it: the tenant's tickets are walked in id
    order, on the sample index alone when the filters are on its columns, and
    each row in scope is asked through the search index. The bounds are a
    Wilson interval of Z standard errors on the share found. A list's sample
    is used again for a while (KeptSamples).
    """
    key = (user.scope(), search, scope)  # the scope names the tenant
    found = samples.get(key, in_scope) if samples is not None else None
    if found is not None:
        return estimate(in_scope, *found)
    statement, window = _sample(user, search, scope, in_scope)
    rows, hits = connection.execute(statement, window).one()
    if rows == 0:  # the scope is too rare among the tenant's rows to sample
        searched = dataclasses.replace(scope, search=search)
        return Total(count(connection, "tickets", user, searched))
    if samples is not None and rows < in_scope and timeless(scope):
        # an estimate of a list that keeps its meaning (a sample of the whole
        # scope is its count)
        samples.put(key, in_scope, int(rows), int(hits))
    return estimate(in_scope, int(rows), int(hits))


def _sample(
    user: User, search: str, scope: Query, in_scope: int
) -> tuple[Select[Any], dict[str, str]]:
    """The statement `sampled` runs, and the ids of its window.

    The window's width follows the rows in scope, which move with every ticket
    that enters or leaves the list: its ids are bound when the statement runs,
    so one statement per list is built and kept, not one per count in scope.
    """
    share = min(1.0, SAMPLE_TARGET / in_scope)
    start = _start(user, search, scope) * (1 - share)
    window = {"sample_low": _id_at(start)}
    if start + share < 1:
        window["sample_high"] = _id_at(start + share)
    bounded = "sample_high" in window
    statement = kept(
        ("sample", user.scope(), search, scope, bounded),
        scope,
        lambda: _sample_statement(user, search, scope, bounded),
    )
    return statement, window


def _sample_statement(
    user: User, search: str, scope: Query, bounded: bool
) -> Select[Any]:
    """The rows `sampled` reads in a window of ids (bound as sample_low and,
    when bounded, sample_high) and how many of them match the search."""
    tickets = RESOURCES["tickets"].table
    narrow = from_buckets(scope) and parse(search).like is not None
    columns = [tickets.c[name] for name in SAMPLED_COLUMNS] if narrow else [tickets]
    window = [
        tickets.c.tenant_id == user.tenant_id,
        tickets.c.id >= bindparam("sample_low", type_=String),
    ]
    if bounded:
        window.append(tickets.c.id < bindparam("sample_high", type_=String))
    walked = (
        select(*columns)
        .where(*window)
        .order_by(tickets.c.id)
        .limit(SAMPLE_WALK)
        .subquery()
    )
    sample = Compiler(dataclasses.replace(TICKETS, table=walked), user.scope())  # type: ignore[arg-type]
    probe = ticket_probe(walked, user.scope(), search)
    return (
        select(func.count(), func.coalesce(func.sum(case((probe, 1), else_=0)), 0))
        .select_from(walked)
        .where(*sample.where(scope))
    )


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


def _start(user: User, search: str, scope: Query) -> float:
    """Where in the ids the search's sample starts, in [0, 1): the same for the
    same list."""
    key = repr((user.tenant_id, user.scope(), search, scope.filters))
    return int(hashlib.sha256(key.encode()).hexdigest()[:13], 16) / 16**13


def _id_at(share: float) -> str:
    """The id that share of the way through the uuids (as text, they sort so)."""
    return str(uuid.UUID(int=min(int(share * 2**128), 2**128 - 1)))


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
    samples = cache.samples if cache else None
    for preset_id, query in queries.items():
        if query is not None and preset_id not in counts:
            total = list_total(connection, route, user, query, samples=samples)
            counts[preset_id] = total.value
    # a saved filter the list no longer accepts counts nothing (see `_parsed`)
    return [{"id": preset.id, "count": counts.get(preset.id, 0)} for preset in presets]


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
    listed = list(queries.values())
    statement = kept(
        ("buckets", user.scope(), tuple(listed)),
        listed,
        partial(_bucket_statement, user, listed),
    )
    found = connection.execute(statement).one()
    return {
        preset_id: int(value) for preset_id, value in zip(queries, found, strict=True)
    }


def _bucket_statement(user: User, queries: list[Query]) -> Select[Any]:
    """One sum over the user's buckets per query (kept: building the CASE of
    each preset took longer than running the statement)."""
    compiler = Compiler(BUCKETS, user.scope())
    n = t.ticket_counts.c.n
    sums = [
        func.coalesce(
            func.sum(case((and_(true(), *compiler.filters(query)), n), else_=0)), 0
        )
        for query in queries
    ]
    return select(*sums).where(*compiler.base())
