"""For random rows, filters, sorts and pages, the API agrees with plain Python."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, insert

from projections import tables as t
from tests.e2e.api.conftest import Portal

START = datetime(2026, 1, 1, tzinfo=UTC)
LETTERS = st.text(alphabet="abcde", min_size=1, max_size=6)
INTS = ("status_id", "priority_id", "category_id")
ORDERABLE = ("description", "status_id", "priority_id", "updated_at", "reference")

rows_strategy = st.lists(
    st.fixed_dictionaries(
        {
            "description": LETTERS,
            "status_id": st.integers(1, 6),
            "priority_id": st.none() | st.integers(1, 4),
            "category_id": st.none() | st.integers(1, 4),
            "is_template": st.booleans(),
            "deleted": st.booleans(),
            "minutes": st.integers(0, 60 * 24 * 9),
        }
    ),
    min_size=0,
    max_size=30,
)

where_strategy = st.one_of(
    st.tuples(
        st.just("where"),
        st.tuples(
            st.sampled_from(INTS),
            st.sampled_from(["=", "!=", "<", "<=", ">", ">="]),
            st.integers(0, 7),
        ),
    ),
    st.tuples(st.just("like"), LETTERS),
    st.tuples(
        st.just("whereIn"),
        st.tuples(
            st.sampled_from(INTS),
            st.lists(st.integers(0, 6), min_size=1, max_size=3),
        ),
    ),
    st.tuples(st.just("whereNull"), st.sampled_from(("priority_id", "category_id"))),
    st.tuples(st.just("whereNotNull"), st.sampled_from(("priority_id", "category_id"))),
    st.tuples(st.just("between"), st.tuples(st.integers(0, 9), st.integers(0, 9))),
    st.tuples(st.just("template"), st.booleans()),
)
orders_strategy = st.lists(
    st.tuples(st.sampled_from(ORDERABLE), st.sampled_from(["asc", "desc"])),
    max_size=2,
)


def _store(portal: Portal, tenant_id: str, drawn: list[dict[str, Any]]) -> list[dict]:
    rows = []
    for i, spec in enumerate(drawn):
        number = i + 1
        reference = f"P-{number:06d}"
        moment = START + timedelta(minutes=spec["minutes"])
        rows.append(
            {
                "tenant_id": tenant_id,
                "company_id": None,
                "id": f"{(number * 7919) % 1000:04d}-{number:04d}",
                "number": number,
                "reference": reference,
                "description": spec["description"],
                "search": f"{reference} {spec['description']}".lower(),
                "status_id": spec["status_id"],
                "status_type": 1,
                "priority_id": spec["priority_id"],
                "category_id": spec["category_id"],
                "is_template": spec["is_template"],
                "deleted": spec["deleted"],
                "custom_values": {},
                "message_count": 0,
                "created_at": moment,
                "updated_at": moment,
                "version": 1,
            }
        )
    buckets: dict[str, dict[str, Any]] = {}
    for row in rows:  # ticket_counts must agree with tickets, as the follower keeps it
        dims = {d: row.get(d) for d in t.COUNT_DIMENSIONS}
        bucket = buckets.setdefault(
            t.bucket_key(dims),
            {"tenant_id": tenant_id, "bucket": t.bucket_key(dims), "n": 0, **dims},
        )
        bucket["n"] += 1
    documents = [  # the search index holds each ticket, as the follower keeps it
        {
            "tenant_id": tenant_id,
            "id": row["id"],
            "kind": "ticket",
            "record_id": row["id"],
            "ticket_id": row["id"],
            "company_id": None,
            "visible_to_client": True,
            "deleted": row["deleted"],
            "language": "english",
            "title": f"{row['reference']} {row['description']}",
            "text": "",
            "ref": row["search"],
            "updated_at": row["updated_at"],
        }
        for row in rows
    ]
    with portal.svc.engine.begin() as connection:
        for table in (t.tickets, t.ticket_counts, t.search_documents):
            connection.execute(delete(table).where(table.c.tenant_id == tenant_id))
        if rows:
            connection.execute(insert(t.tickets), rows)
            connection.execute(insert(t.ticket_counts), list(buckets.values()))
            connection.execute(insert(t.search_documents), documents)
    return rows


def _matches(row: dict[str, Any], item: tuple[str, Any]) -> bool:
    kind, arg = item
    if kind == "where":
        field, op, value = arg
        actual = row[field]
        if op == "!=":
            return actual is None or actual != value
        if actual is None:
            return False
        return {
            "=": actual == value,
            "<": actual < value,
            "<=": actual <= value,
            ">": actual > value,
            ">=": actual >= value,
        }[op]
    if kind == "like":
        return arg in row["description"].lower()
    if kind == "whereIn":
        field, values = arg
        return row[field] in values
    if kind == "whereNull":
        return row[arg] is None
    if kind == "whereNotNull":
        return row[arg] is not None
    if kind == "between":
        low = START + timedelta(days=arg[0])
        high = START + timedelta(days=arg[1] + 1)
        return bool(low <= row["updated_at"] < high)
    if kind == "template":
        return bool(row["is_template"] == arg)
    if kind == "s":
        return arg in row["search"]
    raise AssertionError(kind)


def _params(
    filters: list[tuple[str, Any]], orders: list[tuple[str, str]], size: int, page: int
) -> list[tuple[str, str]]:
    params = [("builder[paginate]", str(size)), ("page", str(page))]
    for i, (kind, arg) in enumerate(filters):
        if kind == "where":
            params += [(f"builder[where][{i}][]", str(v)) for v in arg]
        elif kind == "like":
            params += [
                (f"builder[where][{i}][]", v) for v in ("description", "like", arg)
            ]
        elif kind == "whereIn":
            params.append((f"builder[whereIn][{i}][0]", arg[0]))
            params += [(f"builder[whereIn][{i}][1][]", str(v)) for v in arg[1]]
        elif kind in ("whereNull", "whereNotNull"):
            params.append((f"builder[{kind}][]", arg))
        elif kind == "between":
            days = [(date(2026, 1, 1) + timedelta(days=d)).isoformat() for d in arg]
            params.append((f"builder[whereBetween][{i}][0]", "updated_at"))
            params += [(f"builder[whereBetween][{i}][1][]", d) for d in days]
        elif kind == "template":
            flag = "1" if arg else "0"
            params += [
                (f"builder[where][{i}][]", v) for v in ("is_template", "=", flag)
            ]
        elif kind == "s":
            params.append(("builder[s]", arg))
    for i, (field, direction) in enumerate(orders):
        params += [
            (f"builder[orderBy][{i}][]", field),
            (f"builder[orderBy][{i}][]", direction),
        ]
    return params


def _sorted(rows: list[dict[str, Any]], orders: list[tuple[str, str]]) -> list[dict]:
    keys = orders or [("updated_at", "desc")]
    result = sorted(rows, key=lambda r: r["id"], reverse=keys[0][1] == "desc")
    for field, direction in reversed(keys):
        result = sorted(
            result,
            key=lambda r, f=field: (r[f] is not None, r[f] if r[f] is not None else 0),
            reverse=direction == "desc",
        )
    return result


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    drawn=rows_strategy,
    filters=st.lists(where_strategy, max_size=3),
    search=st.none() | LETTERS,
    orders=orders_strategy,
    size=st.sampled_from([5, 15, 25]),
    page=st.integers(1, 3),
)
def test_the_api_filters_sorts_and_pages_like_python(
    portal: Portal,
    operator: dict[str, str],
    drawn: list[dict[str, Any]],
    filters: list[tuple[str, Any]],
    search: str | None,
    orders: list[tuple[str, str]],
    size: int,
    page: int,
) -> None:
    if search is not None:
        filters = [*filters, ("s", search)]
    rows = _store(portal, portal.tenant_id(), drawn)
    live = [r for r in rows if not r["deleted"]]
    expected = _sorted(
        [r for r in live if all(_matches(r, f) for f in filters)], orders
    )
    answer = portal.get(
        "/api/tickets", operator, params=_params(filters, orders, size, page)
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["total"] == len(expected)
    window = expected[(page - 1) * size : page * size]
    assert [r["id"] for r in body["data"]] == [r["id"] for r in window]
