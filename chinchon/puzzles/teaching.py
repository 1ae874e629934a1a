"""What the puzzle page needs from a solution: judging an answer, a hint, the explanation."""

from __future__ import annotations

from typing import Any

from chinchon.engine.solver import Outcome
from chinchon.puzzles.criteria import Solution, naive_moves, unique_moves
from chinchon.puzzles.model import STOCK, TAKE


def should_close(solution: Solution) -> bool:
    """Whether the best move closes (the player must say so, in a discard question)."""
    return solution.puzzle.question == "discard" and (
        solution.best.outcome is not Outcome.CANNOT_CLOSE)


def judge(solution: Solution, move: str, close: bool = False) -> str:
    """``right``, ``wrong``, or ``close`` (the right card, but closing or not closing wrongly).

    For a take question ``close`` is ignored: the decision is only where to draw from.
    """
    if not solution.is_correct(move):
        return "wrong"
    if solution.puzzle.question == "discard" and close != should_close(solution):
        return "close"
    return "right"


def hint_moves(solution: Solution) -> tuple[str, ...]:
    """Two moves, one of them right: the best and the most tempting wrong one (in hand order)."""
    wrong = [m for m in (*naive_moves(solution.puzzle), *solution.runners_up)
             if m not in solution.answers]
    if not wrong:
        wrong = [o.move for o in solution.options if o.move not in solution.answers]
    pair = {solution.answers[0], wrong[0]}
    return tuple(o for o in unique_moves(o.move for o in solution.options) if o in pair)


def why(solution: Solution) -> tuple[str, dict[str, Any]]:
    """Why the best beats the second best: a message key (under ``puzzles.why.``) and its
    values (moves as codes, probabilities and points as numbers, outcomes as their names)."""
    best, second = solution.best, solution.second
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
        return "chance", values
    if solution.better_outcome:
        return ("close" if second.outcome is Outcome.CANNOT_CLOSE else "better_close"), values
    return "points", values
