"""The bots' strength table of the README: duplicate matches per profile and pairing.

``python -m benchmarks.strength [--games N] [--workers W] [--seed S] [--rules ID …]
[--think MS]`` plays
``expert`` against ``greedy`` and ``greedy`` against ``random`` under each profile (default
tables: two seats, three for barajamos) and prints one markdown row per match (``--pairings
expert,expert-nowait`` measures the expert's close-or-wait decision against the older rule;
``--pairings master,expert --think 20`` the master at 20 ms a decision). Slow (minutes);
not run by ``python -m benchmarks``.
"""

from __future__ import annotations

import argparse
import sys
import time

from chinchon.engine.rules import PROFILE_IDS, get_rules
from chinchon.game.match import run_match, stderr_progress
from chinchon.game.names import DEFAULT_THINK_MS

PAIRINGS = (("expert", "greedy"), ("greedy", "random"))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.strength")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", nargs="*", default=list(PROFILE_IDS))
    parser.add_argument("--pairings", nargs="*", default=[",".join(p) for p in PAIRINGS])
    parser.add_argument("--think", type=int, default=DEFAULT_THINK_MS,
                        help="master's budget per decision in ms (default the Play page's)")
    args = parser.parse_args(argv)
    print("| profile | pairing | games | mean difference per hand (points) | 95% interval "
          "| win rate (first bot) | win rate difference, 95% interval | seconds |")
    print("|---|---|---:|---:|---|---:|---|---:|")
    for rules_id in args.rules:
        rules = get_rules(rules_id)
        for pairing in args.pairings:
            bots = pairing.split(",")
            start = time.perf_counter()
            sys.stderr.write(f"{rules_id} {pairing}\n")
            result = run_match(rules, bots, args.games, seed=args.seed, workers=args.workers,
                               progress=stderr_progress(sys.stderr), think_ms=args.think)
            seconds = time.perf_counter() - start
            difference = result.differences()[0]
            first = result.stats()[0]
            interval, wins = difference.hand_score, difference.win_rate
            print(f"| {rules_id} | {bots[0]} vs {bots[1]} | {len(result.games)} | "
                  f"{interval.mean:+.2f} | [{interval.low:+.2f}, {interval.high:+.2f}] | "
                  f"{first.win_rate:.1%} | {wins.mean:+.1%} [{wins.low:+.1%}, {wins.high:+.1%}] "
                  f"| {seconds:.0f} |", flush=True)


if __name__ == "__main__":
    main()
