"""The exact criteria: every move of a puzzle solved, the accepted answers, the margins, and
what a sound puzzle must be (answer, margin, themes, difficulty).

Criteria (see DESIGN.md, "Puzzles"), exact over the unseen cards, each equally likely to come
from the stock:

- ``fewest-points``: the best close outcome first (chinchón, a run with a joker, −10, a close
  with fewer points, no close), then the fewest loose points left. For ``take`` questions:
  the fewest loose points after this turn (expected, when drawing from the stock).
  A puzzle is valid when the best answer has a better close outcome than the second best, or
  leaves at least :data:`POINTS_MARGIN` points fewer.
- ``close-chance``: the greatest probability of being able to close after the next draw from
  the stock (then discarding optimally), ties broken by the expected loose points after it.
  Valid when the best beats the second best by at least :data:`CLOSE_CHANCE_MARGIN`. Only for
  ``discard`` questions where no discard closes at once (else closing is the question).

Equivalent moves are those with the same value on every measure of the criterion (the same
outcome and points; the same chance and expected points). They are one answer, all accepted.

>>> puzzle = Puzzle.parse('''
... id: demo-1
... rules: barajamos
... hand: 3c 4c 5c 7o 7e 9b 11b 2e
... question: discard
... criterion: fewest-points
... ''')
>>> solve(puzzle).answers
('11b',)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from chinchon.engine.cards import Card
from chinchon.engine.draws import best_of_eight, discard_odds, draw_odds, unseen_cards
from chinchon.engine.melds import find_meld
from chinchon.engine.rules import Rules
from chinchon.engine.solver import Outcome, analyze_discards, fewest_loose_points
from chinchon.puzzles.model import DIFFICULTIES, STOCK, TAKE, THEMES, Puzzle, PuzzleError

#: Fewest-points margin: this many loose points fewer, unless the close outcome is better.
POINTS_MARGIN = 2
#: Close-chance margin: the best answer closes this much more often than the second best.
CLOSE_CHANCE_MARGIN = Fraction(1, 20)

_OUTCOME_ORDER = (Outcome.CHINCHON, Outcome.CHINCHON_WITH_JOKER, Outcome.MINUS_TEN,
                  Outcome.POINTS, Outcome.CANNOT_CLOSE)


@dataclass(frozen=True)
class Option:
    """One move and what it leads to. ``move`` is a card code (discard) or ``take``/``stock``.

    ``loose_points`` is exact for a discard or a take, the expectation for a stock draw.
    ``close_chance`` and ``expected_points`` look one stock draw ahead for a discard; for the
    take question they describe this turn (the top card is known, the stock card is not).
    """

    move: str
    kept: tuple[Card, ...]
    loose_points: Fraction
    outcome: Outcome
    score: int | None
    close_chance: Fraction
    expected_points: Fraction

    def key(self, criterion: str) -> tuple[Any, ...]:
        """Smaller is better; equal keys are equivalent moves."""
        if criterion == "close-chance":
            return (-self.close_chance, self.expected_points)
        tier = _OUTCOME_ORDER.index(self.outcome)
        points = self.score if self.outcome is Outcome.POINTS and self.score is not None else (
            self.loose_points)
        return (tier, points)


@dataclass(frozen=True)
class Solution:
    """Every option of a puzzle, the accepted answers, and how clearly they win."""

    puzzle: Puzzle
    options: tuple[Option, ...]
    #: Every accepted move (the best, and every move equivalent to it), in hand order.
    answers: tuple[str, ...]
    #: The second-best moves (the best of the rest), empty when every move is equivalent.
    runners_up: tuple[str, ...]
    #: How many cards may come from the stock (copies counted).
    unseen: int = 0

    def option(self, move: str) -> Option:
        for option in self.options:
            if option.move == move:
                return option
        raise PuzzleError(f"{move!r} is not a move of puzzle {self.puzzle.id!r}: choose among "
                          f"{', '.join(o.move for o in self.options)}")

    def is_correct(self, move: str) -> bool:
        self.option(move)
        return move in self.answers

    @property
    def best(self) -> Option:
        return self.option(self.answers[0])

    @property
    def second(self) -> Option | None:
        return self.option(self.runners_up[0]) if self.runners_up else None

    @property
    def margin(self) -> Fraction | None:
        """How much the best beats the second: a probability or a number of loose points."""
        second = self.second
        if second is None:
            return None
        if self.puzzle.criterion == "close-chance":
            return self.best.close_chance - second.close_chance
        return _points(second) - _points(self.best)

    @property
    def better_outcome(self) -> bool:
        """The best answer closes better than the second best (a clear win on its own)."""
        second = self.second
        return second is not None and (_OUTCOME_ORDER.index(self.best.outcome)
                                       < _OUTCOME_ORDER.index(second.outcome))

    def problem(self) -> str | None:
        """Why this is not a valid puzzle, or None."""
        criterion = self.puzzle.criterion
        margin = self.margin
        if margin is None:
            return "every move is equally good"
        if criterion == "close-chance":
            if any(o.outcome is not Outcome.CANNOT_CLOSE for o in self.options):
                return "a discard closes at once: the question is not the close chance"
            if margin < CLOSE_CHANCE_MARGIN:
                return (f"the best closes only {_percent(margin)} more often than the second "
                        f"best (at least {_percent(CLOSE_CHANCE_MARGIN)} needed)")
            return None
        if not self.better_outcome and margin < POINTS_MARGIN:
            return (f"the best leaves only {float(margin):.2f} points fewer than the second best "
                    f"(at least {POINTS_MARGIN} needed, or a better close)")
        return None


def _points(option: Option) -> Fraction:
    return option.loose_points


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:.1f}%"


def solve(puzzle: Puzzle) -> Solution:
    """Compute every option exactly and group the equivalent ones."""
    return _solve(puzzle)


@cache
def _solve(puzzle: Puzzle) -> Solution:
    rules = puzzle.rules
    unseen = unseen_cards(rules, puzzle.hand, puzzle.visible)
    if puzzle.question == "take":
        options = _take_options(puzzle, rules, unseen)
    else:
        options = _discard_options(puzzle.hand, rules, unseen)
    keys = [option.key(puzzle.criterion) for option in options]
    ranked = sorted(set(keys))
    answers = tuple(o.move for o, k in zip(options, keys, strict=True) if k == ranked[0])
    runners = tuple(o.move for o, k in zip(options, keys, strict=True)
                    if len(ranked) > 1 and k == ranked[1])
    return Solution(puzzle, options, unique_moves(answers), unique_moves(runners), sum(unseen.values()))


def unique_moves(moves: Iterable[str]) -> tuple[str, ...]:
    """Two copies of one card are one move."""
    return tuple(dict.fromkeys(moves))


def _discard_options(hand: tuple[Card, ...], rules: Rules, unseen: Counter[Card]
                     ) -> tuple[Option, ...]:
    discards = analyze_discards(hand, rules)
    options = []
    for i, (row, odds) in enumerate(zip(discards.rows, discard_odds(hand, unseen, rules),
                                        strict=True)):
        options.append(Option(hand[i].code(), row.hand, Fraction(row.loose_points), row.outcome,
                              row.score, odds.close_chance, odds.expected_points))
    return tuple(options)


def _take_options(puzzle: Puzzle, rules: Rules, unseen: Counter[Card]) -> tuple[Option, ...]:
    assert puzzle.top is not None
    taken = analyze_discards((*puzzle.hand, puzzle.top), rules)
    row = taken.rows[taken.best_index]
    take = Option(TAKE, row.hand, Fraction(row.loose_points), row.outcome, row.score,
                  Fraction(int(row.can_close)), Fraction(row.loose_points))
    odds = draw_odds(puzzle.hand, unseen, rules)
    stock = Option(STOCK, puzzle.hand, odds.expected_points, Outcome.CANNOT_CLOSE, None,
                   odds.close_chance, odds.expected_points)
    return (take, stock)


# --- Checking a puzzle: answer, margin, themes, difficulty ----------------------------------------


def verify(puzzle: Puzzle) -> list[str]:
    """Every disagreement between the pack and the solver (empty when the puzzle is sound)."""
    solution = solve(puzzle)
    problems = []
    why = solution.problem()
    if why:
        problems.append(f"not a valid puzzle: {why}")
    if set(puzzle.answer) != set(solution.answers):
        problems.append(f"the pack says {' '.join(puzzle.answer) or 'nothing'}, the solver "
                        f"accepts {' '.join(solution.answers)}")
    if why is None:
        themes = themes_of(solution)
        if set(puzzle.themes) != set(themes):
            problems.append(f"themes {', '.join(puzzle.themes) or '-'} should be "
                            f"{', '.join(themes) or '-'}")
        level = difficulty_of(solution)
        if puzzle.difficulty != level:
            problems.append(f"difficulty {puzzle.difficulty or '-'} should be {level}")
        dull = dull_reason(solution)
        if dull:
            problems.append(f"not worth keeping: {dull}")
    return problems


def naive_moves(puzzle: Puzzle) -> tuple[str, ...]:
    """What a naive player might do: throw the highest card that is in no meld of the hand (any
    of them on a tie); for a take question, take the top card only when it makes a meld."""
    rules = puzzle.rules
    if puzzle.question == "take":
        assert puzzle.top is not None
        return (TAKE,) if _in_meld(puzzle.top, (*puzzle.hand, puzzle.top), rules) else (STOCK,)
    free = [c for c in puzzle.hand if not _in_meld(c, puzzle.hand, rules)] or list(puzzle.hand)
    high = max(rules.points(c) for c in free)
    return unique_moves(c.code() for c in free if rules.points(c) == high)


def _in_meld(card: Card, hand: Sequence[Card], rules: Rules) -> bool:
    """Whether ``card`` belongs to some three-card meld among ``hand``."""
    others = list(hand)
    others.remove(card)
    return any(find_meld((card, a, b), rules) is not None
               for i, a in enumerate(others) for b in others[i + 1:])


def naive_is_right(solution: Solution) -> bool:
    return set(naive_moves(solution.puzzle)) <= set(solution.answers)


def dull_reason(solution: Solution) -> str | None:
    """Why a sound puzzle teaches nothing worth a learner's time, or None when it is worth
    keeping (the README's "What makes a puzzle worth keeping"):

    - a close forced on the player: every discard but one closes;
    - the naive move is right and the answer is a loose figure: "throw your highest card";
    - ``fewest-points`` far from a close: the naive move is right and no discard closes (such
      positions are judged by ``close-chance`` instead);
    - a ``take`` question whose naive choice (take a card that melds, else draw) is right
      while taking does not close.
    """
    puzzle = solution.puzzle
    naive_right = naive_is_right(solution)
    closes = [o.outcome is not Outcome.CANNOT_CLOSE for o in solution.options]
    if puzzle.question == "take":
        if naive_right and solution.best.outcome is Outcome.CANNOT_CLOSE:
            return "the naive choice is right and nothing closes"
        return None
    if sum(closes) >= len(closes) - 1:
        return "every discard but one closes: the close is forced"
    if not naive_right:
        return None
    if any(Card.parse(move).is_figure for move in solution.answers):
        return "the naive move, a loose figure, is right"
    if puzzle.criterion == "fewest-points" and not any(closes):
        return ("far from a close the naive move (the highest loose card) is right: "
                "judge it by close-chance")
    return None


def rejected_before_drawing(puzzle: Puzzle) -> bool:
    """A quick test for the generator, from the discard discards alone (no draw ahead): True only
    when :meth:`Solution.problem` or :func:`dull_reason` would reject the puzzle anyway (a
    close-chance puzzle where a discard closes; a forced close; fewest-points far from a close
    with the naive answer right)."""
    if puzzle.question != "discard":
        return False
    discards = analyze_discards(puzzle.hand, puzzle.rules)
    closes = [row.outcome is not Outcome.CANNOT_CLOSE for row in discards.rows]
    if puzzle.criterion == "close-chance":
        return any(closes)
    if sum(closes) >= len(closes) - 1:
        return True
    if any(closes):
        return False
    low = min(row.loose_points for row in discards.rows)
    answers = {card.code() for card, row in zip(puzzle.hand, discards.rows, strict=True)
               if row.loose_points == low}
    return set(naive_moves(puzzle)) <= answers


def difficulty_of(solution: Solution) -> str:
    """``easy``, ``medium`` or ``hard``: a point for a naive player's mistake, one for a thin
    margin (under 4 points, or under 0.15 of probability, with no better close)."""
    level = 0 if naive_is_right(solution) else 1
    margin = solution.margin or Fraction(0)
    if solution.puzzle.criterion == "close-chance":
        level += margin < Fraction(15, 100)
    else:
        level += not solution.better_outcome and margin < 4
    return DIFFICULTIES[level]


def themes_of(solution: Solution) -> tuple[str, ...]:
    """The lessons a solved puzzle teaches, computed from the position and the solution:

    - ``close-now``: the best move closes and some other move does not;
    - ``minus-ten``: the best move melds all seven (−10 or a chinchón);
    - ``figure``: the card to throw is a sota, caballo or rey;
    - ``break-pair``: the card to throw has a twin number in the hand;
    - ``keep-run-open``: the naive card is wrong and sits next to (or one from) a card of its
      suit: throwing it would close a run in the making;
    - ``double-out``: an unseen card would make both a group and a run with the cards kept,
      and lower their points;
    - ``take-or-draw``: the question is whether to take the top of the pile.
    """
    puzzle = solution.puzzle
    rules = puzzle.rules
    best = solution.best
    found: set[str] = set()
    if puzzle.question == "take":
        found.add("take-or-draw")
    if best.outcome is not Outcome.CANNOT_CLOSE and any(
            o.outcome is Outcome.CANNOT_CLOSE for o in solution.options):
        found.add("close-now")
    if best.outcome in (Outcome.MINUS_TEN, Outcome.CHINCHON, Outcome.CHINCHON_WITH_JOKER):
        found.add("minus-ten")
    if puzzle.question == "discard":
        card = Card.parse(best.move)
        others = [c for c in puzzle.hand if c != card]
        if card.is_figure:
            found.add("figure")
        if any(c.rank == card.rank for c in others):
            found.add("break-pair")
        naive = [Card.parse(m) for m in naive_moves(puzzle)]
        if any(m.code() not in solution.answers and connected_card(m, puzzle.hand, rules)
               for m in naive):
            found.add("keep-run-open")
    if double_out_card(best.kept, puzzle, rules) is not None:
        found.add("double-out")
    return tuple(theme for theme in THEMES if theme in found)


def connected_card(card: Card, hand: Sequence[Card], rules: Rules) -> Card | None:
    """A card of ``hand`` next to ``card`` (or one step away) in its suit: a run in the making."""
    ranks = rules.deck.ranks
    if card.is_joker:
        return None
    at = ranks.index(card.rank)
    return next((c for c in hand if c.suit == card.suit and c != card and not c.is_joker
                 and 0 < abs(ranks.index(c.rank) - at) <= 2), None)


def double_out_card(kept: Sequence[Card], puzzle: Puzzle, rules: Rules) -> Card | None:
    """The first unseen card (in deck order) that would make both a group and a run with
    ``kept`` and lower its points, or None."""
    unseen = unseen_cards(rules, puzzle.hand, puzzle.visible)
    return next((card for card in sorted(unseen) if _double_out(kept, card, rules)), None)


def _double_out(kept: Sequence[Card], card: Card, rules: Rules) -> bool:
    """``card`` would complete both a group and a run from two loose-ish cards of ``kept``."""
    if card.is_joker:
        return False
    pairs = [(a, b) for i, a in enumerate(kept) for b in kept[i + 1:]]
    makes = [find_meld((card, a, b), rules) for a, b in pairs]
    kinds = {m.kind for m in makes if m is not None}
    if len(kinds) < 2:
        return False
    # Only a real gain: drawing it must lower the points the hand can keep.
    return best_of_eight((*kept, card), rules)[0] < fewest_loose_points(kept, rules)

