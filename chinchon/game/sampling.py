"""The hidden cards of a view, sampled: the others' hands and the stock's order, consistent with
everything the seat knows, and weighted by how plausible each opponent's play was.

A :class:`Sample` gives every other seat still in his cards: the ones he took from the pile and
still holds (``view.known``, public), and the rest drawn from the cards the seat cannot see
(``view.unseen()``); what is left is the stock, in a random order. So a sample never holds a card
the seat has seen elsewhere (his own, the pile, another seat's pile takes) and each hand has the
size the table shows.

The opponent model (:func:`plausibility`) reads what each opponent threw last: right after that
discard he held his seven cards now plus the card thrown, and a player throws what fits his
hand least. A sample is weighted by ``exp(-LEAVE_BETA × (loose points left by that throw −
the fewest he could have left))`` per opponent, and by ``CLOSED_WEIGHT`` when those eight cards
would have let him close (a player that could close mostly does). Older throws are not read:
the cards he drew from the stock since are not known, so his hand at the time is not either.
A sample in which he holds the very card he threw last (it went back into a rebuilt stock) is
impossible: weight 0.

Uniform samples give an opponent seven cards at random: about 30 loose points at any stage of
the hand, where players really hold 28 after the deal and 14 after five rounds, so a player
sampled that way almost never closes (0.03 a turn where expert players close 0.13–0.26 of the
time). :func:`likely` corrects it: of ``PROPOSALS`` times as many uniform samples it keeps
``count``, in proportion, per opponent, to ``exp(-b × his loose points)``, the rate ``b`` set
so that his mean loose points are what a player holds after that many rounds
(:func:`chinchon.game.waiting.opponent_points`, fitted to bot games): of all the ways to
reweight the samples to that mean, the one that assumes least (maximum entropy).
Measured on 30 expert games (fournier, ``python -m benchmarks.opponent_model --samples``), the
chance that the next player closes on his turn, read from these samples, is within a few
points of how often he did.

>>> from chinchon.game.state import new_game
>>> from chinchon.game.seat_view import view
>>> from chinchon.engine.rules import get_rules
>>> seen = view(new_game(get_rules("fournier"), 2, seed=1), 0)
>>> found = sample(seen, random.Random(3))
>>> len(found.hands[1]), len(found.stock), found.hands[0] is None
(7, 25, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from chinchon.engine.cards import Card
from chinchon.engine.draws import discard_leaves
from chinchon.engine.solver import can_close, fewest_loose_points
from chinchon.game.seat_view import View
from chinchon.game.waiting import opponent_points

#: How sharply a throw that left more loose points than his best throw makes a sample less
#: likely, per point (0: every sample equally likely; greedy always throws his best).
LEAVE_BETA = 0.4
#: The weight of a sample in which an opponent could have closed with his last throw and did not.
CLOSED_WEIGHT = 0.15
#: :func:`likely` draws this many uniform samples for each one it keeps.
PROPOSALS = 4
#: The tilt's search: its largest rate per point, and the bisection's steps.
TILT_MAX, TILT_STEPS = 2.0, 12


@dataclass(frozen=True)
class Sample:
    """One guess at the hidden cards: ``hands[seat]`` for each other seat still in (None for
    the seat himself and for seats out), the stock top first, and the sample's weight."""

    hands: tuple[tuple[Card, ...] | None, ...]
    stock: tuple[Card, ...]
    weight: float = 1.0


def sample(view: View, rng: random.Random, unseen: Sequence[Card] | None = None) -> Sample:
    """The others' hands and the stock drawn uniformly from what ``view`` leaves possible (the
    weight is 1: see :func:`weighted`); ``unseen``, the view's unseen cards as a list, spares
    counting them again for each sample."""
    hidden = list(view.unseen().elements() if unseen is None else unseen)
    rng.shuffle(hidden)
    hands, at = _deal(view, hidden)
    return Sample(hands, tuple(hidden[at:at + view.stock_count]))


def _deal(view: View, hidden: Sequence[Card]) -> tuple[tuple[tuple[Card, ...] | None, ...], int]:
    """The others' hands: each his pile takes and then his share of ``hidden`` in seat order;
    and how many of ``hidden`` they hold."""
    hands: list[tuple[Card, ...] | None] = []
    at = 0
    for seat, count in enumerate(view.counts):
        if seat == view.seat or count is None:
            hands.append(None)
            continue
        known = view.known[seat]
        need = max(0, count - len(known))
        hands.append((*known, *hidden[at:at + need]))
        at += need
    return tuple(hands), at


def _hidden_count(view: View) -> int:
    """How many of the unseen cards the others hold."""
    return sum(max(0, count - len(view.known[seat])) for seat, count in enumerate(view.counts)
               if seat != view.seat and count is not None)


def last_throws(view: View) -> dict[int, tuple[int, Card]]:
    """Each other seat's last face-up throw of this hand: its place in ``view.thrown`` and the
    card."""
    found: dict[int, tuple[int, Card]] = {}
    for index, (seat, card) in enumerate(view.thrown):
        if seat != view.seat:
            found[seat] = (index, card)
    return found


def plausibility(view: View, found: Sample, throws: dict[int, tuple[int, Card]]) -> float:
    """How likely the opponents' last throws were had they held the sample's hands (module
    docstring)."""
    rules = view.rules
    weight = 1.0
    seats = len(view.in_game)
    for seat, (index, card) in throws.items():
        held = found.hands[seat]
        if held is None:
            continue
        if held.count(card) >= rules.deck.copies_of(card):
            return 0.0  # the card he threw went back into the stock: he cannot hold it again
        eight = (*held, card)
        leaves = discard_leaves(eight, rules)
        best = min(leaves)
        weight *= math.exp(-LEAVE_BETA * (leaves[-1] - best))
        if best <= rules.close_limit:
            first_round = index < seats and not rules.close_in_first_round
            kept = list(eight)
            del kept[leaves.index(best)]
            if can_close(kept, rules, first_round=first_round, total=view.totals[seat]):
                weight *= CLOSED_WEIGHT
    return weight


def weighted(view: View, rng: random.Random, count: int) -> list[Sample]:
    """``count`` samples, each weighted by :func:`plausibility`."""
    throws = last_throws(view)
    unseen = list(view.unseen().elements())
    found = []
    for _ in range(count):
        drawn = sample(view, rng, unseen)
        weight = plausibility(view, drawn, throws) if throws else 1.0
        found.append(Sample(drawn.hands, drawn.stock, weight))
    return found


def tilt(losses: Sequence[int], weights: Sequence[float], target: float) -> list[float]:
    """``weights`` times ``exp(-b × loss)``, with ``b ≥ 0`` chosen so that the weighted mean
    loss is ``target`` (the weights unchanged when it is already no more): the least committal
    reweighting with that mean (maximum entropy).

    >>> [round(w, 3) for w in tilt([0, 10], [1.0, 1.0], 2.5)]
    [1.0, 0.333]
    """
    low = min(losses)

    def tilted(b: float) -> list[float]:
        return [w * math.exp(-b * (loss - low)) for loss, w in zip(losses, weights, strict=True)]

    def mean(found: list[float]) -> float:
        total = sum(found)
        return sum(w * loss for w, loss in zip(found, losses, strict=True)) / total if total else 0.0

    if mean(list(weights)) <= target:
        return list(weights)
    lo, hi = 0.0, TILT_MAX
    for _ in range(TILT_STEPS):  # bisection: the mean falls as b grows
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if mean(tilted(mid)) > target else (lo, mid)
    return tilted(hi)


def likely(view: View, rng: random.Random, count: int) -> list[Sample]:
    """``count`` samples of equal weight, drawn from ``PROPOSALS`` × ``count`` uniform ones in
    proportion to :func:`plausibility` and to each opponent's loose points tilted to what
    players hold at this stage of a hand (module docstring). Only the hands are dealt for the
    proposals; the stock is shuffled for the samples kept."""
    rules = view.rules
    unseen = list(view.unseen().elements())
    held = _hidden_count(view)
    picks = [rng.sample(range(len(unseen)), held) for _ in range(PROPOSALS * count)]
    hands = [Sample(_deal(view, [unseen[i] for i in pick])[0], ()) for pick in picks]
    throws = last_throws(view)
    weights = [plausibility(view, found, throws) if throws else 1.0 for found in hands]
    target = opponent_points(view.turns // max(1, len(view.in_game)))
    for seat, cards in enumerate(hands[0].hands):
        if cards is not None:
            losses = [fewest_loose_points(found.hands[seat], rules)  # type: ignore[arg-type]
                      for found in hands]
            weights = tilt(losses, weights, target)
    found = []
    for index in resample(weights, count, rng):
        chosen = set(picks[index])
        stock = [card for i, card in enumerate(unseen) if i not in chosen]
        rng.shuffle(stock)
        found.append(Sample(hands[index].hands, tuple(stock[:view.stock_count])))
    return found


def resample(weights: Sequence[float], count: int, rng: random.Random) -> list[int]:
    """``count`` indices drawn in proportion to ``weights`` (systematic resampling: one random
    offset, then even steps, so a weight's share of the draws is its share of the total to
    within one).

    >>> resample([0.0, 3.0, 1.0], 4, random.Random(1))
    [1, 1, 1, 2]
    """
    total = sum(weights)
    if total <= 0:
        return list(range(min(count, len(weights))))
    step = total / count
    at = rng.random() * step
    found: list[int] = []
    index, reached = 0, weights[0]
    for _ in range(count):
        while reached < at and index < len(weights) - 1:
            index += 1
            reached += weights[index]
        found.append(index)
        at += step
    return found
