"""The running score sheet of a game: hands, totals, elimination, returns and the game's end.

A :class:`ScoreSheet` is immutable: scoring a hand or spending a return gives a new sheet.
Players are seats ``0 .. n-1`` in turn order; turn order after a close starts with the next seat
still in after the closer.

What each profile does (RULES.md, rows "all 7 melded" to "stock runs out"):

- a hand adds the closer's close score (his loose points, -10, ludoteka's -25 for a seven-card
  run with a joker) and every opponent's loose points; totals may go below zero;
- a chinchón wins the game at once (barajamos, ludoteka), or is -10 and adds 100 to every
  other player still in (jeux-de-cartes), or is just -10 (fournier: the solver says so);
- a total above ``rules.limit`` is out; exactly at it stays in;
- the last player in wins; when one hand puts everybody out: a draw (barajamos), the lowest
  total wins and tied players alone go on (fournier), the lowest total wins (jeux-de-cartes;
  a tie is a draw, our reading), the closer wins (ludoteka; after a hand with no closer the
  lowest total wins and a tie is a draw, our reading). In ludoteka a closer whose close puts
  every opponent out wins even if they have returns left;
- returns: between hands an eliminated player may come back at the highest total among the
  players still in, while at least two are in and the game goes on: two per game in
  barajamos, as many as he likes in jeux-de-cartes (a new stake each time), the configured
  number in ludoteka (none in a two-player game), none in fournier;
- ludoteka: a closer may not keep a loose card that takes him over the limit, and the hand ends
  with no closer when the stock runs out for the fourth time (everyone scores his loose
  points, no lay-offs).

>>> sheet = ScoreSheet.start(get_rules("barajamos"), ["Ana", "Blas", "Carme"])
>>> sheet = sheet.score_close(0, Outcome.POINTS, {0: 3, 1: 40, 2: 71})
>>> sheet.totals, sheet.in_game
((3, 40, 71), (0, 1))
>>> sheet.spend_return(2).totals
(3, 40, 40)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TypeVar

from chinchon.engine.errors import check_bool, check_points, quote
from chinchon.engine.layoffs import HandEnd, Holding, no_closer, resolve
from chinchon.engine.rules import (  # noqa: F401
    ChinchonEffect,
    EverybodyOut,
    Rules,
    check_rules,
    get_rules,
)
from chinchon.engine.solver import (
    CHINCHON_MINUS_25,
    Arrangement,
    CloseError,
    Outcome,
    can_close,
    close_as,
)

_T = TypeVar("_T")


class ScoreError(ValueError):
    """An action the score sheet does not allow."""


class GameOverError(ScoreError):
    """Anything but reading the sheet after the game has ended."""


class SeatError(ScoreError):
    """A seat that does not exist, is not in the game, or is missing from a hand's scores."""


class ReturnError(ScoreError):
    """A return (re-entry) the rules do not allow now."""


class EntryKind(StrEnum):
    CLOSE = "close"
    NO_CLOSER = "no_closer"
    RETURN = "return"


@dataclass(frozen=True)
class Entry:
    """One line of the sheet: a hand scored, or a player coming back.

    ``added[seat]`` is what the hand added (None for a seat not in the hand); ``totals`` are
    every seat's totals afterwards; ``eliminated`` the seats that went out with this hand.
    """

    kind: EntryKind
    added: tuple[int | None, ...]
    totals: tuple[int, ...]
    closer: int | None = None
    outcome: Outcome | None = None
    eliminated: tuple[int, ...] = ()
    returned: int | None = None


@dataclass(frozen=True)
class ScoreSheet:
    """A game's score sheet. Start one with :meth:`start`."""

    rules: Rules
    players: tuple[str, ...]
    totals: tuple[int, ...]
    #: ``playing[seat]``: the seat is still in the game.
    playing: tuple[bool, ...]
    returns_used: tuple[int, ...]
    history: tuple[Entry, ...] = ()
    finished: bool = False
    #: The winner's seat once the game is over (None while it goes on, or after a draw).
    winner: int | None = None

    @staticmethod
    def start(rules: Rules, players: Sequence[str] | int) -> ScoreSheet:
        """A fresh sheet: every player in at 0. ``players`` are names, or how many."""
        check_rules(rules)
        low, high = rules.players
        if isinstance(players, bool) or not isinstance(players, int | list | tuple):
            raise ScoreError(f"players must be a number of players or a list of names, not "
                             f"{quote(players)}")
        # The count first: a huge number must not build that many names.
        count = players if isinstance(players, int) else len(players)
        if not low <= count <= high:
            raise ScoreError(f"{rules.name} is for {low} to {high} players, not {quote(count)}")
        names = (tuple(f"Player {i + 1}" for i in range(count)) if isinstance(players, int)
                 else tuple(players))
        for name in names:
            if not isinstance(name, str):
                raise ScoreError(f"a player's name is text, not {quote(name)}")
        count = len(names)
        rules = rules.at_table(count)  # one deck or two, as the profile says for the table
        return ScoreSheet(rules, names, (0,) * count, (True,) * count, (0,) * count)

    # --- Reading -------------------------------------------------------------------------------

    @property
    def in_game(self) -> tuple[int, ...]:
        """The seats still in, in seat order."""
        return tuple(seat for seat, playing in enumerate(self.playing) if playing)

    @property
    def draw(self) -> bool:
        """The game ended with no winner."""
        return self.finished and self.winner is None

    def turn_order(self, closer: int) -> tuple[int, ...]:
        """The seats still in after ``closer``, in turn order (the opponents of his close)."""
        self._check_in(closer)
        count = len(self.players)
        return tuple(seat for step in range(1, count)
                     if self.playing[seat := (closer + step) % count])

    def next_in(self, seat: int) -> int:
        """The next seat still in after ``seat`` (who may be out): who starts the next hand
        when the start passes on, skipping the players out."""
        self._check_seat(seat)
        count = len(self.players)
        for step in range(1, count + 1):
            if self.playing[(seat + step) % count]:
                return (seat + step) % count
        raise SeatError("nobody is in the game")

    def returns_left(self, seat: int) -> int | None:
        """How many returns ``seat`` may still spend (None: as many as he likes)."""
        self._check_seat(seat)
        rules = self.rules
        if len(self.players) == 2 and not rules.returns_in_two_player_game:
            return 0
        if rules.returns is None:
            return None
        return rules.returns - self.returns_used[seat]

    def can_return(self, seat: int) -> bool:
        return self._why_no_return(seat) is None

    def may_close(self, seat: int, hand: Holding, *, first_round: bool = False) -> bool:
        """Whether ``seat`` may close holding ``hand`` (seven cards), his total counted."""
        self._check_in(seat)
        check_bool("first_round", first_round)
        total = self.totals[seat]
        if isinstance(hand, Arrangement):
            try:
                close_as(hand, self.rules, first_round=first_round, total=total)
            except CloseError:
                return False
            return True
        return can_close(tuple(hand), self.rules, first_round=first_round, total=total)

    # --- Playing -------------------------------------------------------------------------------

    def close(self, closer: int, hands: Mapping[int, Holding], *, first_round: bool = False
              ) -> tuple[ScoreSheet, HandEnd]:
        """Resolve and score a hand closed by ``closer``; ``hands`` holds every seat still in.

        The closer's total goes to the solver, so ludoteka's closer may not keep a loose card
        that would take him over the limit (:class:`~chinchon.engine.solver.CloseError`).
        """
        self._check_open()
        order = self.turn_order(closer)
        check_bool("first_round", first_round)
        self._check_hands(hands)
        end = resolve(hands[closer], [hands[seat] for seat in order], self.rules,
                      first_round=first_round, total=self.totals[closer])
        loose = {seat: end.players[i].loose_points for i, seat in enumerate((closer, *order))}
        assert end.outcome is not None
        return self.score_close(closer, end.outcome, loose), end

    def stock_ran_out(self, hands: Mapping[int, Holding]) -> tuple[ScoreSheet, HandEnd]:
        """Score ludoteka's hand that ends with no closer (the stock ran out the 4th time)."""
        self._check_open()
        self._no_closer_rule()
        self._check_hands(hands)
        seats = self.in_game
        end = no_closer([hands[seat] for seat in seats], self.rules)
        loose = {seat: end.players[i].loose_points for i, seat in enumerate(seats)}
        return self.score_no_closer(loose), end

    def score_close(self, closer: int, outcome: Outcome, loose: Mapping[int, int]
                    ) -> ScoreSheet:
        """Score a close from its outcome and every seat's loose points (the closer's after any
        lay-off of his own). The lower-level twin of :meth:`close`."""
        self._check_open()
        self._check_in(closer)
        if not isinstance(outcome, Outcome):
            raise ScoreError(f"outcome must be an Outcome, not {quote(outcome)}")
        self._check_scores(loose)
        rules = self.rules
        own = loose[closer]
        if outcome is Outcome.CANNOT_CLOSE:
            raise ScoreError(f"seat {closer} cannot close: nothing to score")
        if outcome is Outcome.POINTS:
            if own > rules.close_limit:
                raise ScoreError(f"a closer keeps at most {rules.close_limit} loose points "
                                 f"under {rules.name} rules, not {own}")
            if rules.close_within_limit and self.totals[closer] + own > rules.limit:
                raise ScoreError(f"seat {closer} may not close with {own} loose points: "
                                 f"{self.totals[closer]} would go over the limit {rules.limit}")
        elif own:
            raise ScoreError(f"a closer with every card melded has no loose points, not {own}")
        if outcome is Outcome.CHINCHON_WITH_JOKER and rules.joker_run_score is None:
            raise ScoreError(f"{rules.name} has no seven-card run with a joker")
        added = dict(loose)
        added[closer] = self._closer_score(outcome, own)
        if outcome is Outcome.CHINCHON and rules.chinchon_effect is ChinchonEffect.OTHERS_PLUS_100:
            for seat in added:
                if seat != closer:
                    added[seat] += 100
        wins = outcome is Outcome.CHINCHON and rules.chinchon_effect is ChinchonEffect.WINS_GAME
        return self._after_hand(EntryKind.CLOSE, added, closer, outcome, wins)

    def score_no_closer(self, loose: Mapping[int, int]) -> ScoreSheet:
        """Score a hand that ended with no closer: every seat adds his loose points."""
        self._check_open()
        self._no_closer_rule()
        self._check_scores(loose)
        return self._after_hand(EntryKind.NO_CLOSER, dict(loose), None, None, False)

    def spend_return(self, seat: int) -> ScoreSheet:
        """``seat`` comes back at the highest total among the players still in."""
        why = self._why_no_return(seat)
        if why is not None:
            raise ReturnError(why)
        total = max(self.totals[s] for s in self.in_game)
        totals = _set(self.totals, seat, total)
        entry = Entry(EntryKind.RETURN, tuple(None for _ in self.players), totals,
                      returned=seat)
        return replace(self, totals=totals, playing=_set(self.playing, seat, True),
                       returns_used=_set(self.returns_used, seat, self.returns_used[seat] + 1),
                       history=(*self.history, entry))

    # --- Inside --------------------------------------------------------------------------------

    def _closer_score(self, outcome: Outcome, own: int) -> int:
        rules = self.rules
        if outcome is Outcome.POINTS:
            return own
        if outcome is Outcome.CHINCHON_WITH_JOKER:
            assert rules.joker_run_score is not None
            return rules.joker_run_score
        if outcome is Outcome.CHINCHON and rules.chinchon_effect is ChinchonEffect.WINS_GAME:
            return 0  # the game is over: nothing to add
        if outcome is Outcome.CHINCHON and rules.chinchon_effect is ChinchonEffect.MINUS_25:
            return CHINCHON_MINUS_25
        return rules.minus_ten  # -10, and jeux-de-cartes' chinchón

    def _after_hand(self, kind: EntryKind, added: dict[int, int], closer: int | None,
                    outcome: Outcome | None, wins: bool) -> ScoreSheet:
        rules = self.rules
        before = self.in_game
        totals = list(self.totals)
        for seat, points in added.items():
            totals[seat] += points
        out = tuple(seat for seat in before if totals[seat] > rules.limit)
        playing = [seat in before and seat not in out for seat in range(len(self.players))]
        left = [seat for seat in before if seat not in out]
        winner: int | None = None
        finished = False
        # Ludoteka: a close that puts every opponent out wins, returns or not.
        clean_sweep = (closer is not None and rules.everybody_out is EverybodyOut.CLOSER_WINS
                       and all(seat in out for seat in before if seat != closer))
        if wins or clean_sweep:
            winner, finished = closer, True
        elif len(left) == 1:
            winner, finished = left[0], True
        elif not left:
            winner, finished, back = self._everybody_out(before, totals)
            for seat in back:
                playing[seat] = True
        entry = Entry(kind, tuple(added.get(seat) for seat in range(len(self.players))),
                      tuple(totals), closer, outcome, out)
        return replace(self, totals=tuple(totals), playing=tuple(playing),
                       history=(*self.history, entry), finished=finished, winner=winner)

    def _everybody_out(self, before: Sequence[int], totals: Sequence[int]
                       ) -> tuple[int | None, bool, tuple[int, ...]]:
        """(winner, finished, seats that play on) when one hand put every player out."""
        if self.rules.everybody_out is EverybodyOut.DRAW:
            return None, True, ()
        lowest = min(totals[seat] for seat in before)
        tied = tuple(seat for seat in before if totals[seat] == lowest)
        if len(tied) == 1:
            return tied[0], True, ()
        if self.rules.everybody_out is EverybodyOut.LOWEST_WINS_TIES_PLAY_ON:
            return None, False, tied
        return None, True, ()

    def _why_no_return(self, seat: int) -> str | None:
        self._check_seat(seat)
        name = self.rules.name
        if self.finished:
            return "the game is over: nobody comes back"
        if self.playing[seat]:
            return f"seat {seat} ({self.players[seat]}) is still in the game"
        left = self.returns_left(seat)
        if left is not None and left <= 0:
            if len(self.players) == 2 and not self.rules.returns_in_two_player_game:
                return f"{name} has no returns in a two-player game"
            if not self.rules.returns:
                return f"{name} has no returns: elimination is final"
            return (f"seat {seat} ({self.players[seat]}) has used all {self.rules.returns} "
                    f"returns")
        if len(self.in_game) < 2:
            return "a player comes back only while at least two players are in"
        return None

    def _check_open(self) -> None:
        if self.finished:
            result = "a draw" if self.winner is None else f"won by seat {self.winner}"
            raise GameOverError(f"the game is over ({result}): no more hands")

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise SeatError(f"no seat {quote(seat)}: seats are 0 to {len(self.players) - 1}")

    def _check_in(self, seat: int) -> None:
        self._check_seat(seat)
        if not self.playing[seat]:
            raise SeatError(f"seat {seat} ({self.players[seat]}) is out of the game")

    def _check_scores(self, scores: Mapping[int, object], points: bool = True) -> None:
        if not isinstance(scores, Mapping):
            raise SeatError(f"scores must map each seat in the game to its points, not "
                            f"{quote(scores)}")
        expected = set(self.in_game)
        given = set(scores)
        if given != expected:
            raise SeatError(f"scores for seats {quote(sorted(given, key=repr))}, but the seats "
                            f"in the game are {sorted(expected)}")
        if points:
            for seat, value in scores.items():
                check_points(f"the loose points of seat {seat}", value)

    def _check_hands(self, hands: Mapping[int, Holding]) -> None:
        self._check_scores(hands, points=False)

    def _no_closer_rule(self) -> None:
        if self.rules.stock_runs_out_end is None:
            raise ScoreError(f"under {self.rules.name} rules the stock is reshuffled: a hand "
                             f"always ends with a close")


def stock_runs_out_ends_hand(rules: Rules, times: int) -> bool:
    """Whether the stock running out for the ``times``-th time in a hand ends it with no closer
    (ludoteka, the 4th time); otherwise the discards are shuffled into a new stock.

    >>> stock_runs_out_ends_hand(get_rules("ludoteka"), 4), stock_runs_out_ends_hand(
    ...     get_rules("fournier"), 9)
    (True, False)
    """
    return rules.stock_runs_out_end is not None and times >= rules.stock_runs_out_end


def _set(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    return (*values[:index], value, *values[index + 1:])
