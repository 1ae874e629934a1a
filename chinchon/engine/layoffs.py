"""The end of a hand: the melds shown, the lay-offs in turn order, every player's loose points.

The closer shows his melds (the solver's best close, or an arrangement he imposes); then the
opponents, in turn order, show their own melds and lay loose cards off onto melds on the table,
each as the profile allows (``rules.layoffs``):

- ``ONE_PASS`` (barajamos): one pass; onto the closer's melds and those of earlier opponents,
  never onto the closer's melds after -10 or a chinchón.
- ``ROUNDS`` (fournier): round one is that same pass (each opponent shows his melds and lays off
  onto every meld shown so far). Then rounds repeat: in turn order, each opponent lays off the
  most points he can onto every meld on the table (later opponents' and his own included,
  chains included), until a whole round adds no card. Never onto the closer's melds when he
  melded all seven. The closer keeps his cards (the source gives the lay-offs to the others).
  Optimality here means: in round one a player minimises his loose points given the table at
  his turn, without looking ahead (he cannot see the later hands); afterwards he takes every
  lay-off that saves him the most points. The melds he showed in round one stay as shown.
- ``CLOSER_MELDS`` (jeux-de-cartes): onto the closer's melds only, as extended by the opponents
  before; then the closer may lay off his own loose card. Turn order is the two-deck priority:
  of two identical cards, the one of the first player after the closer goes first. No lay-offs
  at all after -10 or a chinchón. A closer who lays his loose card off scores 0 for the hand.
- ``IF_CLOSER_LOOSE`` (ludoteka): only when the closer kept a loose card; each opponent in turn
  onto the melds already shown by the others (the closer's and earlier opponents').

Each player plays exactly and for himself: given the table when his turn comes, he takes the
fewest loose points over every choice of his own melds and every sequence of lay-offs together
(a card may be worth more laid off than melded; chains such as the 2 then the 1 onto 3-4-5 are
found because every order is searched). In fournier's later rounds he lays off the most points
he can onto the table as it then is. A player does not play to help or hinder the others.

Ties are broken in this order: fewest loose points, then fewest loose cards, then fewest cards
laid off (he shows his own melds rather than lay off), then fewest own melds, then the first
by notation (own melds, then lay-offs). Within one search, lay-offs are tried card by card in
hand order, onto melds in table order, the top end of a run first.

>>> rules = get_rules("barajamos")
>>> end = resolve(parse_hand("7o 7c 7b 9e 10e 11e 4o"), [parse_hand("7e 12e 1o 3c 5b 8o 2e")],
...               rules)
>>> [meld.code() for meld in end.table]
['7o 7c 7e 7b', '9e 10e 11e 12e']
>>> end.players[1].loose_points, end.players[0].score
(19, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import Any

from chinchon.engine.cards import Card, HandError, check_cards, hand_code, parse_hand
from chinchon.engine.errors import ArgumentError, check_int, quote
from chinchon.engine.melds import Meld, MeldKind, check_meld, find_meld
from chinchon.engine.rules import LayoffStyle, Rules, check_rules, get_rules  # noqa: F401 (doctests)
from chinchon.engine.solver import (
    HAND_SIZE,
    Arrangement,
    Close,
    Outcome,
    analyze,
    arrangement_of,
    close,
    close_as,
)


class LayoffError(ValueError):
    """An end of hand that cannot happen: no opponent, too many players, a bad imposed meld."""


class Role(StrEnum):
    CLOSER = "closer"
    OPPONENT = "opponent"
    #: A hand that ended with no closer (ludoteka's stock running out for the fourth time).
    PLAYER = "player"


class Action(StrEnum):
    SHOW = "show"
    LAY_OFF = "lay_off"


@dataclass(frozen=True)
class LayOff:
    """One card laid off onto the table meld at index ``meld``."""

    card: Card
    meld: int

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card.code(), "meld": self.meld}


@dataclass(frozen=True)
class Step:
    """One move of the end of a hand, for a step-by-step replay.

    ``player`` indexes :attr:`HandEnd.players`; ``cards`` is the meld shown or the one card laid
    off; ``meld`` the table index it went to and ``result`` that table meld afterwards; ``round``
    counts fournier's rounds (always 1 elsewhere; the closer laying off last in jeux-de-cartes
    is round 2).
    """

    player: int
    action: Action
    cards: tuple[Card, ...]
    meld: int
    result: Meld
    round: int = 1

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "action": self.action.value,
                "cards": [card.code() for card in self.cards], "meld": self.meld,
                "result": _codes(self.result), "round": self.round}


@dataclass(frozen=True)
class PlayerEnd:
    """One player at the end of the hand.

    ``melds`` are his own melds as he showed them (``meld_indices`` say where they sit in the
    table); ``score`` is what the hand adds to his total: the closer's from his close (None when
    it wins the game), an opponent's his loose points.
    """

    role: Role
    hand: tuple[Card, ...]
    melds: tuple[Meld, ...]
    meld_indices: tuple[int, ...]
    laid_off: tuple[LayOff, ...]
    loose: tuple[Card, ...]
    loose_points: int
    score: int | None
    #: The arrangement was imposed by the user rather than chosen by the solver.
    imposed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"role": self.role.value, "melds": [_codes(meld) for meld in self.melds],
                "laid_off": [layoff.to_json() for layoff in self.laid_off],
                "loose": [card.code() for card in self.loose],
                "loose_points": self.loose_points, "score": self.score,
                "hand": [card.code() for card in self.hand], "imposed": self.imposed}


@dataclass(frozen=True)
class HandEnd:
    """The resolved end of a hand: the final table, each player, and the steps that led there."""

    rules: Rules
    #: The closer's close (None when the hand ended with no closer).
    close: Close | None
    #: Every meld shown, lay-offs included, in the order shown.
    table: tuple[Meld, ...]
    #: ``owners[i]`` is the player who showed ``table[i]``.
    owners: tuple[int, ...]
    #: The closer first, then the opponents in turn order.
    players: tuple[PlayerEnd, ...]
    steps: tuple[Step, ...]

    @property
    def outcome(self) -> Outcome | None:
        return self.close.outcome if self.close else None

    def table_after(self, steps: int) -> tuple[Meld, ...]:
        """The table as it stood after the first ``steps`` steps (for a replay)."""
        table: list[Meld] = []
        for step in self.steps[:steps]:
            if step.action is Action.SHOW:
                table.append(step.result)
            else:
                table[step.meld] = step.result
        return tuple(table)

    def to_json(self) -> dict[str, Any]:
        """The ``close`` command's JSON (DESIGN.md), with ``outcome``, ``owners``, ``steps``."""
        return {"table": [_codes(meld) for meld in self.table],
                "players": [player.to_json() for player in self.players],
                "outcome": self.outcome.value if self.outcome else None,
                "owners": list(self.owners),
                "steps": [step.to_json() for step in self.steps]}


@dataclass(frozen=True)
class Play:
    """A player's choice at his turn: his own melds, his lay-offs, the cards he keeps.

    ``laid_off`` holds (card, index into the table he was given, that meld afterwards), in the
    order played.
    """

    melds: tuple[Meld, ...]
    laid_off: tuple[tuple[Card, int, Meld], ...]
    loose: tuple[Card, ...]

    def loose_points(self, rules: Rules) -> int:
        return sum(rules.points(card) for card in self.loose)


def _codes(meld: Meld) -> list[str]:
    return meld.code().split()


# --- One player's exact choice -----------------------------------------------------------------

#: Best lay-offs found for (cards left, melds): (points laid, cards laid, the moves).
_Search = tuple[int, int, tuple[tuple[Card, int, Meld], ...]]


def best_play(hand: Sequence[Card], table: Sequence[Meld], rules: Rules, *,
              targets: Sequence[int] | None = None,
              melds: Sequence[Meld] | None = None) -> Play:
    """The fewest loose points ``hand`` can keep, showing melds of its own and laying cards off
    onto ``table`` (only onto the melds at ``targets``, every one by default).

    ``melds`` imposes his own melds (checked, and taken from ``hand``); then only the lay-offs are
    chosen. Ties follow the module's rule.

    >>> rules = get_rules("barajamos")
    >>> play = best_play(parse_hand("1c 2c 8b 8o 12e 5o 6e"), [Meld.parse("3c 4c 5c")], rules)
    >>> [(card.code(), meld.code()) for card, _, meld in play.laid_off]
    [('2c', '2c 3c 4c 5c'), ('1c', '1c 2c 3c 4c 5c')]
    """
    hand = check_cards("hand", hand)
    check_rules(rules)
    table = _melds_arg("table", table)
    if targets is not None:
        targets = _list_arg("targets", targets)
        for target in targets:
            check_int("targets", target, minimum=0, maximum=len(table) - 1)
    if melds is not None:
        melds = _melds_arg("melds", melds)
    chosen = tuple(range(len(table))) if targets is None else tuple(targets)
    shown = tuple(table[i] for i in chosen)
    if melds is not None:
        own = tuple(check_meld(meld, rules) for meld in melds)
        options = [arrangement_of(hand, own)]
    else:
        options = _meld_choices(hand, rules)
    memo: dict[tuple[tuple[Card, ...], tuple[Meld, ...]], _Search] = {}
    best: tuple[tuple[Any, ...], Play] | None = None
    fits = _could_fit(shown)
    for option in options:
        candidates = tuple(card for card in option.loose if fits(card))
        _, laid_count, moves = _search(candidates, shown, rules, memo)
        loose = list(option.loose)
        for card, _, _ in moves:
            loose.remove(card)
        play = Play(option.melds, tuple((card, chosen[k], meld) for card, k, meld in moves),
                    tuple(loose))
        key = (play.loose_points(rules), len(loose), laid_count, len(option.melds),
               " | ".join(meld.code() for meld in option.melds),
               tuple(f"{card.code()}>{index}" for card, index, _ in play.laid_off))
        if best is None or key < best[0]:
            best = key, play
    assert best is not None  # the option of showing nothing always exists
    return best[1]


def _meld_choices(hand: tuple[Card, ...], rules: Rules) -> list[Arrangement]:
    """Every way of showing melds from ``hand`` (none, one, or two that share no card)."""
    jokers = [i for i, card in enumerate(hand) if card.is_joker]
    families: dict[object, list[int]] = {}
    for i, card in enumerate(hand):
        if not card.is_joker:
            families.setdefault(card.rank, []).append(i)
            families.setdefault(card.suit, []).append(i)
    # A meld's real cards share a number or a suit: only those subsets need trying.
    found: list[tuple[int, Meld]] = []
    tried: set[int] = set()
    for family in families.values():
        pool = sorted(family + jokers)
        if len(family) < 2 or len(pool) < 3:
            continue
        for size in range(3, len(pool) + 1):
            for chosen in combinations(pool, size):
                mask = sum(1 << i for i in chosen)
                if mask in tried:
                    continue
                tried.add(mask)
                meld = find_meld([hand[i] for i in chosen], rules)
                if meld is not None:
                    found.append((mask, meld))
    found.sort(key=lambda item: item[0])
    covers: list[tuple[int, tuple[Meld, ...]]] = [(0, ())]
    for i, (mask, meld) in enumerate(found):
        covers.append((mask, (meld,)))
        covers.extend((mask | other, (meld, other_meld)) for other, other_meld in found[i + 1:]
                      if not mask & other)
    # Seven cards hold at most two melds (three would need nine).
    arrangements: dict[tuple[tuple[Meld, ...], tuple[Card, ...]], Arrangement] = {}
    for mask, melds in covers:
        loose = tuple(card for i, card in enumerate(hand) if not mask >> i & 1)
        arrangements.setdefault((melds, tuple(sorted(loose))), Arrangement(melds, loose))
    return list(arrangements.values())


def _could_fit(melds: Sequence[Meld]) -> Callable[[Card], bool]:
    """A quick test that rules out cards no meld can ever take (another suit, another number),
    so that the exhaustive search only sees cards that matter."""
    ranks = {meld.rank for meld in melds if meld.kind is MeldKind.GROUP}
    suits = {meld.suit for meld in melds if meld.kind is MeldKind.RUN}
    return lambda card: card.is_joker or card.rank in ranks or card.suit in suits


def _search(cards: tuple[Card, ...], melds: tuple[Meld, ...], rules: Rules,
            memo: dict[tuple[tuple[Card, ...], tuple[Meld, ...]], _Search]) -> _Search:
    """The lay-offs of ``cards`` onto ``melds`` that get rid of the most points (then the most
    cards), over every order: exhaustive, with the positions reached memoised."""
    key = (cards, melds)
    found = memo.get(key)
    if found is not None:
        return found
    best: _Search = (0, 0, ())
    seen: set[Card] = set()
    for i, card in enumerate(cards):
        if card in seen:
            continue  # identical cards (two decks) lead to the same positions
        seen.add(card)
        rest = cards[:i] + cards[i + 1:]
        for k, meld in enumerate(melds):
            for grown in meld.additions(card, rules):
                points, count, moves = _search(rest, (*melds[:k], grown, *melds[k + 1:]),
                                               rules, memo)
                points += rules.points(card)
                if (points, count + 1) > best[:2]:
                    best = (points, count + 1, ((card, k, grown), *moves))
    memo[key] = best
    return best


# --- The closer ---------------------------------------------------------------------------------


# --- The whole end of a hand --------------------------------------------------------------------

Holding = Sequence[Card] | Arrangement


def resolve(closer: Holding, opponents: Sequence[Holding], rules: Rules, *,
            first_round: bool = False, total: int | None = None) -> HandEnd:
    """Resolve the end of a hand closed by ``closer`` against ``opponents`` in turn order.

    Each player is seven cards (the solver chooses) or an :class:`Arrangement` he imposes
    (checked; an opponent's imposed melds are kept and only his lay-offs are chosen).
    ``first_round`` and ``total`` (the closer's running score) go to the closer's close, for
    ludoteka's rules. :class:`CloseError` when the closer may not close.
    """
    check_rules(rules)
    opponents = _list_arg("opponents", opponents)
    if not opponents:
        raise LayoffError("a close needs at least one opponent")
    low, high = rules.players
    if len(opponents) + 1 > high:
        raise LayoffError(f"{rules.name} is for {low} to {high} players, not "
                          f"{len(opponents) + 1}")
    # The decks follow the table (a game keeps the decks it was dealt with, players out or not).
    rules = rules.at_table(len(opponents) + 1, check=False)
    hands = [_hand_of(holding, rules, "closer" if i == 0 else f"opponent {i}")
             for i, holding in enumerate([closer, *opponents])]
    everything = [card for hand in hands for card in hand]
    try:
        rules.deck.check_hand(everything)
    except HandError as error:
        raise HandError(f"across the hands, {error}") from None
    if isinstance(closer, Arrangement):
        closing = close_as(closer, rules, first_round=first_round, total=total)
    else:
        closing = close(hands[0], rules, first_round=first_round, total=total)
    return _Table(rules, closing, hands, [closer, *opponents]).run()


def no_closer(hands: Sequence[Holding], rules: Rules) -> HandEnd:
    """A hand that ends with no closer (ludoteka, the stock running out for the fourth time):
    everyone shows his best melds and scores his loose points; nobody lays off."""
    check_rules(rules)
    hands = _list_arg("hands", hands)
    if not hands:
        raise LayoffError("a hand needs players")
    cards = [_hand_of(holding, rules, f"player {i + 1}") for i, holding in enumerate(hands)]
    try:
        rules.deck.check_hand([card for hand in cards for card in hand])
    except HandError as error:
        raise HandError(f"across the hands, {error}") from None
    table: list[Meld] = []
    owners: list[int] = []
    steps: list[Step] = []
    players: list[PlayerEnd] = []
    for i, (holding, hand) in enumerate(zip(hands, cards, strict=True)):
        imposed = isinstance(holding, Arrangement)
        if isinstance(holding, Arrangement):
            shown = Arrangement(tuple(check_meld(m, rules) for m in holding.melds), holding.loose)
        else:
            shown = analyze(hand, rules).arrangement
        indices = []
        for meld in shown.melds:
            indices.append(len(table))
            steps.append(Step(i, Action.SHOW, meld.cards, len(table), meld))
            table.append(meld)
            owners.append(i)
        points = shown.loose_points(rules)
        players.append(PlayerEnd(Role.PLAYER, hand, shown.melds, tuple(indices), (),
                                 shown.loose, points, points, imposed))
    return HandEnd(rules, None, tuple(table), tuple(owners), tuple(players), tuple(steps))


def _hand_of(holding: Holding, rules: Rules, who: str) -> tuple[Card, ...]:
    if isinstance(holding, Arrangement):
        hand = holding.cards()
    elif isinstance(holding, str):
        hand = parse_hand(holding)
    else:
        hand = check_cards(f"the {who}'s hand", holding)
    hand = rules.deck.adopt(hand)
    if len(hand) != HAND_SIZE:
        raise HandError(f"the {who} holds {HAND_SIZE} cards, not {len(hand)}: "
                        f"{quote(hand_code(hand))}")
    rules.deck.check_hand(hand)
    return hand


def _list_arg(name: str, value: object) -> tuple[Any, ...]:
    """A list or tuple argument (text, a set or a generator would be read wrongly)."""
    if not isinstance(value, list | tuple):
        raise ArgumentError(f"{name} must be a list or tuple, not {quote(value)}")
    return tuple(value)


def _melds_arg(name: str, value: object) -> tuple[Meld, ...]:
    melds = _list_arg(name, value)
    for meld in melds:
        if not isinstance(meld, Meld):
            raise ArgumentError(f"{name} must hold Meld objects, not {quote(meld)}")
    return melds


class _Table:
    """The mutable working state of one :func:`resolve` (kept inside the module)."""

    def __init__(self, rules: Rules, closing: Close, hands: list[tuple[Card, ...]],
                 holdings: Sequence[Holding]) -> None:
        self.rules = rules
        self.closing = closing
        self.hands = hands
        self.imposed = [isinstance(h, Arrangement) for h in holdings]
        self.imposed_melds = [h.melds if isinstance(h, Arrangement) else None for h in holdings]
        self.table: list[Meld] = []
        self.owners: list[int] = []
        self.steps: list[Step] = []
        count = len(hands)
        self.melds: list[tuple[Meld, ...]] = [()] * count
        self.indices: list[tuple[int, ...]] = [()] * count
        self.laid: list[list[LayOff]] = [[] for _ in range(count)]
        self.loose: list[list[Card]] = [[] for _ in range(count)]

    def run(self) -> HandEnd:
        rules, closing = self.rules, self.closing
        self._show(0, closing.arrangement.melds)
        self.loose[0] = list(closing.arrangement.loose)
        all_seven = closing.outcome is not Outcome.POINTS
        style = rules.layoffs
        layoffs = not (all_seven and rules.no_layoffs_after_minus_ten)
        if style is LayoffStyle.IF_CLOSER_LOOSE:
            layoffs = layoffs and bool(closing.arrangement.loose)
        closer_open = layoffs and not all_seven
        for player in range(1, len(self.hands)):
            if not layoffs:
                targets: list[int] = []
            elif style is LayoffStyle.CLOSER_MELDS:
                targets = list(self.indices[0]) if closer_open else []
            else:
                targets = [i for i in range(len(self.table))
                           if closer_open or self.owners[i] != 0]
            self._turn(player, targets)
        if layoffs and style is LayoffStyle.ROUNDS:
            self._later_rounds(closer_open)
        if layoffs and style is LayoffStyle.CLOSER_MELDS and closer_open:
            self._lay_off(0, list(self.indices[0]), round_=2)
        return self._result()

    def _show(self, player: int, melds: Sequence[Meld]) -> None:
        indices = []
        for meld in melds:
            indices.append(len(self.table))
            self.steps.append(Step(player, Action.SHOW, meld.cards, len(self.table), meld))
            self.table.append(meld)
            self.owners.append(player)
        self.melds[player] = tuple(melds)
        self.indices[player] = tuple(indices)

    def _turn(self, player: int, targets: list[int]) -> None:
        play = best_play(self.hands[player], self.table, self.rules, targets=targets,
                         melds=self.imposed_melds[player])
        self._show(player, play.melds)
        self.loose[player] = list(play.loose) + [card for card, _, _ in play.laid_off]
        self._apply(player, play.laid_off, round_=1)

    def _apply(self, player: int, moves: Sequence[tuple[Card, int, Meld]], round_: int) -> None:
        for card, index, grown in moves:
            self.table[index] = grown
            self.laid[player].append(LayOff(card, index))
            self.loose[player].remove(card)
            self.steps.append(Step(player, Action.LAY_OFF, (card,), index, grown, round_))

    def _lay_off(self, player: int, targets: list[int], round_: int) -> bool:
        """Lay off the most points ``player`` can onto ``targets``; whether he laid any."""
        if not self.loose[player] or not targets:
            return False
        shown = tuple(self.table[i] for i in targets)
        fits = _could_fit(shown)
        candidates = tuple(card for card in self.loose[player] if fits(card))
        _, count, moves = _search(candidates, shown, self.rules, {})
        self._apply(player, [(card, targets[k], meld) for card, k, meld in moves], round_)
        return count > 0

    def _later_rounds(self, closer_open: bool) -> None:
        round_ = 1
        added = True
        while added:
            round_ += 1
            added = False
            targets = [i for i in range(len(self.table)) if closer_open or self.owners[i] != 0]
            for player in range(1, len(self.hands)):
                added |= self._lay_off(player, targets, round_)

    def _result(self) -> HandEnd:
        rules, closing = self.rules, self.closing
        players = []
        for player, hand in enumerate(self.hands):
            loose = tuple(self.loose[player])
            points = sum(rules.points(card) for card in loose)
            if player == 0:
                # Only jeux-de-cartes lets the closer lay his loose card off, saving its points.
                score = points if closing.outcome is Outcome.POINTS else closing.score
                role = Role.CLOSER
            else:
                score, role = points, Role.OPPONENT
            players.append(PlayerEnd(role, hand, self.melds[player], self.indices[player],
                                     tuple(self.laid[player]), loose, points, score,
                                     self.imposed[player]))
        return HandEnd(rules, closing, tuple(self.table), tuple(self.owners), tuple(players),
                       tuple(self.steps))
