"""Only valid values become events: each reproduction of issue 12 is a clear 422."""

from __future__ import annotations

import json
from decimal import Decimal
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from api.exports import write_files
from projections import tables as t
from tests.e2e.operator.conftest import Desk


def _events(desk: Desk) -> int:
    """The position of the newest stored event."""
    return int(desk.svc.domain.recorder.max_notification_id() or 0)


def _refused(answer: Any, field: str) -> None:
    assert answer.status_code == 422, answer.text
    assert field in answer.json()["errors"], answer.json()


def _settled(desk: Desk) -> None:
    """The follower applies every stored event: nothing fails or is parked."""
    desk.svc.follower.catch_up()
    try:
        from projections.parked import parked_count
    except ImportError:  # parking lands with the follower work
        return
    assert parked_count(desk.svc.engine) == 0


def test_a_comma_price_is_refused_naming_price(
    desk: Desk, first: dict[str, str]
) -> None:
    before = _events(desk)
    answer = desk.post(
        "/api/prepaid-cards",
        first,
        json={"name": "Comma card", "hours": 1, "price": "12,50"},
    )
    _refused(answer, "price")
    assert _events(desk) == before


@pytest.mark.parametrize("hours", [0.001, 0, -1, "1,5", "many", None])
def test_a_card_of_no_whole_minutes_is_refused(
    desk: Desk, first: dict[str, str], hours: Any
) -> None:
    answer = desk.post(
        "/api/prepaid-cards",
        first,
        json={"name": "Tiny card", "hours": hours, "price": "10.00"},
    )
    _refused(answer, "hours")


def test_a_card_of_whole_minutes_is_bought_and_published_valid(
    desk: Desk, first: dict[str, str], client_a: dict[str, str]
) -> None:
    made = desk.post(
        "/api/prepaid-cards",
        first,
        json={"name": "Half card", "hours": "1.5", "price": "12.50"},
    )
    assert made.status_code == 201, made.text
    item = made.json()["id"]
    client = desk.user_id("client@demo.test")
    prepaid = [
        r
        for r in desk.rows(t.contracts, tenant_id=desk.tenant_id(), client_id=client)
        if r.period is None
    ]
    assert prepaid, "the demo seed gives client@demo.test a prepaid contract"
    bought = desk.post(
        f"/api/contracts/{prepaid[0].id}/buy", client_a, json={"prepaid_card_id": item}
    )
    assert bought.status_code == 200, bought.text
    _settled(desk)
    purchases = desk.rows(t.prepaid_purchases, prepaid_card_id=item)
    assert [(p.minutes, Decimal(str(p.price))) for p in purchases] == [
        (90, Decimal("12.50"))
    ]


def test_a_null_last_name_or_permissions_is_refused(
    desk: Desk, first: dict[str, str]
) -> None:
    client = desk.user_id("client@demo.test")
    before = _events(desk)
    _refused(
        desk.put(
            f"/api/clients/{client}",
            first,
            json={"first_name": "Sander", "last_name": None},
        ),
        "last_name",
    )
    _refused(
        desk.put(f"/api/clients/{client}", first, json={"permissions": None}),
        "permissions",
    )
    _refused(
        desk.put(f"/api/clients/{client}", first, json={"first_name": None}),
        "first_name",
    )
    assert _events(desk) == before
    fine = desk.put(
        f"/api/clients/{client}", first, json={"first_name": "Sander", "last_name": ""}
    )
    assert fine.status_code == 200, fine.text
    _settled(desk)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("price", 1e308),
        ("price", "1e999"),
        ("price", -1.05e208),
        ("quantity", 1e308),
        ("quantity", "1e999"),
        ("quantity", -1.05e208),
        ("price", "12,50"),
        ("price", "1.005"),
        ("quantity", 0),
    ],
)
def test_out_of_range_line_numbers_are_refused(
    desk: Desk, first: dict[str, str], field: str, value: Any
) -> None:
    ticket = desk.ticket_of("client@demo.test")
    invoice = desk.post(
        "/api/invoices",
        first,
        json={"company_id": ticket.company_id, "lines": [{"description": "Setup"}]},
    ).json()
    quote = desk.post(
        "/api/quotes",
        first,
        json={
            "name": "Q",
            "client_id": ticket.client_id,
            "company_id": ticket.company_id,
            "lines": [{"description": "Dock", "quantity": 1, "price": "1"}],
        },
    ).json()
    line = {"description": "Cable", "quantity": 1, "price": "5", field: value}
    for path in (
        f"/api/invoices/{invoice['id']}/lines",
        f"/api/quotes/{quote['id']}/lines",
    ):
        _refused(desk.post(path, first, json=line), field)
    _settled(desk)


def test_a_body_nested_a_thousand_deep_is_refused(
    desk: Desk, first: dict[str, str]
) -> None:
    for deep in ("[" * 1000 + "]" * 1000, '{"a":' * 1000 + "1" + "}" * 1000):
        for path in ("/api/tickets", "/api/companies", "/api/prepaid-cards"):
            answer = desk.client.post(
                path,
                content=deep,
                headers={**first, "content-type": "application/json"},
            )
            _refused(answer, "body")
            plain = desk.client.post(
                path, content=deep, headers={**first, "content-type": "text/plain"}
            )
            assert 400 <= plain.status_code < 500, plain.text


def test_a_lone_surrogate_or_control_character_is_refused(
    desk: Desk, first: dict[str, str], client_a: dict[str, str]
) -> None:
    before = _events(desk)
    for text in ('"a\\ud800b"', '"a\\udc00b"', '"a\\u0001b"', '"a\\u000bb"'):
        raw = '{"description": ' + text + ', "priority_id": 1, "message": "Hello"}'
        answer = desk.client.post(
            "/api/tickets",
            content=raw,
            headers={**client_a, "content-type": "application/json"},
        )
        _refused(answer, "description")
    form = desk.client.post(
        "/api/tickets",
        data={"description": "a\x1fb", "priority_id": "1", "message": "Hello"},
        headers=client_a,
    )
    _refused(form, "description")
    assert _events(desk) == before
    pair = desk.client.post(
        "/api/tickets",
        content='{"description": "smile \\ud83d\\ude00", "priority_id": 1, '
        '"message": "Hi\\n\\tthere"}',
        headers={**client_a, "content-type": "application/json"},
    )
    assert pair.status_code < 300, pair.text


def test_an_export_strips_control_characters(tmp_path: Path) -> None:
    rows = [
        {"id": "1", "description": "a\x01b\x0bc\x1fd\ne", "company": {"name": "X\x02"}}
    ]
    write_files(rows, tmp_path / "export")
    sheet = load_workbook(BytesIO((tmp_path / "export.xlsx").read_bytes())).active
    assert [c.value for c in sheet[2]] == ["1", "abcd\ne", "X"]
    assert "\x01" not in (tmp_path / "export.csv").read_text()
    json.dumps(rows)


def test_an_oversized_json_body_is_refused(desk: Desk, first: dict[str, str]) -> None:
    huge = json.dumps({"description": "x" * (6 * 1024 * 1024), "priority_id": 1})
    answer = desk.client.post(
        "/api/tickets",
        content=huge,
        headers={**first, "content-type": "application/json"},
    )
    assert answer.status_code == 413, answer.text
    assert "body" in answer.json()["errors"]
