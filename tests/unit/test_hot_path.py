"""The playouts' hot path against the brute-force reference: the mask solver (remembered and
inline look-ups), :func:`~chinchon.engine.draws.discard_leaves`' fast path, the memory of
two-deck and joker hands, cold and warm, for every profile and option; and the cached hash of
:class:`~chinchon.engine.rules.Rules` that keys those memories."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chinchon.engine.cards import Card, mask_of, parse_hand
from chinchon.engine.draws import clear_memo, discard_leaves
from chinchon.engine.errors import ArgumentError
from chinchon.engine.meld_search import MaskError, fewest_loose_points, mask_solver
from chinchon.engine.rules import Rules, RulesError, get_rules
from chinchon.engine.solver import analyze, can_close
from harness.reference import solve, solve_discards, table_of, verdict
from tests.unit.test_rules import COMBOS
from tests.unit.test_solver import context, hands

WILD_ACE = get_rules("fournier+jokers=ace-of-oros")
EVERY = [*COMBOS, WILD_ACE, get_rules("fournier+seven-ten=no"),
         get_rules("ludoteka+figures=8-9-10")]
SIMPLE = [rules for rules in EVERY if rules.deck.copies == 1 and not rules.deck.has_jokers]
#: Every close rule, limit and first-round rule, for the fast :func:`can_close`.
CLOSES = [*SIMPLE, *(get_rules(code) for code in (
    "fournier+close=one-loose:2", "jeux-de-cartes+close=all-melded", "ludoteka+close=points:7",
    "barajamos+first-round-close=no", "ludoteka+close=one-loose:10"))]


@pytest.mark.parametrize("rules", EVERY, ids=repr)
@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_seven_cards_cold_and_warm(rules: Rules, data: st.DataObject) -> None:
    """The first answer (cold memories) and the remembered one both equal the reference's."""
    cards = data.draw(hands(rules, data.draw(st.sampled_from((7, 7, 8)))))
    expected = solve(cards, table_of(rules)).fewest
    if data.draw(st.booleans()):
        clear_memo()
    assert fewest_loose_points(cards, rules) == expected
    assert fewest_loose_points(tuple(reversed(cards)), rules) == expected  # remembered


@pytest.mark.parametrize("rules", EVERY, ids=repr)
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_discard_leaves_against_reference(rules: Rules, data: st.DataObject) -> None:
    cards = data.draw(hands(rules, 8))
    expected = [solution.fewest for solution in solve_discards(cards, table_of(rules))]
    if data.draw(st.booleans()):
        clear_memo()
    assert list(discard_leaves(cards, rules)) == expected
    assert list(discard_leaves(cards, rules)) == expected  # warm


@pytest.mark.parametrize("rules", SIMPLE, ids=repr)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_mask_solver_any_size(rules: Rules, data: st.DataObject) -> None:
    """0 to 8 cards, dense in numbers (two groups, groups of four, groups against runs)."""
    size = data.draw(st.integers(0, 8))
    cards = data.draw(hands(rules, size)) if size >= 3 else tuple(
        data.draw(st.lists(st.sampled_from(rules.deck.cards()), max_size=size, unique=True)))
    assert mask_solver(rules)[mask_of(cards)] == solve(cards, table_of(rules)).fewest


@pytest.mark.parametrize("rules", SIMPLE, ids=repr)
def test_two_groups_and_a_group_of_four(rules: Rules) -> None:
    """Hands whose best uses two groups, or a group of four beside a run, or a group that
    must give up a card to a run: each against the reference."""
    table = table_of(rules)
    for text in ("1o 1c 1e 2o 2c 2e 3b 5b", "1o 1c 1e 1b 2o 3o 4o 7b",
                 "3o 3c 3e 4o 5o 6b 6c 6e", "1o 1c 1e 1b 2b 3b 7c 7e"):
        cards = parse_hand(text)
        mask_solver(rules).clear()
        assert fewest_loose_points(cards, rules) == solve(cards, table).fewest, text
        assert list(discard_leaves(cards, rules)) == [
            s.fewest for s in solve_discards(cards, table)], text


@pytest.mark.parametrize("rules", CLOSES, ids=repr)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_can_close_against_reference(rules: Rules, data: st.DataObject) -> None:
    """The fast close check (no arrangement built) agrees with the full analysis and with the
    reference, in every context: first round or not, any total near the limit."""
    cards = data.draw(hands(rules, 7))
    first_round, total = data.draw(context())
    if total is not None and data.draw(st.booleans()):
        total = rules.limit - data.draw(st.integers(-1, 12))  # where the limit bites
    expected = verdict(solve(cards, table_of(rules)), table_of(rules), first_round, total)
    allowed = can_close(cards, rules, first_round=first_round, total=total)
    assert allowed == expected.can_close
    assert allowed == analyze(cards, rules, first_round=first_round, total=total).can_close


def test_can_close_checks_its_context() -> None:
    rules, cards = get_rules("ludoteka"), parse_hand("1o 2o 3o 4o 5o 6o 7o")
    with pytest.raises(ArgumentError, match="first_round"):
        can_close(cards, rules, first_round="no")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="total"):
        can_close(cards, rules, total=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not 8"):
        can_close((*cards, Card.parse("10o")), rules)


def test_mask_solver_refuses_jokers_and_two_decks() -> None:
    for rules in (get_rules("ludoteka", jokers=2), get_rules("barajamos", decks=2), WILD_ACE):
        with pytest.raises(MaskError, match=repr(rules.deck.describe())):
            mask_solver(rules)
    with pytest.raises(RulesError, match="'fournier'"):
        mask_solver("fournier")  # type: ignore[arg-type]


def test_bad_input_still_named() -> None:
    rules = get_rules("fournier")
    with pytest.raises(ArgumentError, match="'7o 7c'"):
        fewest_loose_points("7o 7c", rules)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="'fournier'"):
        fewest_loose_points(parse_hand("7o 7c"), "fournier")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="7o"):
        fewest_loose_points(parse_hand("7o 7o 1c"), rules)
    with pytest.raises(ValueError, match="8o"):
        discard_leaves(parse_hand("1o 2o 3o 4o 5o 6o 7o 8o"), rules)
    with pytest.raises(ArgumentError, match="Card"):
        discard_leaves([Card.parse("1o"), "2o"], rules)  # type: ignore[list-item]


def test_rules_hash_is_kept_and_agrees_with_equality() -> None:
    rules = get_rules("ludoteka", jokers=2)
    twin = dataclasses.replace(rules)
    assert twin is not rules and twin == rules and hash(twin) == hash(rules)
    other = dataclasses.replace(rules, limit=rules.limit + 1)
    assert other != rules and {rules: 1, other: 2}[other] == 2
    assert hash(rules) == hash(rules) == rules.__dict__["_hash"]
