"""Tables with people (issue 20): a table row and its seat rows.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "play_tables",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(6), nullable=False, unique=True),
        sa.Column("rules_code", sa.String(200), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("actions", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("clock", sa.Integer(), nullable=False),
        sa.Column("listed", sa.Boolean(), nullable=False),
        sa.Column("bot", sa.String(16), nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("creator", sa.String(32), sa.ForeignKey("learners.id", ondelete="SET NULL"),
                  nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("moved_at", sa.DateTime(), nullable=False),
        sa.Column("turn_since", sa.DateTime(), nullable=True),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_play_tables_status", "play_tables", ["status", "listed"])
    op.create_table(
        "play_seats",
        sa.Column("table_id", sa.Integer(),
                  sa.ForeignKey("play_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("learner_id", sa.String(32),
                  sa.ForeignKey("learners.id", ondelete="SET NULL"), nullable=True),
        sa.Column("key", sa.String(24), nullable=False),
        sa.Column("last_seen", sa.DateTime(), nullable=True),
        sa.Column("bot_playing", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_play_seats_learner", "play_seats", ["learner_id"])


def downgrade() -> None:
    op.drop_index("ix_play_seats_learner", table_name="play_seats")
    op.drop_table("play_seats")
    op.drop_index("ix_play_tables_status", table_name="play_tables")
    op.drop_table("play_tables")
