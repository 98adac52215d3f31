"""Aggregates kept in memory (sequences, setting lists, tickets) still see what
other processes saved, and never what was not saved."""

from __future__ import annotations

from uuid import UUID

import pytest

from api.bootstrap import build_application
from domain.base import SYSTEM
from domain.errors import ConcurrentChange, NotFound
from domain.tenants import Sequence, sequence_id
from domain.use_cases.messages import PostMessage
from domain.use_cases.tickets import OpenTicket


def test_numbers_and_statuses_saved_by_another_process_are_seen(application, settings):
    tenant = application.tenants.create(SYSTEM, "Acme IT", "acme")
    application.settings.add(
        tenant, SYSTEM, "ticket_statuses", "Open", {"type": 1}, is_default=True
    )
    first = application.tickets.open(tenant, SYSTEM, OpenTicket(description="One"))
    other = build_application(settings)  # a second API process on the same store
    try:
        other.settings.add(tenant, SYSTEM, "ticket_statuses", "Waiting", {"type": 1})
        other.tickets.open(tenant, SYSTEM, OpenTicket(description="Two"))
        third = application.tickets.open(
            tenant, SYSTEM, OpenTicket(description="Three")
        )
    finally:
        other.close()
    labels = [
        i["label"]
        for i in application.settings.setting_list(tenant, "ticket_statuses").ordered()
    ]
    assert labels == ["Open", "Waiting"]
    assert application.tickets.get(tenant, first).number == 1
    assert application.tickets.get(tenant, third).number == 3


def test_a_kept_sequence_is_a_copy_and_stays_fast_forwarded(application, monkeypatch):
    tenant = application.tenants.create(SYSTEM, "Acme IT", "acme")
    application.settings.add(
        tenant, SYSTEM, "ticket_statuses", "Open", {"type": 1}, is_default=True
    )
    for n in range(1, 151):  # past a snapshot
        application.tickets.open(tenant, SYSTEM, OpenTicket(description=f"T{n}"))
    reads: list[tuple[str, int | None]] = []

    def spy(recorder, name):  # type: ignore[no-untyped-def]
        original = recorder.select_events

        def select_events(originator_id, **kwargs):  # type: ignore[no-untyped-def]
            reads.append((name, kwargs.get("gt")))
            return original(originator_id, **kwargs)

        monkeypatch.setattr(recorder, "select_events", select_events)

    spy(application.events.recorder, "events")
    spy(application.snapshots.recorder, "snapshots")
    loaded = application.load(tenant, Sequence, sequence_id(tenant, "tickets"))
    # this process saved every number: the copy it kept is trusted, not read
    assert reads == []
    loaded.allocate(SYSTEM, 5)  # changed, never saved
    again = application.load(tenant, Sequence, sequence_id(tenant, "tickets"))
    assert (loaded.value, again.value) == (155, 150)
    ticket = application.tickets.open(tenant, SYSTEM, OpenTicket(description="Next"))
    assert application.tickets.get(tenant, ticket).number == 151


def test_a_sequence_that_clashed_is_brought_forward_once(
    application, settings, monkeypatch
):
    tenant = application.tenants.create(SYSTEM, "Acme IT", "acme")
    application.settings.add(
        tenant, SYSTEM, "ticket_statuses", "Open", {"type": 1}, is_default=True
    )
    application.tickets.open(tenant, SYSTEM, OpenTicket(description="One"))
    other = build_application(settings)
    try:
        other.tickets.open(tenant, SYSTEM, OpenTicket(description="Two"))
    finally:
        other.close()
    reads: list[int | None] = []
    original = application.events.recorder.select_events

    def select_events(originator_id, **kwargs):  # type: ignore[no-untyped-def]
        if originator_id == UUID(sequence_id(tenant, "tickets")):
            reads.append(kwargs.get("gt"))
        return original(originator_id, **kwargs)

    monkeypatch.setattr(application.events.recorder, "select_events", select_events)
    third = application.tickets.open(tenant, SYSTEM, OpenTicket(description="Three"))
    # the kept copy (number 1) clashed with the other process's save, was
    # brought forward from its version, and the command was retried
    assert application.tickets.get(tenant, third).number == 3
    assert reads == [2]
    fourth = application.tickets.open(tenant, SYSTEM, OpenTicket(description="Four"))
    assert application.tickets.get(tenant, fourth).number == 4
    assert reads == [2]  # trusted again after its own save


def _reply(application, tenant: str, ticket: str, text: str) -> str:  # type: ignore[no-untyped-def]
    return application.messages.post(  # type: ignore[no-any-return]
        tenant,
        SYSTEM,
        ticket,
        PostMessage(message=text, visible_to_client=True, is_from_client=False),
    )


def _ticket_reads(application, monkeypatch, ticket: str) -> list[int | None]:  # type: ignore[no-untyped-def]
    """The `gt` of each read of the record's events from now on (None: all)."""
    reads: list[int | None] = []
    original = application.events.recorder.select_events

    def select_events(originator_id, **kwargs):  # type: ignore[no-untyped-def]
        if originator_id == UUID(ticket):
            reads.append(kwargs.get("gt"))
        return original(originator_id, **kwargs)

    monkeypatch.setattr(application.events.recorder, "select_events", select_events)
    return reads


@pytest.fixture
def tenant(application) -> str:  # type: ignore[no-untyped-def]
    tenant = application.tenants.create(SYSTEM, "Acme IT", "acme")
    application.settings.add(
        tenant, SYSTEM, "ticket_statuses", "Open", {"type": 1}, is_default=True
    )
    return tenant  # type: ignore[no-any-return]


def test_a_saved_ticket_is_handed_out_again_and_brought_forward(
    application, settings, tenant, monkeypatch
):
    ticket = application.tickets.open(tenant, SYSTEM, OpenTicket(description="One"))
    for n in range(5):
        _reply(application, tenant, ticket, f"reply {n}")
    saved = application.events_of(ticket)[-1].originator_version
    reads = _ticket_reads(application, monkeypatch, ticket)
    _reply(application, tenant, ticket, "kept")
    # the copy its last save kept: only what came after its version is read
    assert reads == [saved]
    version = saved + 1
    other = build_application(settings)  # another process replies meanwhile
    try:
        _reply(other, tenant, ticket, "from elsewhere")
    finally:
        other.close()
    loaded = application.tickets.get(tenant, ticket)
    assert reads[-1] == version
    assert [m["message"] for m in loaded.messages][-2:] == ["kept", "from elsewhere"]
    assert loaded.version == version + 1


def test_a_ticket_changed_but_not_saved_is_not_handed_out_again(
    application, tenant, monkeypatch
):
    ticket = application.tickets.open(tenant, SYSTEM, OpenTicket(description="One"))
    _reply(application, tenant, ticket, "saved")
    changed = application.tickets.get(tenant, ticket)
    changed.post_message(SYSTEM, "m-unsaved", "never saved", True, False)
    meanwhile = application.tickets.get(tenant, ticket)  # a second load at once
    assert meanwhile is not changed
    reads = _ticket_reads(application, monkeypatch, ticket)
    loaded = application.tickets.get(tenant, ticket)
    assert reads == [None]  # replayed from the log
    assert [m["message"] for m in loaded.messages] == ["saved"]
    assert loaded.version == changed.version - 1


def test_a_failed_command_leaves_the_log_to_decide(application, tenant, monkeypatch):
    ticket = application.tickets.open(tenant, SYSTEM, OpenTicket(description="One"))
    _reply(application, tenant, ticket, "saved")

    def refuse(*_args, **_kwargs):  # type: ignore[no-untyped-def]
        raise ConcurrentChange("refused")

    monkeypatch.setattr(application, "retries_on_conflict", 1)
    with monkeypatch.context() as patched:
        patched.setattr(application, "save", refuse)
        with pytest.raises(ConcurrentChange):
            _reply(application, tenant, ticket, "refused")
    reads = _ticket_reads(application, monkeypatch, ticket)
    _reply(application, tenant, ticket, "after")
    assert reads == [None]
    loaded = application.tickets.get(tenant, ticket)
    assert [m["message"] for m in loaded.messages] == ["saved", "after"]


def test_a_kept_ticket_is_not_found_in_another_tenant(application, tenant):
    ticket = application.tickets.open(tenant, SYSTEM, OpenTicket(description="One"))
    other = application.tenants.create(SYSTEM, "Other IT", "other")
    with pytest.raises(NotFound):
        application.tickets.get(other, ticket)
    assert application.tickets.get(tenant, ticket).fields["description"] == "One"


def test_another_records_id_asked_for_as_a_ticket_is_not_found_nor_kept(
    application, tenant, monkeypatch
):
    application.tickets.open(tenant, SYSTEM, OpenTicket(description="One"))
    numbers = sequence_id(tenant, "tickets")
    reads = _ticket_reads(application, monkeypatch, numbers)
    for _ in range(2):
        with pytest.raises(NotFound):
            application.tickets.get(tenant, numbers)
    assert reads == [None, None]  # replayed each time: never kept as a ticket
