"""The first tables: learners, their ratings, puzzle ratings, puzzle attempts, games.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _rating_columns() -> list[sa.Column]:
    return [sa.Column("rating", sa.Float(), nullable=False),
            sa.Column("rd", sa.Float(), nullable=False),
            sa.Column("volatility", sa.Float(), nullable=False),
            sa.Column("games", sa.Integer(), nullable=False),
            sa.Column("updated_at", sa.DateTime(), nullable=False)]


def _learner_column() -> sa.Column:
    return sa.Column("learner_id", sa.String(32),
                     sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False)


def upgrade() -> None:
    op.create_table(
        "learners",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("transfer_code", sa.String(8), nullable=True, unique=True),
        sa.Column("transfer_expires", sa.DateTime(), nullable=True),
    )
    op.create_table(
        "learner_ratings",
        sa.Column("learner_id", sa.String(32), sa.ForeignKey("learners.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("rules_id", sa.String(32), primary_key=True),
        *_rating_columns(),
    )
    op.create_table(
        "puzzle_ratings",
        sa.Column("puzzle_id", sa.String(64), primary_key=True),
        *_rating_columns(),
    )
    op.create_table(
        "puzzle_attempts",
        sa.Column("id", sa.String(32), primary_key=True),
        _learner_column(),
        sa.Column("puzzle_id", sa.String(64), nullable=False),
        sa.Column("rules_id", sa.String(32), nullable=False),
        sa.Column("answer", sa.String(16), nullable=True),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("hint", sa.Boolean(), nullable=False),
        sa.Column("first", sa.Boolean(), nullable=False),
        sa.Column("daily", sa.Date(), nullable=True),
        sa.Column("seconds", sa.Float(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("learner_before", sa.Float(), nullable=True),
        sa.Column("learner_after", sa.Float(), nullable=True),
        sa.Column("puzzle_before", sa.Float(), nullable=True),
        sa.Column("puzzle_after", sa.Float(), nullable=True),
    )
    op.create_index("ix_puzzle_attempts_learner_time", "puzzle_attempts",
                    ["learner_id", "created_at"])
    op.create_index("uq_puzzle_attempts_first", "puzzle_attempts", ["learner_id", "puzzle_id"],
                    unique=True, sqlite_where=sa.column("first"),
                    postgresql_where=sa.column("first"))
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        _learner_column(),
        sa.Column("rules_id", sa.String(32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("record_text", sa.String(), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column("accuracy", sa.Float(), nullable=True),
        sa.Column("review", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_games_learner_time", "games", ["learner_id", "created_at"])


def downgrade() -> None:
    op.drop_table("games")
    op.drop_table("puzzle_attempts")
    op.drop_table("puzzle_ratings")
    op.drop_table("learner_ratings")
    op.drop_table("learners")
