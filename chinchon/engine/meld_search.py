"""How the solver finds melds: per-suit tables for one deck without jokers, a hand's subsets
otherwise, and the fast fewest-loose-points path built on them.

The solver (:mod:`chinchon.engine.solver`) builds its analyses on these; the draw counts and the
odds use the mask functions directly in their inner loops.

>>> fewest_loose_points(parse_hand("3c 4c 5c 6c 6o 6e 1b"), get_rules("barajamos"))
1
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from chinchon.engine.cards import (
    RANKS_40,
    RANKS_48,
    SUITS,
    Card,
    HandError,
    check_cards,
    hand_code,
    mask_of,
    parse_hand,
)
from chinchon.engine.errors import quote
from chinchon.engine.melds import Meld, MeldKind, find_meld
from chinchon.engine.memo import ProfileMemo, multiset_key
from chinchon.engine.rules import Rules, check_rules, get_rules

SUIT_MASK = 0xFFF

__all__ = [
    "SUIT_MASK",
    "check_hand",
    "fewest_loose_points",
    "get_rules",
    "loose_points_of_mask",
    "mask_solver",
    "meld_masks",
    "parse_hand",
]

# --- Tables for one deck without jokers -------------------------------------------------------


@dataclass(frozen=True)
class _Tables:
    """Per-suit tables indexed by a 12-bit mask (bit ``rank - 1``)."""

    value: tuple[int, ...]         # points of the cards in the mask
    best: tuple[int, ...]          # fewest loose points of the mask using runs only
    runs: tuple[tuple[int, ...], ...]  # every run inside the mask
    deck_mask: int                 # every card of the deck
    bit_card: dict[int, Card]
    #: Every meld of the deck as a candidate, by its mask over the 48 card bits: built once,
    #: so that solving a hand creates no Meld.
    candidate: dict[int, _Candidate]
    #: ``suit_runs[s][mask]``: the candidates of every run inside suit ``s``'s 12-bit mask.
    suit_runs: tuple[tuple[tuple[_Candidate, ...], ...], ...]


@cache
def _tables(size: int, figure_points: tuple[int, int, int], seven_ten: bool = True) -> _Tables:
    ranks = RANKS_48 if size == 48 else RANKS_40
    points = {rank: figure_points[rank - 10] if rank >= 10 else rank for rank in ranks}
    bits = [1 << (rank - 1) for rank in ranks]
    # Runs never cross a break of the run order (7 and 10 with seven-ten=no).
    stretches = [ranks] if size == 48 or seven_ten else [RANKS_40[:7], RANKS_40[7:]]
    all_runs = [sum(1 << (rank - 1) for rank in stretch[start:start + length])
                for stretch in stretches for length in range(3, len(stretch) + 1)
                for start in range(len(stretch) - length + 1)]
    value = [0] * 4096
    for mask in range(1, 4096):
        low = mask & -mask
        value[mask] = value[mask ^ low] + points.get(low.bit_length(), 0)
    best = [0] * 4096
    runs: list[tuple[int, ...]] = [()] * 4096
    for mask in range(1, 4096):
        low = mask & -mask
        choice = best[mask ^ low] + value[low]
        for run in all_runs:
            if run & low and run & mask == run and (run & (low - 1)) == 0:
                choice = min(choice, best[mask ^ run])
        best[mask] = choice
        runs[mask] = tuple(run for run in all_runs if run & mask == run)
    deck_mask = sum(sum(bits) << (12 * s) for s in range(4))
    bit_card = {Card(rank, suit).bit: Card(rank, suit) for suit in SUITS for rank in ranks}
    candidate: dict[int, _Candidate] = {}
    for s in range(4):
        for run in all_runs:
            cards = tuple(bit_card[bit << (12 * s)] for bit in _bits(run))
            candidate[run << (12 * s)] = (run << (12 * s), value[run], len(cards),
                                          Meld(MeldKind.RUN, cards, cards))
    for bit in bits:
        for size in (3, 4):
            for chosen in combinations([bit << (12 * s) for s in range(4)], size):
                cards = tuple(bit_card[b] for b in chosen)
                candidate[sum(chosen)] = (sum(chosen), value[bit] * size, size,
                                          Meld(MeldKind.GROUP, cards, cards))
    suit_runs = tuple(tuple(tuple(candidate[run << (12 * s)] for run in runs[mask])
                            for mask in range(4096)) for s in range(4))
    return _Tables(tuple(value), tuple(best), tuple(runs), deck_mask, bit_card, candidate,
                   suit_runs)


def _tables_for(rules: Rules) -> _Tables:
    deck = rules.deck
    return _tables(deck.size, rules.figure_points, deck.seven_ten)


def _simple(rules: Rules) -> bool:
    """One deck and no jokers: every card is one bit, and the tables apply."""
    deck = rules.deck
    return deck.copies == 1 and not deck.jokers and not deck.wild_ace


# --- Melds a hand contains ---------------------------------------------------------------------

#: A meld found in a hand: its mask (over card bits or hand positions), points, size and Meld.
_Candidate = tuple[int, int, int, Meld]


def _table_candidates(mask: int, tables: _Tables) -> list[_Candidate]:
    s0 = mask & SUIT_MASK
    s1 = (mask >> 12) & SUIT_MASK
    s2 = (mask >> 24) & SUIT_MASK
    s3 = mask >> 36
    runs0, runs1, runs2, runs3 = tables.suit_runs
    found = [*runs0[s0], *runs1[s1], *runs2[s2], *runs3[s3]]
    triples = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    for rank_bit in _bits(triples):
        present = [bit for bit in (rank_bit, rank_bit << 12, rank_bit << 24, rank_bit << 36)
                   if mask & bit]
        for size in range(3, len(present) + 1):
            for chosen in combinations(present, size):
                found.append(tables.candidate[sum(chosen)])
    return found


#: The melds found among a few cards (by their bits), per profile: a game's hands share most
#: of their cards from one turn to the next, so the same subsets come back.
_MELDS: ProfileMemo[tuple[int, ...], Meld | None] = ProfileMemo(most=20_000)


def forget_melds() -> None:
    """Forget the melds and hands remembered per profile (a cold start, for benchmarks)."""
    _MELDS.clear()
    _FEWEST.clear()
    for solver in _SOLVERS.values():
        solver.clear()


def _subset_candidates(hand: Sequence[Card], rules: Rules) -> list[_Candidate]:
    """Every meld among the hand's positions (for two decks or jokers).

    A meld's real cards share a number (a group) or a suit (a run), so only the subsets of one
    number's or one suit's cards, jokers added, are tried.
    """
    jokers = [i for i, card in enumerate(hand) if card.is_joker]
    families: dict[int | str, list[int]] = {}
    for i, card in enumerate(hand):
        if not card.is_joker:
            families.setdefault(card.rank, []).append(i)
            families.setdefault(card.suit, []).append(i)
    place = {rank: p for p, rank in enumerate(rules.deck.run_order)}
    found: list[_Candidate] = []
    tried: set[int] = set()
    melds = _MELDS.of(rules)
    for family, members in families.items():
        if len(members) < 2 or len(members) + len(jokers) < 3:
            continue
        one_suit = isinstance(family, str)
        pool = members + jokers
        for size in range(3, len(pool) + 1):
            for chosen in combinations(pool, size):
                mask = sum([1 << i for i in chosen])
                if mask in tried:
                    continue
                if one_suit:  # a run: different numbers, no wider than its length
                    real = [place[hand[i].rank] for i in chosen if not hand[i].is_joker]
                    if len(set(real)) < len(real) or max(real) - min(real) >= size:
                        continue  # not a run, but maybe a group (two decks): not "tried"
                tried.add(mask)
                # A card's bit names it up to identical copies (a joker's bit is 0, and a
                # profile has one kind of joker), so the bits name the meld's cards.
                key = tuple([hand[i].bit for i in chosen])
                if key not in melds:
                    melds[key] = find_meld([hand[i] for i in chosen], rules)
                meld = melds[key]
                if meld is not None:
                    found.append((mask, meld.points(rules), size, meld))
    return found


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def _hand_bits(hand: Sequence[Card], rules: Rules) -> tuple[list[_Candidate], list[int]]:
    """The melds in ``hand`` and one bit per card of it, in the same mask space."""
    if _simple(rules):
        bits = [card.bit for card in hand]
        return _table_candidates(sum(bits), _tables_for(rules)), bits
    return _subset_candidates(hand, rules), [1 << i for i in range(len(hand))]


def _covers(cands: Sequence[_Candidate], start: int = 0, used: int = 0
            ) -> Iterator[tuple[int, ...]]:
    """Every set of candidates that share no card (as indices), the empty set first."""
    yield ()
    for i in range(start, len(cands)):
        if not cands[i][0] & used:
            for rest in _covers(cands, i + 1, used | cands[i][0]):
                yield (i, *rest)


# --- Fewest loose points (the fast path) -------------------------------------------------------


def fewest_loose_points(hand: Sequence[Card], rules: Rules) -> int:
    """The fewest loose points of ``hand`` over every way of melding it.

    >>> fewest_loose_points(parse_hand("3c 4c 5c 6c 6o 6e 1b"), get_rules("barajamos"))
    1
    """
    try:
        solver = _SOLVERS.get(id(rules)) or solver_for(rules)
        if solver is not None:  # one deck without jokers: the hot path
            mask = 0
            for card in hand:
                mask |= card.bit
            if mask.bit_count() == len(hand) <= 8 and not mask & ~solver.deck_mask:
                s0 = mask & SUIT_MASK
                s1 = (mask >> 12) & SUIT_MASK
                s2 = (mask >> 24) & SUIT_MASK
                s3 = mask >> 36
                if (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1)):
                    return solver[mask]  # a number in three suits: groups to try (remembered)
                # Runs only, and runs never cross suits (inline: the commonest case).
                best = solver.best
                return best[s0] + best[s1] + best[s2] + best[s3]
    except (AttributeError, TypeError):
        pass  # not cards, or not rules: check_hand names which
    hand = check_cards("hand", hand)
    check_hand(hand, rules, sizes=None)
    hand = rules.deck.adopt(hand)
    return _FEWEST.recall(rules, multiset_key(hand), lambda: _general_fewest(hand, rules))


def _general_fewest(hand: Sequence[Card], rules: Rules) -> int:
    cands, _ = _hand_bits(hand, rules)
    return sum(rules.points(card) for card in hand) - _most_melded(cands)


#: Fewest loose points of two-deck or joker hands, by :func:`~chinchon.engine.memo.multiset_key`:
#: a game's playouts meet the same hands again, and their meld search is the slow one.
_FEWEST: ProfileMemo[int, int] = ProfileMemo(most=200_000)


def loose_points_of_mask(mask: int, rules: Rules) -> int:
    """:func:`fewest_loose_points` for a hand given as the OR of its cards' ``bit`` (one deck,
    no jokers; not checked: this is the inner loop of batch work)."""
    solver = _SOLVERS.get(id(rules))
    return (mask_solver(rules) if solver is None else solver)[mask]


class MaskSolver(dict[int, int]):
    """The fewest loose points of one-deck, joker-free hands given as card masks, exactly:
    ``solver[mask]``, a dict look-up once a hand has been solved (playouts meet the same
    hands again and again), the tables otherwise.

    Runs never cross suits, so without groups the answer is the sum of the four suits' run
    tables; each number held in three suits or more may give a group (any three of its cards,
    or all four), and every choice of groups is tried with the run tables on what is left.

    >>> solver = mask_solver(get_rules("fournier"))
    >>> solver[mask_of(parse_hand("1o 2o 3o 5c 5e 5b 1c"))]
    1
    """

    def __init__(self, rules: Rules, tables: _Tables) -> None:
        super().__init__()
        self.rules = rules  # held, so that its id names it while this solver is kept
        self.best = tables.best
        self.deck_mask = tables.deck_mask

    def __missing__(self, mask: int) -> int:
        best = self.best
        s0 = mask & SUIT_MASK
        s1 = (mask >> 12) & SUIT_MASK
        s2 = (mask >> 24) & SUIT_MASK
        s3 = mask >> 36
        triples = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
        if triples:
            found = self._groups([s0, s1, s2, s3], triples)
        else:
            found = best[s0] + best[s1] + best[s2] + best[s3]
        if len(self) >= _MASK_MEMO:
            self.clear()
        self[mask] = found
        return found

    def __bool__(self) -> bool:
        return True  # a solver, however few hands it knows yet (``found or make()`` reads it)

    def __repr__(self) -> str:
        return f"<MaskSolver {self.rules.code()} {len(self)} hands known>"

    def _groups(self, suits: list[int], ranks: int) -> int:
        """The fewest loose points of ``suits`` when the numbers of ``ranks`` (rank bits held in
        three suits or more) may each give one group."""
        best = self.best
        if not ranks:
            return best[suits[0]] + best[suits[1]] + best[suits[2]] + best[suits[3]]
        rank = ranks & -ranks
        rest = ranks ^ rank
        fewest = self._groups(suits, rest)  # no group of this number
        held = [s for s in range(4) if suits[s] & rank]
        for size in range(3, len(held) + 1):
            for chosen in combinations(held, size):
                left = [suit & ~rank if s in chosen else suit for s, suit in enumerate(suits)]
                fewest = min(fewest, self._groups(left, rest))
        return fewest


#: The most hands each mask solver remembers (some 70 bytes each).
_MASK_MEMO = 300_000
#: The mask solver of each one-deck, joker-free profile seen, by the id of its rules: read
#: first on the hot path, where hashing a Rules costs more than the solving.
_SOLVERS: dict[int, MaskSolver] = {}


def mask_solver(rules: Rules) -> MaskSolver:
    """The :class:`MaskSolver` of a one-deck, joker-free profile (made once per profile).

    >>> mask_solver(get_rules("ludoteka", jokers=2))
    Traceback (most recent call last):
    ...
    chinchon.engine.meld_search.MaskError: mask solving needs one deck and no jokers, not ...
    """
    check_rules(rules)
    solver = _SOLVERS.get(id(rules))
    if solver is None:
        if not _simple(rules):
            raise MaskError(f"mask solving needs one deck and no jokers, not "
                            f"{quote(rules.deck.describe())}")
        if len(_SOLVERS) > 16:  # house rules make new profiles: keep a few
            _SOLVERS.clear()
        solver = _SOLVERS[id(rules)] = MaskSolver(rules, _tables_for(rules))
    return solver


def solver_for(rules: object) -> MaskSolver | None:
    """The :class:`MaskSolver` of ``rules`` when they are one deck without jokers, else None
    (not even rules: the callers' checks name what is wrong)."""
    if isinstance(rules, Rules) and _simple(rules):
        return mask_solver(rules)
    return None


class MaskError(ValueError):
    """A mask look-up asked of a profile whose cards are not one bit each."""


def meld_masks(mask: int, rules: Rules) -> list[int]:
    """Every meld among the cards of ``mask`` (the OR of their ``bit``), each as a card mask;
    one deck, no jokers, like :func:`loose_points_of_mask`."""
    return [cand[0] for cand in _table_candidates(mask, _tables_for(rules))]


def _most_melded(cands: Sequence[_Candidate]) -> int:
    best = 0
    for i, (mask_i, value_i, _, _) in enumerate(cands):
        best = max(best, value_i)
        for mask_j, value_j, _, _ in cands[i + 1:]:
            if not mask_i & mask_j and value_i + value_j > best:
                best = value_i + value_j
    # Three melds need nine cards; longer hands are never solved here.
    return best


# --- Full analysis -----------------------------------------------------------------------------


def check_hand(hand: Sequence[Card], rules: Rules, sizes: Sequence[int] | None = (7,)) -> None:
    """Raise :class:`HandError` or :class:`~chinchon.engine.cards.CardError` naming what is wrong
    (:class:`~chinchon.engine.errors.ArgumentError` when ``hand`` is not cards)."""
    if type(hand) is not tuple:
        hand = check_cards("hand", hand)
    elif not all(type(card) is Card for card in hand):
        check_cards("hand", hand)
    check_rules(rules)
    if _simple(rules) and (sizes is None or len(hand) in sizes):
        mask = mask_of(hand)
        if mask.bit_count() == len(hand) and not mask & ~_tables_for(rules).deck_mask:
            return  # the common case, checked with one mask
    if sizes is None and len(hand) > 8:  # three melds need nine cards: never tried
        raise HandError(f"the solver takes at most 8 cards, not {len(hand)}: "
                        f"{quote(hand_code(hand))}")
    rules.deck.check_hand(hand, sizes)
