"""Exactly once: a failing batch leaves nothing behind, and rebuild equals following."""

from __future__ import annotations

from uuid import uuid4

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.exc import OperationalError

from domain.base import SYSTEM
from projections import tables as t
from projections.follower import HANDLERS
from projections.rebuild import rebuild
from tests.integration.projections.conftest import rows, snapshot


def test_a_batch_that_fails_is_rolled_back_whole(
    application, engine, follower, tenant, monkeypatch
):
    """A passing database error (not the event's fault) parks nothing."""
    ticket = application.open_ticket(tenant, SYSTEM, {"description": "One"})
    application.post_message(tenant, SYSTEM, ticket, "<p>hi</p>", True, False)
    start = follower.position()
    original = HANDLERS["Ticket.MessagePosted"]

    def crash(apply):  # type: ignore[no-untyped-def]
        raise OperationalError("UPDATE", {}, Exception("database is locked"))

    monkeypatch.setitem(HANDLERS, "Ticket.MessagePosted", crash)
    with pytest.raises(OperationalError):
        follower.catch_up()
    assert follower.position() == start
    assert rows(engine, t.tickets, id=ticket) == []

    monkeypatch.setitem(HANDLERS, "Ticket.MessagePosted", original)
    follower.catch_up()
    [row] = rows(engine, t.tickets, id=ticket)
    assert row["message_count"] == 1
    assert len(rows(engine, t.messages, morphable_id=ticket)) == 1


def test_wait_for_returns_once_the_read_model_shows_the_write(
    application, engine, follower, tenant
):
    ticket = application.open_ticket(tenant, SYSTEM, {"description": "Seen"})
    follower.wait_for(application.position())
    assert rows(engine, t.tickets, id=ticket)[0]["description"] == "Seen"


COMMANDS = st.lists(
    st.tuples(
        st.sampled_from(
            [
                "open",
                "reply",
                "note",
                "close",
                "delete",
                "restore",
                "rename",
                "merge",
                "time",
                "client",
            ]
        ),
        st.integers(min_value=0, max_value=50),
    ),
    min_size=1,
    max_size=25,
)


def _run(app, tenant, company, client, command, number, tickets):  # type: ignore[no-untyped-def]
    """Apply one command, ignoring those the rules refuse (they append nothing)."""
    from domain.errors import DomainError

    target = tickets[number % len(tickets)] if tickets else None
    try:
        if command == "open" or target is None:
            tickets.append(
                app.open_ticket(
                    tenant,
                    SYSTEM,
                    {
                        "description": f"T {number}",
                        "company_id": company,
                        "client_id": client if number % 2 else None,
                    },
                )
            )
        elif command == "client":
            # renames the client on every ticket row of theirs, by direct SQL
            app.update_user(tenant, SYSTEM, client, {"first_name": f"N{number}"})
        elif command in ("reply", "note"):
            app.post_message(
                tenant, SYSTEM, target, f"m{number}", command == "reply", False
            )
        elif command == "close":
            statuses = app.setting_list(tenant, "ticket_statuses").ordered()
            app.update_ticket(
                tenant, SYSTEM, target, {"status_id": statuses[number % 2]["id"]}
            )
        elif command == "delete":
            app.delete_ticket(tenant, SYSTEM, target)
        elif command == "restore":
            app.restore_ticket(tenant, SYSTEM, target)
        elif command == "rename":
            app.update_ticket(
                tenant, SYSTEM, target, {"description": f"Renamed {number}"}
            )
        elif command == "merge" and len(tickets) > 1:
            other = tickets[(number + 1) % len(tickets)]
            if other != target:
                app.merge_tickets(tenant, SYSTEM, [target, other])
        elif command == "time":
            from datetime import UTC, datetime

            app.register_time(
                tenant, SYSTEM, target, 5 + number, datetime(2026, 5, 1, tzinfo=UTC)
            )
    except DomainError:
        pass


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(commands=COMMANDS, stops=st.lists(st.integers(1, 7), min_size=1, max_size=6))
def test_following_with_restarts_equals_rebuilding(  # type: ignore[no-untyped-def]
    application, engine, tenant, commands, stops
):
    from projections.follower import Follower

    company = application.register_company(tenant, SYSTEM, {"name": "Co"})
    client = application.register_user(
        tenant,
        SYSTEM,
        email=f"c{uuid4().hex[:8]}@acme.test",
        first_name="Cee",
        last_name="Lient",
        is_operator=0,
        company_ids=[company],
        role="client",
        permissions=[],
    )
    tickets: list[str] = []
    # one follower that lives through it all, keeping rows between batches,
    # beside others that stop after a few events, as if their process died
    steady = Follower(application, engine, batch_size=50)
    for index, (command, number) in enumerate(commands):
        _run(application, tenant, company, client, command, number, tickets)
        if index % 3 == 0:
            Follower(application, engine, batch_size=50).apply_batch(
                stops[index % len(stops)]
            )
        else:
            steady.apply_batch(stops[index % len(stops)])
    steady.catch_up()
    followed = snapshot(engine)
    rebuild(application, engine, batch_size=13)
    assert snapshot(engine) == followed
