"""Whole games: the bots' decision times and greedy games per second per core.

Per profile (default tables: two seats, three for barajamos, then two-deck tables): the time of
every decision of each bot over a few games played against greedy (median, 99th percentile,
worst; the first game starts from cold memories, as a fresh server does), and how many
greedy-only games one core plays in a second (the median and the fastest of five passes).
Times are process CPU time, so other work on a shared machine does not count. Targets (issue
9): expert ≤ 20 ms median and ≤ 200 ms worst per decision; greedy ≥ 20 games a second a core;
(issue 22) master at the Play page's budget ≤ 1 s median and ≤ 3 s worst.
Run ``python -m benchmarks.bench_game [--bots random,greedy,expert,master] [--think MS]
[--games N] [--tables barajamos:3,fournier:2]`` (``--think``: master's budget, default the
Play page's; ``--tables``: profile and seats, one deck unless the profile gives two).
"""

from __future__ import annotations

import argparse
import statistics
import time

from chinchon.engine.draws import clear_memo
from chinchon.engine.rules import Rules, get_rules
from chinchon.game.names import BOT_NAMES, DEFAULT_THINK_MS
from chinchon.game.players import bots_for, play_game
from chinchon.game.seat_view import view
from chinchon.game.state import apply, new_game

GAMES = 8
GREEDY_GAMES = 30
GREEDY_PASSES = 5
TABLES = [("barajamos", 3, {}), ("fournier", 2, {}), ("jeux-de-cartes", 2, {}),
          ("ludoteka", 2, {}), ("barajamos", 5, {}), ("jeux-de-cartes", 5, {}),
          ("ludoteka", 2, {"jokers": 2})]


def decision_times(rules: Rules, bot: str, seats: int, games: int,
                   think_ms: int = DEFAULT_THINK_MS) -> list[float]:
    """Seconds of CPU per decision of ``bot`` (every other seat greedy), over ``games`` games."""
    times: list[float] = []
    clear_memo()
    for seed in range(games):
        names = [bot if seat % 2 == seed % 2 else "greedy" for seat in range(seats)]
        bots = bots_for(names, seed, think_ms)
        state = new_game(rules, names, seed)
        while not state.is_over:
            seen = view(state, state.turn)
            start = time.process_time()
            action = bots[state.turn].choose(seen)
            spent = time.process_time() - start
            if names[state.turn] == bot:
                times.append(spent)
            state = apply(state, action)
    return times


def greedy_rates(rules: Rules, seats: int, games: int, passes: int = GREEDY_PASSES
                 ) -> tuple[float, float]:
    """Greedy-only games per CPU second over the same ``games`` seeds, ``passes`` times: the
    median pass and the fastest. The work is the same each pass, yet on this shared virtual
    machine one pass's CPU time varies by a quarter or more; noise only ever slows a pass, so
    the fastest is the code's speed (as :mod:`timeit` advises) and the median what a busy
    machine gives."""
    play_game(rules, ["greedy"] * seats, 999)  # warm-up
    rates = []
    for _ in range(passes):
        start = time.process_time()
        for seed in range(games):
            play_game(rules, ["greedy"] * seats, seed)
        rates.append(games / (time.process_time() - start))
    return statistics.median(rates), max(rates)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_game")
    parser.add_argument("--bots", default=",".join(BOT_NAMES))
    parser.add_argument("--think", type=int, default=DEFAULT_THINK_MS)
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--tables", default="")
    args = parser.parse_args(argv)
    tables = TABLES
    if args.tables:
        tables = [(rules_id, int(seats), {}) for rules_id, seats in
                  (item.split(":") for item in args.tables.split(","))]
    print(f"decisions: {args.games} games per bot against greedy, CPU ms per decision "
          f"(master: --think {args.think}); greedy: {GREEDY_GAMES} games, games per CPU second")
    print(f"{'table':<26}{'bot':<8}{'decisions':>10}{'median':>9}{'p99':>9}{'worst':>9}")
    for rules_id, seats, options in tables:
        rules = get_rules(rules_id, players=seats, **options)
        label = f"{rules_id} {seats}p" + "".join(f" {k}={v}" for k, v in rules.options.items())
        for bot in args.bots.split(","):
            games = args.games if bot != "random" else 2
            times = sorted(decision_times(rules, bot, seats, games, args.think))
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            print(f"{label:<26}{bot:<8}{len(times):>10}{statistics.median(times) * 1e3:>9.2f}"
                  f"{p99 * 1e3:>9.2f}{times[-1] * 1e3:>9.2f}", flush=True)
        if "greedy" not in args.bots.split(","):
            continue
        median, fastest = greedy_rates(rules, seats, GREEDY_GAMES)
        print(f"{label:<26}greedy games per CPU second: {median:.1f} (median of "
              f"{GREEDY_PASSES} passes), "
              f"{fastest:.1f} (fastest)", flush=True)


if __name__ == "__main__":
    main()
