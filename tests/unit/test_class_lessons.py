"""Lessons in the store, on SQLite and PostgreSQL: a sequence of hands saved for a class, a
hand added, the step moved with its version (a page that saw an older version moves nothing),
another class's lesson and a wrong key refused by name, and a live question asked on a hand
that is no shipped puzzle."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from chinchon import puzzles as pz
from chinchon.store.class_checks import ClassError
from chinchon.store.class_lessons import MAX_HANDS, LessonHand, Lessons
from chinchon.store.class_live import LiveQuestions
from chinchon.store.classes import Classes
from chinchon.store.store import Store
from tests.unit import test_store

url, store = test_store.url, test_store.store

SEVENS = LessonHand.parse("7o 7c 7b 9e 10e 11e 4o")
EIGHT = LessonHand.parse("3c 4c 5c 7o 7e 9b 11b 2e")


@pytest.fixture
def classes(store: Store) -> Iterator[Classes]:
    yield Classes(store)


def reason(call: object, *args: object) -> str:
    with pytest.raises(ClassError) as caught:
        call(*args)  # type: ignore[operator]
    return caught.value.reason


def test_a_lesson_is_saved_grown_and_stepped_with_its_version(classes: Classes) -> None:
    made = classes.create("Club", "barajamos", "es")
    lessons = Lessons(classes)
    puzzle = pz.find_puzzle("barajamos-001")
    from_puzzle = LessonHand(puzzle.hand, puzzle.id)
    lesson = lessons.save(made.id, made.key, "  Los   sietes ", [SEVENS, from_puzzle])
    assert (lesson.title, lesson.step, lesson.hand) == ("Los sietes", 0, SEVENS)
    grown = lessons.add_hand(made.id, made.key, lesson.id, EIGHT)
    assert grown.hands == (SEVENS, from_puzzle, EIGHT) and grown.version == lesson.version + 1
    again = lessons.add_hand(made.id, made.key, lesson.id, EIGHT)  # held already: not twice
    assert again.hands == grown.hands
    moved = lessons.go_to(made.id, made.key, lesson.id, 2, again.version)
    assert moved.step == 2 and moved.hand == EIGHT
    # A second device that still saw the old version moves nothing: it is told where it is.
    stale = lessons.go_to(made.id, made.key, lesson.id, 0, again.version)
    assert (stale.step, stale.version) == (2, moved.version)
    assert lessons.go_to(made.id, made.key, lesson.id, 99, moved.version).step == 2  # clamped
    assert [x.id for x in lessons.lessons(made.id, made.key)] == [lesson.id]
    assert lessons.get(made.id, made.key, lesson.id).hands[1].puzzle_id == "barajamos-001"
    lessons.delete(made.id, made.key, lesson.id)
    assert lessons.lessons(made.id, made.key) == []


def test_bad_lessons_hands_and_strangers_are_refused_by_name(classes: Classes) -> None:
    made = classes.create("Club", "fournier", "es")  # the 40-card deck: no eights
    other = classes.create("Other", "fournier", "en")
    lessons = Lessons(classes)
    forty = LessonHand.parse("7o 7c 7b 5e 6e 10e 4o")
    lesson = lessons.save(made.id, made.key, "Uno", [forty])
    assert reason(lessons.save, made.id, made.key, "", [forty]) == "bad-lesson"
    assert reason(lessons.save, made.id, made.key, "x", []) == "bad-lesson"
    assert reason(lessons.save, made.id, made.key, "x", [forty] * (MAX_HANDS + 1)) == "bad-lesson"
    assert reason(lessons.save, made.id, made.key, "x", [SEVENS]) == "bad-lesson"  # a 9
    assert reason(LessonHand.parse, "7o 7c 7b") == "bad-lesson"
    assert reason(LessonHand.parse, "Bad Id: 7o 7c 7b 9e 10e 11e 4o") == "bad-lesson"
    assert reason(LessonHand.parse, "7o 7c zz 9e 10e 11e 4o") == "bad-lesson"
    assert reason(lessons.get, other.id, other.key, lesson.id) == "unknown-lesson"
    assert reason(lessons.get, made.id, made.key, "../etc") == "unknown-lesson"
    assert reason(lessons.get, made.id, other.key, lesson.id) == "wrong-key"
    assert reason(lessons.go_to, other.id, other.key, lesson.id, 0, 1) == "unknown-lesson"
    assert reason(lessons.add_hand, made.id, "k" * 20, lesson.id, forty) == "wrong-key"


def test_a_live_question_on_a_hand_that_is_no_puzzle(classes: Classes) -> None:
    made = classes.create("Club", "barajamos", "en")
    learner = classes.store.new_learner()
    classes.join(made.join_code, learner, "Ana")
    position = pz.position_puzzle("barajamos", {}, {"hand": "3c 4c 5c 7o 7e 9b 11b 2e"})
    live = LiveQuestions(classes)
    asked = live.ask(made.id, made.key, position.id, position.code())
    current = live.current(made.id)
    assert current is not None and current.puzzle_code is not None
    assert pz.Puzzle.parse(current.puzzle_code) == position
    assert live.answer(asked.id, learner, "2e") and live.answers(asked.id) == {"2e": 1}
    assert reason(live.ask, made.id, made.key, "position", "x" * 5000) == "bad-assignment"


def test_the_question_of_a_lesson_hand() -> None:
    from chinchon.services.live import hand_puzzle
    from chinchon.views.live_board import question_puzzle

    shipped = next(p for p in pz.pool("barajamos") if p.question == "discard")
    assert hand_puzzle(LessonHand(shipped.hand, shipped.id), "barajamos") == shipped
    position = hand_puzzle(EIGHT, "barajamos")
    assert position is not None and position.id == pz.POSITION_ID
    assert position.hand == EIGHT.cards and pz.solve(position).answers
    assert hand_puzzle(SEVENS, "barajamos") is None  # seven cards: nothing to throw
    from chinchon.store.rows.classes import Question

    asked = Question("q", "c", position.id, 1, False, False, position.code())
    assert question_puzzle(asked) == position
    assert question_puzzle(Question("q", "c", shipped.id, 1, False, False)) == shipped
    assert question_puzzle(Question("q", "c", "gone-1", 1, False, False)) is None
