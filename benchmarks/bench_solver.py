"""The solver's throughput next to the brute-force reference of the tests, per profile.

For each profile (default options), on the same fixed-seed random hands: 7-card hands/s of
:func:`~chinchon.engine.solver.fewest_loose_points` and of the full
:func:`~chinchon.engine.solver.analyze`, 8-card :func:`~chinchon.engine.solver.analyze_discards`
calls a second, and the reference (``harness/reference.py``) on the first of the same
hands, with the ratios (the answers are checked equal on those hands).
Then the command line's batch mode: ``python -m chinchon analyze`` over a file of 100,000 hands
with its full JSON output, interpreter start included, as a ratio to the reference's rate (in
process, fewest loose points only) measured earlier in the same run.
Rates count CPU time (the best of three runs in process): the machine is shared, and wall time
measures the neighbours. The command line's wall-time rate is printed beside its CPU rate.

Targets (issue 2): fewest loose points >= 250,000 hands/s; batch command line >= 50,000 hands/s.
Run ``python -m benchmarks.bench_solver`` (or ``make bench``).
"""

from __future__ import annotations

import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from chinchon.engine.cards import Card, hand_code
from chinchon.engine.rules import Rules, all_profiles, get_rules
from chinchon.engine.solver import analyze, analyze_discards, fewest_loose_points
from harness import reference

ROOT = Path(__file__).resolve().parents[1]

SEVEN = 100_000
ANALYZE = 30_000
EIGHT = 5_000
REFERENCE_SEVEN = 2_000
REFERENCE_EIGHT = 300
CLI_HANDS = 100_000
OTHER_OPTIONS = (get_rules("barajamos", decks=2), get_rules("jeux-de-cartes", decks=2),
                 get_rules("ludoteka", deck=48), get_rules("ludoteka", jokers=2),
                 get_rules("ludoteka", deck=48, jokers=2))
TARGET_FEWEST = 250_000
TARGET_CLI = 50_000


def deal(rules: Rules, count: int, size: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    cards = list(rules.deck.cards())
    return [tuple(rng.sample(cards, size)) for _ in range(count)]


def rate(work: Callable[[], object], count: int, repeats: int = 3) -> float:
    """Items per CPU second, the best of ``repeats`` runs."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return count / best


def each(solve: Callable[..., object], hands: Sequence[object], *args: object) -> None:
    """Solve every hand, keeping no answer (a list of them would time the garbage collector)."""
    for hand in hands:
        solve(hand, *args)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cli_rate(rules: Rules, hands: Sequence[tuple[Card, ...]]) -> tuple[float, float]:
    """Hands per CPU second and per wall second of ``python -m chinchon analyze`` in batch
    mode, its full JSON written to a file."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "hands.txt"
        source.write_text("".join(hand_code(hand) + "\n" for hand in hands))
        with source.open() as stdin, (Path(folder) / "out.jsonl").open("w") as stdout:
            cpu, wall = _children_cpu(), time.perf_counter()
            subprocess.run([sys.executable, "-m", "chinchon", "analyze", "--rules", rules.id],
                           stdin=stdin, stdout=stdout, check=True, cwd=ROOT)
            cpu, wall = _children_cpu() - cpu, time.perf_counter() - wall
        with (Path(folder) / "out.jsonl").open() as answers:
            lines = sum(1 for _ in answers)
    if lines != len(hands):
        raise SystemExit(f"the command line answered {lines} lines for {len(hands)} hands")
    return len(hands) / cpu, len(hands) / wall


def check_equal(rules: Rules, sevens: Sequence[tuple[Card, ...]],
                eights: Sequence[tuple[Card, ...]]) -> None:
    """The figures mean nothing unless both sides give the same answers."""
    table = reference.table_of(rules)
    for hand in sevens:
        if fewest_loose_points(hand, rules) != reference.solve(hand, table).fewest:
            raise SystemExit(f"{rules.id}: solver and reference differ on {hand_code(hand)}")
    for hand in eights:
        rows = analyze_discards(hand, rules).rows
        solutions = reference.solve_discards(hand, table)
        if [row.loose_points for row in rows] != [s.fewest for s in solutions]:
            raise SystemExit(f"{rules.id}: solver and reference differ on {hand_code(hand)}")


def bench_profile(rules: Rules, seed: int, scale: int = 1) -> tuple[float, float]:
    """Print the rates for one profile; ``scale`` divides the number of hands timed. Returns
    the fewest-loose-points rate and the reference's, on the same hands."""
    sevens = deal(rules, SEVEN // scale, 7, seed)
    eights = deal(rules, EIGHT // scale, 8, seed + 100)
    table = reference.table_of(rules)
    ref_sevens, ref_eights = sevens[:REFERENCE_SEVEN], eights[:REFERENCE_EIGHT]
    check_equal(rules, ref_sevens, ref_eights)
    fewest_loose_points(sevens[0], rules)  # build the tables outside the timing

    some = sevens[:ANALYZE // scale]
    fewest = rate(lambda: each(fewest_loose_points, sevens, rules), len(sevens))
    full = rate(lambda: each(analyze, some, rules), len(some))
    tables = rate(lambda: each(analyze_discards, eights, rules), len(eights))
    reference.is_meld.cache_clear()  # check_equal has just seen these hands
    ref_seven = rate(lambda: each(reference.solve, ref_sevens, table), len(ref_sevens), repeats=1)
    ref_eight = rate(lambda: each(reference.solve_discards, ref_eights, table), len(ref_eights),
                     repeats=1)

    label = " ".join([rules.id, *(f"{key}={value}" for key, value in rules.options.items())])
    print(f"{label}\n{'':15} fewest loose points {fewest:>10,.0f} hands/s  "
          f"x{fewest / ref_seven:,.0f} the reference")
    print(f"{'':15} analyze            {full:>10,.0f} hands/s  x{full / ref_seven:,.0f}")
    print(f"{'':15} analyze_discards      {tables:>10,.0f} tables/s x{tables / ref_eight:,.0f}")
    print(f"{'':15} reference          {ref_seven:>10,.0f} hands/s, {ref_eight:,.0f} tables/s",
          flush=True)
    return fewest, ref_seven


def main() -> None:
    print(f"Random hands, default options, one process; fixed seeds. Reference: "
          f"{REFERENCE_SEVEN:,} 7-card and {REFERENCE_EIGHT:,} 8-card hands (answers equal).")
    lowest = float("inf")
    reference_rates = {}
    for seed, rules in enumerate(all_profiles()):
        fewest, reference_rates[rules.id] = bench_profile(rules, seed)
        lowest = min(lowest, fewest)
    print(f"fewest loose points, slowest profile: {lowest:,.0f} hands/s "
          f"(target {TARGET_FEWEST:,}: {'met' if lowest >= TARGET_FEWEST else 'MISSED'})")
    print("\nThe other options (two decks, 48 cards, jokers), a tenth of the hands:")
    for seed, rules in enumerate(OTHER_OPTIONS):
        bench_profile(rules, seed, scale=10)
    print(f"\nCommand line batch mode, {CLI_HANDS:,} random hands, full JSON to a file "
          f"(interpreter start included):")
    slowest = float("inf")
    for seed, rules in enumerate(all_profiles()):
        hands = deal(rules, CLI_HANDS, 7, seed)
        per_second, per_wall_second = cli_rate(rules, hands)
        slowest = min(slowest, per_second)
        print(f"{rules.id:15} {per_second:>10,.0f} hands/s  "
              f"x{per_second / reference_rates[rules.id]:,.0f} the reference in process  "
              f"({per_wall_second:,.0f} by the wall clock)", flush=True)
    print(f"batch command line, slowest profile: {slowest:,.0f} hands/s "
          f"(target {TARGET_CLI:,}: {'met' if slowest >= TARGET_CLI else 'MISSED'})")


if __name__ == "__main__":
    main()
