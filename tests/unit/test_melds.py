"""Melds: groups and runs under each profile, jokers naming cards, lay-offs, notation."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chinchon.engine.cards import JOKER, Card, CardError, parse_hand
from chinchon.engine.melds import Meld, MeldError, MeldKind, check_meld, find_meld, make_meld
from chinchon.engine.rules import Rules, get_rules
from harness.reference import is_meld, naming_is_valid, sorted_cards, table_of
from tests.unit.test_rules import COMBOS

BARAJAMOS = get_rules("barajamos")
FOURNIER = get_rules("fournier")
TWO_DECKS = get_rules("barajamos", decks=2)
JOKERS = get_rules("ludoteka", jokers=2)


@pytest.mark.parametrize(("rules", "text", "kind"), [
    (FOURNIER, "6c 7c 10c", MeldKind.RUN),
    (FOURNIER, "5c 6c 7c 10c 11c 12c", MeldKind.RUN),
    (BARAJAMOS, "7c 8c 9c", MeldKind.RUN),
    (BARAJAMOS, "10o 11o 12o", MeldKind.RUN),
    (BARAJAMOS, "7o 7c 7b", MeldKind.GROUP),
    (FOURNIER, "12o 12c 12e 12b", MeldKind.GROUP),
    (TWO_DECKS, "7o 7o 7c", MeldKind.GROUP),
    (TWO_DECKS, "7o 7o 7c 7c 7e 7e 7b", MeldKind.GROUP),
    (JOKERS, "5c JK 7c", MeldKind.RUN),
    (JOKERS, "5c 6c JK JK", MeldKind.RUN),
    (JOKERS, "4o 4e JK", MeldKind.GROUP),
    (JOKERS, "4o 4e JK JK", MeldKind.GROUP),
])
def test_melds(rules: Rules, text: str, kind: MeldKind) -> None:
    meld = make_meld(parse_hand(text), rules)
    assert meld.kind is kind
    assert sorted(meld.cards) == sorted(parse_hand(text))
    assert check_meld(meld, rules) == meld
    assert naming_is_valid(meld.cards, meld.stands_for, table_of(rules))


@pytest.mark.parametrize(("rules", "text"), [
    (FOURNIER, "7c 11c 12c"),        # the 40-card deck runs 6-7-10, so 7-11 is a gap
    (FOURNIER, "7c 8c 9c"),          # no 8 or 9 in the 40-card deck
    (BARAJAMOS, "11o 12o 1o"),       # no wrap round
    (BARAJAMOS, "12o 1o 2o"),
    (BARAJAMOS, "7o 10o 11o"),       # in the 48-card deck 7 and 10 are not adjacent
    (BARAJAMOS, "3o 4c 5o"),
    (BARAJAMOS, "3o 3c"),
    (TWO_DECKS, "3o 3o 4o 5o"),      # never two identical cards in a run
    (BARAJAMOS, "7o 7c 7c"),         # identical cards only with two decks
    (JOKERS, "5c JK JK"),            # at least two real cards
    (JOKERS, "4o 4c 4e 4b JK"),      # a joker must name a card not already there
    (JOKERS, "1c 2c 3c 4c 5c 6c 7c 10c 11c 12c JK"),  # nothing left to name
    (get_rules("ludoteka"), "5c JK 7c"),  # no jokers without the option
])
def test_not_melds(rules: Rules, text: str) -> None:
    cards = parse_hand(text)
    assert find_meld(cards, rules) is None
    with pytest.raises(MeldError, match=repr(text)):
        make_meld(cards, rules)


def test_joker_names() -> None:
    assert make_meld(parse_hand("5c JK 7c"), JOKERS).code() == "5c JK=6c 7c"
    assert make_meld(parse_hand("11c 12c JK"), JOKERS).code() == "JK=10c 11c 12c"
    assert make_meld(parse_hand("7c 10c JK"), JOKERS).code() == "7c 10c JK=11c"
    assert make_meld(parse_hand("4o 4e JK"), JOKERS).code() == "4o JK=4c 4e"


@pytest.mark.parametrize("text", ["3c 4c JK=5c", "JK=7o 7c 7b", "7o 7c 7b", "9e 10e 11e 12e"])
def test_meld_notation(text: str) -> None:
    meld = check_meld(Meld.parse(text), JOKERS if "JK" in text else BARAJAMOS)
    assert meld.code() == text
    assert Meld.parse(meld.code()) == meld
    assert eval(repr(meld)) == meld


@pytest.mark.parametrize(("text", "error", "quoted"), [
    ("3c 4c", MeldError, "'3c 4c'"),
    ("3c 4c JK", MeldError, "'3c 4c JK'"),
    ("3c 4c 5c=6c", CardError, "'5c=6c'"),
    ("3c 4c 5x", CardError, "'5x'"),
])
def test_bad_meld_notation(text: str, error: type, quoted: str) -> None:
    with pytest.raises(error, match=quoted):
        Meld.parse(text)


@pytest.mark.parametrize(("rules", "text", "quoted"), [
    (BARAJAMOS, "3c 4c JK=5c", "no jokers"),
    (JOKERS, "3c JK=4c JK=5c", "two cards that are not jokers"),
    (JOKERS, "3c 4c JK=6c", "'3c 4c JK=6c'"),
    (FOURNIER, "7c 10c 11c 12c 1c", "'7c 10c 11c 12c 1c'"),
])
def test_check_meld_rejects(rules: Rules, text: str, quoted: str) -> None:
    with pytest.raises(MeldError, match=quoted):
        check_meld(Meld.parse(text), rules)


def test_chained_lay_offs() -> None:
    run = Meld.parse("5o 6o 7o")
    assert not run.can_add(Card(9, "o"), BARAJAMOS)
    longer = run.add(Card(8, "o"), BARAJAMOS).add(Card(9, "o"), BARAJAMOS)
    assert longer.code() == "5o 6o 7o 8o 9o"
    assert run.add(Card(4, "o"), BARAJAMOS).code() == "4o 5o 6o 7o"
    assert run.add(Card(10, "o"), FOURNIER).code() == "5o 6o 7o 10o"
    assert not run.can_add(Card(10, "o"), BARAJAMOS)
    assert Meld.parse("7o 7c 7b").add(Card(7, "e"), BARAJAMOS).code() == "7o 7c 7e 7b"
    assert not Meld.parse("7o 7c 7b").can_add(Card(7, "c"), BARAJAMOS)
    assert Meld.parse("7o 7c 7b").can_add(Card(7, "c"), TWO_DECKS)
    assert not Meld.parse("3c 4c 5c").can_add(JOKER, BARAJAMOS)
    assert Meld.parse("3c 4c 5c").add(JOKER, JOKERS).code() == "3c 4c 5c JK=6c"
    with pytest.raises(MeldError, match=r"'9o'.*'5o 6o 7o'"):
        run.add(Card(9, "o"), BARAJAMOS)


def test_meld_properties() -> None:
    meld = make_meld(parse_hand("JK 5c 6c"), JOKERS)
    assert (meld.rank, meld.suit, meld.has_joker, len(meld)) == (5, "c", True, 3)
    assert meld.points(JOKERS) == 25 + 5 + 6


# --- Against the reference ----------------------------------------------------------------------


@st.composite
def cards_and_rules(draw: st.DrawFn) -> tuple[tuple[Card, ...], Rules]:
    rules = draw(st.sampled_from(COMBOS))
    pool = list(rules.deck.cards())
    if draw(st.booleans()):  # dense: a few adjacent numbers, or one suit
        ranks = rules.deck.ranks
        start = draw(st.integers(0, len(ranks) - 3))
        suit = draw(st.sampled_from("oceb"))
        pool = [c for c in pool if c.is_joker or c.rank in ranks[start:start + 4] or c.suit == suit]
    size = draw(st.integers(1, 8))
    chosen = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size,
                           unique=True))
    return tuple(pool[i] for i in chosen), rules


@settings(max_examples=600, deadline=None)
@given(cards_and_rules())
def test_find_meld_agrees_with_reference(case: tuple[tuple[Card, ...], Rules]) -> None:
    cards, rules = case
    table = table_of(rules)
    meld = find_meld(cards, rules)
    assert (meld is not None) == is_meld(sorted_cards(cards), table)
    if meld is not None:
        assert sorted(meld.cards) == sorted(cards)
        assert naming_is_valid(meld.cards, meld.stands_for, table)
        assert check_meld(meld, rules) == meld
        assert eval(repr(meld)) == meld


@settings(max_examples=400, deadline=None)
@given(cards_and_rules(), st.data())
def test_can_add_agrees_with_reference(case: tuple[tuple[Card, ...], Rules],
                                       data: st.DataObject) -> None:
    cards, rules = case
    meld = find_meld(cards, rules)
    if meld is None or meld.has_joker:
        return
    card = data.draw(st.sampled_from([c for c in rules.deck.distinct_cards() if not c.is_joker]))
    # Without jokers a card fits exactly when meld and card together are a meld.
    assert meld.can_add(card, rules) == is_meld(sorted_cards((*cards, card)), table_of(rules))
    if meld.can_add(card, rules):
        assert check_meld(meld.add(card, rules), rules) == meld.add(card, rules)
