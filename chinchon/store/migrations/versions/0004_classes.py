"""Classes: the class, its join codes (old ones kept to say they were replaced), members,
assignments, the students' word that an assigned tour is done, and live questions with their
answers (one per student).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _class_column(primary_key: bool = False) -> sa.Column:
    return sa.Column("class_id", sa.String(32), sa.ForeignKey("classes.id", ondelete="CASCADE"),
                     nullable=False, primary_key=primary_key)


def _learner_column() -> sa.Column:
    return sa.Column("learner_id", sa.String(32),
                     sa.ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("rules", sa.String(200), nullable=False),
        sa.Column("lang", sa.String(2), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("archived", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "class_join_codes",
        sa.Column("code", sa.String(8), primary_key=True),
        _class_column(),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "class_members",
        _class_column(primary_key=True),
        _learner_column(),
        sa.Column("nickname", sa.String(24), nullable=False),
        sa.Column("nickname_key", sa.String(72), nullable=False),
        sa.Column("removed", sa.Boolean(), nullable=False),
        sa.Column("joined_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("class_id", "nickname_key", name="uq_class_members_nickname"),
    )
    op.create_table(
        "class_assignments",
        sa.Column("id", sa.String(32), primary_key=True),
        _class_column(),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("title", sa.String(80), nullable=False),
        sa.Column("puzzles", sa.JSON(), nullable=False),
        sa.Column("bot", sa.String(16), nullable=True),
        sa.Column("games", sa.Integer(), nullable=True),
        sa.Column("due", sa.Date(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_class_assignments_class_id", "class_assignments", ["class_id"])
    op.create_table(
        "class_tour_done",
        sa.Column("assignment_id", sa.String(32),
                  sa.ForeignKey("class_assignments.id", ondelete="CASCADE"), primary_key=True),
        _learner_column(),
        sa.Column("done_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "class_questions",
        sa.Column("id", sa.String(32), primary_key=True),
        _class_column(),
        sa.Column("puzzle_id", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("revealed", sa.Boolean(), nullable=False),
        sa.Column("closed", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_class_questions_class_id", "class_questions", ["class_id"])
    op.create_table(
        "class_answers",
        sa.Column("question_id", sa.String(32),
                  sa.ForeignKey("class_questions.id", ondelete="CASCADE"), primary_key=True),
        _learner_column(),
        sa.Column("answer", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("class_answers")
    op.drop_table("class_questions")
    op.drop_table("class_tour_done")
    op.drop_table("class_assignments")
    op.drop_table("class_members")
    op.drop_table("class_join_codes")
    op.drop_table("classes")
