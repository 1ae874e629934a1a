"""What the progress page computes from stored attempts (chinchon.views.progress): streak,
misses, calendar, per-theme figures and the rating history. The choice of the next puzzle is
tests/unit/test_puzzles_service.py's."""

from __future__ import annotations

import datetime

from chinchon.store.rows.attempts import Recorded
from chinchon.views.progress import (
    calendar,
    daily_done,
    latest_change,
    misses,
    rating_history,
    streak,
    theme_stats,
)

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



def test_the_latest_change_is_the_newest_rated_attempt_of_the_rules() -> None:
    attempts = [made("a", True, before=1500, after=1600),
                made("b", False, before=1600, after=1550),
                made("c", True, first=False, before=None, after=None),
                made("d", True, rules="fournier", before=1500, after=1580)]
    assert latest_change(attempts, "barajamos") == -50
    assert latest_change(attempts, "fournier") == 80
    assert latest_change(attempts, "tute") is None
