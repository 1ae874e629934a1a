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
    ACE_JOKER,
    ACE_OF_OROS,
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
            if name and card == ACE_OF_OROS:  # the ace of oros playing as the joker
                card = ACE_JOKER
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
        card = rules.deck.adopt((card,))[0]
        if card.is_joker and not rules.deck.contains(card):
            return ()
        if self.kind is MeldKind.GROUP:
            if not card.is_joker and card.rank != self.rank:
                return ()
            # Re-solving names the jokers afresh, so a joker standing for 7e does not keep
            # the real 7e out of the group.
            grown = find_meld((*self.cards, card), rules)
            return (grown,) if grown is not None and grown.kind is MeldKind.GROUP else ()
        ranks = rules.deck.run_order
        low = ranks.index(self.stands_for[0].rank)
        high = ranks.index(self.stands_for[-1].rank)
        found: list[Meld] = []
        for position, on_top in ((high + 1, True), (low - 1, False)):
            if not 0 <= position < len(ranks):
                continue
            rank = ranks[position]
            if rank is None:  # a break in the run order (seven-ten=no)
                continue
            named = Card(rank, self.suit)
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
    return _find(rules.deck.adopt(cards) if rules.deck.wild_ace else cards, rules)


def _find(cards: Sequence[Card], rules: Rules) -> Meld | None:
    deck = rules.deck
    jokers = [card for card in cards if card.is_joker]
    real = [card for card in cards if not card.is_joker]
    if len(cards) < MIN_MELD or (jokers and (len(real) < 2 or not deck.has_jokers)):
        return None
    if any(card.rank not in deck.ranks for card in real):
        return None
    if len({card.rank for card in real}) == 1:
        return _as_group(real, jokers, rules)
    return _as_run(real, jokers, rules)


def _as_group(real: list[Card], jokers: list[Card], rules: Rules) -> Meld | None:
    if not _fits_group(real, rules):
        return None
    rank = real[0].rank
    named = list(real)
    for _ in jokers:
        free = [Card(rank, s) for s in SUITS if _fits_group(named + [Card(rank, s)], rules)]
        if not free:
            return None
        named.append(free[0])
    return _group(real + jokers, named)


def _as_run(real: list[Card], jokers: list[Card], rules: Rules) -> Meld | None:
    if len({card.suit for card in real}) != 1:
        return None
    ranks = rules.deck.run_order
    positions = sorted(ranks.index(card.rank) for card in real)
    if len(set(positions)) != len(positions):
        return None  # two identical cards never share a run
    low, high = positions[0], positions[-1]
    if None in ranks[low:high + 1]:
        return None  # the run would cross a break (seven-ten=no)
    first, last = _segment(ranks, low)
    gaps = (high - low + 1) - len(positions)
    spare = len(jokers) - gaps
    if spare < 0:
        return None
    top = min(last, high + spare)
    low -= spare - (top - high)
    if low < first:
        return None
    suit = real[0].suit
    by_position = {ranks.index(card.rank): card for card in real}
    spares = iter(jokers)
    cards = tuple(by_position[p] if p in by_position else next(spares)
                  for p in range(low, top + 1))
    named = tuple(Card(_rank_at(ranks, p), suit) for p in range(low, top + 1))
    return Meld(MeldKind.RUN, cards, named)


def _segment(ranks: tuple[int | None, ...], position: int) -> tuple[int, int]:
    """The first and last positions of the stretch of ``ranks`` with no break around
    ``position``."""
    first = position
    while first > 0 and ranks[first - 1] is not None:
        first -= 1
    last = position
    while last < len(ranks) - 1 and ranks[last + 1] is not None:
        last += 1
    return first, last


def _rank_at(ranks: tuple[int | None, ...], position: int) -> int:
    rank = ranks[position]
    assert rank is not None
    return rank


def _why_not(cards: Sequence[Card], rules: Rules) -> str:
    if len(cards) < MIN_MELD:
        return f": a meld needs at least {MIN_MELD} cards"
    real = [card for card in cards if not card.is_joker]
    if len(real) < len(cards):
        if not rules.deck.has_jokers:
            return ": this game has no jokers"
        if len(real) < 2:
            return ": a meld needs at least two cards that are not jokers"
    return ""


def check_meld(meld: Meld, rules: Rules) -> Meld:
    """``meld`` itself if it is legal under ``rules`` (jokers standing for the cards they name)."""
    if not isinstance(meld, Meld):
        raise ArgumentError(f"meld must be a Meld (Meld.parse or make_meld), not {quote(meld)}")
    check_rules(rules)
    if rules.deck.wild_ace and ACE_OF_OROS in meld.cards:  # a shown 1o is the joker
        meld = Meld(meld.kind, rules.deck.adopt(meld.cards), meld.stands_for)
    if meld.has_joker and not all(rules.deck.contains(c) for c in meld.cards if c.is_joker):
        raise MeldError(f"{quote(meld.code())}: this game has no jokers"
                        + (" but the ace of oros" if rules.deck.wild_ace else ""))
    real = [card for card in meld.cards if not card.is_joker]
    if meld.has_joker and len(real) < 2:
        raise MeldError(f"{quote(meld.code())}: a meld needs at least two cards that are not jokers")
    shape = _find(meld.stands_for, rules)  # named cards: the ace of oros may be one
    if shape is None or sorted(shape.stands_for) != sorted(meld.stands_for):
        raise MeldError(f"{quote(meld.code())} is neither a group nor a run under {rules.name} rules")
    if shape.kind is MeldKind.RUN:
        return Meld(MeldKind.RUN, *_in_order(meld, shape.stands_for))
    return _group(meld.cards, meld.stands_for)


def _in_order(meld: Meld, order: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    pairs = dict(zip(meld.stands_for, meld.cards, strict=True))
    return tuple(pairs[named] for named in order), tuple(order)


def namings(meld: Meld, rules: Rules) -> tuple[Meld, ...]:
    """Every legal way of naming the jokers of ``meld`` (the same cards), the meld's own first.

    The library names jokers itself (:func:`make_meld`); a player may name them otherwise, which
    changes what others may lay off.

    >>> rules = get_rules("ludoteka", jokers=2)
    >>> [m.code() for m in namings(make_meld(parse_hand("3c 4c JK"), rules), rules)]
    ['3c 4c JK=5c', 'JK=2c 3c 4c']
    """
    if not meld.has_joker:
        return (meld,)
    real = [card for card in meld.cards if not card.is_joker]
    jokers = [card for card in meld.cards if card.is_joker]
    found: dict[str, Meld] = {meld.code(): meld}
    if meld.kind is MeldKind.GROUP:
        rank = real[0].rank
        choices = [Card(rank, suit) for suit in SUITS]
        for named in _suit_choices(choices, len(jokers)):
            _keep(found, Meld(MeldKind.GROUP, (*real, *jokers), (*real, *named)), rules)
    else:
        order = rules.deck.run_order
        length = len(meld.cards)
        for start in range(len(order) - length + 1):
            window = order[start:start + length]
            if None in window or not all(card.rank in window for card in real):
                continue
            spares = iter(jokers)
            by_rank = {card.rank: card for card in real}
            cards = tuple(by_rank[r] if r in by_rank else next(spares) for r in window
                          if r is not None)
            named = tuple(Card(r, meld.suit) for r in window if r is not None)
            _keep(found, Meld(MeldKind.RUN, cards, named), rules)
    return tuple(found.values())


def _suit_choices(choices: list[Card], count: int) -> list[tuple[Card, ...]]:
    if count == 0:
        return [()]
    return [(first, *rest) for i, first in enumerate(choices)
            for rest in _suit_choices(choices[i:], count - 1)]


def _keep(found: dict[str, Meld], meld: Meld, rules: Rules) -> None:
    try:
        checked = check_meld(meld, rules)
    except MeldError:
        return
    found.setdefault(checked.code(), checked)
