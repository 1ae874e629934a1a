"""Bots that play from a :class:`~chinchon.engine.seat_view.View` only: ``random``, ``greedy``
and ``expert``, each with ``choose(view) -> Action``.

- ``random`` plays any legal action, uniformly (the baseline).
- ``greedy`` takes the pile's top only if keeping it lowers his loose points, throws the card
  that leaves the fewest (the dearest of those on a tie), closes as soon as he may.
- ``expert`` counts exactly, over the cards he cannot see, what the next draw from the stock
  does (:mod:`chinchon.engine.draws`); see :mod:`chinchon.engine.expert`.

A stalemate breaker: greedy players can hoard every low card so that nobody ever closes and the
stock is rebuilt for ever (the rules, but for ludoteka, have no end for that). Once the stock
has run out twice in a hand, ``greedy`` and ``expert`` throw a random card half the time
(``STALL_RUNOUTS``), which changes hands until somebody closes. :func:`play_game` still stops a
game after ``max_actions`` with :class:`StalledGameError`.

Returns (when a profile allows them): ``greedy`` and ``expert`` spend one whenever they may, at
most two a game where returns are unlimited (each is a new stake); ``random`` tosses a coin.

>>> from chinchon.engine.rules import get_rules
>>> final = play_game(get_rules("fournier"), ["greedy", "random"], seed=3)
>>> final.is_over, final.winner
(True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from chinchon.engine.actions import PILE, STOCK, Action, Discard, Draw, Return
from chinchon.engine.draws import discard_leaves
from chinchon.engine.errors import quote
from chinchon.engine.game import GameState, Phase, apply, new_game
from chinchon.engine.rules import Rules
from chinchon.engine.seat_view import View, view

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
        table = view.discards
        assert table is not None
        return Discard(table.best, close=True)
    rules, leaves = view.rules, view.leaves
    # dict order is hand order: min keeps the first of equal keys
    return Discard(min(leaves, key=lambda card: (leaves[card], -rules.points(card))))


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


def _expert(seed: int | str) -> Bot:
    from chinchon.engine.expert import ExpertBot

    return ExpertBot(seed)


def _expert_nowait(seed: int | str) -> Bot:
    from chinchon.engine.expert import ExpertBot

    return ExpertBot(seed, waiting=False)


_MAKERS: dict[str, Callable[[int | str], Bot]] = {
    "random": RandomBot, "greedy": GreedyBot, "expert": _expert}
#: The bots a table offers; ``expert-nowait`` (the expert before he weighed waiting for −10)
#: is made by name only, for matches.
BOT_NAMES = tuple(_MAKERS)
_MAKERS["expert-nowait"] = _expert_nowait


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A bot by name (``random``, ``greedy``, ``expert``); ``seed`` seeds its own choices."""
    maker = _MAKERS.get(name.strip().lower())
    if maker is None:
        raise BotError(f"unknown bot {quote(name)}: choose one of {', '.join(BOT_NAMES)}")
    return maker(seed)


def bots_for(names: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat, each seeded from the game's seed and its seat (reproducible)."""
    return [make_bot(name, f"{seed}:{seat}:{name}") for seat, name in enumerate(names)]


def advance(state: GameState, bots: Mapping[int, Bot], max_actions: int = 100_000
            ) -> GameState:
    """Let the bots (by seat) play until a seat without a bot must act or the game is over:
    what a page with a human at the table calls after each of his moves."""
    for _ in range(max_actions):
        bot = bots.get(state.turn)
        if state.phase is Phase.OVER or bot is None:
            return state
        state = apply(state, bot.choose(view(state, state.turn)))
    raise StalledGameError(f"the bots are still playing after {max_actions} actions")


def play_game(rules: Rules, seats: Sequence[str], seed: int = 0,
              bots: Sequence[Bot] | None = None,
              watch: Callable[[GameState, Action], None] | None = None,
              max_actions: int = 100_000) -> GameState:
    """Play a whole game among bots (by name, one per seat) and return the final state.

    Each bot sees only its own :func:`~chinchon.engine.seat_view.view`. ``watch`` is called
    with every state and the action chosen in it (the positions generator uses it).
    """
    players = list(bots) if bots is not None else bots_for(seats, seed)
    state = new_game(rules, [bot.name for bot in players] if bots is not None else seats, seed)
    for _ in range(max_actions):
        if state.phase is Phase.OVER:
            return state
        seen = view(state, state.turn)
        action = players[state.turn].choose(seen)
        if watch is not None:
            watch(state, action)
        state = apply(state, action)
    if state.phase is Phase.OVER:
        return state
    raise StalledGameError(f"game {rules!r} seed {seed} among {', '.join(seats)} still going "
                           f"after {max_actions} actions")
