"""Close now or wait for −10 or a chinchón: the expert's decision, computed from his view.

When he may close, the expert weighs two futures on the score sheet, in points (what the others
add to their totals minus what he adds, per opponent, plus :data:`ELIMINATION_POINTS` for each
opponent the hand is likely to put out). A hand that puts him out counts only as the game's
end: minus :data:`ELIMINATION_POINTS` per opponent (he loses to them all), unless the close
puts them all out with him, which the profile's rule for everybody out makes a win (the lowest
total: the closer's) or a draw (worth nothing: he plays to win):

- **close now**: his score (the table's best close) against each opponent's expected loose
  points at this stage of the hand (:func:`opponent_points`), each opponent's chance of going
  over the limit with them (:func:`over_limit_chance`), and his own total;
- **wait** (throw a card that keeps a close, up to :data:`HORIZON` rounds): every opponent may
  close first on his next turn (:func:`opponent_close_chance`: more likely as the hand goes on
  and the more cards he took from the pile), which makes him pay his loose points; else his
  next draw melds all seven (−10, or a chinchón with what the profile gives it), or lowers
  the score he may close with (which can keep him under the limit), each counted exactly over
  the unseen cards, or he closes (or waits again) as before, while the others' points shrink.

The opponent model (:func:`opponent_close_chance`, :func:`opponent_points`) is fitted to bot
games (``python -m benchmarks.opponent_model`` prints the measurements). It is a model of
what the others do, not knowledge: the view never shows their cards.

>>> round(opponent_points(0), 1), round(opponent_points(8), 1)
(30.0, 9.3)
>>> opponent_close_chance(0, 0) < opponent_close_chance(6, 0) < opponent_close_chance(6, 2)
True
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from chinchon.engine.cards import Card
from chinchon.engine.draws import best_of_eight
from chinchon.engine.memo import ProfileMemo, multiset_key
from chinchon.engine.rules import ChinchonEffect, EverybodyOut, Rules
from chinchon.engine.solver import Outcome, analyze_discards, fewest_loose_points
from chinchon.game.actions import PILE
from chinchon.game.seat_view import View

#: What putting one player out of the game is worth, in points of one hand.
ELIMINATION_POINTS = 50
#: How many rounds ahead waiting is counted (then he closes).
HORIZON = 3
#: What an opponent who closes scores on average (a few loose points, now and then −10).
CLOSER_POINTS = 1.0
#: An opponent's chance to close on his turn, per round of the hand played and per card he took
#: from the pile and still holds (fitted to expert and greedy games, all four profiles).
CLOSE_BASE, CLOSE_PER_ROUND, CLOSE_PER_TAKEN, CLOSE_CAP = 0.01, 0.022, 0.5, 0.35
#: While he waits, each opponent's chance to close first is the fitted chance times
#: ``WAIT_RISK`` (at most ``WAIT_RISK_CAP``): a calibration, not a fit. Playing both futures
#: out from every closable position of bot games (``python -m benchmarks.wait_rollouts``),
#: waiting lost 2–4 points a hand on average in every profile, and with the fitted chance
#: alone he waited where it lost too; at five times it he waits almost only where closing
#: would end his game. Why the fit underestimates the cost of waiting is not established.
WAIT_RISK, WAIT_RISK_CAP = 5.0, 0.7
#: An opponent's loose points after ``r`` rounds: ``POINTS_FLOOR + POINTS_START * POINTS_DECAY**r``.
POINTS_FLOOR, POINTS_START, POINTS_DECAY = 4.0, 26.0, 0.82


def opponent_close_chance(rounds: int, taken: int) -> float:
    """The chance that an opponent closes on his next turn, after ``rounds`` rounds of the hand,
    holding ``taken`` cards he took from the pile."""
    chance = (CLOSE_BASE + CLOSE_PER_ROUND * rounds) * (1 + CLOSE_PER_TAKEN * taken)
    return min(CLOSE_CAP, chance)


def opponent_points(rounds: int) -> float:
    """An opponent's expected loose points after ``rounds`` rounds (what he pays if the hand
    ends then)."""
    return POINTS_FLOOR + POINTS_START * POINTS_DECAY ** rounds


def over_limit_chance(total: int, points: float, limit: int) -> float:
    """The chance that a player at ``total`` goes over ``limit`` by adding loose points of mean
    ``points`` (taken as exponentially spread: many low hands, a few dear ones).

    >>> over_limit_chance(95, 10.0, 100) > over_limit_chance(50, 10.0, 100)
    True
    """
    room = limit - total
    if room < 0:
        return 1.0
    return math.exp(-room / points) if points > 0 else 0.0


@dataclass(frozen=True)
class Draws:
    """What the next draw does for seven kept cards that may close: how many of the unseen
    cards (copies counted) meld all seven, how many of those make a chinchón, the best score of
    a close of all seven melded (the −10 of the profile, or its run of jokers), and for the
    other draws the best close score they leave (never worse than the kept hand's own).

    >>> from chinchon.engine.cards import parse_hand
    >>> from chinchon.engine.draws import unseen_cards
    >>> from chinchon.engine.rules import get_rules
    >>> rules, kept = get_rules("fournier"), parse_hand("1o 2o 3o 5c 5e 5b 4c")
    >>> draws = count_draws(kept, unseen_cards(rules, kept), rules, score=4)
    >>> draws.cards, draws.melded, sorted(draws.scores.items())
    (33, 2, [(1, 3), (2, 3), (3, 3), (4, 22)])
    """

    cards: int
    melded: int
    chinchons: int
    melded_score: int
    #: Close score → how many draws (not melding all seven) leave it.
    scores: Mapping[int, int] = field(default_factory=dict)

    @property
    def melded_chance(self) -> float:
        return (self.melded - self.chinchons) / self.cards if self.cards else 0.0

    @property
    def chinchon_chance(self) -> float:
        return self.chinchons / self.cards if self.cards else 0.0


def count_draws(kept: Sequence[Card], unseen: Counter[Card], rules: Rules,
                score: int | None = None) -> Draws:
    """:class:`Draws` of ``kept`` over ``unseen`` (exact; a normal turn's close); ``score`` is
    the kept hand's close score (its loose points when None)."""
    cards = melded = chinchons = 0
    best = rules.minus_ten
    mine = fewest_loose_points(kept, rules) if score is None else score
    scores: Counter[int] = Counter()
    for card, copies in unseen.items():
        cards += copies
        loose, closes = best_of_eight((*kept, card), rules)
        if loose:
            scores[min(mine, loose) if closes else mine] += copies
            continue
        melded += copies
        chinchon, value = _melded_close((*kept, card), rules)
        if chinchon:
            chinchons += copies
        elif value is not None:
            best = min(best, value)
    return Draws(cards, melded, chinchons, best, dict(scores))


_MELDED: ProfileMemo[int, tuple[bool, int | None]] = ProfileMemo(most=50_000)


def _melded_close(hand: tuple[Card, ...], rules: Rules) -> tuple[bool, int | None]:
    """Whether eight cards that meld all seven close with a chinchón, and their best score."""
    def solve() -> tuple[bool, int | None]:
        discards = analyze_discards(tuple(sorted(hand)), rules)
        row = discards.rows[discards.best_index]
        return row.outcome is Outcome.CHINCHON, row.score

    return _MELDED.recall(rules, multiset_key(hand), solve)


@dataclass(frozen=True)
class Decision:
    """Close now or wait: both values (points, higher is better for him) and, when waiting is
    worth more, the card to throw without closing."""

    close_now: float
    wait: float
    keep: Card | None

    @property
    def waits(self) -> bool:
        return self.keep is not None and self.wait > self.close_now


@dataclass(frozen=True)
class _Sheet:
    """The score sheet as the decision sees it: his total, the opponents' totals and what they
    may be holding, round by round."""

    rules: Rules
    total: int
    opponents: tuple[tuple[int, int], ...]  # (total, cards taken from the pile) per opponent
    rounds: int

    def points(self, later: int) -> float:
        return opponent_points(self.rounds + later)

    def closes_first(self, later: int) -> float:
        """Some opponent closes before his next turn, ``later`` rounds from now."""
        stays = 1.0
        for _, taken in self.opponents:
            chance = WAIT_RISK * opponent_close_chance(self.rounds + later, taken)
            stays *= 1 - min(WAIT_RISK_CAP, chance)
        return 1 - stays

    def goes_out(self, score: float) -> bool:
        """Adding ``score`` puts him out (a return, where there are some, still costs a
        stake and the others' highest total, so it is counted as losing)."""
        return self.total + score > self.rules.limit

    def value(self, score: float, later: int, others_add: float = 0.0) -> float:
        """He closes scoring ``score`` and every opponent pays his loose points (plus
        ``others_add``)."""
        limit, points = self.rules.limit, self.points(later) + others_add
        outs = [over_limit_chance(total, points, limit) for total, _ in self.opponents]
        if self.goes_out(score):
            return ELIMINATION_POINTS * self.going_out(outs)
        worth = sum(points - score for _ in self.opponents)
        return worth + ELIMINATION_POINTS * sum(outs)

    def going_out(self, outs: Sequence[float]) -> float:
        """A close that puts him out, in opponents beaten (lost to, negative; the hand's
        points no longer count): he loses to them all unless they all go out with him, and
        then the profile's rule for everybody out decides: the lowest total wins (the
        closer's, after a close worth a few points), or the game is a draw, which wins
        nothing."""
        count = len(outs)
        if self.rules.everybody_out is EverybodyOut.DRAW:
            return -count
        everyone = math.prod(outs)
        return count * everyone - count * (1 - everyone)

    def caught(self, loose: int, later: int) -> float:
        """An opponent closes first: he pays ``loose``, the closer about :data:`CLOSER_POINTS`."""
        count = len(self.opponents)
        if self.goes_out(loose):
            return -ELIMINATION_POINTS * count
        points = self.points(later)
        worth = (count - 1) * (points - loose) + (CLOSER_POINTS - loose)
        limit = self.rules.limit
        outs = sum(over_limit_chance(total, points, limit) for total, _ in self.opponents)
        outs *= (count - 1) / count
        return worth + ELIMINATION_POINTS * outs

    def chinchon(self, later: int) -> float:
        effect = self.rules.chinchon_effect
        if effect is ChinchonEffect.WINS_GAME:
            return ELIMINATION_POINTS * len(self.opponents) * 2
        if effect is ChinchonEffect.OTHERS_PLUS_100:
            return self.value(0, later, others_add=100)
        if effect is ChinchonEffect.MINUS_25:
            return self.value(-25, later)
        return self.value(self.rules.minus_ten, later)


def wait_value(sheet: _Sheet, score: int, loose: int, draws: Draws) -> float:
    """What keeping a closing hand (close score ``score``, ``loose`` points) and waiting is
    worth, counted back from :data:`HORIZON` rounds ahead."""
    then = sheet.value(score, HORIZON)
    for later in range(HORIZON, 0, -1):
        drawn = (draws.chinchon_chance * sheet.chinchon(later)
                 + draws.melded_chance * sheet.value(draws.melded_score, later))
        for after, copies in draws.scores.items():
            # A lower close score may be taken at once; waiting on is valued as from this hand.
            drawn += copies / draws.cards * max(sheet.value(after, later), then)
        first = sheet.closes_first(later - 1)
        then = first * sheet.caught(loose, later) + (1 - first) * drawn
    return then


def decide(view: View, unseen: Counter[Card] | None = None) -> Decision:
    """Close now or wait, in his DISCARD phase when he may close (see the module docstring)."""
    discards = view.discards
    if discards is None:
        raise ValueError("close or wait is decided in one's own DISCARD phase")
    best = discards.rows[discards.best_index]
    players = len(view.in_game)
    sheet = _Sheet(view.rules, view.total,
                   tuple((view.totals[seat], len(view.known[seat])) for seat in view.in_game
                         if seat != view.seat), view.turns // max(1, players))
    if best.outcome is Outcome.CHINCHON or best.score is None or not sheet.opponents:
        return Decision(math.inf, -math.inf, None)
    now = sheet.value(best.score, 0)
    unseen = view.unseen() if unseen is None else unseen
    keep: Card | None = None
    wait = -math.inf
    done: set[Card] = set()
    for card, row in zip(discards.hand, discards.rows, strict=True):
        if card in done or not row.can_close or row.score is None or (
                view.drew_from == PILE and card == view.drawn):
            continue
        done.add(card)
        worth = wait_value(sheet, row.score, row.loose_points,
                           count_draws(row.hand, unseen, view.rules, row.score))
        if worth > wait:
            wait, keep = worth, card
    return Decision(now, wait, keep)
