"""The Odds page's model: which figures it shows for the rules chosen, shares, alike profiles."""

from __future__ import annotations

import pytest

from chinchon.engine.odds import can_rank, shipped_decks, shipped_odds
from chinchon.engine.rules import PROFILE_IDS, get_rules
from chinchon.views import odds as odds_view
from chinchon.views.odds import Aside


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_a_profile_as_written_shows_its_own_shipped_figures(rules_id: str) -> None:
    shown = odds_view.figures_for(get_rules(rules_id), house=False)
    assert shown == odds_view.Shown(get_rules(rules_id), False, None)


def test_the_sidebars_second_deck_or_jokers_are_set_aside_keeping_the_deck_size() -> None:
    shown = odds_view.figures_for(get_rules("ludoteka", deck=48, jokers=2), house=False)
    assert shown == odds_view.Shown(get_rules("ludoteka", deck=48), False, Aside.OPTIONS_ASIDE)
    two = odds_view.figures_for(get_rules("barajamos", decks=2), house=False)
    assert two == odds_view.Shown(get_rules("barajamos"), False, Aside.OPTIONS_ASIDE)


def test_house_rules_are_counted_live_when_one_deck_without_jokers() -> None:
    chosen = get_rules("fournier+close=all-melded")
    assert not can_rank(chosen)
    assert odds_view.figures_for(chosen, house=True) == odds_view.Shown(
        chosen, True, Aside.HOUSE_COUNTED)
    # A house code the shipped figures cover needs no count.
    covered = get_rules("fournier+limit=50")
    assert can_rank(covered)
    assert odds_view.figures_for(covered, house=True) == odds_view.Shown(
        get_rules("fournier"), False, None)


def test_house_rules_with_jokers_show_the_profiles_figures_and_say_so() -> None:
    shown = odds_view.figures_for(get_rules("barajamos+jokers=ace-of-oros"), house=True)
    assert shown == odds_view.Shown(get_rules("barajamos"), False, Aside.HOUSE_ASIDE)


def test_percent_digits_show_small_shares() -> None:
    for share in (0.5, 0.01, 0.009, 0.0001, 0.00009, 3e-7):  # 3e-7: 24 runs in 73 M hands
        digits = odds_view.percent_digits(share)
        assert round(100 * share, digits) > 0  # never written as 0%


def test_headlines_read_the_counts() -> None:
    odds = shipped_odds(get_rules("fournier"))
    assert odds_view.headlines(odds) == (("odds.metric.close", odds.can_close),
                                         ("odds.metric.minus_ten", odds.minus_ten),
                                         ("odds.metric.seven_run", odds.seven_run))


def test_every_shipped_profile_and_deck_and_the_alike_pairs() -> None:
    every = odds_view.every_shipped()
    assert [(o.rules_id, o.deck) for o in every] == [
        (pid, deck) for pid in PROFILE_IDS for deck in shipped_decks(pid)]
    pairs = odds_view.alike(every)
    for first, second in pairs:
        assert first.loose_points == second.loose_points
    found = {(a.rules_id, a.deck, b.rules_id, b.deck) for a, b in pairs}
    assert found == {(a.rules_id, a.deck, b.rules_id, b.deck) for i, a in enumerate(every)
                     for b in every[i + 1:] if a.loose_points == b.loose_points}
    assert found  # jeux-de-cartes and ludoteka deal alike on 40 cards
