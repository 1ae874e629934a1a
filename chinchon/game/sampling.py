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
from dataclasses import dataclass

from chinchon.engine.cards import Card
from chinchon.engine.draws import discard_leaves
from chinchon.engine.solver import can_close
from chinchon.game.seat_view import View

#: How sharply a throw that left more loose points than his best throw makes a sample less
#: likely, per point (0: every sample equally likely; greedy always throws his best).
LEAVE_BETA = 0.4
#: The weight of a sample in which an opponent could have closed with his last throw and did not.
CLOSED_WEIGHT = 0.15


@dataclass(frozen=True)
class Sample:
    """One guess at the hidden cards: ``hands[seat]`` for each other seat still in (None for
    the seat himself and for seats out), the stock top first, and the sample's weight."""

    hands: tuple[tuple[Card, ...] | None, ...]
    stock: tuple[Card, ...]
    weight: float = 1.0


def sample(view: View, rng: random.Random) -> Sample:
    """The others' hands and the stock drawn uniformly from what ``view`` leaves possible (the
    weight is 1: see :func:`weighted`)."""
    hidden = list(view.unseen().elements())
    rng.shuffle(hidden)
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
    return Sample(tuple(hands), tuple(hidden[at:at + view.stock_count]))


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
    found = []
    for _ in range(count):
        drawn = sample(view, rng)
        weight = plausibility(view, drawn, throws) if throws else 1.0
        found.append(Sample(drawn.hands, drawn.stock, weight))
    return found
