"""Checked builder trees compiled to SQL: shape, scope, and values kept bound."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import Engine, Select, create_engine, insert
from sqlalchemy.dialects import postgresql

from api.query.compile import Compiler, Scope, day_range, like_pattern
from api.query.params import nest
from api.query.parse import build
from api.query.resources import RESOURCES, TICKETS
from api.query.spec import Resource
from api.query.tree import Query
from projections import tables as t

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
OPERATOR = Scope("acme")
CLIENT = Scope("acme", ("c1", "c2"))


def query(items: list[tuple[str, str]], resource: Resource = TICKETS) -> Query:
    return build(resource, nest(items))


def sql(statement: Select[Any]) -> str:
    """The statement as PostgreSQL receives it, values left as placeholders."""
    return " ".join(str(statement.compile(dialect=postgresql.dialect())).split())


def where_of(text: str) -> str:
    return text.split(" WHERE ", 1)[1].split(" ORDER BY ", 1)[0]


# --- the SQL shape --------------------------------------------------------------


def test_the_tenant_comes_first_then_the_live_rows_then_the_filters() -> None:
    tree = query(
        [("builder[where][0][]", v) for v in ("status_id", "=", "2")]
        + [("builder[whereNull][]", "sla_id")]
    )
    text = sql(Compiler(TICKETS, OPERATOR, NOW).rows(tree))
    assert where_of(text) == (
        "tickets.tenant_id = %(tenant_id_1)s AND tickets.deleted = false"
        " AND tickets.status_id = %(status_id_1)s AND tickets.sla_id IS NULL"
    )


def test_a_clients_scope_is_its_companies_and_never_templates() -> None:
    text = where_of(sql(Compiler(TICKETS, CLIENT, NOW).rows(query([]))))
    assert text.startswith("tickets.tenant_id = %(tenant_id_1)s AND ")
    assert "tickets.company_id IN (__[POSTCOMPILE_company_id_1])" in text
    assert "tickets.is_template = false" in text


def test_a_client_without_companies_sees_nothing() -> None:
    text = sql(Compiler(TICKETS, Scope("acme", ()), NOW).rows(query([])))
    assert where_of(text) == "false"


def test_not_equal_keeps_empty_values_and_like_is_case_blind_and_escaped() -> None:
    tree = query(
        [("builder[where][0][]", v) for v in ("priority_id", "!=", "1")]
        + [("builder[where][1][]", v) for v in ("description", "like", "%a%")]
    )
    text = where_of(sql(Compiler(TICKETS, OPERATOR, NOW).rows(tree)))
    assert (
        "(tickets.priority_id != %(priority_id_1)s OR tickets.priority_id IS NULL)"
        in text
    )
    assert r"tickets.description ILIKE %(description_1)s ESCAPE '\\'" in text


def test_the_order_ends_on_id_in_the_first_keys_direction() -> None:
    tree = query(
        [
            ("builder[orderBy][0][]", "priority_id"),
            ("builder[orderBy][0][]", "desc"),
            ("builder[orderBy][1][]", "number"),
        ]
    )
    text = sql(Compiler(TICKETS, OPERATOR, NOW).rows(tree))
    assert text.endswith(
        "ORDER BY tickets.priority_id DESC NULLS LAST, tickets.number ASC,"
        " tickets.id DESC"
    )
    default = sql(Compiler(TICKETS, OPERATOR, NOW).rows(query([])))
    assert default.endswith("ORDER BY tickets.updated_at DESC, tickets.id DESC")


def test_a_day_range_to_a_midnight_takes_that_whole_day() -> None:
    tree = query(
        [
            ("builder[whereBetween][0][0]", "created_at"),
            ("builder[whereBetween][0][1][]", "2026-01-01"),
            ("builder[whereBetween][0][1][]", "2026-01-31"),
        ]
    )
    compiled = Compiler(TICKETS, OPERATOR, NOW).rows(tree).compile()
    text = str(compiled)
    assert "tickets.created_at >= :created_at_1" in text
    assert "tickets.created_at < :created_at_2" in text
    assert compiled.params["created_at_2"] == datetime(2026, 2, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("preset", "low", "high"),
    [
        (
            "today",
            datetime(2026, 11, 25, tzinfo=UTC),
            datetime(2026, 11, 26, tzinfo=UTC),
        ),
        ("+2", datetime(2026, 11, 27, tzinfo=UTC), datetime(2026, 11, 28, tzinfo=UTC)),
        ("-1", datetime(2026, 11, 24, tzinfo=UTC), datetime(2026, 11, 25, tzinfo=UTC)),
        ("future", datetime(2026, 11, 26, tzinfo=UTC), None),
        ("past", None, datetime(2026, 11, 25, tzinfo=UTC)),
    ],
)
def test_date_presets_are_whole_days(
    preset: str, low: datetime | None, high: datetime | None
) -> None:
    assert day_range(preset, NOW) == (low, high)


def test_executed_at_looks_into_the_tickets_time_registrations() -> None:
    tree = query(
        [("builder[where][0][]", v) for v in ("executed_at", "preset", "past")]
    )
    text = where_of(sql(Compiler(TICKETS, OPERATOR, NOW).rows(tree)))
    assert "EXISTS (SELECT * FROM time_registrations WHERE" in text
    assert "time_registrations.tenant_id = tickets.tenant_id" in text
    assert "time_registrations.ticket_id = tickets.id" in text


# --- values stay bound: nothing a user sends becomes SQL --------------------------

HOSTILE = "x'); DROP TABLE tickets; --"


def test_hostile_text_is_a_bound_value_everywhere_it_can_go() -> None:
    tree = query(
        [
            ("builder[s]", HOSTILE),
            *[("builder[where][0][]", v) for v in ("reference", "=", HOSTILE)],
            *[("builder[where][1][]", v) for v in ("description", "like", HOSTILE)],
            ("builder[customField][0][]", "asset_tag"),
            ("builder[customField][0][]", HOSTILE),
            ("builder[whereHas][0][]", "company"),
            ("builder[whereHas][0][]", "name"),
            ("builder[whereHas][0][]", HOSTILE),
        ]
    )
    compiled = (
        Compiler(TICKETS, OPERATOR, NOW)
        .rows(tree)
        .compile(dialect=postgresql.dialect())
    )
    assert "DROP" not in str(compiled)
    values = [str(v) for v in compiled.params.values()]
    assert HOSTILE in values and like_pattern(HOSTILE) in values


def test_like_patterns_take_the_users_wildcards_literally() -> None:
    assert like_pattern("50%_off\\") == "%50\\%\\_off\\\\%"


# --- the registry's lists, run on a database ------------------------------------


@pytest.fixture
def engine() -> Iterator[Engine]:
    engine = create_engine("sqlite://")
    for table in (t.users, t.companies, t.setting_items):
        table.create(engine)
    stamp = {"created_at": NOW, "updated_at": NOW, "version": 1}
    person = {
        "company_ids": [],
        "role": "",
        "permissions": [],
        "language": "nl",
        "active": True,
        "configs": {},
        **stamp,
    }
    with engine.begin() as connection:
        connection.execute(
            insert(t.users),
            [
                {
                    "tenant_id": tenant,
                    "id": f"{tenant}-{name}",
                    "email": f"{name}@x",
                    "first_name": name,
                    "last_name": "X",
                    "full_name": f"{name} X",
                    "is_operator": is_operator,
                    "company_id": company,
                    **person,
                }
                for tenant in ("acme", "other")
                for name, is_operator, company in (
                    ("anna", 0, "c1"),
                    ("bram", 0, "c3"),
                    ("olga", 1, None),
                    ("otto", 2, None),
                )
            ],
        )
        connection.execute(
            insert(t.companies),
            [
                {"tenant_id": tenant, "id": cid, "name": f"{tenant} {cid}", **stamp}
                for tenant in ("acme", "other")
                for cid in ("c1", "c2", "c3")
            ],
        )
    yield engine
    engine.dispose()


def ids(engine: Engine, name: str, scope: Scope, items: Any = ()) -> list[str]:
    resource = RESOURCES[name]
    statement = Compiler(resource, scope, NOW).rows(query(list(items), resource))
    with engine.connect() as connection:
        return [row.id for row in connection.execute(statement)]


def test_people_lists_hold_only_their_kind_of_the_tenant(engine: Engine) -> None:
    assert ids(engine, "clients", OPERATOR) == ["acme-anna", "acme-bram"]
    assert ids(engine, "operators", OPERATOR) == ["acme-olga", "acme-otto"]
    # (the clients' search goes through the index: tests/e2e/api/test_search_lists.py)
    searched = ids(engine, "operators", OPERATOR, [("builder[s]", "OTTO")])
    assert searched == ["acme-otto"]


def test_a_clients_scope_narrows_every_list_to_its_companies(engine: Engine) -> None:
    assert ids(engine, "clients", CLIENT) == ["acme-anna"]
    assert ids(engine, "companies", CLIENT) == ["c1", "c2"]
    assert ids(engine, "companies", OPERATOR) == ["c1", "c2", "c3"]


def test_a_tenant_wide_list_shows_a_client_nothing(engine: Engine) -> None:
    text = sql(Compiler(RESOURCES["settings"], CLIENT, NOW).rows(query([])))
    assert where_of(text) == "false"
    assert ids(engine, "companies", Scope("acme", ())) == []


def test_the_count_has_the_rows_where(engine: Engine) -> None:
    compiler = Compiler(RESOURCES["clients"], Scope("other"), NOW)
    with engine.connect() as connection:
        assert connection.execute(compiler.count(query([]))).scalar_one() == 2


def test_a_past_next_invoice_date_is_filtered_as_today_when_it_bills() -> None:
    engine = create_engine("sqlite://")
    t.subscriptions.create(engine)
    stamp = {"created_at": NOW, "updated_at": NOW, "version": 1}
    with engine.begin() as connection:
        connection.execute(
            insert(t.subscriptions),
            [
                {
                    "tenant_id": "acme",
                    "id": sid,
                    "description": sid,
                    "period": "month",
                    "total": 10,
                    "mrr": 10,
                    "billing_start_date": "2026-01-01",
                    "start_period": "2026-01-01",
                    "end_period": "2026-01-31",
                    "next_billing_date": next_date,
                    "direct_debit": False,
                    "lines": [],
                    **stamp,
                }
                for sid, next_date in (
                    ("overdue", "2026-10-01"),
                    ("soon", "2026-11-30"),
                    ("later", "2027-01-01"),
                    ("ended", None),
                )
            ],
        )

    def found(items: list[tuple[str, str]]) -> set[str]:
        resource = RESOURCES["subscriptions"]
        statement = Compiler(resource, OPERATOR, NOW).rows(query(items, resource))
        with engine.connect() as connection:
            return {row.id for row in connection.execute(statement)}

    this_week = [
        ("builder[whereBetween][0][0]", "next_billing_date"),
        ("builder[whereBetween][0][1][]", "2026-11-25"),
        ("builder[whereBetween][0][1][]", "2026-11-30"),
    ]
    assert found(this_week) == {"overdue", "soon"}
    before = [
        ("builder[where][0][]", v) for v in ("next_billing_date", "<", "2026-11-01")
    ]
    assert found(before) == set()
    today = [
        ("builder[where][0][]", v) for v in ("next_billing_date", "=", "2026-11-25")
    ]
    assert found(today) == {"overdue"}
    assert found([]) == {"overdue", "soon", "later", "ended"}
    engine.dispose()
