"""The Tables page's model (issue 20), no Streamlit: a seat's address read from the URL with
its problems named, the seats as the page names them, what one seat's page shows
(:class:`SeatPage`: that seat's view, its clock, the turns everyone saw) computed from the
store's read, the review of one seat's decisions once the game is over (the Play page's coach,
for any seat), and what the command line's ``table show`` prints (:func:`shown`).

>>> parse_address("12", "1", "abc")
Address(table=12, seat=1, key='abc')
>>> parse_address("12", "x", "abc")
Traceback (most recent call last):
...
chinchon.views.tables.AddressError: not a seat number: 'x'
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Any

from chinchon.engine.cards import Card
from chinchon.engine.draws import discard_leaves
from chinchon.engine.errors import quote
from chinchon.engine.solver import Arrangement
from chinchon.game.actions import PILE, Action, Discard, Return
from chinchon.game.closing import closing_choices
from chinchon.game.names import PERSON
from chinchon.game.records import GameRecord
from chinchon.game.seat_view import View, view
from chinchon.game.state import Dealt, GameState, Phase, Turn
from chinchon.store.rows.tables import PLAYING, SeatRead, TableInfo, TableRead
from chinchon.views import coach, seat_coach
from chinchon.views.i18n import t

#: Seat keys are hex (see chinchon.store.tables); anything else is refused unread.
_KEY_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")
_NUMBER_RE = re.compile(r"\d{1,9}")
#: The clocks the create form offers (seconds; 0: off).
CLOCKS = (0, 30, 60, 120, 300)


class AddressError(ValueError):
    """A ``/Tables?table=…&seat=…&key=…`` value that is not one (``field`` names it)."""

    def __init__(self, message: str, field: str, value: str) -> None:
        super().__init__(message)
        self.field = field
        self.value = value


@dataclass(frozen=True)
class Address:
    table: int
    seat: int
    key: str


def parse_address(table: str, seat: str, key: str) -> Address:
    """A seat's address from the URL's ``table``, ``seat`` and ``key``."""
    for field, value in (("table", table), ("seat", seat)):
        if not _NUMBER_RE.fullmatch(value.strip()):
            raise AddressError(f"not a {field} number: {quote(value)}", field, value)
    if not _KEY_RE.fullmatch(key.strip()):
        raise AddressError(f"not a seat key: {quote(key)}", "key", key)
    return Address(int(table), int(seat), key.strip())


def seat_name(seat: int, kind: str, lang: str, mine: int | None = None) -> str:
    """A seat as ``mine``'s page names it.

    >>> seat_name(1, "person", "en", mine=1), seat_name(2, "expert", "en")
    ('Seat 2 (you)', 'Seat 3 · bot: expert')
    >>> seat_name(0, "person", "en", mine=1)
    'Seat 1'
    """
    name = t("tables.seat_name", lang, n=seat + 1)
    if seat == mine:
        return t("tables.seat_you", lang, name=name)
    if kind != PERSON:
        return t("tables.seat_bot", lang, name=name, level=t(f"play.level.{kind}", lang))
    return name


def names_of(info: TableInfo, lang: str, mine: int | None) -> list[str]:
    """Every seat's name as ``mine``'s page shows it."""
    return [seat_name(s.seat, s.kind, lang, mine) for s in info.seats]


@dataclass(frozen=True)
class Note:
    """A finished turn as everyone at the table saw it: the card drawn only when it came
    from the pile (a stock card is never named)."""

    seat: int
    source: str
    card: Card | None
    discard: Card
    close: bool


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


def seat_page(read: SeatRead) -> SeatPage:
    """What the seat's page shows of the store's read: nothing of the game but the seat's own
    view and the public turns until the game is over."""
    final = read.state if read.info.finished else None
    return SeatPage(read.info, read.seat, read.view, clock_left(read.info, read.at), final,
                    public_turns(read.state))


def clock_left(info: TableInfo, now: datetime.datetime) -> float | None:
    """The seconds the seat to act has left at ``now`` (None: no clock, or not playing)."""
    if not info.clock or info.status != PLAYING or info.turn_since is None:
        return None
    return max(0.0, info.clock - (now - info.turn_since).total_seconds())


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
class Decision:
    """One graded decision of a seat: its index among the game's actions, the state before
    it, the action and the coach's verdict."""

    index: int
    state: GameState
    action: Action
    verdict: coach.Verdict


def seat_decisions(final: GameState, seat: int) -> tuple[Decision, ...]:
    """Every draw and discard ``seat`` made in the game, graded by the coach from what that
    seat knew then (the same grades as the Play page's review)."""
    record = GameRecord.of(final)
    found: list[Decision] = []
    for index, (state, action) in enumerate(zip(record.states(), record.actions,
                                                 strict=False)):
        if state.turn != seat or isinstance(action, Return):
            continue
        verdict = seat_coach.grade_action(state, action, seat)
        if verdict is not None:
            found.append(Decision(index, state, action, verdict))
    return tuple(found)


def closing_options(mine: View, card: Card) -> tuple[Arrangement, ...]:
    """What the seat may show closing with ``card`` (ours first; empty when that is no close
    of his now), from his own view: the Play page's choices (``closing_choices``) of the
    seven cards he keeps, in the close's context (first round, his total)."""
    if not mine.my_turn or mine.phase is not Phase.DISCARD or Discard(card, True) not in mine.legal:
        return ()
    kept = list(mine.hand)
    kept.remove(card)
    return closing_choices(kept, mine.rules, first_round=mine.first_round,
                           total=mine.totals[mine.seat])


def keep_points(mine: View) -> dict[Card, int]:
    """After drawing: the loose points the seat keeps if it throws each card (the Play page's
    captions), from its own eight cards."""
    if not mine.my_turn or mine.phase is not Phase.DISCARD:
        return {}
    return dict(zip(mine.hand, discard_leaves(mine.hand, mine.rules), strict=True))



def shown(read: TableRead | SeatRead) -> dict[str, Any]:
    """The ``table show --json`` object: what anyone at the table may see, and from a seat's
    read (the holder of its key) that seat's cards (``hand``)."""
    info, state = read.info, read.state
    seen = read.view if isinstance(read, SeatRead) else view(state, 0)
    found: dict[str, Any] = {
        "table": info.id, "code": info.code, "rules": info.rules_code,
        "status": info.status, "clock": info.clock,
        "seats": [{"seat": s.seat, "kind": PERSON if s.kind == PERSON else "bot",
                   "bot": None if s.kind == PERSON else s.kind,
                   "taken": s.kind != PERSON or s.taken,
                   "connected": s.connected, "bot_playing": s.bot_playing}
                  for s in info.seats],
        "to_play": state.turn if info.status == PLAYING else None,
        "phase": state.phase.value, "hand_number": seen.hand_number,
        "version": info.version, "pile": [card.code() for card in reversed(seen.pile)],
        "stock": seen.stock_count, "counts": list(seen.counts),
        "totals": list(seen.totals)}
    if isinstance(read, SeatRead):
        found["seat"] = read.seat
        found["hand"] = [card.code() for card in seen.hand]
    return found
