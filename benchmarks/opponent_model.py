"""The measurements behind the expert's opponent model (``chinchon.game.waiting``).

``python -m benchmarks.opponent_model [--games N] [--rules ID …]`` plays expert-against-greedy
games (two seats, three for barajamos) and prints, per profile and per round of a hand, how
often the player to discard closed and the mean loose points kept by those who did not, next to
the model's :func:`~chinchon.game.waiting.opponent_close_chance` (with no card taken from the
pile) and :func:`~chinchon.game.waiting.opponent_points`; then the close rate by the number of
cards taken from the pile still held. Slow (a minute a profile at 60 games); not run by
``python -m benchmarks``.

``--seats N`` sets the table (default: the profile's fewest, at least two).

``--samples`` checks the master's samples of the hidden cards instead
(:mod:`chinchon.game.sampling`): in expert games, at each throw of seat 0 that does not close,
the next player's loose points and the chance that he closes on his turn (taking the throw when
it lowers his loose points, else drawing the stock's next card), read from uniform samples
(``weighted``) and from :func:`~chinchon.game.sampling.likely`, next to what he really held and
how often he closed on that turn, per two rounds of the hand.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence

from chinchon.engine.cards import Card
from chinchon.engine.draws import best_of_eight
from chinchon.engine.rules import PROFILE_IDS, Rules, get_rules
from chinchon.engine.solver import fewest_loose_points
from chinchon.game.actions import Action, Discard
from chinchon.game.players import bots_for, play_game
from chinchon.game.sampling import Sample, likely, weighted
from chinchon.game.seat_view import View, view
from chinchon.game.state import GameState, Phase, apply, new_game
from chinchon.game.waiting import opponent_close_chance, opponent_points

LAST_ROUND = 12  # later rounds are counted with this one


def table_size(rules: Rules, seats: int | None) -> int:
    """The seats asked for, else the profile's fewest (at least two)."""
    return seats if seats is not None else max(2, rules.players[0])


def measure(rules_id: str, games: int, seats: int | None = None) -> None:
    rules = get_rules(rules_id)
    seats = table_size(rules, seats)
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


#: The sample sets compared by ``--samples``, and how many samples each reads per throw.
SAMPLERS: dict[str, Callable[[View, random.Random, int], list[Sample]]] = {
    "uniform": weighted, "likely": likely}
SAMPLES = 60


def next_player(samples: Sequence[Sample], seat: int, card: Card, rules: Rules
                ) -> tuple[float, float]:
    """The next player's mean loose points and his chance to close on his turn, over
    ``samples`` (weighted), when ``card`` is thrown to him."""
    total = points = closing = 0.0
    for found in samples:
        held = found.hands[seat]
        if held is None or not found.weight:
            continue
        now = fewest_loose_points(held, rules)
        loose, closes = best_of_eight((*held, card), rules)
        if loose >= now and found.stock:
            loose, closes = best_of_eight((*held, found.stock[0]), rules)
        total += found.weight
        points += found.weight * now
        closing += found.weight * closes
    return (points / total, closing / total) if total else (0.0, 0.0)


def sampled_points(samples: Sequence[Sample], seat: int, rules: Rules) -> float:
    """``seat``'s mean fewest loose points over ``samples`` (weighted)."""
    total = points = 0.0
    for found in samples:
        held = found.hands[seat]
        if held is not None and found.weight:
            total += found.weight
            points += found.weight * fewest_loose_points(held, rules)
    return points / total if total else 0.0


def measure_samples(rules_id: str, games: int, seats: int | None = None) -> None:
    """Expert in every seat, and per two rounds: seat 0's throws, the next player's real loose
    points and close rate, and each sampler's; with three seats or more, the same loose points
    for the player after him (a sampler may place one opponent right and the other wrong)."""
    rules = get_rules(rules_id)
    names = ["expert"] * table_size(rules, seats)
    after = len(names) > 2
    rows: defaultdict[int, list[tuple[float, ...]]] = defaultdict(list)
    for seed in range(games):
        state = new_game(rules, names, seed)
        bots = bots_for(names, seed)
        waiting: tuple[float, ...] | None = None
        while state.phase is not Phase.OVER:
            action = bots[state.turn].choose(view(state, state.turn))
            if waiting is not None and state.turn == 1 and state.phase is Phase.DISCARD:
                rows[min(LAST_ROUND, int(waiting[0])) // 2].append(
                    (*waiting[1:], float(isinstance(action, Discard) and action.close)))
                waiting = None
            held, second = state.hands[1], state.hands[2] if after else None
            if (state.turn == 0 and state.phase is Phase.DISCARD and held is not None
                    and (second is not None or not after)
                    and isinstance(action, Discard) and not action.close):
                seen = view(state, 0)
                found: list[float] = [state.turns // len(names), fewest_loose_points(held, rules)]
                rest: list[float] = [fewest_loose_points(second, rules)] if second else []
                for make in SAMPLERS.values():
                    samples = make(seen, random.Random(state.turns), SAMPLES)
                    found += next_player(samples, 1, action.card, rules)
                    if after:
                        rest.append(sampled_points(samples, 2, rules))
                waiting = (*found, *rest)
            hand = state.hand
            state = apply(state, action)
            if state.hand != hand:
                waiting = None  # the hand ended before he played
    print(f"{rules_id}: {games} expert games, {len(names)} seats, {SAMPLES} samples a throw")
    heads = "".join(f"{name + ' loose':>14}{name + ' closes':>15}" for name in SAMPLERS)
    if after:
        heads += f"{'| after: real':>13}" + "".join(f"{name:>9}" for name in SAMPLERS)
    print(f"{'rounds':>7}{'throws':>7}{'real loose':>11}{'real closes':>12}{heads}")
    pairs = 1 + 2 * len(SAMPLERS)
    for band in sorted(rows):
        band_rows = rows[band]
        means = [statistics.fmean(row[i] for row in band_rows) for i in range(len(band_rows[0]))]
        cells = "".join(f"{means[i]:>14.1f}{means[i + 1]:>15.3f}" for i in range(1, pairs, 2))
        if after:
            cells += f"{means[pairs]:>13.1f}" + "".join(f"{v:>9.1f}" for v in means[pairs + 1:-1])
        print(f"{2 * band:>4}–{2 * band + 1:<2}{len(band_rows):>7}{means[0]:>11.1f}"
              f"{means[-1]:>12.3f}{cells}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.opponent_model")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--rules", nargs="*", default=list(PROFILE_IDS))
    parser.add_argument("--seats", type=int, default=None,
                        help="players at the table (default: the profile's fewest, at least 2)")
    parser.add_argument("--samples", action="store_true",
                        help="check the master's samples of the hidden cards instead")
    args = parser.parse_args(argv)
    for rules_id in args.rules:
        (measure_samples if args.samples else measure)(rules_id, args.games, args.seats)


if __name__ == "__main__":
    main()
