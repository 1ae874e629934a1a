"""Puzzle generation: positions from played hands, kept when they are valid and teach something.

The same seed gives the same puzzles.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

from chinchon.engine.cards import Card
from chinchon.engine.rules import Rules
from chinchon.engine.solver import Outcome, analyze, fewest_loose_points
from chinchon.puzzles.criteria import (
    Solution,
    difficulty_of,
    naive_is_right,
    solve,
    themes_of,
)
from chinchon.puzzles.model import CRITERIA, Puzzle, PuzzleError


@dataclass(frozen=True)
class _Position:
    hand: tuple[Card, ...]
    top: Card
    seen: tuple[Card, ...]
    drawn: Card | None


def _bot_discard(hand: tuple[Card, ...], rules: Rules, rng: random.Random) -> int:
    """The discard leaving the fewest loose points (a random one on a tie)."""
    values = [fewest_loose_points(hand[:i] + hand[i + 1:], rules) for i in range(len(hand))]
    low = min(values)
    return rng.choice([i for i, v in enumerate(values) if v == low])


def play_positions(rules: Rules, rng: random.Random, players: int) -> Iterator[_Position]:
    """Deal one hand and let a fair bot play every seat; yield each position before a draw
    (the hand and the pile) and after it (eight cards). The hand ends at the first close."""
    stock = list(rules.deck.cards())
    rng.shuffle(stock)
    hands = [stock[i * 7:(i + 1) * 7] for i in range(players)]
    del stock[:players * 7]
    pile = [stock.pop()]
    for turn in range(200):
        seat = turn % players
        hand = tuple(hands[seat])
        if not stock:
            top = pile.pop()
            stock = pile
            rng.shuffle(stock)
            pile = [top]
        top = pile[-1]
        yield _Position(hand, top, tuple(pile[:-1]), None)
        current = fewest_loose_points(hand, rules)
        with_top = (*hand, top)
        keep_top = min(fewest_loose_points(with_top[:i] + with_top[i + 1:], rules)
                       for i in range(7))
        took = keep_top < current
        drawn = pile.pop() if took else stock.pop()
        eight = (*hand, drawn)
        if not took:
            yield _Position(eight, top, tuple(pile[:-1]), drawn)
        out = _bot_discard(eight, rules, rng)
        kept = eight[:out] + eight[out + 1:]
        hands[seat] = list(kept)
        pile.append(eight[out])
        if turn >= players and analyze(kept, rules).can_close:
            return


def _candidates(position: _Position, rules_id: str, options: tuple[tuple[str, int], ...]
                ) -> Iterator[Puzzle]:
    if position.drawn is None:
        yield Puzzle("x", rules_id, position.hand, "take", "fewest-points", options,
                     position.top, position.seen)
        return
    seen = (*position.seen, position.top)
    for criterion in CRITERIA:
        yield Puzzle("x", rules_id, position.hand, "discard", criterion, options, None, seen)


def trivial(solution: Solution) -> bool:
    """Too easy to teach anything: a forced close (every discard but one closes), or a naive
    player is right and the answer is a loose figure (for a take question: and no close)."""
    puzzle = solution.puzzle
    if not naive_is_right(solution):
        return False
    if puzzle.question == "take":  # useless top card, or the card that obviously melds
        return solution.best.outcome is Outcome.CANNOT_CLOSE
    closing = sum(o.outcome is not Outcome.CANNOT_CLOSE for o in solution.options)
    if closing >= len(solution.options) - 1:
        return True
    return any(Card.parse(move).is_figure for move in solution.answers)


def generate(rules: Rules, count: int, seed: int = 0, *, prefix: str | None = None,
             take_share: float = 0.12) -> list[Puzzle]:
    """``count`` valid, non-trivial puzzles from bot games, half per criterion (about
    ``take_share`` of them take questions), the same for the same seed."""
    rng = random.Random(f"{rules!r}-{seed}")
    options = tuple(sorted(rules.options.items()))
    prefix = prefix or "-".join([rules.id, *(f"{k}{v}" for k, v in options)])
    low, high = rules.players
    if rules.deck.copies == 2 and rules.two_decks_from:
        low = max(low, rules.two_decks_from)
    wanted_take = round(count * take_share)
    wanted = {"take": wanted_take,
              "close-chance": (count - wanted_take) // 2,
              "fewest-points": count - wanted_take - (count - wanted_take) // 2}
    found: list[Puzzle] = []
    hands_seen: set[tuple[str, ...]] = set()
    games = 0
    while len(found) < count:
        games += 1
        if games > 200 * count + 1000:
            raise PuzzleError(f"found only {len(found)} puzzles for {rules!r}; ask for fewer")
        players = rng.randint(low, max(low, min(high, 4)))
        positions = list(play_positions(rules, rng, players))
        rng.shuffle(positions)
        for position in positions[:6]:
            for candidate in _candidates(position, rules.id, options):
                kind = "take" if candidate.question == "take" else candidate.criterion
                signature = (candidate.question, *sorted(c.code() for c in candidate.hand))
                if wanted[kind] <= 0 or signature in hands_seen:
                    continue
                solution = solve(candidate)
                if solution.problem() is not None or trivial(solution):
                    continue
                hands_seen.add(signature)
                wanted[kind] -= 1
                found.append(replace(candidate, themes=themes_of(solution),
                                     difficulty=difficulty_of(solution),
                                     answer=solution.answers))
                break
    found.sort(key=lambda p: (p.question == "take", p.criterion, [c.code() for c in p.hand]))
    rng.shuffle(found)
    return [replace(p, id=f"{prefix}-{n:03d}") for n, p in enumerate(found, start=1)]

