"""Checking a game record: replay what each of its lines claims and refuse the first one the
game does not do, naming the hand, the move and the rule (:mod:`chinchon.game.records` reads
and writes the notations)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from chinchon.engine.cards import Card
from chinchon.engine.errors import quote
from chinchon.engine.rules import Rules
from chinchon.game.actions import PILE, STOCK, Action, Discard, Draw, Return
from chinchon.game.state import (
    Dealt,
    GameError,
    GameState,
    HandResult,
    IllegalActionError,
    Phase,
    Reshuffled,
    apply,
    new_game,
)


class RecordError(ValueError):
    """A record that cannot be read, or that breaks a rule (the hand and move are named)."""


@dataclass(frozen=True)
class Claim:
    """One line of a record: what it says happened (checked against the replay)."""

    kind: str  # hand, turn, ran_out, rebuilt, end, decided
    where: str
    values: dict[str, Any] = field(default_factory=dict)


def numbers(values: Sequence[int | None]) -> str:
    """Scores or totals as a record writes them, ``-`` for a seat out.

    >>> numbers([3, None, 12])
    '3 - 12'
    """
    return " ".join("-" if value is None else str(value) for value in values)


def start_game(rules: Rules, seats: Sequence[str], seed: int) -> GameState:
    try:
        return new_game(rules, seats, seed)
    except GameError as error:
        raise RecordError(str(error)) from None


def apply_action(state: GameState, action: Action, where: str) -> GameState:
    try:
        return apply(state, action)
    except IllegalActionError as error:
        raise RecordError(f"{where}: {error}") from None


def replay_claims(rules: Rules, seats: tuple[str, ...], seed: int, claims: Sequence[Claim]
                  ) -> tuple[tuple[Action, ...], GameState]:
    """Replay the claims (every one must be what the game does): the actions and the final
    state."""
    state = start_game(rules, seats, seed)
    actions: list[Action] = []
    rebuilt: Claim | None = None
    ends = 0

    def act(action: Action, where: str) -> None:
        nonlocal state
        state = apply_action(state, action, where)
        actions.append(action)

    def drew(where: str) -> None:
        nonlocal rebuilt
        events = state.events()
        if isinstance(events[-1], HandResult):
            events.pop()  # the draw that found the stock empty for good
        happened = events[-1] if isinstance(events[-1], Reshuffled) else None
        if happened and rebuilt is None:
            raise RecordError(f"{where}: the stock ran out and was rebuilt here, but the record "
                              f"does not say so")
        if rebuilt is not None:
            if happened is None:
                raise RecordError(f"{rebuilt.where}: the record says the stock was rebuilt, "
                                  f"but it was not empty")
            _same(rebuilt.where, "the rebuilt stock's size", rebuilt.values["count"],
                  len(happened.stock))
            cards = rebuilt.values.get("cards")
            if cards is not None and cards != [card.code() for card in happened.stock]:
                raise RecordError(f"{rebuilt.where}: the rebuilt stock is not the one the seed "
                                  f"gives")
        rebuilt = None

    for claim in claims:
        values, where = claim.values, claim.where
        if rules.deck.wild_ace:  # a written 1o is the ace of oros playing as the joker
            values = {key: rules.deck.adopt((value,))[0] if isinstance(value, Card) else value
                      for key, value in values.items()}
        if claim.kind in ("hand", "turn", "ran_out") and len(state.results) > ends:
            raise RecordError(f"{where}: hand {state.results[ends].hand} ended; the record must "
                              f"give its end line first")
        if state.phase is Phase.OVER and claim.kind != "end":
            raise RecordError(f"{where}: the game is already over")
        if claim.kind == "hand":
            while state.phase is Phase.RETURN and _asked_again(state):
                # A record written before a seat out was asked at every summary says
                # nothing of him there: he stayed out, as that game had it.
                act(Return(False), where)
            _expect_phase(state, Phase.DRAW, where, "a new hand")
            if values["hand"] != state.hand or state.turns:
                raise RecordError(f"{where}: hand {values['hand']} starts, but the game is in "
                                  f"hand {state.hand}, turn {state.turns + 1}")
            dealt = next(e for e in reversed(state.events()) if isinstance(e, Dealt))
            _same(where, "the starting seat", values["first"], dealt.first)
            _same(where, "the upcard", values["upcard"], dealt.upcard)
            if "deal" in values:
                _check_deal(values["deal"], dealt, where)
        elif claim.kind == "turn":
            _same(where, "the seat to play", values["seat"], state.turn)
            if values["draw"] not in (STOCK, PILE):
                raise RecordError(f"{where}: draw from stock or pile, not "
                                  f"{quote(values['draw'])}")
            act(Draw(values["draw"]), where)
            drew(where)
            if state.phase is not Phase.DISCARD:
                raise RecordError(f"{where}: the stock ran out for good and the hand ended with "
                                  f"no closer")
            _same(where, f"the card drawn from the {values['draw']}", values["card"], state.drawn)
            if values["discard"] is not None:
                shown = values.get("shown")
                if shown is not None and not values["close"]:
                    raise RecordError(f"{where}: only a close shows an arrangement")
                act(Discard(values["discard"], values["close"], shown), where)
            elif claim is not claims[-1]:
                raise RecordError(f"{where}: a turn without a discard may only end the record")
        elif claim.kind == "rebuilt":
            rebuilt = claim
        elif claim.kind == "ran_out":
            if values["seat"] is not None:
                _same(where, "the seat to play", values["seat"], state.turn)
            hand = state.hand
            act(Draw(STOCK), where)
            drew(where)
            if state.phase is Phase.DISCARD or state.results[-1].hand != hand:
                raise RecordError(f"{where}: the stock did not run out for good here")
        elif claim.kind == "end":
            if len(state.results) <= ends:
                raise RecordError(f"{where}: the record ends the hand here, but it goes on")
            _check_end(state.results[ends], values, where)
            ends += 1
            if "returns" in values:  # JSON lists the seats that returned; the others stayed out
                returns = values["returns"]
                if not isinstance(returns, list):
                    raise RecordError(f"{where}: 'returns' must be a list of seats")
                back = []
                while state.phase is Phase.RETURN:
                    spend = state.turn in returns
                    if spend:
                        back.append(state.turn)
                    act(Return(spend), where)
                if sorted(back) != sorted(returns):
                    raise RecordError(f"{where}: the record says seats {returns} returned, but "
                                      f"only {back} could")
        elif claim.kind == "decided":
            _expect_phase(state, Phase.RETURN, where, "a return decision")
            _same(where, "the seat deciding on a return", values["seat"], state.turn)
            act(Return(values["spend"]), where)
    if len(state.results) > ends:
        raise RecordError(f"hand {state.results[ends].hand} ended; the record must give its end "
                          f"line")
    return tuple(actions), state


def _asked_again(state: GameState) -> bool:
    """The seat deciding on a return went out with an earlier hand than the last one."""
    return state.turn not in state.results[-1].out


def _expect_phase(state: GameState, phase: Phase, where: str, what: str) -> None:
    if state.phase is not phase:
        need = {Phase.DRAW: f"seat {state.turn} to draw", Phase.DISCARD: "a discard",
                Phase.RETURN: f"seat {state.turn} to decide on a return",
                Phase.OVER: "nothing"}[state.phase]
        raise RecordError(f"{where}: {what}, but the game waits for {need}")


def _same(where: str, what: str, claimed: Any, actual: Any) -> None:
    if claimed != actual:
        shown = claimed.code() if isinstance(claimed, Card) else str(claimed)[:30]
        real = actual.code() if isinstance(actual, Card) else str(actual)
        raise RecordError(f"{where}: the record says {what} is {shown}, but it is {real}")


def _check_deal(deal: dict[str, Any], dealt: Dealt, where: str) -> None:
    hands = [None if held is None else [c.code() for c in held] for held in dealt.hands]
    if deal.get("hands") != hands:
        raise RecordError(f"{where}: the dealt hands are not the ones seed gives")
    if deal.get("stock") != [c.code() for c in dealt.stock]:
        raise RecordError(f"{where}: the stock is not the one the seed gives")


def _check_end(result: HandResult, values: dict[str, Any], where: str) -> None:
    _same(where, "the closer", values["closer"], result.closer)
    _same(where, "the hand's scores", values["scores"], numbers(result.scores))
    _same(where, "the totals", values["totals"], numbers(result.totals))
    if values.get("out") is not None:
        _same(where, "the seats out", list(values["out"]), list(result.out))


__all__ = ["Claim", "RecordError", "apply_action", "numbers", "replay_claims", "start_game"]
