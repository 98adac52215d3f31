"""What FastAPI solves for a request: each dependency once per name naming it.

Counted, not timed: the shared dependencies (the read connection, the tenant,
the caller) take the services from the request, and a route's permission
check names the caller itself, so a list page is solved in six steps, not ten.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.dependencies import utils

from tests.e2e.api.conftest import Portal


@contextmanager
def _solves(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The names of the dependencies solved while inside (the route's own, whose
    solving is called from FastAPI's routing, not counted)."""
    solved: list[str] = []
    original = utils.solve_dependencies

    async def counted(*args: Any, **kwargs: Any) -> Any:
        solved.append(getattr(kwargs["dependant"].call, "__name__", "?"))
        return await original(*args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(utils, "solve_dependencies", counted)
        yield solved


def test_a_list_page_solves_each_dependency_once(
    portal: Portal, client_a: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    portal.get("/api/tickets", client_a)  # the tenant and session known
    with _solves(monkeypatch) as solved:
        answer = portal.get("/api/tickets", client_a)
    assert answer.status_code == 200, answer.text
    assert sorted(solved) == ["caller", "check", "reads", "services", "tenant"]


def test_the_dependencies_still_refuse_what_they_refused(
    portal: Portal, client_a: dict[str, str]
) -> None:
    assert portal.get("/api/tickets", {"host": client_a["host"]}).status_code == 401
    elsewhere = {**client_a, "host": "nowhere.localhost"}
    assert portal.get("/api/tickets", elsewhere).status_code == 404
    # a client on an operators' route
    assert portal.get("/api/time-registrations", client_a).status_code == 403
