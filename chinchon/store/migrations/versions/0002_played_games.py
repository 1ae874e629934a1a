"""Games of the Play page as they are played (issue 23): only these count in My progress.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "played_games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("learner_id", sa.String(32),
                  sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
        sa.Column("rules_id", sa.String(32), nullable=False),
        sa.Column("setup", sa.JSON(), nullable=False),
        sa.Column("deal", sa.String(16), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("moves", sa.String(), nullable=False),
        sa.Column("actions", sa.Integer(), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("origin", sa.String(8), nullable=False),
        sa.Column("teacher", sa.Boolean(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("accuracy", sa.Float(), nullable=True),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_played_games_learner_deal", "played_games", ["learner_id", "deal"])


def downgrade() -> None:
    op.drop_table("played_games")
