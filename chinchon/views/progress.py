"""What a learner's progress shows, computed from stored attempts (no database here): the
streak, the misses, the calendar, the figures per theme and the rating's history.

>>> from chinchon.store.rows.attempts import Recorded
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
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from chinchon import puzzles as pz
from chinchon.ratings import glicko2
from chinchon.store.rows.attempts import Recorded


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


def missed_puzzles(attempts: Sequence[Recorded], rules_id: str) -> list[str]:
    """The shipped puzzles of ``rules_id`` whose latest attempt was a miss, latest first."""
    shipped = pz.shipped()
    return [m for m in misses([a for a in attempts if a.rules_id == rules_id]) if m in shipped]


def latest_change(attempts: Sequence[Recorded], rules_id: str) -> float | None:
    """The learner's latest rating change under ``rules_id`` (None before any)."""
    mine = (a for a in reversed(attempts) if a.rules_id == rules_id)
    return next((a.change for a in mine if a.change is not None), None)


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


def shipped_theme_stats(attempts: Iterable[Recorded]) -> list[ThemeStats]:
    """:func:`theme_stats` over the themes of the shipped puzzles."""
    return theme_stats(attempts, {p.id: p.themes for p in pz.shipped().values()})


def rating_history(attempts: Iterable[Recorded], rules_id: str
                   ) -> list[tuple[datetime.datetime, float]]:
    """The learner's rating under ``rules_id``: before the first rated attempt, then after
    each one."""
    rated = [a for a in attempts if a.rules_id == rules_id and a.learner_after is not None]
    if not rated or rated[0].learner_before is None:
        return []
    return [(rated[0].created_at, rated[0].learner_before),
            *((a.created_at, a.learner_after) for a in rated if a.learner_after is not None)]
