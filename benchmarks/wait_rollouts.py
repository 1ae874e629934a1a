"""Does the expert's close-or-wait decision pick the better future? Both futures, played out.

``python -m benchmarks.wait_rollouts [--games N] [--rules ID …] [--workers W] [--risk R]``
plays the waiting ``expert`` against ``expert-nowait`` (two seats, three for barajamos; the
seats swap with the seed). At every position where the expert may close and
:func:`chinchon.game.waiting.decide` names a card to keep, the game is played on twice from
the real state, with the same stock and the same bots: once closing now, once keeping that
card. It prints, per profile and per band of the decision's margin (the value of waiting
minus the value of closing now, in points; positions where closing would take him over the
limit, which the older rule always holds, are counted apart), how many positions there were,
what waiting gained in the hand (the opponents' mean hand score minus his own, waiting minus
closing, with a 95% interval) and in games won.

``--risk`` sets :data:`~chinchon.game.waiting.WAIT_RISK` (1 is the opponent model as fitted
to bot games). Slow (a few minutes a profile at 250 games); not run by ``python -m benchmarks``.
"""

from __future__ import annotations

import argparse
import copy
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from chinchon.engine.rules import PROFILE_IDS, get_rules
from chinchon.game import waiting
from chinchon.game.actions import Action, Discard
from chinchon.game.bots import Bot
from chinchon.game.expert import ExpertBot
from chinchon.game.players import bots_for
from chinchon.game.seat_view import View, view
from chinchon.game.state import GameState, Phase, apply, new_game

BANDS = ((-1e9, -10), (-10, -5), (-5, -2), (-2, 0), (0, 5), (5, 1e9))


@dataclass(frozen=True)
class Fork:
    """One closable position: the decision's margin, whether it waits, whether closing would
    take him over the limit (the experts then hold by rule), and what waiting gained over
    closing now (hand points, games won: 1, 0 or -1)."""

    margin: float
    waits: bool
    over: bool
    points: float
    won: int


def play_on(state: GameState, bots: Sequence[Bot], until_hand_ends: int | None) -> GameState:
    """Let the bots play from ``state`` until hand number ``until_hand_ends`` is scored (or to
    the end of the game)."""
    while not state.is_over and (until_hand_ends is None or len(state.results) <= until_hand_ends):
        state = apply(state, bots[state.turn].choose(view(state, state.turn)))
    return state


def hand_margin(state: GameState, seat: int, hand: int) -> float:
    """The opponents' mean score in hand ``hand`` minus ``seat``'s."""
    scores = state.results[hand].scores
    others = [score for other, score in enumerate(scores) if other != seat and score is not None]
    mine = scores[seat]
    assert mine is not None
    return statistics.fmean(others) - mine


def fork(state: GameState, seen: View, bots: Sequence[Bot], keep: Action) -> tuple[float, int]:
    """Play on closing now and keeping ``keep``: what keeping gained (points, games)."""
    hand, seat = len(state.results), seen.seat
    found = []
    for action in (ExpertBot.close(seen), keep):
        copies = copy.deepcopy(list(bots))
        ended = play_on(apply(state, action), copies, hand)
        points = hand_margin(ended, seat, hand)
        final = play_on(ended, copies, None)
        found.append((points, int(final.winner == seat)))
    (close_points, close_won), (wait_points, wait_won) = found
    return wait_points - close_points, wait_won - close_won


def game_forks(job: tuple[str, int, float]) -> list[Fork]:
    rules_id, seed, risk = job
    waiting.WAIT_RISK = risk
    rules = get_rules(rules_id)
    seats = max(2, rules.players[0])
    names = ["expert" if (seat + seed) % 2 == 0 else "expert-nowait" for seat in range(seats)]
    bots = bots_for(names, seed)
    state = new_game(rules, names, seed)
    forks: list[Fork] = []
    while not state.is_over:
        seat = state.turn
        seen = view(state, seat)
        if (names[seat] == "expert" and state.phase is Phase.DISCARD
                and any(isinstance(a, Discard) and a.close for a in seen.legal)):
            decision = waiting.decide(seen)
            if decision.keep is not None:
                points, won = fork(state, seen, bots, Discard(decision.keep))
                forks.append(Fork(decision.wait - decision.close_now, decision.waits,
                                  ExpertBot.waits_over_limit(seen), points, won))
        state = apply(state, bots[seat].choose(seen))
    return forks


def row(label: str, forks: Sequence[Fork]) -> str:
    if not forks:
        return f"| {label} | 0 | | | |"
    points = [f.points for f in forks]
    half = 1.96 * statistics.stdev(points) / len(points) ** 0.5 if len(points) > 1 else 0.0
    mean = statistics.fmean(points)
    won = sum(f.won for f in forks)
    return (f"| {label} | {len(forks)} | {mean:+.2f} | [{mean - half:+.2f}, {mean + half:+.2f}] "
            f"| {won:+d} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.wait_rollouts")
    parser.add_argument("--games", type=int, default=250)
    parser.add_argument("--rules", nargs="*", default=list(PROFILE_IDS))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--risk", type=float, default=waiting.WAIT_RISK)
    args = parser.parse_args(argv)
    print(f"WAIT_RISK {args.risk}, {args.games} games a profile")
    print("| profile, margin of waiting (points) | positions | waiting gained in the hand "
          "(points) | 95% interval | games won by waiting |")
    print("|---|---:|---:|---|---:|")
    with ProcessPoolExecutor(args.workers) as pool:
        for rules_id in args.rules:
            jobs = [(rules_id, seed, args.risk) for seed in range(1, args.games + 1)]
            forks = [f for found in pool.map(game_forks, jobs) for f in found]
            free = [f for f in forks if not f.over]
            for low, high in BANDS:
                band = [f for f in free if low < f.margin <= high]
                print(row(f"{rules_id}, margin ({low:g}, {high:g}]".replace("-1e+09", "-inf")
                          .replace("1e+09", "inf"), band), flush=True)
            print(row(f"{rules_id}, where the model waits", [f for f in free if f.waits]))
            over = [f for f in forks if f.over]
            print(row(f"{rules_id}, over the limit, the expert holds (as the older rule)",
                      [f for f in over if f.waits]))
            print(row(f"{rules_id}, over the limit, the expert closes (the older rule holds)",
                      [f for f in over if not f.waits]), flush=True)


if __name__ == "__main__":
    main()
