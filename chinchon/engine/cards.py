"""Spanish playing cards and decks, with the project's card notation.

A card is written as its printed number (1–12) followed by its suit letter:
``o`` oros, ``c`` copas, ``e`` espadas, ``b`` bastos. ``7o`` is the seven of
oros, ``12b`` the rey of bastos, ``JK`` a joker.

>>> Card.parse("7o")
Card.parse('7o')
>>> Card.parse("12B").code()
'12b'
>>> [c.code() for c in parse_hand("7o, 7c 7b")]
['7o', '7c', '7b']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from chinchon.engine.errors import ArgumentError, quote

SUITS = ("o", "c", "e", "b")
SUIT_NAMES = {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"}
FIGURE_NAMES = {10: "sota", 11: "caballo", 12: "rey"}
JOKER_CODE = "JK"
RANKS_40 = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
RANKS_48 = tuple(range(1, 13))

_CARD_RE = re.compile(r"(1[0-2]|[1-9])([ocebOCEB])")


class CardError(ValueError):
    """A card code that is not a card, or not a card of the deck in use."""


class HandError(ValueError):
    """A hand that is not a legal hand for the deck and rules in use."""


@dataclass(frozen=True, order=True)
class Card:
    """One card: ``rank`` 1–12 and ``suit`` one of ``o c e b``; the joker has rank 0, suit ''."""

    rank: int
    suit: str
    #: One bit per distinct card: suit-major, 12 bits a suit (unused ranks simply never occur).
    bit: int = field(init=False, repr=False, compare=False, hash=False)
    is_joker: bool = field(init=False, repr=False, compare=False, hash=False)
    _code: str = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        # Stored rather than computed: the solver reads these in its inner loops.
        # Rank 0 of oros is the ace of oros playing as the joker (house rule jokers=ace-of-oros).
        joker = self.rank == 0 and self.suit in ("", "o")
        if joker:
            bit = 0
        elif type(self.rank) is int and self.suit in SUITS and 1 <= self.rank <= 12:
            bit = 1 << (SUITS.index(self.suit) * 12 + self.rank - 1)
        else:
            raise CardError(f"no such card: rank {quote(self.rank)}, suit {quote(self.suit)}")
        object.__setattr__(self, "bit", bit)
        object.__setattr__(self, "is_joker", joker)
        code = (JOKER_CODE if not self.suit else "1o") if joker else f"{self.rank}{self.suit}"
        object.__setattr__(self, "_code", code)

    @property
    def is_figure(self) -> bool:
        return self.rank >= 10

    @staticmethod
    def parse(code: str) -> Card:
        """Read a card code such as ``7o``, ``12b`` or ``JK`` (any case, surrounding spaces ok)."""
        if not isinstance(code, str):
            raise ArgumentError(f"a card code is text such as '7o', not {quote(code)}")
        return _parse_card(code.strip())

    def code(self) -> str:
        return self._code

    def __str__(self) -> str:
        return self.code()

    def __repr__(self) -> str:
        if self is ACE_JOKER or (self.rank == 0 and self.suit):
            return "Card(0, 'o')"
        return f"Card.parse({self.code()!r})"


JOKER = Card(0, "")
#: The ace of oros when it plays as the joker (house rule ``jokers=ace-of-oros``): written
#: ``1o`` like the card, a joker to the melds; :meth:`Deck.adopt` turns a read ``1o`` into it.
ACE_JOKER = Card(0, "o")
ACE_OF_OROS = Card(1, "o")


@cache
def _parse_card(code: str) -> Card:
    if code.upper() == JOKER_CODE:
        return JOKER
    match = _CARD_RE.fullmatch(code)
    if match is None:
        raise CardError(f"unknown card {quote(code)}: write a number 1-12 and a suit o, c, e or b, or JK")
    return Card(int(match.group(1)), match.group(2).lower())


def parse_hand(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards separated by spaces, commas or ``+`` (as in URLs), or an iterable of codes."""
    if isinstance(text, str):
        codes = text.split() if "," not in text and "+" not in text else re.split(r"[\s,+]+", text)
    else:
        try:
            codes = [code.strip() for code in text]
        except (TypeError, AttributeError):
            raise ArgumentError(f"a hand is text or a list of card codes, not {quote(text)}"
                                ) from None
    return tuple([_parse_card(code) for code in codes if code])


def check_cards(name: str, value: Any) -> tuple[Card, ...]:
    """``value`` as a tuple of cards, or :class:`~chinchon.engine.errors.ArgumentError` naming
    ``name`` when it is not a sequence of :class:`Card` (text goes through :func:`parse_hand`).

    >>> check_cards("hand", "7o 7c")
    Traceback (most recent call last):
    ...
    chinchon.engine.errors.ArgumentError: hand must be a sequence of Card, not the text '7o 7c' ...
    """
    if isinstance(value, str | bytes):
        raise ArgumentError(f"{name} must be a sequence of Card, not the text {quote(value)} "
                            f"(read it with parse_hand)")
    try:
        cards = tuple(value)
    except TypeError:
        raise ArgumentError(f"{name} must be a sequence of Card, not {quote(value)}") from None
    for card in cards:
        if type(card) is not Card:
            raise ArgumentError(f"{name} must hold only Card objects, not {quote(card)}")
    return cards


def mask_of(cards: Iterable[Card]) -> int:
    """The OR of the cards' ``bit``: distinct cards as one int (a joker adds nothing).

    >>> mask_of(parse_hand("1o 2o")) == Card.parse("1o").bit | Card.parse("2o").bit
    True
    """
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def hand_code(cards: Iterable[Card]) -> str:
    """The inverse of :func:`parse_hand`: codes joined by spaces."""
    return " ".join(card.code() for card in cards)


@cache
def _plain_cards(size: int, wild_ace: bool) -> tuple[Card, ...]:
    """A deck's cards other than jokers, one copy, made once (every deal asks for them)."""
    ranks = RANKS_48 if size == 48 else RANKS_40
    return tuple(Card(rank, suit) for suit in SUITS for rank in ranks
                 if not (wild_ace and rank == 1 and suit == "o"))


@dataclass(frozen=True)
class Deck:
    """A Spanish deck: 40 cards (1–7, 10–12) or 48 (1–12), one or two copies, 0 or 2 jokers,
    or the ace of oros playing as the joker (``wild_ace``); ``seven_ten``: whether 7 and 10
    are neighbours in a run of the 40-card deck.

    >>> Deck(40, wild_ace=True).adopt(parse_hand("1o 2o"))
    (Card(0, 'o'), Card.parse('2o'))
    >>> Deck(40, seven_ten=False).run_order
    (1, 2, 3, 4, 5, 6, 7, None, 10, 11, 12)
    """

    size: int = 40
    copies: int = 1
    jokers: int = 0
    wild_ace: bool = False
    seven_ten: bool = True

    def __post_init__(self) -> None:
        if self.size not in (40, 48):
            raise HandError(f"a Spanish deck has 40 or 48 cards, not {quote(self.size)}")
        if self.copies not in (1, 2):
            raise HandError(f"play with one deck or two, not {quote(self.copies)}")
        if self.jokers not in (0, 2):
            raise HandError(f"a deck has 0 or 2 jokers, not {quote(self.jokers)}")
        if self.wild_ace and self.jokers:
            raise HandError("the ace of oros is the joker, or the deck has jokers: not both")

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks in order: 7 is followed by 10 in the 40-card deck."""
        return RANKS_48 if self.size == 48 else RANKS_40

    @property
    def run_order(self) -> tuple[int | None, ...]:
        """The ranks as runs climb them; ``None`` is a break no run crosses (7 and 10 of the
        40-card deck when ``seven_ten`` is off)."""
        if self.size == 40 and not self.seven_ten:
            return (*RANKS_40[:7], None, *RANKS_40[7:])
        return self.ranks

    @property
    def has_jokers(self) -> bool:
        """Whether any card plays as a joker (jokers, or the ace of oros)."""
        return bool(self.jokers) or self.wild_ace

    def adopt(self, cards: Iterable[Card]) -> tuple[Card, ...]:
        """``cards`` as this deck plays them: with ``wild_ace`` the ace of oros is the joker."""
        if not self.wild_ace:
            return tuple(cards)
        return tuple(ACE_JOKER if card == ACE_OF_OROS else card for card in cards)

    def _plain(self) -> tuple[Card, ...]:
        return _plain_cards(self.size, self.wild_ace)

    def distinct_cards(self) -> tuple[Card, ...]:
        """Each different card once, suit by suit, jokers last."""
        if self.wild_ace:
            return (*self._plain(), ACE_JOKER)
        return self._plain() + ((JOKER,) if self.jokers else ())

    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, duplicates included (the stock before the deal)."""
        plain = self._plain() * self.copies
        if self.wild_ace:
            return plain + (ACE_JOKER,) * self.copies
        return plain + (JOKER,) * self.jokers

    def __len__(self) -> int:
        return self.size * self.copies + self.jokers

    def contains(self, card: Card) -> bool:
        if card.is_joker:
            return self.wild_ace if card.suit else self.jokers > 0
        return card.rank in self.ranks  # with wild_ace, 1o is here too: as the joker

    def copies_of(self, card: Card) -> int:
        """How many of ``card`` the deck holds."""
        if not self.contains(self.adopt((card,))[0]):
            return 0
        if card.is_joker and not card.suit:
            return self.jokers
        return self.copies

    def check_hand(self, cards: Sequence[Card], sizes: Iterable[int] | None = None) -> None:
        """Raise :class:`HandError` naming the problem if ``cards`` cannot be held from this deck."""
        if sizes is not None:
            allowed = tuple(sizes)
            if len(cards) not in allowed:
                wanted = " or ".join(str(n) for n in allowed)
                raise HandError(f"a hand has {wanted} cards, not {len(cards)}: {quote(hand_code(cards))}")
        cards = self.adopt(cards)
        for card in cards:
            if not self.contains(card):
                what = "no jokers" if card.is_joker else f"no {card.code()}"
                raise CardError(f"card {quote(card.code())} is not in this deck ({self.describe()}: {what})")
        for card, count in Counter(cards).items():
            limit = self.copies_of(card)
            if count > limit:
                raise HandError(f"card {quote(card.code())} appears {count} times, but this deck "
                                f"({self.describe()}) has {limit}")

    def describe(self) -> str:
        text = f"{self.size} cards"
        if self.copies == 2:
            text = f"two decks of {self.size} cards"
        if self.jokers:
            text += f" and {self.jokers} jokers"
        if self.wild_ace:
            text += ", the ace of oros as the joker"
        if self.size == 40 and not self.seven_ten:
            text += ", 7 and 10 not in a row"
        return text
