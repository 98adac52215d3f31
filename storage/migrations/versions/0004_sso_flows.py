"""Single sign-on steps: a started sign-in and the one-time code it ends with."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_sso_flows"
down_revision = "0003_read_model_schema"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create api_sso_flows."""
    op.create_table(
        "api_sso_flows",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("tenant_id", sa.String(36), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("nonce", sa.String(100)),
        sa.Column("verifier", sa.String(200)),
        sa.Column("user_id", sa.String(36)),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop api_sso_flows."""
    op.drop_table("api_sso_flows")
