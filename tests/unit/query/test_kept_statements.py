"""List statements kept by what they are built from, never those read off the clock."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select

from api.query.compile import Compiler, Scope
from api.query.resources import RESOURCES
from api.query.tree import Compare, DatePreset, InList, Query, SlaRemaining
from api.statements import Kept, kept, timeless

TICKETS = RESOURCES["tickets"]
STATUS = TICKETS.fields["status_id"]
DUE = RESOURCES["subscriptions"].fields["next_billing_date"]


def _query(*filters: object) -> Query:
    return Query(tuple(filters), (), 15, None)  # type: ignore[arg-type]


def test_only_a_query_whose_sql_ignores_the_clock_is_timeless() -> None:
    assert timeless(_query())
    assert timeless(_query(Compare(STATUS, "=", 2), InList(STATUS, (1, 2))))
    assert not timeless(_query(DatePreset("created_at", "today")))
    assert not timeless(_query(SlaRemaining(30)))
    assert not timeless(_query(Compare(DUE, "<", "2026-01-01")))


def test_a_kept_statement_is_built_once_and_the_oldest_goes_first() -> None:
    built: list[str] = []

    def build(name: str) -> object:
        built.append(name)
        return object()

    statements = Kept(size=2)
    first = statements.get("a", lambda: build("a"))
    assert statements.get("a", lambda: build("a")) is first
    statements.get("b", lambda: build("b"))
    statements.get("a", lambda: build("a"))  # a is now the most recently used
    statements.get("c", lambda: build("c"))  # so b goes
    assert statements.get("a", lambda: build("a")) is first
    statements.get("b", lambda: build("b"))
    assert built == ["a", "b", "c", "b"]


def test_a_list_read_off_the_clock_is_built_at_each_request() -> None:
    scope = Scope("t-1", ("c-1",))

    def rows(query: Query, now: datetime) -> object:
        return Compiler(TICKETS, scope, now).rows(query)

    timed = _query(DatePreset("created_at", "today"))
    day_one = datetime(2026, 1, 1, 12, tzinfo=UTC)
    day_two = datetime(2026, 1, 2, 12, tzinfo=UTC)
    key = ("test-clock", scope, timed)
    one = kept(key, timed, lambda: rows(timed, day_one))
    two = kept(key, timed, lambda: rows(timed, day_two))
    assert one is not two
    assert str(one.compile(compile_kwargs={"literal_binds": True})) != str(  # type: ignore[attr-defined]
        two.compile(compile_kwargs={"literal_binds": True})  # type: ignore[attr-defined]
    )
    plain = _query(Compare(STATUS, "=", 2))
    key = ("test-plain", scope, plain)
    first = kept(key, plain, lambda: select(TICKETS.table))
    assert kept(key, plain, lambda: select(TICKETS.table)) is first
