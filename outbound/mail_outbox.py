"""The mail outbox: each outgoing mail as a row, written once, sent until accepted.

Rows are written by the outbox follower (outbound/mail_follower.py) in the
transaction that moves its position in the log, or by a request in the
transaction of what it did (a password reset), never sent in a request. The
sender (outbound/mail_sender.py) hands them to SMTP. The whole MIME message is
kept, so a mail sent again after a crash is the same mail: the same
Message-ID, for the receiving side to drop.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from email.policy import SMTP
from typing import Any
from uuid import uuid4

from sqlalchemy import (
    JSON,
    Column,
    Connection,
    DateTime,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    func,
    select,
)

from outbound.mail_compose import Letter, compose, message_id, thread_root

metadata = MetaData()

PENDING, SENT, PARKED = "pending", "sent", "parked"
WIRE = SMTP.clone(max_line_length=998)
"""CRLF lines, headers unfolded up to RFC 5322's limit: a Message-ID stays whole."""

mail_outbox = Table(
    "mail_outbox",
    metadata,
    Column("id", String(36), primary_key=True),
    Column("tenant_id", String(36), nullable=False),
    Column("ticket_id", String(36)),
    Column("kind", String(20), nullable=False),
    Column("message_id", String(300), nullable=False),
    Column("sender", String(254), nullable=False),
    Column("recipients", JSON, nullable=False),
    Column("content", LargeBinary, nullable=False),
    Column("status", String(10), nullable=False),
    Column("attempts", Integer, nullable=False, default=0),
    Column("next_attempt_at", DateTime(timezone=True), nullable=False),
    Column("last_error", Text),
    # the event it was made for (None: written by a request) and when it was stored
    Column("position", Integer),
    Column("event_at", DateTime(timezone=True), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("sent_at", DateTime(timezone=True)),
    Index("ix_mail_outbox_due", "status", "next_attempt_at"),
    Index("ix_mail_outbox_ticket", "tenant_id", "ticket_id", "status"),
    Index("ix_mail_outbox_message_id", "tenant_id", "message_id"),
)

mail_outbox_tracking = Table(
    "mail_outbox_tracking",
    metadata,
    Column("name", String(100), primary_key=True),
    Column("position", Integer, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)


@dataclass(frozen=True)
class MailIdentity:
    """How this desk names its mail: the mail domain and the default sender."""

    domain: str = "localhost"
    default_from: str = "support@{tenant}.{domain}"

    def sender(self, subdomain: str, own: str | None = None) -> str:
        """The tenant's own from address, else the default one filled in."""
        return own or self.default_from.replace("{tenant}", subdomain).replace(
            "{domain}", self.domain
        )


def prepare(
    letter: Letter,
    identity: MailIdentity,
    sender: str | None = None,
    key: str | None = None,
    position: int | None = None,
    event_at: datetime | None = None,
) -> dict[str, Any]:
    """The outbox row of one mail, composed (nothing written yet).

    `key` makes the Message-ID stable (derived from the event it answers);
    without one, a fresh id is taken.
    """
    row_id = key or str(uuid4())
    mail_id = message_id(letter.kind, row_id, letter.subdomain, identity.domain)
    references = list(letter.references)
    if letter.ticket_id:
        root = thread_root(letter.ticket_id, letter.subdomain, identity.domain)
        references = [root, *[r for r in references if r != root]]
    letter = Letter(
        **{
            **letter.__dict__,
            "references": references,
            "in_reply_to": letter.in_reply_to
            or (references[-1] if references else None),
        }
    )
    address = sender or identity.sender(letter.subdomain)
    message = compose(letter, address, mail_id)
    now = datetime.now(UTC)
    return {
        "id": row_id,
        "tenant_id": letter.tenant_id,
        "ticket_id": letter.ticket_id,
        "kind": letter.kind,
        "message_id": mail_id,
        "sender": address,
        "recipients": letter.recipients,
        "content": message.as_bytes(policy=WIRE),
        "status": PENDING,
        "attempts": 0,
        "next_attempt_at": now,
        "position": position,
        "event_at": event_at or now,
        "created_at": now,
    }


def enqueue(
    connection: Connection,
    letter: Letter,
    identity: MailIdentity,
    sender: str | None = None,
) -> str:
    """Write one mail into the outbox in the caller's transaction; its Message-ID."""
    row = prepare(letter, identity, sender)
    connection.execute(mail_outbox.insert().values(**row))
    return str(row["message_id"])


def ticket_of_message_id(
    connection: Connection, tenant_id: str, message_id: str
) -> str | None:
    """The ticket an outgoing mail of this tenant was about (None: not ours)."""
    wanted = message_id.strip()
    if not wanted.startswith("<"):
        wanted = f"<{wanted}>"
    o = mail_outbox
    return connection.execute(  # type: ignore[no-any-return]
        select(o.c.ticket_id)
        .where(o.c.tenant_id == tenant_id, o.c.message_id == wanted)
        .limit(1)
    ).scalar_one_or_none()


def last_message_id(
    connection: Connection, tenant_id: str, ticket_id: str
) -> str | None:
    """The Message-ID of the last mail sent about a ticket."""
    o = mail_outbox
    return connection.execute(  # type: ignore[no-any-return]
        select(o.c.message_id)
        .where(o.c.tenant_id == tenant_id, o.c.ticket_id == ticket_id)
        .order_by(o.c.created_at.desc())
        .limit(1)
    ).scalar_one_or_none()


def counts(connection: Connection) -> dict[str, int]:
    """How many mails are pending, parked and sent."""
    o = mail_outbox
    rows = connection.execute(select(o.c.status, func.count()).group_by(o.c.status))
    found = {status: int(count) for status, count in rows}
    return {status: found.get(status, 0) for status in (PENDING, PARKED, SENT)}


def oldest_pending(connection: Connection) -> datetime | None:
    """When the oldest mail still waiting was made."""
    o = mail_outbox
    found: Any = connection.execute(
        select(func.min(o.c.created_at)).where(o.c.status == PENDING)
    ).scalar()
    if found is not None and found.tzinfo is None:
        found = found.replace(tzinfo=UTC)
    return found  # type: ignore[no-any-return]


def parked_mail(engine: Any) -> list[Any]:
    """The mail parked after its last attempt, oldest first."""
    o = mail_outbox
    with engine.connect() as connection:
        return list(
            connection.execute(
                select(o).where(o.c.status == PARKED).order_by(o.c.created_at)
            )
        )


def parsed(content: bytes) -> EmailMessage:
    """The stored message back as an EmailMessage."""
    from email import message_from_bytes
    from email.policy import default

    return message_from_bytes(content, policy=default)  # type: ignore[return-value]
