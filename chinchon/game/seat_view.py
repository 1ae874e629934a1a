"""What one seat may know of a game: :func:`view`. Bots decide from a :class:`View` only.

A seat sees his own cards, the whole discard pile (it is spread face up), every card taken
from the pile this hand and by whom (and which of them each player still holds), how many cards
the others hold, the stock's size, the score sheet and the finished hands (shown at the table).
He also sees every card thrown this hand, by whom and in which order (``thrown``).
He never sees the stock's order, the others' other cards or a closer's face-down card: no
source turns the closing card face up, so a finished hand's ``closed_card`` is in the view of
the closer who threw it only (:func:`shown_results`).

>>> from chinchon.game.state import new_game
>>> from chinchon.engine.rules import get_rules
>>> state = new_game(get_rules("fournier"), 2, seed=1)
>>> mine = view(state, 0)
>>> len(mine.hand), mine.counts, mine.my_turn, [a.code() for a in mine.legal]
(7, (7, 7), True, ['stock', 'pile'])
>>> len(view(state, 1).legal), sum(view(state, 1).unseen().values())
(0, 32)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from functools import cached_property

from chinchon.engine.cards import Card
from chinchon.engine.draws import discard_leaves, unseen_cards
from chinchon.engine.rules import Rules
from chinchon.engine.solver import DiscardAnalysis, analyze_discards
from chinchon.game.actions import Action
from chinchon.game.state import Dealt, GameState, HandResult, Phase, Turn, legal_actions


@dataclass(frozen=True)
class View:
    """One seat's knowledge of the game at one moment."""

    rules: Rules
    seat: int
    names: tuple[str, ...]
    hand_number: int
    phase: Phase
    #: The seat to act.
    turn: int
    first: int
    #: His own cards (eight in his DISCARD phase; empty while he is out).
    hand: tuple[Card, ...]
    #: The discard pile, bottom first.
    pile: tuple[Card, ...]
    stock_count: int
    #: Cards held per seat (None for a seat out).
    counts: tuple[int | None, ...]
    #: Cards taken from the pile this hand, by whom, in order.
    taken: tuple[tuple[int, Card], ...]
    #: ``known[seat]``: cards that seat took from the pile and still holds.
    known: tuple[tuple[Card, ...], ...]
    totals: tuple[int, ...]
    playing: tuple[bool, ...]
    returns_used: tuple[int, ...]
    #: His returns left (None: as many as he likes).
    returns_left: int | None
    first_round: bool
    turns: int
    runouts: int
    #: The card he drew this turn and from where (his DISCARD phase).
    drawn: Card | None
    drew_from: str | None
    #: His legal actions (empty when it is not his turn).
    legal: tuple[Action, ...]
    #: The finished hands, as :func:`shown_results` lets him see them.
    results: tuple[HandResult, ...]
    #: Every card thrown face up this hand and by whom, in order (what each threw, and when).
    thrown: tuple[tuple[int, Card], ...] = ()

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and self.phase is not Phase.OVER

    @property
    def top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    @property
    def total(self) -> int:
        return self.totals[self.seat]

    @property
    def in_game(self) -> tuple[int, ...]:
        return tuple(seat for seat, playing in enumerate(self.playing) if playing)

    @property
    def opponents(self) -> list[int]:
        """The other seats still in this hand, in turn order from the seat's left."""
        count = len(self.playing)
        return [seat for step in range(1, count)
                if self.playing[seat := (self.seat + step) % count]
                and self.counts[seat] is not None]

    @property
    def seen(self) -> tuple[Card, ...]:
        """Cards out of the stock that he knows of besides his own: the pile and the cards the
        others took from it and still hold."""
        others = [card for seat, cards in enumerate(self.known) if seat != self.seat
                  for card in cards]
        return (*self.pile, *others)

    def unseen(self) -> Counter[Card]:
        """The cards he cannot see (in the stock or the others' hands), copies counted: each is
        equally likely to be the stock's next card."""
        return unseen_cards(self.rules, self.hand, self.seen)

    @cached_property
    def leaves(self) -> dict[Card, int]:
        """In his DISCARD phase, each different card held: the fewest loose points left when it
        is thrown."""
        if self.phase is not Phase.DISCARD or not self.my_turn:
            return {}
        found: dict[Card, int] = {}
        # One look-up of the eight cards (the solver's fast path), not eight of seven.
        for card, points in zip(self.hand, discard_leaves(self.hand, self.rules), strict=True):
            found.setdefault(card, points)
        return found

    @cached_property
    def discards(self) -> DiscardAnalysis | None:
        """In his DISCARD phase, the solver's table of his eight cards (this turn's context)."""
        if self.phase is not Phase.DISCARD or not self.my_turn:
            return None
        return analyze_discards(self.hand, self.rules, first_round=self.first_round,
                             total=self.total)


def view(state: GameState, seat: int) -> View:
    """What ``seat`` may know of ``state``."""
    if not 0 <= seat < state.seats:
        raise ValueError(f"no seat {seat!r}: seats are 0 to {state.seats - 1}")
    sheet = state.sheet
    mine = state.turn == seat and state.phase is not Phase.OVER
    legal = tuple(legal_actions(state)) if mine else ()
    made = View(
        state.rules, seat, state.names, state.hand, state.phase, state.turn, state.first,
        state.hands[seat] or (), state.pile, len(state.stock),
        tuple(None if held is None else len(held) for held in state.hands), state.taken,
        state.known, sheet.totals, sheet.playing, sheet.returns_used,
        sheet.returns_left(seat), state.first_round, state.turns, state.runouts,
        state.drawn if mine else None, state.drew_from if mine else None, legal,
        shown_results(state.results, seat), thrown(state))
    for shared in ("discards", "leaves"):
        if mine and shared in state.__dict__:
            # Same cards, same context: share what the state already computed.
            made.__dict__[shared] = state.__dict__[shared]
    return made


def thrown(state: GameState) -> tuple[tuple[int, Card], ...]:
    """Every card thrown face up in this hand, by whom, in order: the log's turns back to the
    deal (a closer's face-down card is not thrown; it ends the hand)."""
    found: list[tuple[int, Card]] = []
    node = state.log
    while node is not None and not isinstance(node.event, Dealt):
        event = node.event
        if isinstance(event, Turn) and not event.close:
            found.append((event.seat, event.discard))
        node = node.before
    found.reverse()
    return tuple(found)


def shown_results(results: tuple[HandResult, ...], seat: int) -> tuple[HandResult, ...]:
    """The finished hands as ``seat`` sees them: a closer's face-down card stays hidden
    (``closed_card`` None) from everybody but that closer."""
    if all(result.closed_card is None or result.closer == seat for result in results):
        return results
    return tuple(result if result.closer == seat else replace(result, closed_card=None)
                 for result in results)
