"""Lay-offs: ``chinchon.engine.layoffs.resolve`` next to the brute-force reference of ``tests/``.

The same random (closer, opponent) pairs per profile, built so that lay-offs are likely; the
reference only computes the opponent's fewest loose points, the library the whole end of hand.
Run ``python -m benchmarks.bench_layoffs``.
"""

from __future__ import annotations

import random
import time

from chinchon.engine.cards import Card
from chinchon.engine.layoffs import resolve
from chinchon.engine.rules import all_profiles
from harness.reference_layoffs import fewest_loose_points, random_pair

PAIRS = 1000


def main() -> None:
    print(f"lay-offs: {PAIRS} random (closer, opponent) pairs per profile, one process")
    print(f"{'profile':<16}{'library/s':>12}{'reference/s':>14}{'ratio':>8}")
    for rules in all_profiles():
        rng = random.Random(7)
        pairs = [random_pair(rng, rules) for _ in range(PAIRS)]
        start = time.perf_counter()
        ends = [resolve(closer, [opponent], rules) for closer, opponent in pairs]
        library = time.perf_counter() - start
        tables: list[tuple[tuple[Card, ...], tuple]] = [
            (opponent, end.close.arrangement.melds if end.close and end.close.arrangement.loose
             else ()) for (_, opponent), end in zip(pairs, ends, strict=True)]
        start = time.perf_counter()
        for opponent, table in tables:
            fewest_loose_points(opponent, table, rules)
        reference = time.perf_counter() - start
        print(f"{rules.id:<16}{PAIRS / library:>12,.0f}{PAIRS / reference:>14,.0f}"
              f"{reference / library:>8.2f}")


if __name__ == "__main__":
    main()
