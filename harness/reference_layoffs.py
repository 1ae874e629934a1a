"""A brute-force reference for ONE player's lay-offs, written apart from chinchon.engine.layoffs;
and the random deals that the tests and the benchmark feed to both.

It knows nothing of ``Meld``: cards are (rank, suit) pairs (the joker is (0, "")), a table meld
is ``("run", suit, low, high)`` over positions in the deck's run order or ``("group", rank,
per-suit counts, jokers)``. It tries every subset of the player's cards as one or two melds of
his own, and every sequence of lay-offs of the rest, and returns the fewest loose points.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations

from chinchon.engine.cards import JOKER, Card
from chinchon.engine.melds import Meld, find_meld
from chinchon.engine.rules import Rules
from chinchon.engine.solver import CloseError, close

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


# --- Random deals that make lay-offs likely (test input only: the reference above does not
# use them) ----------------------------------------------------


def take(pool: list[Card], card: Card) -> bool:
    if card in pool:
        pool.remove(card)
        return True
    return False


def random_meld(rng: random.Random, pool: list[Card], rules: Rules, size: int) -> list[Card]:
    """A group or run of ``size`` cards taken from ``pool`` (maybe with a joker), or []."""
    real = [card for card in pool if not card.is_joker]
    seed = rng.choice(real)
    ranks = rules.deck.ranks
    if size <= 4 and rng.random() < 0.4:
        two = rules.deck.copies == 2 and rng.random() < 0.5  # identical cards in a group
        suits = rng.choices("oceb", k=4) if two else rng.sample("oceb", 4)
        wanted = [Card(seed.rank, suit) for suit in suits]
    else:
        start = rng.randrange(0, len(ranks) - size + 1)
        wanted = [Card(ranks[p], seed.suit) for p in range(start, start + size)]
    wanted = wanted[:size]
    if rules.deck.jokers and rng.random() < 0.3:
        wanted[rng.randrange(size)] = JOKER
    taken: list[Card] = []
    for card in wanted:
        if not take(pool, card):
            pool.extend(taken)
            return []
        taken.append(card)
    if find_meld(taken, rules) is None:
        pool.extend(taken)
        return []
    return taken


def useful_cards(rules: Rules, melds: tuple[Meld, ...]) -> list[Card]:
    """Cards that fit onto ``melds`` or chain onto them (up to three steps out)."""
    ranks = rules.deck.ranks
    found: list[Card] = [JOKER] if rules.deck.jokers else []
    for meld in melds:
        named = meld.stands_for
        if len({card.rank for card in named}) == 1:
            found += [Card(named[0].rank, suit) for suit in "oceb"]
            continue
        low = ranks.index(named[0].rank)
        high = ranks.index(named[-1].rank)
        for p in [*range(low - 3, low), *range(high + 1, high + 4)]:
            if 0 <= p < len(ranks):
                found.append(Card(ranks[p], named[0].suit))
    return found


def random_pair(rng: random.Random, rules: Rules
                ) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A closer who may close and an opponent whose cards often fit the closer's melds."""
    while True:
        pool = list(rules.deck.cards())
        rng.shuffle(pool)
        sizes = rng.choice([(3, 3), (3, 3), (3, 3), (3, 3), (3, 4), (4, 3), (7,), (3,), (4,)])
        closer: list[Card] = []
        for size in sizes:
            closer += random_meld(rng, pool, rules, size)
        low = [card for card in pool if not card.is_joker and rules.points(card) <= 3]
        while len(closer) < 7 and low:
            card = low.pop()
            if take(pool, card):
                closer.append(card)
        closer += [pool.pop() for _ in range(7 - len(closer))]
        try:
            closing = close(closer, rules)
        except CloseError:
            continue
        useful = [card for card in useful_cards(rules, closing.arrangement.melds) if card in pool]
        rng.shuffle(useful)
        opponent: list[Card] = []
        for card in useful[:rng.randrange(0, 6)]:
            if take(pool, card):
                opponent.append(card)
        opponent += [pool.pop() for _ in range(7 - len(opponent))]
        return tuple(closer), tuple(opponent)
