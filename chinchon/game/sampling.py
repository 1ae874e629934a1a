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
time). :func:`likely` corrects it: for each opponent, of ``PROPOSALS`` times as many uniform
hands it keeps ``count``, in proportion to ``exp(-b × his loose points)``, the rate ``b`` set
so that his mean loose points are what a player holds after that many rounds
(:func:`target_points`, fitted to bot games): of all the ways to reweight the hands to that
mean, the one that assumes least (maximum entropy). With two opponents or more, each next
one's hand is drawn among his own that share no card with those already dealt.
Measured on 30 expert games (``python -m benchmarks.opponent_model --samples``), the chance
that the next player closes on his turn, read from these samples, is within a few points of
how often he did (fournier; barajamos, for the player after him too, since the per-opponent
pools).

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
from chinchon.engine.rules import Rules
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
#: A profile whose players keep loose points far from the pooled fit
#: (:func:`~chinchon.game.waiting.opponent_points`) is aimed at its own fit, ``floor + start ×
#: decay**rounds`` (``python -m benchmarks.opponent_model --rules barajamos``, 60 games).
#: Barajamos deals 48 cards with figures worth 10–12: its players keep about 3 points a round
#: more than the pooled fit. The two-seat profiles run 1–2 points below it and keep it, as
#: master's matches there were measured with it.
PROFILE_POINTS: dict[str, tuple[float, float, float]] = {"barajamos": (7.0, 27.4, 0.80)}


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
    weight = 1.0
    for seat in throws:
        held = found.hands[seat]
        if held is not None:
            weight *= seat_plausibility(view, seat, held, throws)
            if not weight:
                return 0.0
    return weight


def seat_plausibility(view: View, seat: int, held: tuple[Card, ...],
                      throws: dict[int, tuple[int, Card]]) -> float:
    """:func:`plausibility`'s factor for one opponent: how likely his last throw was had he
    held ``held`` (1 when he has not thrown yet this hand)."""
    if seat not in throws:
        return 1.0
    rules = view.rules
    index, card = throws[seat]
    if held.count(card) >= rules.deck.copies_of(card):
        return 0.0  # the card he threw went back into the stock: he cannot hold it again
    eight = (*held, card)
    leaves = discard_leaves(eight, rules)
    best = min(leaves)
    weight = math.exp(-LEAVE_BETA * (leaves[-1] - best))
    if best <= rules.close_limit:
        first_round = index < len(view.in_game) and not rules.close_in_first_round
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
    # The search reads the weights summed by loss: a few dozen values, not every hand.
    mass: dict[int, float] = {}
    for loss, weight in zip(losses, weights, strict=True):
        mass[loss] = mass.get(loss, 0.0) + weight

    def mean(b: float) -> float:
        total = moment = 0.0
        for loss, weight in mass.items():
            tilted = weight * math.exp(-b * (loss - low))
            total += tilted
            moment += tilted * loss
        return moment / total if total else 0.0

    if mean(0.0) <= target:
        return list(weights)
    lo, hi = 0.0, TILT_MAX
    for _ in range(TILT_STEPS):  # bisection: the mean falls as b grows
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if mean(mid) > target else (lo, mid)
    factor = {loss: math.exp(-hi * (loss - low)) for loss in mass}
    return [weight * factor[loss] for loss, weight in zip(losses, weights, strict=True)]


@dataclass(frozen=True)
class _Pool:
    """One opponent's proposed hands (as indices into the unseen cards, and as cards) and their
    weights, tilted to the stage of the hand."""

    picks: list[list[int]]
    masks: list[int]  # each pick as bits, to test quickly that two hands share no card
    hands: list[tuple[Card, ...]]
    losses: list[int]
    weights: list[float]
    target: float
    live: list[int]  # the hands of weight above 0


def _pool(view: View, seat: int, unseen: Sequence[Card], rng: random.Random, size: int,
          throws: dict[int, tuple[int, Card]], target: float) -> _Pool:
    """``size`` uniform hands for ``seat`` (his pile takes, then unseen cards), weighted by
    :func:`seat_plausibility` and tilted so his mean loose points are ``target``."""
    known = view.known[seat]
    need = max(0, (view.counts[seat] or 0) - len(known))
    picks = [rng.sample(range(len(unseen)), need) for _ in range(size)]
    hands = [(*known, *(unseen[i] for i in pick)) for pick in picks]
    weights = [seat_plausibility(view, seat, held, throws) for held in hands]
    losses = [fewest_loose_points(held, view.rules) for held in hands]
    masks = [sum(1 << i for i in pick) for pick in picks]
    tilted = tilt(losses, weights, target)
    live = [i for i, weight in enumerate(tilted) if weight]
    return _Pool(picks, masks, hands, losses, tilted, target, live)


def _draw_beside(pool: _Pool, used: int, unseen_count: int, rng: random.Random
                 ) -> tuple[list[int], tuple[Card, ...] | None]:
    """A hand of ``pool`` that shares no unseen card with ``used`` (the unseen cards dealt, as
    bits), drawn in proportion to its weight tilted again to the pool's target (the hands that
    fit beside low ones run higher); when none is left, a uniform one from the cards still free
    (its cards as None: the caller deals them)."""
    masks = pool.masks
    fits = [i for i in pool.live if not masks[i] & used]
    if fits:
        weights = tilt([pool.losses[i] for i in fits], [pool.weights[i] for i in fits],
                       pool.target)
        (index,) = rng.choices(fits, weights=weights)
        return pool.picks[index], pool.hands[index]
    free = [i for i in range(unseen_count) if not used >> i & 1]
    return rng.sample(free, len(pool.picks[0]) if pool.picks else 0), None


def likely(view: View, rng: random.Random, count: int) -> list[Sample]:
    """``count`` samples of equal weight. Each opponent gets a pool of ``PROPOSALS`` × ``count``
    uniform hands, weighted by :func:`seat_plausibility` and his loose points tilted to what
    players hold at this stage of a hand (module docstring). The first opponent's hands are
    drawn from his pool in proportion to the weights; each next one's (in turn order) from the
    hands of his pool that share no card with those already dealt, tilted again. Then the stock
    is shuffled from the rest.

    Tilting each opponent in a pool of his own keeps many distinct samples: one pool of whole
    deals tilted for two opponents at once kept the weight on two or three deals of 240 from
    the middle of a barajamos hand on."""
    unseen = list(view.unseen().elements())
    throws = last_throws(view)
    target = target_points(view.rules, view.turns // max(1, len(view.in_game)))
    seats = view.opponents  # the next player first: his hand is the one drawn unhindered
    if not seats:
        return [Sample(tuple(None for _ in view.counts),
                       tuple(rng.sample(unseen, view.stock_count))) for _ in range(count)]
    pools = [_pool(view, seat, unseen, rng, PROPOSALS * count, throws, target)
             for seat in seats]
    found = []
    for index in resample(pools[0].weights, count, rng):
        used = pools[0].masks[index]
        hands: list[tuple[Card, ...] | None] = [None] * len(view.counts)
        hands[seats[0]] = pools[0].hands[index]
        for seat, pool in zip(seats[1:], pools[1:], strict=True):
            pick, held = _draw_beside(pool, used, len(unseen), rng)
            used |= sum(1 << i for i in pick)
            hands[seat] = held if held is not None else (
                *view.known[seat], *(unseen[i] for i in pick))
        stock = [card for i, card in enumerate(unseen) if not used >> i & 1]
        rng.shuffle(stock)
        found.append(Sample(tuple(hands), tuple(stock[:view.stock_count])))
    return found


def target_points(rules: Rules, rounds: int) -> float:
    """The mean loose points :func:`likely` gives an opponent after ``rounds`` rounds: the
    profile's own fit where it has one (:data:`PROFILE_POINTS`), else the pooled one.

    >>> from chinchon.engine.rules import get_rules
    >>> round(target_points(get_rules("barajamos"), 2), 1), round(target_points(get_rules("fournier"), 2), 1)
    (24.5, 21.5)
    """
    if rules.id not in PROFILE_POINTS:
        return opponent_points(rounds)
    floor, start, decay = PROFILE_POINTS[rules.id]
    return floor + start * decay**rounds


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
