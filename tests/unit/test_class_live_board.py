"""The dashboard's live questions, on SQLite and PostgreSQL: the figures per question and per
student recomputed here from the throws the test made (not from the module's own counting),
a lesson's own hand and a shipped puzzle in no assignment both counted, a removed student and
a stranger left out, a student reading only his own; and the poll's version and student
count, the one query a page makes each second."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from chinchon import puzzles as pz
from chinchon.store.class_checks import ClassError
from chinchon.store.class_lessons import LessonHand, Lessons
from chinchon.store.class_live import LiveQuestions
from chinchon.store.classes import Classes
from chinchon.store.store import Store
from chinchon.views.live_board import live_board, most_thrown, question_puzzle
from tests.unit import test_store

url, store = test_store.url, test_store.store

EIGHT = LessonHand.parse("3c 4c 5c 7o 7e 9b 11b 2e")
SHIPPED = "barajamos-017"


@pytest.fixture
def classes(store: Store) -> Iterator[Classes]:
    yield Classes(store)


def expected(throws: dict[str, str], best: tuple[str, ...]) -> tuple[int, int, str | None, int]:
    """Answered, right, the most thrown wrong card and its count, counted by hand: the
    highest count, and among equal counts the smallest card code."""
    wrong: dict[str, int] = {}
    for card in throws.values():
        if card not in best:
            wrong[card] = wrong.get(card, 0) + 1
    top = max(wrong.values(), default=0)
    card = sorted(c for c, n in wrong.items() if n == top)[0] if wrong else None
    return len(throws), sum(c in best for c in throws.values()), card, top


def test_every_live_answer_counts_on_the_dashboard(classes: Classes) -> None:
    made = classes.create("Club", "barajamos", "en")
    store = classes.store
    names = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay"]
    learners = {name: store.new_learner() for name in names}
    for name, learner in learners.items():
        classes.join(made.join_code, learner, name)
    stranger = store.new_learner()
    lesson = Lessons(classes).save(made.id, made.key, "Eights", [EIGHT])
    live = LiveQuestions(classes)
    position = pz.position_puzzle("barajamos", {}, pz.position_query(EIGHT.cards))
    shipped = pz.find_puzzle(SHIPPED)
    assert not classes.assignments(made.id)  # the shipped puzzle is in no assignment
    asked = []
    throws: list[dict[str, str]] = []
    for n, (puzzle, code, from_lesson) in enumerate([(position, position.code(), lesson.id),
                                                     (shipped, None, None)]):
        question = live.ask(made.id, made.key, puzzle.id, code, from_lesson)
        asked.append((question, puzzle))
        cards = sorted(c.code() for c in puzzle.hand)
        best = pz.solve(puzzle).answers
        wrong = [c for c in cards if c not in best]
        # Once Dee is removed, two wrong cards thrown twice each (a tie) and a best card.
        chosen = {"Ana": wrong[-1], "Ben": wrong[-1], "Cai": wrong[0], "Dee": wrong[0],
                  "Eli": wrong[0], "Fay": best[0]} if n == 0 else {"Ana": best[0],
                                                                   "Ben": wrong[1]}
        for name, card in chosen.items():
            assert live.answer(question.id, learners[name], card)
        throws.append({learners[name]: card for name, card in chosen.items()})
    classes.remove(made.id, made.key, learners["Dee"])  # his answers leave the class's figures
    del throws[0][learners["Dee"]]
    with pytest.raises(ClassError):
        live.answer(asked[1][0].id, stranger, "1o")

    board = live_board(live.board_data(made.id, made.key))
    assert [s.question_id for s in board.questions] == [q.id for q, _ in asked]
    for stat, (_, puzzle), thrown in zip(board.questions, asked, throws, strict=True):
        assert stat.puzzle == puzzle
        answered, right, card, count = expected(thrown, pz.solve(puzzle).answers)
        assert (stat.answered, stat.right, stat.wrong_card, stat.wrong_count) == (
            answered, right, card, count)
        assert stat.share_right == right / answered
        assert stat.asked_at is not None
    assert [s.lesson for s in board.questions] == ["Eights", None]
    # Per student: every answer he gave in the class (nicknames only, current students).
    given = Counter(learner for thrown in throws for learner in thrown)
    good = Counter(learner for thrown, (_, puzzle) in zip(throws, asked, strict=True)
                   for learner, card in thrown.items() if card in pz.solve(puzzle).answers)
    assert {(s.nickname, s.answered, s.right) for s in board.students} == {
        (name, given[learners[name]], good[learners[name]]) for name in names if name != "Dee"}

    mine = live_board(live.student_data(made.id, learners["Ana"]))
    assert [(s.nickname, s.answered) for s in mine.students] == [("Ana", 2)]
    assert sum(s.answered for s in mine.questions) == 2  # his own answers, nobody else's
    for who in (stranger, learners["Dee"]):
        with pytest.raises(ClassError) as refused:
            live.student_data(made.id, who)
        assert refused.value.reason == "not-member"
    other = classes.create("Other", "barajamos", "en")
    with pytest.raises(ClassError) as elsewhere:  # another class's lesson
        live.ask(other.id, other.key, SHIPPED, None, lesson.id)
    assert elsewhere.value.reason == "unknown-lesson"
    with pytest.raises(ClassError) as wrong_key:
        live.board_data(made.id, "k" * 24)
    assert wrong_key.value.reason == "wrong-key"


def test_the_poll_moves_with_every_answer_and_join(classes: Classes) -> None:
    made = classes.create("Club", "barajamos", "en")
    live = LiveQuestions(classes)
    assert live.poll(made.id) is None
    ana = classes.store.new_learner()
    classes.join(made.join_code, ana, "Ana")
    question = live.ask(made.id, made.key, SHIPPED)
    first = live.poll(made.id)
    assert first is not None and (first.question_id, first.version, first.students) == (
        question.id, 1, 1)
    assert live.poll(made.id) == first  # nothing changed: the same poll
    live.answer(question.id, ana, "1o")
    assert live.poll(made.id) == type(first)(question.id, 2, 1)
    classes.join(made.join_code, classes.store.new_learner(), "Ben")
    assert live.poll(made.id) == type(first)(question.id, 2, 2)
    live.close(made.id, made.key, question.id)
    assert live.poll(made.id) is None


def test_the_most_thrown_card_and_an_unreadable_question() -> None:
    assert most_thrown(Counter({"5o": 2, "3c": 2, "1e": 1})) == ("3c", 2)
    assert most_thrown(Counter()) == (None, 0)
    from chinchon.store.rows.classes import Question

    assert question_puzzle(Question("q", "c", "gone-1", 1, False, False)) is None
    assert question_puzzle(Question("q", "c", "x", 1, False, False, "not a puzzle")) is None
