"""A puzzle attempt as the page makes it (:class:`Attempt`) and as the store returns it
(:class:`Recorded`), and a learner's rating under one profile: plain rows, no database.

>>> made = Attempt.new("0" * 32, "demo-1", "barajamos", "11b", True, hint=True)
>>> made.score, len(made.id)
(0.0, 32)
"""

from __future__ import annotations

import datetime
import uuid
from dataclasses import dataclass, field
from typing import Any

from chinchon.ratings import glicko2
from chinchon.store.rows import utc_now

#: A new puzzle's rating, from its pack's difficulty.
SEED_RATINGS = {"easy": 1200.0, "medium": 1500.0, "hard": 1800.0}


@dataclass(frozen=True)
class Attempt:
    """One answer to a puzzle, as the page makes it (before it is written)."""

    id: str
    learner_id: str
    puzzle_id: str
    rules_id: str
    answer: str | None
    correct: bool
    hint: bool = False
    difficulty: str = "medium"
    daily: datetime.date | None = None
    seconds: float | None = None
    created_at: datetime.datetime = field(default_factory=utc_now)
    #: False for an answer that must move no rating (a game's position given as class work):
    #: it is kept, and counted as the learner's first at that id, but rates nothing.
    rated: bool = True

    @staticmethod
    def new(learner_id: str, puzzle_id: str, rules_id: str, answer: str | None, correct: bool,
            **more: Any) -> Attempt:
        """An attempt with a fresh id (the id makes writing it twice harmless)."""
        return Attempt(uuid.uuid4().hex, learner_id, puzzle_id, rules_id, answer, correct, **more)

    @property
    def score(self) -> float:
        """For the ratings: solved without a hint is a win, anything else a loss."""
        return 1.0 if self.correct and not self.hint else 0.0


@dataclass(frozen=True)
class Recorded:
    """An attempt as stored: ``first`` when it was the learner's first at that puzzle (only
    those move the ratings; the rating fields are None otherwise)."""

    id: str
    learner_id: str
    puzzle_id: str
    rules_id: str
    answer: str | None
    correct: bool
    hint: bool
    first: bool
    daily: datetime.date | None
    seconds: float | None
    created_at: datetime.datetime
    learner_before: float | None
    learner_after: float | None
    puzzle_before: float | None
    puzzle_after: float | None

    @property
    def clean(self) -> bool:
        """Solved, with no hint."""
        return self.correct and not self.hint

    @property
    def change(self) -> float | None:
        if self.learner_before is None or self.learner_after is None:
            return None
        return self.learner_after - self.learner_before


@dataclass(frozen=True)
class LearnerRatingInfo:
    """A learner's puzzle rating under one profile, and his rated attempts there."""

    rules_id: str
    rating: glicko2.Rating
    games: int
