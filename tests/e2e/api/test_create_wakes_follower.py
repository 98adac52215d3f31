"""A portal create wakes the embedded follower rather than waiting out its poll."""

from __future__ import annotations

from projections.follower import Follower
from tests.e2e.api.conftest import Portal

HOUR = 3600.0


def _ticket(portal: Portal, description: str) -> dict[str, object]:
    """A new ticket as the portal form sends it (the demo tenant asks a priority)."""
    priorities = portal.svc.domain.settings.setting_list(
        portal.tenant_id(), "priorities"
    )
    return {
        "description": description,
        "message": "It blinks.",
        "priority_id": priorities.ordered()[0]["id"],
    }


def test_a_created_ticket_is_listed_once_the_write_woke_the_follower(
    portal: Portal, client_a: dict[str, str], monkeypatch
) -> None:
    follower: Follower = portal.svc.follower
    woken: list[int] = []
    wake = follower.wake
    monkeypatch.setattr(follower, "wake", lambda: (woken.append(1), wake())[1])
    # embedded mode whose idle poll would outlast the write's own time-out
    follower.start(poll_interval=HOUR)
    try:
        portal.svc.follower.wait_for(portal.svc.domain.position(), timeout=30)
        woken.clear()
        answer = portal.post(
            "/api/tickets",
            client_a,
            json=_ticket(portal, "Printer offline"),
        )
        assert answer.status_code == 201, answer.text
        assert woken, "the write did not wake the follower"
        listed = portal.get(
            "/api/tickets",
            client_a,
            params=[
                ("builder[orderBy][0][]", "updated_at"),
                ("builder[orderBy][0][]", "desc"),
            ],
        )
        assert listed.json()["data"][0]["id"] == answer.json()["id"]
    finally:
        follower.stop()


def test_a_woken_follower_that_applied_the_write_tells_the_waiter(
    portal: Portal, client_a: dict[str, str]
) -> None:
    follower: Follower = portal.svc.follower
    follower.start(poll_interval=HOUR)
    try:
        answer = portal.post("/api/tickets", client_a, json=_ticket(portal, "VPN down"))
        assert answer.status_code == 201, answer.text
        # the waiter learnt the position from the thread, in memory
        assert follower.reached >= portal.svc.domain.position()
    finally:
        follower.stop()


def test_a_create_keeps_the_tenant_and_sessions_cached(
    portal: Portal, client_a: dict[str, str]
) -> None:
    from api.cache import MISSING

    assert portal.get("/api/tickets", client_a).status_code == 200
    assert portal.svc.cache.peek(("tenant", "demo")) is not MISSING
    answer = portal.post("/api/tickets", client_a, json=_ticket(portal, "Mailbox"))
    assert answer.status_code == 201, answer.text
    # the follower applied only ticket events: nothing cached had changed
    assert portal.svc.cache.peek(("tenant", "demo")) is not MISSING
