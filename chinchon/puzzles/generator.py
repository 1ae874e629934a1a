"""Puzzle generation: positions from played games, kept when they are sound and worth keeping.

Where the positions come from is pluggable: :func:`generate` takes a *position source*, a
function that plays with a profile and yields the positions met on the way
(:data:`PositionSource`). The default, :func:`game_positions`, takes them from whole games of
the game engine among its ``greedy`` and ``expert`` bots (the profile's real reshuffle, first
round and empty-stock rules). :func:`simulated_positions`, a quicker one-hand simulation, is
kept for comparison. The same seed gives the same puzzles.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from chinchon.engine.cards import Card
from chinchon.engine.rules import Rules, get_rules  # noqa: F401  (get_rules: doctests)
from chinchon.engine.solver import analyze, fewest_loose_points
from chinchon.game import positions as played
from chinchon.game.actions import STOCK
from chinchon.puzzles.criteria import (
    Solution,
    difficulty_of,
    dull_reason,
    rejected_before_drawing,
    solve,
    themes_of,
)
from chinchon.puzzles.model import CRITERIA, Puzzle, PuzzleError


@dataclass(frozen=True)
class Position:
    """A moment of a played hand: the cards held by the player to move (seven before drawing,
    eight after a draw from the stock), the top of the pile (None when the pile is empty,
    after a reshuffle of all of it), the cards seen below it, and the card just drawn (None
    before the draw)."""

    hand: tuple[Card, ...]
    top: Card | None
    seen: tuple[Card, ...]
    drawn: Card | None


#: Plays with ``rules`` and ``rng`` and yields the positions met, in order.
PositionSource = Callable[[Rules, random.Random], Iterator[Position]]
#: The game engine's bots that sit at the tables :func:`game_positions` plays.
GAME_BOTS = ("greedy", "expert")
#: Positions :func:`generate` tries from each game: a whole game holds a few hundred, and
#: playing it (the expert bot counts every draw) costs far more than judging them.
PER_PLAY = 40


def _bot_discard(hand: tuple[Card, ...], rules: Rules, rng: random.Random) -> int:
    """The discard leaving the fewest loose points (a random one on a tie)."""
    values = [fewest_loose_points(hand[:i] + hand[i + 1:], rules) for i in range(len(hand))]
    low = min(values)
    return rng.choice([i for i, v in enumerate(values) if v == low])


def table_size(rules: Rules, rng: random.Random) -> int:
    """A number of players the profile seats (up to four; enough for two decks if it has
    them)."""
    low, high = rules.players
    if rules.deck.copies == 2 and rules.two_decks_from:
        low = max(low, rules.two_decks_from)
    return rng.randint(low, max(low, min(high, 4)))


def game_positions(rules: Rules, rng: random.Random) -> Iterator[Position]:
    """The default :data:`PositionSource`: every take-or-draw decision and every discard after
    a draw from the stock in one whole game among :data:`GAME_BOTS` (seats and seed drawn from
    ``rng``), as the deciding seat saw it. A puzzle's answer assumes a normal turn, so the
    positions where the context changes it are left out: ludoteka's first round (no close) and
    a total so near the limit that a close might take the closer over it."""
    names = [rng.choice(GAME_BOTS) for _ in range(table_size(rules, rng))]
    for position in played.game_positions(rules, names, seed=rng.randrange(2**31)):
        if not _normal_turn(position, rules):
            continue
        seen = _without(position.seen, position.top)
        if position.kind == "take":
            yield Position(position.hand, position.top, seen, None)
        elif position.drew_from == STOCK:
            yield Position(position.hand, position.top, seen, position.drawn)


def _normal_turn(position: played.Position, rules: Rules) -> bool:
    if position.first_round and not rules.close_in_first_round:
        return False
    return not rules.close_within_limit or position.total + rules.close_limit <= rules.limit


def _without(cards: tuple[Card, ...], card: Card | None) -> tuple[Card, ...]:
    """``cards`` less its last copy of ``card`` (the top of the pile, shown on its own)."""
    if card is None or card not in cards:
        return cards
    at = len(cards) - 1 - cards[::-1].index(card)
    return cards[:at] + cards[at + 1:]


def simulated_positions(rules: Rules, rng: random.Random) -> Iterator[Position]:
    """A quicker :data:`PositionSource`: :func:`play_positions` at a table of
    :func:`table_size` players."""
    return play_positions(rules, rng, table_size(rules, rng))


def play_positions(rules: Rules, rng: random.Random, players: int) -> Iterator[Position]:
    """Deal one hand and let a fewest-points bot play every seat; yield each position before a
    draw (the hand and the pile) and after it (eight cards). The hand ends at the first close
    (in the first round only where the profile allows it) or when the stock has run out as
    often as the profile ends a hand for it (ludoteka: the 4th time).

    Not modelled (the game engine is, see :func:`game_positions`): barajamos reshuffles the
    whole pile, leaving no face-up card; here the top card stays face up after a reshuffle."""
    stock = list(rules.deck.cards())
    rng.shuffle(stock)
    hands = [stock[i * 7:(i + 1) * 7] for i in range(players)]
    del stock[:players * 7]
    pile = [stock.pop()]
    runs_out = 0
    for turn in range(200):
        seat = turn % players
        hand = tuple(hands[seat])
        if not stock:
            runs_out += 1
            if runs_out == rules.stock_runs_out_end:
                return
            top = pile.pop()
            stock = pile
            rng.shuffle(stock)
            pile = [top]
        top = pile[-1]
        yield Position(hand, top, tuple(pile[:-1]), None)
        current = fewest_loose_points(hand, rules)
        with_top = (*hand, top)
        keep_top = min(fewest_loose_points(with_top[:i] + with_top[i + 1:], rules)
                       for i in range(7))
        took = keep_top < current
        drawn = pile.pop() if took else stock.pop()
        eight = (*hand, drawn)
        if not took:
            yield Position(eight, top, tuple(pile[:-1]), drawn)
        out = _bot_discard(eight, rules, rng)
        kept = eight[:out] + eight[out + 1:]
        hands[seat] = list(kept)
        pile.append(eight[out])
        if analyze(kept, rules, first_round=turn < players).can_close:
            return


def _candidates(position: Position, rules_id: str, options: tuple[tuple[str, int], ...]
                ) -> Iterator[Puzzle]:
    if position.drawn is None:
        if position.top is not None:  # nothing to take from an empty pile
            yield Puzzle("x", rules_id, position.hand, "take", "fewest-points", options,
                         position.top, position.seen)
        return
    seen = position.seen + ((position.top,) if position.top is not None else ())
    for criterion in CRITERIA:
        yield Puzzle("x", rules_id, position.hand, "discard", criterion, options, None, seen)


def trivial(solution: Solution) -> bool:
    """Sound but not worth keeping (see :func:`chinchon.puzzles.criteria.dull_reason`)."""
    return dull_reason(solution) is not None


def puzzle_rules(rules: Rules) -> tuple[str, tuple[tuple[str, int], ...]]:
    """How a puzzle names its rules: the profile id and its deck options, or for house rules
    the house code (as the rules id) and no options.

    >>> puzzle_rules(get_rules("ludoteka", jokers=2))
    ('ludoteka', (('jokers', 2),))
    >>> puzzle_rules(get_rules("barajamos+limit=100"))
    ('barajamos+limit=100', ())
    """
    options = rules.profile_options()
    if options is None:
        return rules.code(), ()
    return rules.id, tuple(sorted(options.items()))


def generate(rules: Rules, count: int, seed: int = 0, *, prefix: str | None = None,
             take_share: float = 0.12, source: PositionSource = game_positions,
             per_play: int = PER_PLAY) -> list[Puzzle]:
    """``count`` sound puzzles worth keeping, from the games ``source`` plays (``per_play``
    positions of each, drawn at random): half per criterion (about ``take_share`` of them take
    questions), the same for the same seed."""
    rng = random.Random(f"{rules!r}-{seed}")
    rules_id, options = puzzle_rules(rules)
    prefix = prefix or "-".join([re.sub(r"[^a-z0-9]+", "-", rules_id).strip("-"),
                                 *(f"{k}{v}" for k, v in options)])
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
        positions = list(source(rules, rng))
        rng.shuffle(positions)
        for position in positions[:per_play]:
            for candidate in _candidates(position, rules_id, options):
                kind = "take" if candidate.question == "take" else candidate.criterion
                signature = (candidate.question, *sorted(c.code() for c in candidate.hand))
                if (wanted[kind] <= 0 or signature in hands_seen
                        or rejected_before_drawing(candidate)):
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

