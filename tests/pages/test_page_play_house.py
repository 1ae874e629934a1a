"""The coach at a house table, through the Play page: every house option, the coach's figures
against the solver's own draw counts under that option (issue 24, item 1).

The coach once rebuilt the rules from the base profile, dropping the house parts: a 40-card
Barajamos raised "not a position of this deck" on the first draw, and the ace of oros as a
joker graded discards as if it were a plain card.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from chinchon.engine.draws import discard_odds, draw_odds, unseen_cards
from chinchon.engine.rules import HOUSE_KEYS, get_rules
from chinchon.puzzles import STOCK
from chinchon.views import coach
from chinchon.views import play as play_model
from tests.pages.test_page_play import PAGE, _buttons, _instant
from tests.support.pages import open_page

#: One table per house option on Barajamos (3 seats): every key of the house code, each
#: choice that changes what the coach counts (the deck, the jokers, the points, the close).
HOUSE_TABLES = (
    "barajamos+deck=40", "barajamos+deck=40+seven-ten=no", "barajamos+decks=2",
    "barajamos+jokers=2", "barajamos+jokers=ace-of-oros", "barajamos+jokers=2+joker-points=5",
    "barajamos+figures=8-9-10", "barajamos+figures=10-10-10", "barajamos+close=one-loose:3",
    "barajamos+close=all-melded", "barajamos+close=points:9", "barajamos+first-round-close=no",
    "barajamos+minus-ten=-20", "barajamos+chinchon=minus-25", "barajamos+limit=100",
    "barajamos+returns=0",
)
#: Your decisions graded per table (each draw and each discard is one).
DECISIONS = 6


def test_every_house_key_has_a_table():
    keys = {part.split("=")[0] for code in HOUSE_TABLES for part in code.split("+")[1:]}
    assert keys == set(HOUSE_KEYS)


def _solver_figures(evaluation: coach.Evaluation, position: coach.Position
                    ) -> tuple[Fraction, Fraction] | None:
    """The close chance and expected loose points the solver's draw counts give a stock draw
    or a discard that does not close, under the position's rules (None for the other moves:
    their chance is 0 or 1 and their points are the hand's own)."""
    rules = position.rules
    visible = (*position.seen, *((position.top,) if position.top is not None else ()))
    unseen = unseen_cards(rules, position.hand, visible)
    move = evaluation.move
    if move.action == STOCK:
        odds = draw_odds(position.hand, unseen, rules)
        if position.first_round and not rules.close_in_first_round:
            return Fraction(0), odds.expected_points  # no close on this turn at all
    elif position.decision == "discard" and not move.close:
        index = next(i for i, card in enumerate(position.hand) if card.code() == move.action)
        odds = discard_odds(position.hand, unseen, rules)[index]
    else:
        return None
    return odds.close_chance, odds.expected_points


@pytest.mark.parametrize("code", HOUSE_TABLES)
def test_the_coach_grades_with_the_house_rules(code):
    rules = get_rules(code)
    at = _instant(open_page(PAGE, rules=code, seats="greedy,greedy", seed="1", lang="en"))
    for _ in range(DECISIONS):
        assert not at.exception, at.exception[0].message
        assert not at.error, [e.value for e in at.error]
        keys = _buttons(at)
        if "play_hint_move" not in keys or keys["play_hint_move"].disabled:
            break  # the hand ended (a close): what was graded is checked below
        at = keys["play_hint_move"].click().run()
    assert not at.exception, at.exception[0].message
    game: play_model.Game = at.session_state["play_game"]
    assert game.setup.rules == rules.at_table(3)
    verdicts: dict[int, coach.Verdict] = at.session_state["play_verdicts"]
    assert len(verdicts) >= 2
    compared = 0
    for verdict in verdicts.values():
        position = verdict.position
        assert position.rules == game.setup.rules
        for evaluation in {verdict.chosen, *verdict.best}:
            expected = _solver_figures(evaluation, position)
            if expected is not None:
                shown = (evaluation.chance, evaluation.points)
                assert shown == expected, (code, position, evaluation.move)
                compared += 1
    assert compared >= 2


def test_the_ace_of_oros_counts_as_a_joker_in_the_coach():
    """The issue's example: at ``jokers=ace-of-oros`` throwing the 11 of oros keeps a chance
    to close (the ace stands in a meld); the base profile's count, which the coach once used,
    gives none."""
    from chinchon.engine.cards import parse_hand

    house = get_rules("barajamos+jokers=ace-of-oros")
    hand = parse_hand("10b 10o 10c 11e 5c 8c 1o 11o")
    verdict = coach.grade_discard(coach.Position(house, hand), "11o")
    assert verdict.chosen.chance == Fraction(11, 40)
    assert verdict.chosen.chance == discard_odds(hand, unseen_cards(house, hand), house)[7
                                                                                   ].close_chance
    plain = get_rules("barajamos")
    assert discard_odds(hand, unseen_cards(plain, hand), plain)[7].close_chance == 0


@pytest.mark.parametrize("page", ["pages/2_Hand_lab.py", "pages/5_Puzzles.py"])
def test_the_reviews_links_open_the_house_rules(page):
    """The review's "open in the hand lab" and "open as a puzzle" links carry the house code
    (they once named the base profile, so the position was judged under other rules)."""
    from chinchon.engine.cards import parse_hand
    from chinchon.views.puzzle import position_link

    house = get_rules("barajamos+jokers=ace-of-oros", players=5)
    spot = coach.Position(house, parse_hand("10b 10o 10c 11e 5c 8c 1o 11o"))
    query = coach.hand_lab_query(spot) if "Hand" in page else position_link(spot)
    assert query["rules"] == "barajamos+jokers=ace-of-oros" and query["decks"] == "2"
    at = open_page(page, **query, lang="en")
    assert not at.exception and not at.error, [e.value for e in at.error]
    # (the puzzles page may warn about a learner id under AppTest: not about the rules)
    assert not any("rule" in w.value.lower() for w in at.warning), [w.value for w in at.warning]
    assert at.session_state["house_code"] == "barajamos+jokers=ace-of-oros"


@pytest.mark.parametrize("code", ["ludoteka", "barajamos+first-round-close=no"])
def test_no_close_chance_on_a_turn_that_may_not_close(code):
    """Where nobody closes in the first round, a stock draw then has no close chance (the
    coach once gave the stock's count, as on any later turn)."""
    from chinchon.engine.cards import Card, parse_hand

    hand = parse_hand("1o 2o 3o 5c 5e 5b 1b")
    rules = get_rules(code)
    for first_round, closes in ((True, False), (False, True)):
        spot = coach.Position(rules, hand, top=Card.parse("12e"), first_round=first_round)
        stock = next(e for e in coach.evaluate(spot) if e.move.action == STOCK)
        assert (stock.chance > 0) == closes, first_round
