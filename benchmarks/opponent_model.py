"""The measurements behind the expert's opponent model (``chinchon.game.waiting``).

``python -m benchmarks.opponent_model [--games N] [--rules ID …]`` plays expert-against-greedy
games (two seats, three for barajamos) and prints, per profile and per round of a hand, how
often the player to discard closed and the mean loose points kept by those who did not, next to
the model's :func:`~chinchon.game.waiting.opponent_close_chance` (with no card taken from the
pile) and :func:`~chinchon.game.waiting.opponent_points`; then the close rate by the number of
cards taken from the pile still held. Slow (a minute a profile at 60 games); not run by
``python -m benchmarks``.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter, defaultdict

from chinchon.engine.rules import PROFILE_IDS, get_rules
from chinchon.game.actions import Action, Discard
from chinchon.game.players import play_game
from chinchon.game.state import GameState, Phase
from chinchon.game.waiting import opponent_close_chance, opponent_points

LAST_ROUND = 12  # later rounds are counted with this one


def measure(rules_id: str, games: int) -> None:
    rules = get_rules(rules_id)
    seats = max(2, rules.players[0])
    turns: Counter[int] = Counter()
    closes: Counter[int] = Counter()
    loose: defaultdict[int, list[int]] = defaultdict(list)
    by_taken: Counter[int] = Counter()
    closes_taken: Counter[int] = Counter()

    def watch(state: GameState, action: Action) -> None:
        if state.phase is not Phase.DISCARD or not isinstance(action, Discard):
            return
        rounds = min(LAST_ROUND, state.turns // len(state.in_game))
        taken = min(3, len(state.known[state.turn]))
        turns[rounds] += 1
        by_taken[taken] += 1
        if action.close:
            closes[rounds] += 1
            closes_taken[taken] += 1
        else:
            loose[rounds].append(state.leaves[action.card])

    for seed in range(games):
        names = ["expert" if (seat + seed) % 2 == 0 else "greedy" for seat in range(seats)]
        play_game(rules, names, seed, watch=watch)
    print(f"{rules_id}: {games} games, {seats} seats")
    print(f"{'round':>6}{'turns':>7}{'closed':>8}{'model':>7}{'loose':>7}{'model':>7}")
    for rounds in sorted(turns):
        kept = loose[rounds]
        print(f"{rounds:>6}{turns[rounds]:>7}{closes[rounds] / turns[rounds]:>8.3f}"
              f"{opponent_close_chance(rounds, 0):>7.3f}"
              f"{statistics.fmean(kept) if kept else 0:>7.1f}{opponent_points(rounds):>7.1f}")
    print("taken " + "  ".join(f"{taken}: {closes_taken[taken] / by_taken[taken]:.3f}"
                               for taken in sorted(by_taken)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.opponent_model")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--rules", nargs="*", default=list(PROFILE_IDS))
    args = parser.parse_args(argv)
    for rules_id in args.rules:
        measure(rules_id, args.games)


if __name__ == "__main__":
    main()
