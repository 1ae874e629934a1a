"""Melds: groups (three or more of one number) and runs (three or more in a row, one suit).

A joker (ludoteka's option) stands for one named card; it is written ``JK=5c``.

>>> rules = get_rules("fournier")
>>> make_meld(parse_hand("6c 7c 10c"), rules).code()
'6c 7c 10c'
>>> make_meld(parse_hand("7o 7e 7b"), rules)
Meld.parse('7o 7e 7b')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from chinchon.engine.cards import (  # noqa: F401
    JOKER,
    SUITS,
    Card,
    CardError,
    check_cards,
    hand_code,
    parse_hand,
)
from chinchon.engine.errors import ArgumentError, quote
from chinchon.engine.rules import Rules, check_rules, get_rules  # noqa: F401  (doctests)

MIN_MELD = 3


class MeldError(ValueError):
    """Cards that do not form a meld under the rules in use."""


class MeldKind(str, Enum):
    GROUP = "group"
    RUN = "run"


@dataclass(frozen=True)
class Meld:
    """A meld as shown on the table: its cards in order and the card each one stands for.

    ``stands_for[i]`` is ``cards[i]`` itself, except for a joker, where it is the named card.
    Runs are in rank order, groups in suit order (o, c, e, b).
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    stands_for: tuple[Card, ...]

    @staticmethod
    def parse(text: str) -> Meld:
        """Read ``'3c 4c JK=5c'``: the kind follows from the cards (validity needs :func:`make_meld`)."""
        if not isinstance(text, str):
            raise ArgumentError(f"a meld is text such as '3c 4c 5c', not {quote(text)}")
        cards: list[Card] = []
        named: list[Card] = []
        for token in re.split(r"[\s,+]+", text.strip()):
            if not token:
                continue
            real, _, name = token.partition("=")
            card = Card.parse(real)
            if name and not card.is_joker:
                raise CardError(f"only a joker names the card it stands for, not {quote(token)}")
            cards.append(card)
            named.append(Card.parse(name) if name else card)
        if len(cards) < MIN_MELD:
            raise MeldError(f"a meld has at least {MIN_MELD} cards: {quote(text)}")
        if any(card.is_joker for card in named):
            raise MeldError(f"write the card each joker stands for, as JK=5c: {quote(text)}")
        kind = MeldKind.GROUP if len({c.rank for c in named}) == 1 else MeldKind.RUN
        return Meld(kind, tuple(cards), tuple(named))

    def code(self) -> str:
        return " ".join(c.code() if c == n else f"{c.code()}={n.code()}"
                        for c, n in zip(self.cards, self.stands_for, strict=True))

    def __repr__(self) -> str:
        return f"Meld.parse({self.code()!r})"

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def rank(self) -> int:
        """The number of a group (for a run: the number of its lowest card)."""
        return self.stands_for[0].rank

    @property
    def suit(self) -> str:
        """The suit of a run (for a group: the suit of its first card)."""
        return self.stands_for[0].suit

    @property
    def has_joker(self) -> bool:
        return any(card.is_joker for card in self.cards)

    def points(self, rules: Rules) -> int:
        """What these cards would cost if they were loose."""
        return sum(rules.points(card) for card in self.cards)

    def can_add(self, card: Card, rules: Rules) -> bool:
        """Whether ``card`` may be laid off onto this meld (one card, at either end of a run)."""
        return self._added(card, rules) is not None

    def add(self, card: Card, rules: Rules) -> Meld:
        """This meld with ``card`` laid off on it; :class:`MeldError` if it does not fit."""
        if type(card) is not Card:
            raise ArgumentError(f"card must be a Card, not {quote(card)}")
        check_rules(rules)
        meld = self._added(card, rules)
        if meld is None:
            raise MeldError(f"{quote(card.code())} cannot be laid off on {quote(self.code())}")
        return meld

    def additions(self, card: Card, rules: Rules) -> tuple[Meld, ...]:
        """Every meld that laying ``card`` off onto this one can give: none when it does not
        fit, two when a joker may extend a run at either end (the top end first)."""
        if card.is_joker and not rules.deck.jokers:
            return ()
        if self.kind is MeldKind.GROUP:
            if not card.is_joker and card.rank != self.rank:
                return ()
            # Re-solving names the jokers afresh, so a joker standing for 7e does not keep
            # the real 7e out of the group.
            grown = find_meld((*self.cards, card), rules)
            return (grown,) if grown is not None and grown.kind is MeldKind.GROUP else ()
        ranks = rules.deck.ranks
        low = ranks.index(self.stands_for[0].rank)
        high = ranks.index(self.stands_for[-1].rank)
        found: list[Meld] = []
        for position, on_top in ((high + 1, True), (low - 1, False)):
            if not 0 <= position < len(ranks):
                continue
            named = Card(ranks[position], self.suit)
            if card.is_joker or card == named:
                if on_top:
                    found.append(Meld(self.kind, (*self.cards, card), (*self.stands_for, named)))
                else:
                    found.append(Meld(self.kind, (card, *self.cards), (named, *self.stands_for)))
        return tuple(found)

    def _added(self, card: Card, rules: Rules) -> Meld | None:
        ways = self.additions(card, rules)
        return ways[0] if ways else None


def _group(cards: Sequence[Card], named: Sequence[Card]) -> Meld:
    order = sorted(range(len(cards)), key=lambda i: (SUITS.index(named[i].suit), cards[i].is_joker))
    return Meld(MeldKind.GROUP, tuple(cards[i] for i in order), tuple(named[i] for i in order))


def _fits_group(named: Sequence[Card], rules: Rules) -> bool:
    """Whether these named cards (one number) may share a group: identical only with two decks."""
    counts = [sum(1 for card in named if card.suit == suit) for suit in SUITS]
    return max(counts) <= rules.deck.copies


def make_meld(cards: Sequence[Card], rules: Rules) -> Meld:
    """Arrange ``cards`` as a group or a run, naming each joker; :class:`MeldError` if impossible.

    Jokers fill the gaps of a run first, then extend it upwards, then downwards; in a group they
    take the missing suits in the order o, c, e, b.
    """
    cards = check_cards("cards", cards)
    meld = find_meld(cards, rules)
    if meld is None:
        raise MeldError(f"{quote(hand_code(cards))} is neither a group nor a run under {rules.name}"
                        f" rules{_why_not(cards, rules)}")
    return meld


def find_meld(cards: Sequence[Card], rules: Rules) -> Meld | None:
    """:func:`make_meld`, returning ``None`` instead of raising."""
    if type(rules) is not Rules:
        check_rules(rules)
    if type(cards) is not tuple or not all(type(card) is Card for card in cards):
        cards = check_cards("cards", cards)
    jokers = sum(1 for card in cards if card.is_joker)
    real = [card for card in cards if not card.is_joker]
    if len(cards) < MIN_MELD or (jokers and (len(real) < 2 or not rules.deck.jokers)):
        return None
    if any(card.rank not in rules.deck.ranks for card in real):
        return None
    if len({card.rank for card in real}) == 1:
        return _as_group(real, jokers, rules)
    return _as_run(real, jokers, rules)


def _as_group(real: list[Card], jokers: int, rules: Rules) -> Meld | None:
    if not _fits_group(real, rules):
        return None
    rank = real[0].rank
    named = list(real)
    for _ in range(jokers):
        free = [Card(rank, s) for s in SUITS if _fits_group(named + [Card(rank, s)], rules)]
        if not free:
            return None
        named.append(free[0])
    return _group(real + [JOKER] * jokers, named)


def _as_run(real: list[Card], jokers: int, rules: Rules) -> Meld | None:
    if len({card.suit for card in real}) != 1:
        return None
    ranks = rules.deck.ranks
    positions = sorted(ranks.index(card.rank) for card in real)
    if len(set(positions)) != len(positions):
        return None  # two identical cards never share a run
    low, high = positions[0], positions[-1]
    gaps = (high - low + 1) - len(positions)
    spare = jokers - gaps
    if spare < 0:
        return None
    top = min(len(ranks) - 1, high + spare)
    low -= spare - (top - high)
    if low < 0:
        return None
    suit = real[0].suit
    by_position = {ranks.index(card.rank): card for card in real}
    cards = tuple(by_position.get(p, JOKER) for p in range(low, top + 1))
    named = tuple(Card(ranks[p], suit) for p in range(low, top + 1))
    return Meld(MeldKind.RUN, cards, named)


def _why_not(cards: Sequence[Card], rules: Rules) -> str:
    if len(cards) < MIN_MELD:
        return f": a meld needs at least {MIN_MELD} cards"
    real = [card for card in cards if not card.is_joker]
    if len(real) < len(cards):
        if not rules.deck.jokers:
            return ": this game has no jokers"
        if len(real) < 2:
            return ": a meld needs at least two cards that are not jokers"
    return ""


def check_meld(meld: Meld, rules: Rules) -> Meld:
    """``meld`` itself if it is legal under ``rules`` (jokers standing for the cards they name)."""
    if not isinstance(meld, Meld):
        raise ArgumentError(f"meld must be a Meld (Meld.parse or make_meld), not {quote(meld)}")
    check_rules(rules)
    if meld.has_joker and not rules.deck.jokers:
        raise MeldError(f"{quote(meld.code())}: this game has no jokers")
    real = [card for card in meld.cards if not card.is_joker]
    if meld.has_joker and len(real) < 2:
        raise MeldError(f"{quote(meld.code())}: a meld needs at least two cards that are not jokers")
    shape = find_meld(meld.stands_for, rules)
    if shape is None or sorted(shape.stands_for) != sorted(meld.stands_for):
        raise MeldError(f"{quote(meld.code())} is neither a group nor a run under {rules.name} rules")
    if shape.kind is MeldKind.RUN:
        return Meld(MeldKind.RUN, *_in_order(meld, shape.stands_for))
    return _group(meld.cards, meld.stands_for)


def _in_order(meld: Meld, order: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    pairs = dict(zip(meld.stands_for, meld.cards, strict=True))
    return tuple(pairs[named] for named in order), tuple(order)
