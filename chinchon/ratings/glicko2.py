"""Glicko-2 ratings, from Mark Glickman's "Example of the Glicko-2 system" (2013).

A rating is a value, a deviation (how unsure the value is) and a volatility (how erratic the
player is). :func:`update` applies one rating period's results; the store calls it after every
first attempt at a puzzle, the learner and the puzzle each rated against the other, as lichess
does. Pure functions, no database.

The paper's worked example: a 1500 player (deviation 200) beats a 1400 (30), loses to a 1550
(100) and to a 1700 (300).

>>> new = update(Rating(1500, 200, 0.06),
...              [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
>>> round(new.rating, 2), round(new.rd, 2), round(new.volatility, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Glicko-2's scale factor between the displayed ratings and its internal scale.
SCALE = 173.7178
#: The system constant: how much the volatility may change in one period (the paper: 0.3–1.2).
TAU = 0.5
#: Convergence tolerance of the volatility iteration (the paper's epsilon).
EPSILON = 0.000001
DEFAULT_RATING, DEFAULT_RD, DEFAULT_VOLATILITY = 1500.0, 350.0, 0.06
#: Above this deviation a rating is provisional (lichess's threshold): about the first dozen
#: rated puzzles of a newcomer.
PROVISIONAL_RD = 110.0


class RatingError(ValueError):
    """A rating that cannot be (a deviation or volatility not above zero, a score not 0–1)."""


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the displayed scale (1500 for a newcomer)."""

    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY

    def __post_init__(self) -> None:
        if not (self.rd > 0 and self.volatility > 0 and math.isfinite(self.rating)):
            raise RatingError(f"not a rating: {self.rating!r}, {self.rd!r}, {self.volatility!r}")

    @property
    def provisional(self) -> bool:
        """Whether the value is still too unsure to be taken at its word.

        >>> Rating().provisional, Rating(1500, 90).provisional
        (True, False)
        """
        return self.rd > PROVISIONAL_RD


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance ``player`` beats ``opponent`` (Glicko-2's E).

    >>> round(expected_score(Rating(1500, 200), Rating(1400, 30)), 3)
    0.639
    """
    return _expected((player.rating - DEFAULT_RATING) / SCALE,
                     (opponent.rating - DEFAULT_RATING) / SCALE, opponent.rd / SCALE)


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the Illinois algorithm on f(x) = 0, with x = ln(sigma'^2)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex)
                / (2.0 * (phi * phi + v + ex) ** 2)) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player`` after one rating period: ``results`` pairs each opponent (as rated before the
    period) with the score, 1 a win, 0 a loss, 0.5 a draw. No results: only the deviation
    grows (step 6 alone)."""
    for _, score in results:
        if not 0.0 <= score <= 1.0:
            raise RatingError(f"a score is between 0 and 1, not {score!r}")
    mu, phi, sigma = (player.rating - DEFAULT_RATING) / SCALE, player.rd / SCALE, player.volatility
    if not results:
        return Rating(player.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    games = [((o.rating - DEFAULT_RATING) / SCALE, o.rd / SCALE, s) for o, s in results]
    v = 1.0 / sum(_g(phi_j) ** 2 * (e := _expected(mu, mu_j, phi_j)) * (1.0 - e)
                  for mu_j, phi_j, _ in games)
    improvement = sum(_g(phi_j) * (s - _expected(mu, mu_j, phi_j)) for mu_j, phi_j, s in games)
    sigma_new = _new_volatility(phi, sigma, v * improvement, v, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return Rating(SCALE * mu_new + DEFAULT_RATING, SCALE * phi_new, sigma_new)


def idle(player: Rating, periods: float, max_rd: float = DEFAULT_RD) -> Rating:
    """``player`` after ``periods`` rating periods without a game: the deviation grows as in
    step 6 (``phi^2 + periods * sigma^2``), never above ``max_rd``.

    >>> idle(Rating(1500, 200, 0.06), 1) == update(Rating(1500, 200, 0.06), [])
    True
    >>> idle(Rating(1500, 340, 0.06), 1000).rd
    350.0
    """
    if periods < 0:
        raise RatingError(f"periods cannot be negative: {periods!r}")
    phi, sigma = player.rd / SCALE, player.volatility
    rd = SCALE * math.sqrt(phi * phi + periods * sigma * sigma)
    return Rating(player.rating, min(rd, max(max_rd, player.rd)), sigma)


def duel(player: Rating, opponent: Rating, score: float, tau: float = TAU
         ) -> tuple[Rating, Rating]:
    """Both sides after one game in which ``player`` scored ``score`` (a learner against a
    puzzle: 1 solved, 0 failed); each is rated against the other's rating before the game."""
    return update(player, [(opponent, score)], tau), update(opponent, [(player, 1.0 - score)], tau)


def performance(opponents: Sequence[float], score: float) -> float:
    """A performance rating: the opponents' mean rating plus 400 × (wins − losses) / games
    (the classic linear estimate); ``score`` is the number of wins.

    >>> performance([1400, 1600], 1.0)
    1500.0
    """
    if not opponents:
        raise RatingError("a performance needs at least one game")
    games = len(opponents)
    return sum(opponents) / games + 400.0 * (2.0 * score - games) / games
