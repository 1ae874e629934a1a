"""The Play page's per-click work, in the library: what a bot's turn, a coach's grade and a
reload cost, per profile. Run ``python -m benchmarks.bench_play``.

- ``bot turn``: one whole turn of a bot (draw and discard, each from its own view), the work a
  paced tick of the page does besides drawing;
- ``grade``: the coach's grade of your move (take-or-draw, then the discard, with the close
  chance one draw ahead), what a click on your hand adds;
- ``reload``: rebuilding a whole game from its address (``chinchon.views.play.load``) and the
  address's length.

The page's budget is 300 ms per click and per bot turn in a browser; these are the library's
share of it (the rest is Streamlit and the browser, timed by ``tests/browser/test_play.py``).
"""

from __future__ import annotations

import random
import statistics
import time

from chinchon.game.state import legal_actions
from chinchon.views import play as play_model
from chinchon.views import seat_coach

TABLES = (("barajamos", "expert,greedy"), ("fournier", "expert"),
          ("jeux-de-cartes", "expert,greedy,random"), ("ludoteka", "expert"),
          ("barajamos", "expert,greedy,greedy,random"))  # five players: two decks
SEEDS = range(3)


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    return (f"median {statistics.median(ordered) * 1000:6.1f} ms, "
            f"max {ordered[-1] * 1000:6.1f} ms (n={len(ordered)})")


def _play(rules_id: str, bots: str, seed: int) -> tuple[play_model.Game, list[float], list[float]]:
    """A whole game where you play the coach's best move; every bot turn and grade timed."""
    game = play_model.new_game(play_model.parse_setup(rules_id, {}, bots, str(seed)))
    turns: list[float] = []
    grades: list[float] = []
    rng = random.Random(seed)
    while not game.over:
        if game.bot_to_move:
            start = time.perf_counter()
            game = game.play_bot_turn()
            turns.append(time.perf_counter() - start)
            continue
        state = game.state
        moves = legal_actions(state)
        start = time.perf_counter()
        best = seat_coach.hint(state)[0] if state.phase.value != "return" else rng.choice(moves)
        seat_coach.grade_action(state, best)
        grades.append(time.perf_counter() - start)
        game = game.play(best)
    return game, turns, grades


def main() -> None:
    for rules_id, bots in TABLES:
        turns: list[float] = []
        grades: list[float] = []
        loads: list[float] = []
        lengths: list[int] = []
        for seed in SEEDS:
            game, timed_turns, timed_grades = _play(rules_id, bots, seed)
            turns += timed_turns
            grades += timed_grades
            code = game.code()
            start = time.perf_counter()
            play_model.load(game.setup, code)
            loads.append(time.perf_counter() - start)
            lengths.append(len(code))
        print(f"{rules_id:15} you + {bots}")
        print(f"  bot turn  {_ms(turns)}")
        print(f"  grade     {_ms(grades)}  (hint + grade of your move)")
        print(f"  reload    {_ms(loads)}  (a whole game); address "
              f"{statistics.median(lengths):.0f} characters median, {max(lengths)} at most")


if __name__ == "__main__":
    main()
