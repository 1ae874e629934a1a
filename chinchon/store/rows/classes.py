"""The rows of classes as the store returns them (:mod:`chinchon.store.classes`,
:mod:`chinchon.store.class_live`): a class, its members and assignments, what its dashboard is
computed from, and its live questions with their answers.

The dashboard reads a member's attempts, games and ratings, which are other features' rows:
:class:`ClassAttempt`, :class:`ClassGame` and :class:`ClassRating` name only the fields it reads
(the store's own rows have them), so this module needs none of those features' modules.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from chinchon.ratings import glicko2


@dataclass(frozen=True)
class ClassInfo:
    id: str
    name: str
    rules: str
    lang: str
    join_code: str
    archived: bool
    created_at: datetime.datetime

    @property
    def rules_id(self) -> str:
        """The profile the rules start from (a house code's first part)."""
        return self.rules.split("+")[0]

    @property
    def shown_code(self) -> str:
        """The join code as people read it: ``ABCD-EFGH`` (as every code of the store)."""
        return f"{self.join_code[:4]}-{self.join_code[4:]}"


@dataclass(frozen=True)
class NewClass(ClassInfo):
    """A class just made: the only time its teacher key is seen."""

    key: str = ""


@dataclass(frozen=True)
class Member:
    class_id: str
    learner_id: str
    nickname: str
    removed: bool
    joined_at: datetime.datetime


@dataclass(frozen=True)
class Assignment:
    id: str
    class_id: str
    kind: str
    title: str
    puzzles: tuple[str, ...]
    bot: str | None
    games: int | None
    due: datetime.date | None
    created_at: datetime.datetime
    #: The puzzles that are a game's positions, not shipped ones: id → the Puzzles page's
    #: link values (:func:`chinchon.puzzles.linked_position`).
    positions: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


class ClassAttempt(Protocol):
    """What the dashboard reads of a stored puzzle attempt."""

    @property
    def id(self) -> str: ...
    @property
    def puzzle_id(self) -> str: ...
    @property
    def rules_id(self) -> str: ...
    @property
    def answer(self) -> str | None: ...
    @property
    def correct(self) -> bool: ...
    @property
    def hint(self) -> bool: ...
    @property
    def clean(self) -> bool: ...
    @property
    def created_at(self) -> datetime.datetime: ...
    @property
    def learner_before(self) -> float | None: ...


class ClassGame(Protocol):
    """What the dashboard reads of a stored Play game."""

    @property
    def rules_id(self) -> str: ...
    @property
    def setup(self) -> Mapping[str, str]: ...
    @property
    def seats(self) -> int: ...
    @property
    def origin(self) -> str: ...
    @property
    def counts(self) -> bool: ...
    @property
    def updated_at(self) -> datetime.datetime: ...


class ClassRating(Protocol):
    """What the dashboard reads of a learner's rating under one profile."""

    @property
    def rating(self) -> glicko2.Rating: ...


@dataclass(frozen=True)
class ClassData:
    """Everything the dashboard is computed from: the class's members (removed ones left
    out), its assignments, and per member the attempts, games and ratings (by profile) since
    he joined."""

    info: ClassInfo
    members: tuple[Member, ...]
    assignments: tuple[Assignment, ...]
    attempts: Mapping[str, Sequence[ClassAttempt]]
    games: Mapping[str, Sequence[ClassGame]]
    ratings: Mapping[str, Mapping[str, ClassRating]]
    tours_done: frozenset[tuple[str, str]]  # (assignment id, learner id)


# --- Live questions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    id: str
    class_id: str
    puzzle_id: str
    version: int
    revealed: bool
    closed: bool
    #: The pack notation of an ad-hoc puzzle (a lesson's hand), None for a shipped one.
    puzzle_code: str | None = None
    lesson_id: str | None = None
    asked_at: datetime.datetime | None = None


@dataclass(frozen=True)
class Poll:
    """What a page polls each second: the open question's id and version, and how many
    students the class has (a join moves no question's version)."""

    question_id: str
    version: int
    students: int


@dataclass(frozen=True)
class LiveAnswer:
    question_id: str
    learner_id: str
    answer: str
    created_at: datetime.datetime


@dataclass(frozen=True)
class LiveData:
    """What the dashboard's live questions are computed from: the class's members (removed
    ones left out), every question it was asked (oldest first), the titles of the lessons
    they came from, and the members' answers."""

    members: tuple[Member, ...]
    questions: tuple[Question, ...]
    lessons: Mapping[str, str]
    answers: tuple[LiveAnswer, ...]
