"""One ticket as both audiences read it: what a request costs and what it says.

A detail is the request the portal sends most after the list, so the thread's
authors come in the messages' own statement, not in one more round trip.
"""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

import psycopg
import pytest
from psycopg.pq import TransactionStatus
from pydantic import TypeAdapter

from api.present.encode import deep_order
from api.routers.tickets import AnyTicket
from api.schemas import TicketDetail
from tests.e2e.api.conftest import Portal
from tests.support.statements import statements

DETAIL = TypeAdapter(TicketDetail)
ANY_TICKET = TypeAdapter(AnyTicket)


def _table(statement: str) -> str:
    """The table a SELECT reads first."""
    words = " ".join(statement.split())
    return words.split(" FROM ", 1)[1].split()[0].strip('"')


def _open(portal: Portal, client: dict[str, str], description: str) -> Any:
    """A client's new ticket with its first message: the POST's answer."""
    opened = portal.post(
        "/api/tickets",
        client,
        json={"description": description, "message": "<p>Again</p>", "priority_id": 2},
    )
    assert opened.status_code == 201, opened.text
    return opened


def _replied(portal: Portal, client: dict[str, str], operator: dict[str, str]) -> Any:
    """A client's ticket with a client's message and an operator's reply."""
    ticket = _open(portal, client, "Printer jams").json()
    reply = {"message": "<p>On it</p>", "morphable_type": "Ticket"}
    answer = portal.post(
        "/api/messages", operator, data={**reply, "morphable_id": ticket["id"]}
    )
    assert answer.status_code == 201, answer.text
    return ticket


def test_a_detail_reads_the_thread_and_its_authors_in_one_statement(
    portal: Portal, client_a: dict[str, str], operator: dict[str, str]
) -> None:
    ticket = _replied(portal, client_a, operator)
    for headers in (client_a, operator):
        portal.get(f"/api/tickets/{ticket['id']}", headers)  # sessions warmed
        with statements(portal.svc.engine) as sent:
            answer = portal.get(f"/api/tickets/{ticket['id']}", headers)
        assert answer.status_code == 200, answer.text
        thread = answer.json()["messages"]
        assert [m["actor"]["full_name"] for m in thread][0] == "Anna de Vries"
        assert thread[-1]["actor"]["is_operator"] == 1
        # the ticket, then its thread with the authors joined; the session and
        # the setting lists come from their caches
        assert [_table(s) for s in sent] == ["tickets", "messages"], sent
        assert "JOIN users" in " ".join(sent[1].split()).replace('"', "")


def _model_bytes(content: bytes) -> bytes:
    return DETAIL.dump_json(DETAIL.validate_json(content), by_alias=True)


def test_a_detail_is_encoded_as_its_model_would_be(
    portal: Portal, client_a: dict[str, str], operator: dict[str, str]
) -> None:
    listed = portal.get("/api/tickets", client_a, params={"builder[paginate]": 100})
    ticket = next(r for r in listed.json()["data"] if r["sla_state"] is not None)
    edit = portal.get(f"/api/tickets/{ticket['id']}/edit", operator).json()
    saved = portal.client.put(
        f"/api/tickets/{ticket['id']}",
        headers=operator,
        json={"custom_values": {"asset_tag": "A-9"}, "version": edit["version"]},
    )
    assert saved.status_code == 200, saved.text
    form = {"message": "<p>Log</p>", "morphable_type": "Ticket"}
    sent = portal.post(
        "/api/messages",
        client_a,
        data={**form, "morphable_id": ticket["id"]},
        files=[("file[0]", ("log.txt", b"error 42", "text/plain"))],
    )
    assert sent.status_code == 201, sent.text
    for headers in (client_a, operator):
        answer = portal.get(f"/api/tickets/{ticket['id']}", headers)
        assert answer.status_code == 200, answer.text
        assert answer.headers["content-type"] == "application/json"
        shown = answer.json()
        assert shown["sla_state"] is not None and shown["custom_values"]
        assert any(m["attachments"] for m in shown["messages"])
        assert answer.content == _model_bytes(answer.content)


def test_a_new_ticket_is_answered_as_its_model_would_answer_it(
    portal: Portal, client_a: dict[str, str]
) -> None:
    opened = _open(portal, client_a, "Scanner → offline")
    assert opened.headers["content-type"] == "application/json"
    shown = opened.json()
    assert shown["description"] == "Scanner → offline"
    assert [m["message"] for m in shown["messages"]] == ["<p>Again</p>"]
    assert opened.content == ANY_TICKET.dump_json(
        ANY_TICKET.validate_json(opened.content), by_alias=True
    )
    again = portal.get(f"/api/tickets/{shown['id']}", client_a)
    assert again.json() == shown


def test_a_record_and_the_models_it_holds_take_the_models_order() -> None:
    order = deep_order(TicketDetail)
    message = {"extra": 1, "attachments": [], "actor": None, "id": "m1"}
    body = order({"messages": [message], "id": "t1", "status": {"id": 1}})
    assert list(body)[:3] == ["id", "reference", "description"]
    assert list(body["status"]) == [
        "id",
        "name",
        "name_client",
        "style",
        "style_client",
        "type",
    ]
    assert list(body["messages"][0])[:3] == ["id", "message", "format"]
    assert list(body["messages"][0])[-1] == "extra"


def test_a_clients_reply_rolls_nothing_back(
    portal: Portal, client_a: dict[str, str], operator: dict[str, str]
) -> None:
    """A reply's reads (the ticket it answers, the message it shows, the
    read model's position and parked events) go without a transaction: under
    load every ROLLBACK given back with a connection was one more round trip
    to wait for."""
    if portal.svc.engine.dialect.name != "postgresql":
        pytest.skip("round trips to a server are PostgreSQL's")
    ticket = _replied(portal, client_a, operator)
    form = {"message": "Thanks", "morphable_type": "Ticket"}
    sent = []
    rollback = psycopg.Connection.rollback

    def counted(connection: psycopg.Connection[Any]) -> None:
        if connection.pgconn.transaction_status != TransactionStatus.IDLE:
            sent.append("ROLLBACK")  # psycopg sends one only inside a transaction
        rollback(connection)

    with patch.object(psycopg.Connection, "rollback", counted):
        answer = portal.post(
            "/api/messages", client_a, data={**form, "morphable_id": ticket["id"]}
        )
    assert answer.status_code == 201, answer.text
    assert answer.json()["message"] == "Thanks"
    assert sent == []
