"""Draw-ahead odds, counted exactly: what the next card from the stock does for a hand.

The unseen cards are the deck minus the cards held and the cards seen (the discard pile); each
unseen card is equally likely to be the next one drawn (with two decks, each copy counts). For
a seven-card hand we count, over every unseen card, whether the eight cards then held let the
player close after his best discard, and the fewest loose points he can keep.

>>> rules = get_rules("barajamos")
>>> hand = parse_hand("7o 7c 7b 9e 10e 11e 4o")
>>> odds = draw_odds(hand, unseen_cards(rules, hand), rules)
>>> odds.cards, odds.close_chance
(41, Fraction(1, 1))
>>> hand = parse_hand("1o 2o 5c 5e 9b 10b 12c")
>>> odds = draw_odds(hand, unseen_cards(rules, hand), rules)
>>> odds.closing, odds.cards, odds.expected_points
(0, 41, Fraction(1487, 41))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from chinchon.engine.cards import (  # noqa: F401
    SUITS,
    Card,
    HandError,
    check_cards,
    hand_code,
    mask_of,
    parse_hand,
)
from chinchon.engine.errors import ArgumentError, check_int, quote

# The meld search's own pieces: the eight cards' melds found once serve every discard.
from chinchon.engine.meld_search import (
    _SOLVERS,
    SUIT_MASK,
    MaskSolver,
    _hand_bits,
    _most_melded,
    _simple,
    forget_melds,
    mask_solver,
    solver_for,
)
from chinchon.engine.memo import ProfileMemo, multiset_key
from chinchon.engine.rules import CloseRule, Rules, check_rules, get_rules  # noqa: F401
from chinchon.engine.solver import check_hand, meld_masks

#: The largest memo of eight-card results kept per rule profile (each entry is a few bytes).
_MEMO_LIMIT = 2_000_000


class SeenError(HandError):
    """Cards said to be seen that the deck cannot hold next to the hand."""


@dataclass(frozen=True)
class DrawOdds:
    """What one draw from the stock gives a seven-card hand, as exact counts."""

    #: How many cards could be drawn (copies counted).
    cards: int
    #: How many of them let the hand close after the best discard.
    closing: int
    #: The sum, over those cards, of the fewest loose points kept after the best discard.
    points: int
    #: How many of them let the hand meld all seven after the best discard (−10 or better).
    melded: int = 0

    @property
    def close_chance(self) -> Fraction:
        return Fraction(self.closing, self.cards) if self.cards else Fraction(0)

    @property
    def expected_points(self) -> Fraction:
        return Fraction(self.points, self.cards) if self.cards else Fraction(0)

    @property
    def melded_chance(self) -> Fraction:
        """The chance that the next draw melds all seven (then the best discard)."""
        return Fraction(self.melded, self.cards) if self.cards else Fraction(0)


def unseen_cards(rules: Rules, held: Sequence[Card], seen: Iterable[Card] = ()) -> Counter[Card]:
    """The cards that may still come from the stock, with their number of copies.

    :class:`SeenError` when ``held`` and ``seen`` together use a card more often than the deck
    holds it.
    """
    check_rules(rules)
    held, seen = check_cards("held", held), check_cards("seen", seen)
    left = Counter(rules.deck.cards())
    for card in rules.deck.adopt((*held, *seen)):
        if left[card] <= 0:
            raise SeenError(f"card {quote(card.code())} is held or seen more often than the deck "
                            f"({rules.deck.describe()}) has it: {quote(hand_code((*held, *seen)))}")
        left[card] -= 1
    return +left


def draw_odds(hand: Sequence[Card], unseen: Counter[Card], rules: Rules) -> DrawOdds:
    """Count what each unseen card does for the seven-card ``hand`` (then the best discard)."""
    hand = check_cards("hand", hand)
    check_hand(hand, rules)
    hand = rules.deck.adopt(hand)
    _check_unseen(unseen)
    return _count_draws(hand, unseen, rules)


def _check_unseen(unseen: object) -> None:
    if not isinstance(unseen, Mapping):
        raise ArgumentError(f"unseen must map cards to copies (unseen_cards), not {quote(unseen)}")
    for card, copies in unseen.items():
        check_cards("unseen", (card,))
        check_int("unseen copies", copies, minimum=0)


def draw_odds_unchecked(hand: Sequence[Card], unseen: Mapping[Card, int], rules: Rules
                        ) -> DrawOdds:
    """:func:`draw_odds` without its checks: for a bot's look-ahead, whose seven cards come
    from a game (valid, adopted by the deck) and whose unseen counts from
    :func:`unseen_cards`, called thousands of times a decision (a count of 0 is passed over).

    >>> rules = get_rules("barajamos")
    >>> hand = parse_hand("1o 2o 5c 5e 9b 10b 12c")
    >>> draw_odds_unchecked(hand, unseen_cards(rules, hand), rules) == draw_odds(
    ...     hand, unseen_cards(rules, hand), rules)
    True
    """
    return _count_draws(hand, unseen, rules)


def _count_draws(hand: Sequence[Card], unseen: Mapping[Card, int], rules: Rules) -> DrawOdds:
    """:func:`draw_odds` of a checked, adopted hand."""
    total = closing = points = melded = 0
    if _simple(rules):
        best_of_eight = _evaluator(rules)
        mask = mask_of(hand)
        for card, copies in unseen.items():
            loose, closes = best_of_eight(mask | card.bit)
            total += copies
            closing += copies * closes
            points += copies * loose
            melded += copies * (loose == 0)
    else:
        for card, copies in unseen.items():
            loose, closes = _general_best((*hand, card), rules)
            total += copies
            closing += copies * closes
            points += copies * loose
            melded += copies * (loose == 0)
    return DrawOdds(total, closing, points, melded)


def discard_odds(hand: Sequence[Card], unseen: Counter[Card], rules: Rules
                 ) -> tuple[DrawOdds, ...]:
    """For an eight-card hand, each discard (in hand order) and what the next draw then does
    for the seven cards kept: the one evaluation of a discard the expert bot and the puzzles
    (hence the coach) share. Two copies of one card are counted once.

    >>> rules = get_rules("barajamos")
    >>> hand = parse_hand("7o 7c 7b 9e 10e 11e 4o 12c")
    >>> odds = discard_odds(hand, unseen_cards(rules, hand), rules)
    >>> [(o.closing, o.melded) for o in odds][-2:]
    [(22, 3), (40, 3)]
    """
    hand = check_cards("hand", hand)
    check_hand(hand, rules, sizes=(8,))
    hand = rules.deck.adopt(hand)
    _check_unseen(unseen)
    found: dict[Card, DrawOdds] = {}
    for i, card in enumerate(hand):
        if card not in found:
            found[card] = _count_draws(hand[:i] + hand[i + 1:], unseen, rules)
    return tuple(found[card] for card in hand)


def discard_leaves(hand: Sequence[Card], rules: Rules) -> tuple[int, ...]:
    """For an eight-card hand, the fewest loose points the seven cards kept hold after each
    discard (in hand order): the solver's :func:`fewest_loose_points` of every seven, with the
    melds of the eight found once (two decks and jokers have no bitmask tables).

    >>> discard_leaves(parse_hand("3c 4c 5c 7o 7e 9b 11b 2e"), get_rules("barajamos"))
    (45, 44, 43, 29, 29, 27, 25, 34)
    """
    solver = _SOLVERS.get(id(rules)) or solver_for(rules)
    if solver is not None:  # one deck without jokers: the hot path of the greedy bot
        try:
            mask = 0
            for card in hand:
                mask |= card.bit
            if mask.bit_count() == len(hand) == 8 and not mask & ~solver.deck_mask:
                return _mask_leaves(hand, mask, solver)
        except (AttributeError, TypeError):
            pass  # not cards: checked below
    if not all(isinstance(card, Card) for card in hand):
        hand = check_cards("hand", hand)
    ordered = tuple(sorted(hand))
    leaves = dict(zip(ordered, _leaves(ordered, rules), strict=True))
    return tuple(leaves[card] for card in hand)


def _mask_leaves(hand: Sequence[Card], mask: int, solver: MaskSolver) -> tuple[int, ...]:
    """:func:`discard_leaves` of eight distinct cards of one deck without jokers (``mask``)."""
    s0 = mask & SUIT_MASK
    s1 = (mask >> 12) & SUIT_MASK
    s2 = (mask >> 24) & SUIT_MASK
    s3 = mask >> 36
    if (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1)):
        return tuple([solver[mask ^ card.bit] for card in hand])  # groups to try
    # No number in three suits: nor in any seven of the cards, whose runs keep to their suits,
    # so a discard changes only its own suit's share of the run tables' total.
    best = solver.best
    suits = (s0, s1, s2, s3)
    whole = best[s0] + best[s1] + best[s2] + best[s3]
    found = []
    for card in hand:
        bit = card.bit
        s = (bit.bit_length() - 1) // 12
        suit = suits[s]
        found.append(whole - best[suit] + best[suit ^ (bit >> (12 * s))])
    return tuple(found)


#: Eight-card results of two decks or jokers, by :func:`~chinchon.engine.memo.multiset_key`.
_LEAVES: ProfileMemo[int, tuple[int, ...]] = ProfileMemo(most=50_000)
_BEST: ProfileMemo[int, tuple[int, bool]] = ProfileMemo(most=100_000)


def _leaves(hand: tuple[Card, ...], rules: Rules) -> tuple[int, ...]:
    """:func:`discard_leaves` of a sorted hand, in its order (remembered: a game asks twice
    for the eight cards of a pile take, the bot weighing it, then the table offering the
    discards)."""
    return _LEAVES.recall(rules, multiset_key(hand), lambda: _solve_leaves(hand, rules))


def _solve_leaves(hand: tuple[Card, ...], rules: Rules) -> tuple[int, ...]:
    check_hand(hand, rules, sizes=(8,))
    adopted = rules.deck.adopt(hand)
    if _simple(rules):
        mask, solver = mask_of(adopted), mask_solver(rules)
        return tuple([solver[mask ^ real.bit] for real in adopted])
    cands, bits = _hand_bits(adopted, rules)
    total = sum(rules.points(card) for card in adopted)
    found: dict[Card, int] = {}
    for card, real, bit in zip(hand, adopted, bits, strict=True):
        if card not in found:
            kept = [cand for cand in cands if not cand[0] & bit]
            found[card] = total - rules.points(real) - _most_melded(kept)
    return tuple(found[card] for card in hand)


def best_of_eight(hand: Sequence[Card], rules: Rules) -> tuple[int, bool]:
    """For an eight-card hand: the fewest loose points after a discard, and whether some
    discard lets the player close (a normal turn, no score near the limit)."""
    hand = check_cards("hand", hand)
    check_hand(hand, rules, sizes=(8,))
    hand = rules.deck.adopt(hand)
    if _simple(rules):
        return _evaluator(rules)(mask_of(hand))
    return _general_best(hand, rules)


def clear_memo() -> None:
    """Forget every memoised eight-card result (benchmarks time a cold start with it)."""
    _evaluator.cache_clear()
    _BEST.clear()
    _LEAVES.clear()
    forget_melds()


# --- One deck, no jokers: bitmasks and a memo ----------------------------------------------------


class _Evaluator:
    """``(fewest loose points after a discard, may close)`` of an eight-card mask, memoised."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.solver = mask_solver(rules)
        self.memo: dict[int, tuple[int, bool]] = {}
        self.points = {card.bit: rules.points(card) for card in rules.deck.distinct_cards()}
        # All seven melded is one loose card worth at most 0 (every card is worth 1 or more).
        self.one_loose = rules.close_rule is not CloseRule.POINTS
        self.limit = rules.close_limit

    def __call__(self, mask: int) -> tuple[int, bool]:
        found = self.memo.get(mask)
        if found is None:
            found = self._solve(mask)
            if len(self.memo) >= _MEMO_LIMIT:
                self.memo.clear()
            self.memo[mask] = found
        return found

    def _solve(self, mask: int) -> tuple[int, bool]:
        solver = self.solver
        loose = 1000
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            value = solver[mask ^ bit]
            if value < loose:
                loose = value
        if loose > self.limit:
            return loose, False
        # Under the points rule that is enough; otherwise the loose cards must also be counted.
        return loose, (not self.one_loose) or self._one_loose_close(mask)

    def _one_loose_close(self, mask: int) -> bool:
        """Some discard leaves every card melded, or one loose card worth at most the limit.

        A seven-card arrangement is a set of melds of the eight cards that leaves the discard
        out, so: melds covering all but at most two cards, the cheaper of two leftovers kept.
        """
        melds = meld_masks(mask, self.rules)
        for i, first in enumerate(melds):
            if self._leftover_ok(mask & ~first):
                return True
            for second in melds[i + 1:]:
                if not first & second and self._leftover_ok(mask & ~(first | second)):
                    return True
        return False

    def _leftover_ok(self, left: int) -> bool:
        count = left.bit_count()
        if count <= 1:
            return True  # throw it (or shorten a meld of four or more): all seven melded
        if count > 2:
            return False
        low = left & -left
        return min(self.points[low], self.points[left ^ low]) <= self.limit


@cache
def _evaluator(rules: Rules) -> _Evaluator:
    return _Evaluator(rules)


# --- Two decks or jokers: the solver's discard table --------------------------------------------


def _general_best(hand: Sequence[Card], rules: Rules) -> tuple[int, bool]:
    return _BEST.recall(rules, multiset_key(hand), lambda: _solve_best(tuple(sorted(hand)), rules))


def _solve_best(hand: tuple[Card, ...], rules: Rules) -> tuple[int, bool]:
    # One meld search of the eight cards: the leaves give the fewest loose points, and the
    # close needs no more than them (points) or than the melds' leftovers (one loose card).
    loose = min(_leaves(hand, rules))
    if rules.close_rule is CloseRule.POINTS or loose > rules.close_limit:
        return loose, loose <= rules.close_limit
    return loose, _leftover_close(rules.deck.adopt(hand), rules)


def _leftover_close(hand: tuple[Card, ...], rules: Rules) -> bool:
    """Some discard of the eight cards leaves every card melded, or (one-loose rule) exactly one
    loose card worth at most the limit: at most two melds, leaving at most two cards, the
    cheaper one kept (the other thrown)."""
    cands, bits = _hand_bits(hand, rules)
    full = sum(bits)
    points = {bit: rules.points(card) for card, bit in zip(hand, bits, strict=True)}
    one_loose = rules.close_rule is CloseRule.ONE_LOOSE

    def fits(left: int) -> bool:
        count = left.bit_count()
        if count <= 1:
            return True  # throw it (or shorten a meld of four or more)
        if count > 2 or not one_loose:
            return False
        low = left & -left
        return min(points[low], points[left ^ low]) <= rules.close_limit

    for i, (first, *_) in enumerate(cands):
        if fits(full & ~first):
            return True
        for second, *_ in cands[i + 1:]:
            if not first & second and fits(full & ~(first | second)):
                return True
    return False
