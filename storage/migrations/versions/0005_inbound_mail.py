"""Inbound mail: what was taken in, how far each IMAP mailbox was read, held mail."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_inbound_mail"
down_revision = "0004_sso_flows"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create inbound_mail, inbound_imap_positions and inbound_review."""
    op.create_table(
        "inbound_mail",
        sa.Column("tenant_id", sa.String(36), primary_key=True),
        sa.Column("message_key", sa.String(998), primary_key=True),
        sa.Column("sender", sa.String(254), nullable=False),
        sa.Column("subject", sa.String(250), nullable=False),
        sa.Column("outcome", sa.String(10), nullable=False),
        sa.Column("reason", sa.String(200)),
        sa.Column("ticket_id", sa.String(36)),
        sa.Column("message_id", sa.String(36)),
        sa.Column("source", sa.String(10), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index(
        "ix_inbound_mail_sender",
        "inbound_mail",
        ["tenant_id", "sender", "received_at"],
    )
    op.create_table(
        "inbound_imap_positions",
        sa.Column("tenant_id", sa.String(36), primary_key=True),
        sa.Column("mailbox", sa.String(400), primary_key=True),
        sa.Column("uidvalidity", sa.Integer, nullable=False),
        sa.Column("last_uid", sa.Integer, nullable=False),
        sa.Column("fetched_at", sa.DateTime(timezone=True)),
        sa.Column("error", sa.Text),
    )
    op.create_table(
        "inbound_review",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("tenant_id", sa.String(36), nullable=False),
        sa.Column("message_key", sa.String(998), nullable=False),
        sa.Column("sender", sa.String(254), nullable=False),
        sa.Column("sender_name", sa.String(200), nullable=False),
        sa.Column("recipients", sa.JSON, nullable=False),
        sa.Column("subject", sa.String(250), nullable=False),
        sa.Column("date", sa.DateTime(timezone=True)),
        sa.Column("preview", sa.Text, nullable=False),
        sa.Column("company_id", sa.String(36)),
        sa.Column("raw", sa.LargeBinary, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("decided_by", sa.String(36)),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True)),
    )
    op.create_index(
        "ix_inbound_review_status",
        "inbound_review",
        ["tenant_id", "status", "created_at"],
    )


def downgrade() -> None:
    """Drop the inbound mail tables."""
    op.drop_table("inbound_review")
    op.drop_table("inbound_imap_positions")
    op.drop_index("ix_inbound_mail_sender", table_name="inbound_mail")
    op.drop_table("inbound_mail")
