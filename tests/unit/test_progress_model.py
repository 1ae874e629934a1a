"""What the progress page computes from stored attempts (chinchon.store.progress): streak,
misses, calendar, per-theme figures, the rating history and the choice of the next puzzle."""

from __future__ import annotations

import datetime
import random
from types import SimpleNamespace

import pytest

from chinchon.ratings.glicko2 import Rating
from chinchon.store.progress import (
    NEW_LEARNER_GAMES,
    calendar,
    choose_puzzle,
    daily_done,
    misses,
    rating_history,
    streak,
    theme_stats,
)
from chinchon.store.store import Recorded

DAY = datetime.datetime(2026, 12, 1, 12)


def made(puzzle: str, correct: bool, *, hint: bool = False, days: int = 0, first: bool = True,
         before: float | None = 1500.0, after: float | None = 1510.0, rules: str = "barajamos",
         puzzle_rating: float | None = 1400.0, daily: datetime.date | None = None,
         answer: str | None = "1o") -> Recorded:
    return Recorded("0" * 32, "1" * 32, puzzle, rules, answer, correct, hint, first, daily,
                    None, DAY + datetime.timedelta(days=days), before, after, puzzle_rating,
                    None)


def test_streak_counts_clean_solves_back_from_the_newest() -> None:
    assert streak([]) == 0
    assert streak([made("a", True), made("b", False), made("c", True), made("d", True)]) == 2
    assert streak([made("a", True), made("b", True, hint=True)]) == 0


def test_misses_are_puzzles_last_not_solved_cleanly_newest_first() -> None:
    attempts = [made("a", False, days=0), made("b", False, days=1), made("a", True, days=2),
                made("c", True, hint=True, days=3), made("d", False, answer=None, days=4)]
    assert misses(attempts) == ["d", "c", "b"]


def test_calendar_covers_whole_weeks_and_marks_the_daily() -> None:
    today = datetime.date(2026, 12, 3)  # a Thursday
    day = datetime.date(2026, 12, 1)
    attempts = [made("a", True, daily=day), made("b", False), made("c", True, days=-8)]
    days = calendar(attempts, today, weeks=2)
    assert days[0].date == datetime.date(2026, 11, 23) and days[0].date.weekday() == 0
    assert days[-1].date == today and len(days) == 7 + 4
    (tuesday,) = [d for d in days if d.date == day]
    assert (tuesday.attempts, tuesday.solved, tuesday.daily) == (2, 1, True)
    assert sum(d.attempts for d in days) == 3
    assert daily_done(attempts, day) and not daily_done(attempts, today)


def test_theme_figures_use_first_attempts_only() -> None:
    themes = {"a": ("figure",), "b": ("figure", "close-now"), "c": ("close-now",)}
    attempts = [made("a", True, puzzle_rating=1400), made("b", False, puzzle_rating=1600),
                made("a", False, first=False, puzzle_rating=None, before=None, after=None),
                made("c", True, puzzle_rating=1500)]
    stats = {s.theme: s for s in theme_stats(attempts, themes)}
    assert (stats["figure"].played, stats["figure"].solved) == (2, 1)
    assert stats["figure"].performance == 1500  # (1400 + 1600) / 2 + 400 * (1 - 1) / 2
    assert stats["close-now"].success == 0.5


def test_rating_history_starts_from_the_first_rating() -> None:
    attempts = [made("a", True, before=1500, after=1600), made("b", True, first=False,
                                                               before=None, after=None),
                made("c", False, before=1600, after=1550),
                made("d", True, rules="fournier", before=1500, after=1580)]
    assert [r for _, r in rating_history(attempts, "barajamos")] == [1500, 1600, 1550]
    assert rating_history([], "barajamos") == []


POOL = [SimpleNamespace(id=f"{level}-{n}", difficulty=level, themes=())
        for level in ("easy", "medium", "hard") for n in range(10)]


def choose(**kw: object) -> str:
    args = {"learner": None, "games": 0, "ratings": {}, "played": set(), "current": None,
            "rng": random.Random(3), **kw}
    chosen = choose_puzzle(POOL, **args)  # type: ignore[arg-type]
    assert chosen is not None
    return str(chosen.id)


def test_a_new_learner_gets_easy_puzzles() -> None:
    for seed in range(10):
        assert choose(rng=random.Random(seed), learner=Rating(1900)).startswith("easy")
    assert choose(games=NEW_LEARNER_GAMES - 1, learner=Rating(1900)).startswith("easy")


@pytest.mark.parametrize(("rating", "shift", "level"), [
    (1800, "normal", "hard"), (1500, "normal", "medium"), (1200, "normal", "easy"),
    (1800, "easier", "medium"), (1500, "harder", "hard"), (1500, "easier", "easy")])
def test_then_puzzles_near_the_rating_shifted(rating: float, shift: str, level: str) -> None:
    for seed in range(10):
        assert choose(rng=random.Random(seed), learner=Rating(rating), games=20,
                      shift=shift).startswith(level)


def test_known_puzzle_ratings_win_over_the_seeds() -> None:
    ratings = {"hard-3": Rating(1190)}  # a "hard" puzzle that turned out easy
    chosen = {choose(rng=random.Random(s), learner=Rating(1190), games=20, ratings=ratings)
              for s in range(40)}
    assert "hard-3" in chosen and all(c == "hard-3" or c.startswith("easy") for c in chosen)


def test_played_and_current_puzzles_come_back_last() -> None:
    played = {f"easy-{n}" for n in range(9)}
    assert choose(played=played) == "easy-9"
    assert choose(played=played, current="easy-9").startswith("easy")  # all played: any easy
    assert choose_puzzle([], learner=None, games=0, ratings={}, played=set(), current=None,
                         rng=random.Random(0)) is None
