"""A client's text is kept and shown as text; an operator's HTML is sanitised.

Every answer, of the portal and the API, carries a Content-Security-Policy.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.operator.conftest import Desk

PAYLOADS = [
    "<script>alert(1)</script>",
    '<img src=x onerror="window.__xss=1">',
    '<a href="javascript:alert(1)">click me</a> or javascript:alert(2)',
    '<svg onload="alert(1)"><circle r="4"/></svg>',
    '<iframe src="https://evil.example/"></iframe>',
]
DANGEROUS = ("<script", "onerror", "onload", "<svg", "<iframe")
SCRIPT_LINK = re.compile(r"""=\s*["']?\s*javascript:""", re.IGNORECASE)


def _reply(desk: Desk, headers: dict[str, str], ticket_id: str, text: str) -> Any:
    return desk.post(
        "/api/messages",
        headers,
        data={"message": text, "morphable_type": "Ticket", "morphable_id": ticket_id},
    )


def _in_thread(thread: list[dict[str, Any]], message_id: str) -> dict[str, Any]:
    return next(m for m in thread if m["id"] == message_id)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_client_reply_comes_back_as_the_same_text_marked_text(
    desk: Desk, client_a: dict[str, str], first: dict[str, str], payload: str
) -> None:
    ticket_id = desk.ticket_of("client@demo.test").id
    text = f"Hello,\n{payload}\nSee https://example.com/a?b=1"
    answer = _reply(desk, client_a, ticket_id, text)
    assert answer.status_code == 201, answer.text
    posted = answer.json()
    assert posted["message"] == text and posted["format"] == "text"
    portal = desk.get(f"/api/tickets/{ticket_id}", client_a).json()["messages"]
    assert _in_thread(portal, posted["id"])["message"] == text
    assert _in_thread(portal, posted["id"])["format"] == "text"
    operator = desk.get(f"/api/tickets/{ticket_id}", first).json()["messages"]
    assert _in_thread(operator, posted["id"])["message"] == text
    assert _in_thread(operator, posted["id"])["format"] == "text"


@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_ticket_a_client_opens_keeps_its_description_and_message_as_text(
    desk: Desk, client_a: dict[str, str], first: dict[str, str], payload: str
) -> None:
    answer = desk.post(
        "/api/tickets",
        client_a,
        json={
            "description": payload,
            "message": f"{payload}\nThanks",
            "priority_id": 2,
        },
    )
    assert answer.status_code == 201, answer.text
    ticket = answer.json()
    assert ticket["description"] == payload
    [message] = ticket["messages"]
    assert message["message"] == f"{payload}\nThanks"
    assert message["format"] == "text"
    seen = desk.get(f"/api/tickets/{ticket['id']}", first).json()
    assert seen["description"] == payload
    assert seen["messages"][0]["format"] == "text"


@pytest.mark.parametrize("payload", PAYLOADS)
def test_an_operators_html_is_sanitised_and_marked_html(
    desk: Desk, first: dict[str, str], client_a: dict[str, str], payload: str
) -> None:
    ticket_id = desk.ticket_of("client@demo.test").id
    sent = desk.post(
        "/api/messages/store",
        first,
        data={
            "message": f"<p>Hello <b>there</b></p>{payload}",
            "is_from_client": "0",
            "visible_to_client": "1",
            "morphable_type": "Ticket",
            "morphable_id": ticket_id,
        },
    )
    assert sent.status_code == 201, sent.text
    html = sent.json()["message"]
    assert html.startswith("<p>Hello <b>there</b></p>")
    assert not [bad for bad in DANGEROUS if bad in html.lower()]
    assert not SCRIPT_LINK.search(html)
    assert sent.json()["format"] == "html"
    seen = desk.get(f"/api/tickets/{ticket_id}", client_a).json()["messages"]
    shown = _in_thread(seen, sent.json()["id"])
    assert shown["message"] == html and shown["format"] == "html"


def test_an_operator_edit_keeps_a_clients_text_as_text_and_cleans_html(
    desk: Desk, client_a: dict[str, str], first: dict[str, str]
) -> None:
    ticket_id = desk.ticket_of("client@demo.test").id
    posted = _reply(desk, client_a, ticket_id, "a < b").json()
    typo = "a < b, <b>not bold</b>"
    edited = desk.put(f"/api/messages/{posted['id']}", first, json={"message": typo})
    assert edited.status_code == 200, edited.text
    thread = desk.get(f"/api/tickets/{ticket_id}", client_a).json()["messages"]
    assert _in_thread(thread, posted["id"])["message"] == typo
    assert _in_thread(thread, posted["id"])["format"] == "text"

    reply = desk.post(
        "/api/messages/store",
        first,
        data={
            "message": "<p>ok</p>",
            "is_from_client": "0",
            "visible_to_client": "1",
            "morphable_type": "Ticket",
            "morphable_id": ticket_id,
        },
    ).json()
    dirty = '<p onclick="x()">fine</p><img src=x onerror="alert(1)">'
    desk.put(f"/api/messages/{reply['id']}", first, json={"message": dirty})
    thread = desk.get(f"/api/tickets/{ticket_id}", client_a).json()["messages"]
    assert _in_thread(thread, reply["id"])["message"] == '<p>fine</p><img src="x">'


@pytest.mark.parametrize(
    "path", ["/app/", "/app/tickets/1", "/api/tickets", "/api/nothing-here"]
)
def test_every_answer_carries_the_security_headers(desk: Desk, path: str) -> None:
    answer = desk.client.get(path, follow_redirects=False)
    policy = answer.headers["content-security-policy"]
    directives = dict(
        (part.strip().split(" ", 1) + [""])[:2] for part in policy.split(";")
    )
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert directives["frame-ancestors"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert answer.headers["x-content-type-options"] == "nosniff"


def test_an_authenticated_api_answer_carries_the_policy(
    desk: Desk, client_a: dict[str, str]
) -> None:
    answer = desk.get("/api/tickets", client_a)
    assert answer.status_code == 200
    assert "default-src 'self'" in answer.headers["content-security-policy"]
    assert answer.headers["x-content-type-options"] == "nosniff"


def test_the_api_docs_keep_their_own_narrow_policy(desk: Desk) -> None:
    answer = desk.client.get("/api/docs")
    assert answer.status_code == 200
    policy = answer.headers["content-security-policy"]
    assert "https://cdn.jsdelivr.net" in policy
    assert "frame-ancestors 'self'" in policy
    assert answer.headers["x-content-type-options"] == "nosniff"
