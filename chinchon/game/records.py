"""Game records: a readable text notation of a whole game (like chess's PGN) and a JSON form for
scripts, both replayed move by move; a record that breaks a rule is refused with the hand, the
move number and the rule.

The text: headers, then one block per hand::

    [Rules "fournier"]
    [Seats "greedy, random"]
    [Seed "3"]
    [Result "seat 0"]
    [Totals "31 104"]

    Hand 1: seat 1 starts, upcard 5c
      1. seat 1: stock 7o, throws 3c
      2. seat 0: pile 3c, closes with 12b
      end: closer seat 0 (points); scores 2 19; totals 2 19

``[Options "decks=2"]`` follows ``Rules`` when the options differ from the profile's defaults.
Other lines: ``stock rebuilt (N cards)`` when the stock runs out and is rebuilt, ``N. seat S:
stock, ran out: no closer`` for ludoteka's fourth time, ``end: no closer; …``, and after a hand
``seat S returns`` or ``seat S stays out`` (JSON: the hand's ``returns``, the seats that came
back): the decision at that hand's summary. Barajamos asks a seat out at every summary while
he may come back, so a return refused once and spent later is written under the later hand;
a record from before then, silent on a seat out from an earlier hand, reads as his staying
out (what that game did). A closer who shows another arrangement than ours
writes it after his card: ``closes with 12b showing 7o 7c 7b | 3c 4c JK=5c / 1b`` (JSON: the
turn's ``shown``, ``{"melds": [[codes]…], "loose": [codes]}``). ``-`` stands for a seat out.
The deal comes from the seed (:mod:`chinchon.game.state`); the drawn cards, upcards and
results in the record are checked against it. A record may stop before the game ends (``[Result "*"]``).

>>> from chinchon.game.players import play_game
>>> from chinchon.engine.rules import get_rules
>>> record = GameRecord.of(play_game(get_rules("fournier"), ["greedy", "random"], seed=3))
>>> GameRecord.parse(record.code()) == record, GameRecord.from_json(record.to_json()) == record
(True, True)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from chinchon.engine.cards import Card, CardError
from chinchon.engine.errors import quote
from chinchon.engine.rules import Rules, RulesError, get_rules
from chinchon.game.actions import (
    Action,
    ActionError,
    encode_actions,
    parse_shown,
)
from chinchon.game.record_replay import (
    Claim,
    RecordError,
    apply_action,
    numbers,
    replay_claims,
    start_game,
)
from chinchon.game.state import (
    Dealt,
    GameState,
    HandResult,
    Reshuffled,
    Turn,
)

_HEADER = re.compile(r'\[(\w+) "([^"]*)"\]')
_HAND = re.compile(r"Hand (\d+): seat (\d+) starts, upcard (\S+)")
_TURN = re.compile(r"(\d+)\. seat (\d+): (stock|pile) (\S+), (throws|closes with) (\S+)"
                   r"(?: showing (.+))?")
_DRAWN = re.compile(r"(\d+)\. seat (\d+): (stock|pile) (\S+)")
_RAN_OUT = re.compile(r"(\d+)\. seat (\d+): stock, ran out: no closer")
_REBUILT = re.compile(r"stock rebuilt \((\d+) cards\)")
_END = re.compile(r"end: (closer seat (\d+) \((\w+)\)|no closer); scores ([-\d ]+); "
                  r"totals ([-\d ]+)")
_DECIDED = re.compile(r"seat (\d+) (returns|stays out)")
_OPTION_KEYS = ("decks", "deck", "jokers", "limit", "returns")


@dataclass(frozen=True)
class GameRecord:
    """A game: its rules, seat names, seed and actions. :meth:`states` replays it."""

    rules: Rules
    seats: tuple[str, ...]
    seed: int
    actions: tuple[Action, ...]

    @staticmethod
    def of(state: GameState) -> GameRecord:
        """The record of the game that led to ``state``."""
        return GameRecord(state.rules, state.names, state.seed, tuple(state.actions()))

    def states(self) -> Iterator[GameState]:
        """Every state, the start first; :class:`RecordError` at an illegal action."""
        state = start_game(self.rules, self.seats, self.seed)
        yield state
        for number, action in enumerate(self.actions, 1):
            state = apply_action(state, action, f"action {number}")
            yield state

    @cached_property
    def final(self) -> GameState:
        *_, state = self.states()
        return state

    # --- Text ----------------------------------------------------------------------------------

    def code(self) -> str:
        """The text notation (module docstring)."""
        final = self.final
        options = self.rules.profile_options()
        # House rules travel as their code (the profile id plus +key=value changes).
        headers = [("Rules", self.rules.id if options is not None else self.rules.code())]
        if options:
            headers.append(("Options", " ".join(f"{k}={v}" for k, v in options.items())))
        headers += [("Seats", ", ".join(self.seats)), ("Seed", str(self.seed)),
                    ("Result", _result(final)), ("Totals", numbers(final.totals))]
        lines = [f'[{key} "{value}"]' for key, value in headers]
        move = 0
        for event in final.events():
            if isinstance(event, Dealt):
                move = 0
                lines += ["", f"Hand {event.hand}: seat {event.first} starts, "
                              f"upcard {event.upcard.code()}"]
            elif isinstance(event, Turn):
                move += 1
                verb = "closes with" if event.close else "throws"
                shows = f" showing {event.shown.code()}" if event.shown is not None else ""
                lines.append(f"  {move}. seat {event.seat}: {event.draw} {event.card.code()}, "
                             f"{verb} {event.discard.code()}{shows}")
            elif isinstance(event, Reshuffled):
                lines.append(f"  stock rebuilt ({len(event.stock)} cards)")
            elif isinstance(event, HandResult):
                if event.closer is None:
                    move += 1
                    lines.append(f"  {move}. seat {event.seat}: stock, ran out: no closer")
                lines.append(f"  end: {_closer_text(event)}; scores {numbers(event.scores)}; "
                             f"totals {numbers(event.totals)}")
            else:
                lines.append(f"  seat {event.seat} {'returns' if event.spend else 'stays out'}")
        if final.drawn is not None:  # the record stops in the middle of a turn
            lines.append(f"  {move + 1}. seat {final.turn}: {final.drew_from} "
                         f"{final.drawn.code()}")
        return "\n".join(lines) + "\n"

    @staticmethod
    def parse(text: str) -> GameRecord:
        """Read and check a text record (:class:`RecordError` names the problem)."""
        headers: dict[str, str] = {}
        claims: list[Claim] = []
        hand = 0
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            match = _HEADER.fullmatch(line)
            if match:
                if claims:
                    raise RecordError(f"line {number}: header {match.group(1)!r} after the moves")
                headers[match.group(1)] = match.group(2)
                continue
            claim = _claim_of(line, hand, number)
            if claim.kind == "hand":
                hand = claim.values["hand"]
            claims.append(claim)
        rules, seats, seed = _headers(headers)
        record = _replayed(rules, seats, seed, claims)
        final = record.final
        if "Result" in headers and headers["Result"] != _result(final):
            raise RecordError(f"the Result header says {quote(headers['Result'])}, but the game "
                              f"gives {_result(final)!r}")
        if "Totals" in headers and headers["Totals"] != numbers(final.totals):
            raise RecordError(f"the Totals header says {quote(headers['Totals'])}, but the "
                              f"game gives {numbers(final.totals)!r}")
        return record

    # --- JSON ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The ``play --json`` object (issue 9's contract)."""
        final = self.final
        hands: list[dict[str, Any]] = []
        for event in final.events():
            if isinstance(event, Dealt):
                hands.append({"first": event.first, "deal": {
                    "hands": [None if held is None else [c.code() for c in held]
                              for held in event.hands],
                    "upcard": event.upcard.code(),
                    "stock": [c.code() for c in event.stock]}, "turns": []})
            elif isinstance(event, Turn):
                hands[-1]["turns"].append({"seat": event.seat, "draw": event.draw,
                                           "card": event.card.code(),
                                           "discard": event.discard.code(),
                                           "close": event.close})
                if event.shown is not None:
                    hands[-1]["turns"][-1]["shown"] = {
                        "melds": [meld.code().split() for meld in event.shown.melds],
                        "loose": [card.code() for card in event.shown.loose]}
            elif isinstance(event, Reshuffled):
                hands[-1]["turns"].append({"reshuffle": [c.code() for c in event.stock]})
            elif isinstance(event, HandResult):
                hands[-1].update({"closer": event.closer, "scores": list(event.scores),
                                  "totals": list(event.totals), "returns": [],
                                  "out": list(event.out)})
            elif event.spend:
                hands[-1]["returns"].append(event.seat)
        if final.drawn is not None:  # the record stops in the middle of a turn
            hands[-1]["turns"].append({"seat": final.turn, "draw": final.drew_from,
                                       "card": final.drawn.code(), "discard": None,
                                       "close": False})
        options = self.rules.profile_options()
        return {"rules": self.rules.id if options is not None else self.rules.code(),
                "options": options or {},
                "seats": list(self.seats), "seed": self.seed, "hands": hands,
                "winner": final.winner if final.is_over else None,
                "finished": final.is_over}

    @staticmethod
    def from_json(data: Any) -> GameRecord:
        """Read and check the JSON form (:class:`RecordError` names the problem)."""
        if not isinstance(data, dict):
            raise RecordError("a JSON record is an object with rules, options, seats, seed, "
                              "hands, winner and finished")
        _known_keys(data, _RECORD_KEYS, "the JSON record")
        for key in ("rules", "seats", "seed", "hands", "winner", "finished"):
            if key not in data:
                raise RecordError(f"the JSON record has no {key!r}")
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise RecordError(f"'options' must be an object, not {quote(options)}")
        seats = data["seats"]
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise RecordError("'seats' must be a list of names")
        rules = _rules(str(data["rules"]), options)
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f"'seed' must be a whole number, not {quote(seed)}")
        if not isinstance(data["hands"], list):
            raise RecordError("'hands' must be a list")
        claims = [claim for number, hand in enumerate(data["hands"], 1)
                  for claim in _json_claims(hand, number)]
        record = _replayed(rules, tuple(seats), seed, claims)
        _check_outcome(data["finished"], data["winner"], record.final)
        return record

    def __repr__(self) -> str:
        return (f"GameRecord({self.rules!r}, {self.seats!r}, {self.seed!r}, "
                f"decode_actions({encode_actions(self.actions)!r}))")


def _replayed(rules: Rules, seats: tuple[str, ...], seed: int, claims: Sequence[Claim]
              ) -> GameRecord:
    actions, final = replay_claims(rules, seats, seed, claims)
    record = GameRecord(rules, seats, seed, actions)
    record.__dict__["final"] = final  # already replayed: cached_property's slot
    return record


def read_record(text: str) -> GameRecord:
    """A record in either form: JSON when it starts with ``{``, else the text notation."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as error:
            raise RecordError(f"not valid JSON: {error}") from None
        return GameRecord.from_json(data)
    return GameRecord.parse(text)


# --- Reading -------------------------------------------------------------------------------------


def _headers(headers: dict[str, str]) -> tuple[Rules, tuple[str, ...], int]:
    known = {"Rules", "Options", "Seats", "Seed", "Result", "Totals", "Date", "Event"}
    unknown = sorted(set(headers) - known)
    if unknown:
        raise RecordError(f"unknown header {quote(unknown[0])}: use {', '.join(sorted(known))}")
    for key in ("Rules", "Seats", "Seed"):
        if key not in headers:
            raise RecordError(f"the record has no {key} header")
    options: dict[str, Any] = {}
    for item in headers.get("Options", "").split():
        key, _, value = item.partition("=")
        if not value.lstrip("-").isdigit():
            raise RecordError(f"option {quote(item)}: write key=number")
        options[key] = int(value)
    rules = _rules(headers["Rules"], options)
    seats = tuple(name.strip() for name in headers["Seats"].split(","))
    if not re.fullmatch(r"-?\d+", headers["Seed"].strip()):
        raise RecordError(f"the Seed header must be a whole number, not {quote(headers['Seed'])}")
    return rules, seats, int(headers["Seed"])


def _rules(rules_id: str, options: dict[str, Any]) -> Rules:
    for key in options:
        if key not in _OPTION_KEYS:
            raise RecordError(f"unknown option {quote(key)}: the options are "
                              f"{', '.join(_OPTION_KEYS)}")
    try:
        return get_rules(rules_id, **options)
    except RulesError as error:
        raise RecordError(str(error)) from None


def _card(code: str, where: str) -> Card:
    try:
        return Card.parse(code)
    except CardError as error:
        raise RecordError(f"{where}: {error}") from None


def _shown(text: str | None, where: str) -> Any:
    """What a closer shows, as written after ``showing`` (None: ours)."""
    if text is None:
        return None
    try:
        return parse_shown(text)
    except ActionError as error:
        raise RecordError(f"{where}: {error}") from None


def _json_shown(value: Any, where: str) -> Any:
    if value is None:
        return None
    if (not isinstance(value, dict) or not isinstance(value.get("melds"), list)
            or not all(isinstance(m, list) for m in value["melds"])
            or not isinstance(value.get("loose", []), list)):
        raise RecordError(f"{where}: 'shown' is an object with melds (lists of codes) and loose")
    melds = " | ".join(" ".join(map(str, meld)) for meld in value["melds"])
    return _shown(f"{melds} / {' '.join(map(str, value.get('loose', [])))}", where)


def _claim_of(line: str, hand: int, number: int) -> Claim:
    where = f"line {number} (hand {hand})"
    if match := _HAND.fullmatch(line):
        return Claim("hand", f"line {number}", {"hand": int(match[1]), "first": int(match[2]),
                                                  "upcard": _card(match[3], where)})
    if match := _TURN.fullmatch(line):
        where = f"hand {hand}, move {match[1]}"
        return Claim("turn", where, {"seat": int(match[2]), "draw": match[3],
                                      "card": _card(match[4], where),
                                      "discard": _card(match[6], where),
                                      "close": match[5] == "closes with",
                                      "shown": _shown(match[7], where)})
    if match := _DRAWN.fullmatch(line):
        where = f"hand {hand}, move {match[1]}"
        return Claim("turn", where, {"seat": int(match[2]), "draw": match[3],
                                      "card": _card(match[4], where), "discard": None,
                                      "close": False})
    if match := _RAN_OUT.fullmatch(line):
        return Claim("ran_out", f"hand {hand}, move {match[1]}", {"seat": int(match[2])})
    if match := _REBUILT.fullmatch(line):
        return Claim("rebuilt", where, {"count": int(match[1])})
    if match := _END.fullmatch(line):
        return Claim("end", f"hand {hand}, end", {
            "closer": None if match[2] is None else int(match[2]),
            "scores": match[4].strip(), "totals": match[5].strip()})
    if match := _DECIDED.fullmatch(line):
        return Claim("decided", f"hand {hand}, after the end",
                      {"seat": int(match[1]), "spend": match[2] == "returns"})
    raise RecordError(f"line {number}: cannot read {quote(line)}")


#: The keys of the JSON form (:meth:`GameRecord.to_json`): any other is named as unknown.
_RECORD_KEYS = frozenset({"rules", "options", "seats", "seed", "hands", "winner", "finished"})
_HAND_KEYS = frozenset({"first", "deal", "turns", "closer", "scores", "totals", "returns",
                        "out"})
_DEAL_KEYS = frozenset({"hands", "upcard", "stock"})
_TURN_KEYS = frozenset({"seat", "draw", "card", "discard", "close", "shown"})
_RESHUFFLE_KEYS = frozenset({"reshuffle"})


def _known_keys(data: dict[Any, Any], known: frozenset[str], what: str) -> None:
    unknown = sorted(map(str, set(data) - known))
    if unknown:
        raise RecordError(f"{what} has an unknown key {quote(unknown[0])}: its keys are "
                          f"{', '.join(sorted(known))}")


def _check_outcome(finished: Any, winner: Any, final: GameState) -> None:
    """The record's ``finished`` and ``winner`` against the replayed game."""
    if not isinstance(finished, bool):
        raise RecordError(f"'finished' must be true or false, not {quote(finished)}")
    if finished != final.is_over:
        raise RecordError(f"the record says the game is {'' if finished else 'not '}finished, "
                          f"but it {'is over' if final.is_over else 'goes on'}")
    expected = final.winner if final.is_over else None
    if isinstance(winner, bool) or winner != expected:
        raise RecordError(f"the record says the winner is {quote(winner)}, but the game gives "
                          f"{expected!r}")


def _json_claims(hand: Any, number: int) -> Iterator[Claim]:
    where = f"hand {number}"
    if isinstance(hand, dict):
        _known_keys(hand, _HAND_KEYS, where)
    if not isinstance(hand, dict) or "deal" not in hand or "turns" not in hand:
        raise RecordError(f"{where}: a hand is an object with first, deal, turns, closer, "
                          f"scores, totals, returns and out")
    deal = hand["deal"]
    if not isinstance(deal, dict):
        raise RecordError(f"{where}: 'deal' must be an object")
    _known_keys(deal, _DEAL_KEYS, f"{where}: the deal")
    try:
        upcard = _card(str(deal.get("upcard")), where)
        yield Claim("hand", where, {"hand": number, "first": hand.get("first"),
                                     "upcard": upcard, "deal": deal})
        turns = hand["turns"]
        if not isinstance(turns, list):
            raise RecordError(f"{where}: 'turns' must be a list")
        move = 0
        for turn in turns:
            if isinstance(turn, dict) and "reshuffle" in turn:
                _known_keys(turn, _RESHUFFLE_KEYS, f"{where}: a reshuffle")
                cards = turn["reshuffle"]
                yield Claim("rebuilt", where, {"count": len(cards) if isinstance(cards, list)
                                                else -1, "cards": cards})
                continue
            move += 1
            at = f"{where}, move {move}"
            if isinstance(turn, dict):
                _known_keys(turn, _TURN_KEYS, f"{at}: the turn")
                if not isinstance(turn.get("close", False), bool):
                    raise RecordError(f"{at}: 'close' must be true or false, not "
                                      f"{quote(turn['close'])}")
            if not isinstance(turn, dict) or not {"seat", "draw", "card", "discard"} <= set(turn):
                raise RecordError(f"{at}: a turn is an object with seat, draw, card, discard, "
                                  f"close")
            discard = turn["discard"]
            yield Claim("turn", at, {"seat": turn["seat"], "draw": turn["draw"],
                                      "card": _card(str(turn["card"]), at),
                                      "discard": None if discard is None
                                      else _card(str(discard), at),
                                      "close": bool(turn.get("close", False)),
                                      "shown": _json_shown(turn.get("shown"), at)})
        if "scores" in hand:
            if hand.get("closer") is None:
                yield Claim("ran_out", f"{where}, move {move + 1}", {"seat": None})
            yield Claim("end", f"{where}, end", {
                "closer": hand.get("closer"), "scores": _json_numbers(hand.get("scores")),
                "totals": _json_numbers(hand.get("totals")), "returns": hand.get("returns", []),
                "out": hand.get("out")})
    except (TypeError, AttributeError):
        raise RecordError(f"{where}: a field has the wrong type") from None


def _json_numbers(values: Any) -> str:
    # Written as the text form writes them, so one comparison checks either form.
    return numbers(values) if isinstance(values, list) else "?"


# --- Writing -------------------------------------------------------------------------------------


def _result(state: GameState) -> str:
    if not state.is_over:
        return "*"
    return "draw" if state.winner is None else f"seat {state.winner}"


def _closer_text(result: HandResult) -> str:
    if result.closer is None:
        return "no closer"
    outcome = result.end.outcome
    return f"closer seat {result.closer} ({outcome.value if outcome else 'points'})"


__all__ = ["GameRecord", "RecordError", "read_record"]
