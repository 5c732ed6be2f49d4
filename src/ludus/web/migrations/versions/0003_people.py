"""People: accounts and their signed-in sessions, ratings, results, a table's chat; rated tables,
seats claimed by an account and the turn notifications sent.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def _account(ondelete: str, nullable: bool, primary_key: bool = False) -> sa.Column[int]:
    return sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id", ondelete=ondelete),
                     nullable=nullable, primary_key=primary_key)


def _table() -> sa.Column[str]:
    return sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                     primary_key=True)


def upgrade() -> None:
    """Create the five tables and add the columns (existing tables are casual, their seats guests')."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False, unique=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("notify", sa.Boolean(), nullable=False, server_default=sa.true()),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "logins",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        _account("CASCADE", nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_logins_account_id", "logins", ["account_id"])
    op.create_table(
        "ratings",
        _account("CASCADE", nullable=False, primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("players", sa.Integer(), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "results",
        _table(),
        sa.Column("seat", sa.Integer(), primary_key=True),
        _account("SET NULL", nullable=True),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=True),
        sa.Column("mu_after", sa.Float(), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_results_account_id", "results", ["account_id"])
    op.create_table(
        "chat",
        _table(),
        sa.Column("idx", sa.Integer(), primary_key=True),
        sa.Column("audience", sa.String(8), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        _account("SET NULL", nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    # Plain ADD COLUMNs, never a batch's copy of the table: SQLite's batch mode makes a table anew and
    # drops the old one, and with foreign keys on, dropping ``tables`` deletes every seat and move.
    # A seat's reference to its account has no ON DELETE (SQLAlchemy does not read it back from a
    # column SQLite added; accounts are never deleted).
    op.add_column("tables", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false()))
    if op.get_bind().dialect.name == "sqlite":  # (SQLite adds a reference only with its column)
        op.execute("ALTER TABLE seats ADD COLUMN account_id INTEGER REFERENCES accounts (id)")
    else:
        op.add_column("seats", sa.Column("account_id", sa.Integer(), nullable=True))
        op.create_foreign_key("fk_seats_account_id", "seats", "accounts", ["account_id"], ["id"])
    op.add_column("seats", sa.Column("notified", sa.Integer(), nullable=True))
    op.create_index("ix_seats_account_id", "seats", ["account_id"])


def downgrade() -> None:
    """Drop them (plain DROP COLUMNs, for the reason the upgrade adds them plainly)."""
    op.drop_index("ix_seats_account_id", "seats")
    if op.get_bind().dialect.name != "sqlite":
        op.drop_constraint("fk_seats_account_id", "seats", type_="foreignkey")
    op.drop_column("seats", "notified")
    op.drop_column("seats", "account_id")
    op.drop_column("tables", "rated")
    op.drop_table("chat")
    op.drop_index("ix_results_account_id", "results")
    op.drop_table("results")
    op.drop_table("ratings")
    op.drop_index("ix_logins_account_id", "logins")
    op.drop_table("logins")
    op.drop_table("accounts")
