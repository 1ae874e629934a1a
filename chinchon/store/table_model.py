"""What a table with people is made of, as its users see it (issue 20): the named problems,
a seat and a table as anyone at it may know them, a new table's keys, a seat's page, the turns
everyone saw, a learner's unfinished tables. :mod:`chinchon.store.tables` reads and writes them.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass

from chinchon.engine.cards import Card
from chinchon.game.actions import PILE
from chinchon.game.names import PERSON
from chinchon.game.seat_view import View
from chinchon.game.state import Dealt, GameState, Turn

OPEN, PLAYING, OVER, CLOSED = "open", "playing", "over", "closed"
FINISHED = (OVER, CLOSED)


class TableProblem(ValueError):
    """Anything wrong with a table request; ``kind`` lets a page word it (``tables.error.*``)."""

    kind = "problem"


class UnknownTable(TableProblem):
    kind = "unknown_table"


class WrongKey(TableProblem):
    kind = "wrong_key"


class SeatTaken(TableProblem):
    kind = "seat_taken"


class TableMovedOn(TableProblem):
    """The table moved on since the page read it: the move was not applied."""

    kind = "moved_on"


class NotYourTurn(TableProblem):
    kind = "not_your_turn"


class NotStarted(TableProblem):
    kind = "not_started"


class GameStillOn(TableProblem):
    kind = "game_on"


class TableFinished(TableProblem):
    kind = "finished"


class BadTable(TableProblem):
    """A table that cannot be made (seats, clock, bot, rules), naming the value."""

    kind = "bad_table"


class NotCreator(TableProblem):
    kind = "not_creator"


class IllegalMove(TableProblem):
    kind = "illegal"


def link(table: int, seat: int, key: str) -> str:
    """A seat's invite link (relative to the site).

    >>> link(3, 1, "k")
    '/Tables?table=3&seat=1&key=k'
    """
    return f"/Tables?table={table}&seat={seat}&key={key}"


@dataclass(frozen=True)
class Seat:
    """A seat as anyone at the table may know it (never its key)."""

    seat: int
    #: ``person`` or a bot level.
    kind: str
    learner_id: str | None
    #: A person's seat someone took (a learner, or a script that opened its link).
    taken: bool
    connected: bool
    bot_playing: bool

    @property
    def open(self) -> bool:
        """A person's seat nobody has taken yet."""
        return self.kind == PERSON and not self.taken


@dataclass(frozen=True)
class TableInfo:
    """What anyone may know of a table (never its seed or keys)."""

    id: int
    code: str
    rules_code: str
    options: Mapping[str, int]
    clock: int
    listed: bool
    bot: str
    status: str
    version: int
    creator: str | None
    seats: tuple[Seat, ...]
    moves: int
    created_at: datetime.datetime
    moved_at: datetime.datetime
    turn_since: datetime.datetime | None

    @property
    def started(self) -> bool:
        return self.status != OPEN

    @property
    def finished(self) -> bool:
        return self.status in FINISHED

    def open_seats(self) -> tuple[int, ...]:
        return tuple(s.seat for s in self.seats if s.open)


@dataclass(frozen=True)
class Made:
    """A new table: its id, its code to read out, and the key of each person seat."""

    table: int
    code: str
    keys: Mapping[int, str]

    def links(self) -> dict[str, str]:
        return {str(seat): link(self.table, seat, key) for seat, key in self.keys.items()}


@dataclass(frozen=True)
class SeatPage:
    """What one seat's page is built from: the table, that seat's view, and (once the game is
    over) the whole game for the review and the record."""

    info: TableInfo
    seat: int
    view: View
    #: The seconds left on the clock for the seat to act (None: no clock, or not started).
    clock_left: float | None
    #: Only when the game is over or closed: the whole game (the seed is no secret then).
    final: GameState | None
    #: The turns of the hand being played, as the table saw them (oldest first).
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True)
class Note:
    """A finished turn as everyone at the table saw it: the card drawn only when it came
    from the pile (a stock card is never named)."""

    seat: int
    source: str
    card: Card | None
    discard: Card
    close: bool


def public_turns(state: GameState) -> tuple[Note, ...]:
    """The turns of the current hand (or of the last one, once the game is over)."""
    found: list[Note] = []
    for event in state.events():
        if isinstance(event, Dealt):
            found = []
        elif isinstance(event, Turn):
            found.append(Note(event.seat, event.draw,
                              event.card if event.draw == PILE else None, event.discard,
                              event.close))
    return tuple(found)


@dataclass(frozen=True)
class Rejoin:
    """One of a learner's unfinished tables: where he sits and his key."""

    table: int
    code: str
    seat: int
    key: str
    status: str
    rules_code: str
