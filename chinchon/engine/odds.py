"""Exact odds of every dealt hand, batch look-ups, and where one hand ranks.

Every 7-card hand of a profile's single deck (no jokers) is enumerated exactly, but not one by
one. A hand is four 12-bit suit masks, and permuting the suits changes nothing, so the
enumerator walks the sorted popcount patterns (7, 6+1, 5+2, …, 2+2+2+1), and for each the
product of the mask lists, weighting every suit-ordered tuple by the number of ways to give the
pattern's parts to the four suits. The solver's per-suit tables (:func:`chinchon.engine.solver._tables`)
answer a hand with no number in three suits or more (runs never cross suits); the other hands,
about one in ten, try every group the hand holds, all in numpy.

>>> odds = shipped_odds(get_rules("fournier"))
>>> odds.hands == math.comb(40, 7), odds.seven_run
(True, 16)
>>> rank_of(parse_hand("1o 2o 3o 5c 5e 5b 1c"), get_rules("fournier")).loose_points
1
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from chinchon.engine.cards import Card, check_cards, mask_of, parse_hand
from chinchon.engine.rules import CloseRule, Rules, get_rules
from chinchon.engine.solver import HAND_SIZE, SUIT_MASK, _tables, check_hand, fewest_loose_points

IntArray = npt.NDArray[np.int64]

#: A suit's close cost when it is fully melded is 0; otherwise this plus the cheapest card whose
#: removal leaves the suit fully melded (runs only), or :data:`_NO_CLOSE` when no card does.
#: Summed over the four suits, a hand may close with at most one loose card worth ``limit``
#: exactly when the sum is at most ``_ONE_LOOSE + limit`` (two loose suits sum to 2 × 64 or more).
_ONE_LOOSE = 64
_NO_CLOSE = 4 * _ONE_LOOSE

#: The suits (as indices 0-3) a group may take: every three of them, or all four.
_GROUP_SUITS = (*combinations(range(4), 3), (0, 1, 2, 3))


class OddsError(ValueError):
    """Odds asked for a game they do not cover (two decks or jokers), or bad masks."""


@dataclass(frozen=True)
class Odds:
    """How many dealt hands of one deck have each fewest-loose-points total, may close, etc."""

    rules_id: str
    deck: int
    hands: int
    #: ``loose_points[p]`` hands have ``p`` fewest loose points.
    loose_points: tuple[int, ...]
    can_close: int
    #: Every card melded (closing scores -10 or better).
    minus_ten: int
    #: Seven cards in one run of one suit.
    seven_run: int

    def to_json(self) -> dict[str, Any]:
        """The ``odds --json`` object (zero counts left out of ``loose_points``)."""
        return {"hands": self.hands,
                "loose_points": {str(p): n for p, n in enumerate(self.loose_points) if n},
                "can_close": self.can_close, "minus_ten": self.minus_ten,
                "seven_run": self.seven_run}

    @staticmethod
    def from_json(data: dict[str, Any], rules_id: str, deck: int) -> Odds:
        counts = {int(p): int(n) for p, n in data["loose_points"].items()}
        loose = tuple(counts.get(p, 0) for p in range(max(counts) + 1))
        return Odds(rules_id, deck, int(data["hands"]), loose, int(data["can_close"]),
                    int(data["minus_ten"]), int(data["seven_run"]))

    def share(self, count: int) -> float:
        """``count`` as a share of every hand."""
        return count / self.hands

    @property
    def most_likely_loose(self) -> int:
        """The most common fewest-loose-points total."""
        return max(range(len(self.loose_points)), key=self.loose_points.__getitem__)

    @property
    def mean_loose(self) -> float:
        return sum(p * n for p, n in enumerate(self.loose_points)) / self.hands

    def more_than(self, points: int) -> int:
        """How many hands have more than ``points`` fewest loose points."""
        return sum(self.loose_points[max(points + 1, 0):])

    def one_in(self, count: int) -> float | None:
        """``count`` as "one hand in N" (None for no hand at all)."""
        return self.hands / count if count else None

    def at_most(self) -> tuple[float, ...]:
        """``at_most()[p]``: the share of hands with ``p`` fewest loose points or fewer."""
        return tuple(float(share) for share in np.cumsum(self.loose_points) / self.hands)


@dataclass(frozen=True)
class HandRank:
    """Where one hand stands among every dealt hand of its deck (see :func:`rank_of`)."""

    hand: tuple[Card, ...]
    loose_points: int
    hands: int
    #: Dealt hands with more loose points than this one (this hand is better than those).
    worse: int
    #: Dealt hands with the same loose points (this one included).
    same: int

    @property
    def beats(self) -> float:
        """The share of dealt hands with more loose points: "fewer points than 93% of hands"."""
        return self.worse / self.hands

    @property
    def ties(self) -> float:
        return self.same / self.hands


# --- numpy tables --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Arrays:
    best: IntArray         # fewest loose points of a suit mask, runs only (the solver's table)
    close_cost: IntArray   # see _ONE_LOOSE
    is_run: npt.NDArray[np.bool_]  # the mask is one run
    ranks: tuple[int, ...]
    deck_mask: int


@cache
def _arrays(size: int, figure_points: tuple[int, int, int], seven_ten: bool = True) -> _Arrays:
    tables = _tables(size, figure_points, seven_ten)
    best = np.array(tables.best, dtype=np.int64)
    value = tables.value
    cost = np.full(4096, _NO_CLOSE, dtype=np.int64)
    for mask in range(4096):
        if tables.best[mask] == 0:
            cost[mask] = 0
            continue
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            if tables.best[mask ^ low] == 0:
                cost[mask] = min(cost[mask], _ONE_LOOSE + value[low])
    is_run = np.zeros(4096, dtype=np.bool_)
    for mask in range(4096):
        is_run[mask] = mask in tables.runs[mask]
    ranks = tuple(rank for rank in range(1, 13) if tables.deck_mask >> (rank - 1) & 1)
    return _Arrays(best, cost, is_run, ranks, tables.deck_mask)


def uncounted(rules: Rules) -> tuple[str, int] | None:
    """Why the dealt hands of ``rules`` are not counted exactly, or None when they are: the
    reason (``decks``: two decks, whose identical cards the one-copy suit tables cannot hold;
    ``jokers``: a wild card, which joins melds of any suit) and how many seven-card hands, copies
    told apart, a count would face.

    >>> uncounted(get_rules("barajamos", decks=2)), uncounted(get_rules("ludoteka", jokers=2))
    (('decks', 11919192480), ('jokers', 26978328))
    >>> uncounted(get_rules("barajamos+figures=10-10-10")) is None
    True
    """
    cards = len(rules.deck.cards())
    if rules.deck.copies != 1:
        return "decks", math.comb(cards, HAND_SIZE)
    if rules.deck.has_jokers:
        return "jokers", math.comb(cards, HAND_SIZE)
    return None


def uncounted_message(rules: Rules) -> str | None:
    """:func:`uncounted` as one sentence (the command line's error)."""
    found = uncounted(rules)
    if found is None:
        return None
    why, deals = found
    cause = ("two decks, whose identical cards the one-copy suit tables cannot hold"
             if why == "decks" else "a joker, which melds in any suit")
    return (f"exact odds cover one deck without jokers, not {rules.code()}: {cause} "
            f"({deals:,} hands of seven)")


def _arrays_for(rules: Rules) -> _Arrays:
    message = uncounted_message(rules)
    if message is not None:
        raise OddsError(message)
    return _arrays(rules.deck.size, rules.figure_points, rules.deck.seven_ten)


def _judge(suits: Sequence[IntArray], arrays: _Arrays, with_close: bool = True
           ) -> tuple[IntArray, IntArray | None]:
    """Fewest loose points of each hand given as four suit-mask arrays, and its close cost.

    Exact for hands of up to eight cards: they hold at most two numbers in three suits or more.
    """
    best, cost_table = arrays.best, arrays.close_cost
    s0, s1, s2, s3 = suits
    loose = best[s0] + best[s1] + best[s2] + best[s3]
    cost = (cost_table[s0] + cost_table[s1] + cost_table[s2] + cost_table[s3]
            if with_close else None)
    triples = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    where = np.flatnonzero(triples)
    if where.size:
        sub = [s[where] for s in suits]
        first = triples[where] & -triples[where]
        second = triples[where] ^ first
        sub_loose, sub_cost = loose[where], (cost[where] if cost is not None else None)
        # Groups of the first number alone, then with a group of the second number too.
        options: list[tuple[tuple[int, ...], tuple[int, ...]]] = [
            (g, ()) for g in _GROUP_SUITS]
        options += [(g, h) for g in ((), *_GROUP_SUITS) for h in _GROUP_SUITS]
        two = np.flatnonzero(second)
        for g, h in options:
            rows = slice(None) if not h else two
            if not h or two.size:
                _try_groups(sub, first, second, g, h, rows, arrays, sub_loose, sub_cost)
        loose[where] = sub_loose
        if cost is not None and sub_cost is not None:
            cost[where] = sub_cost
    return loose, cost


def _try_groups(suits: list[IntArray], first: IntArray, second: IntArray,
                g: tuple[int, ...], h: tuple[int, ...], rows: slice | IntArray,
                arrays: _Arrays, loose: IntArray, cost: IntArray | None) -> None:
    """Meld a group of ``first`` in suits ``g`` and of ``second`` in suits ``h`` where the hand
    holds them, run-meld the rest per suit, and keep the better results in place."""
    left = [s[rows] for s in suits]
    one, two = first[rows], second[rows]
    valid = np.ones(len(one), dtype=np.bool_)
    for i in g:
        valid &= (left[i] & one) != 0
        left[i] = left[i] & ~one
    for i in h:
        valid &= (left[i] & two) != 0
        left[i] = left[i] & ~two
    best = arrays.best
    found = best[left[0]] + best[left[1]] + best[left[2]] + best[left[3]]
    target = loose[rows]
    loose[rows] = np.where(valid, np.minimum(target, found), target)
    if cost is not None:
        table = arrays.close_cost
        found = table[left[0]] + table[left[1]] + table[left[2]] + table[left[3]]
        target = cost[rows]
        cost[rows] = np.where(valid, np.minimum(target, found), target)


def _may_close(loose: IntArray, cost: IntArray, close: _CloseParams) -> npt.NDArray[np.bool_]:
    """The close of a normal turn, not the first round, with no score near the limit."""
    close_rule, close_limit = close
    if close_rule is CloseRule.POINTS:
        return loose <= close_limit
    return cost <= _ONE_LOOSE + close_limit


#: What decides a close, picklable for worker processes (a Rules is not).
_CloseParams = tuple[CloseRule, int]


def _close_params(rules: Rules) -> _CloseParams:
    return rules.close_rule, rules.close_limit


# --- Batch look-ups --------------------------------------------------------------------------


def masks_of_hands(hands: Iterable[Sequence[Card] | str]) -> IntArray:
    """The masks (OR of the cards' ``bit``) of many hands, as a numpy array for the look-ups."""
    found = [mask_of(parse_hand(hand) if isinstance(hand, str) else hand) for hand in hands]
    return np.array(found, dtype=np.int64)


def _suits_of(masks: npt.ArrayLike, rules: Rules) -> tuple[list[IntArray], _Arrays]:
    arrays = _arrays_for(rules)
    masks = np.asarray(masks, dtype=np.int64)
    bad = np.flatnonzero((masks & ~arrays.deck_mask) | (np.bitwise_count(masks) > 8)
                         | (masks < 0))
    if bad.size:
        raise OddsError(f"mask {int(masks.flat[bad[0]]):#x} at index {int(bad[0])} is not a hand "
                        f"of at most 8 cards of the {rules.deck.size}-card deck")
    return [(masks >> (12 * s)) & SUIT_MASK for s in range(4)], arrays


def loose_points_of_masks(masks: npt.ArrayLike, rules: Rules) -> IntArray:
    """The fewest loose points of many hands (one deck, no jokers, up to 8 cards each), given as
    masks (see :func:`masks_of_hands`); exact, and millions of hands a second.

    >>> loose_points_of_masks(masks_of_hands(["1o 2o 3o 5c 5e 5b 1c"]), get_rules("fournier"))
    array([1])
    """
    suits, arrays = _suits_of(masks, rules)
    return _judge(suits, arrays, with_close=False)[0]


def can_close_masks(masks: npt.ArrayLike, rules: Rules) -> npt.NDArray[np.bool_]:
    """Whether each 7-card hand may close at once (a normal turn, not the first round, no
    score near the limit), counting every arrangement as :func:`chinchon.engine.solver.analyze` does."""
    suits, arrays = _suits_of(masks, rules)
    loose, cost = _judge(suits, arrays)
    assert cost is not None
    return _may_close(loose, cost, _close_params(rules))


# --- Enumeration -----------------------------------------------------------------------------

#: One block of work: a popcount pattern (sorted, four parts) and a slice of its first part.
_Block = tuple[tuple[int, int, int, int], int, int]
Progress = Callable[[int, int], None]


def _patterns(cards: int) -> Iterator[tuple[int, int, int, int]]:
    """The ways to split ``cards`` among four suits, largest part first."""
    for a in range(cards, -1, -1):
        for b in range(min(a, cards - a), -1, -1):
            for c in range(min(b, cards - a - b), -1, -1):
                d = cards - a - b - c
                if d <= c:
                    yield a, b, c, d


def _suit_orders(pattern: Sequence[int]) -> int:
    """In how many ways the pattern's parts go to the four suits."""
    return math.factorial(4) // math.prod(math.factorial(pattern.count(k)) for k in set(pattern))


@cache
def _masks_by_count(ranks: tuple[int, ...]) -> tuple[IntArray, ...]:
    """Every suit mask over ``ranks``, by number of cards."""
    by_count: list[list[int]] = [[] for _ in range(len(ranks) + 1)]
    for n in range(len(ranks) + 1):
        for chosen in combinations(ranks, n):
            by_count[n].append(sum(1 << (rank - 1) for rank in chosen))
    return tuple(np.array(masks, dtype=np.int64) for masks in by_count)


def _count_block(deck: tuple[int, tuple[int, int, int], bool], close: _CloseParams,
                 ranks: tuple[int, ...], cards: int, block: _Block
                 ) -> tuple[IntArray, int, int, int, int]:
    """Weighted counts for one block: loose-point histogram, closes, -10s, seven-runs, hands."""
    pattern, start, stop = block
    arrays = _arrays(*deck)
    lists = _masks_by_count(ranks)
    parts = [lists[pattern[0]][start:stop], *(lists[k] for k in pattern[1:])]
    grids = np.meshgrid(*parts, indexing="ij", copy=False)
    suits = [np.ascontiguousarray(grid).ravel() for grid in grids]
    loose, cost = _judge(suits, arrays)
    assert cost is not None
    weight = _suit_orders(pattern)
    histogram = np.bincount(loose) * weight
    closes = int(np.count_nonzero(_may_close(loose, cost, close))) * weight
    minus_ten = int(np.count_nonzero(loose == 0)) * weight
    seven_run = 0
    if pattern[0] == cards == HAND_SIZE:
        seven_run = int(np.count_nonzero(arrays.is_run[suits[0]])) * weight
    return histogram, closes, minus_ten, seven_run, len(loose) * weight


def _blocks(ranks: tuple[int, ...], cards: int, size: int = 1 << 20) -> list[_Block]:
    """The work cut into blocks of about ``size`` suit tuples, the biggest first."""
    lists = _masks_by_count(ranks)
    blocks: list[_Block] = []
    for pattern in _patterns(cards):
        if max(pattern) > len(ranks):
            continue
        rest = math.prod(len(lists[k]) for k in pattern[1:])
        step = max(1, size // max(rest, 1))
        rows = len(lists[pattern[0]])
        blocks += [(pattern, start, min(start + step, rows)) for start in range(0, rows, step)]
    return sorted(blocks, key=lambda b: -(b[2] - b[1]) * math.prod(
        len(lists[k]) for k in b[0][1:]))


def enumerate_odds(rules: Rules, *, ranks: Sequence[int] | None = None,
                   workers: int | None = None, progress: Progress | None = None) -> Odds:
    """Count every 7-card hand of the single deck of ``rules`` exactly.

    ``ranks`` restricts the deck to some of its numbers (four suits each: a smaller exact case
    for tests); ``workers`` processes share the blocks of work (one by default: the whole count
    takes well under a second, less than starting a second process saves); ``progress`` is
    called with (hands done, hands in all) after each block.
    """
    arrays = _arrays_for(rules)
    chosen = arrays.ranks if ranks is None else tuple(sorted(set(ranks)))
    if not set(chosen) <= set(arrays.ranks) or len(chosen) < 2:
        raise OddsError(f"ranks {list(ranks or ())} are not two or more numbers of the "
                        f"{rules.deck.size}-card deck")
    total = math.comb(4 * len(chosen), HAND_SIZE)
    blocks = _blocks(chosen, HAND_SIZE)
    workers = workers or 1
    job = ((rules.deck.size, rules.figure_points, rules.deck.seven_ten), _close_params(rules),
           chosen, HAND_SIZE)
    histogram = np.zeros(1, dtype=np.int64)
    counts = [0, 0, 0, 0]
    done = 0

    def add(result: tuple[IntArray, int, int, int, int]) -> None:
        nonlocal histogram, done
        part, *rest = result
        histogram = _add_counts(histogram, part)
        for i, n in enumerate(rest):
            counts[i] += n
        done += rest[3]
        if progress:
            progress(done, total)

    if workers == 1 or len(blocks) == 1:
        for block in blocks:
            add(_count_block(*job, block))
    else:
        _masks_by_count(chosen)  # built once here, inherited by forked workers
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_count_block, *job, block)
                       for block in blocks]
            for future in futures:
                add(future.result())
    if counts[3] != total:
        raise AssertionError(f"counted {counts[3]} hands, expected C({4 * len(chosen)}, 7)")
    loose = tuple(int(n) for n in np.trim_zeros(histogram, "b"))
    return Odds(rules.id, 4 * len(chosen), total, loose, counts[0], counts[1], counts[2])


def _add_counts(a: IntArray, b: IntArray) -> IntArray:
    size = max(len(a), len(b))
    return np.pad(a, (0, size - len(a))) + np.pad(b, (0, size - len(b)))


def stderr_progress(label: str) -> Progress:
    """A progress callback that rewrites one line on standard error."""
    # On a terminal one line is rewritten; into a file or a pipe, one line per step.
    tty = sys.stderr.isatty()

    def show(done: int, total: int) -> None:
        line = f"{label}: {100 * done / total:5.1f}% ({done:,} of {total:,} hands)"
        if tty:
            print(f"\r{line}", end="\n" if done == total else "", file=sys.stderr, flush=True)
        else:
            print(line, file=sys.stderr, flush=True)
    return show


def odds_table(odds: Odds) -> str:
    """The figures as a plain-text table (``odds`` without ``--json``)."""
    def row(label: str, count: int) -> str:
        one_in = f"1 in {odds.hands / count:,.0f}" if count else ""
        return f"{label:<26}{count:>12,}  {_percent(odds.share(count)):>10}  {one_in}"

    lines = [f"{odds.rules_id}, {odds.deck}-card deck: every 7-card hand (one deck, no jokers)",
             f"{'hands':<26}{odds.hands:>12,}",
             row("may close at once", odds.can_close),
             row("all melded (-10)", odds.minus_ten),
             row("seven-card run", odds.seven_run),
             f"{'most likely loose points':<26}{odds.most_likely_loose:>12}",
             f"{'mean loose points':<26}{odds.mean_loose:>12.2f}",
             "",
             f"{'loose points':<14}{'hands':>12}  {'share':>10}  {'at most':>10}"]
    running = 0
    for points, count in enumerate(odds.loose_points):
        running += count
        if count:
            lines.append(f"{points:<14}{count:>12,}  {_percent(odds.share(count)):>10}  "
                         f"{_percent(odds.share(running)):>10}")
    return "\n".join(lines)


def _percent(share: float) -> str:
    return f"{100 * share:.4f}%" if share >= 1e-4 else f"{100 * share:.2g}%"


# --- Shipped figures -------------------------------------------------------------------------

#: The (profile, deck) pairs whose figures ship in ``chinchon/data/odds/``.
SHIPPED = (("barajamos", 48), ("fournier", 40), ("jeux-de-cartes", 40), ("ludoteka", 40),
           ("ludoteka", 48))


def shipped_decks(rules_id: str) -> tuple[int, ...]:
    """The deck sizes whose figures ship for profile ``rules_id``."""
    return tuple(deck for shipped_id, deck in SHIPPED if shipped_id == rules_id)


def closing_totals(rules: Rules) -> range:
    """The loose-point totals with which every hand may close (a normal turn): up to the limit
    under a points rule, only 0 when one loose card is the rule (two cards may sum lower)."""
    return range(rules.close_limit + 1 if rules.close_rule is CloseRule.POINTS else 1)


def shipped_file_name(rules_id: str, deck: int) -> str:
    return f"{rules_id}-{deck}.json"


def can_rank(rules: Rules) -> bool:
    """Whether shipped figures cover ``rules`` (one deck, no jokers): :func:`rank_of` works."""
    if rules.deck.copies != 1 or rules.deck.has_jokers or (rules.id, rules.deck.size) not in SHIPPED:
        return False
    # A house profile shares the shipped figures only if it melds and closes like its base.
    base = get_rules(rules.id, **({"deck": rules.deck.size} if rules.id == "ludoteka" else {}))
    return (_same_count(rules) == _same_count(base))


def _same_count(rules: Rules) -> tuple[object, ...]:
    """What the shipped counts depend on: the deck, the figures' points and the close."""
    return (rules.deck, rules.figure_points, rules.close_rule, rules.close_limit)


def shipped_odds(rules: Rules) -> Odds:
    """The figures computed by :func:`enumerate_odds` and shipped with the package."""
    if not can_rank(rules):
        raise OddsError(f"no shipped odds for {rules!r}: they cover one {rules.deck.size}-card "
                        f"deck without jokers, for {_shipped_list()}")
    return _load(rules.id, rules.deck.size)


def _shipped_list() -> str:
    return ", ".join(f"{rules_id} {deck}" for rules_id, deck in SHIPPED)


@cache
def _load(rules_id: str, deck: int) -> Odds:
    path = resources.files("chinchon") / "data" / "odds" / shipped_file_name(rules_id, deck)
    return Odds.from_json(json.loads(path.read_text(encoding="utf-8")), rules_id, deck)


def rank_of(hand: Sequence[Card], rules: Rules) -> HandRank:
    """Where a 7-card hand stands among every dealt hand of its deck, by fewest loose points.

    >>> rank = rank_of(parse_hand("11o 12o 1o 5c 5e 5b 2c"), get_rules("barajamos"))
    >>> rank.loose_points, f"fewer loose points than {rank.beats:.0%} of hands"
    (26, 'fewer loose points than 91% of hands')
    """
    hand = check_cards("hand", hand)
    check_hand(hand, rules)
    odds = shipped_odds(rules)
    points = fewest_loose_points(hand, rules)
    same = odds.loose_points[points] if points < len(odds.loose_points) else 0
    return HandRank(hand, points, odds.hands, odds.more_than(points), same)
