"""The coach: how good one decision of a hand was, against the best move of that position.

Two decisions a turn are graded, each from the exact evaluation the puzzles use
(:func:`chinchon.puzzles.solve`: every unseen card equally likely to come from the stock):

- **take or draw** (seven cards held and the pile's top): each way to draw is worth the chance
  of being able to close at the end of this turn and the loose points kept after it (exact for
  the pile's top, expected over the stock), ranked by the puzzles' ``fewest-points`` criterion
  (a close first, then fewest points);
- **the discard** (eight cards held), closing or not: when no card closes, each discard is worth
  the chance of being able to close after the next draw and the expected loose points then,
  ranked by the ``close-chance`` criterion; when some card closes, the best close wins (the
  ``fewest-points`` order: chinchón, a run with a joker, −10, fewest points).

A move loses against the best by two measures: close chance (a probability) and expected
points. Each loss earns the grade of :data:`THRESHOLDS`; the move gets the worse of the two.
Not closing when you may cannot be measured from your own cards alone (what it risks is the
others closing first), so it gets :data:`NOT_CLOSING`'s grade unless a measure is worse.

>>> from chinchon.engine.cards import parse_hand
>>> from chinchon.engine.rules import get_rules
>>> spot = Position(get_rules("barajamos"), parse_hand("3c 4c 5c 7o 7e 9b 11b 2e"))
>>> [move.label() for move in best_moves(spot)]
['11b']
>>> grade_discard(spot, "3c").grade
'blunder'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from chinchon.engine.cards import Card, hand_code
from chinchon.engine.draws import draw_odds, unseen_cards
from chinchon.engine.rules import OPTION_NAMES, Rules, get_rules  # noqa: F401  (get_rules: doctests)
from chinchon.engine.solver import Outcome, analyze, analyze_discards
from chinchon.puzzles import STOCK, TAKE, Option, Puzzle, solve

#: The grades, best first (the words the page shows in English, a contract).
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")

#: The largest loss each grade allows, per measure: ``chance`` in probability (0.02 = two
#: percentage points of close chance), ``points`` in expected loose points. A loss above the
#: ``mistake`` bound is a blunder; no loss at all (a move equivalent to the best) is best.
THRESHOLDS: Mapping[str, Mapping[str, Fraction]] = {
    "chance": {"good": Fraction(2, 100), "inaccuracy": Fraction(6, 100),
               "mistake": Fraction(15, 100)},
    "points": {"good": Fraction(1, 2), "inaccuracy": Fraction(2), "mistake": Fraction(5)},
}

#: The grade of keeping a hand that may close without closing: ``wait`` when waiting keeps a
#: sure close and lowers the expected score (a plan: −10 or chinchón may come), ``idle`` when
#: it gains nothing.
NOT_CLOSING: Mapping[str, str] = {"wait": "inaccuracy", "idle": "mistake"}

#: A close that wins the game at once (a pure chinchón in some profiles) counts as this many
#: points below zero, so that missing it is always a blunder.
GAME_WIN_POINTS = -100

#: Every reason :func:`explain` may give (the sentences are ``coach.why.REASON``).
REASONS = ("best_draw", "best_discard", "best_close", "take_close", "take", "stock", "chance",
           "points", "better_close", "waited", "idle", "missed_close")

#: Decisions graded "best" or "good" count as accurate (the review's accuracy).
ACCURATE = frozenset({"best", "good"})


class CoachError(ValueError):
    """A position or a move the coach cannot grade (named in the message)."""


# --- Positions and moves ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """What a player knows when he decides.

    ``hand``: seven cards (before drawing; ``top`` is then the pile's top, or None when only
    the stock is possible) or eight (after drawing). ``seen``: every other card known not to
    be in the stock (the pile below its top, cards others took from the pile). ``allowed``: the
    cards he may throw (None: all; some rules forbid throwing back the card just taken).
    ``first_round`` and ``total`` are the close context (ludoteka).
    """

    rules: Rules
    hand: tuple[Card, ...]
    top: Card | None = None
    seen: tuple[Card, ...] = ()
    allowed: tuple[Card, ...] | None = None
    first_round: bool = False
    total: int | None = None

    def __post_init__(self) -> None:
        if len(self.hand) not in (7, 8):
            raise CoachError(f"the coach grades a hand of 7 or 8 cards, not "
                             f"{hand_code(self.hand)!r}")
        if len(self.hand) == 8 and self.top is not None:
            raise CoachError("an eight-card hand has drawn already: no top card")

    @property
    def decision(self) -> str:
        """``draw`` (take the top or draw from the stock) or ``discard``."""
        return "draw" if len(self.hand) == 7 else "discard"


@dataclass(frozen=True)
class Move:
    """One decision: ``take`` or ``stock`` (a draw), or a card code thrown, closing or not."""

    action: str
    close: bool = False

    def label(self) -> str:
        """``take``, ``stock``, ``7o``, or ``7o+close``."""
        return self.action + ("+close" if self.close else "")

    @staticmethod
    def parse(text: str) -> Move:
        action, plus, rest = text.strip().partition("+")
        if not action or (plus and rest != "close"):
            raise CoachError(f"a move is take, stock, a card code or CARD+close, not "
                             f"{text[:30]!r}")
        return Move(action, bool(plus))


@dataclass(frozen=True)
class Evaluation:
    """What a move is worth: ``chance`` to close (this turn for a draw, after the next draw for
    a discard; 1 for a close), ``points`` expected (a close: its score), and how it closes."""

    move: Move
    chance: Fraction
    points: Fraction
    outcome: Outcome = Outcome.CANNOT_CLOSE
    score: int | None = None
    #: The cards kept after the move (seven).
    kept: tuple[Card, ...] = ()
    #: Smaller is better; equal keys are equivalent moves.
    key: tuple[Any, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Verdict:
    """A graded decision: the move, its grade, the best moves and what was lost."""

    position: Position
    chosen: Evaluation
    grade: str
    best: tuple[Evaluation, ...]
    chance_loss: Fraction
    points_loss: Fraction
    #: Why, as a message key under ``coach.why.`` and its values (see :func:`explain`).
    reason: str

    @property
    def better(self) -> Evaluation:
        """The best move to show (the first of the equivalent best moves)."""
        return self.best[0]

    @property
    def is_best(self) -> bool:
        return self.grade == "best"

    def better_cards(self) -> tuple[str, ...]:
        """The better move as card codes to draw: the card to throw or the top to take."""
        move = self.better.move
        if move.action == TAKE:
            return (self.position.top.code(),) if self.position.top else ()
        return () if move.action == STOCK else (move.action,)


# --- Evaluating every move ---------------------------------------------------------------------------


@lru_cache(maxsize=4096)  # a page shows one position's figures at every rerun, and twice on a phone
def evaluate(position: Position) -> tuple[Evaluation, ...]:
    """Every move of the position, best first (equivalent moves keep hand order)."""
    moves = _moves(position)
    return tuple(sorted(moves, key=lambda e: e.key))


def best_moves(position: Position) -> tuple[Move, ...]:
    """The best move and every move equivalent to it ("Hint")."""
    return tuple(e.move for e in _best(evaluate(position)))


def _best(evaluations: Sequence[Evaluation]) -> tuple[Evaluation, ...]:
    top = evaluations[0].key
    return tuple(e for e in evaluations if e.key == top)


def _moves(position: Position) -> tuple[Evaluation, ...]:
    if position.decision == "draw":
        return _draw_moves(position)
    return _discard_moves(position)


def as_puzzle(position: Position) -> Puzzle:
    """The position as the puzzles pose it (a take question before drawing when there is a
    top, a discard after), so that their explainer can answer about it."""
    if position.decision == "draw":
        return _puzzle(position, "take", "fewest-points")
    return _puzzle(position, "discard", "close-chance")


def _puzzle(position: Position, question: str, criterion: str) -> Puzzle:
    # The game's own rules, house parts and a game's two decks included (never the base
    # profile rebuilt from its id: a house game's position is not one of its deck).
    rules_id, options = position.rules.id_and_options()
    return Puzzle("coach", rules_id, position.hand, question, criterion,
                  tuple(sorted(options.items())), position.top, position.seen)


def _solve(puzzle: Puzzle) -> tuple[Option, ...]:
    try:
        return solve(puzzle).options
    except ValueError as error:
        raise CoachError(f"not a position of this deck: {error}") from None


def _draw_moves(position: Position) -> tuple[Evaluation, ...]:
    if position.top is None:
        options = _stock_only(position)
    else:
        options = _solve(_puzzle(position, "take", "fewest-points"))
    found = []
    for option in options:
        outcome, score = option.outcome, option.score
        if option.move == TAKE and (position.first_round or position.total is not None):
            outcome, score = _take_close(position)
        chance = option.close_chance if option.move == STOCK else Fraction(
            outcome is not Outcome.CANNOT_CLOSE)
        if position.first_round and not position.rules.close_in_first_round:
            chance = Fraction(0)  # nobody closes this turn, whatever the stock gives
        points = _draw_points(outcome, score, option.loose_points)
        evaluation = Evaluation(Move(option.move), chance, points, outcome, score, option.kept)
        found.append(_with_key(evaluation, _tier(outcome), points))
    return tuple(found)


def _stock_only(position: Position) -> tuple[Option, ...]:
    """Only the stock (an empty pile): the take question needs a top, so count it here."""
    unseen = unseen_cards(position.rules, position.hand, position.seen)
    odds = draw_odds(position.hand, unseen, position.rules)
    return (Option(STOCK, position.hand, odds.expected_points, Outcome.CANNOT_CLOSE, None,
                   odds.close_chance, odds.expected_points),)


def _take_close(position: Position) -> tuple[Outcome, int | None]:
    assert position.top is not None
    discards = analyze_discards((*position.hand, position.top), position.rules,
                          first_round=position.first_round, total=position.total)
    row = discards.rows[discards.best_index]
    return row.outcome, row.score


def _discard_moves(position: Position) -> tuple[Evaluation, ...]:
    rules = position.rules
    allowed = set(position.allowed) if position.allowed is not None else None
    options = _solve(_puzzle(position, "discard", "close-chance"))
    found: list[Evaluation] = []
    done: set[str] = set()
    for option in options:
        if option.move in done or (allowed is not None and Card.parse(option.move) not in allowed):
            continue
        done.add(option.move)
        keep = Evaluation(Move(option.move), option.close_chance, option.expected_points,
                          kept=option.kept)
        found.append(_with_key(keep, _tier(Outcome.CANNOT_CLOSE), -option.close_chance,
                               option.expected_points))
        closing = analyze(option.kept, rules, first_round=position.first_round,
                          total=position.total)
        if closing.can_close:
            points = _close_points(closing.outcome, closing.score)
            close = Evaluation(Move(option.move, close=True), Fraction(1), points,
                               closing.outcome, closing.score, option.kept)
            found.append(_with_key(close, _tier(closing.outcome), points))
    if not found:
        raise CoachError(f"no card of {hand_code(position.hand)!r} may be thrown")
    return tuple(found)


_TIERS = (Outcome.CHINCHON, Outcome.CHINCHON_WITH_JOKER, Outcome.MINUS_TEN, Outcome.POINTS,
          Outcome.CANNOT_CLOSE)


def _tier(outcome: Outcome) -> int:
    return _TIERS.index(outcome)


def _close_points(outcome: Outcome, score: int | None) -> Fraction:
    return Fraction(GAME_WIN_POINTS if score is None else score)


def _draw_points(outcome: Outcome, score: int | None, loose: Fraction) -> Fraction:
    """A draw's points: the close's score when it closes, else the loose points kept."""
    return loose if outcome is Outcome.CANNOT_CLOSE else _close_points(outcome, score)


def _with_key(evaluation: Evaluation, *key: Any) -> Evaluation:
    return Evaluation(evaluation.move, evaluation.chance, evaluation.points, evaluation.outcome,
                      evaluation.score, evaluation.kept, tuple(key))


# --- Grading ------------------------------------------------------------------------------------------


def grade_for(loss: Fraction, measure: str) -> str:
    """The grade a loss on one measure (``chance`` or ``points``) earns, from :data:`THRESHOLDS`.

    >>> grade_for(Fraction(0), "chance"), grade_for(Fraction(1, 10), "chance")
    ('good', 'mistake')
    """
    bounds = THRESHOLDS[measure]
    for grade in ("good", "inaccuracy", "mistake"):
        if loss <= bounds[grade]:
            return grade
    return "blunder"


def worse(*grades: str) -> str:
    """The worst of some grades."""
    return max(grades, key=GRADES.index)


def grade(position: Position, move: Move | str) -> Verdict:
    """Grade ``move`` (a :class:`Move`, or ``take``/``stock``/``7o``/``7o+close``)."""
    chosen_move = Move.parse(move) if isinstance(move, str) else move
    evaluations = evaluate(position)
    chosen = next((e for e in evaluations if e.move == chosen_move), None)
    if chosen is None:
        legal = ", ".join(e.move.label() for e in evaluations)
        raise CoachError(f"{chosen_move.label()[:30]!r} is not a move of this position: "
                         f"choose among {legal}")
    best = _best(evaluations)
    top = best[0]
    chance_loss = max(Fraction(0), top.chance - chosen.chance)
    points_loss = max(Fraction(0), chosen.points - top.points)
    if chosen.key == top.key:
        verdict, reason = "best", _best_reason(position, chosen)
    else:
        verdict = worse(grade_for(chance_loss, "chance"), grade_for(points_loss, "points"))
        reason = _reason(position, chosen, top)
        if reason in ("waited", "idle"):
            waiting = NOT_CLOSING["wait" if reason == "waited" else "idle"]
            verdict = worse(waiting, grade_for(chance_loss, "chance"))
        elif top.outcome is Outcome.CHINCHON and chosen.outcome is not Outcome.CHINCHON:
            verdict = "blunder"  # the game was won on the spot
    return Verdict(position, chosen, verdict, best, chance_loss, points_loss, reason)


def grade_draw(position: Position, move: str) -> Verdict:
    """Grade taking the pile's top (``take``) or drawing from the stock (``stock``)."""
    if position.decision != "draw":
        raise CoachError("a draw is graded on a seven-card hand, before drawing")
    return grade(position, Move.parse(move))


def grade_discard(position: Position, card: str | Card, close: bool = False) -> Verdict:
    """Grade throwing ``card`` (closing with it when ``close``) from an eight-card hand."""
    if position.decision != "discard":
        raise CoachError("a discard is graded on an eight-card hand, after drawing")
    code = card.code() if isinstance(card, Card) else card.strip()
    return grade(position, Move(code, close))


def _best_reason(position: Position, chosen: Evaluation) -> str:
    if chosen.move.close:
        return "best_close"
    return "best_draw" if position.decision == "draw" else "best_discard"


def _reason(position: Position, chosen: Evaluation, best: Evaluation) -> str:
    """Which sentence explains the difference (keys under ``coach.why.``)."""
    if position.decision == "draw":
        if best.outcome is not Outcome.CANNOT_CLOSE:
            return "take_close"
        return "take" if best.move.action == TAKE else "stock"
    if best.move.close:
        if chosen.move.close:
            return "better_close"
        if chosen.outcome is Outcome.CANNOT_CLOSE and _keeps_close(position, chosen):
            return "waited" if chosen.points < best.points else "idle"
        return "missed_close"
    by_chance = grade_for(best.chance - chosen.chance, "chance")
    by_points = grade_for(max(Fraction(0), chosen.points - best.points), "points")
    # Name the measure that set the grade (the chance on a tie, it comes first).
    if chosen.chance < best.chance and GRADES.index(by_chance) >= GRADES.index(by_points):
        return "chance"
    return "points"


def _keeps_close(position: Position, chosen: Evaluation) -> bool:
    """The kept hand may close already (so not closing was a choice to wait)."""
    return analyze(chosen.kept, position.rules, first_round=position.first_round,
                   total=position.total).can_close and chosen.chance == 1


# --- The explanation and the review --------------------------------------------------------------------


def explain(verdict: Verdict) -> tuple[str, dict[str, Any]]:
    """The sentence's message key (``coach.why.KEY``) and its values: ``move`` and ``best`` as
    move labels, chances as fractions, points as fractions, outcomes by name, ``top``."""
    chosen, best = verdict.chosen, verdict.better
    values: dict[str, Any] = {
        "move": chosen.move.action, "best": best.move.action,
        "chance": chosen.chance, "best_chance": best.chance,
        "points": chosen.points, "best_points": best.points,
        "outcome": chosen.outcome.value, "best_outcome": best.outcome.value,
        "score": chosen.score, "best_score": best.score,
        "chance_loss": verdict.chance_loss, "points_loss": verdict.points_loss,
        "top": verdict.position.top.code() if verdict.position.top else None,
    }
    return verdict.reason, values


@dataclass(frozen=True)
class Review:
    """Every graded decision of a hand or a game, in order."""

    verdicts: tuple[Verdict, ...]

    def counts(self) -> dict[str, int]:
        """How many decisions earned each grade (every grade present, best first)."""
        found = dict.fromkeys(GRADES, 0)
        for verdict in self.verdicts:
            found[verdict.grade] += 1
        return found

    @property
    def accuracy(self) -> Fraction | None:
        """The share of decisions graded best or good (None with no decision)."""
        if not self.verdicts:
            return None
        return Fraction(sum(v.grade in ACCURATE for v in self.verdicts), len(self.verdicts))

    def mistakes(self) -> tuple[int, ...]:
        """Indexes of the decisions graded inaccuracy or worse, in order."""
        return tuple(i for i, v in enumerate(self.verdicts) if v.grade not in ACCURATE)

    def next_mistake(self, after: int = -1) -> int | None:
        """The first decision after index ``after`` graded below good (None when none)."""
        return next((i for i in self.mistakes() if i > after), None)


def review(verdicts: Iterable[Verdict]) -> Review:
    return Review(tuple(verdicts))


def hand_lab_query(position: Position) -> dict[str, str]:
    """The hand lab's URL parameters for a position (its cards: the top joins a 7-card hand)."""
    cards = position.hand + ((position.top,) if position.top is not None else ())
    return {**rules_query(position.rules), "hand": "+".join(card.code() for card in cards)}


def rules_query(rules: Rules) -> dict[str, str]:
    """The URL values naming ``rules`` on another page: ``rules`` (the profile id, or the house
    code) and its deck options, so that the page opens the game's own rules.

    >>> rules_query(get_rules("barajamos+jokers=ace-of-oros", players=5))
    {'rules': 'barajamos+jokers=ace-of-oros', 'decks': '2'}
    """
    rules_id, options = rules.id_and_options()
    return {"rules": rules_id, **{name: str(value) for name, value in options.items()
                                  if name in OPTION_NAMES}}


@lru_cache(maxsize=1)
def threshold_rows() -> tuple[tuple[str, str, str], ...]:
    """``(grade, chance loss at most, points loss at most)`` rows, for the README and pages."""
    rows = [("best", "0", "0")]
    for name in ("good", "inaccuracy", "mistake"):
        rows.append((name, f"{float(THRESHOLDS['chance'][name]) * 100:g}%",
                     f"{float(THRESHOLDS['points'][name]):g}"))
    rows.append(("blunder", "more", "more"))
    return tuple(rows)


__all__ = [
    "ACCURATE", "GAME_WIN_POINTS", "GRADES", "NOT_CLOSING", "REASONS", "THRESHOLDS",
    "CoachError",
    "Evaluation", "Move", "Position", "Review", "Verdict", "as_puzzle", "best_moves", "evaluate",
    "explain",
    "grade", "grade_discard", "grade_draw", "grade_for", "hand_lab_query", "review",
    "rules_query",
    "threshold_rows", "worse",
]
