"""Reading the mail outbox in tests: what was written, as parsed messages."""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

from sqlalchemy import Engine, select

from api.bootstrap import build_mail
from outbound.mail_outbox import mail_outbox, parsed


@dataclass(frozen=True)
class Outgoing:
    """One outbox row: its kind, status, envelope and message."""

    id: str
    kind: str
    status: str
    recipients: list[str]
    message: EmailMessage
    attempts: int
    ticket_id: str | None

    def text(self) -> str:
        """The plain-text part."""
        part = self.message.get_body(("plain",))
        assert part is not None
        return str(part.get_content())  # type: ignore[attr-defined]

    def html(self) -> str:
        """The HTML part."""
        part = self.message.get_body(("html",))
        assert part is not None
        return str(part.get_content())  # type: ignore[attr-defined]


def outbox(engine: Engine, kind: str | None = None) -> list[Outgoing]:
    """The outbox's mail, oldest first (of one kind when named)."""
    o = mail_outbox
    query = select(o).order_by(o.c.created_at, o.c.position, o.c.id)
    if kind:
        query = query.where(o.c.kind == kind)
    with engine.connect() as connection:
        rows = connection.execute(query).all()
    return [
        Outgoing(
            id=row.id,
            kind=row.kind,
            status=row.status,
            recipients=list(row.recipients),
            message=parsed(row.content),
            attempts=row.attempts,
            ticket_id=row.ticket_id,
        )
        for row in rows
    ]


def follow(svc: Any) -> int:
    """Write the mail of every event the read model has into the outbox."""
    svc.follower.catch_up()
    follower, _ = build_mail(svc.settings, svc.domain, svc.engine)
    written = 0
    for _ in range(1000):
        count = follower.step()
        written += count
        if count == 0 and follower.caught_up():
            break
    return written
