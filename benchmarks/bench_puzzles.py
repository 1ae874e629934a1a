"""Puzzles: the close-chance analysis of one position (every discard, one exact draw ahead).

For each profile, the shipped close-chance positions (8 cards held, the pile seen): the CPU
time (``time.process_time``, steady on a shared machine) of the analysis of one position from a
cold memo, median and worst; then a few positions next to the brute-force reference of
``harness/reference.py`` on the same positions (same counts checked), as a ratio.
Target: under 50 ms a position.

Then the explanation the page shows after an answer (``chinchon.views.puzzle.explain``: the
solution, the lesson, and the draws that help the best and the compared move), from cold
caches, median and worst over puzzles of every kind; next to it the helping draws counted by
brute force (every seven of the eight cards analysed, same cards checked), as a ratio.
Target: under 150 ms, so a click settles quickly. Run ``python -m benchmarks.bench_puzzles``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from itertools import combinations
from typing import Any

from chinchon.engine.draws import clear_memo, draw_odds, unseen_cards
from chinchon.engine.rules import PROFILE_IDS
from chinchon.engine.solver import analyze, fewest_loose_points
from chinchon.puzzles import (
    Puzzle,
    card_order,
    compared_move,
    criteria,
    helping_draws,
    load_all,
    solve,
)
from chinchon.views.puzzle import explain
from harness import reference

POSITIONS = 36
REFERENCE_POSITIONS = 2
TARGET_MS = 50.0
EXPLAINED = 24
EXPLAIN_TARGET_MS = 150.0


def close_chance_analysis(puzzle: Puzzle) -> list[tuple[int, int, int]]:
    """The exact counts behind every discard's close chance and expected points."""
    rules = puzzle.rules
    unseen = unseen_cards(rules, puzzle.hand, puzzle.seen)
    hand = puzzle.hand
    return [(o.cards, o.closing, o.points)
            for o in (draw_odds(hand[:i] + hand[i + 1:], unseen, rules) for i in range(8))]


def reference_analysis(puzzle: Puzzle) -> list[tuple[int, int, int]]:
    rules = puzzle.rules
    table = reference.table_of(rules)
    unseen = unseen_cards(rules, puzzle.hand, puzzle.seen)
    hand = puzzle.hand
    return [reference.draw_odds(hand[:i] + hand[i + 1:], unseen, table) for i in range(8)]


def _timed(function: Callable[[Puzzle], list[Any]], puzzle: Puzzle
           ) -> tuple[float, list[Any]]:
    clear_memo()
    start = time.process_time()
    result = function(puzzle)
    return (time.process_time() - start) * 1000, result


def main() -> None:
    puzzles = [p for p in load_all(check=False)
               if p.criterion == "close-chance" and not p.options]
    print(f"puzzles: close-chance analysis of one position (8 discards x every unseen card, "
          f"exact), cold memo, target < {TARGET_MS:.0f} ms")
    print(f"{'profile':<16}{'positions':>10}{'median ms':>11}{'max ms':>9}"
          f"{'reference ms':>14}{'ratio':>8}")
    for rules_id in PROFILE_IDS:
        chosen = [p for p in puzzles if p.rules_id == rules_id][:POSITIONS]
        times = [_timed(close_chance_analysis, p)[0] for p in chosen]
        ours, theirs = [], []
        for puzzle in chosen[:REFERENCE_POSITIONS]:
            fast, fast_result = _timed(close_chance_analysis, puzzle)
            slow, slow_result = _timed(reference_analysis, puzzle)
            if fast_result != slow_result:
                raise SystemExit(f"{puzzle.id}: the library and the reference disagree")
            ours.append(fast)
            theirs.append(slow)
        median = statistics.median(times)
        ratio = sum(theirs) / sum(ours)
        flag = "" if median < TARGET_MS else "  (over target)"
        print(f"{rules_id:<16}{len(chosen):>10}{median:>11.1f}{max(times):>9.1f}"
              f"{statistics.median(theirs):>14.0f}{ratio:>7.0f}x{flag}")
    explanation_table()


def _explained(puzzle: Puzzle) -> None:
    criteria._solve.cache_clear()  # cold: the page's first look at this puzzle
    clear_memo()
    explain(solve(puzzle), [], "en")


def _moves_kept(puzzle: Puzzle) -> list[tuple]:
    solution = solve(puzzle)
    return [solution.option(m).kept for m in (solution.answers[0], compared_move(solution))]


def _library_draws(puzzle: Puzzle) -> list[tuple[tuple, tuple]]:
    draws = [helping_draws(puzzle, kept) for kept in _moves_kept(puzzle)]
    return [(d.closing, d.improving) for d in draws]


def _brute_draws(puzzle: Puzzle) -> list[tuple[tuple, tuple]]:
    rules = puzzle.rules
    found = []
    for kept in _moves_kept(puzzle):
        closing, improving = [], []
        now = fewest_loose_points(kept, rules)
        for card in sorted(unseen_cards(rules, puzzle.hand, puzzle.visible), key=card_order):
            hands = list(combinations((*kept, card), 7))
            if any(analyze(h, rules).can_close for h in hands):
                closing.append(card)
            elif min(fewest_loose_points(h, rules) for h in hands) < now:
                improving.append(card)
        found.append((tuple(closing), tuple(improving)))
    return found


def explanation_table() -> None:
    print(f"\npuzzles: the explanation after an answer (solve + lesson + helping draws), cold "
          f"caches, target < {EXPLAIN_TARGET_MS:.0f} ms; draws next to a brute-force count")
    print(f"{'profile':<16}{'puzzles':>10}{'median ms':>11}{'max ms':>9}"
          f"{'draws ms':>10}{'brute ms':>10}{'ratio':>8}")
    for rules_id in PROFILE_IDS:
        chosen = [p for p in load_all(check=False) if p.rules_id == rules_id
                  and not p.options][::7][:EXPLAINED]
        times = []
        for puzzle in chosen:
            start = time.process_time()
            _explained(puzzle)
            times.append((time.process_time() - start) * 1000)
        ours, theirs = [], []
        for puzzle in chosen[:REFERENCE_POSITIONS]:
            solve(puzzle)
            fast, fast_result = _timed(_library_draws, puzzle)
            slow, slow_result = _timed(_brute_draws, puzzle)
            if fast_result != slow_result:
                raise SystemExit(f"{puzzle.id}: helping draws disagree with the brute force")
            ours.append(fast)
            theirs.append(slow)
        median = statistics.median(times)
        flag = "" if median < EXPLAIN_TARGET_MS else "  (over target)"
        print(f"{rules_id:<16}{len(chosen):>10}{median:>11.1f}{max(times):>9.1f}"
              f"{statistics.median(ours):>10.1f}{statistics.median(theirs):>10.0f}"
              f"{sum(theirs) / sum(ours):>7.0f}x{flag}")


if __name__ == "__main__":
    main()
