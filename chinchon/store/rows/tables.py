"""A table with people as the store returns it (issue 20): the named problems its reads and
writes raise, a seat and a table as anyone at it may know them, a new table's keys, a table's and one
seat's read of it, a learner's unfinished tables. :mod:`chinchon.store.tables` makes them;
:mod:`chinchon.views.tables` computes what a seat's page shows from them.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass

from chinchon.game.names import PERSON
from chinchon.game.seat_view import View, view
from chinchon.game.state import GameState

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
class TableRead:
    """A table read whole, for the server's own use (the command line's ``table show``): its
    public side, the game state rebuilt from its seed and actions (every hidden card: never
    shown as it is), and when it was read (UTC, no zone)."""

    info: TableInfo
    state: GameState
    at: datetime.datetime


@dataclass(frozen=True)
class SeatRead:
    """One seat's read of its table, for the holder of its key: the table's public side, the
    seat, the game state rebuilt from the table's seed and actions, and when it was read (UTC,
    no zone). The state holds every hidden card: it stays on the server, and what the seat's
    page shows is computed from it (:func:`chinchon.views.tables.seat_page`)."""

    info: TableInfo
    seat: int
    state: GameState
    at: datetime.datetime

    @property
    def view(self) -> View:
        """What the seat may know of the game: all that its page is built from."""
        return view(self.state, self.seat)


@dataclass(frozen=True)
class Rejoin:
    """One of a learner's unfinished tables: where he sits and his key."""

    table: int
    code: str
    seat: int
    key: str
    status: str
    rules_code: str
