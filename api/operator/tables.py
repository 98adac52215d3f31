"""Tables the operator API keeps beside the read model: notifications."""

from __future__ import annotations

from sqlalchemy import Column, DateTime, Index, String, Table, Text

from projections.tables import ID, metadata

notifications = Table(
    "api_notifications",
    metadata,
    Column("id", String(ID), primary_key=True),
    Column("tenant_id", String(ID), nullable=False),
    Column("user_id", String(ID), nullable=False),
    Column("kind", String(30), nullable=False),
    Column("actor_id", String(ID)),
    Column("message_id", String(ID)),
    Column("morphable_type", String(20)),
    Column("morphable_id", String(ID)),
    Column("text", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("read_at", DateTime(timezone=True)),
    Index("ix_api_notifications_user", "tenant_id", "user_id", "created_at"),
)
"""One row per operator told of something, such as an @mention in a message."""
