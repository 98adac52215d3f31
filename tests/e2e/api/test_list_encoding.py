"""The ticket list is encoded without models: its bytes must be pydantic's."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from api.present.encode import page_json, row_order
from api.schemas import Named, Page, TicketRow
from tests.e2e.api.conftest import Portal

PAGE = TypeAdapter(Page[TicketRow])

LISTS: list[dict[str, Any]] = [
    {"builder[paginate]": 100},
    {"builder[paginate]": 100, "builder[s]": "printer"},
    {"builder[paginate]": 5, "page": 2},
    {"page": 999},  # past the end: no rows, from and to null
]


def _model_bytes(content: bytes) -> bytes:
    return PAGE.dump_json(PAGE.validate_json(content), by_alias=True)


@pytest.mark.parametrize("params", LISTS)
@pytest.mark.parametrize("who", ["operator", "client_a"])
def test_ticket_pages_are_the_models_bytes(
    portal: Portal, request: pytest.FixtureRequest, who: str, params: dict[str, Any]
) -> None:
    answer = portal.get("/api/tickets", request.getfixturevalue(who), params=params)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/json"
    assert answer.content == _model_bytes(answer.content)


def test_every_sla_state_is_encoded_as_the_model_would(
    portal: Portal, operator: dict[str, str]
) -> None:
    answer = portal.get("/api/tickets", operator, params={"builder[paginate]": 100})
    rows = answer.json()["data"]
    assert {"running", "paused", "met", "warned", "breached"} <= {
        row["sla_state"] for row in rows
    }
    assert answer.content == _model_bytes(answer.content)


def test_a_row_takes_the_models_order_defaults_and_extras() -> None:
    order = row_order(Named)
    assert list(order({"extra": 1, "id": "c1"}).items()) == [
        ("id", "c1"),
        ("name", None),
        ("extra", 1),
    ]
    body = {
        "data": [{"name": "Acme", "id": "c1"}],
        "from": 1,
        "to": 1,
        "total": 1,
        "per_page": 15,
        "current_page": 1,
        "last_page": 1,
    }
    named = TypeAdapter(Page[Named])
    assert page_json(body, order) == named.dump_json(
        named.validate_python(body), by_alias=True
    )
