"""Live questions without Streamlit: follow the open question from poll to poll, ask one (a
shipped puzzle, or a lesson's hand), a student's throw, reveal and end, the dashboard's live
questions.

A page keeps the :class:`Seen` of its last read in its session and hands it back at the next
poll: while the question's version and the class's student count stay as they were, nothing
else is read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from chinchon import puzzles as pz
from chinchon.store.class_checks import ClassError
from chinchon.store.class_lessons import LessonHand
from chinchon.store.class_live import LiveQuestions
from chinchon.store.classes import Classes
from chinchon.store.rows.classes import ClassInfo, Poll, Question
from chinchon.views.live_board import LiveBoard, StudentLive, live_board, question_puzzle


@dataclass(frozen=True)
class Seen:
    """The open question as read after ``poll``: a later poll equal to it means nothing
    changed, so the page draws this again without reading the question or its answers."""

    poll: Poll
    question: Question
    puzzle: pz.Puzzle | None
    counts: Counter[str]
    mine: str | None = None


def _follow(live: LiveQuestions, class_id: str, last: object,
            details: Callable[[Question], tuple[Counter[str], str | None]]) -> Seen | None:
    """The open question with its ``details`` (the throws counted, this student's own): the
    ``last`` read itself when the question's version and the class's student count did not
    move since (None: no question)."""
    poll = live.poll(class_id)
    if poll is None:
        return None
    if isinstance(last, Seen) and last.poll == poll:
        return last
    # Read after the poll: a change in between only makes the next poll read again.
    question = live.current(class_id)
    if question is None:
        return None
    return Seen(poll, question, question_puzzle(question), *details(question))


def board_state(book: Classes, class_id: str, last: object = None) -> Seen | None:
    """The open question and how many threw each card (``last``: the session's last read)."""
    live = LiveQuestions(book)
    return _follow(live, class_id, last, lambda question: (live.answers(question.id), None))


def phone_state(book: Classes, class_id: str, learner_id: str, last: object = None
                ) -> Seen | None:
    """The open question and the student's own throw (``last``: the session's last read)."""
    live = LiveQuestions(book)
    return _follow(live, class_id, last, lambda question: (
        Counter(), live.has_answered(question.id, learner_id)))


def hand_puzzle(hand: LessonHand, rules: str) -> pz.Puzzle | None:
    """The "What would you throw?" of a lesson's hand: the shipped puzzle it came from, else
    its eight cards as a position under the class's ``rules``; None for seven cards (nothing
    to throw)."""
    shipped = pz.shipped().get(hand.puzzle_id or "")
    if shipped is not None and shipped.question == "discard":
        return shipped
    if len(hand.cards) != 8:
        return None
    return pz.position_puzzle(rules, {}, pz.position_query(hand.cards))


def live_choices(book: Classes, info: ClassInfo) -> list[str]:
    """The puzzles the teacher may ask: the "What would you throw?" ones of the class's
    profile, those its assignments hold first."""
    choices = [p.id for p in pz.pool(info.rules_id) if p.question == "discard"]
    assigned = [p for w in book.assignments(info.id) for p in w.puzzles if p in choices]
    return list(dict.fromkeys([*assigned, *choices]))


def ask(book: Classes, class_id: str, key: str, puzzle: pz.Puzzle,
        lesson_id: str | None = None) -> Question:
    """Put ``puzzle`` to the class (from the lesson ``lesson_id``): a shipped one by id, an
    ad-hoc one with its notation."""
    code = None if puzzle.id in pz.shipped() else puzzle.code()
    return LiveQuestions(book).ask(class_id, key, puzzle.id, code, lesson_id)


def ask_shipped(book: Classes, class_id: str, key: str, puzzle_id: object) -> Question | None:
    """Put the teacher's pick to the class when it is a shipped puzzle (None otherwise)."""
    if not isinstance(puzzle_id, str) or puzzle_id not in pz.shipped():
        return None
    return LiveQuestions(book).ask(class_id, key, puzzle_id)


def ask_hand(book: Classes, class_id: str, key: str, rules: str, lesson_id: str,
             hand: LessonHand) -> Question | None:
    """Ask the class about a lesson's hand (None: seven cards, nothing to throw)."""
    puzzle = hand_puzzle(hand, rules)
    return ask(book, class_id, key, puzzle, lesson_id) if puzzle is not None else None


def reveal(book: Classes, class_id: str, key: str, question_id: str) -> None:
    LiveQuestions(book).reveal(class_id, key, question_id)


def close(book: Classes, class_id: str, key: str, question_id: str) -> None:
    LiveQuestions(book).close(class_id, key, question_id)


@dataclass(frozen=True)
class Throw:
    """A student's throw at the open question: whether it was counted (not twice), and when
    it is also an attempt at a shipped puzzle to keep, that puzzle and whether it was right
    (a lesson's own hand has no id to rate or to assign: it counts in the question alone)."""

    counted: bool
    attempt: pz.Puzzle | None = None
    correct: bool = False


def throw(book: Classes, question: Question, learner_id: str, move: str) -> Throw:
    """Count the student's ``move``; refused by name like :meth:`LiveQuestions.answer`."""
    puzzle = question_puzzle(question)
    if puzzle is None:
        return Throw(False)
    counted = LiveQuestions(book).answer(question.id, learner_id, move)
    if counted and puzzle.id in pz.shipped():
        return Throw(True, puzzle, pz.solve(puzzle).is_correct(move))
    return Throw(counted)


def class_live_board(book: Classes, class_id: str, key: str) -> LiveBoard:
    """The dashboard's live questions: every question and every student's answers."""
    return live_board(LiveQuestions(book).board_data(class_id, key))


def my_live(book: Classes, class_id: str, learner_id: str) -> StudentLive | None:
    """A student's own live answers so far (None when he is not in the class)."""
    try:
        mine = live_board(LiveQuestions(book).student_data(class_id, learner_id)).students
    except ClassError:
        return None
    return mine[0] if mine else None
