"""Assignments made from a game's positions: each position's Puzzles page link values, by
the position's own id (the assignment's ``puzzles`` list the ids).

Revision ID: 0006_assignment_positions
Revises: 0005_lessons
Create Date: 2026-12-09
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_assignment_positions"
down_revision = "0005_lessons"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("class_assignments") as batch:
        batch.add_column(sa.Column("positions", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("class_assignments") as batch:
        batch.drop_column("positions")
