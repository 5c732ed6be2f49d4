"""Who opened a table: the hash of the client's address, for the cap on one client's bot-only tables.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.opened_by`` (empty for the tables opened before) and its index."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("opened_by", sa.String(64), nullable=True))
    op.create_index("ix_tables_opened_by", "tables", ["opened_by"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_tables_opened_by", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("opened_by")
