"""A deliberately simple brute-force reference for the solver, written from RULES.md alone.

It never imports :mod:`chinchon.engine.solver` or :mod:`chinchon.engine.melds`: it takes cards from
:mod:`chinchon.engine.cards` and the deck options from a :class:`~chinchon.engine.rules.Rules`, and reads
everything else (points, melds, who may close, what a close scores) from the RULES.md table,
changed by the house parts of the profile's text code (``barajamos+limit=100``), which it reads
itself from the issue's key list.

It lists every way of laying out a hand, by the plainest recursion there is: the first card is
loose, or it goes into a meld with some of the others; then the rest is laid out the same way.
The last part checks an answer in the command line's JSON (``hand_problems``,
``discards_problems``) against that list: the tests and the benchmark use it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

from chinchon.engine.cards import SUITS, Card
from chinchon.engine.rules import Rules

#: A meld or a set of loose cards as a sorted tuple of cards (jokers last).
Cards = tuple[Card, ...]
#: One layout of a hand: its melds (sorted) and its loose cards.
Layout = tuple[tuple[Cards, ...], Cards]

#: Figure points per profile (sota, caballo, rey), from RULES.md's "loose-card points" row.
FIGURES = {"barajamos": (10, 11, 12), "fournier": (8, 9, 10),
           "jeux-de-cartes": (10, 10, 10), "ludoteka": (10, 10, 10)}
LOOSE_JOKER = 25
#: The ace of oros as the cards module writes it when it plays as a joker.
ACE_AS_JOKER = Card(0, "o")
RUN_ORDER = {40: (1, 2, 3, 4, 5, 6, 7, 10, 11, 12), 48: tuple(range(1, 13))}


@dataclass(frozen=True)
class Table:
    """What the reference needs to know about a game: the profile and the deck options."""

    profile: str
    size: int
    copies: int
    jokers: int
    limit: int = 100
    #: House parts (from the profile's code); None: the profile's own rule from RULES.md.
    figures: tuple[int, int, int] | None = None
    joker_points: int = LOOSE_JOKER
    close: tuple[str, int] | None = None
    first_round_close: bool | None = None
    minus_ten: int = -10
    chinchon: str | None = None
    wild_ace: bool = False
    seven_ten: bool = True


def table_of(rules: Rules) -> Table:
    deck = rules.deck
    parts = dict(part.split("=", 1) for part in rules.code().split("+")[1:])
    close = None
    if "close" in parts:
        kind, _, limit = parts["close"].partition(":")
        close = {"points": ("points", int(limit or 0)), "one-loose": ("one", int(limit or 0)),
                 "all-melded": ("all", 0)}[kind]
    return Table(
        rules.id, deck.size, deck.copies, deck.jokers, int(parts.get("limit", rules.limit)),
        figures=(tuple(int(n) for n in parts["figures"].split("-"))  # type: ignore[arg-type]
                 if "figures" in parts else None),
        joker_points=int(parts.get("joker-points", LOOSE_JOKER)), close=close,
        first_round_close=({"yes": True, "no": False}[parts["first-round-close"]]
                           if "first-round-close" in parts else None),
        minus_ten=int(parts.get("minus-ten", -10)), chinchon=parts.get("chinchon"),
        wild_ace=parts.get("jokers") == "ace-of-oros",
        seven_ten=parts.get("seven-ten", "yes") == "yes")


def run_order(table: Table) -> tuple[int | None, ...]:
    """Ranks as runs climb them; None is a break (7 and 10 with seven-ten=no)."""
    if table.size == 40 and not table.seven_ten:
        return (1, 2, 3, 4, 5, 6, 7, None, 10, 11, 12)
    return RUN_ORDER[table.size]


def has_jokers(table: Table) -> bool:
    return bool(table.jokers) or table.wild_ace


def is_wild(card: Card, table: Table) -> bool:
    """A joker, or the ace of oros when it plays as one."""
    return card.is_joker or (table.wild_ace and card.code() == "1o")


def sort_key(card: Card) -> tuple[bool, int, str]:
    return card.is_joker, card.rank, card.suit



def sorted_cards(cards: Iterable[Card]) -> Cards:
    return tuple(sorted(cards, key=sort_key))


def points(card: Card, table: Table) -> int:
    if is_wild(card, table):
        return table.joker_points
    if card.rank >= 10:
        return (table.figures or FIGURES[table.profile])[card.rank - 10]
    return card.rank


# --- Melds ------------------------------------------------------------------------------------


def is_plain_meld(cards: Sequence[Card], table: Table) -> bool:
    """Three or more cards without jokers: one number (identical cards only with two decks),
    or consecutive numbers of one suit in the deck's run order (never two identical cards)."""
    order = run_order(table)
    if len(cards) < 3 or any(card.is_joker or card.rank not in order for card in cards):
        return False
    if len({card.rank for card in cards}) == 1:
        return max(Counter(card.suit for card in cards).values()) <= table.copies
    if len({card.suit for card in cards}) != 1:
        return False
    places = sorted(order.index(card.rank) for card in cards)
    return places == list(range(places[0], places[0] + len(places)))


@lru_cache
def distinct_cards(size: int) -> Cards:
    return tuple(Card(rank, suit) for suit in SUITS for rank in RUN_ORDER[size])


@lru_cache(maxsize=1 << 16)
def is_meld(cards: Cards, table: Table) -> bool:
    """A meld: plain, or (jokers in play) at least two real cards and each joker naming a
    different card, not one of the meld's real cards, so that the named cards are a plain meld."""
    real = [card for card in cards if not is_wild(card, table)]
    jokers = len(cards) - len(real)
    if not jokers:
        return is_plain_meld(cards, table)
    if not has_jokers(table) or len(real) < 2:
        return False
    # A named card shares the number or the suit of the first real card, or there is no meld.
    # With two decks a joker may name a card the meld already holds (a group allows it).
    names = [card for card in distinct_cards(table.size) if (table.copies > 1 or card not in real)
             and (card.rank == real[0].rank or card.suit == real[0].suit)]
    choose = combinations_with_replacement if table.copies > 1 else combinations
    return any(is_plain_meld(real + list(named), table) for named in choose(names, jokers))


def naming_is_valid(cards: Sequence[Card], named: Sequence[Card], table: Table) -> bool:
    """Whether a meld shown as ``cards`` with each joker naming ``named[i]`` is legal."""
    if len(cards) != len(named):
        return False
    for card, name in zip(cards, named, strict=True):
        if name.is_joker or (not is_wild(card, table) and name != card):
            return False
    real = [card for card in cards if not is_wild(card, table)]
    jokers = len(cards) - len(real)
    if jokers and (not has_jokers(table) or len(real) < 2):
        return False
    if jokers and table.copies == 1 and len(set(named)) != len(named):
        return False
    return is_plain_meld(named, table)


def is_run(meld: Sequence[Card]) -> bool:
    # The ace of oros playing as a joker has rank 0 here (it comes from the deck as a joker).
    return len({card.rank for card in meld if not card.is_joker}) > 1


# --- Every layout -----------------------------------------------------------------------------


def layouts(hand: Iterable[Card], table: Table) -> frozenset[Layout]:
    """Every way of laying out ``hand``: melds that share no card, the rest loose."""
    memo: dict[Cards, set[Layout]] = {}

    def lay(rest: Cards) -> set[Layout]:
        if rest in memo:
            return memo[rest]
        found: set[Layout] = set()
        if rest:
            first, others = rest[0], rest[1:]
            for melds, loose in lay(others):
                found.add((melds, sorted_cards((first, *loose))))
            # A meld's real cards share a number or a suit; jokers go with anything.
            mates = [i for i, card in enumerate(others) if card.is_joker
                     or card.rank == first.rank or card.suit == first.suit]
            if not first.is_joker:  # jokers sort last: a joker first means only jokers remain
                for size in range(2, len(mates) + 1):
                    for chosen in combinations(mates, size):
                        meld = (first, *(others[i] for i in chosen))
                        if not is_meld(meld, table):
                            continue
                        left = tuple(card for i, card in enumerate(others) if i not in chosen)
                        for melds, loose in lay(left):
                            found.add((tuple(sorted((meld, *melds))), loose))
        else:
            found.add(((), ()))
        memo[rest] = found
        return found

    return frozenset(lay(sorted_cards(read_card(card.code(), table) for card in hand)))


@dataclass(frozen=True)
class Summary:
    """What the rules need to know about one layout."""

    loose_count: int
    loose_points: int
    seven_run: bool
    has_joker: bool


def summary(layout: Layout, table: Table) -> Summary:
    melds, loose = layout
    seven_run = len(melds) == 1 and not loose and len(melds[0]) == 7 and is_run(melds[0])
    has_joker = any(is_wild(card, table) for meld in melds for card in meld)
    return Summary(len(loose), sum(points(card, table) for card in loose), seven_run, has_joker)


@dataclass(frozen=True)
class Solution:
    """The reference's answer for one seven-card hand."""

    fewest: int
    optimal: frozenset[Layout]
    summaries: frozenset[Summary]


def solve(hand: Iterable[Card], table: Table) -> Solution:
    return solution_of(layouts(hand, table), table)


def solution_of(found: Iterable[Layout], table: Table) -> Solution:
    scored = [(layout, summary(layout, table)) for layout in found]
    fewest = min(s.loose_points for _, s in scored)
    return Solution(fewest, frozenset(layout for layout, s in scored if s.loose_points == fewest),
                    frozenset(s for _, s in scored))


def solve_discards(hand: Sequence[Card], table: Table) -> list[Solution]:
    """One solution per discard of an eight-card hand, in hand order: the layouts of the seven
    cards left are exactly the layouts of the eight where the discard is loose."""
    every = layouts(hand, table)
    solutions = []
    for card in hand:
        kept = []
        for melds, loose in every:
            if card in loose:
                rest = list(loose)
                rest.remove(card)
                kept.append((melds, tuple(rest)))
        solutions.append(solution_of(kept, table))
    return solutions


def draw_odds(hand: Sequence[Card], unseen: dict[Card, int], table: Table
              ) -> tuple[int, int, int]:
    """One draw ahead of seven cards, counted card by card (copies weighted): how many cards
    may come, how many of them let the player close (after his best discard), and the total of
    his fewest loose points after each."""
    cards = closing = points = 0
    for card, copies in unseen.items():
        solutions = solve_discards([*hand, card], table)
        cards += copies
        closing += copies * any(verdict(s, table).can_close for s in solutions)
        points += copies * min(s.fewest for s in solutions)
    return cards, closing, points


# --- Closing, from the "who may close" and "all 7 melded" rows of RULES.md ---------------------

#: (close rule, limit): "points" = loose points at most the limit; "one" = every card melded or
#: exactly one loose card worth at most the limit.
CLOSING = {"barajamos": ("points", 5), "fournier": ("points", 5),
           "jeux-de-cartes": ("one", 3), "ludoteka": ("one", 4)}
#: Tiers, best first; the discard table ranks outcomes in this order.
TIERS = ("chinchon", "chinchon_with_joker", "minus_ten", "points", "cannot_close")


@dataclass(frozen=True)
class Verdict:
    can_close: bool
    outcome: str
    score: int | None


def may_close(s: Summary, table: Table, first_round: bool, total: int | None) -> bool:
    first_round_close = (table.profile != "ludoteka" if table.first_round_close is None
                         else table.first_round_close)
    if first_round and not first_round_close:
        return False
    rule, limit = table.close or CLOSING[table.profile]
    # Ludoteka: never with loose cards that take the closer over the limit (any close rule).
    if table.profile == "ludoteka" and total is not None and total + s.loose_points > table.limit:
        return False
    if rule == "points":
        return s.loose_points <= limit
    if s.loose_count == 0:
        return True
    if rule == "all":
        return False
    return s.loose_count == 1 and s.loose_points <= limit


def close_result(s: Summary, table: Table) -> tuple[str, int | None]:
    """The outcome and the closer's score when he closes showing this layout."""
    if s.loose_count:
        return "points", s.loose_points
    effect = table.chinchon or {"barajamos": "wins", "fournier": "minus-ten",
                                "jeux-de-cartes": "others-pay-100",
                                "ludoteka": "wins"}[table.profile]
    if not s.seven_run or effect == "minus-ten":
        return "minus_ten", table.minus_ten
    if s.has_joker:  # only ludoteka's -25 makes a run with a joker more than -10
        if table.profile == "ludoteka":
            return "chinchon_with_joker", -25
        return "minus_ten", table.minus_ten
    if effect == "others-pay-100":
        return "chinchon", table.minus_ten  # and every other player adds 100
    if effect == "minus-25":
        return "chinchon", -25
    return "chinchon", None  # wins the game


def verdict(solution: Solution, table: Table, first_round: bool = False,
            total: int | None = None) -> Verdict:
    """The best close the hand allows (the closer picks the best outcome, then fewest points)."""
    best: tuple[int, int, str, int | None] | None = None
    for s in solution.summaries:
        if not may_close(s, table, first_round, total):
            continue
        outcome, score = close_result(s, table)
        key = (TIERS.index(outcome), s.loose_points, outcome, score)
        if best is None or key < best:
            best = key
    if best is None:
        return Verdict(False, "cannot_close", None)
    return Verdict(True, best[2], best[3])


def discard_rank(solution: Solution, table: Table, first_round: bool = False,
                 total: int | None = None) -> tuple[int, int]:
    """Order discards: chinchón, a run with a joker, -10, fewest points when closing, then
    fewest loose points when not."""
    v = verdict(solution, table, first_round, total)
    tier = TIERS.index(v.outcome)
    return tier, (v.score if v.outcome == "points" and v.score is not None else solution.fewest)


# --- Checking an answer given as the command line's JSON --------------------------------------


def read_card(code: str, table: Table) -> Card:
    """A card code; with the ace of oros as the joker, ``1o`` is that joker."""
    return ACE_AS_JOKER if table.wild_ace and code == "1o" else Card.parse(code)


def read_meld(codes: Sequence[str], table: Table) -> tuple[Cards, Cards]:
    """A meld written as JSON codes (``"JK=5c"`` for a joker): its cards and what they name."""
    cards, named = [], []
    for code in codes:
        real, _, name = code.partition("=")
        cards.append(read_card(real, table))
        named.append(Card.parse(name or real))
    return tuple(cards), tuple(named)


def _continue(a: Cards, b: Cards, table: Table) -> bool:
    """Two shown melds that make one: groups of one number, or runs of one suit end to end."""
    if is_run(a) != is_run(b):
        return False
    if not is_run(a):
        return a[0].rank == b[0].rank and is_plain_meld(a + b, table)
    order = run_order(table)
    if a[0].suit != b[0].suit:
        return False
    first, last = (order.index(c.rank) for c in (a[0], a[-1]))
    other_first, other_last = (order.index(c.rank) for c in (b[0], b[-1]))
    return last + 1 == other_first or other_last + 1 == first


def layout_problems(hand: Sequence[Card], shown: dict, table: Table) -> tuple[list[str],
                                                                            Layout | None]:
    """Check one shown arrangement (``{"melds": [[codes]], "loose": [codes]}``): every meld legal,
    the hand's cards used exactly once. Returns the problems and the arrangement as a layout."""
    problems = []
    melds, named_melds = [], []
    for codes in shown["melds"]:
        cards, named = read_meld(codes, table)
        if not naming_is_valid(cards, named, table):
            problems.append(f"not a meld: {codes}")
        if is_run(cards) and [c.rank for c in named] != sorted(
                (c.rank for c in named), key=run_order(table).index):
            problems.append(f"run not in order: {codes}")
        melds.append(sorted_cards(cards))
        named_melds.append(tuple(sorted(named, key=lambda c: run_order(table).index(c.rank))
                                 if is_run(cards) else named))
    loose = sorted_cards(read_card(code, table) for code in shown["loose"])
    used = Counter(card for meld in melds for card in meld) + Counter(loose)
    if used != Counter(read_card(card.code(), table) for card in hand):
        problems.append(f"cards {sorted(used.elements(), key=sort_key)} are not the hand")
    for i, j in combinations(range(len(named_melds)), 2):
        if _continue(named_melds[i], named_melds[j], table):
            problems.append(f"melds {shown['melds'][i]} and {shown['melds'][j]} make one")
    return problems, (tuple(sorted(melds)), loose)


def _coarsens(big: Layout, small: Layout) -> bool:
    """Whether ``big`` is ``small`` with some of its melds joined (same loose cards)."""
    if big[1] != small[1]:
        return False
    pool = [Counter(meld) for meld in big[0]]
    for meld in small[0]:
        need = Counter(meld)
        home = next((c for c in pool if not need - c), None)
        if home is None:
            return False
        home.subtract(need)
    return True


def hand_problems(hand: Sequence[Card], answer: dict, solution: Solution, table: Table,
                  first_round: bool = False, total: int | None = None) -> list[str]:
    """Everything wrong with a seven-card answer (the JSON of ``analyze``), or nothing."""
    expected = verdict(solution, table, first_round, total)
    problems = []
    got = (answer["loose_points"], answer["can_close"], answer["outcome"], answer["score"])
    want = (solution.fewest, expected.can_close, expected.outcome, expected.score)
    if got != want:
        problems.append(f"(loose_points, can_close, outcome, score) {got}, expected {want}")
    shown = answer.get("arrangements", [{"melds": answer["melds"], "loose": answer["loose"]}])
    if shown[0] != {"melds": answer["melds"], "loose": answer["loose"]}:
        problems.append("melds/loose are not the first arrangement")
    seen: set[Layout] = set()
    for arrangement in shown:
        wrong, layout = layout_problems(hand, arrangement, table)
        problems += wrong
        if layout is None or wrong:
            continue
        if layout in seen:
            problems.append(f"arrangement {arrangement} listed twice")
        seen.add(layout)
        if sum(points(card, table) for card in layout[1]) != solution.fewest:
            problems.append(f"arrangement {arrangement} is not optimal")
    if "arrangements" in answer:
        for layout in solution.optimal:
            if not any(_coarsens(big, layout) for big in seen):
                problems.append(f"optimal layout {layout} missing")
    if answer.get("closing") is not None or ("closing" in answer and expected.can_close):
        problems += _closing_problems(hand, answer.get("closing"), expected, table)
    return problems


def _closing_problems(hand: Sequence[Card], closing: dict | None, expected: Verdict,
                      table: Table) -> list[str]:
    if closing is None:
        return ["no closing arrangement"] if expected.can_close else []
    if not expected.can_close:
        return [f"closing arrangement {closing} for a hand that may not close"]
    wrong, layout = layout_problems(hand, closing, table)
    if wrong or layout is None:
        return wrong
    s = summary(layout, table)
    if close_result(s, table) != (expected.outcome, expected.score):
        return [f"closing arrangement {closing} gives {close_result(s, table)}"]
    return []


def discards_problems(hand: Sequence[Card], answer: dict, solutions: Sequence[Solution],
                      table: Table, first_round: bool = False,
                      total: int | None = None) -> list[str]:
    """Everything wrong with an eight-card answer (the JSON discard table), or nothing."""
    problems = []
    if [row["card"] for row in answer["discards"]] != [card.code() for card in hand]:
        problems.append("discards are not in hand order")
    for row, solution in zip(answer["discards"], solutions, strict=True):
        v = verdict(solution, table, first_round, total)
        got = (row["loose_points"], row["can_close"], row["outcome"], row["score"])
        want = (solution.fewest, v.can_close, v.outcome, v.score)
        if got != want:
            problems.append(f"discard {row['card']}: {got}, expected {want}")
    ranks = [discard_rank(solution, table, first_round, total) for solution in solutions]
    first_best = hand[ranks.index(min(ranks))].code()
    if answer["best"] != first_best:
        problems.append(f"best {answer['best']}, expected {first_best} (first of the best)")
    return problems
