"""A write's catch-up reads what changed, not what the follower already knows.

The batch that applies one new ticket used to read the client's and company's
names, the tenant's SLA lists and whether its events were parked, each time.
The follower keeps them from batch to batch and forgets them when an event
changes them.
"""

from __future__ import annotations

import pytest

from domain.base import SYSTEM
from domain.use_cases.tickets import OpenTicket
from domain.use_cases.users import UpdateUser
from projections import tables as t
from projections.follower import Follower
from projections.parked import ChangeParked, list_parked
from tests.integration.projections.conftest import fail_for, post_faulty, rows
from tests.support.statements import statements

POLICY = {
    "default_targets": {"response_minutes": 60, "resolution_minutes": 600},
    "pause_statuses": [],
    "warn_percent": 80,
}


def _reads(sent: list[str], table: str) -> list[str]:
    return [s for s in sent if s.lstrip().upper().startswith("SELECT") and table in s]


def _open(application, tenant, company, client) -> str:  # type: ignore[no-untyped-def]
    return application.tickets.open(  # type: ignore[no-any-return]
        tenant,
        SYSTEM,
        OpenTicket(description="Printer", company_id=company, client_id=client),
    )


def _second_ticket(application, engine, follower, tenant, client):  # type: ignore[no-untyped-def]
    """A ticket opened after one already applied, and the statements its
    catch-up sent."""
    company, client_id = client
    _open(application, tenant, company, client_id)
    follower.catch_up()
    with statements(engine) as sent:
        second = _open(application, tenant, company, client_id)
        follower.wait_for(application.position())
    return second, sent


def test_names_are_read_once_and_again_after_a_rename(
    application, engine, follower, tenant, client
):
    company, client_id = client
    second, sent = _second_ticket(application, engine, follower, tenant, client)
    assert _reads(sent, "users") == []
    assert _reads(sent, "companies") == []
    [row] = rows(engine, t.tickets, id=second)
    assert (row["client_name"], row["company_name"]) == ("Cee Lient", "Named Co")

    application.users.update(tenant, SYSTEM, client_id, UpdateUser(first_name="Dee"))
    follower.catch_up()
    third = _open(application, tenant, company, client_id)
    follower.catch_up()
    assert rows(engine, t.tickets, id=third)[0]["client_name"] == "Dee Lient"


def test_the_sla_lists_are_read_once_and_again_after_a_change(
    application, engine, follower, tenant, client
):
    company, client_id = client
    unclocked, sent = _second_ticket(application, engine, follower, tenant, client)
    assert _reads(sent, "setting_items") == []
    assert rows(engine, t.tickets, id=unclocked)[0]["sla_state"] is None

    application.settings.add(tenant, SYSTEM, "slas", "Basic", POLICY, is_default=True)
    follower.catch_up()
    clocked = _open(application, tenant, company, client_id)
    follower.catch_up()
    assert rows(engine, t.tickets, id=clocked)[0]["sla_state"] == "running"


def test_the_follower_that_applied_a_write_knows_if_it_parked_it(
    application, engine, follower, tenant, client, monkeypatch
):
    company, client_id = client
    ticket = _open(application, tenant, company, client_id)
    follower.catch_up()

    with statements(engine) as sent:
        fine = _open(application, tenant, company, client_id)
        follower.wait_for(application.position(), own=[application.position()])
    assert [s for s in sent if "parked_events" in s and "notification_id" in s] == []
    assert rows(engine, t.tickets, id=fine)

    fail_for(monkeypatch, tenant)
    parked_at = post_faulty(application, tenant, ticket)
    with pytest.raises(ChangeParked):
        follower.wait_for(parked_at, timeout=1, own=[parked_at])
    # one that applied none of it asks the database, and finds it parked too
    other = Follower(application, engine)
    assert other.parked_any([parked_at])
    assert not other.parked_any([parked_at - 1])


def test_a_worker_that_heard_a_batch_knows_none_of_it_was_parked(
    application, engine, follower, tenant, client, monkeypatch
):
    """A worker of `serve --workers` hears of each batch the followers process
    commits (after which position, up to which); a write of one of those events
    then needs no query for parked events. A parked event is never announced,
    so the worker asks the database for it, and finds it."""
    from sqlalchemy import text

    company, client_id = client
    notices: list[tuple[int, int]] = []

    def announce(after: int, position: int, _topics: set[str]) -> tuple[object, dict]:  # type: ignore[type-arg]
        notices.append((after, position))
        return text("SELECT :n"), {"n": 1}

    follower.announce = announce
    worker = Follower(application, engine)
    worker.watched = True

    def hear() -> None:
        for after, position in notices:
            worker.observed(position, after)
        notices.clear()

    ticket = _open(application, tenant, company, client_id)
    follower.catch_up()
    first = _open(application, tenant, company, client_id)
    follower.catch_up()
    hear()
    with statements(engine) as sent:
        assert not worker.parked_any([application.position()])
        assert not worker.parked_any([int(application.position()) - 1])
    assert _reads(sent, "parked_events") == []
    assert rows(engine, t.tickets, id=first)

    fail_for(monkeypatch, tenant)
    parked_at = post_faulty(application, tenant, ticket)
    follower.catch_up()
    monkeypatch.undo()
    _open(application, tenant, company, client_id)
    follower.catch_up()
    hear()
    with statements(engine) as sent:
        assert worker.parked_any([parked_at])
        assert not worker.parked_any([application.position()])
    assert len(_reads(sent, "parked_events")) == 1


def test_a_batch_sends_its_flush_setting_and_retry_check_with_other_statements(
    application, engine, follower, tenant, client
):
    if engine.dialect.name != "postgresql":
        pytest.skip("SQLite's statements are in-process calls")
    second, sent = _second_ticket(application, engine, follower, tenant, client)
    assert [s for s in sent if s.lstrip().upper().startswith("SET")] == []
    assert _reads(sent, "parked_events") == []
    [start] = [s for s in sent if "projection_tracking" in s and "FOR UPDATE" in s]
    assert "set_config" in start
    [move] = [s for s in sent if s.startswith("UPDATE projection_tracking")]
    assert "parked_events" in move
    assert rows(engine, t.tickets, id=second)


def test_a_new_tickets_batch_begins_reads_writes_and_moves_in_two_pipelines(
    application, engine, follower, tenant, client
):
    if engine.dialect.name != "postgresql":
        pytest.skip("SQLite's statements are in-process calls")
    second, sent = _second_ticket(application, engine, follower, tenant, client)
    written = [s.split("(")[0].strip() for s in sent.pipelined]
    # the position's read goes with the transaction's BEGIN, then everything
    # the batch writes with the move, in a second round trip
    assert written == [
        "SELECT projection_tracking.position, set_config",
        'INSERT INTO "tickets"',
        'INSERT INTO "search_documents"',
        "INSERT INTO ticket_counts",
        "UPDATE projection_tracking SET position=%",
    ]
    assert list(sent) == sent.pipelined
    assert rows(engine, t.tickets, id=second)


def test_a_retry_learnt_of_at_the_move_applies_the_batch_again_uncached(
    application, engine, follower, tenant, client, monkeypatch
):
    company, client_id = client
    ticket = _open(application, tenant, company, client_id)
    fail_for(monkeypatch, tenant)
    parked_at = post_faulty(application, tenant, ticket)
    follower.catch_up()
    monkeypatch.undo()
    _open(application, tenant, company, client_id)
    follower.catch_up()  # the cache holds the client's and company's names

    # another process's retry, then a rename its cache does not hear of
    other = Follower(application, engine)
    [parked] = list_parked(engine, notification_ids=[parked_at])
    other.retry(parked)
    with engine.begin() as connection:
        renamed = t.users.update().where(t.users.c.id == client_id)
        connection.execute(renamed.values(full_name="Ree Tried"))
    third = _open(application, tenant, company, client_id)
    follower.catch_up()
    assert rows(engine, t.tickets, id=third)[0]["client_name"] == "Ree Tried"
