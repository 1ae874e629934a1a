"""Cards and decks: notation that round-trips, decks of every option, hands that cannot be held."""

from __future__ import annotations

import pytest

from chinchon.engine.cards import (
    JOKER,
    RANKS_40,
    RANKS_48,
    SUITS,
    Card,
    CardError,
    Deck,
    HandError,
    hand_code,
    parse_hand,
)

DECKS = [Deck(size, copies, jokers) for size in (40, 48) for copies in (1, 2) for jokers in (0, 2)]


@pytest.mark.parametrize("deck", DECKS, ids=repr)
def test_every_card_round_trips(deck: Deck) -> None:
    for card in deck.cards():
        assert Card.parse(card.code()) == card
        assert Card.parse(card.code().upper()) == card
        assert Card.parse(f"  {card.code()} ") == card
        assert eval(repr(card)) == card
        assert str(card) == card.code()
        assert deck.contains(card)


@pytest.mark.parametrize("deck", DECKS, ids=repr)
def test_deck_contents(deck: Deck) -> None:
    cards = deck.cards()
    assert len(cards) == len(deck) == deck.size * deck.copies + deck.jokers
    assert cards.count(JOKER) == deck.jokers
    distinct = deck.distinct_cards()
    assert len(set(distinct)) == len(distinct) == deck.size + (1 if deck.jokers else 0)
    assert all(cards.count(card) == deck.copies for card in distinct if not card.is_joker)
    assert deck.ranks == (RANKS_48 if deck.size == 48 else RANKS_40)
    assert eval(repr(deck)) == deck


def test_forty_card_deck_has_no_eights_or_nines() -> None:
    deck = Deck(40)
    assert not deck.contains(Card(8, "o"))
    assert not deck.contains(Card(9, "b"))
    assert deck.ranks.index(10) == deck.ranks.index(7) + 1
    assert not deck.contains(JOKER)


def test_card_attributes() -> None:
    bits = {Card(rank, suit).bit for suit in SUITS for rank in RANKS_48}
    assert len(bits) == 48 and all(bit.bit_count() == 1 for bit in bits)
    assert Card.parse("12b").is_figure and not Card.parse("9b").is_figure
    assert Card.parse("jk") is JOKER and JOKER.is_joker and JOKER.code() == "JK"


@pytest.mark.parametrize("text", ["7o 7c 7b", "7o,7c,7b", "7o, 7c ,7b", "7o+7c+7b", " 7O 7c\t7B "])
def test_parse_hand_separators(text: str) -> None:
    assert hand_code(parse_hand(text)) == "7o 7c 7b"


def test_parse_hand_of_codes() -> None:
    assert parse_hand(["7o", " 12b", "JK"]) == (Card(7, "o"), Card(12, "b"), JOKER)
    assert parse_hand("") == ()


@pytest.mark.parametrize("code", ["13o", "0o", "7x", "o7", "7", "", "joker", "7 o", "1.5c"])
def test_unknown_card(code: str) -> None:
    with pytest.raises(CardError, match=repr(code.strip()).replace("(", r"\(")):
        Card.parse(code)


def test_unknown_card_in_a_hand_is_named() -> None:
    with pytest.raises(CardError, match="'4x'"):
        parse_hand("7o 7c 4x 9e")


@pytest.mark.parametrize(("rank", "suit"), [(13, "o"), (0, "b"), (5, "x"), (0, "c")])
def test_card_constructor_rejects(rank: int, suit: str) -> None:
    with pytest.raises(CardError, match=str(rank)):
        Card(rank, suit)


@pytest.mark.parametrize(("deck", "hand", "error", "quoted"), [
    (Deck(40), "8o 1c 2c", CardError, "'8o'"),
    (Deck(40), "9b 1c 2c", CardError, "'9b'"),
    (Deck(48), "JK 1c 2c", CardError, "'JK'"),
    (Deck(48), "5o 5o 2c", HandError, "'5o'"),
    (Deck(48, copies=2), "5o 5o 5o", HandError, "'5o'"),
    (Deck(40, jokers=2), "JK JK JK", HandError, "'JK'"),
])
def test_cards_the_deck_cannot_hold(deck: Deck, hand: str, error: type, quoted: str) -> None:
    with pytest.raises(error, match=quoted):
        deck.check_hand(parse_hand(hand))


def test_wrong_count_is_named() -> None:
    with pytest.raises(HandError, match=r"7.*not 3.*'1c 2c 3c'"):
        Deck(48).check_hand(parse_hand("1c 2c 3c"), sizes=(7,))
    Deck(48, copies=2).check_hand(parse_hand("5o 5o 5c"), sizes=(3,))
    Deck(40, jokers=2).check_hand(parse_hand("JK JK 5c"))


@pytest.mark.parametrize(("args", "quoted"), [((44,), "44"), ((40, 3), "3"), ((40, 1, 1), "1")])
def test_bad_deck(args: tuple[int, ...], quoted: str) -> None:
    with pytest.raises(HandError, match=quoted):
        Deck(*args)


def test_errors_are_value_errors() -> None:
    assert issubclass(CardError, ValueError) and issubclass(HandError, ValueError)
