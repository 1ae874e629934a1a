"""Wrong-typed calls of the library's public functions: each raises a ValueError subclass that
names the argument, with a short escaped message (issue 14, items 5 and 6)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from chinchon.engine import (
    cards,
    draws,
    layoff_request,
    layoffs,
    melds,
    odds,
    rules,
    scoring,
    solver,
)
from chinchon.engine.cards import Card, Deck, parse_hand
from chinchon.engine.errors import QUOTE_LIMIT, quote
from chinchon.engine.melds import Meld
from chinchon.engine.rules import get_rules
from chinchon.engine.scoring import ScoreSheet
from chinchon.engine.solver import Arrangement, Outcome

R = get_rules("barajamos")
LUDO = get_rules("ludoteka", deck=48)
HAND = parse_hand("7o 7c 7b 9e 10e 11e 4o")
EIGHT = parse_hand("3c 4c 5c 7b 7o 7e 1o 6c")
OPP = parse_hand("7e 1c 3c 5o 8b 2b 6o")
ARR = Arrangement.parse("7o 7c 7b | 9e 10e 11e / 4o", R)
MELD = Meld.parse("3c 4c 5c")
SHEET = ScoreSheet.start(R, 3)
NAN = math.nan
HUGE = "7o " * 400_000  # 1.2 MB of text

# (what, the call). Every call passes at least one argument of the wrong type or range.
CALLS: list[tuple[str, Callable[[], Any]]] = [
    # cards
    ("Card.parse(int)", lambda: Card.parse(7)),
    ("Card.parse(None)", lambda: Card.parse(None)),
    ("Card.parse(bytes)", lambda: Card.parse(b"7o")),
    ("Card(str rank)", lambda: Card("7", "o")),
    ("Card(bad suit)", lambda: Card(7, "x")),
    ("parse_hand(int)", lambda: parse_hand(7)),
    ("parse_hand([int])", lambda: parse_hand([7, 8])),
    ("parse_hand(None)", lambda: parse_hand(None)),
    ("parse_hand(huge)", lambda: parse_hand("x" * 1_000_000)),
    ("Deck(size str)", lambda: Deck(size="40")),
    ("Deck(copies 3)", lambda: Deck(copies=3)),
    ("Deck(jokers None)", lambda: Deck(jokers=None)),
    ("check_cards(str)", lambda: cards.check_cards("hand", "7o 7c")),
    # rules
    ("get_rules(int)", lambda: get_rules(3)),
    ("get_rules(list)", lambda: get_rules(["barajamos"])),
    ("get_rules(None)", lambda: get_rules(None)),
    ("get_rules(huge id)", lambda: get_rules("x" * 1_000_000)),
    ("get_rules(decks str)", lambda: get_rules("barajamos", decks="2")),
    ("get_rules(deck float)", lambda: get_rules("ludoteka", deck=48.0 + 0.5)),
    ("get_rules(players str)", lambda: get_rules("barajamos", players="3")),
    ("get_rules(limit nan)", lambda: get_rules("ludoteka", limit=NAN)),
    ("get_rules(returns -1)", lambda: get_rules("ludoteka", returns=-1)),
    ("get_rules(unknown option)", lambda: get_rules("fournier", colour=1)),
    ("check_rules(str)", lambda: rules.check_rules("barajamos")),
    # solver
    ("analyze(str hand)", lambda: solver.analyze("7o 7c 7b 9e 10e 11e 4o", R)),
    ("analyze(int hand)", lambda: solver.analyze(7, R)),
    ("analyze([str])", lambda: solver.analyze(["7o"] * 7, R)),
    ("analyze(None in hand)", lambda: solver.analyze((*HAND[:6], None), R)),
    ("analyze(rules str)", lambda: solver.analyze(HAND, "barajamos")),
    ("analyze(rules None)", lambda: solver.analyze(HAND, None)),
    ("analyze(first_round str)", lambda: solver.analyze(HAND, R, first_round="no")),
    ("analyze(first_round None)", lambda: solver.analyze(HAND, R, first_round=None)),
    ("analyze(first_round 1)", lambda: solver.analyze(HAND, R, first_round=1)),
    ("analyze(total nan)", lambda: solver.analyze(HAND, LUDO, total=NAN)),
    ("analyze(total str)", lambda: solver.analyze(HAND, LUDO, total="50")),
    ("analyze(total float)", lambda: solver.analyze(HAND, LUDO, total=50.5)),
    ("analyze(total bool)", lambda: solver.analyze(HAND, LUDO, total=True)),
    ("analyze(6 cards)", lambda: solver.analyze(HAND[:6], R)),
    ("can_close(first_round str)", lambda: solver.can_close(HAND, R, first_round="yes")),
    ("can_close(total nan)", lambda: solver.can_close(HAND, LUDO, total=NAN)),
    ("close(rules int)", lambda: solver.close(HAND, 1)),
    ("close(first_round str)", lambda: solver.close(HAND, R, first_round="no")),
    ("close_as(list)", lambda: solver.close_as(list(HAND), R)),
    ("close_as(str)", lambda: solver.close_as("7o 7c 7b / 4o", R)),
    ("close_as(total str)", lambda: solver.close_as(ARR, LUDO, total="9")),
    ("close_as(first_round None)", lambda: solver.close_as(ARR, R, first_round=None)),
    ("analyze_discards(str)", lambda: solver.analyze_discards("3c 4c", R)),
    ("analyze_discards(first_round str)",
     lambda: solver.analyze_discards(EIGHT, R, first_round="no")),
    ("analyze_discards(total nan)", lambda: solver.analyze_discards(EIGHT, LUDO, total=NAN)),
    ("analyze_discards(rules dict)", lambda: solver.analyze_discards(EIGHT, {})),
    ("check_hand(rules None)", lambda: solver.check_hand(HAND, None)),
    ("fewest_loose_points(ints)", lambda: solver.fewest_loose_points([1, 2, 3], R)),
    ("fewest_loose_points(rules str)", lambda: solver.fewest_loose_points(HAND, "x")),
    ("Arrangement.parse(int)", lambda: Arrangement.parse(5, R)),
    ("Arrangement.parse(rules str)", lambda: Arrangement.parse("7o 7c 7b", "x")),
    # melds
    ("Meld.parse(int)", lambda: Meld.parse(3)),
    ("Meld.parse(list)", lambda: Meld.parse(["3c", "4c", "5c"])),
    ("make_meld(str)", lambda: melds.make_meld("3c 4c 5c", R)),
    ("make_meld(rules None)", lambda: melds.make_meld(parse_hand("3c 4c 5c"), None)),
    ("find_meld(ints)", lambda: melds.find_meld([3, 4, 5], R)),
    ("check_meld(str)", lambda: melds.check_meld("3c 4c 5c", R)),
    ("check_meld(rules str)", lambda: melds.check_meld(MELD, "barajamos")),
    ("Meld.add(str)", lambda: MELD.add("6c", R)),
    # layoffs
    ("resolve(opponents str)", lambda: layoffs.resolve(HAND, "7e 1c", R)),
    ("resolve(opponents None)", lambda: layoffs.resolve(HAND, None, R)),
    ("resolve(closer int)", lambda: layoffs.resolve(7, [OPP], R)),
    ("resolve(opponent ints)", lambda: layoffs.resolve(HAND, [[1] * 7], R)),
    ("resolve(rules str)", lambda: layoffs.resolve(HAND, [OPP], "barajamos")),
    ("resolve(first_round str)", lambda: layoffs.resolve(HAND, [OPP], R, first_round="no")),
    ("resolve(total nan)", lambda: layoffs.resolve(HAND, [OPP], LUDO, total=NAN)),
    ("no_closer(str)", lambda: layoffs.no_closer("7o 7c", LUDO)),
    ("no_closer(rules None)", lambda: layoffs.no_closer([HAND, OPP], None)),
    ("best_play(str hand)", lambda: layoffs.best_play("1c 2c", [MELD], R)),
    ("best_play(table str)", lambda: layoffs.best_play(OPP, "3c 4c 5c", R)),
    ("best_play(targets str)", lambda: layoffs.best_play(OPP, [MELD], R, targets="0")),
    ("best_play(targets out)", lambda: layoffs.best_play(OPP, [MELD], R, targets=[5])),
    ("resolve_request(list)", lambda: layoff_request.resolve_request([1, 2])),
    ("resolve_request(total nan)", lambda: layoff_request.resolve_request(
        {"rules": "ludoteka", "closer": [c.code() for c in HAND],
         "opponents": [[c.code() for c in OPP]], "total": NAN})),
    # scoring
    ("ScoreSheet.start(10**9)", lambda: ScoreSheet.start(R, 10**9)),
    ("ScoreSheet.start(-1)", lambda: ScoreSheet.start(R, -1)),
    ("ScoreSheet.start(True)", lambda: ScoreSheet.start(R, True)),
    ("ScoreSheet.start(str)", lambda: ScoreSheet.start(R, "Ana")),
    ("ScoreSheet.start(float)", lambda: ScoreSheet.start(R, 2.0)),
    ("ScoreSheet.start(int names)", lambda: ScoreSheet.start(R, [1, 2])),
    ("ScoreSheet.start(rules str)", lambda: ScoreSheet.start("barajamos", 2)),
    ("score_close(outcome None)", lambda: SHEET.score_close(0, None, {0: 3, 1: 10, 2: 1})),
    ("score_close(outcome str)", lambda: SHEET.score_close(0, "points", {0: 3, 1: 10, 2: 1})),
    ("score_close(points nan)", lambda: SHEET.score_close(0, Outcome.POINTS, {0: 3, 1: NAN, 2: 1})),
    ("score_close(points -5)", lambda: SHEET.score_close(0, Outcome.POINTS, {0: 3, 1: -5, 2: 1})),
    ("score_close(points str)", lambda: SHEET.score_close(0, Outcome.POINTS, {0: 3, 1: "9", 2: 1})),
    ("score_close(points float)", lambda: SHEET.score_close(0, Outcome.POINTS, {0: 3, 1: 9.5, 2: 1})),
    ("score_close(loose list)", lambda: SHEET.score_close(0, Outcome.POINTS, [3, 10])),
    ("score_close(closer str)", lambda: SHEET.score_close("0", Outcome.POINTS, {0: 3, 1: 1, 2: 1})),
    ("score_close(closer bool)", lambda: SHEET.score_close(True, Outcome.POINTS, {0: 3, 1: 1, 2: 1})),
    ("score_no_closer(points nan)",
     lambda: ScoreSheet.start(LUDO, 2).score_no_closer({0: NAN, 1: 1})),
    ("spend_return(str)", lambda: SHEET.spend_return("1")),
    ("turn_order(None)", lambda: SHEET.turn_order(None)),
    ("may_close(first_round str)", lambda: SHEET.may_close(0, HAND, first_round="no")),
    ("ScoreSheet.close(hands list)", lambda: SHEET.close(0, [HAND, OPP])),
    ("ScoreSheet.close(first_round str)",
     lambda: SHEET.close(0, {0: HAND, 1: OPP, 2: EIGHT[:7]}, first_round="x")),
    # draws, odds
    ("unseen_cards(rules str)", lambda: draws.unseen_cards("barajamos", HAND)),
    ("unseen_cards(held str)", lambda: draws.unseen_cards(R, "7o 7c")),
    ("unseen_cards(seen ints)", lambda: draws.unseen_cards(R, HAND, [1, 2])),
    ("draw_odds(unseen list)", lambda: draws.draw_odds(HAND, [OPP[0]], R)),
    ("draw_odds(unseen copies str)", lambda: draws.draw_odds(HAND, Counter({OPP[0]: "1"}), R)),
    ("best_of_eight(str)", lambda: draws.best_of_eight("3c 4c", R)),
    ("rank_of(rules str)", lambda: odds.rank_of(HAND, "barajamos")),
    ("rank_of(str)", lambda: odds.rank_of("7o 7c", R)),
    # huge inputs are quoted short
    ("analyze(huge parsed)", lambda: solver.analyze(parse_hand(HUGE), R)),
    ("Meld.parse(huge)", lambda: Meld.parse("3c 4c " + "\x1b[31m" * 100_000)),
]


def test_the_table_is_large() -> None:
    assert len(CALLS) >= 70
    assert len({what for what, _ in CALLS}) == len(CALLS)


@pytest.mark.parametrize(("what", "call"), CALLS, ids=[what for what, _ in CALLS])
def test_wrong_types_raise_a_value_error_with_a_short_escaped_message(
        what: str, call: Callable[[], Any]) -> None:
    with pytest.raises(ValueError) as caught:
        call()
    message = str(caught.value)
    assert message, what
    assert len(message) < 400, (what, len(message))
    assert message.isprintable(), (what, message)


def test_the_named_argument_is_in_the_message() -> None:
    for call, name in [
        (lambda: solver.analyze(HAND, R, first_round="no"), "first_round"),
        (lambda: solver.analyze(HAND, LUDO, total=NAN), "total"),
        (lambda: solver.analyze(HAND, "barajamos"), "rules"),
        (lambda: layoffs.resolve(HAND, "7e", R), "opponents"),
        (lambda: SHEET.score_close(0, None, {0: 3, 1: 10, 2: 1}), "outcome"),
        (lambda: SHEET.score_close(0, Outcome.POINTS, {0: 3, 1: NAN, 2: 1}), "seat 1"),
    ]:
        with pytest.raises(ValueError, match=name):
            call()


def test_a_billion_players_is_refused_before_any_name_is_built() -> None:
    with pytest.raises(scoring.ScoreError, match="not 1000000000"):
        ScoreSheet.start(R, 10**9)


def test_quote_cuts_and_escapes() -> None:
    assert quote("7o") == "'7o'"
    long = quote("x" * 1_000_000)
    assert long.startswith("'" + "x" * QUOTE_LIMIT + "…'") and "1000000 characters" in long
    assert quote("a\nb\x1b[2Jc") == "'a\\nb\\x1b[2Jc'"
    assert quote(":material/home:") == "':material/home:'"
    assert quote(10**200).endswith("(201 digits)")
    assert "…" in quote(list(range(1000)))


def test_right_types_still_work() -> None:
    assert solver.analyze(list(HAND), R).loose_points == 4
    assert solver.analyze(HAND, LUDO, first_round=False, total=None).loose_points == 4
    assert ScoreSheet.start(R, ["Ana", "Blas", "Carme"]).players == ("Ana", "Blas", "Carme")
    assert SHEET.score_close(0, Outcome.POINTS, {0: 3, 1: 0, 2: 1}).totals == (3, 0, 1)
    assert draws.unseen_cards(R, HAND, ())
    assert isinstance(rules.check_rules(R), rules.Rules)
