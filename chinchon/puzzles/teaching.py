"""What the puzzle page needs from a solution, in no language: judging a move, the second
question (close?), a hint, the draws that help, a title and the lesson of the explanation.

>>> puzzle = Puzzle.parse('''
... id: demo-7
... rules: barajamos
... hand: 3c 4c 5c 7o 7e 7b 2o 11b
... question: discard
... criterion: fewest-points
... themes: close-now, figure
... ''')
>>> solution = solve(puzzle)
>>> judge(solution, "11b"), offers_close(solution, "11b"), judge_close(solution, False)
('right', True, 'wrong')
>>> main_theme(puzzle), number_of(puzzle)
('close-now', 7)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from chinchon.engine.cards import SUITS, Card
from chinchon.engine.draws import best_of_eight, unseen_cards
from chinchon.engine.solver import Outcome, fewest_loose_points
from chinchon.puzzles.criteria import (
    Solution,
    connected_card,
    double_out_card,
    naive_moves,
    solve,  # noqa: F401  (doctests)
    unique_moves,
)
from chinchon.puzzles.model import DIFFICULTIES, STOCK, TAKE, Puzzle

#: The theme a puzzle is named after when it has several, the most telling first.
THEME_PRIORITY = ("take-or-draw", "minus-ten", "close-now", "keep-run-open", "double-out",
                  "break-pair", "figure")
#: Puzzles solved before a player is offered medium puzzles, then any (see :func:`level_for`).
LEVEL_STEPS = (3, 8)


# --- Judging ---------------------------------------------------------------------------------------


def judge(solution: Solution, move: str) -> str:
    """``right`` or ``wrong``: the move alone decides; closing is a second question."""
    return "right" if solution.is_correct(move) else "wrong"


def offers_close(solution: Solution, move: str) -> bool:
    """Whether, after the right ``move``, the player may close: then the page asks "close?"."""
    return solution.is_correct(move) and (
        solution.option(move).outcome is not Outcome.CANNOT_CLOSE)


def should_close(solution: Solution) -> bool:
    """Whether the best move lets the player close (closing is then the better choice: every
    criterion ranks a close above no close)."""
    return solution.best.outcome is not Outcome.CANNOT_CLOSE


def judge_close(solution: Solution, close: bool) -> str:
    """``right`` or ``wrong`` for the answer to "close?", asked after the right move."""
    return "right" if close == should_close(solution) else "wrong"


def hint_moves(solution: Solution) -> tuple[str, ...]:
    """Two moves, one of them right: the best and the most tempting wrong one (in hand order)."""
    wrong = [m for m in (*naive_moves(solution.puzzle), *solution.runners_up)
             if m not in solution.answers]
    if not wrong:
        wrong = [o.move for o in solution.options if o.move not in solution.answers]
    pair = {solution.answers[0], wrong[0]}
    return tuple(o for o in unique_moves(o.move for o in solution.options) if o in pair)


# --- Naming and ordering puzzles -------------------------------------------------------------------


def main_theme(puzzle: Puzzle) -> str | None:
    """The theme a puzzle is named after (None when it has none)."""
    return next((theme for theme in THEME_PRIORITY if theme in puzzle.themes), None)


def number_of(puzzle: Puzzle) -> int:
    """The puzzle's number within its pack: the digits that end its id (0 when none)."""
    digits = puzzle.id.rsplit("-", 1)[-1]
    return int(digits) if digits.isdigit() else 0


def level_for(solved: int) -> str | None:
    """The difficulty to serve a player who has solved ``solved`` puzzles: easy first, then
    medium, then any (None).

    >>> [level_for(n) for n in (0, 2, 3, 7, 8, 50)]
    ['easy', 'easy', 'medium', 'medium', None, None]
    """
    steps = sum(solved >= step for step in LEVEL_STEPS)
    return DIFFICULTIES[steps] if steps < len(LEVEL_STEPS) else None


# --- What a move keeps, and the draws that help ----------------------------------------------------


@dataclass(frozen=True)
class Draws:
    """The unseen cards that help the seven cards a move keeps, each card once, in deck order.

    ``closing``: drawing it lets the player close after his best discard. ``improving``: it
    lowers the loose points he can keep, without a close. ``copies``: how many of each may come
    from the stock (two decks: up to two).
    """

    closing: tuple[Card, ...]
    improving: tuple[Card, ...]
    copies: Counter[Card]


def helping_draws(puzzle: Puzzle, kept: Sequence[Card]) -> Draws:
    """Which unseen cards would close or improve the seven cards ``kept``."""
    rules = puzzle.rules
    unseen = unseen_cards(rules, puzzle.hand, puzzle.visible)
    now = fewest_loose_points(kept, rules)
    closing: list[Card] = []
    improving: list[Card] = []
    for card in sorted(unseen, key=card_order):
        points, can_close = best_of_eight((*kept, card), rules)
        if can_close:
            closing.append(card)
        elif points < now:
            improving.append(card)
    return Draws(tuple(closing), tuple(improving), unseen)


def card_order(card: Card) -> tuple[int, int]:
    """Suit, then rank (jokers last): how a hand is laid out by default."""
    return (len(SUITS), 0) if card.is_joker else (SUITS.index(card.suit), card.rank)


def number_order(card: Card) -> tuple[int, int]:
    """Rank, then suit (jokers last): the "by number" layout."""
    return (99, 0) if card.is_joker else (card.rank, SUITS.index(card.suit))


# --- The lesson ------------------------------------------------------------------------------------


def compared_move(solution: Solution, tried: Sequence[str] = ()) -> str:
    """The move the explanation sets against the best: the player's last wrong move, else the
    tempting naive one when it is wrong, else the second best."""
    wrong = [m for m in tried if m not in solution.answers]
    if wrong:
        return wrong[-1]
    naive = [m for m in naive_moves(solution.puzzle) if m not in solution.answers]
    if naive:
        return naive[0]
    return solution.runners_up[0] if solution.runners_up else solution.answers[0]


def lesson(solution: Solution, other: str) -> tuple[str, dict[str, Any]]:
    """The lead sentence of the explanation, in the puzzle's theme: a message key (under
    ``puzzles.lesson.``) and its values (card codes, numbers)."""
    puzzle = solution.puzzle
    rules = puzzle.rules
    theme = main_theme(puzzle)
    values: dict[str, Any] = {"best": solution.best.move, "other": other}
    if puzzle.question == "take" or theme is None:
        return (puzzle.question if puzzle.question == "take" else puzzle.criterion), values
    best = Card.parse(solution.best.move)
    values["best_value"] = rules.points(best)
    if theme == "keep-run-open":
        naive = next(Card.parse(m) for m in naive_moves(puzzle) if m not in solution.answers)
        neighbour = connected_card(naive, puzzle.hand, rules)
        values.update(naive=naive.code(), neighbour=neighbour.code() if neighbour else "")
    elif theme == "double-out":
        card = double_out_card(solution.best.kept, puzzle, rules)
        values["card"] = card.code() if card else ""
    elif theme == "break-pair":
        twin = next(c for c in puzzle.hand if c.rank == best.rank and c != best)
        values["twin"] = twin.code()
    return theme, values


def why(solution: Solution, other: str | None = None) -> tuple[str, dict[str, Any]]:
    """Why the best beats ``other`` (by default the second best): a message key (under
    ``puzzles.why.``) and its values (moves as codes, probabilities and points as numbers,
    outcomes as their names). ``second`` in the values is ``other``."""
    best = solution.best
    second = solution.option(other) if other is not None else solution.second
    assert second is not None, "a valid puzzle has a second best"
    values: dict[str, Any] = {"best": best.move, "second": second.move,
                              "best_outcome": best.outcome.value, "best_score": best.score,
                              "second_outcome": second.outcome.value,
                              "second_score": second.score,
                              "best_points": best.loose_points,
                              "second_points": second.loose_points, "unseen": solution.unseen,
                              "best_chance": best.close_chance,
                              "second_chance": second.close_chance,
                              "best_count": best.close_chance * solution.unseen,
                              "second_count": second.close_chance * solution.unseen}
    puzzle = solution.puzzle
    if puzzle.question == "take":
        assert puzzle.top is not None
        values["top"] = puzzle.top.code()
        take, stock = solution.option(TAKE), solution.option(STOCK)
        values.update(take_points=take.loose_points, stock_points=stock.loose_points,
                      stock_chance=stock.close_chance)
        if take.outcome is not Outcome.CANNOT_CLOSE:
            return "take_close", values
        return ("take_points" if best.move == TAKE else "stock_points"), values
    if puzzle.criterion == "close-chance":
        return ("chance" if second.close_chance else "chance_none"), values
    runner_up = second.move in solution.runners_up
    if best.outcome is not second.outcome or best.score != second.score:
        if second.outcome is not Outcome.CANNOT_CLOSE:
            return "better_close", values
        # "Only … lets you close" is said only when no other card closes as well.
        only = runner_up and len(solution.answers) == 1
        return ("close" if only else "close_vs"), values
    return ("points" if runner_up else "points_vs"), values
