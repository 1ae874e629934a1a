"""The ``master`` bot: the expert's exact counts, refined by sampling the hidden cards.

He starts from the expert (:mod:`chinchon.game.expert`): the same take-or-draw, and for the
discard the expert's ranking of the cards by what the seven left are worth one draw ahead (his
rule of thumb for feeding included). Then he reads the table more closely: he draws samples of
the hidden cards (:mod:`chinchon.game.sampling`: the others' hands and the stock, consistent
with the view, weighted by how plausible each opponent's last throw was) and, in each sample,
plays the next player's answer the way a careful player would:

- **Discard**: for each of the expert's best ``CANDIDATES`` cards, would the next player take
  it and close with it? A card he closes with costs ``CLOSE_SHARE`` of ``CLOSE_WEIGHT`` plus
  the loose points the master keeps. He throws the card whose worth minus that weighted average
  cost is highest. (Counted in full, with the few samples of a match's budget, the close cost
  made master lose to expert: docs/benchmarks.md, "Master against expert".)
- **Close or wait**: when the expert would wait for −10 or a chinchón, the samples count the
  chance that an opponent closes before his next turn (taking the master's throw or the
  stock's next card); above ``WAIT_RISK`` he closes now.

Determinism: the generator is seeded from the bot's seed and the view only (never from hidden
state), and the amount of work does not depend on the clock: ``think_ms`` becomes
``round(think_ms × SAMPLES_PER_MS)`` samples (at least ``MIN_SAMPLES``), a calibration
measured on the project's machine (``python -m benchmarks.bench_game`` prints the time a
decision takes). A seed and a view always give the same decision.

>>> from chinchon.game.players import play_game
>>> from chinchon.engine.rules import get_rules
>>> play_game(get_rules("fournier"), ["master", "greedy"], seed=2).is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from chinchon.engine.cards import Card, hand_code
from chinchon.engine.draws import best_of_eight
from chinchon.engine.errors import quote
from chinchon.engine.solver import fewest_loose_points
from chinchon.game.actions import PILE, STOCK, Action, Discard, Draw, Return
from chinchon.game.bots import break_stalemate, wants_return
from chinchon.game.expert import CLOSE_WEIGHT, ExpertBot
from chinchon.game.names import DEFAULT_THINK_MS
from chinchon.game.sampling import Sample, weighted
from chinchon.game.seat_view import View
from chinchon.game.state import Phase
from chinchon.game.waiting import decide

#: The largest budget ``--think`` accepts (a minute).
MAX_THINK_MS = 60_000
#: Samples per millisecond of budget: one sample (its weight and the next player's answer to
#: three candidates, two players) took about 0.6 ms on the project's 2-core machine.
SAMPLES_PER_MS = 1.5
MIN_SAMPLES = 8
#: How many of the expert's best discards the samples compare.
CANDIDATES = 3
#: The share of a sampled close's cost he counts: the expert's worth already holds the
#: opponents' closing in its fitted model, and a match's few samples (30 at 20 ms) estimate it
#: roughly. In full he lost 0.12 points a hand to expert (fournier, deals of seed 5001; 4× the
#: samples: +0.06); at a quarter, +0.02 there (docs/benchmarks.md).
CLOSE_SHARE = 0.25
#: Above this chance that an opponent closes before his next turn, he closes instead of waiting.
WAIT_RISK = 0.2


class ThinkError(ValueError):
    """A budget per decision that is not a whole number of milliseconds in range."""


def check_think(think_ms: object) -> int:
    """``think_ms`` as a budget, or :class:`ThinkError` quoting it."""
    if (isinstance(think_ms, bool) or not isinstance(think_ms, int)
            or not 0 <= think_ms <= MAX_THINK_MS):
        raise ThinkError(f"think must be a whole number of milliseconds from 0 to "
                         f"{MAX_THINK_MS:,}, not {quote(think_ms)}")
    return think_ms


def samples_for(think_ms: int) -> int:
    """The number of samples a budget buys (module docstring)."""
    return max(MIN_SAMPLES, round(check_think(think_ms) * SAMPLES_PER_MS))


class MasterBot:
    """The expert refined by sampled hidden cards (module docstring)."""

    name = "master"

    def __init__(self, seed: int | str = 0, *, think_ms: int = DEFAULT_THINK_MS) -> None:
        self.seed = seed
        self.think_ms = check_think(think_ms)
        self.samples = samples_for(think_ms)
        self.expert = ExpertBot(seed)

    def __repr__(self) -> str:
        return f"MasterBot({self.seed!r}, think_ms={self.think_ms})"

    def choose(self, view: View) -> Action:
        if view.phase is Phase.DRAW:
            return Draw(PILE if self.expert.takes_top(view) else STOCK)
        if view.phase is Phase.DISCARD:
            rng = self.rng(view)
            return break_stalemate(view, rng) or self.discard(view, rng)
        return Return(wants_return(view))

    def rng(self, view: View) -> random.Random:
        """A generator seeded from his seed and what the view shows, nothing hidden."""
        key = "|".join((
            str(self.seed), str(view.seat), str(view.hand_number), str(view.turns),
            view.phase.value, hand_code(view.hand), hand_code(view.pile),
            ",".join(f"{seat}{card.code()}" for seat, card in view.taken),
            ",".join(f"{seat}{card.code()}" for seat, card in view.thrown),
            repr(view.counts), str(view.stock_count), repr(view.totals), str(view.runouts)))
        return random.Random(key)

    def discard(self, view: View, rng: random.Random) -> Discard:
        unseen = view.unseen()
        if any(isinstance(a, Discard) and a.close for a in view.legal):
            decision = decide(view, unseen)
            if not decision.waits:
                return ExpertBot.close(view)
            assert decision.keep is not None
            if self.close_risk(view, decision.keep, weighted(view, rng, self.samples)) > WAIT_RISK:
                return ExpertBot.close(view)
            return Discard(decision.keep)
        ranked = self.expert.ranked(view, unseen)
        top = ranked[:CANDIDATES]
        if len(top) < 2 or not self.next_seat(view):
            return Discard(ranked[0][1])
        samples = weighted(view, rng, self.samples)
        costs = self.feed_costs(view, [card for _, card in top], samples)
        best = max(range(len(top)), key=lambda i: (top[i][0][0] - costs[i], top[i][0][1:]))
        return Discard(top[best][1])

    @staticmethod
    def next_seat(view: View) -> int | None:
        """The next seat still in after him (None when he plays alone)."""
        count = len(view.playing)
        for step in range(1, count):
            seat = (view.seat + step) % count
            if view.playing[seat] and view.counts[seat] is not None:
                return seat
        return None

    def feed_costs(self, view: View, cards: list[Card], samples: list[Sample]) -> list[float]:
        """For each card, the weighted mean cost of throwing it to the next player (module
        docstring)."""
        return [feed.cost for feed in feeding(view, cards, samples)]

    def close_risk(self, view: View, keep: Card, samples: list[Sample]) -> float:
        """The weighted chance that an opponent closes before his next turn when he throws
        ``keep`` (each takes the top when it lowers his loose points, else the stock's next)."""
        rules = view.rules
        count = len(view.playing)
        order = [seat for step in range(1, count)
                 if view.playing[seat := (view.seat + step) % count]]
        risk = total = 0.0
        for found in samples:
            total += found.weight
            top: Card | None = keep
            at = 0
            for seat in order:
                held = found.hands[seat]
                if held is None:
                    continue
                loose, closes = (best_of_eight((*held, top), rules) if top is not None
                                 else (rules.close_limit + 1, False))
                if (top is None or loose >= fewest_loose_points(held, rules)) and at < len(
                        found.stock):
                    loose, closes = best_of_eight((*held, found.stock[at]), rules)
                    at += 1
                if closes:
                    risk += found.weight
                    break
                top = None  # what he throws is not modelled: the next one draws
        return risk / total if total else 0.0


@dataclass(frozen=True)
class Feed:
    """What throwing one card does for the next player, over the samples (weighted): the
    chance he takes it (it lowers his loose points), the chance he closes with it, and what
    that costs the thrower in the expert's points (module docstring)."""

    card: Card
    takes: float
    closes: float
    cost: float


def feeding(view: View, cards: Sequence[Card], samples: Sequence[Sample]) -> list[Feed]:
    """For each of ``cards`` (held in ``view``'s DISCARD phase), what the next player would do
    with it in the samples."""
    rules = view.rules
    after = MasterBot.next_seat(view)
    first_round = view.turns + 1 < len(view.in_game) and not rules.close_in_first_round
    kept_points = [fewest_loose_points(_without(view.hand, card), rules) for card in cards]
    takes, closes, costs = [0.0] * len(cards), [0.0] * len(cards), [0.0] * len(cards)
    total = 0.0
    for found in samples:
        held = found.hands[after] if after is not None else None
        if held is None or found.weight == 0:
            continue
        total += found.weight
        now = fewest_loose_points(held, rules)
        for i, card in enumerate(cards):
            loose, closing = best_of_eight((*held, card), rules)
            if loose >= now:
                continue  # he leaves it
            takes[i] += found.weight
            if closing and not first_round:
                closes[i] += found.weight
                costs[i] += found.weight * CLOSE_SHARE * (CLOSE_WEIGHT + kept_points[i])
    scale = 1 / total if total else 0.0
    return [Feed(card, takes[i] * scale, closes[i] * scale, costs[i] * scale)
            for i, card in enumerate(cards)]


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]

