"""The ``master`` bot: the race to close, read from samples of the hidden cards.

The expert (:mod:`chinchon.game.expert`) values seven kept cards one draw ahead, with a fixed
price on a close (``CLOSE_WEIGHT`` points an opponent) and every opponent as likely to hold any
card. The master reads the table: he draws samples of the hidden cards with
:func:`chinchon.game.sampling.likely` (the others' hands and the stock, consistent with the
view, weighted by how plausible each opponent's last throw was and by the loose points players
hold at this stage of a hand) and values a hand as a race:

- **Before his next turn**, in each sample, each opponent in turn takes the top card when it
  lowers his loose points (else draws the stock's next card), closes if he can, else throws the
  card that leaves him the fewest. Over the samples that gives the chance ``q`` that somebody
  closes first, which makes the master pay the loose points he kept, and what the opponents
  hold when nobody does (``gain``: what a close of his makes them pay).
- **His own next two draws** are counted exactly over the unseen cards (:func:`lookahead`):
  a draw that lets him close wins ``gain``; otherwise he throws the best of his
  ``AFTER_DRAW`` cheapest cards, and the seven kept are worth a close one draw later (at the
  opponents' points a round later, shrunk as :func:`chinchon.game.waiting.opponent_points`)
  against the points he holds, both weighed by the chance ``q`` of being caught first.

- **Discard**: of the expert's ``CANDIDATES`` best cards (his ranking without the feeding
  rule: the samples count feeding), the ``SHORTLIST`` best one draw ahead in the race are
  valued two draws ahead, ``(1 − q) × lookahead − q × loose points kept``, with ``q`` read for
  that very card (the next player may take it and close); he throws the best.
- **Take or draw**: the pile's top when it lets him close (and a draw might not), or when the
  best seven he keeps with it are worth more than what the next draw gives, each as above. A
  top card that melds with none of his (:func:`partners`) only changes his points: the
  expert's rule decides it, without the look-ahead.
- **Close or wait**: when the expert would wait for −10 or a chinchón, the samples count the
  chance that an opponent closes before his next turn (taking the master's throw or the
  stock's next card); above ``WAIT_RISK`` he closes now.

Measured against expert in duplicate matches, with the variants tried: docs/benchmarks.md,
"Master reads the race".

Determinism: the generator is seeded from the bot's seed and the view only (never from hidden
state), and the amount of work does not depend on the clock: ``think_ms`` becomes
``round(think_ms × SAMPLES_PER_MS)`` samples (at least ``MIN_SAMPLES``), a calibration
measured on the project's machine; the look-ahead's exact counts come on top, whatever the
budget (``python -m benchmarks.bench_game`` prints the time a decision takes). A seed and a
view always give the same decision.

>>> from chinchon.game.players import play_game
>>> from chinchon.engine.rules import get_rules
>>> play_game(get_rules("fournier"), ["master", "greedy"], seed=2).is_over
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from chinchon.engine.cards import Card, hand_code
from chinchon.engine.draws import best_of_eight, discard_leaves, draw_odds_unchecked
from chinchon.engine.errors import quote
from chinchon.engine.melds import find_meld
from chinchon.engine.rules import Rules
from chinchon.engine.solver import fewest_loose_points
from chinchon.game.actions import PILE, STOCK, Action, Discard, Draw, Return
from chinchon.game.bots import break_stalemate, cheapest_throw, wants_return
from chinchon.game.expert import ExpertBot, top_kept
from chinchon.game.names import DEFAULT_THINK_MS
from chinchon.game.sampling import Sample, likely
from chinchon.game.seat_view import View
from chinchon.game.state import Phase
from chinchon.game.waiting import decide, opponent_points

#: The largest budget ``--think`` accepts (a minute).
MAX_THINK_MS = 60_000
#: Samples per millisecond of budget (module docstring, "Determinism").
SAMPLES_PER_MS = 1.5
MIN_SAMPLES = 8
#: How many of the expert's best discards the race compares.
CANDIDATES = 4
#: How many of those, the best one draw ahead in the race, are looked at two draws ahead.
SHORTLIST = 2
#: After each draw of the look-ahead, how many of the cheapest throws are valued.
AFTER_DRAW = 1
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
    """The race to close, read from sampled hidden cards (module docstring)."""

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
            return Draw(PILE if self.takes_top(view) else STOCK)
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

    def sampled(self, view: View, rng: random.Random) -> list[Sample]:
        """His samples of the hidden cards for one decision."""
        return likely(view, rng, self.samples)

    def takes_top(self, view: View) -> bool:
        """Take the pile's top or draw (module docstring)."""
        top = view.top
        if top is None:
            return False
        rules, hand = view.rules, view.hand
        unseen = view.unseen()
        loose, closes = top_kept(view, top)
        if closes and draw_odds_unchecked(hand, unseen, rules).close_chance < 1:
            return True
        if next_seat(view) is None or not (closes or partners(top, rules) & set(hand)):
            return self.expert.takes_top(view)  # a card that melds with none of his: points
        found = race(view, [None], self.sampled(view, self.rng(view)))
        if closes:
            return found.gain - loose > lookahead(hand, unseen, rules, found)
        eight = (*hand, top)
        leaves = discard_leaves(eight, rules)
        kept = max(found.kept_worth(eight[:j] + eight[j + 1:], leaves[j], unseen, rules)
                   for j in cheapest(leaves[:-1], AFTER_DRAW))  # not the top back
        return kept > lookahead(hand, unseen, rules, found)

    def discard(self, view: View, rng: random.Random) -> Discard:
        unseen = view.unseen()
        if any(isinstance(a, Discard) and a.close for a in view.legal):
            decision = decide(view, unseen)
            if not decision.waits:
                return ExpertBot.close(view)
            assert decision.keep is not None
            if self.close_risk(view, decision.keep, self.sampled(view, rng)) > WAIT_RISK:
                return ExpertBot.close(view)
            return Discard(decision.keep)
        ranked = self.expert.ranked(view, unseen, feeding=False)
        top = ranked[:CANDIDATES]
        if len(top) < 2 or next_seat(view) is None:
            return Discard(ranked[0][1])
        cards = [card for _, card in top]
        values = self.values(view, cards, unseen, self.sampled(view, rng))
        best = max(range(len(top)), key=lambda i: (values[i], top[i][0][1:]))
        return Discard(top[best][1])

    @staticmethod
    def values(view: View, cards: Sequence[Card], unseen: Mapping[Card, int],
               samples: Sequence[Sample]) -> list[float]:
        """What keeping the seven left after throwing each of ``cards`` is worth in the race
        (module docstring), in points of this hand."""
        rules = view.rules
        found = race(view, cards, samples)
        kept = [_without(view.hand, card) for card in cards]
        points = [fewest_loose_points(seven, rules) for seven in kept]
        near = [found.kept_worth(seven, loose, unseen, rules, risk)
                for seven, loose, risk in zip(kept, points, found.caught, strict=True)]
        worth = [value - 1000.0 for value in near]  # below any looked at further
        for i in cheapest([-value for value in near], SHORTLIST):
            caught = found.caught[i]
            worth[i] = (1 - caught) * lookahead(kept[i], unseen, rules, found) - caught * points[i]
        return worth

    def close_risk(self, view: View, keep: Card, samples: list[Sample]) -> float:
        """The weighted chance that an opponent closes before his next turn when he throws
        ``keep`` (each takes the top when it lowers his loose points, else the stock's next)."""
        return race(view, [keep], samples).caught[0]


@dataclass(frozen=True)
class Race:
    """The opponents' turns before the seat's next one, over the samples (weighted): for each
    card thrown (None: the one he will throw is not known), the chance ``caught`` that one of
    them closes; the loose points they hold (summed) when nobody does, now (``gain``) and a
    round later (``later``)."""

    caught: tuple[float, ...]
    gain: float
    later: float

    @property
    def risk(self) -> float:
        """The chance of being caught, over the cards compared."""
        return sum(self.caught) / len(self.caught) if self.caught else 0.0

    def kept_worth(self, kept: Sequence[Card], points: int, unseen: Mapping[Card, int],
                   rules: Rules, risk: float | None = None) -> float:
        """Seven kept cards holding ``points`` loose points, one draw ahead: a close then wins
        what the others hold a round later (now, when ``risk`` is given: this turn's
        chance of being caught first), unless he is caught first and pays ``points``."""
        odds = draw_odds_unchecked(kept, unseen, rules)
        gain = self.later if risk is None else self.gain
        risk = self.risk if risk is None else risk
        return ((1 - risk) * (gain * float(odds.close_chance)
                              - float(odds.expected_points)) - risk * points)


def race(view: View, cards: Sequence[Card | None], samples: Sequence[Sample]) -> Race:
    """:class:`Race` of each of ``cards`` thrown by ``view``'s seat (module docstring)."""
    rules = view.rules
    order = view.opponents
    players = len(view.in_game)
    caught = [0.0] * len(cards)
    gain = total = free = 0.0
    for found in samples:
        if not found.weight:
            continue
        total += found.weight
        now = {seat: fewest_loose_points(found.hands[seat], rules)  # type: ignore[arg-type]
               for seat in order}
        for i, card in enumerate(cards):
            points = _turns(found, order, now, card, rules, view.turns, players)
            if points is None:
                caught[i] += found.weight
            else:
                free += found.weight
                gain += found.weight * points
    if not total:
        return Race(tuple(0.0 for _ in cards), 0.0, 0.0)
    gain = gain / free if free else 0.0
    rounds = view.turns // max(1, players)
    later = gain * opponent_points(rounds + 1) / opponent_points(rounds)
    return Race(tuple(chance / total for chance in caught), gain, later)


def _turns(found: Sample, order: Sequence[int], now: Mapping[int, int], card: Card | None,
           rules: Rules, turns: int, players: int) -> int | None:
    """The opponents' turns in one sample after ``card`` is thrown: None when one closes, else
    the loose points they hold."""
    top, at, held_points = card, 0, 0
    for step, seat in enumerate(order, 1):
        held = found.hands[seat]
        assert held is not None
        eight: tuple[Card, ...] | None = None
        if top is not None:
            loose, closes = best_of_eight((*held, top), rules)
            if loose < now[seat]:
                eight = (*held, top)
        if eight is None:
            if at >= len(found.stock):
                held_points += now[seat]
                top = None
                continue
            eight = (*held, found.stock[at])
            at += 1
            loose, closes = best_of_eight(eight, rules)
        if closes and not (turns + step < players and not rules.close_in_first_round):
            return None
        held_points += loose
        if step < len(order):  # what he throws to the next one
            top = cheapest_throw(dict(zip(eight, discard_leaves(eight, rules), strict=True)),
                                 rules)
    return held_points


def lookahead(kept: Sequence[Card], unseen: Mapping[Card, int], rules: Rules,
              found: Race) -> float:
    """Seven kept cards, two draws ahead (module docstring): the mean over the next draw of a
    close (``found.gain``) or the best of the ``AFTER_DRAW`` cheapest throws one draw later."""
    total, worth = 0, 0.0
    left = dict(unseen)
    for card, copies in unseen.items():
        eight = (*kept, card)
        loose, closes = best_of_eight(eight, rules)
        total += copies
        if closes:
            worth += copies * (found.gain - loose)
            continue
        left[card] = copies - 1  # that copy is in his hand now
        leaves = discard_leaves(eight, rules)
        worth += copies * max(found.kept_worth(eight[:j] + eight[j + 1:], leaves[j], left, rules)
                              for j in cheapest(leaves, AFTER_DRAW))
        left[card] = copies
    return worth / total if total else 0.0


@functools.lru_cache(maxsize=1024)
def partners(card: Card, rules: Rules) -> frozenset[Card]:
    """The cards that make a meld with ``card`` and some third card of the deck.

    >>> from chinchon.engine.rules import get_rules
    >>> sorted(c.code() for c in partners(Card.parse("5o"), get_rules("fournier")))
    ['3o', '4o', '5b', '5c', '5e', '6o', '7o']
    """
    deck = rules.deck.cards()
    return frozenset(other for other in deck if other != card and any(
        third not in (card, other) and find_meld((card, other, third), rules) is not None
        for third in deck))


def cheapest(values: Sequence[float], count: int) -> list[int]:
    """The indices of the ``count`` smallest of ``values`` (the first on a tie).

    >>> cheapest([5, 2, 9, 2], 2)
    [1, 3]
    """
    return sorted(range(len(values)), key=values.__getitem__)[:count]


def next_seat(view: View) -> int | None:
    """The next seat still in after him (None when he plays alone)."""
    order = view.opponents
    return order[0] if order else None


@dataclass(frozen=True)
class Feed:
    """What throwing one card does for the next player, over the samples (weighted): the
    chance he takes it (it lowers his loose points) and the chance he closes with it."""

    card: Card
    takes: float
    closes: float


def feeding(view: View, cards: Sequence[Card], samples: Sequence[Sample]) -> list[Feed]:
    """For each of ``cards`` (held in ``view``'s DISCARD phase), what the next player would do
    with it in the samples (the review's note on a throw)."""
    rules = view.rules
    after = next_seat(view)
    first_round = view.turns + 1 < len(view.in_game) and not rules.close_in_first_round
    takes, closes = [0.0] * len(cards), [0.0] * len(cards)
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
    scale = 1 / total if total else 0.0
    return [Feed(card, takes[i] * scale, closes[i] * scale) for i, card in enumerate(cards)]


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]
