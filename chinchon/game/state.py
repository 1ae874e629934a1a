"""A whole game of Chinchón as a state machine: deal, turns, the empty stock, the end of each hand,
returns and the end of the game, under any profile and option.

The shape is OpenSpiel's: an immutable :class:`GameState`, :func:`legal_actions` and
:func:`apply`, and :func:`~chinchon.game.seat_view.view` for what one seat may know. Chance is
the seed: hand ``h`` is dealt from ``random.Random(f"{seed}:{h}:deal")`` and the ``n``-th
rebuilt stock of that hand from ``random.Random(f"{seed}:{h}:stock:{n}")``, so a seed and the
list of actions rebuild every state.

- The deck is the rules' deck: build the rules with ``get_rules(id, players=n, **options)``
  and the profile picks one or two decks from the player count (barajamos two decks at 5-6,
  jeux-de-cartes from 5); an explicit ``decks`` option still forces it.
- The deal: seven cards to each seat still in, the next card face up starts the pile.
- Who starts: the first hand's starter is drawn by lot from the seed; then the start passes to
  the next seat still in (each profile's rotation, RULES.md, comes to this in seat order).
- A turn: take the stock's top or the pile's top, then discard one of the eight; a discard may
  close (it then goes face down). Ludoteka: nobody closes in the first round of a hand (each
  seat's first turn), nor with a loose card that takes him over the limit.
- The stock runs out when a player draws from it and it is empty: the pile is shuffled into a
  new stock (fournier keeps its top card face up); ludoteka's hand ends with no closer the 4th
  time.
- A close may show another arrangement than ours (``Discard.shown``), one of
  :func:`~chinchon.game.closing.closing_choices`: the lay-offs and scores follow it.
  :func:`legal_actions` offers ours only (bots and the coach keep it), :func:`apply` takes
  any of them.
- The end of a hand goes through :meth:`ScoreSheet.close` (the lay-off engine) or
  :meth:`ScoreSheet.stock_ran_out`; then each seat that went out with that hand and may return
  decides, in turn order after the closer; where the rules ask again (``returns_later``,
  Barajamos), so does each seat out from an earlier hand that may still return (a refusal is
  not final); then the next hand is dealt, or the game is over.

>>> state = new_game(get_rules("fournier"), 2, seed=1)
>>> state.phase.value, state.turn, len(state.hands[0]), len(state.stock)
('draw', 0, 7, 25)
>>> state = apply(state, Draw("stock"))
>>> state.phase.value, len(state.hands[0])
('discard', 8)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property
from typing import TypeVar

from chinchon.engine.cards import Card, hand_code
from chinchon.engine.draws import discard_leaves
from chinchon.engine.layoffs import HandEnd
from chinchon.engine.rules import Rules, get_rules  # noqa: F401  (get_rules: doctests)
from chinchon.engine.scoring import Entry, ScoreSheet, stock_runs_out_ends_hand
from chinchon.engine.solver import (
    Arrangement,
    DiscardAnalysis,
    analyze_discards,
    can_close,
    close,
)
from chinchon.game.actions import PILE, STOCK, Action, Discard, Draw, Return
from chinchon.game.closing import ChoiceError, shown_in

HAND_CARDS = 7
_T = TypeVar("_T")


class GameError(ValueError):
    """A game that cannot be set up: too few or too many seats, a deck too small to deal."""


class IllegalActionError(ValueError):
    """An action the rules do not allow in this state; the message names the move and why."""


class Phase(StrEnum):
    #: The seat to play takes a card from the stock or the pile.
    DRAW = "draw"
    #: The seat to play holds eight cards and discards one (maybe closing).
    DISCARD = "discard"
    #: A seat that went out with the last hand decides whether to spend a return.
    RETURN = "return"
    OVER = "over"


# --- The log: what happened, in order (records and replays read it) ----------------------------


@dataclass(frozen=True)
class Dealt:
    """A hand was dealt: ``hands[seat]`` (None for a seat out), the upcard, the stock top first."""

    hand: int
    first: int
    hands: tuple[tuple[Card, ...] | None, ...]
    upcard: Card
    stock: tuple[Card, ...]


@dataclass(frozen=True)
class Turn:
    """One turn: ``seat`` drew ``card`` from ``draw`` (stock or pile) and threw ``discard``;
    a closer's ``shown`` is the arrangement he chose to show (None: ours)."""

    seat: int
    draw: str
    card: Card
    discard: Card
    close: bool
    shown: Arrangement | None = None


@dataclass(frozen=True)
class Reshuffled:
    """The stock ran out and was rebuilt: the new stock, top first (the pile keeps ``kept``)."""

    stock: tuple[Card, ...]
    kept: Card | None


@dataclass(frozen=True)
class HandResult:
    """A finished hand: its closer (None: the stock ran out for good), the resolved end of the
    hand (melds, lay-offs and their steps), and the score sheet's line for it."""

    hand: int
    first: int
    #: The seat whose move ended the hand: the closer, or who found the stock empty for good.
    seat: int
    closer: int | None
    closed_card: Card | None
    end: HandEnd
    entry: Entry

    @property
    def scores(self) -> tuple[int | None, ...]:
        """What the hand added per seat (None for a seat out)."""
        return self.entry.added

    @property
    def totals(self) -> tuple[int, ...]:
        return self.entry.totals

    @property
    def out(self) -> tuple[int, ...]:
        """The seats that went out with this hand."""
        return self.entry.eliminated

    @property
    def player_seats(self) -> tuple[int, ...]:
        """The seat of each of ``end.players``: the closer, then the others in turn order (in
        seat order when the hand ended with no closer)."""
        playing = [seat for seat, added in enumerate(self.scores) if added is not None]
        if self.closer is None:
            return tuple(playing)
        count = len(self.scores)
        return tuple(seat for step in range(count)
                     if (seat := (self.closer + step) % count) in playing)


@dataclass(frozen=True)
class Decided:
    """A seat chose to spend a return (``spend``) or to stay out."""

    seat: int
    spend: bool


Event = Dealt | Turn | Reshuffled | HandResult | Decided


@dataclass(frozen=True)
class _Log:
    """A persistent list (newest first), so that each step shares the past instead of copying."""

    event: Event
    before: _Log | None

    def events(self) -> list[Event]:
        found: list[Event] = []
        node: _Log | None = self
        while node is not None:
            found.append(node.event)
            node = node.before
        found.reverse()
        return found


# --- The state -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameState:
    """Everything about a game at one moment. Build it with :func:`new_game`; move on with
    :func:`apply`. ``stock`` is top first; ``pile`` bottom first (its top is ``pile[-1]``)."""

    rules: Rules
    names: tuple[str, ...]
    seed: int
    sheet: ScoreSheet
    hand: int
    first: int
    phase: Phase
    #: The seat to act (in the RETURN phase: the seat deciding; when OVER: the last to act).
    turn: int
    hands: tuple[tuple[Card, ...] | None, ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    #: Turns completed in this hand (the first round is the first ``len(in_game)`` of them).
    turns: int
    #: How many times the stock has run out in this hand.
    runouts: int
    #: The card drawn this turn and where from (DISCARD phase).
    drawn: Card | None
    drew_from: str | None
    #: ``known[seat]``: the cards he took from the pile this hand and still holds (public).
    known: tuple[tuple[Card, ...], ...]
    #: Every card taken from the pile this hand, and by whom, in order (public).
    taken: tuple[tuple[int, Card], ...]
    #: The card the closer threw face down (until the next deal).
    closed_card: Card | None
    #: Seats still to decide whether to spend a return, in order.
    deciding: tuple[int, ...]
    results: tuple[HandResult, ...]
    #: Everything that happened (compared by value through :meth:`events`, not here: a
    #: recursive comparison of a long game would exhaust the stack).
    log: _Log | None = field(compare=False)

    @property
    def seats(self) -> int:
        return len(self.names)

    @property
    def in_game(self) -> tuple[int, ...]:
        return self.sheet.in_game

    @property
    def totals(self) -> tuple[int, ...]:
        return self.sheet.totals

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def winner(self) -> int | None:
        """The winner's seat once the game is over (None while it goes on, or after a draw)."""
        return self.sheet.winner

    @property
    def first_round(self) -> bool:
        """The seat to play has not yet had a turn in this hand."""
        return self.turns < len(self.in_game)

    @property
    def top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    def events(self) -> list[Event]:
        """Everything that happened since the start, in order."""
        return self.log.events() if self.log else []

    def actions(self) -> list[Action]:
        """The players' actions since the start: with the seed they rebuild this state."""
        found: list[Action] = []
        for event in self.events():
            if isinstance(event, Turn):
                found += [Draw(event.draw), Discard(event.discard, event.close, event.shown)]
            elif isinstance(event, Decided):
                found.append(Return(event.spend))
            elif isinstance(event, HandResult) and event.closer is None:
                # The stock ran out for good: the drawing seat's draw ended the hand.
                found.append(Draw(STOCK))
        return found

    def cards_in_play(self) -> Counter[Card]:
        """Stock, pile, every hand and the face-down closing card: always the whole deck."""
        count = Counter(self.stock) + Counter(self.pile)
        for held in self.hands:
            count.update(held or ())
        if self.closed_card is not None:
            count[self.closed_card] += 1
        return count

    @cached_property
    def leaves(self) -> dict[Card, int]:
        """In the DISCARD phase, each different card held: the fewest loose points the seven
        cards left keep when it is thrown."""
        if self.phase is not Phase.DISCARD:
            return {}
        held = self.hands[self.turn]
        assert held is not None
        found: dict[Card, int] = {}
        for card, points in zip(held, discard_leaves(held, self.rules), strict=True):
            found.setdefault(card, points)
        return found

    @cached_property
    def closing(self) -> dict[Card, bool]:
        """In the DISCARD phase, each different card held: whether discarding it may close."""
        held = self.hands[self.turn]
        rules = self.rules
        shut = self.first_round and not rules.close_in_first_round
        found: dict[Card, bool] = {}
        for card, points in self.leaves.items():
            # Every close keeps at most close_limit loose points: the fast count rules most
            # discards out before the full analysis.
            if shut or points > rules.close_limit:
                found[card] = False
                continue
            assert held is not None
            kept = list(held)
            kept.remove(card)
            found[card] = can_close(kept, rules, first_round=self.first_round,
                                    total=self.totals[self.turn])
        return found

    @cached_property
    def discards(self) -> DiscardAnalysis | None:
        """In the DISCARD phase, the solver's table of the eight cards held, in the turn's
        context (first round, the player's total): loose points and close of each discard."""
        if self.phase is not Phase.DISCARD:
            return None
        held = self.hands[self.turn]
        assert held is not None
        return analyze_discards(held, self.rules, first_round=self.first_round,
                             total=self.totals[self.turn])

    def __repr__(self) -> str:
        return (f"<GameState {self.rules!r} seed={self.seed} hand={self.hand} "
                f"phase={self.phase.value} turn={self.turn} totals={self.totals}>")


def new_game(rules: Rules, seats: Sequence[str] | int, seed: int = 0) -> GameState:
    """A game ready for its first turn: the first hand dealt from ``seed``.

    ``seats`` are names, or how many. :class:`GameError` when the profile is not for that many
    players or the deck cannot deal seven cards each, an upcard and a stock.
    """
    names = (tuple(f"seat {i}" for i in range(seats)) if isinstance(seats, int)
             else tuple(seats))
    low, high = rules.players
    if not low <= len(names) <= high:
        raise GameError(f"{rules.name} is for {low} to {high} players, not {len(names)}")
    rules = rules.at_table(len(names))  # one deck or two, as the profile says for the table
    if len(rules.deck) < HAND_CARDS * len(names) + 2:
        raise GameError(f"{rules.name} with {rules.deck.describe()} cannot deal "
                        f"{HAND_CARDS} cards each to {len(names)} players: use two decks")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise GameError(f"a seed is a whole number, not {seed!r}")
    sheet = ScoreSheet.start(rules, names)
    first = random.Random(f"{seed}:first").randrange(len(names))
    empty: tuple[tuple[Card, ...], ...] = tuple(() for _ in names)
    state = GameState(rules, names, seed, sheet, 0, first, Phase.DRAW, first,
                      tuple(None for _ in names), (), (), 0, 0, None, None, empty, (), None, (),
                      (), None)
    return _deal(state, 1, first, None)


def _deal(state: GameState, hand: int, first: int, log: _Log | None) -> GameState:
    rules = state.rules
    cards = list(rules.deck.cards())
    random.Random(f"{state.seed}:{hand}:deal").shuffle(cards)
    hands: list[tuple[Card, ...] | None] = [None] * state.seats
    order = _order_from(state.sheet, first)
    for k, seat in enumerate(order):
        hands[seat] = tuple(cards[k * HAND_CARDS:(k + 1) * HAND_CARDS])
    rest = cards[len(order) * HAND_CARDS:]
    upcard, stock = rest[0], tuple(rest[1:])
    event = Dealt(hand, first, tuple(hands), upcard, stock)
    return replace(state, hand=hand, first=first, phase=Phase.DRAW, turn=first,
                   hands=tuple(hands), stock=stock, pile=(upcard,), turns=0, runouts=0,
                   drawn=None, drew_from=None, known=tuple(() for _ in state.names), taken=(),
                   closed_card=None, deciding=(), log=_Log(event, log))


def _order_from(sheet: ScoreSheet, first: int) -> list[int]:
    """The seats still in, in turn order from ``first``."""
    count = len(sheet.players)
    return [seat for step in range(count) if sheet.playing[seat := (first + step) % count]]


# --- Legal actions -------------------------------------------------------------------------------


def legal_actions(state: GameState) -> list[Action]:
    """Every action the seat to act may take now (distinct: one discard per different card).

    A close is offered once, showing ours: the other arrangements that close as well
    (:func:`~chinchon.game.closing.closing_choices`) are accepted by :func:`apply` but not
    listed, so that the bots (which pick from this list) keep our default and the list stays
    short."""
    if state.phase is Phase.DRAW:
        return [Draw(STOCK), Draw(PILE)] if state.pile else [Draw(STOCK)]
    if state.phase is Phase.DISCARD:
        found: list[Action] = []
        for card, closes in state.closing.items():
            found.append(Discard(card))
            if closes:
                found.append(Discard(card, close=True))
        return found
    if state.phase is Phase.RETURN:
        return [Return(True), Return(False)]
    return []


def why_illegal(state: GameState, action: Action) -> str | None:
    """Why ``action`` may not be played now (None when it may)."""
    who = f"seat {state.turn}"
    if state.phase is Phase.OVER:
        return "the game is over"
    if isinstance(action, Draw):
        if state.phase is not Phase.DRAW:
            return f"{who} must {_expected(state)}, not draw"
        if action.source == PILE and not state.pile:
            return "the discard pile is empty"
        return None
    if isinstance(action, Discard):
        if state.phase is not Phase.DISCARD:
            return f"{who} must {_expected(state)}, not discard"
        held = state.hands[state.turn]
        assert held is not None
        if action.card not in held:
            return f"{who} does not hold {action.card.code()} (holds {hand_code(held)})"
        if action.close:
            return _why_no_close(state, held, action.card) or _why_not_shown(state, action)
        return None
    if isinstance(action, Return):
        if state.phase is not Phase.RETURN:
            return f"{who} must {_expected(state)}: no return is being decided"
        return None
    return f"not an action: {action!r}"


def _expected(state: GameState) -> str:
    return {Phase.DRAW: "draw", Phase.DISCARD: "discard",
            Phase.RETURN: "decide on a return", Phase.OVER: "stop"}[state.phase]


def _why_no_close(state: GameState, held: tuple[Card, ...], card: Card) -> str | None:
    if state.closing[card]:
        return None
    kept = list(held)
    kept.remove(card)
    try:
        close(kept, state.rules, first_round=state.first_round, total=state.totals[state.turn])
    except ValueError as error:
        return f"seat {state.turn} may not close: {error}"
    return f"seat {state.turn} may not close discarding {card.code()}"  # pragma: no cover


def _why_not_shown(state: GameState, action: Discard) -> str | None:
    try:
        shown_in(state, action)
    except ChoiceError as error:
        return f"seat {state.turn} closing with {action.card.code()} {error}"
    return None


def can_apply(state: GameState, action: Action) -> bool:
    """Whether :func:`apply` accepts ``action`` now."""
    return why_illegal(state, action) is None


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; :class:`IllegalActionError` naming the move and why when the
    rules do not allow it."""
    why = why_illegal(state, action)
    if why is not None:
        raise IllegalActionError(f"illegal move {action.code()!r} in hand {state.hand}: {why}")
    if isinstance(action, Draw):
        return _draw(state, action.source)
    if isinstance(action, Discard):
        return _discard(state, action)
    return _decide(state, action.spend)


def _draw(state: GameState, source: str) -> GameState:
    seat = state.turn
    held = state.hands[seat]
    assert held is not None
    log = state.log
    stock, pile = state.stock, state.pile
    if source == PILE:
        card, pile = pile[-1], pile[:-1]
        known = _set(state.known, seat, (*state.known[seat], card))
        return replace(state, phase=Phase.DISCARD, hands=_set(state.hands, seat, (*held, card)),
                       pile=pile, drawn=card, drew_from=PILE, known=known,
                       taken=(*state.taken, (seat, card)))
    runouts = state.runouts
    if not stock:
        runouts += 1
        if stock_runs_out_ends_hand(state.rules, runouts):
            return _no_closer(replace(state, runouts=runouts))
        kept = pile[-1] if state.rules.stock_keeps_top else None
        shuffled = list(pile[:-1] if kept is not None else pile)
        random.Random(f"{state.seed}:{state.hand}:stock:{runouts}").shuffle(shuffled)
        stock, pile = tuple(shuffled), (kept,) if kept is not None else ()
        log = _Log(Reshuffled(stock, kept), log)
    card, stock = stock[0], stock[1:]
    return replace(state, phase=Phase.DISCARD, hands=_set(state.hands, seat, (*held, card)),
                   stock=stock, pile=pile, runouts=runouts, drawn=card, drew_from=STOCK,
                   log=log)


def _discard(state: GameState, action: Discard) -> GameState:
    seat = state.turn
    held = list(state.hands[seat] or ())
    held.remove(action.card)
    assert state.drawn is not None and state.drew_from is not None
    # Kept as the choices write it, ours as None: a game has one record.
    shown = shown_in(state, action)
    event = Turn(seat, state.drew_from, state.drawn, action.card, action.close, shown)
    known = list(state.known[seat])
    if action.card in known:
        known.remove(action.card)
    hands = _set(state.hands, seat, tuple(held))
    moved = replace(state, hands=hands, known=_set(state.known, seat, tuple(known)),
                    drawn=None, drew_from=None, log=_Log(event, state.log))
    if action.close:
        return _closed(replace(moved, closed_card=action.card), shown)
    return replace(moved, phase=Phase.DRAW, pile=(*state.pile, action.card),
                   turns=state.turns + 1, turn=state.sheet.next_in(seat))


def _closed(state: GameState, shown: Arrangement | None = None) -> GameState:
    closer = state.turn
    holdings: dict[int, tuple[Card, ...] | Arrangement] = {
        seat: state.hands[seat] or () for seat in state.in_game}
    if shown is not None:  # the closer shows his choice: the lay-offs follow it
        holdings[closer] = shown
    # first_round: the closer's turn is not yet counted in ``turns``.
    sheet, end = state.sheet.close(closer, holdings, first_round=state.first_round)
    return _hand_over(state, sheet, end, closer)


def _no_closer(state: GameState) -> GameState:
    holdings = {seat: state.hands[seat] or () for seat in state.in_game}
    sheet, end = state.sheet.stock_ran_out(holdings)
    return _hand_over(state, sheet, end, None)


def _hand_over(state: GameState, sheet: ScoreSheet, end: HandEnd, closer: int | None
               ) -> GameState:
    entry = sheet.history[-1]
    result = HandResult(state.hand, state.first, state.turn, closer, state.closed_card, end,
                        entry)
    after = closer if closer is not None else state.turn
    order = _turn_order_all(state.seats, after)
    deciding = tuple(seat for seat in order if seat in entry.eliminated)
    if state.rules.returns_later:  # then those out from before: asked at every summary
        deciding += tuple(seat for seat in order
                          if not sheet.playing[seat] and seat not in entry.eliminated)
    state = replace(state, sheet=sheet, results=(*state.results, result),
                    log=_Log(result, state.log), deciding=deciding)
    return _next_decision(state)


def _turn_order_all(seats: int, after: int) -> list[int]:
    """Every seat in turn order after ``after`` (him last)."""
    return [(after + step) % seats for step in range(1, seats + 1)]


def _next_decision(state: GameState) -> GameState:
    """Ask the next seat that may return, or deal the next hand, or end the game."""
    sheet = state.sheet
    if sheet.finished:
        return replace(state, phase=Phase.OVER, deciding=())
    deciding = tuple(seat for seat in state.deciding if sheet.can_return(seat))
    if deciding:
        return replace(state, phase=Phase.RETURN, turn=deciding[0], deciding=deciding)
    return _deal(replace(state, deciding=()), state.hand + 1, sheet.next_in(state.first),
                 state.log)


def _decide(state: GameState, spend: bool) -> GameState:
    seat = state.turn
    sheet = state.sheet.spend_return(seat) if spend else state.sheet
    return _next_decision(replace(state, sheet=sheet, deciding=state.deciding[1:],
                                  log=_Log(Decided(seat, spend), state.log)))


def _set(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    return (*values[:index], value, *values[index + 1:])


# --- Whole games ---------------------------------------------------------------------------------


def replay(rules: Rules, seats: Sequence[str] | int, seed: int, actions: Sequence[Action]
           ) -> Iterator[GameState]:
    """Every state of the game rebuilt from its seed and actions, the start first.
    :class:`IllegalActionError` at the first action the rules refuse."""
    state = new_game(rules, seats, seed)
    yield state
    for action in actions:
        state = apply(state, action)
        yield state
