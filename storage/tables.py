"""Tables the API keeps beside the read model: sessions, exports, attachments,
notifications."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    DateTime,
    Index,
    Integer,
    String,
    Table,
    Text,
)

from projections.tables import ID, metadata

sessions = Table(
    "api_sessions",
    metadata,
    Column("id", String(ID), primary_key=True),
    Column("tenant_id", String(ID), nullable=False),
    Column("user_id", String(ID), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("revoked_at", DateTime(timezone=True)),
    Index("ix_api_sessions_user", "tenant_id", "user_id"),
)
"""One row per sign-in; access tokens name it, so a logout ends them too."""

refresh_tokens = Table(
    "api_refresh_tokens",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("tenant_id", String(ID), nullable=False),
    Column("session_id", String(ID), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Column("used_at", DateTime(timezone=True)),
    Index("ix_api_refresh_session", "tenant_id", "session_id"),
)
"""Refresh tokens by SHA-256 of the token; each is used once, then rotated."""

login_failures = Table(
    "api_login_failures",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("tenant_id", String(ID), nullable=False),
    Column("key", String(400), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Index("ix_api_login_failures_key", "tenant_id", "key", "at"),
)
"""Failed sign-ins per username and address, for throttling."""

exports = Table(
    "api_exports",
    metadata,
    Column("id", String(ID), primary_key=True),
    Column("tenant_id", String(ID), nullable=False),
    Column("user_id", String(ID), nullable=False),
    Column("model", String(40), nullable=False),
    Column("filter", JSON, nullable=False),
    Column("status", String(10), nullable=False),
    Column("rows", Integer),
    Column("error", Text),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True)),
    Index("ix_api_exports_user", "tenant_id", "user_id"),
)

attachments = Table(
    "api_attachments",
    metadata,
    Column("id", String(ID), primary_key=True),
    Column("tenant_id", String(ID), nullable=False),
    Column("token", String(64), nullable=False),
    Column("name", String(255), nullable=False),
    Column("extension", String(10), nullable=False),
    Column("content_type", String(100), nullable=False),
    Column("size", Integer, nullable=False),
    Column("path", String(500), nullable=False),
    Column("uploaded_by", String(ID), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_api_attachments_tenant", "tenant_id", "id"),
)

sso_flows = Table(
    "api_sso_flows",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("tenant_id", String(ID), nullable=False),
    Column("kind", String(10), nullable=False),
    Column("nonce", String(100)),
    Column("verifier", String(200)),
    Column("user_id", String(ID)),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)
"""Single sign-on steps by SHA-256: a started sign-in (state, nonce, PKCE
verifier) and the one-time code the portal trades for tokens; each used once."""

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

checkpoints = Table(
    "audit_checkpoints",
    metadata,
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("position", BigInteger, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("header", Text, nullable=False),
    Column("signature", Text, nullable=False),
)
"""The database's copy of each signed checkpoint (header and signature; the heads
are in the log file, docs/audit.md): a log truncated outside the database shows
against it, and a row cannot be forged without the key."""
