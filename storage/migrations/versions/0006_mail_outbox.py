"""The mail outbox: every outgoing mail until its server accepted it."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_mail_outbox"
down_revision = "0005_inbound_mail"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create mail_outbox and mail_outbox_tracking."""
    op.create_table(
        "mail_outbox",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("tenant_id", sa.String(36), nullable=False),
        sa.Column("ticket_id", sa.String(36)),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("message_id", sa.String(300), nullable=False),
        sa.Column("sender", sa.String(254), nullable=False),
        sa.Column("recipients", sa.JSON, nullable=False),
        sa.Column("content", sa.LargeBinary, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_error", sa.Text),
        sa.Column("position", sa.Integer),
        sa.Column("event_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True)),
    )
    op.create_index("ix_mail_outbox_due", "mail_outbox", ["status", "next_attempt_at"])
    op.create_index(
        "ix_mail_outbox_ticket", "mail_outbox", ["tenant_id", "ticket_id", "status"]
    )
    op.create_index(
        "ix_mail_outbox_message_id", "mail_outbox", ["tenant_id", "message_id"]
    )
    op.create_table(
        "mail_outbox_tracking",
        sa.Column("name", sa.String(100), primary_key=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop the mail outbox tables."""
    op.drop_table("mail_outbox_tracking")
    op.drop_index("ix_mail_outbox_message_id", table_name="mail_outbox")
    op.drop_index("ix_mail_outbox_ticket", table_name="mail_outbox")
    op.drop_index("ix_mail_outbox_due", table_name="mail_outbox")
    op.drop_table("mail_outbox")
