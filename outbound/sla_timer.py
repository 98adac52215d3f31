"""The SLA timer: raises SlaWarned and SlaBreached when a ticket's moment comes.

It does not scan tickets: the read model keeps on each ticket the next warning
or breach its clock reaches (`sla_next_at`, indexed by tenant), so the timer
asks each tenant for the earliest and sleeps until then, or until `poll`
seconds have passed (a new ticket may be due sooner). Each warning and breach
is raised on the ticket, which records it under its target, level and due
moment: raising it again (the timer killed before the read model caught up,
or two timers at once) changes nothing, so each is raised exactly once; the
ticket's own events are the timer's position. The assigned operator's
notification is written first, under an id derived from the warning or breach,
so it too is written once. The read model then records the event and shows it
in the ticket's thread.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import NAMESPACE_URL, uuid5

from sqlalchemy import Engine, and_, func, select
from sqlalchemy.dialects import postgresql, sqlite

from domain.application import Ledgerdesk
from projections import tables as t
from storage.tables import notifications

log = logging.getLogger("ledgerdesk.sla_timer")
STALE_WAIT = 2.0
"""Seconds to wait when the earliest moment has passed but nothing was raised."""
TIMER = "sla-timer"
"""The actor of the events the timer raises."""


@dataclass(frozen=True)
class Due:
    tenant_id: str
    ticket_id: str
    reference: str
    operator_id: str | None
    target: str
    level: str
    due_at: str

    @property
    def notice_id(self) -> str:
        """The same for every attempt at this warning or breach."""
        key = f"sla:{self.ticket_id}:{self.target}:{self.level}:{self.due_at}"
        return str(uuid5(NAMESPACE_URL, key))


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class SlaTimer:
    """Raises each ticket's warnings and breaches when their moment has come."""

    def __init__(
        self,
        app: Ledgerdesk,
        engine: Engine,
        settle: Callable[[], Any] | None = None,
        poll: float = 30.0,
        batch: int = 200,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.app = app
        self.engine = engine
        self.settle = settle
        self.poll = poll
        self.batch = batch
        self.clock = clock
        self.raised = 0

    def _tenants(self) -> list[str]:
        with self.engine.connect() as connection:
            return [row.id for row in connection.execute(select(t.tenants.c.id))]

    def due(self, now: datetime) -> list[Due]:
        """The warnings and breaches whose moment has come, per tenant by index."""
        c = t.tickets.c
        found: list[Due] = []
        with self.engine.connect() as connection:
            for tenant_id in self._tenants():
                rows = connection.execute(
                    select(c.id, c.reference, c.operator_id, c.sla_next)
                    .where(
                        and_(
                            c.tenant_id == tenant_id,
                            c.sla_next_at <= now,
                            c.deleted.is_(False),
                            c.merged_into.is_(None),
                        )
                    )
                    .order_by(c.sla_next_at)
                    .limit(self.batch)
                )
                for row in rows:
                    target, level, due_at = str(row.sla_next).split(" ", 2)
                    found.append(
                        Due(
                            tenant_id,
                            row.id,
                            row.reference,
                            row.operator_id,
                            target,
                            level,
                            due_at,
                        )
                    )
        return found

    def next_at(self) -> datetime | None:
        """The earliest moment any tenant's ticket reaches a warning or breach."""
        c = t.tickets.c
        moments = []
        with self.engine.connect() as connection:
            for tenant_id in self._tenants():
                moment = connection.execute(
                    select(func.min(c.sla_next_at)).where(
                        c.tenant_id == tenant_id,
                        c.deleted.is_(False),
                        c.merged_into.is_(None),
                    )
                ).scalar()
                if moment is not None:
                    moments.append(_aware(moment))
        return min(moments, default=None)

    def step(self, now: datetime | None = None) -> int:
        """Raise what is due now; answers how many were raised (not raised before)."""
        raised = 0
        for due in self.due(now or self.clock()):
            try:
                self.notify(due)
                if self.app.tickets.raise_sla_alert(
                    due.tenant_id,
                    TIMER,
                    due.ticket_id,
                    due.target,
                    due.level,
                    due.due_at,
                ):
                    raised += 1
            except Exception:  # one ticket's trouble must not stop the others
                log.exception(
                    "could not raise the SLA %s of %s", due.level, due.ticket_id
                )
        if raised and self.settle is not None:
            self.settle()
        self.raised += raised
        return raised

    def notify(self, due: Due) -> None:
        """Tell the assigned operator, before raising: a timer killed in between
        raises it on restart, and the notice (by its derived id) is not repeated."""
        if not due.operator_id:
            return
        verb = "is nearly due" if due.level == "warned" else "is past due"
        values = {
            "id": due.notice_id,
            "tenant_id": due.tenant_id,
            "user_id": due.operator_id,
            "kind": f"sla_{due.level}",
            "actor_id": None,
            "message_id": None,
            "morphable_type": "Ticket",
            "morphable_id": due.ticket_id,
            "text": f"The {due.target} of {due.reference} {verb}",
            "created_at": datetime.now(UTC),
        }
        with self.engine.begin() as connection:
            upsert = (
                postgresql.insert
                if connection.dialect.name == "postgresql"
                else sqlite.insert
            )
            connection.execute(
                upsert(notifications).values(**values).on_conflict_do_nothing()
            )

    def run(self, stop: threading.Event) -> None:
        """Raise what is due, then sleep until the next moment, until stopped."""
        while not stop.is_set():
            try:
                raised = self.step()
                if raised:
                    continue  # the read model moved on: look again at once
                upcoming = self.next_at()
            except Exception:
                log.exception("the SLA timer failed; trying again")
                upcoming = None
            wait = self.poll
            if upcoming is not None:
                # past due yet not raised: the read model has not caught up
                # with the last raise; look again soon, not in a tight loop
                left = (upcoming - self.clock()).total_seconds()
                wait = min(wait, left if left > 0 else STALE_WAIT)
            stop.wait(wait)


def start_thread(timer: SlaTimer) -> tuple[threading.Thread, threading.Event]:
    """Run the timer in a daemon thread; set the event to stop it."""
    stop = threading.Event()
    thread = threading.Thread(target=timer.run, args=(stop,), name=TIMER, daemon=True)
    thread.start()
    return thread, stop
