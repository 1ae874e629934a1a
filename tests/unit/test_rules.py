"""Rule profiles: the RULES.md table as data, options, citations, repr, bad options."""

from __future__ import annotations

from pathlib import Path

import pytest

from chinchon.engine.cards import JOKER, Card, Deck
from chinchon.engine.rules import (
    OPTIONS,
    OURS,
    PROFILE_IDS,
    ChinchonEffect,
    CloseRule,
    Rules,
    RulesError,
    all_profiles,
    get_rules,
)

SOURCES = Path(__file__).resolve().parents[2].parent / "shared" / "sources"
#: Every profile with every combination of its deck options.
COMBOS = [get_rules("barajamos"), get_rules("barajamos", decks=2), get_rules("fournier"),
          get_rules("jeux-de-cartes"), get_rules("jeux-de-cartes", decks=2),
          *(get_rules("ludoteka", deck=size, jokers=jokers)
            for size in (40, 48) for jokers in (0, 2))]


def test_profiles() -> None:
    assert tuple(rules.id for rules in all_profiles()) == PROFILE_IDS
    assert [get_rules(rules_id) for rules_id in PROFILE_IDS] == list(all_profiles())


@pytest.mark.parametrize("rules", COMBOS, ids=repr)
def test_repr_pastes_back(rules: Rules) -> None:
    assert eval(repr(rules)) == rules
    assert get_rules(rules.id, **rules.options) == rules


def test_rules_md_table() -> None:
    """The rows of RULES.md that the solver depends on, profile by profile."""
    b, f, j, lu = all_profiles()
    assert [r.deck.size for r in (b, f, j, lu)] == [48, 40, 40, 40]
    assert [r.close_rule for r in (b, f, j, lu)] == [CloseRule.POINTS, CloseRule.POINTS,
                                                     CloseRule.ONE_LOOSE, CloseRule.ONE_LOOSE]
    assert [r.close_limit for r in (b, f, j, lu)] == [5, 5, 3, 4]
    assert [r.close_in_first_round for r in (b, f, j, lu)] == [True, True, True, False]
    assert [r.close_within_limit for r in (b, f, j, lu)] == [False, False, False, True]
    assert [r.chinchon_effect for r in (b, f, j, lu)] == [
        ChinchonEffect.WINS_GAME, ChinchonEffect.MINUS_TEN, ChinchonEffect.OTHERS_PLUS_100,
        ChinchonEffect.WINS_GAME]
    assert [r.limit for r in (b, f, j, lu)] == [70, 100, 100, 100]
    assert [r.two_decks_from for r in (b, f, j, lu)] == [5, None, 5, None]
    assert lu.joker_run_score == -25 and all(r.minus_ten == -10 for r in (b, f, j, lu))


@pytest.mark.parametrize(("rules_id", "figures"), [
    ("barajamos", (10, 11, 12)), ("fournier", (8, 9, 10)),
    ("jeux-de-cartes", (10, 10, 10)), ("ludoteka", (10, 10, 10))])
def test_points(rules_id: str, figures: tuple[int, int, int]) -> None:
    rules = get_rules(rules_id)
    assert [rules.points(Card(rank, "c")) for rank in range(1, 10)] == list(range(1, 10))
    assert tuple(rules.points(Card(rank, "e")) for rank in (10, 11, 12)) == figures
    assert rules.points(JOKER) == 25


@pytest.mark.parametrize("rules", all_profiles(), ids=repr)
def test_every_field_cites_a_source_of_its_profile(rules: Rules) -> None:
    for name, citation in rules.citations.items():
        assert hasattr(rules, name), name
        assert citation.startswith(OURS) or any(source in citation for source in rules.sources)
    for source in rules.sources:
        assert (SOURCES / source).exists() or not SOURCES.exists(), source


def test_players_pick_the_decks() -> None:
    assert get_rules("barajamos", players=4).deck == Deck(48)
    assert get_rules("barajamos", players=5).deck == Deck(48, copies=2)
    assert get_rules("jeux-de-cartes", players=5).deck == Deck(40, copies=2)
    assert get_rules("fournier", players=4).deck == Deck(40)


def test_ludoteka_options() -> None:
    rules = get_rules("ludoteka", deck=48, jokers=2, limit=150, returns=1)
    assert rules.deck == Deck(48, jokers=2) and (rules.limit, rules.returns) == (150, 1)
    assert rules.options == {"deck": 48, "jokers": 2, "limit": 150, "returns": 1}
    assert eval(repr(rules)) == rules
    assert get_rules("ludoteka", deck=None) == get_rules("ludoteka")


@pytest.mark.parametrize(("rules_id", "options", "quoted"), [
    ("chinchon", {}, "'chinchon'"),
    ("Barajamos", {}, "'Barajamos'"),
    ("fournier", {"decks": 2}, "2"),
    ("fournier", {"jokers": 2}, "'jokers'"),
    ("fournier", {"deck": 48}, "'deck'"),
    ("barajamos", {"jokers": 2}, "'jokers'"),
    ("barajamos", {"decks": 3}, "3"),
    ("jeux-de-cartes", {"deck": 48}, "'deck'"),
    ("ludoteka", {"decks": 2}, "2"),
    ("ludoteka", {"deck": 44}, "44"),
    ("ludoteka", {"deck": "48"}, "'48'"),
    ("ludoteka", {"jokers": 1}, "1"),
    ("ludoteka", {"limit": 0}, "0"),
    ("ludoteka", {"returns": -1}, "-1"),
    ("ludoteka", {"colour": 1}, "'colour'"),
    ("barajamos", {"limit": 50}, "'limit'"),
    ("barajamos", {"players": 9}, "9"),
])
def test_bad_options(rules_id: str, options: dict[str, object], quoted: str) -> None:
    with pytest.raises(RulesError, match=quoted):
        get_rules(rules_id, **options)


def test_options_table_lists_every_option() -> None:
    for rules_id, options in OPTIONS.items():
        for key, values in options.items():
            for value in values:
                assert get_rules(rules_id, **{key: value}).id == rules_id
    assert issubclass(RulesError, ValueError)
