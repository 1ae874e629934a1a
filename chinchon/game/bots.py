"""Bots that play from a :class:`~chinchon.game.seat_view.View` only: ``random``, ``greedy``
and ``expert``, each with ``choose(view) -> Action``.

- ``random`` plays any legal action, uniformly (the baseline).
- ``greedy`` takes the pile's top only if keeping it lowers his loose points, throws the card
  that leaves the fewest (the dearest of those on a tie), closes as soon as he may.
- ``expert`` counts exactly, over the cards he cannot see, what the next draw from the stock
  does (:mod:`chinchon.engine.draws`); see :mod:`chinchon.game.expert`.

A stalemate breaker: greedy players can hoard every low card so that nobody ever closes and the
stock is rebuilt for ever (the rules, but for ludoteka, have no end for that). Once the stock
has run out twice in a hand, ``greedy`` and ``expert`` throw a random card half the time
(``STALL_RUNOUTS``), which changes hands until somebody closes.
:func:`chinchon.game.players.play_game` still stops a game after ``max_actions`` with
:class:`StalledGameError`.

Returns (when a profile allows them): ``greedy`` and ``expert`` spend one whenever they may, at
most two a game where returns are unlimited (each is a new stake); ``random`` tosses a coin.
Each bot decides every time it is asked: Barajamos asks a seat out at every summary, so a
``random`` bot that stayed out once may come back later (coming back later is never cheaper:
the highest total only grows, which is why ``greedy`` and ``expert`` do not wait).

A bot by name, and whole games among bots: :mod:`chinchon.game.players`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from chinchon.engine.cards import Card
from chinchon.engine.draws import discard_leaves
from chinchon.engine.rules import Rules
from chinchon.game.actions import PILE, STOCK, Action, Discard, Draw, Return
from chinchon.game.seat_view import View
from chinchon.game.state import Phase

#: After the stock ran out this many times in a hand, greedy and expert break the stalemate.
STALL_RUNOUTS = 2
#: Where returns are unlimited, the bots stop paying new stakes after this many.
UNLIMITED_RETURNS_BUDGET = 2


class BotError(ValueError):
    """An unknown bot name."""


class StalledGameError(ValueError):
    """A game among bots that went on past its limit of actions."""


class Bot(Protocol):
    """Anything that picks a legal action from what one seat may know."""

    name: str

    def choose(self, view: View) -> Action: ...


class RandomBot:
    """Any legal action, uniformly at random (its own seeded generator)."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        return self.rng.choice(view.legal)


class GreedyBot:
    """The fewest loose points now, and a close at the first chance."""

    name = "greedy"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)  # only for breaking a stalemate

    def choose(self, view: View) -> Action:
        if view.phase is Phase.DRAW:
            return Draw(PILE if takes_top(view) else STOCK)
        if view.phase is Phase.DISCARD:
            return break_stalemate(view, self.rng) or greedy_discard(view)
        return Return(wants_return(view))


def takes_top(view: View) -> bool:
    """Keeping the pile's top (and throwing another card) leaves fewer loose points."""
    top = view.top
    if top is None:
        return False
    # The eight cards' leaves: throwing the top keeps his hand as it is (the last leave); the
    # others keep the top and throw a card of his hand.
    leaves = discard_leaves((*view.hand, top), view.rules)
    return min(leaves[:-1]) < leaves[-1]


def greedy_discard(view: View) -> Discard:
    """The best close if there is one, else the card leaving the fewest loose points (the
    dearest card among those, then the first in hand order)."""
    if any(action.close for action in view.legal if isinstance(action, Discard)):
        discards = view.discards
        assert discards is not None
        return Discard(discards.best, close=True)
    return Discard(cheapest_throw(view.leaves, view.rules))


def cheapest_throw(leaves: Mapping[Card, int], rules: Rules) -> Card:
    """Of the cards in ``leaves`` (each card and the loose points its throw leaves), the one
    leaving the fewest, the dearest of those on a tie, then the first: greedy's throw."""
    # dict order is hand order: min keeps the first of equal keys
    return min(leaves, key=lambda card: (leaves[card], -rules.points(card)))


def break_stalemate(view: View, rng: random.Random) -> Discard | None:
    """Half the time once the stock has run out ``STALL_RUNOUTS`` times in this hand: a random
    card (not the one just taken from the pile), or a close if one is there."""
    if view.runouts < STALL_RUNOUTS or rng.random() < 0.5:
        return None
    if any(action.close for action in view.legal if isinstance(action, Discard)):
        return greedy_discard(view)
    cards = [card for card in view.hand if not (view.drew_from == PILE and card == view.drawn)]
    return Discard(rng.choice(cards))


def wants_return(view: View) -> bool:
    """Spend a return: always where they are counted, within a budget where unlimited."""
    if view.returns_left is None:
        return view.returns_used[view.seat] < UNLIMITED_RETURNS_BUDGET
    return view.returns_left > 0
