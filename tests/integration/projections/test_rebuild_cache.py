"""A rebuild's row cache outlives the writes of its own rows (PostgreSQL).

On PostgreSQL a rebuild writes each committed batch's rows on a second
connection (projections/write_behind.py). A statement of the batch on a cached
table first writes what the batch handed over already, on its own connection;
those are the cache's own rows, so the cache must not be emptied for them, or
every ticket it held is read back from the database one by one.
"""

from __future__ import annotations

from unittest.mock import patch

import pytest

from domain.base import SYSTEM
from domain.use_cases.messages import PostMessage
from domain.use_cases.tickets import OpenTicket
from projections import context
from projections.rebuild import rebuild
from tests.conftest import BACKEND
from tests.integration.projections.conftest import snapshot

pytestmark = pytest.mark.skipif(
    BACKEND != "postgres", reason="the rebuild's second connection is PostgreSQL's"
)


def test_a_rebuild_reads_each_ticket_back_once_after_a_direct_statement(  # type: ignore[no-untyped-def]
    application, engine, follower, tenant, client
) -> None:
    company, client_id = client
    tickets = [
        application.tickets.open(
            tenant,
            SYSTEM,
            OpenTicket(
                description=f"Ticket {n}", company_id=company, client_id=client_id
            ),
        )
        for n in range(6)
    ]
    gone = tickets.pop()
    opened = application.position()  # the rebuild's first batch ends here

    def post(ticket: str) -> None:
        application.messages.post(
            tenant,
            SYSTEM,
            ticket,
            PostMessage(
                message="Any news?", visible_to_client=True, is_from_client=False
            ),
        )

    # its search documents are changed by a statement of their own, which
    # empties the cache: the others are read back once each
    application.tickets.delete(tenant, SYSTEM, gone)
    post(tickets[0])
    # a handler that writes outside the cached tables has the batch's rows
    # written first, the ticket just changed among them
    application.settings.add(
        tenant, SYSTEM, "ticket_statuses", "Waiting", {"type": 1, "name_client": "Wait"}
    )
    for _ in range(2):
        for ticket in tickets:
            post(ticket)
    follower.catch_up()
    followed = snapshot(engine)

    loaded: list[str] = []
    load = context.Apply._load

    def counted(self, table, rows, row_id):  # type: ignore[no-untyped-def]
        if table is context.t.tickets:
            loaded.append(row_id)
        return load(self, table, rows, row_id)

    with patch.object(context.Apply, "_load", counted):
        rebuild(application, engine, batch_size=opened)
    assert sorted(loaded) == sorted(tickets)  # each once
    assert snapshot(engine) == followed
