"""Positions from real bot games, for puzzles and the coach: every decision a seat faced, with
what he could see and the game's context.

>>> from chinchon.engine.rules import get_rules
>>> found = list(game_positions(get_rules("ludoteka"), ["greedy", "expert"], seed=4))
>>> first = found[0]
>>> first.kind, len(first.hand), first.top is not None, first.first_round
('take', 7, True, True)
>>> after = next(p for p in found if p.kind == "discard")
>>> len(after.hand), after.drawn in after.hand
(8, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from chinchon.engine.cards import Card
from chinchon.engine.rules import Rules
from chinchon.game.actions import Action, Discard, Draw
from chinchon.game.bots import Bot
from chinchon.game.players import play_game
from chinchon.game.seat_view import View, view
from chinchon.game.state import GameState, Phase


@dataclass(frozen=True)
class Position:
    """One decision of one seat in a bot game.

    ``kind`` is ``"take"`` (seven cards held, the pile's ``top`` face up: take it or draw) or
    ``"discard"`` (eight cards held after drawing ``drawn`` from ``drew_from``). ``seen`` is every
    card he could see besides his hand: the whole pile (its top last; for a discard position
    the pile as it is after his draw) and the cards the others took from it and still hold.
    ``first_round`` and ``total`` are the context of ludoteka's closing rules; ``chosen`` is the
    action the bot took; ``view`` is the full view for anything else.
    """

    kind: str
    rules: Rules
    hand: tuple[Card, ...]
    top: Card | None
    seen: tuple[Card, ...]
    drawn: Card | None
    drew_from: str | None
    first_round: bool
    total: int
    seed: int
    hand_number: int
    turn: int
    seat: int
    chosen: Action
    view: View


def game_positions(rules: Rules, seats: Sequence[str], seed: int = 0,
                   bots: Sequence[Bot] | None = None) -> Iterator[Position]:
    """Play one whole game among bots (names, one per seat) and yield every take-or-draw and
    every discard decision, in order, as the deciding seat saw it."""
    found: list[Position] = []

    def watch(state: GameState, action: Action) -> None:
        if state.phase not in (Phase.DRAW, Phase.DISCARD):
            return
        seen = view(state, state.turn)
        kind = "take" if isinstance(action, Draw) else "discard"
        assert kind == "take" or isinstance(action, Discard)
        found.append(Position(kind, state.rules, seen.hand, seen.top, seen.seen, seen.drawn,
                              seen.drew_from, seen.first_round, seen.total, state.seed,
                              state.hand, state.turns + 1, state.turn, action, seen))

    play_game(rules, seats, seed, bots=bots, watch=watch)
    yield from found
