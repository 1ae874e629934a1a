"""Lessons: a class's sequence of hands and the hand it is on (with a version), and the
ad-hoc puzzle of a live question asked on a lesson's hand.

Revision ID: 0005_lessons
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_lessons"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "class_lessons",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("class_id", sa.String(32), sa.ForeignKey("classes.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("title", sa.String(80), nullable=False),
        sa.Column("hands", sa.JSON(), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_class_lessons_class_id", "class_lessons", ["class_id"])
    with op.batch_alter_table("class_questions") as batch:
        batch.add_column(sa.Column("puzzle_code", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("class_questions") as batch:
        batch.drop_column("puzzle_code")
    op.drop_index("ix_class_lessons_class_id", table_name="class_lessons")
    op.drop_table("class_lessons")
