"""A brute-force reference for ONE player's lay-offs, written apart from chinchon.layoffs.

It knows nothing of ``Meld``: cards are (rank, suit) pairs (the joker is (0, "")), a table meld
is ``("run", suit, low, high)`` over positions in the deck's run order or ``("group", rank,
per-suit counts, jokers)``. It tries every subset of the player's cards as one or two melds of
his own, and every sequence of lay-offs of the rest, and returns the fewest loose points.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations

from chinchon.cards import Card
from chinchon.melds import Meld
from chinchon.rules import Rules

SUIT_ORDER = "oceb"
JK = (0, "")
Plain = tuple[int, str]
TableMeld = tuple


def plain(card: Card) -> Plain:
    return (card.rank, card.suit)


def table_meld(meld: Meld, rules: Rules) -> TableMeld:
    """A shown meld in the reference's own terms (read from the cards each one stands for)."""
    named = [plain(card) for card in meld.stands_for]
    jokers = sum(1 for card in meld.cards if card.is_joker)
    ranks = rules.deck.ranks
    if len({rank for rank, _ in named}) == 1:
        counts = [0, 0, 0, 0]
        for card in meld.cards:
            if not card.is_joker:
                counts[SUIT_ORDER.index(card.suit)] += 1
        return ("group", named[0][0], tuple(counts), jokers)
    positions = sorted(ranks.index(rank) for rank, _ in named)
    return ("run", named[0][1], positions[0], positions[-1])


def is_meld(cards: Sequence[Plain], rules: Rules) -> bool:
    """Whether these cards can be shown together as one group or one run."""
    if len(cards) < 3:
        return False
    real = [c for c in cards if c != JK]
    jokers = len(cards) - len(real)
    if jokers and (not rules.deck.jokers or len(real) < 2):
        return False
    ranks = rules.deck.ranks
    copies = rules.deck.copies
    if any(rank not in ranks for rank, _ in real):
        return False
    if len({rank for rank, _ in real}) == 1:
        per_suit = [sum(1 for _, s in real if s == suit) for suit in SUIT_ORDER]
        return max(per_suit) <= copies and len(cards) <= 4 * copies
    if len({suit for _, suit in real}) != 1:
        return False
    positions = sorted(ranks.index(rank) for rank, _ in real)
    if len(set(positions)) != len(positions):
        return False
    gaps = positions[-1] - positions[0] + 1 - len(positions)
    return gaps <= jokers and len(cards) <= len(ranks)


def grown(meld: TableMeld, card: Plain, rules: Rules) -> list[TableMeld]:
    """Every meld that laying ``card`` off onto ``meld`` can give."""
    ranks = rules.deck.ranks
    copies = rules.deck.copies
    out: list[TableMeld] = []
    if meld[0] == "run":
        _, suit, low, high = meld
        if card == JK:
            if high + 1 < len(ranks):
                out.append(("run", suit, low, high + 1))
            if low > 0:
                out.append(("run", suit, low - 1, high))
            return out
        rank, card_suit = card
        if card_suit != suit or rank not in ranks:
            return out
        if ranks.index(rank) == high + 1:
            out.append(("run", suit, low, high + 1))
        if ranks.index(rank) == low - 1:
            out.append(("run", suit, low - 1, high))
        return out
    _, rank, counts, jokers = meld
    size = sum(counts) + jokers
    if size + 1 > 4 * copies:
        return out
    if card == JK:
        return [("group", rank, counts, jokers + 1)]
    if card[0] != rank:
        return out
    index = SUIT_ORDER.index(card[1])
    if counts[index] + 1 > copies:
        return out
    new = list(counts)
    new[index] += 1
    return [("group", rank, tuple(new), jokers)]


def fewest_loose_points(hand: Iterable[Card], table: Iterable[Meld], rules: Rules) -> int:
    """The fewest loose points of ``hand`` after melds of its own and lay-offs onto ``table``."""
    cards = [plain(card) for card in hand]
    shown = tuple(table_meld(meld, rules) for meld in table)

    def points(card: Plain) -> int:
        return rules.points(Card(*card)) if card != JK else rules.joker_points

    @cache
    def most_laid(rest: tuple[Plain, ...], melds: tuple[TableMeld, ...]) -> int:
        best = 0
        for i, card in enumerate(rest):
            others = rest[:i] + rest[i + 1:]
            for k, meld in enumerate(melds):
                for bigger in grown(meld, card, rules):
                    laid = points(card) + most_laid(others, melds[:k] + (bigger,) + melds[k + 1:])
                    best = max(best, laid)
        return best

    n = len(cards)
    own = [mask for size in range(3, n + 1) for chosen in combinations(range(n), size)
           if is_meld([cards[i] for i in chosen], rules)
           for mask in [sum(1 << i for i in chosen)]]
    choices = [0, *own, *(a | b for a, b in combinations(own, 2) if not a & b)]
    best = None
    for mask in choices:
        rest = tuple(sorted(cards[i] for i in range(n) if not mask >> i & 1))
        loose = sum(points(card) for card in rest) - most_laid(rest, shown)
        best = loose if best is None else min(best, loose)
    assert best is not None
    return best
