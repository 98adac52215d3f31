"""The state of the followers and the relay: for /api/health and /metrics.

Read from the database when asked (a health probe, a scrape), never per request.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from sqlalchemy import func, inspect, select

from domain.store import Store
from inbound.health import intake_state
from outbound.mail_outbox import (
    PENDING,
    counts,
    mail_outbox,
    mail_outbox_tracking,
    oldest_pending,
)
from outbound.mail_settings import tenant_mail
from outbound.relay import relay_tracking
from projections import tables as t
from projections.parked import parked_events

log = logging.getLogger("ledgerdesk.health")


def _oldest_waiting_seconds(store: Store, position: int, head: int) -> float | None:
    """Seconds since the oldest event a follower has not applied (None: none)."""
    if position >= head:
        return 0.0
    try:
        [notification] = store.recorder.select_notifications(position + 1, 1)
        event: Any = store.mapper.to_domain_event(notification)
        stamp = event.timestamp
    except Exception:  # an event that cannot be read has no age worth failing on
        return None
    return max(0.0, (datetime.now(UTC) - stamp).total_seconds())


def follower_state(store: Store, engine: Any) -> dict[str, Any]:
    """Log head, each follower's and the relay's position and lag, parked counts.

    Raises when the event store or the read-model database does not answer.
    """
    head = store.position()
    with engine.connect() as connection:
        tracked = connection.execute(
            select(t.tracking.c.name, t.tracking.c.position)
        ).all()
        tables = set(inspect(connection).get_table_names())
        relays = []
        if relay_tracking.name in tables:
            relays = connection.execute(
                select(relay_tracking.c.name, relay_tracking.c.position)
            ).all()
        parked: dict[str, int] = {}
        if parked_events.name in tables:
            parked = {
                str(name): int(count)
                for name, count in connection.execute(
                    select(parked_events.c.follower, func.count())
                    .where(parked_events.c.resolved_at.is_(None))
                    .group_by(parked_events.c.follower)
                )
            }
    followers = [
        {
            "name": name,
            "position": int(position),
            "lag": max(0, head - int(position)),
            "lag_seconds": _oldest_waiting_seconds(store, int(position), head),
            "parked": parked.get(name, 0),
        }
        for name, position in tracked
    ]
    relay = [
        {
            "name": name,
            "position": int(position),
            # the relay reads only public topics: its lag counts every event
            "lag": max(0, head - int(position)),
            "parked": parked.get(name, 0),
        }
        for name, position in relays
    ]
    return {
        "head": head,
        "followers": followers,
        "relays": relay,
        "parked": sum(parked.values()),
    }


def mail_state(store: Store, engine: Any, smtp_default: bool) -> dict[str, Any]:
    """The mail outbox: how far it followed the log, what waits, what is parked,
    and how much waits because no SMTP server is set for its tenant."""
    head = store.position()
    with engine.connect() as connection:
        tables = set(inspect(connection).get_table_names())
        if mail_outbox.name not in tables:
            return {}
        position = connection.execute(select(mail_outbox_tracking.c.position)).scalar()
        found = counts(connection)
        oldest = oldest_pending(connection)
        waiting = 0
        if not smtp_default and found[PENDING]:
            pending = connection.execute(
                select(mail_outbox.c.tenant_id, func.count())
                .where(mail_outbox.c.status == PENDING)
                .group_by(mail_outbox.c.tenant_id)
            ).all()
            waiting = sum(
                int(count)
                for tenant_id, count in pending
                if tenant_mail(connection, tenant_id).smtp is None
            )
    age = (datetime.now(UTC) - oldest).total_seconds() if oldest else 0.0
    return {
        "position": int(position or 0),
        "lag": max(0, head - int(position or 0)),
        "pending": found["pending"],
        "parked": found["parked"],
        "sent": found["sent"],
        "oldest_pending_seconds": max(0.0, age),
        "smtp_default": smtp_default,
        "waiting_for_smtp": waiting,
        "note": (
            "no SMTP server configured: mail waits in the outbox" if waiting else None
        ),
    }


def health(
    store: Store, engine: Any, smtp_default: bool = True
) -> tuple[int, dict[str, Any]]:
    """The health answer: 200 when the databases answer, 503 when not."""
    try:
        state = follower_state(store, engine)
        mail = mail_state(store, engine, smtp_default)
        intake = intake_state(engine)
    except Exception as error:  # the probe's answer is the report
        log.error("health check: the database does not answer: %s", error)
        return 503, {"status": "down", "database": False}
    troubled = (
        state["parked"]
        or mail.get("parked")
        or mail.get("waiting_for_smtp")
        or intake.get("mailbox_errors")
    )
    status = "degraded" if troubled else "ok"
    return 200, {
        "status": status,
        "database": True,
        **state,
        "mail": mail or None,
        "intake": intake or None,
    }


class FollowerCollector(Collector):
    """Prometheus gauges of follower and relay lag and parked events."""

    def __init__(self, store: Store, engine: Any, smtp_default: bool = True) -> None:
        self.store = store
        self.engine = engine
        self.smtp_default = smtp_default

    def describe(self) -> Iterator[Any]:
        """The metric families, without reading the database."""
        yield from self._families()

    def _families(self) -> list[GaugeMetricFamily]:
        return [
            GaugeMetricFamily(
                "ledgerdesk_log_head", "Id of the newest event in the log."
            ),
            GaugeMetricFamily(
                "ledgerdesk_follower_lag_events",
                "Events in the log a follower has not handled yet.",
                labels=["follower"],
            ),
            GaugeMetricFamily(
                "ledgerdesk_follower_lag_seconds",
                "Age of the oldest event a follower has not handled yet.",
                labels=["follower"],
            ),
            GaugeMetricFamily(
                "ledgerdesk_parked_events",
                "Events a follower or relay set aside, unresolved.",
                labels=["follower"],
            ),
            GaugeMetricFamily(
                "ledgerdesk_database_up", "1 when the databases answer, else 0."
            ),
            GaugeMetricFamily(
                "ledgerdesk_mail_outbox",
                "Outgoing mails by state: pending, parked (after the last "
                "attempt) and sent.",
                labels=["status"],
            ),
            GaugeMetricFamily(
                "ledgerdesk_mail_waiting_for_smtp",
                "Pending mails of tenants without an SMTP server (own or default).",
            ),
            GaugeMetricFamily(
                "ledgerdesk_mail_oldest_pending_seconds",
                "Age of the oldest mail not yet accepted by its server.",
            ),
            GaugeMetricFamily(
                "ledgerdesk_mail_intake_last_24h",
                "Mails taken in over the last day by outcome (ticket, reply, "
                "ignored, limited, review, rejected).",
                labels=["outcome"],
            ),
            GaugeMetricFamily(
                "ledgerdesk_mail_intake_mailbox_errors",
                "Tenant mailboxes whose last fetch failed.",
            ),
            GaugeMetricFamily(
                "ledgerdesk_mail_held_for_review",
                "Mails from unknown senders waiting for an operator.",
            ),
        ]

    def collect(self) -> Iterator[Any]:
        """Read the state once per scrape."""
        families = self._families()
        head, lag, seconds, parked, up, outbox, waiting, oldest = families[:8]
        taken, box_errors, held = families[8:]
        try:
            state = follower_state(self.store, self.engine)
            mail = mail_state(self.store, self.engine, self.smtp_default)
            intake = intake_state(self.engine)
        except Exception as error:  # a scrape reports the outage, not a trace
            log.error("metrics: the database does not answer: %s", error)
            up.add_metric([], 0)
            yield up
            return
        if mail:
            for status in ("pending", "parked", "sent"):
                outbox.add_metric([status], mail[status])
            waiting.add_metric([], mail["waiting_for_smtp"])
            oldest.add_metric([], mail["oldest_pending_seconds"])
            lag.add_metric(["mail-outbox"], mail["lag"])
            yield from (outbox, waiting, oldest)
        if intake:
            for outcome, count in intake["last_24h"].items():
                taken.add_metric([outcome], count)
            box_errors.add_metric([], intake["mailbox_errors"])
            held.add_metric([], intake["held_for_review"])
            yield from (taken, box_errors, held)
        up.add_metric([], 1)
        head.add_metric([], state["head"])
        for item in [*state["followers"], *state["relays"]]:
            lag.add_metric([item["name"]], item["lag"])
            parked.add_metric([item["name"]], item["parked"])
            if item.get("lag_seconds") is not None:
                seconds.add_metric([item["name"]], item["lag_seconds"])
        yield from (head, lag, seconds, parked, up)
