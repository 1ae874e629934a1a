"""The bots' ladder: Glicko-2 ratings of the levels, computed from the lines of their matches.

A *match line* is one game: ``{"rules", "seed", "seats", "totals", "winner"}``. A game counts
*pairwise by its outcome*: between two seats, the winner beats the other; when neither won,
the lower final total wins and equal totals are a draw (:func:`pairwise`). Two seats of the same
level do not play each other.

The ratings (:func:`rate`): the bots do not learn, so every game is in one rating period, and
Glicko-2's update for that period is solved to its fixed point rather than taken once: each
level's rating is where its results balance Glicko-2's expected scores against the others'
ratings (with a newcomer's 1500 ± 350 as the prior, which keeps a level that won every game
finite), its deviation Glicko-2's from the information of those games; all levels at once, by
Newton's method. The levels' deviations are small (about 30), so the fit takes Glicko-2's
``g`` of an opponent as 1 (it is above 0.99 there). Taken as one period per deal instead, one
update each, the early deals, rated against opponents all still at 1500, squeezed the scale:
the ratings expected 67% where the stronger level won 82%. Then the whole scale is shifted so
that :data:`ANCHOR` (greedy) is 1500: Glicko-2's expected score depends only on differences, so
the shift changes no prediction. ``python -m benchmarks.ladder`` plays the matches and writes
:data:`LINES_PATH` and :data:`LADDER_PATH`; :func:`load` reads the latter.

>>> lines = [{"seed": 1, "seats": ["greedy", "random"], "totals": [40, 101], "winner": 0},
...          {"seed": 1, "seats": ["random", "greedy"], "totals": [104, 12], "winner": 1}]
>>> ladder = rate(lines)
>>> ladder["greedy"].rating.rating, ladder["greedy"].games, ladder["random"].rating.rating < 1500
(1500.0, 2, True)
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chinchon.engine.errors import quote
from chinchon.ratings.glicko2 import DEFAULT_RATING, DEFAULT_RD, SCALE, Rating

#: Newton's method stops once no rating moves more than this (on Glicko-2's scale: about a
#: five-thousandth of a displayed point), or after this many steps.
EPSILON, MAX_STEPS = 1e-6, 100

#: The level pinned at 1500, the newcomer's rating: a learner's first suggestion.
ANCHOR = "greedy"
DATA = Path(__file__).resolve().parent.parent / "data"
#: The ratings of the levels, as :func:`dump` writes them.
LADDER_PATH = DATA / "ladder.json"
#: The match lines the ratings are computed from, one JSON object a line.
LINES_PATH = DATA / "ladder-games.jsonl"


class LadderError(ValueError):
    """A match line or ladder file that cannot be read (quoted)."""


@dataclass(frozen=True)
class Level:
    """A level on the ladder: its rating and the games it was rated on."""

    name: str
    rating: Rating
    games: int


def pairwise(totals: Sequence[int], winner: int | None, seat: int, other: int) -> float:
    """``seat``'s score against ``other`` in a finished game: 1 a win, 0 a loss, ½ a draw.

    >>> pairwise([30, 101, 60], 0, 0, 1), pairwise([30, 101, 60], 0, 1, 2)
    (1.0, 0.0)
    >>> pairwise([80, 80], None, 0, 1)
    0.5
    """
    if winner == seat:
        return 1.0
    if winner == other:
        return 0.0
    mine, theirs = totals[seat], totals[other]
    return 1.0 if mine < theirs else 0.0 if mine > theirs else 0.5


def results(line: Mapping[str, Any]) -> list[tuple[str, str, float]]:
    """Every pair of seats of two different levels in one match line: ``(level, opponent,
    score)``, once from each side."""
    try:
        seats, totals, winner = list(line["seats"]), list(line["totals"]), line["winner"]
        int(line["seed"])
    except (KeyError, TypeError, ValueError) as error:
        raise LadderError(f"not a match line ({error}): {quote(line)}") from None
    if len(seats) != len(totals) or not (winner is None or 0 <= winner < len(seats)):
        raise LadderError(f"not a match line (seats, totals and winner disagree): {quote(line)}")
    return [(seats[i], seats[j], pairwise(totals, winner, i, j))
            for i in range(len(seats)) for j in range(len(seats)) if seats[i] != seats[j]]


def rate(lines: Iterable[Mapping[str, Any]], anchor: str = ANCHOR) -> dict[str, Level]:
    """The ladder from match lines: Glicko-2's model with every game in one rating period,
    solved to its fixed point, then shifted so that ``anchor`` is 1500 (see the module's text)."""
    found = [result for line in lines for result in results(line)]
    names = sorted({name for name, _, _ in found})
    if anchor not in names:
        raise LadderError(f"the anchor {quote(anchor)} played no game in these lines")
    index = {name: i for i, name in enumerate(names)}
    games = [(index[name], index[opponent], score) for name, opponent, score in found]
    mu, information = _fit(len(names), games)
    counts = Counter(name for name, _, _ in found)
    shift = 1500.0 - (DEFAULT_RATING + SCALE * mu[index[anchor]])
    levels = {name: Level(name, Rating(DEFAULT_RATING + SCALE * mu[i] + shift,
                                       SCALE * information[i] ** -0.5), counts[name])
              for name, i in index.items()}
    return dict(sorted(levels.items(), key=lambda item: item[1].rating.rating))


def _fit(size: int, games: Sequence[tuple[int, int, float]]) -> tuple[list[float], list[float]]:
    """Glicko-2's scale: the ratings where every level's results balance its expected scores
    ``1 / (1 + exp(-(mu_i - mu_j)))`` and a newcomer's prior (0 ± 350/SCALE), all levels at once
    by Newton's method (the log-likelihood is concave, so it converges in a few steps); and per
    level the information there (Glicko-2's ``1 / v`` plus the prior's share)."""
    prior = (DEFAULT_RD / SCALE) ** -2
    mu = [0.0] * size
    for _ in range(MAX_STEPS):
        slope = [-prior * m for m in mu]
        hessian = [[prior if i == j else 0.0 for j in range(size)] for i in range(size)]
        for i, j, score in games:  # each pair appears once from each side
            e = 1.0 / (1.0 + math.exp(-(mu[i] - mu[j])))
            slope[i] += score - e
            hessian[i][i] += e * (1.0 - e)
            hessian[i][j] -= e * (1.0 - e)
        step = _solve(hessian, slope)
        mu = [m + d for m, d in zip(mu, step, strict=True)]
        if max(map(abs, step)) < EPSILON:
            break
    return mu, [hessian[i][i] for i in range(size)]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` by Gaussian elimination (a few levels: no library needed)."""
    size = len(vector)
    rows = [row[:] + [value] for row, value in zip(matrix, vector, strict=True)]
    for k in range(size):
        pivot = max(range(k, size), key=lambda r: abs(rows[r][k]))
        rows[k], rows[pivot] = rows[pivot], rows[k]
        for r in range(k + 1, size):
            factor = rows[r][k] / rows[k][k]
            rows[r] = [a - factor * b for a, b in zip(rows[r], rows[k], strict=True)]
    found = [0.0] * size
    for k in reversed(range(size)):
        found[k] = (rows[k][size] - sum(rows[k][j] * found[j] for j in range(k + 1, size))
                    ) / rows[k][k]
    return found


def read_lines(path: Path = LINES_PATH) -> list[dict[str, Any]]:
    """The match lines of ``path`` (none when it does not exist yet)."""
    if not path.exists():
        return []
    return [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines() if text]


def dump(ladder: Mapping[str, Level], about: Mapping[str, Any]) -> str:
    """The ladder file's text: ``about`` (how it was made) and per level its rating, deviation,
    volatility and games, weakest first, rounded as the page shows them."""
    levels = {level.name: {"rating": round(level.rating.rating, 1),
                           "rd": round(level.rating.rd, 1),
                           "volatility": round(level.rating.volatility, 6),
                           "games": level.games} for level in ladder.values()}
    return json.dumps({"about": dict(about), "levels": levels}, indent=1) + "\n"


def load(path: Path = LADDER_PATH) -> dict[str, Level]:
    """The shipped ladder, weakest first (empty when the file is missing)."""
    if not path.exists():
        return {}
    try:
        found = json.loads(path.read_text(encoding="utf-8"))["levels"]
        return {name: Level(name, Rating(v["rating"], v["rd"], v["volatility"]), v["games"])
                for name, v in found.items()}
    except (KeyError, TypeError, ValueError) as error:
        raise LadderError(f"not a ladder file: {quote(str(path))} ({error})") from None


def nearest(rating: float, ladder: Mapping[str, Level], offered: Sequence[str]) -> str | None:
    """The level of ``offered`` rated nearest ``rating`` (the weaker one on a tie); None when
    the ladder rates none of them.

    >>> ladder = {n: Level(n, Rating(r, 50), 10) for n, r in [("a", 1200), ("b", 1500)]}
    >>> nearest(1340, ladder, ["a", "b"]), nearest(1350, ladder, ["a", "b"])
    ('a', 'a')
    >>> nearest(1351, ladder, ["b", "c"])
    'b'
    """
    rated = [ladder[name] for name in offered if name in ladder]
    if not rated:
        return None
    return min(rated, key=lambda level: (abs(level.rating.rating - rating),
                                         level.rating.rating)).name
