"""Exactly once: a failing batch leaves nothing behind, and rebuild equals following."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.exc import OperationalError

from domain.base import SYSTEM
from domain.use_cases.messages import PostMessage
from domain.use_cases.tickets import OpenTicket, UpdateTicket
from domain.use_cases.timekeeping import RegisterTime
from domain.use_cases.users import UpdateUser
from projections import tables as t
from projections.follower import HANDLERS
from projections.rebuild import rebuild
from tests.integration.projections.conftest import register_client, rows, snapshot


def test_a_batch_that_fails_is_rolled_back_whole(
    application, engine, follower, tenant, monkeypatch
):
    """A passing database error (not the event's fault) parks nothing."""
    ticket = application.tickets.open(tenant, SYSTEM, OpenTicket(description="One"))
    application.messages.post(
        tenant,
        SYSTEM,
        ticket,
        PostMessage(message="<p>hi</p>", visible_to_client=True, is_from_client=False),
    )
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
    ticket = application.tickets.open(tenant, SYSTEM, OpenTicket(description="Seen"))
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
                app.tickets.open(
                    tenant,
                    SYSTEM,
                    OpenTicket(
                        description=f"T {number}",
                        company_id=company,
                        client_id=client if number % 2 else None,
                    ),
                )
            )
        elif command == "client":
            # renames the client on every ticket row of theirs, by direct SQL
            app.users.update(
                tenant, SYSTEM, client, UpdateUser(first_name=f"N{number}")
            )
        elif command in ("reply", "note"):
            app.messages.post(
                tenant,
                SYSTEM,
                target,
                PostMessage(
                    message=f"m{number}",
                    visible_to_client=command == "reply",
                    is_from_client=False,
                ),
            )
        elif command == "close":
            statuses = app.settings.setting_list(tenant, "ticket_statuses").ordered()
            app.tickets.update(
                tenant,
                SYSTEM,
                target,
                UpdateTicket(status_id=statuses[number % 2]["id"]),
            )
        elif command == "delete":
            app.tickets.delete(tenant, SYSTEM, target)
        elif command == "restore":
            app.tickets.restore(tenant, SYSTEM, target)
        elif command == "rename":
            app.tickets.update(
                tenant, SYSTEM, target, UpdateTicket(description=f"Renamed {number}")
            )
        elif command == "merge" and len(tickets) > 1:
            other = tickets[(number + 1) % len(tickets)]
            if other != target:
                app.tickets.merge(tenant, SYSTEM, [target, other])
        elif command == "time":
            from datetime import UTC, datetime

            app.time.register(
                tenant,
                SYSTEM,
                target,
                RegisterTime(
                    minutes=5 + number, executed_at=datetime(2026, 5, 1, tzinfo=UTC)
                ),
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

    company, client = register_client(application, tenant, "Co")
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
