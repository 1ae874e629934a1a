"""The dashboard's live questions, computed from the rows
:meth:`~chinchon.store.class_live.LiveQuestions.board_data` reads (no database here): per
question asked, how many of the class answered, how many threw one of the solver's best
cards, and the wrong card thrown most; per student, the answers he gave and how many were
right. Every answer counts, a lesson's own hands' (which are no shipped puzzle and so no
attempt) as well as a shipped puzzle's, assigned or not.
"""

from __future__ import annotations

import datetime
from collections import Counter
from dataclasses import dataclass

from chinchon import puzzles as pz
from chinchon.store.rows.classes import LiveData, Question
from chinchon.views.class_dashboard import most_thrown


def question_puzzle(question: Question) -> pz.Puzzle | None:
    """The puzzle a question asks: the ad-hoc one it carries (a lesson's hand), else the
    shipped puzzle of its id (None when neither can be read any more)."""
    if question.puzzle_code:
        try:
            return pz.Puzzle.parse(question.puzzle_code)
        except ValueError:
            return None
    return pz.shipped().get(question.puzzle_id)


@dataclass(frozen=True)
class QuestionStat:
    """One question across the class: its puzzle (None when it cannot be read any more), the
    lesson it came from, when it was asked, the students who answered, those who threw a best
    card, and the wrong card thrown most (with how many times)."""

    question_id: str
    puzzle: pz.Puzzle | None
    lesson: str | None
    asked_at: datetime.datetime | None
    answered: int
    right: int
    wrong_card: str | None
    wrong_count: int

    @property
    def share_right(self) -> float | None:
        return self.right / self.answered if self.answered else None


@dataclass(frozen=True)
class StudentLive:
    learner_id: str
    nickname: str
    answered: int
    right: int


@dataclass(frozen=True)
class LiveBoard:
    questions: tuple[QuestionStat, ...]
    students: tuple[StudentLive, ...]


def live_board(data: LiveData) -> LiveBoard:
    """Every question (oldest first) and every student (as :class:`LiveData` lists them)."""
    best: dict[str, frozenset[str]] = {}
    puzzles: dict[str, pz.Puzzle | None] = {}
    for question in data.questions:
        puzzle = puzzles[question.id] = question_puzzle(question)
        best[question.id] = frozenset(pz.solve(puzzle).answers) if puzzle else frozenset()
    by_question: dict[str, list[str]] = {q.id: [] for q in data.questions}
    answered: Counter[str] = Counter()
    right: Counter[str] = Counter()
    for answer in data.answers:
        by_question.setdefault(answer.question_id, []).append(answer.answer)
        answered[answer.learner_id] += 1
        right[answer.learner_id] += answer.answer in best.get(answer.question_id, ())
    stats = []
    for question in data.questions:
        thrown = by_question[question.id]
        good = best[question.id]
        card, count = most_thrown(Counter(a for a in thrown if a not in good))
        lesson = data.lessons.get(question.lesson_id) if question.lesson_id else None
        stats.append(QuestionStat(question.id, puzzles[question.id], lesson, question.asked_at,
                                  len(thrown), sum(a in good for a in thrown), card, count))
    students = tuple(StudentLive(m.learner_id, m.nickname, answered[m.learner_id],
                                 right[m.learner_id]) for m in data.members)
    return LiveBoard(tuple(stats), students)
