"""A searched list's total is the exact count, or an estimate whose bounds hold
the count, however the matches lie.

The total once was the share of matches among the newest rows scaled to the
list: with the newest rows all matching it answered ten times too many. Here
hypothesis draws lists where the newest rows all match, none do, or matches are
spread evenly, over tickets whose own text, client-visible reply or internal
note holds the word, and compares the API's total with Python's count, for an
operator and for a portal client: exact at this size, and with the limits of
exact counting and of the sample made small, an estimate (api/counts.py
`sampled`) whose stated bounds hold the count.
"""

from __future__ import annotations

import random
import re
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, insert, select

import api.counts
import api.deps
import api.listing
import api.statements
from api.query.parse import build
from api.query.resources import RESOURCES
from projections import tables as t
from tests.e2e.api.conftest import Portal

START = datetime(2025, 1, 1, tzinfo=UTC)
WHERE = ("none", "description", "reply", "note")


def _layout(shape: str, n: int, share: float, where: list[str]) -> list[str]:
    """Where each ticket (oldest first) holds the word: skewed as drawn."""
    hits = round(n * share)
    if shape == "newest":  # the newest rows all match, the rest none
        marks = [False] * (n - hits) + [True] * hits
    elif shape == "oldest":  # the newest rows match none
        marks = [True] * hits + [False] * (n - hits)
    else:  # spread evenly
        marks = [(i * hits) // n != ((i + 1) * hits) // n for i in range(n)]
    return [where[i % len(where)] if mark else "none" for i, mark in enumerate(marks)]


def _store(
    portal: Portal, places: list[str], companies: list[str], rng: random.Random
) -> list[dict[str, Any]]:
    """The tickets as the domain names them: random ids (uuid4), oldest first."""
    tenant_id = portal.tenant_id()
    tickets, documents, expected = [], [], []
    for i, place in enumerate(places):
        number = i + 1
        ticket_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        reference = f"S-{number:06d}"
        description = "printer jams" if place == "description" else "monitor flickers"
        company = companies[i % len(companies)]
        moment = START + timedelta(minutes=i)
        tickets.append(
            {
                "tenant_id": tenant_id,
                "id": ticket_id,
                "number": number,
                "reference": reference,
                "description": description,
                "search": f"{reference} {description}".lower(),
                "company_id": company,
                "status_id": 1 + i % 2,
                "status_type": 1,
                "is_template": False,
                "deleted": False,
                "custom_values": {},
                "message_count": 1,
                "created_at": moment,
                "updated_at": moment,
                "version": 1,
            }
        )
        base = {
            "tenant_id": tenant_id,
            "ticket_id": ticket_id,
            "company_id": company,
            "deleted": False,
            "language": "english",
            "updated_at": moment,
        }
        documents.append(
            {
                **base,
                "id": ticket_id,
                "kind": "ticket",
                "record_id": ticket_id,
                "visible_to_client": True,
                "title": f"{reference} {description}",
                "text": "",
                "ref": f"{reference} {description}".lower(),
            }
        )
        text = "the printer was replaced" if place in ("reply", "note") else "done"
        documents.append(
            {
                **base,
                "id": f"{ticket_id}/m",
                "kind": "message",
                "record_id": f"m-{number:06d}",
                "visible_to_client": place != "note",
                "title": "",
                "text": text,
                "ref": "",
            }
        )
        expected.append({**tickets[-1], "place": place})
    with portal.svc.engine.begin() as connection:
        for table in (t.tickets, t.ticket_counts, t.search_documents):
            connection.execute(delete(table).where(table.c.tenant_id == tenant_id))
        if tickets:
            connection.execute(insert(t.tickets), tickets)
            connection.execute(insert(t.search_documents), documents)
            connection.execute(insert(t.ticket_counts), _buckets(tickets))
    return expected


def _buckets(tickets: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """ticket_counts as the projection keeps it: the lists' counts in scope."""
    counted = Counter(
        tuple(ticket.get(d) for d in t.COUNT_DIMENSIONS) for ticket in tickets
    )
    rows = []
    for values, n in counted.items():
        row = dict(zip(t.COUNT_DIMENSIONS, values, strict=True))
        rows.append(
            {"tenant_id": tickets[0]["tenant_id"], "bucket": t.bucket_key(row), **row}
            | {"n": n}
        )
    return rows


SMALL = {
    "EXACT_SCOPE": 5,
    "EXACT_MATCHES": 3,
    "SAMPLE_TARGET": 12,
    "SAMPLE_WALK": 40,
}
"""Limits of exact counting and of the sample far below the lists drawn."""


@contextmanager
def _totals(small: bool) -> Iterator[list[api.counts.Total]]:
    """The totals list_total answers, with its limits made small if asked."""
    seen: list[api.counts.Total] = []

    def kept(*args: Any, **kwargs: Any) -> api.counts.Total:
        total = api.counts.list_total(*args, **kwargs)
        seen.append(total)
        return total

    with ExitStack() as stack:
        stack.enter_context(patch.object(api.listing, "list_total", kept))
        if small:
            stack.enter_context(patch.multiple(api.counts, **SMALL))  # type: ignore[arg-type]
        yield seen


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    shape=st.sampled_from(["newest", "oldest", "even"]),
    n=st.integers(0, 120),
    share=st.sampled_from([0.0, 0.05, 0.3, 1.0]),
    where=st.lists(st.sampled_from(WHERE[1:]), min_size=1, max_size=3),
    status=st.none() | st.sampled_from([1, 2]),
    size=st.sampled_from([5, 15]),
    small=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_a_searched_total_is_the_count_or_bounds_it(
    portal: Portal,
    operator: dict[str, str],
    client_a: dict[str, str],
    shape: str,
    n: int,
    share: float,
    where: list[str],
    status: int | None,
    size: int,
    small: bool,
    seed: int,
) -> None:
    layout = _layout(shape, n, share, where)
    params = (status, size, small, seed)
    for estimated in _check(portal, operator, client_a, layout, *params):
        event("estimated" if estimated else "exact")


def test_a_long_searched_list_is_estimated_within_its_bounds(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    for shape in ("newest", "oldest", "even"):
        layout = _layout(shape, 120, 0.3, ["description", "reply", "note"])
        estimated = _check(portal, operator, client_a, layout, None, 5, True, 7)
        assert estimated[0], "the operator's list is longer than counting allows"


def _check(
    portal: Portal,
    operator: dict[str, str],
    client_a: dict[str, str],
    layout: list[str],
    status: int | None,
    size: int,
    small: bool,
    seed: int,
) -> list[bool]:
    """Store the layout, ask both audiences' searched list; whether estimated."""
    with portal.svc.engine.connect() as connection:
        companies = list(
            connection.execute(
                select(t.companies.c.id)
                .where(t.companies.c.tenant_id == portal.tenant_id())
                .order_by(t.companies.c.name)
            ).scalars()
        )
    client_company = portal.rows(t.users, email="client@demo.test")[0].company_id
    rows = _store(portal, layout, companies, random.Random(seed))
    # the rows went straight into the tables, not through events and with the
    # last example's count in scope: a sample kept from it is of other rows
    portal.svc.cache.samples.clear()
    params: dict[str, Any] = {"builder[s]": "printer", "builder[paginate]": size}
    if status is not None:
        params["builder[where][0][]"] = ["status_id", "=", str(status)]
    estimated = []
    for headers, sees in (
        (operator, lambda r: r["place"] != "none"),
        (
            client_a,
            lambda r: (
                r["company_id"] == client_company
                and r["place"] in ("description", "reply")
            ),
        ),
    ):
        expected = [
            r for r in rows if sees(r) and (status is None or r["status_id"] == status)
        ]
        with _totals(small) as totals:
            body = portal.get("/api/tickets", headers, params=params).json()
        assert len(body["data"]) == min(size, len(expected))
        estimated.append(body["total_is_estimate"])
        # the answer states the bounds: the exact count lies within them
        assert body["total_min"] <= len(expected) <= body["total_max"]
        assert body["total_min"] <= body["total"] <= body["total_max"]
        if not body["total_is_estimate"]:
            assert body["total"] == len(expected)
            continue
        assert small, "a list this short is counted"
        (total,) = totals
        assert total.estimated and total.low is not None and total.high is not None
        assert total.low <= len(expected) <= total.high
        shown = len(body["data"]) + (1 if len(body["data"]) == size else 0)
        assert body["total"] == max(total.value, shown)
    return estimated


def test_a_samples_generic_plan_makes_the_search_query_once(portal: Portal) -> None:
    """A prepared sample's generic plan (PostgreSQL's choice after five custom
    ones) tests each row against a tsquery made once per execution, not against
    websearch_to_tsquery called again for every document it reads."""
    if portal.svc.engine.dialect.name != "postgresql":
        pytest.skip("plans and prepared statements are PostgreSQL's")
    client = portal.rows(t.users, email="client@demo.test")[0]
    user = api.deps.User(
        str(client.id), portal.tenant_id(), client.email, "", "", "", 0,
        client.company_id, (client.company_id,), frozenset(), "en",
    )  # fmt: skip
    scope = build(RESOURCES["tickets"], {"where": [["status_id", "=", "1"]]})
    statement, window = api.counts._sample(user, "printer jams", scope, 5_000)
    compiled = statement.params(window).compile(
        dialect=portal.svc.engine.dialect, compile_kwargs={"render_postcompile": True}
    )
    names = list(compiled.params)
    sql = re.sub(
        r"%\((\w+)\)s", lambda m: f"${names.index(m.group(1)) + 1}", str(compiled)
    )
    values = [compiled.params[name] for name in names]
    with portal.svc.engine.connect() as connection:
        connection.exec_driver_sql(f"PREPARE sample AS {sql}")
        connection.exec_driver_sql("SET plan_cache_mode = force_generic_plan")
        arguments = ", ".join(_literal(value) for value in values)
        plan = connection.exec_driver_sql(
            f"EXPLAIN (FORMAT JSON) EXECUTE sample({arguments})"
        ).scalar_one()
        connection.exec_driver_sql("RESET plan_cache_mode")
        connection.exec_driver_sql("DEALLOCATE sample")
    filters = [node.get("Filter", "") for node in _nodes(plan[0]["Plan"])]
    probed = [f for f in filters if "tsv @@" in f]
    assert probed, "the plan tests no document against the search"
    assert not any("websearch_to_tsquery" in f for f in probed), probed


def _nodes(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield node
    for child in node.get("Plans", []):
        yield from _nodes(child)


def _literal(value: Any) -> str:
    if isinstance(value, int):
        return str(value)
    return "'" + str(value).replace("'", "''") + "'"


def test_a_lists_sample_is_used_again_until_its_scope_moves(
    portal: Portal, operator: dict[str, str]
) -> None:
    """The same searched list asked again (its next page, a refresh) is not
    sampled again: the sample is kept (api/cache.py KeptSamples) and scaled to
    the rows in scope, until they moved by more than SAMPLE_DRIFT."""
    companies = [portal.rows(t.users, email="client@demo.test")[0].company_id]
    params = {"builder[s]": "printer", "builder[paginate]": 5}
    sampled: list[Any] = []

    def counting(key: Any, *args: Any) -> Any:
        if key[0] == "sample":
            sampled.append(key)
        return api.statements.kept(key, *args)

    layout = _layout("even", 120, 0.3, ["description", "reply"])
    _store(portal, layout, companies, random.Random(3))
    with _totals(True), patch.object(api.counts, "kept", counting):
        answers = [
            portal.get("/api/tickets", operator, params={**params, "page": page})
            for page in (1, 2, 1)
        ]
        assert len(sampled) == 1  # three answers, one sample
        first = answers[0].json()
        assert first["total_is_estimate"]
        assert [a.json()["total"] for a in answers] == [first["total"]] * 3
        # a few more tickets in scope than SAMPLE_DRIFT allows: sampled again
        _store(portal, layout + ["description"] * 3, companies, random.Random(3))
        again = portal.get("/api/tickets", operator, params=params).json()
        assert len(sampled) == 2
        assert again["total_min"] <= 39 <= again["total_max"]


def test_a_lists_sample_statement_is_built_once_whatever_its_scope_counts() -> None:
    """The window's width follows the rows in scope, which a new ticket moves:
    its ids are bound at execution, so the list's statement is built once."""
    user = api.deps.User(
        "u-1", "t-kept-sample", "c@example.test", "", "", "", 0,
        "c-1", ("c-1",), frozenset(), "en",
    )  # fmt: skip
    scope = build(RESOURCES["tickets"], {"where": [["status_id", "=", "1"]]})
    built = []

    def building(*args: Any) -> Any:
        built.append(args)
        return _sample_statement(*args)

    _sample_statement = api.counts._sample_statement
    with patch.object(api.counts, "_sample_statement", building):
        first, low = api.counts._sample(user, "printer", scope, 5_000)
        second, high = api.counts._sample(user, "printer", scope, 5_050)
    assert second is first
    assert len(built) == 1
    assert low != high  # the same statement over a window of another width
