"""mail_out_lag_p95_ms: from a reply stored to the SMTP server accepting its mail.

A tenant of its own answers its clients' tickets, one reply every few
milliseconds, while the read model's follower, the mail outbox's follower and
its sender run in threads as `ledgerdesk serve` runs them on the embedded
default. An aiosmtpd server notes when it accepted each mail; the lag is that
moment minus the stored event's time, per mail. What bounds it: each follower
polls (LEDGERDESK_POLL_INTERVAL) once idle, the outbox waits for the read model
to hold the event (names, addresses, languages come from there), and the
sender opens one SMTP connection per mail.
"""

from __future__ import annotations

import socket
import time
from datetime import UTC, datetime
from typing import Any

from aiosmtpd.controller import Controller
from sqlalchemy import Engine, select

from api.bootstrap import build_follower, build_mail
from api.settings import Settings
from bench.measuring import percentile
from bench.seeding import Tenant, create_tenant
from domain.use_cases.messages import PostMessage
from outbound.mail_outbox import mail_outbox
from outbound.mail_sender import MailSender, SenderConfig, start_thread
from outbound.mail_server import SmtpServer
from projections import tables as t


class Accepted:
    """An SMTP handler noting when each Message-ID was accepted."""

    def __init__(self) -> None:
        self.at: dict[str, datetime] = {}

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        for line in envelope.content.split(b"\r\n"):
            if line.lower().startswith(b"message-id:"):
                self.at[line.split(b":", 1)[1].strip().decode()] = datetime.now(UTC)
                break
            if not line:
                break
        return "250 OK"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _tickets(engine: Engine, tenant: Tenant, count: int) -> list[tuple[str, str]]:
    k, u = t.tickets, t.users
    with engine.connect() as connection:
        rows = connection.execute(
            select(k.c.id, u.c.email)
            .join(u, (u.c.tenant_id == k.c.tenant_id) & (u.c.id == k.c.client_id))
            .where(k.c.tenant_id == tenant.tenant_id, k.c.is_template.is_(False))
            .limit(count)
        ).all()
    return [(str(ticket_id), str(email)) for ticket_id, email in rows]


def run(
    app: Any, engine: Engine, settings: Settings, hashed: str, count: int = 200
) -> tuple[float, dict[str, Any]]:
    """Reply count times and answer the p95 lag in ms, with its context."""
    tenant = create_tenant(app, "benchout", 0, hashed)
    projector = build_follower(app, engine, settings)
    projector.catch_up()
    follower, _ = build_mail(settings, app, engine)
    follower.begin_at_head(force=True)
    accepted = Accepted()
    port = _free_port()
    smtp = Controller(accepted, hostname="127.0.0.1", port=port)
    smtp.start()
    sender = MailSender(
        engine, SenderConfig(default_smtp=SmtpServer("127.0.0.1", port, "none"))
    )
    interval = settings.poll_interval
    projector.start(interval)
    thread, stop = start_thread(follower, sender, interval)
    tickets = _tickets(engine, tenant, 50)
    try:
        for i in range(count):
            ticket_id, email = tickets[i % len(tickets)]
            app.messages.post(
                tenant.tenant_id,
                tenant.operator,
                ticket_id,
                PostMessage(
                    message=f"<p>Bench answer {i}</p>",
                    visible_to_client=True,
                    is_from_client=False,
                    recipients=[{"address": email, "isClient": True, "type": "to"}],
                    format="html",
                ),
            )
            time.sleep(0.005)
        deadline = time.monotonic() + 120
        while len(accepted.at) < count and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        stop.set()
        thread.join(timeout=30)
        projector.stop()
        smtp.stop()
    o = mail_outbox
    with engine.connect() as connection:
        stored: dict[str, datetime] = {
            str(message_id): event_at
            for message_id, event_at in connection.execute(
                select(o.c.message_id, o.c.event_at).where(
                    o.c.tenant_id == tenant.tenant_id
                )
            )
        }
    lags = []
    for message_id, at in accepted.at.items():
        event_at = stored.get(message_id)
        if event_at is None:
            continue
        if event_at.tzinfo is None:
            event_at = event_at.replace(tzinfo=UTC)
        lags.append((at - event_at).total_seconds() * 1000)
    if len(lags) < count:
        raise RuntimeError(f"only {len(lags)} of {count} mails reached the server")
    return percentile(lags, 0.95), {
        "mail out": f"{count} replies, lag p50 {percentile(lags, 0.5):.0f} ms, "
        f"p95 {percentile(lags, 0.95):.0f} ms (poll interval {interval} s)",
    }
