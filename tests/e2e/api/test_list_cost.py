"""What a searched list page costs as the list grows.

Counted, not timed: SQLite's progress handler ticks once per thousand
virtual-machine instructions, so the work of one page can be compared at two
sizes of the same company's ticket list without a clock. A searched total is
exact (docs/search.md), so a search every row matches costs what counting
those rows costs: no more than in proportion to the list.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from uuid import uuid4

import pytest
from sqlalchemy import insert, select

from api.deps import User, load_user
from api.listing import list_page, query_of
from api.query.resources import RESOURCES
from projections import tables as t
from tests.conftest import BACKEND
from tests.e2e.api.conftest import Portal

pytestmark = pytest.mark.skipif(
    BACKEND != "sqlite", reason="counts SQLite's virtual-machine instructions"
)

SEARCH = [("builder[s]", "e"), ("builder[orderBy][0][]", "updated_at")]
SEARCH += [("builder[orderBy][0][]", "desc")]


def _client(portal: Portal) -> User:
    tenant_id = portal.tenant_id()
    with portal.svc.engine.connect() as connection:
        user = load_user(connection, tenant_id, portal.user_id("client@demo.test"))
    assert user is not None and user.company_ids
    return user


def _add_copies(portal: Portal, user: User, count: int) -> None:
    """count more tickets of the client's company, all matching the search."""
    with portal.svc.engine.begin() as connection:
        model = connection.execute(
            select(t.tickets).where(
                t.tickets.c.tenant_id == user.tenant_id,
                t.tickets.c.company_id == user.company_ids[0],
                t.tickets.c.deleted.is_(False),
                t.tickets.c.is_template.is_(False),
            )
        ).first()
        assert model is not None
        template: dict[str, Any] = dict(model._mapping)
        rows = []
        for i in range(count):
            key = uuid4().hex
            rows.append(
                {
                    **template,
                    "id": str(uuid4()),
                    "reference": f"C-{key}",
                    "description": "the same printer again",
                    "search": "the same printer again",
                    "updated_at": template["updated_at"] - timedelta(minutes=i + 1),
                }
            )
        connection.execute(insert(t.tickets), rows)


def _work(portal: Portal, user: User) -> tuple[int, dict[str, Any]]:
    """Thousands of SQLite instructions one searched page took, and the page."""
    query = query_of(RESOURCES["tickets"], SEARCH)
    ticks = [0]

    def tick() -> int:
        ticks[0] += 1
        return 0

    with portal.svc.reader.connect() as connection:
        driver = connection.connection.driver_connection
        assert driver is not None
        driver.set_progress_handler(tick, 1000)
        try:
            page = list_page(connection, RESOURCES["tickets"], user, query, 1)
        finally:
            driver.set_progress_handler(None, 1000)
    return ticks[0], page


def test_a_searched_page_costs_in_proportion_to_its_matches_at_most(
    portal: Portal,
) -> None:
    user = _client(portal)
    _add_copies(portal, user, 2_000)
    small, first = _work(portal, user)
    _add_copies(portal, user, 18_000)
    large, second = _work(portal, user)

    assert len(first["data"]) == len(second["data"]) == 15
    # every copy matches: the total is exact, counted, never scaled from a sample
    assert second["total"] == first["total"] + 18_000
    assert second["total_is_estimate"] is False
    # ten times the matching rows: no more than ten times the work
    assert large <= small * 10 + 10, (small, large)
