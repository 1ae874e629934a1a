"""The command line's batch mode agrees with the brute-force reference on 10,000 hands per
profile and option: random, dense (3-4 adjacent numbers across the suits) and run hands (one
suit's window, jokers sprinkled), seven or eight cards, fixed seeds.

The reference runs on two processes; the whole file takes a minute or two.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from multiprocessing import Pool
from multiprocessing.pool import Pool as Workers
from pathlib import Path

import pytest

from chinchon.engine.cards import Card, parse_hand
from chinchon.engine.rules import Rules
from harness.reference import (
    Table,
    discards_problems,
    hand_problems,
    solve,
    solve_discards,
    table_of,
)
from tests.unit.test_rules import COMBOS

ROOT = Path(__file__).resolve().parents[2]
HANDS = 10_000


def deal(rng: random.Random, rules: Rules, cards: list[Card], size: int) -> list[Card]:
    """One hand from ``cards`` (the deck): a third random, a third dense, a third from one
    suit's window."""
    ranks = rules.deck.ranks
    pool = cards
    kind = rng.randrange(3)
    if kind == 1:
        width = rng.choice((3, 4))
        start = rng.randrange(len(ranks) - width + 1)
        pool = [c for c in cards if c.is_joker or c.rank in ranks[start:start + width]]
    elif kind == 2:
        suit = rng.choice("oceb")
        start = rng.randrange(len(ranks) - 6)
        window = ranks[max(0, start - 1):start + 8]
        pool = [c for c in cards if c.is_joker or (c.suit == suit and c.rank in window)]
        pool += rng.sample([c for c in cards if c.suit not in (suit, "")], 3)
    return rng.sample(pool, size)


def deals(rules: Rules, seed: int, count: int = HANDS) -> list[str]:
    rng = random.Random(seed)
    cards = list(rules.deck.cards())
    return [" ".join(c.code() for c in deal(rng, rules, cards, rng.choice((7, 8))))
            for _ in range(count)]


def cli_args(rules: Rules) -> list[str]:
    args = ["--rules", rules.id]
    for key, value in rules.options.items():
        args += [f"--{key}", str(value)]
    return args


def _check(job: tuple[Table, list[tuple[str, str]]]) -> list[str]:
    table, pairs = job
    found = []
    for text, line in pairs:
        cards = parse_hand(text)
        answer = json.loads(line)
        if "error" in answer:
            problems = [f"error {answer['error']}"]
        elif len(cards) == 7:
            problems = hand_problems(cards, answer, solve(cards, table), table)
        else:
            problems = discards_problems(cards, answer, solve_discards(cards, table), table)
        found += [f"{text}: {problem}" for problem in problems]
    return found


@pytest.fixture(scope="module")
def pool() -> Iterator[Workers]:
    with Pool(2) as workers:
        yield workers


def _chunks(pairs: list[tuple[str, str]], size: int) -> Iterator[list[tuple[str, str]]]:
    for start in range(0, len(pairs), size):
        yield pairs[start:start + size]


@pytest.mark.slow
@pytest.mark.parametrize("rules", COMBOS, ids=repr)
def test_batch_agrees_with_reference(rules: Rules, pool: Workers) -> None:
    hands = deals(rules, seed=COMBOS.index(rules))
    done = subprocess.run([sys.executable, "-m", "chinchon", "analyze", *cli_args(rules)],
                          input="\n".join(hands) + "\n", capture_output=True, text=True,
                          cwd=ROOT, timeout=600)
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) == len(hands)
    jobs = [(table_of(rules), chunk) for chunk in _chunks(list(zip(hands, lines, strict=True)), 500)]
    problems = [problem for found in pool.map(_check, jobs) for problem in found]
    assert problems[:10] == []


def test_deals_are_legal_and_mixed() -> None:
    for rules in COMBOS:
        hands = [parse_hand(text) for text in deals(rules, seed=0, count=300)]
        for cards in hands:
            rules.deck.check_hand(cards, sizes=(7, 8))
        assert {len(cards) for cards in hands} == {7, 8}
