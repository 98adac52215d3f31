"""Events a follower could not apply, set aside so it can go on (see parked.py)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_parked_events"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create parked_events."""
    op.create_table(
        "parked_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("follower", sa.String(64), nullable=False),
        sa.Column("notification_id", sa.BigInteger, nullable=False),
        sa.Column("originator_id", sa.String(36), nullable=False),
        sa.Column("originator_version", sa.Integer, nullable=False),
        sa.Column("topic", sa.Text, nullable=False),
        sa.Column("tenant_id", sa.String(36)),
        sa.Column("error", sa.Text, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("parked_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("resolved_at", sa.DateTime(timezone=True)),
        sa.UniqueConstraint("follower", "notification_id"),
    )
    op.create_index(
        "ix_parked_events_follower", "parked_events", ["follower", "resolved_at"]
    )


def downgrade() -> None:
    """Drop parked_events."""
    op.drop_table("parked_events")
