"""Odds: the exact enumeration of every dealt hand, and the batch look-ups.

First the wall time of :func:`chinchon.engine.odds.enumerate_odds` per shipped profile and deck, in one
process and in two (targets: 40 cards under 20 s, 48 cards under 60 s); then the batch look-up
rate of :func:`chinchon.engine.odds.loose_points_of_masks` on a million random 7-card hands, next to the
plain solver (:func:`chinchon.engine.solver.fewest_loose_points`, one hand at a time) on the first of
the same hands, with the ratio (the answers are checked equal). Between them, house profiles
counted live (one deck, no jokers) and those that are not counted, with the reason and the
number of seven-card hands (:func:`chinchon.engine.odds.uncounted`).
Run ``python -m benchmarks.bench_odds`` (``--only-40`` skips the 48-card decks).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from functools import partial

import numpy as np

from chinchon.engine.cards import Card
from chinchon.engine.odds import (
    SHIPPED,
    enumerate_odds,
    loose_points_of_masks,
    shipped_odds,
    uncounted,
)
from chinchon.engine.rules import Rules, get_rules
from chinchon.engine.solver import fewest_loose_points

HOUSE_COUNTED = ("fournier+figures=10-10-10", "barajamos+figures=8-9-10+deck=40",
                 "ludoteka+seven-ten=no")
HOUSE_UNCOUNTED = ("barajamos+decks=2", "jeux-de-cartes+decks=2", "ludoteka+jokers=2",
                   "barajamos+jokers=ace-of-oros")
BATCH_HANDS = 1_000_000
SOLVER_HANDS = 50_000


def _rules(rules_id: str, deck: int) -> Rules:
    return get_rules(rules_id, deck=deck) if rules_id == "ludoteka" else get_rules(rules_id)


def _seconds(run: Callable[[], object]) -> float:
    """Best of three wall times of ``run()``."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def random_masks(rules: Rules, count: int, seed: int = 0) -> tuple[np.ndarray, list[Card]]:
    """``count`` random 7-card hands of the deck as masks, and the deck's cards in mask order."""
    cards = list(rules.deck.distinct_cards())
    bits = np.array([card.bit for card in cards], dtype=np.int64)
    rng = np.random.default_rng(seed)
    parts = []
    for start in range(0, count, 100_000):
        rows = min(100_000, count - start)
        chosen = np.argsort(rng.random((rows, len(cards))), axis=1)[:, :7]
        parts.append(np.bitwise_or.reduce(bits[chosen], axis=1))
    return np.concatenate(parts), cards


def _hand_of(mask: int, cards: list[Card]) -> tuple[Card, ...]:
    return tuple(card for card in cards if card.bit & mask)


def main() -> None:
    only_40 = "--only-40" in sys.argv[1:]
    print("odds: exact enumeration of every 7-card hand (wall time, best of 3)")
    print(f"{'profile':<16}{'deck':>5}{'hands':>13}{'1 process':>12}{'2 processes':>13}"
          f"{'target':>8}")
    for rules_id, deck in SHIPPED:
        if only_40 and deck != 40:
            continue
        rules = _rules(rules_id, deck)
        odds = enumerate_odds(rules)
        assert odds == shipped_odds(rules), f"{rules_id} {deck}: differs from the shipped file"
        one = _seconds(partial(enumerate_odds, rules))
        two = _seconds(partial(enumerate_odds, rules, workers=2))
        target = 20 if deck == 40 else 60
        print(f"{rules_id:<16}{deck:>5}{odds.hands:>13,}{one:>11.2f}s{two:>12.2f}s{target:>7}s")

    print("\nhouse rules: counted live on the Odds page (one deck, no jokers), wall time, best "
          "of 3; profiles not counted, and why")
    for code in HOUSE_COUNTED:
        rules = get_rules(code)
        odds = enumerate_odds(rules)
        print(f"{code:<44}{odds.hands:>13,}{_seconds(partial(enumerate_odds, rules)):>11.2f}s")
    for code in HOUSE_UNCOUNTED:
        found = uncounted(get_rules(code))
        assert found is not None, code
        print(f"{code:<44}{found[1]:>15,} hands: not counted ({found[0]})")

    print(f"\nbatch look-ups: fewest loose points of {BATCH_HANDS:,} random 7-card hands; "
          f"the plain solver on the first {SOLVER_HANDS:,} (one process)")
    print(f"{'profile':<16}{'deck':>5}{'batch hands/s':>15}{'solver hands/s':>16}{'ratio':>8}")
    for rules_id, deck in (("fournier", 40), ("barajamos", 48)):
        rules = _rules(rules_id, deck)
        masks, cards = random_masks(rules, BATCH_HANDS)
        batch = _seconds(partial(loose_points_of_masks, masks, rules))
        hands = [_hand_of(int(mask), cards) for mask in masks[:SOLVER_HANDS]]
        start = time.perf_counter()
        plain = [fewest_loose_points(hand, rules) for hand in hands]
        solver = time.perf_counter() - start
        assert plain == loose_points_of_masks(masks[:SOLVER_HANDS], rules).tolist()
        batch_rate, solver_rate = BATCH_HANDS / batch, SOLVER_HANDS / solver
        print(f"{rules_id:<16}{deck:>5}{batch_rate:>15,.0f}{solver_rate:>16,.0f}"
              f"{batch_rate / solver_rate:>8.0f}")


if __name__ == "__main__":
    main()
