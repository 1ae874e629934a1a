"""Every game reading said where it is played (issue 24, item 3): the rules of the table beside
each rule with its source named; our readings marked as ours in the rules (never a source cited
for them); each claim checked in the library where it can be. The Play page's box of them:
tests/pages/test_page_readings.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from chinchon.engine.cards import Card
from chinchon.engine.rules import OURS, PROFILE_IDS, get_rules
from chinchon.game.actions import Discard, Draw
from chinchon.game.state import Phase, apply, legal_actions, new_game
from chinchon.views import disclosures
from chinchon.views.i18n import t
from chinchon.views.readings import rules_of_the_game
from chinchon.views.sources import citation_parts
from chinchon.views.tour import note_fields
from tests.unit.test_game import rigged

#: The readings the issue lists, by profile: (rule row, reading key).
ISSUE_READINGS = {
    "barajamos": (("reentry", "disclose.barajamos_tokens_later"),),
    "fournier": (("rotation", "tour.note.fournier.rotation"),
                 ("close", "readings.throw_back_taken")),
    "jeux-de-cartes": (("rotation", "tour.note.jeux-de-cartes.rotation"),
                       ("reentry", "tour.note.jeux-de-cartes.returns"),
                       ("close", "readings.throw_back_taken")),
    "ludoteka": (("rotation", "tour.note.ludoteka.rotation"),
                 ("stock", "tour.note.ludoteka.stock_runs_out_end"),
                 ("close", "tour.note.ludoteka.close_in_first_round"),
                 ("elimination", "tour.note.ludoteka.limit"),
                 ("reentry", "tour.note.ludoteka.returns"),
                 ("close", "readings.throw_back_taken")),
}


def _readings(rules_id: str) -> dict[str, set[str]]:
    return _readings_of(get_rules(rules_id))


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_the_issues_readings_sit_beside_their_rule(rules_id):
    found = _readings(rules_id)
    for row, key in ISSUE_READINGS[rules_id]:
        assert key in found[row], (rules_id, row, key)
    # Barajamos states that any of the eight cards may be thrown: no reading of ours there.
    throw_back = any("readings.throw_back_taken" in keys for keys in found.values())
    assert throw_back == (rules_id != "barajamos")


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_every_reading_of_ours_in_the_rules_is_on_the_table(rules_id):
    """Each field the rules cite as our reading has its note beside a rule of the table."""
    shown = {key for keys in _readings(rules_id).values() for key in keys}
    for name in note_fields(get_rules(rules_id)):
        assert f"tour.note.{rules_id}.{name}" in shown, name


@pytest.mark.parametrize(("rules_id", "name"), [
    ("jeux-de-cartes", "returns"), ("ludoteka", "limit"), ("ludoteka", "returns")])
def test_our_own_readings_cite_no_source(rules_id, name):
    assert citation_parts([get_rules(rules_id).citations[name]]) == ["our reading"]


@pytest.mark.parametrize(("rules_id", "name"), [
    ("fournier", "rotation"), ("jeux-de-cartes", "rotation"), ("ludoteka", "rotation"),
    ("ludoteka", "stock_runs_out_end"), ("ludoteka", "close_in_first_round")])
def test_readings_that_go_beyond_a_source_are_marked_ours(rules_id, name):
    assert OURS in get_rules(rules_id).citations[name]


def test_house_tables_show_the_house_joker_readings_only_with_jokers():
    # The model shows the house-rules disclosures where the table plays jokers: they must all
    # be about jokers.
    house = [d for d in disclosures.DISCLOSURES if disclosures.HOUSE in d.profiles]
    assert all("joker" in t(disclosures.text_key(d), "en").lower() for d in house)
    plain = {k for keys in _readings_of(get_rules("barajamos+limit=100")).values() for k in keys}
    jokers = {k for keys in _readings_of(get_rules("barajamos+jokers=2")).values() for k in keys}
    assert "disclose.jokers_two_decks" in jokers and "disclose.jokers_two_decks" not in plain


def _readings_of(rules) -> dict[str, set[str]]:
    return {rule.key: {reading.key for reading in rule.readings}
            for rule in rules_of_the_game(rules, "en")}


def test_a_house_change_drops_the_note_on_the_value_it_replaced():
    shown = _readings_of(get_rules("ludoteka+limit=70"))
    assert "tour.note.ludoteka.limit" not in shown["elimination"]
    rule = next(r for r in rules_of_the_game(get_rules("ludoteka+limit=70"), "en") if
                r.key == "elimination")
    assert "⌂" in rule.marks


# --- The claims, in the library ------------------------------------------------------------------


def test_ludoteka_first_round_is_each_seats_first_turn():
    rules = get_rules("ludoteka", players=3)
    hands = ["1o 2o 3o 5c 5e 5b 1b 12e", "4c 4e 4b 6c 6e 6b 7c", "10o 10c 10e 11o 11c 11e 12o"]
    for turns, may in ((2, False), (3, True)):  # the third seat's first turn, then seat 0's second
        state = rigged(new_game(rules, 3, seed=1), hands, "", "", phase=Phase.DISCARD,
                       turns=turns)
        state = replace(state, drawn=Card.parse("12e"), drew_from="stock")
        closes = any(isinstance(a, Discard) and a.close for a in legal_actions(state))
        assert closes == may, turns


def test_ludoteka_counts_a_run_out_at_a_draw_from_the_empty_stock():
    rules = get_rules("ludoteka", players=2)
    hands = ["1o 2o 3o 5c 5e 5b 1b", "4c 4e 4b 6c 6e 6b 7c"]
    # Three times already; the stock's last card is taken: the hand goes on.
    state = rigged(new_game(rules, 2, seed=1), hands, "12e", "10o 10c", runouts=3)
    after = apply(state, Draw("stock"))
    assert after.phase is Phase.DISCARD and after.runouts == 3 and not after.stock
    # The next draw from the empty stock is the fourth time: the hand ends with no closer.
    after = apply(apply(after, Discard(Card.parse("12e"))), Draw("stock"))
    assert after.results and after.results[-1].closer is None


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_the_card_just_taken_from_the_pile_may_be_thrown_back(rules_id):
    rules = get_rules(rules_id, players=3 if rules_id == "barajamos" else 2)
    state = new_game(rules, rules.players[0] if rules_id != "barajamos" else 3, seed=4)
    top = state.top
    after = apply(state, Draw("pile"))
    assert top is not None and Discard(top) in legal_actions(after)
