"""A class's dashboard, computed from the rows
:meth:`~chinchon.store.classes.Classes.dashboard_data` reads (no database here): per student,
each assignment's progress, the rating and its change since he joined, when he was last seen
and the themes he misses; per assigned puzzle, the share of the class right at the first try
and the card most thrown instead.

The first try at a puzzle is the earliest attempt the class can see (made since joining);
right means right without a hint. A game counts for a games assignment when it is one of the
Play page's games that count in the learner's progress (played here by him, finished, never face
up), under the class's rules (its profile with the same options, or its house code), finished
after the assignment was set, against that bot level.
"""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from chinchon import puzzles as pz
from chinchon.engine.rules import OPTION_NAMES, get_rules, parse_house
from chinchon.store.rows.classes import Assignment, ClassAttempt, ClassData, ClassGame, Member

#: How many missed themes a student's row names.
THEMES_SHOWN = 3


@dataclass(frozen=True)
class Progress:
    """One student's progress on one assignment: ``done`` of ``total`` (puzzles answered,
    games played, or the tour 0/1), with the puzzles right at the first try and those whose
    first try took a hint."""

    assignment_id: str
    done: int
    total: int
    first_right: int = 0
    with_hint: int = 0

    @property
    def complete(self) -> bool:
        return self.done >= self.total


@dataclass(frozen=True)
class StudentRow:
    learner_id: str
    nickname: str
    progress: tuple[Progress, ...]
    rating: float | None
    change: float | None
    last_seen: datetime.datetime
    missed_themes: tuple[str, ...]


@dataclass(frozen=True)
class PuzzleStat:
    """An assigned puzzle across the class: students who tried it, those right at the first
    try, and the wrong card thrown most often (with how many times)."""

    assignment_id: str
    puzzle_id: str
    tried: int
    right: int
    wrong_card: str | None
    wrong_count: int

    @property
    def share_right(self) -> float | None:
        return self.right / self.tried if self.tried else None


@dataclass(frozen=True)
class Dashboard:
    students: tuple[StudentRow, ...]
    puzzles: tuple[PuzzleStat, ...]


def assigned_puzzle(work: Assignment, puzzle_id: str) -> pz.Puzzle | None:
    """A puzzle of ``work``: the shipped one, or the game's position it was made from (under
    its own id); None when it can no longer be read."""
    values = work.positions.get(puzzle_id)
    if values is None:
        return pz.shipped().get(puzzle_id)
    try:
        return replace(pz.linked_position(values), id=puzzle_id)
    except pz.PuzzleError:
        return None


def _first_tries(attempts: Sequence[ClassAttempt]) -> dict[str, ClassAttempt]:
    first: dict[str, ClassAttempt] = {}
    for attempt in sorted(attempts, key=lambda a: (a.created_at, a.id)):
        first.setdefault(attempt.puzzle_id, attempt)
    return first


def played_under(game: ClassGame, rules: str) -> bool:
    """Whether ``game`` was played under the class's ``rules`` (a profile id or a house
    code): its setup's rules and deck options make the same rules at that table. A plain
    profile and a house code of it are not the same rules, nor one deck and two by choice."""
    try:
        options = {k: int(v) for k, v in game.setup.items() if k in OPTION_NAMES}
        played = get_rules(game.setup.get("rules", game.rules_id), **options)
        wanted = parse_house(rules)
        # The rules themselves: a code leaves the number of decks out.
        return (played.at_table(game.seats, check=False)
                == wanted.at_table(game.seats, check=False))
    except ValueError:  # a setup no rules can be made of counts for nothing
        return False


def _counts_for(game: ClassGame, assignment: Assignment, rules: str) -> bool:
    bots = game.setup.get("seats", "").split(",") if game.origin != "table" else []
    return (game.counts and game.updated_at >= assignment.created_at
            and assignment.bot in bots and played_under(game, rules))


def progress(assignment: Assignment, data: ClassData, learner_id: str) -> Progress:
    """``learner_id``'s progress on ``assignment``."""
    if assignment.kind == "tour":
        return Progress(assignment.id, int((assignment.id, learner_id) in data.tours_done), 1)
    if assignment.kind == "games":
        played = sum(_counts_for(g, assignment, data.info.rules)
                     for g in data.games.get(learner_id, ()))
        return Progress(assignment.id, min(played, assignment.games or 0), assignment.games or 0)
    first = _first_tries(data.attempts.get(learner_id, ()))
    tries = [first[p] for p in assignment.puzzles if p in first]
    return Progress(assignment.id, len(tries), len(assignment.puzzles),
                    sum(a.clean for a in tries), sum(a.hint for a in tries))


def _rating(data: ClassData, member: Member) -> tuple[float | None, float | None]:
    info = data.ratings.get(member.learner_id, {}).get(data.info.rules_id)
    if info is None:
        return None, None
    rating = info.rating.rating
    before = next((a.learner_before for a in data.attempts.get(member.learner_id, ())
                   if a.rules_id == data.info.rules_id and a.learner_before is not None), None)
    return rating, (rating - before if before is not None else None)


def _missed_themes(attempts: Sequence[ClassAttempt], themes: Mapping[str, Sequence[str]]
                   ) -> tuple[str, ...]:
    missed = Counter(theme for attempt in _first_tries(attempts).values() if not attempt.clean
                     for theme in themes.get(attempt.puzzle_id, ()))
    ranked = sorted(missed.items(), key=lambda item: (-item[1], item[0]))
    return tuple(theme for theme, _ in ranked[:THEMES_SHOWN])


def student_row(data: ClassData, member: Member, themes: Mapping[str, Sequence[str]]
                ) -> StudentRow:
    attempts = data.attempts.get(member.learner_id, [])
    seen = [member.joined_at, *(a.created_at for a in attempts),
            *(g.updated_at for g in data.games.get(member.learner_id, ()))]
    rating, change = _rating(data, member)
    return StudentRow(member.learner_id, member.nickname,
                      tuple(progress(a, data, member.learner_id) for a in data.assignments),
                      rating, change, max(seen), _missed_themes(attempts, themes))


def most_thrown(wrong: Counter[str]) -> tuple[str | None, int]:
    """The card thrown most often and how many times; a tie goes to the first card in code
    order, so the figure is stable.

    >>> most_thrown(Counter({"7o": 2, "3c": 2, "1e": 1})), most_thrown(Counter())
    (('3c', 2), (None, 0))
    """
    return min(wrong.items(), key=lambda item: (-item[1], item[0]), default=(None, 0))


def puzzle_stats(data: ClassData) -> tuple[PuzzleStat, ...]:
    """Every puzzle of every puzzle assignment, in the assignment's order."""
    firsts = {m.learner_id: _first_tries(data.attempts.get(m.learner_id, ()))
              for m in data.members}
    stats = []
    for assignment in data.assignments:
        for puzzle_id in assignment.puzzles if assignment.kind == "puzzles" else ():
            tries = [f[puzzle_id] for f in firsts.values() if puzzle_id in f]
            wrong = Counter(a.answer for m in data.members
                            for a in data.attempts.get(m.learner_id, ())
                            if a.puzzle_id == puzzle_id and not a.correct and a.answer)
            card, count = most_thrown(wrong)
            stats.append(PuzzleStat(assignment.id, puzzle_id, len(tries),
                                    sum(a.clean for a in tries), card, count))
    return tuple(stats)


def dashboard(data: ClassData, themes: Mapping[str, Sequence[str]]) -> Dashboard:
    """The whole dashboard; ``themes`` maps a puzzle id to its themes (for the misses)."""
    return Dashboard(tuple(student_row(data, m, themes) for m in data.members),
                     puzzle_stats(data))
