"""When you may close: which cards close and how each close scores, and whether waiting for −10
or a chinchón is the better bet by the expert's reckoning (:mod:`chinchon.game.waiting`).

>>> from chinchon.views.play import new_game, parse_setup
>>> game = new_game(parse_setup("fournier", {}, "greedy", "3"))
>>> close_offers(game), wait_advice(game)
((), None)
"""

from __future__ import annotations

from dataclasses import dataclass

from chinchon.engine.cards import Card
from chinchon.engine.solver import Outcome
from chinchon.game import waiting
from chinchon.game.seat_view import view
from chinchon.views.play import Game, closing_cards
from chinchon.views.seat_coach import HUMAN


@dataclass(frozen=True)
class CloseOffer:
    """A card you may close with now and how that close scores (the best arrangement)."""

    card: Card
    outcome: Outcome
    score: int | None


def close_offers(game: Game) -> tuple[CloseOffer, ...]:
    """Every card you may close with now, the best close first (the discards's order: chinchón,
    a run with a joker, −10, fewest points)."""
    discards = game.state.discards
    cards = closing_cards(game)
    if discards is None or not cards:
        return ()
    found = {}
    for card, row in zip(discards.hand, discards.rows, strict=True):
        if card in cards and card not in found:
            found[card] = CloseOffer(card, row.outcome, row.score)
    order = {card: i for i, card in enumerate(cards)}
    return tuple(sorted(found.values(), key=lambda o: (_CLOSE_ORDER.index(o.outcome),
                                                       o.score if o.score is not None else -999,
                                                       order[o.card])))


_CLOSE_ORDER = (Outcome.CHINCHON, Outcome.CHINCHON_WITH_JOKER, Outcome.MINUS_TEN, Outcome.POINTS,
                Outcome.CANNOT_CLOSE)


def wait_advice(game: Game) -> Card | None:
    """When you may close but waiting for −10 or a chinchón is worth more by the expert's
    reckoning (:func:`chinchon.game.waiting.decide`): the card to throw without closing."""
    if not close_offers(game):
        return None
    decision = waiting.decide(view(game.state, HUMAN))
    return decision.keep if decision.waits else None


__all__ = ["CloseOffer", "close_offers", "wait_advice"]
