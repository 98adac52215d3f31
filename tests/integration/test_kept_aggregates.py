"""Sequences and setting lists kept in memory still see what other processes saved."""

from __future__ import annotations

from uuid import UUID

from api.bootstrap import build_application
from domain.base import SYSTEM
from domain.tenants import Sequence, sequence_id
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
