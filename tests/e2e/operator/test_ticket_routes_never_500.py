"""The ticket, template, message, attachment, notification and time routes answer
bad input from either audience with 4xx, never a 500."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.routing import APIRoute

from api.routers import (
    attachments,
    messages,
    notifications,
    ticket_templates,
    tickets,
    time_registrations,
)
from tests.e2e.operator.conftest import Desk

ROUTERS = (
    tickets.router,
    ticket_templates.router,
    messages.router,
    attachments.router,
    notifications.router,
    time_registrations.router,
)
MISSING = "00000000-0000-0000-0000-000000000000"
IDS = ("nope", MISSING, "'; --", "9" * 80)
BODIES: tuple[Any, ...] = (
    {},
    {"ids": "x"},
    {"ids": [MISSING, "nope"]},
    {
        "description": 5,
        "message": ["x"],
        "morphable_id": MISSING,
        "morphable_type": "Invoice",
        "visible_to_client": "maybe",
        "status_id": "open",
        "company_id": "nope",
        "client_id": MISSING,
        "operator_id": 7,
        "scheduled_at": "2030-01-02 09:00",
        "version": "old",
        "executed_at": "yesterday-ish",
        "time_spent": "ab:cd",
        "cc": {"a": 1},
        "to": "not an address",
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


@pytest.mark.parametrize("who", ["second", "client_a"])
def test_every_ticket_route_refuses_bad_input_without_a_500(
    desk: Desk, who: str, request: pytest.FixtureRequest
) -> None:
    headers = request.getfixturevalue(who)
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
                    headers=headers,
                    json=body,
                    params={"search": "'", "ticket_id": record_id, "page": "x"},
                )
                seen.add(answer.status_code)
                if answer.status_code >= 500:
                    failures.append(f"{method} {url} {body!r}: {answer.status_code}")
            if "{" not in path:
                break
    assert failures == []
    assert {404, 422} <= seen
