"""The intake's state for /api/health and /metrics: mailboxes, errors, held mail."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine, func, inspect, select

from inbound.tables import imap_positions, inbound_mail, review_queue

RECENT = timedelta(hours=24)


def mailboxes(engine: Engine) -> list[dict[str, Any]]:
    """Each fetched mailbox: its tenant, name, last UID, last fetch and error."""
    p = imap_positions
    with engine.connect() as connection:
        return [
            {
                "tenant_id": row.tenant_id,
                "mailbox": row.mailbox,
                "last_uid": int(row.last_uid),
                "fetched_at": row.fetched_at.isoformat() if row.fetched_at else None,
                "error": row.error,
            }
            for row in connection.execute(select(p).order_by(p.c.tenant_id))
        ]


def intake_state(engine: Engine) -> dict[str, Any]:
    """For the unauthenticated health probe, counts only: the mailboxes fetched,
    their last fetch, how many failed last time, mail taken in by outcome (24
    hours) and mail held for review. Empty before the intake's tables exist."""
    with engine.connect() as connection:
        if inbound_mail.name not in set(inspect(connection).get_table_names()):
            return {}
        since = datetime.now(UTC) - RECENT
        outcomes = {
            str(kind): int(count)
            for kind, count in connection.execute(
                select(inbound_mail.c.outcome, func.count())
                .where(inbound_mail.c.received_at >= since)
                .group_by(inbound_mail.c.outcome)
            )
        }
        held = connection.execute(
            select(func.count()).where(review_queue.c.status == "held")
        ).scalar_one()
    boxes = mailboxes(engine)
    fetched = [b["fetched_at"] for b in boxes if b["fetched_at"]]
    return {
        "mailboxes": len(boxes),
        "last_fetch": max(fetched) if fetched else None,
        "mailbox_errors": sum(1 for b in boxes if b["error"]),
        "last_24h": outcomes,
        "held_for_review": int(held),
    }
