"""The sender: hands the outbox's pending mail to SMTP, with retries and back-off.

A mail is marked sent only after the server accepted it; a crash between the
two sends it once more, the same bytes under the same Message-ID (at most one
duplicate, which the receiving side can drop by that id). A failed hand-over
waits exponentially longer (1 s, 2 s, 4 s ... up to the maximum); after the
last allowed attempt the mail is parked. While a mail of a ticket is parked or
waiting for its next attempt, the later mail of that ticket waits behind it, so
a client never reads an answer before the mail it follows. A tenant without an
SMTP server (its own or the process default) keeps its mail pending, no attempt
counted, until one is set.
"""

from __future__ import annotations

import logging
import smtplib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine, and_, or_, select, update

from outbound.mail_outbox import PARKED, PENDING, SENT, mail_outbox
from outbound.mail_server import Connections, SmtpServer
from outbound.mail_settings import tenant_mail

log = logging.getLogger("ledgerdesk.mail")

HandOver = Callable[[SmtpServer, str, list[str], bytes, float], None]


@dataclass(frozen=True)
class SenderConfig:
    """Where and how the sender hands mail over."""

    default_smtp: SmtpServer | None = None
    max_attempts: int = 8
    backoff_initial: float = 1.0
    backoff_max: float = 300.0
    timeout: float = 10.0
    batch_size: int = 100


@dataclass
class Outcome:
    """What one pass of the sender did."""

    sent: int = 0
    failed: int = 0
    parked: int = 0
    waiting_for_smtp: int = 0
    lags_ms: list[float] | None = None


def backoff(attempts: int, initial: float, maximum: float) -> float:
    """Seconds to wait after the n-th failed attempt: doubling, capped."""
    return float(min(maximum, initial * 2 ** max(0, attempts - 1)))


class MailSender:
    """Sends due outbox rows in order, ticket by ticket."""

    def __init__(
        self,
        engine: Engine,
        config: SenderConfig,
        send: HandOver | None = None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.engine = engine
        self.config = config
        self.connections = Connections()
        self.send: HandOver = send or self.connections.hand_over
        self.clock = clock
        self.sent = 0

    def server_for(self, tenant_id: str) -> SmtpServer | None:
        """The tenant's own SMTP server, else the process default (None: none)."""
        own = tenant_mail(self.engine, tenant_id).smtp
        return own or self.config.default_smtp

    def _held(self, now: datetime) -> set[tuple[str, str]]:
        """Tickets whose earlier mail is parked or waiting for another attempt."""
        o = mail_outbox
        query = (
            select(o.c.tenant_id, o.c.ticket_id)
            .where(
                o.c.ticket_id.is_not(None),
                or_(
                    o.c.status == PARKED,
                    and_(
                        o.c.status == PENDING,
                        o.c.attempts > 0,
                        o.c.next_attempt_at > now,
                    ),
                ),
            )
            .distinct()
        )
        with self.engine.connect() as connection:
            return {(str(a), str(b)) for a, b in connection.execute(query)}

    def due(self, now: datetime) -> list[Any]:
        """The pending mail whose time has come, oldest first."""
        o = mail_outbox
        query = (
            select(o)
            .where(o.c.status == PENDING, o.c.next_attempt_at <= now)
            .order_by(o.c.created_at, o.c.position, o.c.id)
            .limit(self.config.batch_size)
        )
        with self.engine.connect() as connection:
            return list(connection.execute(query))

    def step(self) -> Outcome:
        """Hand every due mail over once; answers what happened."""
        try:
            return self._step()
        finally:
            self.connections.close()

    def _step(self) -> Outcome:
        now = self.clock()
        outcome = Outcome(lags_ms=[])
        held = self._held(now)
        servers: dict[str, SmtpServer | None] = {}
        for row in self.due(now):
            ticket = (row.tenant_id, row.ticket_id) if row.ticket_id else None
            if ticket is not None and ticket in held:
                continue
            if row.tenant_id not in servers:
                servers[row.tenant_id] = self.server_for(row.tenant_id)
            server = servers[row.tenant_id]
            if server is None:
                outcome.waiting_for_smtp += 1
                if ticket is not None:
                    held.add(ticket)
                continue
            try:
                self.send(
                    server,
                    row.sender,
                    list(row.recipients),
                    bytes(row.content),
                    self.config.timeout,
                )
            except (smtplib.SMTPException, OSError) as error:
                self._failed(row, error, outcome)
                if ticket is not None:
                    held.add(ticket)
                continue
            self._accepted(row, outcome)
        self.sent += outcome.sent
        return outcome

    def _accepted(self, row: Any, outcome: Outcome) -> None:
        at = self.clock()
        with self.engine.begin() as connection:
            connection.execute(
                update(mail_outbox)
                .where(mail_outbox.c.id == row.id)
                .values(
                    status=SENT, sent_at=at, attempts=row.attempts + 1, last_error=None
                )
            )
        outcome.sent += 1
        event_at = (
            row.event_at if row.event_at.tzinfo else row.event_at.replace(tzinfo=UTC)
        )
        if outcome.lags_ms is not None:
            outcome.lags_ms.append((at - event_at).total_seconds() * 1000)

    def _failed(self, row: Any, error: BaseException, outcome: Outcome) -> None:
        attempts = row.attempts + 1
        message = f"{type(error).__name__}: {error}"[:2000]
        values: dict[str, Any] = {"attempts": attempts, "last_error": message}
        if attempts >= self.config.max_attempts:
            values["status"] = PARKED
            outcome.parked += 1
            log.error(
                "parking mail %s after %d attempts: %s", row.id, attempts, message
            )
        else:
            wait = backoff(
                attempts, self.config.backoff_initial, self.config.backoff_max
            )
            values["next_attempt_at"] = self.clock() + timedelta(seconds=wait)
            outcome.failed += 1
            log.warning(
                "mail %s not accepted (attempt %d), again in %.0fs: %s",
                row.id,
                attempts,
                wait,
                message,
            )
        with self.engine.begin() as connection:
            connection.execute(
                update(mail_outbox).where(mail_outbox.c.id == row.id).values(**values)
            )


def release(engine: Engine, ids: list[str] | None = None) -> int:
    """Put parked mail (all, or the named) back to pending for a fresh round."""
    o = mail_outbox
    query = update(o).where(o.c.status == PARKED)
    if ids:
        query = query.where(o.c.id.in_(ids))
    with engine.begin() as connection:
        return int(
            connection.execute(
                query.values(
                    status=PENDING, attempts=0, next_attempt_at=datetime.now(UTC)
                )
            ).rowcount
        )


def run(
    follower: Any,
    sender: MailSender,
    stop: threading.Event,
    poll_interval: float = 0.5,
) -> None:
    """Follow the log into the outbox and send, until stopped."""
    while not stop.is_set():
        busy = False
        try:
            busy = follower.step() > 0
            outcome = sender.step()
            busy = busy or outcome.sent > 0
        except Exception:  # a database hiccup: log it, wait, go on
            log.exception("mail outbox pass failed")
            stop.wait(max(poll_interval, 1.0))
            continue
        if not busy:
            stop.wait(poll_interval)


def start_thread(
    follower: Any, sender: MailSender, poll_interval: float = 0.5
) -> tuple[threading.Thread, threading.Event]:
    """The outbox in a daemon thread of this process (the embedded default)."""
    stop = threading.Event()
    thread = threading.Thread(
        target=run,
        args=(follower, sender, stop, poll_interval),
        name="mail-outbox",
        daemon=True,
    )
    thread.start()
    return thread, stop


def drain(follower: Any, sender: MailSender, limit_seconds: float = 30.0) -> int:
    """Write and send until nothing is due (tests, the bench); answers mails sent."""
    began = time.monotonic()
    sent = 0
    while time.monotonic() - began < limit_seconds:
        written = follower.step()
        outcome = sender.step()
        sent += outcome.sent
        if written == 0 and outcome.sent == 0 and follower.caught_up():
            break
    return sent
