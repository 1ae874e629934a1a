"""Lessons: a teacher's sequence of hands for one class, stepped through on the projector.

A lesson keeps its hands (seven or eight cards each, of the class's deck; a hand taken from a
shipped puzzle names it) and the hand the class is on now (``step``). The step lives in the
database with a ``version`` that every move bumps, so the hand lab's teacher mode, the projector
view and a second device of the teacher stay on one hand: a move made from a page that saw an
older version is refused (``UPDATE … WHERE version = :v``) and the page redraws from the row.

>>> from chinchon.store.store import Store
>>> from chinchon.store.classes import Classes
>>> classes = Classes(Store("sqlite://"))
>>> made = classes.create("Club", "barajamos", "es")
>>> lessons = Lessons(classes)
>>> lesson = lessons.save(made.id, made.key, "Los sietes",
...                       [LessonHand.parse("7o 7c 7b 9e 10e 11e 4o")])
>>> lessons.go_to(made.id, made.key, lesson.id, 1, lesson.version).step
0
"""

from __future__ import annotations

import datetime
import unicodedata
import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from chinchon.engine.cards import Card, hand_code, parse_hand
from chinchon.engine.errors import quote
from chinchon.engine.rules import parse_house
from chinchon.store.class_checks import TITLE_LENGTH, ClassError
from chinchon.store.classes import Classes
from chinchon.store.rows import utc_now
from chinchon.store.schema import ID_LENGTH, ID_RE, NAME_RE, PUZZLE_ID_LENGTH, Base

MAX_HANDS = 40
HAND_SIZES = (7, 8)


class LessonRow(Base):
    __tablename__ = "class_lessons"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    class_id: Mapped[str] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"),
                                          index=True)
    title: Mapped[str] = mapped_column(String(TITLE_LENGTH))
    #: Each hand's :meth:`LessonHand.code`.
    hands: Mapped[list[str]] = mapped_column(JSON)
    step: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime())


def _bad(message: str) -> ClassError:
    return ClassError(message, "bad-lesson")


@dataclass(frozen=True)
class LessonHand:
    """One hand of a lesson: its cards, and the shipped puzzle it came from (if any).

    >>> LessonHand.parse("barajamos-001: 3c 4c 5c 6c 6o 6e 1b 2e").puzzle_id
    'barajamos-001'
    >>> LessonHand.parse("7o 7c 7b 9e 10e 11e 4o")
    LessonHand.parse('7o 7c 7b 9e 10e 11e 4o')
    """

    cards: tuple[Card, ...]
    puzzle_id: str | None = None

    @staticmethod
    def parse(text: str) -> LessonHand:
        """``cards`` or ``puzzle-id: cards``; :class:`ClassError` (``bad-lesson``) names a
        malformed one."""
        if not isinstance(text, str) or len(text) > 200:
            raise _bad(f"not a lesson hand: {quote(text)}")
        name, colon, rest = text.partition(":")
        puzzle_id = name.strip() if colon else None
        if puzzle_id is not None and not (len(puzzle_id) <= PUZZLE_ID_LENGTH
                                          and NAME_RE.fullmatch(puzzle_id)):
            raise _bad(f"not a puzzle id: {quote(puzzle_id)}")
        try:
            cards = parse_hand(rest if colon else text)
        except ValueError:
            raise _bad(f"not a lesson hand: {quote(text)}") from None
        if len(cards) not in HAND_SIZES:
            raise _bad(f"a lesson hand holds 7 or 8 cards, not {len(cards)}: {quote(text)}")
        return LessonHand(cards, puzzle_id)

    def code(self) -> str:
        cards = hand_code(self.cards)
        return f"{self.puzzle_id}: {cards}" if self.puzzle_id else cards

    def __repr__(self) -> str:
        return f"LessonHand.parse({self.code()!r})"


@dataclass(frozen=True)
class Lesson:
    id: str
    class_id: str
    title: str
    hands: tuple[LessonHand, ...]
    step: int
    version: int
    created_at: datetime.datetime

    @property
    def hand(self) -> LessonHand:
        """The hand the class is on now."""
        return self.hands[self.step]

    def holds(self, hand: LessonHand) -> bool:
        """Whether ``hand`` is one of the lesson's (same cards in the same order, same puzzle):
        what :meth:`Lessons.add_hand` does not add twice.

        >>> hand = LessonHand.parse("7o 7c 7b 9e 10e 11e 4o")
        >>> lesson = Lesson("", "", "Sevens", (hand,), 0, 0, datetime.datetime(2026, 12, 2))
        >>> lesson.holds(hand), lesson.holds(LessonHand(hand.cards, "barajamos-001"))
        (True, False)
        """
        return hand.code() in {h.code() for h in self.hands}


def _lesson(row: LessonRow) -> Lesson:
    return Lesson(row.id, row.class_id, row.title, tuple(LessonHand.parse(h) for h in row.hands),
                  row.step, row.version, row.created_at)



def _check_title(title: object) -> str:
    text = " ".join(title.split()) if isinstance(title, str) else ""
    if not text or len(text) > TITLE_LENGTH or any(unicodedata.category(c)[0] == "C"
                                                   for c in text):
        raise _bad(f"not a lesson title (1 to {TITLE_LENGTH} characters): {quote(title)}")
    return text


class Lessons:
    """The lessons of a :class:`~chinchon.store.classes.Classes`' database. Every call takes
    the class id and its teacher key: a lesson is the teacher's, never a student's."""

    def __init__(self, classes: Classes) -> None:
        self.classes = classes

    def _check_hands(self, class_id: str, key: str, hands: Sequence[LessonHand]) -> list[str]:
        rules = parse_house(self.classes.open(class_id, key).rules)
        for hand in hands:
            if not isinstance(hand, LessonHand):
                raise _bad(f"not a lesson hand: {quote(hand)}")
            try:
                rules.deck.check_hand(hand.cards, HAND_SIZES)
            except ValueError as error:
                raise _bad(f"not a hand of the class's deck: {error}") from None
        return [hand.code() for hand in hands]

    def save(self, class_id: str, key: str, title: str, hands: Sequence[LessonHand]) -> Lesson:
        """A new lesson of 1 to :data:`MAX_HANDS` hands, on its first hand."""
        text = _check_title(title)
        if not 1 <= len(hands) <= MAX_HANDS:
            raise _bad(f"a lesson holds 1 to {MAX_HANDS} hands, not {len(hands)}")
        codes = self._check_hands(class_id, key, hands)
        with self.classes._session() as session, session.begin():
            row = LessonRow(id=uuid.uuid4().hex, class_id=class_id, title=text, hands=codes,
                            step=0, version=1, created_at=utc_now())
            session.add(row)
            session.flush()
            return _lesson(row)

    @staticmethod
    def _row(session: Session, class_id: str, lesson_id: object) -> LessonRow:
        row = (session.get(LessonRow, lesson_id)
               if isinstance(lesson_id, str) and ID_RE.fullmatch(lesson_id) else None)
        if row is None or row.class_id != class_id:
            raise ClassError(f"no such lesson in this class: {quote(lesson_id)}",
                             "unknown-lesson")
        return row

    def add_hand(self, class_id: str, key: str, lesson_id: str, hand: LessonHand) -> Lesson:
        """Put ``hand`` at the end of the lesson (a hand it holds already is not repeated)."""
        code, = self._check_hands(class_id, key, [hand])
        with self.classes._session() as session, session.begin():
            row = self._row(session, class_id, lesson_id)
            if not _lesson(row).holds(hand):
                if len(row.hands) >= MAX_HANDS:
                    raise _bad(f"a lesson holds at most {MAX_HANDS} hands")
                row.hands = [*row.hands, code]
                row.version += 1
            session.flush()
            return _lesson(row)

    def lessons(self, class_id: str, key: str) -> list[Lesson]:
        """The class's lessons, the newest first."""
        self.classes.open(class_id, key)
        with self.classes._session() as session:
            return [_lesson(r) for r in session.scalars(
                select(LessonRow).where(LessonRow.class_id == class_id)
                .order_by(LessonRow.created_at.desc()))]

    def get(self, class_id: str, key: str, lesson_id: object) -> Lesson:
        """One lesson as stored now; ``unknown-lesson`` for another class's or none."""
        self.classes.open(class_id, key)
        with self.classes._session() as session:
            return _lesson(self._row(session, class_id, lesson_id))

    def go_to(self, class_id: str, key: str, lesson_id: str, step: int, version: int) -> Lesson:
        """Move the lesson to hand ``step`` (kept within the lesson) if it is still at
        ``version``; returns the lesson as stored after (unmoved when another page moved it
        first: the caller shows where it is)."""
        self.classes.open(class_id, key)
        with self.classes._session() as session, session.begin():
            row = self._row(session, class_id, lesson_id)
            step = min(max(int(step), 0), len(row.hands) - 1)
            session.execute(update(LessonRow).where(
                LessonRow.id == row.id, LessonRow.version == version).values(
                step=step, version=LessonRow.version + 1))
        return self.get(class_id, key, lesson_id)

    def delete(self, class_id: str, key: str, lesson_id: str) -> None:
        self.classes.open(class_id, key)
        with self.classes._session() as session, session.begin():
            session.delete(self._row(session, class_id, lesson_id))
