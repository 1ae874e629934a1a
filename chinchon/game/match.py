"""Duplicate matches between bots, in parallel processes, with honest statistics.

A *duplicate set* is one deal (one seed) played once per rotation of the bots over the seats:
with bots ``A, B`` on three seats, ``A B A`` then ``B A B``; so each seat's cards are played by
every bot and the luck of the deal cancels. Sets are independent, so the 95% intervals are taken
over sets (normal approximation: mean ± 1.96 standard errors).

Per bot: the mean hand score (what a hand added to one of his seats, lower is better) and the
win rate (games won by one of his seats). The *difference* of a bot against the first bot is his
mean hand score minus the first bot's, per set: positive means the first bot keeps fewer points.

>>> from chinchon.engine.rules import get_rules
>>> result = run_match(get_rules("fournier"), ["greedy", "random"], 2, seed=1)
>>> len(result.games), result.games[0].seats, result.games[1].seats
(2, ('greedy', 'random'), ('random', 'greedy'))
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from chinchon.engine.errors import quote
from chinchon.engine.rules import Rules, get_rules
from chinchon.game.names import DEFAULT_THINK_MS
from chinchon.game.players import play_game

Z95 = 1.96
#: The most games one match plays: every game's summary is kept for the statistics (about a
#: kilobyte each), so this bounds a match's memory near 100 MB.
MAX_GAMES = 100_000
#: The most worker processes a match starts (each is a whole Python process).
MAX_WORKERS = 64


@dataclass(frozen=True)
class GameSummary:
    """One game of a match: who sat where, and how it went."""

    seed: int
    seats: tuple[str, ...]
    hands: int
    totals: tuple[int, ...]
    winner: int | None
    #: ``scores[seat]``: every hand score of that seat, in order (hands he was in).
    scores: tuple[tuple[int, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "seats": list(self.seats), "hands": self.hands,
                "totals": list(self.totals), "winner": self.winner}


@dataclass(frozen=True)
class Interval:
    mean: float
    low: float
    high: float

    @staticmethod
    def of(values: Sequence[float]) -> Interval:
        mean = statistics.fmean(values) if values else 0.0
        if len(values) < 2:
            return Interval(mean, -math.inf, math.inf)
        half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
        return Interval(mean, mean - half, mean + half)

    @property
    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0

    def to_json(self) -> list[float]:
        return [round(self.low, 3), round(self.high, 3)]


@dataclass(frozen=True)
class BotStats:
    name: str
    games: int
    seat_hands: int
    mean_hand_score: float
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Difference:
    """Bot ``other`` against bot ``first``, per duplicate set."""

    first: str
    other: str
    #: ``other``'s mean hand score minus ``first``'s (positive: ``first`` keeps fewer points).
    hand_score: Interval
    #: ``first``'s win rate minus ``other``'s.
    win_rate: Interval


@dataclass(frozen=True)
class MatchResult:
    rules: Rules
    bots: tuple[str, ...]
    games: tuple[GameSummary, ...]

    @property
    def sets(self) -> list[list[GameSummary]]:
        size = len(self.bots)
        return [list(self.games[i:i + size]) for i in range(0, len(self.games), size)]

    def stats(self) -> list[BotStats]:
        found = []
        for name in self.bots:
            scores = [score for game in self.games for seat, bot in enumerate(game.seats)
                      if bot == name for score in game.scores[seat]]
            wins = sum(1 for game in self.games
                       if game.winner is not None and game.seats[game.winner] == name)
            found.append(BotStats(name, len(self.games), len(scores),
                                  statistics.fmean(scores) if scores else 0.0, wins))
        return found

    def differences(self) -> list[Difference]:
        first = self.bots[0]
        found = []
        for other in self.bots[1:]:
            scores, wins = [], []
            for games in self.sets:
                mine, theirs = _mean_score(games, first), _mean_score(games, other)
                if mine is not None and theirs is not None:
                    scores.append(theirs - mine)
                wins.append((_wins(games, first) - _wins(games, other)) / len(games))
            found.append(Difference(first, other, Interval.of(scores), Interval.of(wins)))
        return found

    def table(self) -> str:
        options = "".join(f" {k}={v}" for k, v in self.rules.options.items())
        seats = len(self.games[0].seats) if self.games else 0
        lines = [f"{self.rules.id}{options}: {len(self.games)} games on {len(self.sets)} "
                 f"duplicate deals, {seats} seats",
                 f"{'bot':<10}{'mean hand score':>17}{'win rate':>10}{'seat-hands':>12}"]
        lines += [f"{s.name:<10}{s.mean_hand_score:>17.2f}{s.win_rate:>10.1%}{s.seat_hands:>12}"
                  for s in self.stats()]
        for d in self.differences():
            verdict = "significant" if d.hand_score.excludes_zero else "not significant"
            lines.append(f"{d.first} vs {d.other}: {d.first} keeps {d.hand_score.mean:.2f} points "
                         f"a hand fewer, 95% CI [{d.hand_score.low:.2f}, {d.hand_score.high:.2f}]"
                         f" ({verdict}); win rate {d.win_rate.mean:+.1%}, 95% CI "
                         f"[{d.win_rate.low:+.1%}, {d.win_rate.high:+.1%}]")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {"summary": True, "rules": self.rules.id, "options": self.rules.options,
                "bots": list(self.bots), "games": len(self.games), "deals": len(self.sets),
                "stats": {s.name: {"mean_hand_score": round(s.mean_hand_score, 4),
                                   "win_rate": round(s.win_rate, 4), "wins": s.wins,
                                   "seat_hands": s.seat_hands} for s in self.stats()},
                "differences": [{"bots": [d.first, d.other],
                                 "mean_difference_per_hand": round(d.hand_score.mean, 4),
                                 "ci95": d.hand_score.to_json(),
                                 "win_rate_difference": round(d.win_rate.mean, 4),
                                 "win_ci95": d.win_rate.to_json()}
                                for d in self.differences()]}


def _mean_score(games: Sequence[GameSummary], name: str) -> float | None:
    scores = [score for game in games for seat, bot in enumerate(game.seats) if bot == name
              for score in game.scores[seat]]
    return statistics.fmean(scores) if scores else None


def _wins(games: Sequence[GameSummary], name: str) -> int:
    return sum(1 for game in games if game.winner is not None and game.seats[game.winner] == name)


def seatings(bots: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """Every rotation of ``bots`` over ``seats`` seats (bots repeat in order to fill them)."""
    count = len(bots)
    return [tuple(bots[(seat + shift) % count] for seat in range(seats))
            for shift in range(count)]


def play_set(task: tuple[str, dict[str, int], tuple[str, ...], int, int, int]
             ) -> list[GameSummary]:
    """One duplicate set: the deal ``seed`` once per seating (run in a worker process; the
    rules travel as their id and options)."""
    rules_id, options, bots, seats, seed, think_ms = task
    rules = get_rules(rules_id, **options)
    found = []
    for seating in seatings(bots, seats):
        final = play_game(rules, seating, seed, think_ms=think_ms)
        scores = tuple(tuple(score for result in final.results
                             if (score := result.scores[seat]) is not None)
                       for seat in range(seats))
        found.append(GameSummary(seed, seating, len(final.results), final.totals, final.winner,
                                 scores))
    return found


def run_match(rules: Rules, bots: Sequence[str], games: int, *, seed: int = 0,
              workers: int = 1, seats: int | None = None,
              progress: Callable[[int, int], None] | None = None,
              on_game: Callable[[GameSummary], None] | None = None,
              think_ms: int = DEFAULT_THINK_MS) -> MatchResult:
    """Play at least ``games`` games (whole duplicate sets) on deals ``seed``, ``seed + 1``, …;
    the result does not depend on ``workers``. ``think_ms`` is master's budget per decision."""
    bots = tuple(bots)
    check_games(games)
    check_games(workers, "workers", MAX_WORKERS)
    seats = seats or max(len(bots), rules.players[0])
    count = -(-games // len(bots))
    options = rules.profile_options()
    # House rules travel to the workers as their code.
    rules_id, options = (rules.id, options) if options is not None else (rules.code(), {})
    # Made one at a time as the workers ask for them, never all at once.
    tasks = ((rules_id, options, bots, seats, seed + k, think_ms) for k in range(count))
    played: list[GameSummary] = []
    total = count * len(bots)
    for found in _map(play_set, tasks, min(workers, count)):
        played += found
        for game in found:
            if on_game is not None:
                on_game(game)
        if progress is not None:
            progress(len(played), total)
    return MatchResult(rules, bots, tuple(played))


def check_games(games: int, name: str = "games", most: int = MAX_GAMES) -> None:
    """:class:`ValueError` naming ``name`` unless 1 <= ``games`` <= ``most``."""
    if not 1 <= games <= most:
        raise ValueError(f"{name} must be from 1 to {most:,}, not {quote(games)}")


def _map(work: Callable[[Any], list[GameSummary]], tasks: Iterable[Any], workers: int
         ) -> Iterator[list[GameSummary]]:
    if workers <= 1:
        yield from map(work, tasks)
        return
    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap(work, tasks, chunksize=1)


def stderr_progress(stream: TextIO = sys.stderr) -> Callable[[int, int], None]:
    """Progress as ``match: N/M games`` on standard error, about every 2%."""
    last = [-1]

    def show(done: int, total: int) -> None:
        step = max(1, total // 50)
        if done // step != last[0] or done == total:
            last[0] = done // step
            stream.write(f"\rmatch: {done}/{total} games")
            if done == total:
                stream.write("\n")
            stream.flush()

    return show
