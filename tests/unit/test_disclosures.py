"""Every reading disclosed: each disclosure has its texts, sits beside a real rule, and says
what the library does (checked here wherever the library can show it)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from chinchon.engine.cards import ACE_JOKER, Card, parse_hand
from chinchon.engine.layoffs import resolve
from chinchon.engine.melds import Meld, find_meld
from chinchon.engine.rules import PROFILE_IDS, get_rules
from chinchon.engine.scoring import ScoreSheet
from chinchon.engine.solver import Outcome, analyze
from chinchon.views import disclosures, i18n, tour
from chinchon.views.variants import ROWS

SOURCES = Path(__file__).resolve().parents[2].parent / "shared" / "sources"
LUDO_J = get_rules("ludoteka", jokers=2)


def hand(text: str) -> tuple[Card, ...]:
    return parse_hand(text)


@pytest.mark.parametrize("item", disclosures.DISCLOSURES, ids=lambda d: d.key)
def test_disclosure_sits_beside_a_rule_and_has_its_texts(item: disclosures.Disclosure) -> None:
    steps = {step.id for rules_id in PROFILE_IDS for step in tour.steps(rules_id)}
    assert item.step in steps
    assert item.row in {spec.key for spec in ROWS}
    assert set(item.profiles) <= {*PROFILE_IDS, disclosures.HOUSE}
    for lang in i18n.LANGUAGES:
        assert disclosures.text_key(item) in i18n.catalog(lang), (lang, item.key)
    for source in item.source.split(", "):
        assert (SOURCES / source).exists() or not SOURCES.exists(), source


def test_the_issue_list_is_covered() -> None:
    assert len(disclosures.DISCLOSURES) >= 18
    assert len({d.key for d in disclosures.DISCLOSURES}) == len(disclosures.DISCLOSURES)


def test_jdc_tie_for_lowest_when_everyone_is_out_is_a_draw() -> None:
    sheet = ScoreSheet.start(get_rules("jeux-de-cartes"), 2)
    sheet = replace(sheet, totals=(98, 100)).score_close(0, Outcome.POINTS, {0: 3, 1: 1})
    assert sheet.finished and sheet.winner is None


def test_ludoteka_run_with_two_jokers_scores_minus_25() -> None:
    analysis = analyze(hand("3e JK 5e 6e JK 8e 9e"), get_rules("ludoteka", deck=48, jokers=2))
    assert (analysis.outcome, analysis.score) == (Outcome.CHINCHON_WITH_JOKER, -25)


def test_jokers_are_named_gaps_first_then_up_then_down() -> None:
    assert find_meld(hand("3c JK 5c"), LUDO_J) == Meld.parse("3c JK=4c 5c")
    assert find_meld(hand("3c 4c JK"), LUDO_J) == Meld.parse("3c 4c JK=5c")
    assert find_meld(hand("11c 12c JK"), LUDO_J) == Meld.parse("JK=10c 11c 12c")
    assert find_meld(hand("5c 5b JK"), LUDO_J) == Meld.parse("JK=5o 5c 5b")


def test_a_real_card_renames_the_joker_of_a_group() -> None:
    group = find_meld(hand("5c 5b JK"), LUDO_J)
    assert group is not None
    grown = group.add(Card.parse("5o"), LUDO_J)
    assert sorted(c.code() for c in grown.stands_for) == ["5b", "5c", "5e", "5o"]


def test_a_real_card_never_takes_a_jokers_place_in_a_run() -> None:
    run = Meld.parse("3c JK=4c 5c")
    assert not run.can_add(Card.parse("4c"), LUDO_J)
    assert run.can_add(Card.parse("6c"), LUDO_J)


def test_a_joker_can_be_laid_off() -> None:
    assert Meld.parse("3c 4c 5c").can_add(Card.parse("JK"), LUDO_J)


def test_no_five_card_group_with_a_joker_in_one_deck() -> None:
    assert find_meld(hand("5o 5c 5e 5b JK"), LUDO_J) is None


def test_no_wrap_around() -> None:
    assert find_meld(hand("11o 12o 1o"), get_rules("ludoteka")) is None


def test_jdc_two_decks_identical_in_groups_never_in_runs() -> None:
    rules = get_rules("jeux-de-cartes", decks=2)
    assert find_meld(hand("5o 5o 5c"), rules) is not None
    assert find_meld(hand("5o 5o 6o 7o"), rules) is None


def test_jdc_closer_laying_off_his_own_card_scores_zero() -> None:
    end = resolve(hand("4c 5c 6c 7o 7e 7b 2c"), [hand("3c 11o 11e 1b 5e 12b 10o")],
                  get_rules("jeux-de-cartes"))
    closer = end.players[0]
    assert [lo.card.code() for lo in closer.laid_off] == ["2c"] and closer.score == 0


def test_fournier_closer_never_lays_off_in_the_rounds() -> None:
    end = resolve(hand("1c 2c 3c 10o 10c 10b 4e"), [hand("5e 6e 7e 3o 11c 2o 12b")],
                  get_rules("fournier"))
    assert end.players[0].laid_off == () and end.players[0].score == 4


def test_barajamos_group_of_seven_is_minus_ten() -> None:
    analysis = analyze(hand("5o 5o 5c 5c 5e 5e 5b"), get_rules("barajamos", decks=2))
    assert (analysis.outcome, analysis.score) == (Outcome.MINUS_TEN, -10)


def test_barajamos_return_token_at_a_later_summary() -> None:
    sheet = ScoreSheet.start(get_rules("barajamos"), 4)
    sheet = sheet.score_close(0, Outcome.POINTS, {0: 1, 1: 71, 2: 5, 3: 5})
    sheet = sheet.score_close(0, Outcome.POINTS, {0: 1, 2: 5, 3: 5})
    assert sheet.can_return(1)  # one hand later, still
    assert sheet.spend_return(1).totals[1] == 10


def test_ludoteka_two_player_rule_applies_to_games_that_started_with_two() -> None:
    rules = get_rules("ludoteka", returns=1)
    assert ScoreSheet.start(rules, 2).returns_left(0) == 0
    sheet = ScoreSheet.start(rules, 3).score_close(0, Outcome.POINTS, {0: 1, 1: 101, 2: 5})
    assert len(sheet.in_game) == 2 and sheet.can_return(1)


def test_jdc_returns_only_while_two_are_in() -> None:
    sheet = ScoreSheet.start(get_rules("jeux-de-cartes"), 3)
    sheet = sheet.score_close(0, Outcome.POINTS, {0: 1, 1: 101, 2: 5})
    assert sheet.can_return(1)


def test_ace_of_oros_costs_a_loose_joker() -> None:
    assert get_rules("barajamos+jokers=ace-of-oros").points(ACE_JOKER) == 25
    assert get_rules("barajamos+jokers=ace-of-oros+joker-points=15").points(ACE_JOKER) == 15


def test_a_seven_run_with_a_joker_is_not_a_chinchon_outside_ludoteka() -> None:
    analysis = analyze(hand("3e JK 5e 6e 7e 8e 9e"), get_rules("barajamos+jokers=2"))
    assert analysis.outcome is Outcome.MINUS_TEN


def test_with_two_decks_a_joker_may_name_a_card_the_group_holds() -> None:
    meld = find_meld(hand("5o 5c 5e 5b JK"), get_rules("barajamos+decks=2+jokers=2"))
    assert meld is not None and len(meld) == 5


def test_the_closer_shows_the_most_melded_arrangement_first() -> None:
    analysis = analyze(hand("3c 4c 5c 6c 6o 6e 1b"), get_rules("barajamos"))
    assert analysis.arrangement.code() == "6o 6c 6e | 3c 4c 5c / 1b"


@pytest.mark.parametrize("row", [spec.key for spec in ROWS])
def test_for_profiles_gathers_each_disclosure_once(row: str) -> None:
    for house in (False, True):
        found = disclosures.for_profiles(PROFILE_IDS, row, house=house)
        expected = {d.key for pid in PROFILE_IDS for d in disclosures.for_row(pid, row,
                                                                              house=house)}
        assert sorted(d.key for d in found) == sorted(expected)
