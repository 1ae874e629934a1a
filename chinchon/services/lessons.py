"""A class's lessons without Streamlit: make one from puzzles or from a played game's mistakes,
add the hand lab's hand, and move the hand a lesson is on (the projector's and the hand lab's
buttons and clicker keys).

>>> from chinchon.store.store import Store
>>> book = Classes(Store("sqlite://"))
>>> made = book.create("Club", "barajamos", "es")
>>> lesson = lesson_from_puzzles(book, made.id, made.key, "Sietes",
...                              ["barajamos-001", "barajamos-002"])
>>> move_hand(book, made.id, made.key, lesson, key_step(lesson, "last")).step
1
"""

from __future__ import annotations

from collections.abc import Sequence

from chinchon import puzzles as pz
from chinchon.engine.cards import Card
from chinchon.store.class_lessons import MAX_HANDS, Lesson, LessonHand, Lessons
from chinchon.store.classes import Classes
from chinchon.store.rows.classes import ClassInfo

#: The clicker's keys as hands to move by (first and last: the whole lesson's length).
_KEY_STEPS = {"next": 1, "back": -1}


def open_lesson(book: Classes, class_id: str, key: str, lesson_id: str | None
                ) -> tuple[ClassInfo, Lesson | None]:
    """The class for its teacher and the lesson ``lesson_id`` of it as stored now (None
    without one); refused by name (``unknown-class``, ``wrong-key``, ``unknown-lesson``)."""
    info = book.open(class_id, key)
    return info, Lessons(book).get(class_id, key, lesson_id) if lesson_id else None


def key_step(lesson: Lesson, action: str) -> int | None:
    """How many hands a key moves ``lesson`` (None: a key that moves nothing)."""
    steps = {**_KEY_STEPS, "first": -len(lesson.hands), "last": len(lesson.hands)}
    return steps.get(action)


def move_hand(book: Classes, class_id: str, key: str, lesson: Lesson, delta: int) -> Lesson:
    """Move ``lesson`` ``delta`` hands on from where the page read it (kept within the
    lesson); a page that read an older version moves nothing. The lesson as stored after."""
    return Lessons(book).go_to(class_id, key, lesson.id, lesson.step + delta, lesson.version)


def lesson_from_puzzles(book: Classes, class_id: str, key: str, title: str,
                         puzzle_ids: Sequence[str]) -> Lesson:
    """A new lesson of the shipped puzzles' hands (unknown ids left out)."""
    found = pz.shipped()
    hands = [LessonHand(found[p].hand, p) for p in puzzle_ids if p in found]
    return Lessons(book).save(class_id, key, title, hands)


def lesson_from_hands(book: Classes, class_id: str, key: str, title: str,
                      hands: Sequence[tuple[Card, ...]]) -> Lesson:
    """A new lesson of a game's mistakes (at most :data:`MAX_HANDS` of them)."""
    return Lessons(book).save(class_id, key, title,
                              [LessonHand(hand) for hand in hands[:MAX_HANDS]])


def add_hand(book: Classes, class_id: str, key: str, lesson_id: str | None,
             title: str, cards: tuple[Card, ...]) -> Lesson:
    """The hand lab's "add to a lesson": to ``lesson_id``, or (None) to a new lesson named
    ``title``."""
    lessons, hand = Lessons(book), LessonHand(cards)
    if lesson_id is None:
        return lessons.save(class_id, key, title, [hand])
    return lessons.add_hand(class_id, key, lesson_id, hand)
