"""A ticket the SLA follower warned about or found breached can still be edited: the
version the editor loads is the ticket's own, not the one before the alert."""

from __future__ import annotations

from projections import tables as t
from tests.e2e.api.conftest import Portal


def test_a_breached_ticket_saves_with_the_version_its_editor_loaded(
    portal: Portal, operator: dict[str, str]
) -> None:
    rows = portal.rows(t.tickets, tenant_id=portal.tenant_id())
    alerted = [
        r
        for r in rows
        if not r.deleted
        and r.merged_into is None
        and r.sla_state in ("warned", "breached")
    ]
    assert alerted, "the demo seeds tickets past their SLA targets"
    for row in alerted[:3]:
        shown = portal.get(f"/api/tickets/{row.id}/edit", operator).json()
        saved = portal.client.put(
            f"/api/tickets/{row.id}",
            headers=operator,
            json={
                "description": f"{shown['description']} (checked)",
                "version": shown["version"],
            },
        )
        assert saved.status_code == 200, saved.text
