"""The hot path of the playouts: hands evaluated per second by the greedy bot's pieces.

Per profile (one deck of 40 or 48 cards, two decks, jokers, the ace of oros as the joker), on
fixed-seed random hands: 7-card hands/s of :func:`~chinchon.engine.solver.fewest_loose_points`
from cold memories (every hand new to the process) and warm (the same hands asked again, as a
playout's hands are, turn after turn and playout after playout), and warm look-ups by card
mask (``mask_solver(rules)[mask]``, the masks made beforehand); 8-card hands/s of
:func:`~chinchon.engine.draws.discard_leaves` (cold), the greedy bot's look-up of every
discard; the batch look-up :func:`~chinchon.engine.odds.loose_points_of_masks` (one deck
without jokers: many hands in one call); and greedy playouts, a hand dealt and played to its
end by greedy bots at the profile's fewest seats (two, three for barajamos), per second, with
the greedy decisions per second within them (the bot's ``choose`` only; the playout adds the
seat's view and the rules applying each move).

Each figure is printed beside the Rust peer's 5.7 M hands a second (points only, one hand at a
time), and with ``--against DIR`` beside the same figure of another checkout (run in a child
process with that checkout first on the path, in turn with this one, under the same load).
Rates count CPU time, the best of ``--repeats`` passes (noise on a shared machine only ever
slows a pass). Run ``python -m benchmarks.bench_hot`` (or ``python -m benchmarks hot``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
#: The Rust peer's single-hand rate, fewest loose points only (issue 22).
RUST_PEER = 5_700_000
#: (label, profile code, options): the four profiles, then two decks and the jokers.
PROFILES: tuple[tuple[str, str, dict[str, int]], ...] = (
    ("barajamos (48)", "barajamos", {}), ("fournier (40)", "fournier", {}),
    ("jeux-de-cartes (40)", "jeux-de-cartes", {}), ("ludoteka (40)", "ludoteka", {}),
    ("barajamos two decks", "barajamos", {"decks": 2}),
    ("ludoteka 2 jokers", "ludoteka", {"jokers": 2}),
    ("fournier ace of oros wild", "fournier+jokers=ace-of-oros", {}))
#: How many hands each figure times: (7-card, 8-card, batch masks, playouts); a tenth of the
#: single hands with two decks or jokers, whose meld search is the slow one.
COUNTS = {True: (40_000, 8_000, 400_000, 40), False: (4_000, 1_000, 0, 20)}
FIGURES = ("seven_cold", "seven_warm", "lookup", "leaves", "batch", "decisions", "playouts")
NAMES = {"seven_cold": "7 cards, cold", "seven_warm": "7 cards, warm",
         "lookup": "mask look-up, warm",
         "leaves": "8-card leaves", "batch": "batch (numpy)",
         "decisions": "greedy decisions", "playouts": "greedy playouts"}


def best_rate(work: Callable[[], object], count: int, repeats: int) -> float:
    """Items per CPU second, the best of ``repeats`` passes; ``work`` may return its own
    seconds as a float (when only part of what it does is timed)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        spent = work()
        best = min(best, spent if isinstance(spent, float) else time.process_time() - start)
    return count / best


def measure(repeats: int) -> dict[str, dict[str, float]]:
    """Every figure of every profile, with the code first on ``sys.path``."""
    from chinchon.engine.rules import get_rules

    return {label: profile_figures(get_rules(code, **options), seed, repeats)
            for seed, (label, code, options) in enumerate(PROFILES)}


def _cold(solve: Callable[..., object], hands: Sequence[object], rules: object) -> float:
    """CPU seconds to solve every hand from cold memories, as in a fresh process."""
    from chinchon.engine.draws import clear_memo

    clear_memo()
    start = time.process_time()
    for hand in hands:
        solve(hand, rules)
    return time.process_time() - start


def _each(solve: Callable[..., object], hands: Sequence[object], rules: object) -> None:
    for hand in hands:
        solve(hand, rules)


def profile_figures(rules: Any, seed: int, repeats: int) -> dict[str, float]:
    from chinchon.engine.draws import discard_leaves
    from chinchon.engine.solver import fewest_loose_points

    simple = rules.deck.copies == 1 and not rules.deck.has_jokers
    sevens_n, eights_n, batch_n, playouts_n = COUNTS[simple]
    rng = random.Random(seed)
    cards = list(rules.deck.cards())
    sevens = [tuple(rng.sample(cards, 7)) for _ in range(sevens_n)]
    eights = [tuple(rng.sample(cards, 8)) for _ in range(eights_n)]
    fewest_loose_points(sevens[0], rules)  # tables built outside the timing
    figures = {"seven_cold": best_rate(partial(_cold, fewest_loose_points, sevens, rules),
                                       len(sevens), repeats)}
    _each(fewest_loose_points, sevens, rules)
    figures["seven_warm"] = best_rate(partial(_each, fewest_loose_points, sevens, rules),
                                      len(sevens), repeats)
    lookup = _mask_lookup(rules, sevens, repeats)
    if lookup:
        figures["lookup"] = lookup
    figures["leaves"] = best_rate(partial(_cold, discard_leaves, eights, rules), len(eights),
                                  repeats)
    if batch_n:
        figures["batch"] = batch_rate(rules, batch_n, seed, repeats)
    figures["decisions"], figures["playouts"] = playout_rates(rules, playouts_n, repeats)
    return figures


def _mask_lookup(rules: Any, sevens: Sequence[Sequence[Any]], repeats: int) -> float | None:
    """Warm look-ups by card mask (``mask_solver(rules)[mask]``, a checkout that has it, one
    deck without jokers): the hands' masks made beforehand, every hand asked once before."""
    try:
        from chinchon.engine.meld_search import solver_for
    except ImportError:
        return None
    solver = solver_for(rules)
    if solver is None:
        return None
    masks = [sum(card.bit for card in hand) for hand in sevens]
    list(map(solver.__getitem__, masks))
    return best_rate(lambda: list(map(solver.__getitem__, masks)), len(masks), repeats)


def batch_rate(rules: Any, count: int, seed: int, repeats: int) -> float:
    import numpy as np

    from chinchon.engine.odds import loose_points_of_masks

    rng = random.Random(seed)
    bits = [card.bit for card in rules.deck.cards()]
    array = np.array([sum(rng.sample(bits, 7)) for _ in range(count)], dtype=np.int64)
    return best_rate(lambda: loose_points_of_masks(array, rules), count, repeats)


def playout_rates(rules: Any, count: int, repeats: int) -> tuple[float, float]:
    """Greedy decisions per CPU second (the bots' choices only) and greedy playouts (one hand
    at the profile's fewest seats, dealt and played to its end) per CPU second, the best pass
    of each."""
    from chinchon.engine.draws import clear_memo
    from chinchon.game.players import bots_for
    from chinchon.game.seat_view import view
    from chinchon.game.state import Phase, apply, new_game

    seats = rules.players[0]
    decisions, choosing, playing = 0, float("inf"), float("inf")
    for _ in range(repeats):
        clear_memo()
        made, chose = 0, 0.0
        start = time.process_time()
        for seed in range(count):
            names = ["greedy"] * seats
            bots = bots_for(names, seed)
            state = new_game(rules, names, seed)
            hand = state.hand
            while state.phase is not Phase.OVER and state.hand == hand:
                seen = view(state, state.turn)
                before = time.process_time()
                action = bots[state.turn].choose(seen)
                chose += time.process_time() - before
                made += 1
                state = apply(state, action)
        playing = min(playing, time.process_time() - start)
        choosing, decisions = min(choosing, chose), made
    return decisions / choosing, count / playing


def against(folder: Path, repeats: int) -> dict[str, dict[str, float]]:
    """The figures of the checkout in ``folder``, measured in a child process."""
    env = {**os.environ, "PYTHONPATH": str(folder)}
    done = subprocess.run([sys.executable, str(HERE), "--json", "--repeats", str(repeats)],
                          cwd=folder, env=env, check=True, capture_output=True, text=True)
    figures: dict[str, dict[str, float]] = json.loads(done.stdout)
    return figures


def report(mine: dict[str, dict[str, float]], theirs: dict[str, dict[str, float]] | None,
           folder: Path | None) -> None:
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"per CPU second, best pass; load average {load} on {os.cpu_count()} cores; "
          f"Rust peer {RUST_PEER / 1e6:.1f} M hands/s")
    if folder is not None:
        print(f"against {folder}")
    header = f"{'':27}{'figure':<18}{'per second':>12}{'/ Rust':>9}"
    print(header + (f"{'that tree':>12}{'ratio':>8}" if theirs else ""))
    for label, figures in mine.items():
        first = next(key for key in FIGURES if key in figures)
        for key in FIGURES:
            if key not in figures:
                continue
            value = figures[key]
            line = f"{label:27}{NAMES[key]:<18}{value:>12,.0f}{value / RUST_PEER:>9.3f}"
            other = (theirs or {}).get(label, {}).get(key)
            if other:
                line += f"{other:>12,.0f}{value / other:>7.2f}x"
            print(line.replace(label, " " * len(label)) if key != first else line)
    print(flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--against", type=Path, default=None,
                        help="another checkout (e.g. /work/main), measured in turn with this "
                             "one under the same load")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.json:
        print(json.dumps(measure(args.repeats)))
        return
    if not sys.path or Path(sys.path[0]).resolve() != HERE.parents[1]:
        sys.path.insert(0, str(HERE.parents[1]))  # this checkout's chinchon, when run as a file
    mine = measure(args.repeats)
    theirs = against(args.against.resolve(), args.repeats) if args.against else None
    report(mine, theirs, args.against)


if __name__ == "__main__":
    main()
