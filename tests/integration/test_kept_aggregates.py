"""Sequences and setting lists kept in memory still see what other processes saved."""

from __future__ import annotations

from api.bootstrap import build_application
from domain.base import SYSTEM
from domain.tenants import Sequence, sequence_id


def test_numbers_and_statuses_saved_by_another_process_are_seen(application, settings):
    tenant = application.create_tenant(SYSTEM, "Acme IT", "acme")
    application.add_setting(
        tenant, SYSTEM, "ticket_statuses", "Open", {"type": 1}, is_default=True
    )
    first = application.open_ticket(tenant, SYSTEM, {"description": "One"})
    other = build_application(settings)  # a second API process on the same store
    try:
        other.add_setting(tenant, SYSTEM, "ticket_statuses", "Waiting", {"type": 1})
        other.open_ticket(tenant, SYSTEM, {"description": "Two"})
        third = application.open_ticket(tenant, SYSTEM, {"description": "Three"})
    finally:
        other.close()
    labels = [
        i["label"]
        for i in application.setting_list(tenant, "ticket_statuses").ordered()
    ]
    assert labels == ["Open", "Waiting"]
    assert application.ticket(tenant, first).number == 1
    assert application.ticket(tenant, third).number == 3


def test_a_kept_sequence_is_a_copy_and_stays_fast_forwarded(application, monkeypatch):
    tenant = application.create_tenant(SYSTEM, "Acme IT", "acme")
    application.add_setting(
        tenant, SYSTEM, "ticket_statuses", "Open", {"type": 1}, is_default=True
    )
    for n in range(1, 151):  # past a snapshot
        application.open_ticket(tenant, SYSTEM, {"description": f"T{n}"})
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
    # one read of what was saved since it was kept: no snapshot, no replay
    assert reads == [("events", loaded.version - 1)]
    loaded.allocate(SYSTEM, 5)  # changed, never saved
    again = application.load(tenant, Sequence, sequence_id(tenant, "tickets"))
    assert (loaded.value, again.value) == (155, 150)
    ticket = application.open_ticket(tenant, SYSTEM, {"description": "Next"})
    assert application.ticket(tenant, ticket).number == 151
