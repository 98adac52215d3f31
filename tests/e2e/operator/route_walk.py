"""Walking routes with bad ids and bodies: the calls, and what they answered."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from fastapi import APIRouter
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
        "message": ["x"],
        "morphable_id": MISSING,
        "morphable_type": "Invoice",
        "visible_to_client": "maybe",
        "status_id": "open",
        "company_id": "nope",
        "client_id": MISSING,
        "operator_id": 7,
        "scheduled_at": "2030-01-02 09:00",
        "quantity": "lots",
        "price": {"a": 1},
        "version": "old",
        "order": "first",
        "is_default": "maybe",
        "lines": [{"quantity": "x"}],
        "executed_at": "yesterday-ish",
        "time_spent": "ab:cd",
        "cc": {"a": 1},
        "to": "not an address",
    },
    [1, 2, 3],
)


def routes(routers: Iterable[APIRouter] = ROUTERS) -> list[tuple[str, str]]:
    """Every (method, path) of the routers."""
    found = []
    for router in routers:
        for route in router.routes:
            if isinstance(route, APIRoute):
                for method in sorted(route.methods - {"HEAD", "OPTIONS"}):
                    found.append((method, "/api" + route.path))
    return found


def walk(
    desk: Desk, headers: dict[str, str], routers: Iterable[APIRouter] = ROUTERS
) -> tuple[set[int], list[str]]:
    """Call every route with each bad id and body; the statuses seen, and the
    calls that answered a 5xx."""
    failures = []
    seen: set[int] = set()
    for method, path in routes(routers):
        for record_id in IDS:
            url = re.sub(r"\{[^}]+\}", record_id, path)
            bodies = BODIES if method in ("POST", "PUT") else (None,)
            for body in bodies:
                answer = desk.client.request(
                    method,
                    url,
                    headers=headers,
                    json=body,
                    params={"search": "'", "ticket_id": record_id, "page": "x"},
                )
                seen.add(answer.status_code)
                if answer.status_code >= 500:
                    failures.append(f"{method} {url} {body!r}: {answer.status_code}")
            if "{" not in path:
                break
    return seen, failures
