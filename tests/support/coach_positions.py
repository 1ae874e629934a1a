"""Seeded coach positions (random hands of every profile and deck option) and every grade of
them, written once by the coach before its discard evaluation moved into the engine
(``chinchon.engine.draws.discard_odds``): ``tests/data/coach_grades.json`` is the record that
``tests/unit/test_coach.py`` compares the coach with.

``python -m tests.support.coach_positions > tests/data/coach_grades.json`` rewrites it (only when a
grade is meant to change).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator

from chinchon.engine.rules import get_rules
from chinchon.views import coach

TABLES = (("barajamos", {}), ("fournier", {}), ("jeux-de-cartes", {}), ("ludoteka", {}),
          ("barajamos", {"decks": 2}), ("ludoteka", {"jokers": 2}), ("ludoteka", {"deck": 48}))
PER_TABLE = 30


def positions() -> Iterator[tuple[str, coach.Position]]:
    """``(label, position)``: per table, seeded seven-card (with a top) and eight-card hands."""
    for rules_id, options in TABLES:
        rules = get_rules(rules_id, **options)
        for k in range(PER_TABLE):
            rng = random.Random(f"{rules_id}:{sorted(options.items())}:{k}")
            cards = list(rules.deck.cards())
            rng.shuffle(cards)
            seen = tuple(cards[8:8 + rng.randrange(0, 6)])
            if k % 3 == 0:
                spot = coach.Position(rules, tuple(cards[:7]), top=cards[7], seen=seen)
            else:
                spot = coach.Position(rules, tuple(cards[:8]), seen=seen)
            yield f"{rules_id}{''.join(f' {n}={v}' for n, v in options.items())}#{k}", spot


def grades() -> dict[str, dict[str, str]]:
    """Every move's grade and reason per position label."""
    found: dict[str, dict[str, str]] = {}
    for label, spot in positions():
        found[label] = {e.move.label(): f"{(v := coach.grade(spot, e.move)).grade} {v.reason}"
                        for e in coach.evaluate(spot)}
    return found


if __name__ == "__main__":
    json.dump(grades(), sys.stdout, indent=0, sort_keys=True)
    sys.stdout.write("\n")
