"""The version of the read-model tables' definitions the database holds."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_read_model_schema"
down_revision = "0002_parked_events"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create read_model_schema (empty: start-up decides whether to rebuild)."""
    op.create_table(
        "read_model_schema",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("version", sa.String(64), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop read_model_schema."""
    op.drop_table("read_model_schema")
