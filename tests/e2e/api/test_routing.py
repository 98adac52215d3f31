"""The API's routers, each refusing at once a path none of its routes can match."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from fastapi.routing import APIRoute
from starlette.routing import BaseRoute, Match

from tests.e2e.api.conftest import Portal
from tests.support.routes import asked_routes


def _scope(method: str, path: str) -> dict[str, Any]:
    return {
        "type": "http",
        "method": method,
        "path": path,
        "root_path": "",
        "headers": [],
        "query_string": b"",
    }


def _found(
    routes: list[BaseRoute],
    method: str,
    path: str,
    matches: Callable[[BaseRoute, Any], tuple[Match, Any]],
) -> tuple[int, Match]:
    """The first route that matches fully, else the first partly, as FastAPI's
    router picks it: its place and how it matched."""
    partial: tuple[int, Match] | None = None
    for place, route in enumerate(routes):
        match, _ = matches(route, _scope(method, path))
        if match == Match.FULL:
            return place, match
        if match == Match.PARTIAL and partial is None:
            partial = (place, match)
    return partial or (-1, Match.NONE)


def test_every_route_is_found_where_it_was(portal: Portal) -> None:
    routes = portal.app.router.routes
    asked = 0
    for route in routes:
        for context in getattr(route, "effective_route_contexts", list)():
            if not isinstance(context.original_route, APIRoute):
                continue
            path = re.sub(r"\{[^}]+\}", "01J000000000000000000000AB", context.path)
            for method in [*(context.original_route.methods or ()), "PATCH"]:
                narrowed = _found(routes, method, path, lambda r, s: r.matches(s))
                whole = _found(routes, method, path, lambda r, s: type(r).matches(r, s))
                assert narrowed == whole, (method, path)
                asked += 1
    assert asked > 250


def test_the_preset_counts_ask_only_their_own_routes(
    portal: Portal, client_a: dict[str, str]
) -> None:
    with asked_routes() as asked:
        answer = portal.get("/api/presets-result-count/tickets", client_a)
    assert answer.status_code == 200, answer.text
    # the app's own /metrics (not in a router) and the preset counts' route,
    # asked to match and again to handle; before, every route of the 27
    # routers included before theirs was asked too
    assert sorted(asked) == [
        "/metrics",
        "/presets-result-count/{route}",
        "/presets-result-count/{route}",
    ]
