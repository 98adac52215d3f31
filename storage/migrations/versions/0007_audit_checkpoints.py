"""The database's copy of the signed checkpoints (docs/audit.md)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_audit_checkpoints"
down_revision = "0006_mail_outbox"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create audit_checkpoints."""
    op.create_table(
        "audit_checkpoints",
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("position", sa.BigInteger, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("header", sa.Text, nullable=False),
        sa.Column("signature", sa.Text, nullable=False),
    )


def downgrade() -> None:
    """Drop audit_checkpoints."""
    op.drop_table("audit_checkpoints")
