"""Live questions: the teacher puts one puzzle to the class ("What would you throw?"), the
projector and the phones poll its row, each student's throw is counted once, and the teacher
reveals what was thrown beside the solver's answer.

A question is a row with a ``version`` that every answer, reveal and close moves by one, so a
page polls :meth:`LiveQuestions.poll` (one small query) and reads the question and its answers
again only when the version moved. An answer is a row keyed by question and learner: a second
throw (a double tap, two tabs) is not counted again. The page also writes a throw at a shipped
puzzle as an ordinary puzzle attempt; every answer, a lesson's own hands' too, is counted in the
dashboard's live questions (:meth:`LiveQuestions.board_data`,
:mod:`chinchon.views.live_board`).
"""

from __future__ import annotations

import datetime
import uuid
from collections import Counter

from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    func,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from chinchon.engine.errors import quote
from chinchon.store.class_checks import ClassError
from chinchon.store.class_lessons import LessonRow
from chinchon.store.classes import Classes, MemberRow, _member
from chinchon.store.rows import utc_now
from chinchon.store.rows.classes import LiveAnswer, LiveData, Member, Poll, Question
from chinchon.store.schema import ID_LENGTH, PUZZLE_ID_LENGTH, Base
from chinchon.store.store import check_learner_id

#: The longest ad-hoc puzzle kept (a pack notation block is a few hundred characters).
PUZZLE_CODE_LENGTH = 2000


class QuestionRow(Base):
    __tablename__ = "class_questions"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    class_id: Mapped[str] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"),
                                          index=True)
    puzzle_id: Mapped[str] = mapped_column(String(PUZZLE_ID_LENGTH))
    #: A hand that is no shipped puzzle (a lesson's): the ad-hoc puzzle's pack notation.
    puzzle_code: Mapped[str | None] = mapped_column(Text)
    #: The lesson it was asked from (no foreign key: a deleted lesson leaves its questions).
    lesson_id: Mapped[str | None] = mapped_column(String(ID_LENGTH))
    version: Mapped[int] = mapped_column(Integer)
    revealed: Mapped[bool] = mapped_column(Boolean)
    closed: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime())


class AnswerRow(Base):
    __tablename__ = "class_answers"

    question_id: Mapped[str] = mapped_column(
        ForeignKey("class_questions.id", ondelete="CASCADE"), primary_key=True)
    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"),
                                            primary_key=True)
    answer: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime())


def _question(row: QuestionRow) -> Question:
    return Question(row.id, row.class_id, row.puzzle_id, row.version, row.revealed, row.closed,
                    row.puzzle_code, row.lesson_id, row.created_at)



class LiveQuestions:
    """The live questions of a :class:`~chinchon.store.classes.Classes`' database."""

    def __init__(self, classes: Classes) -> None:
        self.classes = classes

    def ask(self, class_id: str, key: str, puzzle_id: str, puzzle_code: str | None = None,
            lesson_id: str | None = None) -> Question:
        """Put ``puzzle_id`` to the class now (or, with ``puzzle_code``, the ad-hoc puzzle of
        that pack notation), from the lesson ``lesson_id`` if given; the question before it
        (if any) is closed."""
        if puzzle_code is not None and len(puzzle_code) > PUZZLE_CODE_LENGTH:
            raise ClassError(f"not a puzzle to ask: {quote(puzzle_code)}", "bad-assignment")
        self.classes.open(class_id, key)
        with self.classes._session() as session, session.begin():
            lesson = session.get(LessonRow, lesson_id) if lesson_id is not None else None
            if lesson_id is not None and (lesson is None or lesson.class_id != class_id):
                raise ClassError(f"no such lesson in this class: {quote(lesson_id)}",
                                 "unknown-lesson")
            session.execute(update(QuestionRow).where(
                QuestionRow.class_id == class_id, QuestionRow.closed.is_(False)).values(
                closed=True, version=QuestionRow.version + 1))
            row = QuestionRow(id=uuid.uuid4().hex, class_id=class_id, puzzle_id=puzzle_id,
                              puzzle_code=puzzle_code, lesson_id=lesson_id, version=1,
                              revealed=False, closed=False, created_at=utc_now())
            session.add(row)
            session.flush()
            return _question(row)

    def current(self, class_id: str) -> Question | None:
        """The class's open question, or None."""
        with self.classes._session() as session:
            row = session.scalars(select(QuestionRow).where(
                QuestionRow.class_id == class_id, QuestionRow.closed.is_(False))
                .order_by(QuestionRow.created_at.desc())).first()
            return _question(row) if row is not None else None

    def poll(self, class_id: str) -> Poll | None:
        """The open question's id and version and the class's student count, in one query
        (None without an open question): a page reads the rest only when these moved."""
        students = (select(func.count()).select_from(MemberRow)
                    .where(MemberRow.class_id == class_id, MemberRow.removed.is_(False))
                    .scalar_subquery())
        with self.classes._session() as session:
            row = session.execute(select(QuestionRow.id, QuestionRow.version, students).where(
                QuestionRow.class_id == class_id, QuestionRow.closed.is_(False))
                .order_by(QuestionRow.created_at.desc()).limit(1)).first()
            return Poll(row[0], row[1], row[2]) if row is not None else None

    def _set(self, class_id: str, key: str, question_id: str, **values: bool) -> None:
        self.classes.open(class_id, key)
        with self.classes._session() as session, session.begin():
            session.execute(update(QuestionRow).where(
                QuestionRow.id == question_id, QuestionRow.class_id == class_id).values(
                version=QuestionRow.version + 1, **values))

    def reveal(self, class_id: str, key: str, question_id: str) -> None:
        self._set(class_id, key, question_id, revealed=True)

    def close(self, class_id: str, key: str, question_id: str) -> None:
        self._set(class_id, key, question_id, closed=True)

    def answer(self, question_id: str, learner_id: str, move: str) -> bool:
        """Count the student's throw; False when he had answered already (not counted
        again). ``not-member`` for a learner outside the class, ``bad-assignment`` for a
        question that is revealed, closed or unknown."""
        learner_id = check_learner_id(learner_id)
        try:
            with self.classes._session() as session, session.begin():
                row = session.get(QuestionRow, question_id)
                if row is None or row.closed or row.revealed:
                    raise ClassError(f"this question is not open: {quote(question_id)}",
                                     "bad-assignment")
                member = session.get(MemberRow, (row.class_id, learner_id))
                if member is None or member.removed:
                    raise ClassError("you are not a student of this class", "not-member")
                if session.get(AnswerRow, (question_id, learner_id)) is not None:
                    return False
                session.add(AnswerRow(question_id=question_id, learner_id=learner_id,
                                      answer=move[:16], created_at=utc_now()))
                session.flush()
                session.execute(update(QuestionRow).where(QuestionRow.id == question_id)
                                .values(version=QuestionRow.version + 1))
        except IntegrityError:  # the same student's other tab got there first
            return False
        return True

    def answers(self, question_id: str) -> Counter[str]:
        """How many students threw each card."""
        with self.classes._session() as session:
            return Counter(session.scalars(select(AnswerRow.answer).where(
                AnswerRow.question_id == question_id)))

    def has_answered(self, question_id: str, learner_id: str) -> str | None:
        with self.classes._session() as session:
            row = session.get(AnswerRow, (question_id, check_learner_id(learner_id)))
            return row.answer if row is not None else None

    def board_data(self, class_id: str, key: str) -> LiveData:
        """Every question the class was asked and its current students' answers, for its
        teacher (``wrong-key`` otherwise)."""
        members = tuple(self.classes.members(class_id, key))
        return self._data(class_id, members)

    def student_data(self, class_id: str, learner_id: str) -> LiveData:
        """The same for one student: his membership and his own answers only."""
        learner_id = check_learner_id(learner_id)
        with self.classes._session() as session:
            row = session.get(MemberRow, (class_id, learner_id))
            if row is None or row.removed:
                raise ClassError("you are not a student of this class", "not-member")
            member = _member(row)
        return self._data(class_id, (member,))

    def _data(self, class_id: str, members: tuple[Member, ...]) -> LiveData:
        ids = [m.learner_id for m in members]
        with self.classes._session() as session:
            questions = tuple(_question(r) for r in session.scalars(
                select(QuestionRow).where(QuestionRow.class_id == class_id)
                .order_by(QuestionRow.created_at, QuestionRow.id)))
            titles = session.execute(select(LessonRow.id, LessonRow.title).where(
                LessonRow.class_id == class_id))
            lessons = {row.id: row.title for row in titles}
            answers = tuple(LiveAnswer(r.question_id, r.learner_id, r.answer, r.created_at)
                            for r in session.scalars(
                select(AnswerRow).join(QuestionRow, QuestionRow.id == AnswerRow.question_id)
                .where(QuestionRow.class_id == class_id, AnswerRow.learner_id.in_(ids))
                .order_by(AnswerRow.created_at)))
        return LiveData(members, questions, lessons, answers)
