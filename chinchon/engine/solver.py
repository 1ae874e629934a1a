"""The exact hand solver: fewest loose points, every optimal arrangement, the close.

A hand of seven or eight cards holds at most two melds (three would need nine cards), so the
solver lists every meld the hand contains and tries every set of melds that do not share a card.
For one deck without jokers the melds come from tables indexed by a suit's 12-bit mask; with two
decks or jokers they come from the hand's subsets. Both paths are exact.

>>> rules = get_rules("barajamos")
>>> analysis = analyze(parse_hand("7o 7c 7b 9e 10e 11e 4o"), rules)
>>> analysis.loose_points, analysis.outcome.value, analysis.score
(4, 'points', 4)
>>> analysis.arrangement.code()
'7o 7c 7b | 9e 10e 11e / 4o'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from typing import Any

from chinchon.engine.cards import (
    SUITS,
    Card,
    HandError,
    check_cards,
    hand_code,
    parse_hand,
)
from chinchon.engine.errors import ArgumentError, check_bool, check_int, quote
from chinchon.engine.meld_search import (  # noqa: F401  (re-exported: the solver's API)
    _SOLVERS,
    SUIT_MASK,
    MaskSolver,
    _Candidate,
    _covers,
    _hand_bits,
    _tables,
    check_hand,
    fewest_loose_points,
    loose_points_of_mask,
    meld_masks,
    solver_for,
)
from chinchon.engine.melds import Meld, MeldKind, check_meld, find_meld
from chinchon.engine.rules import (  # noqa: F401
    ChinchonEffect,
    CloseRule,
    Rules,
    check_rules,
    get_rules,
)

HAND_SIZE = 7
#: What a chinchón scores under the house rule ``chinchon=minus-25``.
CHINCHON_MINUS_25 = -25


class CloseError(ValueError):
    """A close that the rules do not allow for this hand."""


class Outcome(str, Enum):
    """What closing with a hand does, best last."""

    CANNOT_CLOSE = "cannot_close"
    POINTS = "points"
    MINUS_TEN = "minus_ten"
    CHINCHON_WITH_JOKER = "chinchon_with_joker"
    CHINCHON = "chinchon"


#: Outcomes from best to worst, for choosing the close and the best discard.
_OUTCOME_ORDER = (Outcome.CHINCHON, Outcome.CHINCHON_WITH_JOKER, Outcome.MINUS_TEN,
                  Outcome.POINTS, Outcome.CANNOT_CLOSE)


@dataclass(frozen=True)
class Arrangement:
    """How a player lays out his cards: melds, then the loose cards.

    Written ``'7o 7c 7b | 9e 10e 11e / 4o'``: melds separated by ``|``, loose cards after ``/``.
    """

    melds: tuple[Meld, ...]
    loose: tuple[Card, ...]

    @staticmethod
    def parse(text: str, rules: Rules) -> Arrangement:
        """Read and check an arrangement; :class:`MeldError` names a meld that is not one,
        :class:`~chinchon.engine.cards.HandError` or ``CardError`` a card the deck cannot give."""
        if not isinstance(text, str):
            raise ArgumentError(f"an arrangement is text such as '7o 7c 7b / 4o', not "
                                f"{quote(text)}")
        check_rules(rules)
        melds_text, _, loose_text = text.partition("/")
        melds = tuple(check_meld(Meld.parse(part), rules)
                      for part in melds_text.split("|") if part.strip())
        arrangement = Arrangement(melds, rules.deck.adopt(parse_hand(loose_text)))
        rules.deck.check_hand(arrangement.cards())
        return arrangement

    def code(self) -> str:
        text = " | ".join(meld.code() for meld in self.melds)
        if self.loose:
            text = f"{text} / {hand_code(self.loose)}" if text else f"/ {hand_code(self.loose)}"
        return text

    def __repr__(self) -> str:
        return f"Arrangement.parse({self.code()!r}, rules)"

    def cards(self) -> tuple[Card, ...]:
        """Every card held, melded first."""
        return tuple(card for meld in self.melds for card in meld.cards) + self.loose

    def loose_points(self, rules: Rules) -> int:
        return sum(rules.points(card) for card in self.loose)

    def is_seven_run(self) -> bool:
        """Seven cards in one run of one suit: a chinchón."""
        return (len(self.melds) == 1 and self.melds[0].kind is MeldKind.RUN
                and len(self.melds[0]) == HAND_SIZE and not self.loose)


@dataclass(frozen=True)
class Close:
    """The closer's result: ``score`` is what he adds (None when the close wins the game)."""

    outcome: Outcome
    score: int | None
    arrangement: Arrangement


@dataclass(frozen=True)
class HandAnalysis:
    """Everything the solver says about a seven-card hand."""

    hand: tuple[Card, ...]
    rules: Rules
    loose_points: int
    #: Every distinct optimal arrangement; the first is the one shown by default.
    arrangements: tuple[Arrangement, ...]
    #: The best close the hand allows, or None when it may not close.
    close: Close | None

    @property
    def arrangement(self) -> Arrangement:
        return self.arrangements[0]

    @property
    def can_close(self) -> bool:
        return self.close is not None

    @property
    def outcome(self) -> Outcome:
        return self.close.outcome if self.close else Outcome.CANNOT_CLOSE

    @property
    def score(self) -> int | None:
        return self.close.score if self.close else None

    def to_json(self) -> dict[str, Any]:
        """The command line's JSON object for this hand."""
        shown = [_arrangement_json(a) for a in self.arrangements]
        closing = None
        if self.close:
            closing = next((shown[i] for i, a in enumerate(self.arrangements)
                            if a == self.close.arrangement), None)
            closing = closing or _arrangement_json(self.close.arrangement)
        return {
            "hand": [card.code() for card in self.hand],
            "loose_points": self.loose_points,
            "melds": shown[0]["melds"],
            "loose": shown[0]["loose"],
            "can_close": self.can_close,
            "outcome": self.outcome.value,
            "score": self.score,
            "closing": closing,
            "arrangements": shown,
        }


@dataclass(frozen=True)
class DiscardAnalysis:
    """Every discard of an eight-card hand and what the seven cards left are worth."""

    hand: tuple[Card, ...]
    rules: Rules
    #: One analysis per card of ``hand``, in hand order: the hand left after discarding it.
    rows: tuple[HandAnalysis, ...]

    @property
    def best_index(self) -> int:
        """The discard with the best outcome: chinchón, a run with a joker, -10, a close with
        the fewest points, then the fewest loose points; the first in hand order on a tie."""
        return min(range(len(self.rows)), key=lambda i: _discard_key(self.rows[i]))

    @property
    def best(self) -> Card:
        return self.hand[self.best_index]

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": [card.code() for card in self.hand],
            "discards": [{"card": card.code(), "loose_points": row.loose_points,
                          "can_close": row.can_close, "outcome": row.outcome.value,
                          "score": row.score} for card, row in zip(self.hand, self.rows,
                                                                   strict=True)],
            "best": self.best.code(),
        }


def _discard_key(row: HandAnalysis) -> tuple[int, int]:
    tier = _OUTCOME_ORDER.index(row.outcome)
    if row.outcome is Outcome.POINTS and row.score is not None:
        return tier, row.score
    return tier, row.loose_points


def _melds_json(arrangement: Arrangement) -> list[list[str]]:
    return [meld.code().split() for meld in arrangement.melds]


def _arrangement_json(arrangement: Arrangement) -> dict[str, list[Any]]:
    return {"melds": _melds_json(arrangement), "loose": [c.code() for c in arrangement.loose]}


def analyze(hand: Sequence[Card], rules: Rules, *, first_round: bool = False,
            total: int | None = None) -> HandAnalysis:
    """Solve a seven-card hand: its fewest loose points, every optimal arrangement, its close.

    ``first_round`` and ``total`` (the player's running score) are the game context that
    ludoteka's closing rules need; other profiles ignore them.
    """
    hand = check_cards("hand", hand)
    check_hand(hand, rules)
    _check_context(first_round, total)
    if rules.deck.wild_ace:
        hand = rules.deck.adopt(hand)
    cands, bits = _hand_bits(hand, rules)
    return _analysis(hand, bits, cands, rules, first_round, total)


def _check_context(first_round: object, total: object) -> None:
    """The game context of a close: ``first_round`` a bool, ``total`` a whole number or None."""
    check_bool("first_round", first_round)
    check_int("total", total, optional=True)


def _analysis(hand: tuple[Card, ...], bits: Sequence[int], cands: Sequence[_Candidate],
              rules: Rules, first_round: bool, total: int | None) -> HandAnalysis:
    rank_points = rules.rank_points
    hand_points = sum([rank_points[card.rank] for card in hand])
    if cands:
        covers = list(_covers(cands))
        melded = [sum([cands[i][1] for i in cover]) for cover in covers]
    else:  # most random hands: nothing to meld
        covers, melded = [()], [0]
    most = max(melded)
    optimal = [_arrangement(hand, bits, cands, cover, rules)
               for cover, value in zip(covers, melded, strict=True) if value == most]
    arrangements = _distinct(optimal)
    close = _best_close(hand, bits, cands, covers, melded, hand_points, rules, first_round, total)
    return HandAnalysis(hand, rules, hand_points - most, arrangements, close)


def _arrangement(hand: Sequence[Card], bits: Sequence[int], cands: Sequence[_Candidate],
                 cover: Sequence[int], rules: Rules) -> Arrangement:
    if not cover:
        return Arrangement((), tuple(hand))
    used = 0
    for i in cover:
        used |= cands[i][0]
    loose = tuple([card for card, bit in zip(hand, bits, strict=True) if not bit & used])
    return Arrangement(_merged([cands[i][3] for i in cover], rules), loose)


def _merged(melds: list[Meld], rules: Rules) -> tuple[Meld, ...]:
    """Join runs that continue each other and groups of one number: the same arrangement."""
    if len(melds) == 1:
        return (melds[0],)
    melds = list(melds)
    changed = True
    while changed:
        changed = False
        for a, b in combinations(range(len(melds)), 2):
            joined = _join(melds[a], melds[b], rules)
            if joined is not None:
                melds[a] = joined
                del melds[b]
                changed = True
                break
    return tuple(sorted(melds, key=_meld_order))


def _join(a: Meld, b: Meld, rules: Rules) -> Meld | None:
    if a.kind is not b.kind:
        return None
    if a.kind is MeldKind.GROUP:
        return find_meld(a.cards + b.cards, rules) if a.rank == b.rank else None
    if a.suit != b.suit:
        return None
    ranks = rules.deck.run_order
    if ranks.index(a.stands_for[0].rank) > ranks.index(b.stands_for[0].rank):
        a, b = b, a
    if ranks.index(a.stands_for[-1].rank) + 1 != ranks.index(b.stands_for[0].rank):
        return None
    return Meld(MeldKind.RUN, a.cards + b.cards, a.stands_for + b.stands_for)


def _meld_order(meld: Meld) -> tuple[int, int, int, str]:
    first = meld.stands_for[0]
    # The code breaks ties (two decks and jokers: 1o 2o 3o beside 1o 2o JK=3o), so one
    # arrangement is always written the same way and listed once.
    return (0 if meld.kind is MeldKind.GROUP else 1, first.rank, SUITS.index(first.suit),
            meld.code())


def _distinct(arrangements: list[Arrangement]) -> tuple[Arrangement, ...]:
    """Drop repeats; most cards melded first, then fewest melds, then by notation."""
    if len(arrangements) == 1:
        return (arrangements[0],)
    # With two decks, identical cards at different places in the hand give the same
    # arrangement with its loose cards in another order: that is a repeat too.
    unique: dict[tuple[tuple[Meld, ...], tuple[Card, ...]], Arrangement] = {}
    for a in arrangements:
        unique.setdefault((a.melds, tuple(sorted(a.loose))), a)
    return tuple(sorted(unique.values(),
                        key=lambda a: (len(a.loose), len(a.melds), a.code())))


def _best_close(hand: tuple[Card, ...], bits: Sequence[int], cands: Sequence[_Candidate],
                covers: Sequence[tuple[int, ...]], melded: Sequence[int], hand_points: int,
                rules: Rules, first_round: bool, total: int | None) -> Close | None:
    if first_round and not rules.close_in_first_round:
        return None
    if rules.close_rule is CloseRule.POINTS:
        if hand_points - max(melded) > rules.close_limit:
            return None  # no arrangement leaves fewer points than the best one
    else:
        covered = 0
        for cand in cands:
            covered |= cand[0]
        loose_allowed = 0 if rules.close_rule is CloseRule.ALL_MELDED else 1
        if covered.bit_count() < len(hand) - loose_allowed:
            return None  # too many cards belong to no meld at all
    best: tuple[tuple[int, int], Close] | None = None
    for cover, value in zip(covers, melded, strict=True):
        loose_points = hand_points - value
        loose_count = len(hand) - sum([cands[i][2] for i in cover])
        if not may_close(loose_points, loose_count, rules, total):
            continue
        outcome, score = closing_outcome([cands[i][3] for i in cover], loose_count,
                                         loose_points, rules)
        key = (_OUTCOME_ORDER.index(outcome), score if score is not None else -1000)
        if best is None or key < best[0]:
            best = key, Close(outcome, score, _arrangement(hand, bits, cands, cover, rules))
    return best[1] if best else None


def may_close(loose_points: int, loose_count: int, rules: Rules, total: int | None = None
              ) -> bool:
    """Whether an arrangement leaving these loose cards may close (on a turn that allows it)."""
    if rules.close_rule is CloseRule.POINTS:
        allowed = loose_points <= rules.close_limit
    elif rules.close_rule is CloseRule.ALL_MELDED:
        allowed = loose_count == 0
    else:
        allowed = loose_count == 0 or (loose_count == 1 and loose_points <= rules.close_limit)
    if allowed and rules.close_within_limit and total is not None:
        allowed = total + loose_points <= rules.limit
    return allowed


def closing_outcome(melds: Sequence[Meld], loose_count: int, loose_points: int, rules: Rules
                    ) -> tuple[Outcome, int | None]:
    """What closing with these melds does, and the closer's score (None: he wins the game)."""
    if loose_count:
        return Outcome.POINTS, loose_points
    seven_run = len(melds) == 1 and melds[0].kind is MeldKind.RUN
    if not seven_run or rules.chinchon_effect is ChinchonEffect.MINUS_TEN:
        return Outcome.MINUS_TEN, rules.minus_ten
    if melds[0].has_joker:
        if rules.joker_run_score is not None:
            return Outcome.CHINCHON_WITH_JOKER, rules.joker_run_score
        return Outcome.MINUS_TEN, rules.minus_ten
    if rules.chinchon_effect is ChinchonEffect.WINS_GAME:
        return Outcome.CHINCHON, None
    if rules.chinchon_effect is ChinchonEffect.MINUS_25:
        return Outcome.CHINCHON, CHINCHON_MINUS_25
    return Outcome.CHINCHON, rules.minus_ten


def can_close(hand: Sequence[Card], rules: Rules, *, first_round: bool = False,
              total: int | None = None) -> bool:
    """Whether a player holding these seven cards may close (see :func:`close`)."""
    solver = _SOLVERS.get(id(rules)) or solver_for(rules)
    if (solver is not None and type(first_round) is bool
            and (total is None or type(total) is int)):
        try:  # one deck without jokers, the game's every discard: no arrangement is built
            mask = 0
            for card in hand:
                mask |= card.bit
            if mask.bit_count() == len(hand) == HAND_SIZE and not mask & ~solver.deck_mask:
                return _mask_may_close(hand, mask, solver, first_round, total)
        except (AttributeError, TypeError):
            pass  # not cards: analyze names what is wrong
    return analyze(hand, rules, first_round=first_round, total=total).can_close


def _mask_may_close(hand: Sequence[Card], mask: int, solver: MaskSolver, first_round: bool,
                    total: int | None) -> bool:
    """:func:`can_close` of seven distinct cards of one deck without jokers, where every card
    is worth a point or more: no loose points means no loose card."""
    rules = solver.rules
    if first_round and not rules.close_in_first_round:
        return False
    # What the loose points may add to the total (close_within_limit) on top of close_limit.
    room = rules.limit - total if rules.close_within_limit and total is not None else 1000
    fewest = solver[mask]
    if rules.close_rule is CloseRule.POINTS:
        return fewest <= rules.close_limit and fewest <= room
    if fewest == 0 or rules.close_rule is CloseRule.ALL_MELDED:
        return fewest == 0 and room >= 0
    # One loose card: the other six all melded, the loose one cheap enough.
    cap = min(rules.close_limit, room)
    points = rules.rank_points
    return any(points[card.rank] <= cap and solver[mask ^ card.bit] == 0 for card in hand)


def close(hand: Sequence[Card], rules: Rules, *, first_round: bool = False,
          total: int | None = None) -> Close:
    """The best close of these seven cards; :class:`CloseError` when the rules forbid it."""
    analysis = analyze(hand, rules, first_round=first_round, total=total)
    if analysis.close is None:
        raise CloseError(f"{quote(hand_code(hand))} may not close under {rules.name} rules: "
                         f"{_why_not_close(analysis, first_round, total)}")
    return analysis.close


def close_as(arrangement: Arrangement, rules: Rules, *, first_round: bool = False,
             total: int | None = None) -> Close:
    """The close of a player who shows ``arrangement`` (checked) rather than the best one;
    :class:`CloseError` when the rules do not let him close with it.

    >>> close_as(Arrangement.parse("7o 7c 7b | 9e 10e 11e / 4o", get_rules("barajamos")),
    ...          get_rules("barajamos")).score
    4
    """
    if not isinstance(arrangement, Arrangement):
        raise ArgumentError(f"arrangement must be an Arrangement, not {quote(arrangement)}")
    check_rules(rules)
    _check_context(first_round, total)
    melds = tuple(check_meld(meld, rules) for meld in arrangement.melds)
    arrangement = Arrangement(melds, rules.deck.adopt(arrangement.loose))
    check_hand(arrangement.cards(), rules)
    loose_points = arrangement.loose_points(rules)
    if first_round and not rules.close_in_first_round:
        raise CloseError(f"{quote(arrangement.code())} may not close: nobody closes in the first "
                         f"round under {rules.name} rules")
    if not may_close(loose_points, len(arrangement.loose), rules, total):
        raise CloseError(f"{quote(arrangement.code())} may not close under {rules.name} rules: "
                         f"{_why_not_close_as(arrangement, rules, total)}")
    outcome, score = closing_outcome(melds, len(arrangement.loose), loose_points, rules)
    return Close(outcome, score, Arrangement(melds, arrangement.loose))


def _why_not_close_as(arrangement: Arrangement, rules: Rules, total: int | None) -> str:
    points = arrangement.loose_points(rules)
    if rules.close_within_limit and total is not None and total + points > rules.limit:
        return f"{points} loose points would take {total} over the limit {rules.limit}"
    if len(arrangement.loose) > 1 and rules.close_rule is CloseRule.ONE_LOOSE:
        return f"{len(arrangement.loose)} loose cards; at most one may stay loose"
    if rules.close_rule is CloseRule.ALL_MELDED:
        return f"{len(arrangement.loose)} loose cards; every card must be melded"
    return f"{points} loose points, more than {rules.close_limit}"


def _why_not_close(analysis: HandAnalysis, first_round: bool, total: int | None) -> str:
    rules = analysis.rules
    if first_round and not rules.close_in_first_round:
        return "nobody closes in the first round"
    if rules.close_rule is CloseRule.POINTS:
        return f"{analysis.loose_points} loose points, more than {rules.close_limit}"
    if rules.close_rule is CloseRule.ALL_MELDED:
        return "no arrangement melds every card"
    reason = (f"no arrangement melds every card or leaves one loose card worth "
              f"{rules.close_limit} or less")
    if rules.close_within_limit and total is not None:
        reason += f" without going over {rules.limit} from {total}"
    return reason


def analyze_discards(hand: Sequence[Card], rules: Rules, *, first_round: bool = False,
                  total: int | None = None) -> DiscardAnalysis:
    """Analyse each discard of an eight-card hand (the hand after drawing)."""
    hand = check_cards("hand", hand)
    check_hand(hand, rules, sizes=(8,))
    _check_context(first_round, total)
    if rules.deck.wild_ace:
        hand = rules.deck.adopt(hand)
    cands, bits = _hand_bits(hand, rules)
    rows = []
    for i, bit in enumerate(bits):
        kept = hand[:i] + hand[i + 1:]
        kept_bits = bits[:i] + bits[i + 1:]
        kept_cands = [cand for cand in cands if not cand[0] & bit]
        rows.append(_analysis(kept, kept_bits, kept_cands, rules, first_round, total))
    return DiscardAnalysis(hand, rules, tuple(rows))


def arrangement_of(hand: Sequence[Card], melds: Sequence[Meld]) -> Arrangement:
    """The arrangement showing ``melds`` (already checked melds) with the rest of ``hand`` loose;
    :class:`HandError` when a meld uses a card the hand does not hold."""
    left = list(hand)
    for meld in melds:
        for card in meld.cards:
            if card not in left:
                raise HandError(f"{quote(card.code())} of meld {quote(meld.code())} is not in the hand "
                                f"{quote(hand_code(hand))} (or is used twice)")
            left.remove(card)
    return Arrangement(tuple(melds), tuple(left))
