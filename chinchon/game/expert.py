"""The ``expert`` bot: exact draw-ahead counts over the cards he cannot see.

Every count comes from :func:`chinchon.engine.draws.draw_odds` (for a discard
:func:`~chinchon.engine.draws.discard_odds`, the evaluation the coach shares) over the unseen
cards of his view (the deck minus his hand, the pile and the cards the others took from it and still hold),
each equally likely to be the stock's next card. A seven-card hand is worth

    ``CLOSE_WEIGHT`` × (opponents still in) × P(close after the next draw) − E[loose points]

(the chance to make the others pay, against what he keeps if someone else closes first).

- **Discard**: the card whose seven left are worth the most, minus a small penalty for a card
  that melds with what the next player took from the pile; the dearest card on a tie.
- **Take or draw**: he takes the pile's top when keeping it (and throwing his best other card)
  beats, one draw ahead, what the stock gives on average: a sure close against the chance of
  one, fewer loose points against the expected ones.
- **Close or wait**: when he may close, :func:`chinchon.game.waiting.decide` weighs closing
  now (the best outcome: chinchón, -10, fewest points) against keeping a closing hand and
  waiting for -10 or a chinchón, on the score sheet (what every player would score, who would
  go out, what the profile makes of everybody going out at once, the chance that an opponent
  closes first); he waits when that is worth more. ``python -m benchmarks.wait_rollouts``
  plays both futures out from bot games to check it. The ``expert-nowait`` bot keeps the
  older rule (close at once unless closing with loose points takes his own total over the
  limit), for comparing the two in matches.
- Returns and stalemates as :mod:`chinchon.game.bots`.

>>> from chinchon.game.players import play_game
>>> from chinchon.engine.rules import get_rules
>>> play_game(get_rules("fournier"), ["expert", "greedy"], seed=2).is_over
True
"""

from __future__ import annotations

import random
from collections import Counter

from chinchon.engine.cards import Card
from chinchon.engine.draws import DrawOdds, best_of_eight, discard_odds, draw_odds
from chinchon.engine.melds import find_meld
from chinchon.game.actions import PILE, STOCK, Action, Discard, Draw, Return
from chinchon.game.bots import break_stalemate, wants_return
from chinchon.game.seat_view import View
from chinchon.game.state import Phase
from chinchon.game.waiting import decide

#: What a close is worth against one opponent, in loose points (about what he still holds).
CLOSE_WEIGHT = 20
#: The cost, in loose points, of throwing a card the next player can meld with his pile takes.
FEEDING_PENALTY = 3


def top_kept(view: View, top: Card) -> tuple[int, bool]:
    """The pile's ``top`` taken: the fewest loose points his eight cards leave after the best
    throw, and whether he may close with them (not in a first round that forbids it)."""
    loose, closes = best_of_eight((*view.hand, top), view.rules)
    return loose, closes and not (view.first_round and not view.rules.close_in_first_round)


class ExpertBot:
    """Draw-ahead counting from the view (module docstring)."""

    name = "expert"

    def __init__(self, seed: int | str = 0, *, waiting: bool = True) -> None:
        self.rng = random.Random(seed)  # only for breaking a stalemate
        #: Weigh waiting for -10 or chinchón (False: the older close-at-once rule).
        self.waiting = waiting
        if not waiting:
            self.name = "expert-nowait"

    def choose(self, view: View) -> Action:
        if view.phase is Phase.DRAW:
            return Draw(PILE if self.takes_top(view) else STOCK)
        if view.phase is Phase.DISCARD:
            return break_stalemate(view, self.rng) or self.discard(view)
        return Return(wants_return(view))

    # --- Values -----------------------------------------------------------------------------

    def worth(self, view: View, odds: DrawOdds) -> float:
        """What seven kept cards are worth one draw ahead (module docstring)."""
        opponents = max(1, len(view.in_game) - 1)
        return float(CLOSE_WEIGHT * opponents * odds.close_chance - odds.expected_points)

    def takes_top(self, view: View) -> bool:
        if view.top is None:
            return False
        rules, hand = view.rules, view.hand
        unseen = view.unseen()
        opponents = max(1, len(view.in_game) - 1)
        loose, closes = top_kept(view, view.top)
        odds = draw_odds(hand, unseen, rules)
        weight = CLOSE_WEIGHT * opponents
        take = weight * closes - loose
        draw = float(weight * odds.close_chance - odds.expected_points)
        if closes and odds.close_chance < 1:
            return True
        return take > draw

    def discard(self, view: View) -> Discard:
        closing = [a for a in view.legal if isinstance(a, Discard) and a.close]
        unseen = view.unseen()
        if closing:
            if not self.waiting:
                if not self.waits_over_limit(view):
                    return self.close(view)
            else:
                decision = decide(view, unseen)
                if not decision.waits:
                    return self.close(view)
                assert decision.keep is not None
                return Discard(decision.keep)
        return Discard(self.ranked(view, unseen)[0][1])

    def ranked(self, view: View, unseen: Counter[Card], feeding: bool = True
               ) -> list[tuple[tuple[float, int, int], Card]]:
        """Each different card he may throw (not the one just taken from the pile), best first,
        with its key: the worth of the seven left (minus the feeding penalty unless
        ``feeding`` is False), the card's points, its place in hand."""
        rules, hand = view.rules, view.hand
        feeds = self.feeding(view) if feeding else set()
        odds = dict(zip(hand, discard_odds(hand, unseen, rules), strict=True))
        found = []
        for index, card in enumerate(odds):
            if view.drew_from == PILE and card == view.drawn and len(odds) > 1:
                continue  # throwing back the card just taken is a wasted turn
            worth = self.worth(view, odds[card]) - FEEDING_PENALTY * (card in feeds)
            found.append(((worth, rules.points(card), -index), card))
        found.sort(key=lambda row: row[0], reverse=True)
        return found

    @staticmethod
    def close(view: View) -> Discard:
        discards = view.discards
        assert discards is not None
        return Discard(discards.best, close=True)

    @staticmethod
    def waits_over_limit(view: View) -> bool:
        """The older rule (``expert-nowait``): hold a close that would take him over the limit
        while -10 is still possible."""
        discards = view.discards
        assert discards is not None
        row = discards.rows[discards.best_index]
        score = row.score
        if score is None or score <= 0:
            return False
        return view.total + score > view.rules.limit

    def feeding(self, view: View) -> set[Card]:
        """Cards of his hand that meld with two cards the next player took from the pile."""
        in_game = view.in_game
        if len(in_game) < 2:
            return set()
        after = [seat for seat in in_game if seat > view.seat] or list(in_game)
        taken = view.known[after[0]]
        found: set[Card] = set()
        if len(taken) < 2:
            return found
        for card in view.hand:
            for i, first in enumerate(taken):
                if any(find_meld((card, first, second), view.rules) is not None
                       for second in taken[i + 1:]):
                    found.add(card)
                    break
        return found
