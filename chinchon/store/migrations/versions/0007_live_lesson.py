"""Live questions: the lesson a question was asked from (None for one asked on its own), so
the dashboard's live questions name it.

Revision ID: 0007_live_lesson
Revises: 0006_assignment_positions
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_live_lesson"
down_revision = "0006_assignment_positions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("class_questions") as batch:
        batch.add_column(sa.Column("lesson_id", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("class_questions") as batch:
        batch.drop_column("lesson_id")
