"""Every route, called by an operator, answers bad input with 4xx (422, 404, 409),
never a 500."""

from __future__ import annotations

import re
from typing import Any

from fastapi.routing import APIRoute

from api.routers import ROUTERS
from tests.e2e.operator.conftest import Desk

MISSING = "00000000-0000-0000-0000-000000000000"
IDS = ("nope", MISSING, "'; --", "9" * 80)
BODIES: tuple[Any, ...] = (
    {},
    {"ids": "x"},
    {"ids": [MISSING, "nope"]},
    {
        "description": 5,
        "name": ["x"],
        "status_id": "open",
        "company_id": "nope",
        "client_id": MISSING,
        "quantity": "lots",
        "price": {"a": 1},
        "version": "old",
        "order": "first",
        "is_default": "maybe",
        "lines": [{"quantity": "x"}],
        "executed_at": "yesterday-ish",
        "time_spent": "ab:cd",
    },
    [1, 2, 3],
)


def _routes() -> list[tuple[str, str]]:
    found = []
    for router in ROUTERS:
        for route in router.routes:
            if isinstance(route, APIRoute):
                for method in sorted(route.methods - {"HEAD", "OPTIONS"}):
                    found.append((method, "/api" + route.path))
    return found


def test_every_route_refuses_an_operator_s_bad_input_without_a_500(
    desk: Desk, second: dict[str, str]
) -> None:
    failures = []
    seen: set[int] = set()
    for method, path in _routes():
        for record_id in IDS:
            url = re.sub(r"\{[^}]+\}", record_id, path)
            bodies = BODIES if method in ("POST", "PUT") else (None,)
            for body in bodies:
                answer = desk.client.request(
                    method,
                    url,
                    headers=second,
                    json=body,
                    params={"search": "'", "ticket_id": record_id, "page": "x"},
                )
                seen.add(answer.status_code)
                if answer.status_code >= 500:
                    failures.append(f"{method} {url} {body!r}: {answer.status_code}")
            if "{" not in path:
                break
    assert failures == []
    # the routes were reached: they refused with 422 and 404, and answered some calls
    assert {200, 404, 422} <= seen
