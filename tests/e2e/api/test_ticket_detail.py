"""One ticket as both audiences read it: what a request costs and what it says.

A detail is the request the portal sends most after the list, so the thread's
authors come in the messages' own statement, not in one more round trip.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, event

from tests.e2e.api.conftest import Portal


@contextmanager
def statements(engine: Engine) -> Iterator[list[str]]:
    """The SQL statements sent on engine meanwhile."""
    sent: list[str] = []

    def note(_conn, _cursor, statement, *_args):  # type: ignore[no-untyped-def]
        sent.append(statement)

    event.listen(engine, "before_cursor_execute", note)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", note)


def _table(statement: str) -> str:
    """The table a SELECT reads first."""
    words = " ".join(statement.split())
    return words.split(" FROM ", 1)[1].split()[0].strip('"')


def _replied(portal: Portal, client: dict[str, str], operator: dict[str, str]) -> Any:
    """A client's ticket with a client's message and an operator's reply."""
    opened = portal.post(
        "/api/tickets",
        client,
        json={
            "description": "Printer jams",
            "message": "<p>Again</p>",
            "priority_id": 2,
        },
    )
    assert opened.status_code == 201, opened.text
    ticket = opened.json()
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
