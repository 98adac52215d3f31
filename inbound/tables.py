"""The tables inbound mail keeps: what was taken in, IMAP positions, held mail.

Kept, not rebuilt from the log: they say which mail was already handled, so a
replay could never bring them back. Their shape changes by migration (storage/).
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    Index,
    Integer,
    LargeBinary,
    String,
    Table,
    Text,
)

from projections.tables import ID, metadata

MESSAGE_ID = 998
"""RFC 5322 caps a header line at 998 characters: a Message-ID fits."""

inbound_mail = Table(
    "inbound_mail",
    metadata,
    Column("tenant_id", String(ID), primary_key=True),
    Column("message_key", String(MESSAGE_ID), primary_key=True),
    Column("sender", String(254), nullable=False),
    Column("subject", String(250), nullable=False),
    # ticket | reply | ignored (noise) | limited | review | rejected
    Column("outcome", String(10), nullable=False),
    Column("reason", String(200)),
    Column("ticket_id", String(ID)),
    Column("message_id", String(ID)),
    Column("source", String(10), nullable=False),
    Column("received_at", DateTime(timezone=True), nullable=False),
    Index("ix_inbound_mail_sender", "tenant_id", "sender", "received_at"),
)
"""One row per mail handled, keyed by tenant and Message-ID: a mail seen again
(a second delivery, a fetch after a crash) is recognised and left alone."""

imap_positions = Table(
    "inbound_imap_positions",
    metadata,
    Column("tenant_id", String(ID), primary_key=True),
    Column("mailbox", String(400), primary_key=True),
    Column("uidvalidity", Integer, nullable=False),
    Column("last_uid", Integer, nullable=False),
    Column("fetched_at", DateTime(timezone=True)),
    Column("error", Text),
)
"""How far each tenant's mailbox has been read (UIDVALIDITY and the last UID)."""

review_queue = Table(
    "inbound_review",
    metadata,
    Column("id", String(ID), primary_key=True),
    Column("tenant_id", String(ID), nullable=False),
    Column("message_key", String(MESSAGE_ID), nullable=False),
    Column("sender", String(254), nullable=False),
    Column("sender_name", String(200), nullable=False),
    Column("recipients", JSON, nullable=False),
    Column("subject", String(250), nullable=False),
    Column("date", DateTime(timezone=True)),
    Column("preview", Text, nullable=False),
    Column("company_id", String(ID)),
    Column("raw", LargeBinary, nullable=False),
    # held | accepted | rejected
    Column("status", String(10), nullable=False),
    Column("decided_by", String(ID)),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("decided_at", DateTime(timezone=True)),
    Index("ix_inbound_review_status", "tenant_id", "status", "created_at"),
)
"""Mail from an unknown sender held for an operator to accept or reject."""
