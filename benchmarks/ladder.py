"""The bots' ladder: duplicate matches between neighbouring levels, rated by Glicko-2.

``python -m benchmarks.ladder [--games N] [--reach R] [--rules ID] [--seats S] [--workers W]``
plays every level of :data:`~chinchon.game.names.BOT_NAMES` (weakest first) against the
``R`` levels above it, ``N`` games a pairing (whole duplicate sets) on the deals ``--seed``,
``--seed + 1``, …; writes one line a game to ``chinchon/data/ladder-games.jsonl`` and the
ratings computed from those lines (:func:`chinchon.game.ladder.rate`) to
``chinchon/data/ladder.json``; prints each pairing's win rate with its 95% interval beside the
one the ratings expect, and the seconds and load average.

``--add NAME`` rates a new level (already made by name by ``make_bot``) without replaying the
others: it plays the ``R`` levels on each side of it in ``BOT_NAMES`` (its old lines, if any,
are dropped), its lines are appended and the whole ladder is recomputed.
``--check ID`` plays the same pairings under another profile, ``--games`` each, and compares
their win rates with the ratings' expectation (nothing written). Slow: about 25 minutes for the
whole ladder with ``--workers 1``; not run by ``python -m benchmarks``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from chinchon.engine.rules import get_rules
from chinchon.game import ladder
from chinchon.game.match import GameSummary, Interval, run_match, stderr_progress
from chinchon.game.names import BOT_NAMES, DEFAULT_THINK_MS
from chinchon.ratings.glicko2 import expected_score
from harness.ladder import pairings


def line(rules_id: str, game: GameSummary) -> dict[str, Any]:
    return {"rules": rules_id, "seed": game.seed, "seats": list(game.seats),
            "totals": list(game.totals), "winner": game.winner}


def play(rules_id: str, pair: tuple[str, str], games: int, seed: int, seats: int,
         workers: int, think_ms: int = DEFAULT_THINK_MS) -> list[dict[str, Any]]:
    rules = get_rules(rules_id)
    start = time.perf_counter()
    sys.stderr.write(f"{rules_id} {pair[0]} vs {pair[1]}\n")
    result = run_match(rules, pair, games, seed=seed, workers=workers, seats=seats,
                       progress=stderr_progress(sys.stderr), think_ms=think_ms)
    found = [line(rules_id, game) for game in result.games]
    print(f"played {pair[0]} vs {pair[1]}: {len(found)} games in "
          f"{time.perf_counter() - start:.0f} s, load {os.getloadavg()[0]:.1f}", flush=True)
    return found


def scores(lines: Sequence[dict[str, Any]], pair: tuple[str, str]) -> list[float]:
    """The stronger level's mean score per game against the weaker, over the games of
    ``pair`` (so a 95% interval is taken over games)."""
    weak, strong = pair
    found = []
    for game in lines:
        if set(game["seats"]) == {weak, strong}:
            mine = [s for name, other, s in ladder.results(game) if name == strong]
            found.append(sum(mine) / len(mine))
    return found


def report(levels: dict[str, ladder.Level], lines: Sequence[dict[str, Any]],
           pairs: Sequence[tuple[str, str]]) -> str:
    rows = ["| level | rating | deviation | games |", "|---|---:|---:|---:|"]
    rows += [f"| {lv.name} | {lv.rating.rating:.0f} | {lv.rating.rd:.0f} | {lv.games} |"
             for lv in levels.values()]
    rows += ["", "| pairing | games | stronger's score, 95% interval | the ratings expect |",
             "|---|---:|---|---:|"]
    for weak, strong in pairs:
        found = scores(lines, (weak, strong))
        if not found:
            continue
        interval = Interval.of(found)
        expected = expected_score(levels[strong].rating, levels[weak].rating)
        low, high = max(interval.low, 0.0), min(interval.high, 1.0)
        if math.isinf(interval.low):
            low, high = 0.0, 1.0
        rows.append(f"| {strong} vs {weak} | {len(found)} | {interval.mean:.1%} "
                    f"[{low:.1%}, {high:.1%}] | {expected:.1%} |")
    return "\n".join(rows)


def write(lines: Sequence[dict[str, Any]], about: dict[str, Any], lines_path: Path,
          ladder_path: Path) -> dict[str, ladder.Level]:
    lines_path.write_text("".join(json.dumps(x, separators=(",", ":")) + "\n" for x in lines),
                          encoding="utf-8")
    levels = ladder.rate(lines)
    ladder_path.write_text(ladder.dump(levels, about), encoding="utf-8")
    return levels


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ladder")
    parser.add_argument("--games", type=int, default=100, help="games a pairing (default 100)")
    parser.add_argument("--reach", type=int, default=2,
                        help="each level plays this many levels above it (default 2)")
    parser.add_argument("--rules", default="fournier")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--think", type=int, default=DEFAULT_THINK_MS, metavar="MS",
                        help=f"master's budget per decision (default {DEFAULT_THINK_MS})")
    parser.add_argument("--add", metavar="NAME", help="rate one new level against its neighbours")
    parser.add_argument("--check", metavar="ID", help="compare another profile's win rates")
    parser.add_argument("--lines", type=Path, default=ladder.LINES_PATH)
    parser.add_argument("--out", type=Path, default=ladder.LADDER_PATH)
    args = parser.parse_args(argv)
    if args.add is not None and args.add not in BOT_NAMES:
        parser.error(f"--add {args.add!r}: not one of the bots offered ({', '.join(BOT_NAMES)})")
    pairs = pairings(BOT_NAMES, args.reach, only=args.add)
    if args.check is not None:
        shipped = ladder.load(args.out)
        found = [x for pair in pairs for x in play(args.check, pair, args.games, args.seed,
                                                   args.seats, args.workers, args.think)]
        print(f"{args.check}, {args.seats} seats, rated on the shipped ladder:")
        print(report(shipped, found, pairs).split("\n\n", 1)[1])
        return
    kept = [] if args.add is None else [x for x in ladder.read_lines(args.lines)
                                        if args.add not in x["seats"]]
    start = time.perf_counter()
    found = [x for pair in pairs for x in play(args.rules, pair, args.games, args.seed,
                                               args.seats, args.workers, args.think)]
    lines = kept + found
    about = {"rules": args.rules, "seats": args.seats, "games_per_pairing": args.games,
             "reach": args.reach, "seed": args.seed, "think_ms": args.think, "anchor": ladder.ANCHOR,
             "made_by": "python -m benchmarks.ladder"}
    levels = write(lines, about, args.lines, args.out)
    print(f"{len(found)} games in {time.perf_counter() - start:.0f} s, "
          f"load {os.getloadavg()[0]:.1f}")
    print(report(levels, lines, pairings(BOT_NAMES, args.reach)))


if __name__ == "__main__":
    main()
