"""What a learner's progress page shows, computed from stored attempts (no database here),
and the outbox that keeps attempts the database could not take yet.

>>> from chinchon.store.store import Recorded
>>> def made(day, correct, hint=False, puzzle="p-1"):
...     return Recorded("0" * 32, "1" * 32, puzzle, "barajamos", "1o", correct, hint, True,
...                     None, None, datetime.datetime(2026, 12, day), None, None, None, None)
>>> streak([made(1, False), made(2, True), made(3, True)])
2
>>> misses([made(1, False, puzzle="p-1"), made(2, True, puzzle="p-2")])
['p-1']
"""

from __future__ import annotations

import datetime
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from typing import Protocol

from sqlalchemy.exc import SQLAlchemyError

from chinchon.ratings import glicko2
from chinchon.store.rows.played import Played
from chinchon.store.store import (
    SEED_RATINGS,
    Attempt,
    GameRecord,
    Recorded,
    Store,
)

#: Rated attempts under a profile before a learner leaves the easy puzzles.
NEW_LEARNER_GAMES = 5
#: The "easier / harder" settings: how far from the learner's rating the next puzzle is aimed.
SHIFTS = {"easier": -300.0, "normal": 0.0, "harder": 300.0}
#: The next puzzle is drawn among this many unplayed puzzles nearest the aim.
NEAREST = 6


class PuzzleLike(Protocol):
    """What the choice of a puzzle needs of ``chinchon.puzzles.Puzzle``."""

    @property
    def id(self) -> str: ...

    @property
    def difficulty(self) -> str: ...

    @property
    def themes(self) -> tuple[str, ...]: ...


def streak(attempts: Sequence[Recorded]) -> int:
    """Puzzles solved without a hint in a row, counting back from the newest attempt."""
    count = 0
    for attempt in reversed(attempts):
        if not attempt.clean:
            break
        count += 1
    return count


def misses(attempts: Sequence[Recorded]) -> list[str]:
    """Puzzles whose latest attempt was not a clean solve, most recent miss first."""
    latest: dict[str, Recorded] = {}
    for attempt in attempts:
        latest[attempt.puzzle_id] = attempt
    missed = [a for a in latest.values() if not a.clean]
    return [a.puzzle_id for a in sorted(missed, key=lambda a: a.created_at, reverse=True)]


@dataclass(frozen=True)
class Day:
    """A day of the calendar (UTC): attempts, clean solves, and the daily puzzle solved."""

    date: datetime.date
    attempts: int = 0
    solved: int = 0
    daily: bool = False


def calendar(attempts: Iterable[Recorded], today: datetime.date, weeks: int = 12
             ) -> list[Day]:
    """Every day of the last ``weeks`` weeks up to ``today``, oldest first, starting on a
    Monday (a week per column, like a contributions calendar)."""
    first = today - datetime.timedelta(days=today.weekday() + 7 * (weeks - 1))
    played: Counter[datetime.date] = Counter()
    solved: Counter[datetime.date] = Counter()
    daily: set[datetime.date] = set()
    for attempt in attempts:
        day = attempt.created_at.date()
        played[day] += 1
        solved[day] += attempt.clean
        if attempt.daily is not None and attempt.clean:
            daily.add(attempt.daily)
    days = (first + datetime.timedelta(days=n) for n in range((today - first).days + 1))
    return [Day(d, played[d], solved[d], d in daily) for d in days]


def daily_done(attempts: Iterable[Recorded], day: datetime.date) -> bool:
    """Whether the daily puzzle of ``day`` was solved without a hint."""
    return any(a.daily == day and a.clean for a in attempts)


@dataclass(frozen=True)
class ThemeStats:
    """A theme's first attempts: how many, how many solved, and the learner's performance
    rating on them (the puzzles' ratings then, and the score)."""

    theme: str
    played: int
    solved: int
    performance: float

    @property
    def success(self) -> float:
        return self.solved / self.played


def theme_stats(attempts: Iterable[Recorded], themes: Mapping[str, Sequence[str]]
                ) -> list[ThemeStats]:
    """Per theme (``themes`` maps a puzzle id to its themes), the rated attempts only."""
    faced: dict[str, list[float]] = defaultdict(list)
    wins: Counter[str] = Counter()
    for attempt in attempts:
        if not attempt.first or attempt.puzzle_before is None:
            continue
        for theme in themes.get(attempt.puzzle_id, ()):
            faced[theme].append(attempt.puzzle_before)
            wins[theme] += attempt.clean
    return [ThemeStats(theme, len(ratings), wins[theme],
                       glicko2.performance(ratings, wins[theme]))
            for theme, ratings in sorted(faced.items())]


def rating_history(attempts: Iterable[Recorded], rules_id: str
                   ) -> list[tuple[datetime.datetime, float]]:
    """The learner's rating under ``rules_id``: before the first rated attempt, then after
    each one."""
    rated = [a for a in attempts if a.rules_id == rules_id and a.learner_after is not None]
    if not rated or rated[0].learner_before is None:
        return []
    return [(rated[0].created_at, rated[0].learner_before),
            *((a.created_at, a.learner_after) for a in rated if a.learner_after is not None)]


def puzzle_rating(puzzle: PuzzleLike, ratings: Mapping[str, glicko2.Rating]) -> float:
    """A puzzle's rating so far, or its seed from the pack's difficulty."""
    known = ratings.get(puzzle.id)
    return known.rating if known else SEED_RATINGS.get(puzzle.difficulty, 1500.0)


def choose_puzzle(candidates: Sequence[PuzzleLike], *, learner: glicko2.Rating | None,
                  games: int, ratings: Mapping[str, glicko2.Rating], played: set[str],
                  current: str | None, rng: random.Random, shift: str = "normal"
                  ) -> PuzzleLike | None:
    """The next puzzle: one of the :data:`NEAREST` unplayed puzzles rated nearest the learner's
    rating moved by ``shift`` (:data:`SHIFTS`); a new learner (fewer than
    :data:`NEW_LEARNER_GAMES` rated attempts) gets easy ones, aimed at the easy seed rating.
    Played puzzles come back only when every one has been played.

    >>> from types import SimpleNamespace as P
    >>> pool = [P(id=f"p{n}", difficulty=d, themes=()) for n, d in enumerate(
    ...     ["hard", "easy", "medium"])]
    >>> choose_puzzle(pool, learner=None, games=0, ratings={}, played=set(), current=None,
    ...               rng=random.Random(1)).id
    'p1'
    >>> choose_puzzle(pool, learner=glicko2.Rating(1900), games=9, ratings={}, played=set(),
    ...               current=None, rng=random.Random(1)).id in {"p0", "p1", "p2"}
    True
    """
    pool = [p for p in candidates if p.id != current] or list(candidates)
    if not pool:
        return None
    new = games < NEW_LEARNER_GAMES
    if new:
        pool = [p for p in pool if p.difficulty == "easy"] or pool
    pool = [p for p in pool if p.id not in played] or pool
    # A new learner's rating says little yet: aim at the easy puzzles' level instead.
    base = SEED_RATINGS["easy"] if new or learner is None else learner.rating
    aim = base + SHIFTS.get(shift, 0.0)
    ties = {p.id: rng.random() for p in pool}  # equally near: any of them, not the first ids
    nearest = sorted(pool, key=lambda p: (abs(puzzle_rating(p, ratings) - aim), ties[p.id]))
    return rng.choice(nearest[:NEAREST])


@dataclass
class Outbox:
    """Attempts, games (and learners minted by the page) not written yet, in order. The page keeps
    one per session: :meth:`flush` writes what it can and keeps the rest for the next try,
    so a database that is down or full loses nothing while the session lives."""

    learners: list[str] = field(default_factory=list)
    attempts: list[Attempt] = field(default_factory=list)
    games: list[GameRecord] = field(default_factory=list)
    #: Games of the Play page by id, each at its latest step (a later step replaces one queued).
    played: dict[str, Played] = field(default_factory=dict)
    #: The last database error (its type), None after a flush that wrote everything.
    error: str | None = None
    #: Attempts refused for good (their learner was forgotten, a bad field): not retried.
    refused: list[Attempt] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.attempts) + len(self.games) + len(self.played)

    def add_learner(self, learner_id: str) -> None:
        self.learners.append(learner_id)

    def add(self, attempt: Attempt) -> None:
        self.attempts.append(attempt)

    def add_game(self, game: GameRecord) -> None:
        self.games.append(game)

    def add_played(self, game: Played) -> None:
        queued = self.played.get(game.id)
        if queued is not None and queued.teacher:
            game = replace(game, teacher=True)
        self.played[game.id] = game

    def flush(self, store: Store | None, on_written: Callable[[Recorded], None] | None = None
              ) -> list[Recorded]:
        """Write everything in order; stop at the first database error and keep the rest."""
        written: list[Recorded] = []
        if store is None:
            self.error = self.error or "no database"
            return written
        try:
            while self.learners:
                store.new_learner(self.learners[0])
                self.learners.pop(0)
            while self.attempts:
                attempt = self.attempts[0]
                try:
                    recorded = store.record_attempt(attempt)
                except ValueError:  # its learner was forgotten, or a field cannot be stored
                    self.refused.append(self.attempts.pop(0))
                    continue
                self.attempts.pop(0)
                written.append(recorded)
                if on_written is not None:
                    on_written(recorded)
            while self.games:
                try:
                    store.record_game(self.games[0])
                except ValueError:  # its learner was forgotten meanwhile
                    self.games.pop(0)
                    continue
                self.games.pop(0)
            while self.played:
                game = next(iter(self.played.values()))
                with suppress(ValueError):  # its learner was forgotten meanwhile
                    store.save_played(game)
                self.played.pop(game.id)
        except SQLAlchemyError as error:
            self.error = type(error).__name__
            return written
        self.error = None
        return written
