"""The kept tables as the release before migrations made them.

Each table is created only when missing: a database made before migrations has
some of them already (the relay's and the accounting consumer's appear on first
use), so running this revision there stamps it and fills the gaps.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None

ID = 36
STAMP = sa.DateTime(timezone=True)
Baseline = list[tuple[str, list[sa.schema.SchemaItem], list[tuple[str, list[str]]]]]


def _tables() -> Baseline:
    """(name, columns and constraints, indexes) of every baseline table."""
    return [
        (
            "api_sessions",
            [
                sa.Column("id", sa.String(ID), primary_key=True),
                sa.Column("tenant_id", sa.String(ID), nullable=False),
                sa.Column("user_id", sa.String(ID), nullable=False),
                sa.Column("created_at", STAMP, nullable=False),
                sa.Column("revoked_at", STAMP),
            ],
            [("ix_api_sessions_user", ["tenant_id", "user_id"])],
        ),
        (
            "api_refresh_tokens",
            [
                sa.Column("token_hash", sa.String(64), primary_key=True),
                sa.Column("tenant_id", sa.String(ID), nullable=False),
                sa.Column("session_id", sa.String(ID), nullable=False),
                sa.Column("expires_at", STAMP, nullable=False),
                sa.Column("used_at", STAMP),
            ],
            [("ix_api_refresh_session", ["tenant_id", "session_id"])],
        ),
        (
            "api_login_failures",
            [
                sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
                sa.Column("tenant_id", sa.String(ID), nullable=False),
                sa.Column("key", sa.String(400), nullable=False),
                sa.Column("at", STAMP, nullable=False),
            ],
            [("ix_api_login_failures_key", ["tenant_id", "key", "at"])],
        ),
        (
            "api_exports",
            [
                sa.Column("id", sa.String(ID), primary_key=True),
                sa.Column("tenant_id", sa.String(ID), nullable=False),
                sa.Column("user_id", sa.String(ID), nullable=False),
                sa.Column("model", sa.String(40), nullable=False),
                sa.Column("filter", sa.JSON, nullable=False),
                sa.Column("status", sa.String(10), nullable=False),
                sa.Column("rows", sa.Integer),
                sa.Column("error", sa.Text),
                sa.Column("created_at", STAMP, nullable=False),
                sa.Column("finished_at", STAMP),
            ],
            [("ix_api_exports_user", ["tenant_id", "user_id"])],
        ),
        (
            "api_attachments",
            [
                sa.Column("id", sa.String(ID), primary_key=True),
                sa.Column("tenant_id", sa.String(ID), nullable=False),
                sa.Column("token", sa.String(64), nullable=False),
                sa.Column("name", sa.String(255), nullable=False),
                sa.Column("extension", sa.String(10), nullable=False),
                sa.Column("content_type", sa.String(100), nullable=False),
                sa.Column("size", sa.Integer, nullable=False),
                sa.Column("path", sa.String(500), nullable=False),
                sa.Column("uploaded_by", sa.String(ID), nullable=False),
                sa.Column("created_at", STAMP, nullable=False),
            ],
            [("ix_api_attachments_tenant", ["tenant_id", "id"])],
        ),
        (
            "api_notifications",
            [
                sa.Column("id", sa.String(ID), primary_key=True),
                sa.Column("tenant_id", sa.String(ID), nullable=False),
                sa.Column("user_id", sa.String(ID), nullable=False),
                sa.Column("kind", sa.String(30), nullable=False),
                sa.Column("actor_id", sa.String(ID)),
                sa.Column("message_id", sa.String(ID)),
                sa.Column("morphable_type", sa.String(20)),
                sa.Column("morphable_id", sa.String(ID)),
                sa.Column("text", sa.Text, nullable=False),
                sa.Column("created_at", STAMP, nullable=False),
                sa.Column("read_at", STAMP),
            ],
            [("ix_api_notifications_user", ["tenant_id", "user_id", "created_at"])],
        ),
        (
            "projection_tracking",
            [
                sa.Column("name", sa.String(100), primary_key=True),
                sa.Column("position", sa.Integer, nullable=False),
            ],
            [],
        ),
        (
            "relay_tracking",
            [
                sa.Column("name", sa.String(100), primary_key=True),
                sa.Column("position", sa.Integer, nullable=False),
                sa.Column("updated_at", STAMP, nullable=False),
            ],
            [],
        ),
        (
            "accounting_ledger",
            [
                sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
                sa.Column("event_id", sa.String(36), nullable=False, unique=True),
                sa.Column("event_type", sa.String(60), nullable=False),
                sa.Column("tenant_id", sa.String(36), nullable=False),
                sa.Column("aggregate_type", sa.String(20), nullable=False),
                sa.Column("aggregate_id", sa.String(36), nullable=False),
                sa.Column("aggregate_version", sa.Integer, nullable=False),
                sa.Column("occurred_at", sa.String(40), nullable=False),
                sa.Column("payload", sa.JSON, nullable=False),
                sa.Column("received_at", STAMP, nullable=False),
            ],
            [
                (
                    "ix_accounting_ledger_aggregate",
                    ["tenant_id", "aggregate_id", "seq"],
                )
            ],
        ),
        (
            "accounting_offsets",
            [
                sa.Column("topic", sa.String(200), primary_key=True),
                sa.Column("partition", sa.Integer, primary_key=True),
                sa.Column("topic_id", sa.String(40)),
                sa.Column("next_offset", sa.Integer, nullable=False),
            ],
            [],
        ),
    ]


def upgrade() -> None:
    """Create the baseline tables a database does not have yet."""
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    for name, columns, indexes in _tables():
        if name in existing:
            continue
        op.create_table(name, *columns)
        for index, indexed in indexes:
            op.create_index(index, name, indexed)


def downgrade() -> None:
    """Drop the baseline tables."""
    for name, _columns, _indexes in reversed(_tables()):
        op.drop_table(name)
