"""An event a handler fails on is parked; the follower goes on; a retry applies it."""

from __future__ import annotations

import psycopg
import pytest

from domain.base import SYSTEM
from domain.use_cases.messages import PostMessage
from domain.use_cases.tickets import OpenTicket, UpdateTicket
from projections import tables as t
from projections.follower import Follower
from projections.parked import ChangeParked, is_transient, list_parked, parked_count
from tests.integration.projections.conftest import fail_for, post_faulty, rows


def test_a_failing_event_is_parked_and_the_rest_applies(
    application, engine, follower, tenant, monkeypatch
):
    other = application.tenants.create(SYSTEM, "Other IT", "other")
    application.settings.add(
        other, SYSTEM, "ticket_statuses", "Open", {"type": 1}, is_default=True
    )
    ticket = application.tickets.open(tenant, SYSTEM, OpenTicket(description="One"))
    follower.catch_up()
    fail_for(monkeypatch, tenant)
    parked_at = post_faulty(application, tenant, ticket)
    later = application.tickets.open(tenant, SYSTEM, OpenTicket(description="Later"))
    elsewhere = application.tickets.open(
        other, SYSTEM, OpenTicket(description="Elsewhere")
    )
    application.messages.post(
        other,
        SYSTEM,
        elsewhere,
        PostMessage(message="fine", visible_to_client=True, is_from_client=False),
    )

    assert follower.catch_up() == application.position()
    [parked] = list_parked(engine)
    assert parked.notification_id == parked_at
    assert parked.follower == "read_model"
    assert parked.tenant_id == tenant
    assert parked.topic.endswith("Ticket.MessagePosted")
    assert "could not convert" in parked.error
    assert parked_count(engine) == 1
    assert parked_count(engine, "kafka-relay") == 0
    # every other event, before and after it, of both tenants, applied
    assert rows(engine, t.tickets, id=later)
    assert rows(engine, t.tickets, id=elsewhere)[0]["message_count"] == 1
    assert rows(engine, t.tickets, id=ticket)[0]["message_count"] == 0

    with pytest.raises(ChangeParked):
        follower.wait_for(parked_at, timeout=1, own=[parked_at])
    follower.wait_for(application.position(), timeout=1, own=[application.position()])

    monkeypatch.undo()
    follower.retry(parked)
    assert parked_count(engine) == 0
    assert rows(engine, t.tickets, id=ticket)[0]["message_count"] == 1
    assert len(rows(engine, t.messages, morphable_id=ticket)) == 1
    [resolved] = list_parked(engine, unresolved=False)
    assert resolved.resolved_at is not None


def test_a_retry_that_fails_again_counts_the_attempt(
    application, engine, follower, tenant, monkeypatch
):
    from projections.parked import failed_again

    ticket = application.tickets.open(tenant, SYSTEM, OpenTicket(description="One"))
    fail_for(monkeypatch, tenant)
    post_faulty(application, tenant, ticket)
    follower.catch_up()
    [parked] = list_parked(engine)
    with pytest.raises(ValueError):
        follower.retry(parked)
    with engine.begin() as connection:
        failed_again(connection, parked.id, ValueError("still"))
    [again] = list_parked(engine)
    assert again.attempts == 2 and "still" in again.error
    assert rows(engine, t.tickets, id=ticket)[0]["message_count"] == 0


def test_the_follower_in_another_process_sees_a_retry(
    application, engine, tenant, monkeypatch
):
    """A retry writes past the running follower's row cache: it must not go stale."""
    running = Follower(application, engine, batch_size=50)
    ticket = application.tickets.open(tenant, SYSTEM, OpenTicket(description="One"))
    running.catch_up()
    fail_for(monkeypatch, tenant)
    post_faulty(application, tenant, ticket)
    running.catch_up()
    # the running follower caches the ticket's row again
    application.tickets.update(
        tenant, SYSTEM, ticket, UpdateTicket(description="Renamed")
    )
    running.catch_up()
    monkeypatch.undo()
    [parked] = list_parked(engine)
    Follower(application, engine).retry(parked)
    application.messages.post(
        tenant,
        SYSTEM,
        ticket,
        PostMessage(message="second", visible_to_client=True, is_from_client=False),
    )
    running.catch_up()
    assert rows(engine, t.tickets, id=ticket)[0]["message_count"] == 2


def test_a_rebuild_parks_what_fails_and_finishes(
    application, engine, follower, tenant, monkeypatch
):
    from projections.rebuild import rebuild

    ticket = application.tickets.open(tenant, SYSTEM, OpenTicket(description="One"))
    post_faulty(application, tenant, ticket)
    later = application.tickets.open(tenant, SYSTEM, OpenTicket(description="Later"))
    fail_for(monkeypatch, tenant)
    rebuild(application, engine, batch_size=50)
    [parked] = list_parked(engine)
    assert parked.topic.endswith("Ticket.MessagePosted")
    assert rows(engine, t.tickets, id=later)
    assert rows(engine, t.tickets, id=ticket)[0]["message_count"] == 0
    assert follower.position() == application.position()


def test_project_once_finishes_and_says_what_was_parked(
    application, engine, tenant, settings, monkeypatch, capsys
):
    from api.cli import main

    ticket = application.tickets.open(tenant, SYSTEM, OpenTicket(description="One"))
    post_faulty(application, tenant, ticket)
    fail_for(monkeypatch, tenant)
    monkeypatch.setenv("LEDGERDESK_DATABASE_URL", settings.database_url)
    assert main(["project", "--once"]) == 0
    out = capsys.readouterr().out
    assert f"Read model at position {application.position()}." in out
    assert "1 event(s) parked: see `ledgerdesk parked`." in out


def test_psycopgs_own_errors_of_passing_trouble_are_not_the_events_fault():
    # a batch's pipeline and COPY meet psycopg's errors, not SQLAlchemy's
    assert is_transient(psycopg.OperationalError("server closed the connection"))
    assert is_transient(psycopg.errors.DeadlockDetected("deadlock detected"))
    assert is_transient(psycopg.errors.SerializationFailure("could not serialize"))
    assert is_transient(psycopg.errors.LockNotAvailable("lock timeout"))
    assert is_transient(psycopg.errors.AdminShutdown("terminating connection"))
    assert not is_transient(psycopg.errors.NotNullViolation("null value"))
    assert not is_transient(psycopg.errors.InvalidTextRepresentation("bad value"))
    assert not is_transient(psycopg.errors.NumericValueOutOfRange("out of range"))
