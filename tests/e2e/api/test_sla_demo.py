"""The demo tenant shows the SLA clock in every state from the moment it is seeded,
and each warning and breach it holds was raised once, as the SLA timer raises them."""

from __future__ import annotations

from collections import Counter
from typing import Any

from sqlalchemy import select

from outbound.sla_timer import TIMER, SlaTimer
from projections import tables as t
from tests.e2e.api.conftest import Portal

STATES = {"running", "paused", "met", "warned", "breached"}


def _tickets(portal: Portal) -> list[Any]:
    with portal.svc.engine.connect() as connection:
        return list(
            connection.execute(
                select(t.tickets).where(
                    t.tickets.c.tenant_id == portal.tenant_id(),
                    t.tickets.c.is_template.is_(False),
                )
            )
        )


def _alert_messages(portal: Portal) -> list[tuple[str, str, str, str]]:
    m = t.messages.c
    with portal.svc.engine.connect() as connection:
        return [
            (row.morphable_id, row.type, row.data["target"], row.data["due_at"])
            for row in connection.execute(
                select(m.morphable_id, m.type, m.data, m.actor_id).where(
                    m.tenant_id == portal.tenant_id(),
                    m.type.in_(("sla-warned", "sla-breached")),
                )
            )
        ]


def test_the_demo_shows_every_state_of_the_clock(portal: Portal) -> None:
    rows = _tickets(portal)
    states = {row.sla_state for row in rows}
    assert STATES <= states
    for row in rows:
        if row.sla_state is not None:
            assert row.sla_policy_id is not None
    breached = [r for r in rows if r.sla_state == "breached"]
    assert all(r.status_type not in (2, 3) for r in breached)


def test_the_demo_alerts_are_the_timers_and_raised_once(portal: Portal) -> None:
    alerts = _alert_messages(portal)
    assert {kind for _, kind, _, _ in alerts} == {"sla-warned", "sla-breached"}
    assert max(Counter(alerts).values()) == 1
    m = t.messages.c
    with portal.svc.engine.connect() as connection:
        actors = set(
            connection.execute(
                select(m.actor_id).where(
                    m.tenant_id == portal.tenant_id(),
                    m.type.in_(("sla-warned", "sla-breached")),
                )
            ).scalars()
        )
    assert actors == {TIMER}
    # the timer of `serve`, started now (twice: killed and restarted), raises
    # none of them again, only what has fallen due since the seed
    before = set(alerts)
    for _ in range(2):
        SlaTimer(portal.svc.domain, portal.svc.engine).step()
        portal.svc.follower.catch_up()
    after = _alert_messages(portal)
    assert max(Counter(after).values()) == 1
    assert before <= set(after)
