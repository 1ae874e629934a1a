"""What the Tables page does (issue 20), without Streamlit: the lobby (a learner's tables to
rejoin, a new table, joining by code or from the list, a quick seat), taking a seat, following
the table (each poll also plays a bot action that is due), the seat's moves, taking a seat back
from the bot and starting a table early; once the game is over, the seat's review (its graded
decisions, the next mistake) and what is kept in the person's My progress.

Every function takes the store's :class:`~chinchon.store.tables.Tables` and, when the page
keeps something between runs, the session's state as a plain mapping (the keys ``tables_*``).
A problem the table names comes back as a :class:`Refused` (a move on a table that moved on
included), never as an exception for the page to catch.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from chinchon.engine.cards import Card
from chinchon.game.actions import PILE, STOCK, Action, Discard, Draw
from chinchon.game.names import PERSON
from chinchon.services import State
from chinchon.store.rows.tables import Rejoin, TableInfo, TableProblem
from chinchon.store.tables import Tables
from chinchon.views import coach
from chinchon.views.tables import (
    Address,
    Decision,
    SeatPage,
    closing_options,
    seat_decisions,
    seat_page,
)

#: The page's two card components (the draw area and the hand): their clicks are stamped
#: under these names (see :func:`fresh_click`).
DRAW_KEY, HAND_KEY = "tables_draw", "tables_hand"


@dataclass(frozen=True)
class Refused:
    """A request the table refused: ``kind`` names the problem (the page words it as
    ``tables.error.<kind>``), ``detail`` is the store's message."""

    kind: str
    detail: str


@dataclass(frozen=True)
class DatabaseAway:
    """The database did not answer this poll (the page says so and polls again)."""


def refused(error: ValueError) -> Refused:
    """A refusal from a problem: a table's own kind, else ``problem`` (a bad rules option)."""
    return Refused(error.kind if isinstance(error, TableProblem) else "problem", str(error))


# --- The lobby --------------------------------------------------------------------------------


@dataclass(frozen=True)
class NewTable:
    """The create form: the rules (a profile id or a house code) and options, each seat's
    kind in seat order (seat 0 is the creator), the turn clock, the Join list, the bot."""

    rules_code: str
    options: Mapping[str, int]
    kinds: tuple[str, ...]
    clock: int
    listed: bool
    bot: str


def rejoin_list(tables: Tables, learner: str | None) -> tuple[Rejoin, ...]:
    """The learner's unfinished tables; every table idle for a day is closed first, so that
    neither this list nor the Join list offers one."""
    tables.close_idle()
    return tuple(tables.mine(learner)) if learner else ()


def listed(tables: Tables) -> tuple[TableInfo, ...]:
    """The Join list: listed tables with an open person seat, newest first."""
    return tuple(tables.listed())


def create(tables: Tables, learner: str, new: NewTable) -> Address | Refused:
    """A new table made by ``learner``, who takes its seat 0 (the address to go to)."""
    try:
        made = tables.create(new.rules_code, new.options, new.kinds, clock=new.clock,
                             listed=new.listed, bot=new.bot, creator=learner)
        tables.sit(made.table, 0, made.keys[0], learner)
    except ValueError as error:  # a table problem, or the rules refusing the seat count
        return refused(error)
    return Address(made.table, 0, made.keys[0])


def join_by_code(tables: Tables, learner: str, code: str) -> Address | Refused | None:
    """The seat ``learner`` takes at the table with ``code`` (None: no code was typed)."""
    if not code.strip():
        return None
    try:
        table = tables.by_code(code)
        seat, key = tables.take_open_seat(table, learner)
    except TableProblem as error:
        return refused(error)
    return Address(table, seat, key)


def join(tables: Tables, learner: str, table: int) -> Address | Refused:
    """The seat ``learner`` takes at a table of the Join list (his own, if he has one)."""
    try:
        seat, key = tables.take_open_seat(table, learner)
    except TableProblem as error:
        return refused(error)
    return Address(table, seat, key)


def quick_seat(tables: Tables, learner: str) -> Address | Refused:
    """The first open seat of the listed tables."""
    try:
        table, seat, key = tables.quick_seat(learner)
    except TableProblem as error:
        return refused(error)
    return Address(table, seat, key)


# --- A seat -----------------------------------------------------------------------------------


def open_seat(tables: Tables, state: State, where: Address, learner: str) -> SeatPage | Refused:
    """The seat's page as it opens: the seat is taken (or come back to) once per session, a
    reload being a new session, then read."""
    try:
        if state.get("tables_sat") != where:
            tables.sit(where.table, where.seat, where.key, learner)
            state["tables_sat"] = where
        return seat_page(tables.page(where.table, where.seat, where.key))
    except TableProblem as error:
        return refused(error)


def follow(tables: Tables, state: State, where: Address) -> SeatPage | Refused | DatabaseAway:
    """One poll of the seat's page: a bot action that is due is played, the seat is noted as
    there, and the page to draw comes back. Until the game is over the state keeps what the
    page shows (``tables_page``: the address and version its moves are played at;
    ``tables_seen``: the page itself, which the callbacks read)."""
    try:
        page = seat_page(tables.poll(where.table, where.seat, where.key))
    except TableProblem as error:
        return refused(error)
    except SQLAlchemyError:
        return DatabaseAway()
    if not page.info.finished:  # a finished table is drawn by the whole page, not the poll
        state["tables_page"] = (where, page.info.version)
        state["tables_seen"] = page
    return page


def mark_drawn(state: State) -> None:
    """The page finished drawing a poll (what :func:`fresh_click` counts)."""
    state["tables_drawn"] = state.get("tables_drawn", 0) + 1


def fresh_click(state: State, widget: str) -> bool:
    """Whether this callback answers a new click, not the replay of one. A poll that starts
    while the run of a click is still going cuts it short and calls its callbacks again (seen
    under load: Close armed and disarmed by one click, a card thrown as a discard); a real
    click comes from a page drawn since, so once per finished run is all we take."""
    drawn = state.get("tables_drawn", 0)
    if state.get(f"tables_click_{widget}") == drawn:
        return False
    state[f"tables_click_{widget}"] = drawn
    return True


def invite_links(tables: Tables, where: Address) -> dict[int, str]:
    """For the table's creator: the key of each person seat still open."""
    return tables.invite_keys(where.table, where.seat, where.key)


def start(tables: Tables, where: Address, learner: str | None) -> Refused | None:
    """The creator starts his table now: the empty seats get its bot."""
    try:
        tables.start(where.table, learner)
    except TableProblem as error:
        return refused(error)
    return None


def take_back(tables: Tables, where: Address) -> Refused | None:
    """The seat's person takes it back from the bot that played it."""
    try:
        tables.take_back(where.table, where.seat, where.key)
    except TableProblem as error:
        return refused(error)
    return None


# --- Moves ------------------------------------------------------------------------------------


def move(tables: Tables, state: State, action: Action) -> Refused | None:
    """Play ``action`` for this seat on the table as its page showed it (its version): a
    table that moved on since refuses it (``moved_on``) and the next poll shows why. A click
    replayed by a cut-short run plays nothing."""
    current: tuple[Address, int] | None = state.get("tables_page")
    if current is None or not fresh_click(state, "move"):
        return None
    where, version = current
    state["tables_armed"] = False
    try:
        tables.play(where.table, where.seat, where.key, action, version)
    except TableProblem as error:
        return refused(error)
    return None


def draw(tables: Tables, state: State, clicked: str | None) -> Refused | None:
    """A click in the draw area: ``draw-stock`` or ``draw-pile`` (anything else: nothing)."""
    if clicked not in ("draw-stock", "draw-pile"):
        return None
    return move(tables, state, Draw(STOCK if clicked == "draw-stock" else PILE))


def toggle_close(state: State, clicked: str | None) -> None:
    """The hand's Close button arms the next card as a close, or disarms it."""
    if clicked == "close" and fresh_click(state, HAND_KEY):
        state["tables_armed"] = not state.get("tables_armed", False)


def throw(tables: Tables, state: State, code: str | None) -> Refused | None:
    """A card of the hand clicked: thrown, or closed with when Close is armed; a close that
    may show several arrangements asks which first (the Play page's question)."""
    current: tuple[Address, int] | None = state.get("tables_page")
    page: SeatPage | None = state.get("tables_seen")
    if code is None or not fresh_click(state, HAND_KEY):
        return None
    card, close = Card.parse(code), bool(state.get("tables_armed"))
    if (close and current is not None and page is not None
            and page.info.version == current[1] and len(closing_options(page.view, card)) > 1):
        state["tables_closing"] = ((page.info.id, page.seat, page.info.version), code)
        state["tables_armed"] = False
        return None
    return move(tables, state, Discard(card, close=close))


def closing_question(state: Mapping[str, Any], page: SeatPage) -> Card | None:
    """The card this seat closes with while the page asks what it shows: asked at this very
    version (a bot that played the seat meanwhile, or a reload, drops the question)."""
    asked = state.get("tables_closing")
    if asked is None or asked[0] != (page.info.id, page.seat, page.info.version):
        return None
    card = Card.parse(asked[1])
    return card if len(closing_options(page.view, card)) > 1 else None


def close_showing(tables: Tables, state: State, index: int) -> Refused | None:
    """Close with the card asked about, showing its closing choice ``index`` (0: ours)."""
    page: SeatPage | None = state.get("tables_seen")
    card = None if page is None else closing_question(state, page)
    state["tables_closing"] = None
    if page is None or card is None:
        return None
    options = closing_options(page.view, card)
    shown = options[index] if 0 < index < len(options) else None
    return move(tables, state, Discard(card, close=True, shown=shown))


def cancel_close(state: State) -> None:
    """The closer asked what to show changed his mind: no close, the hand plays on."""
    state["tables_closing"] = None


# --- After the game ---------------------------------------------------------------------------


def review_key(page: SeatPage) -> str:
    """The state's key of this seat's review (``…_at``: the mistake shown)."""
    return f"tables_review_{page.info.id}_{page.seat}"


def graded(state: Mapping[str, Any], page: SeatPage) -> tuple[Decision, ...] | None:
    """This seat's graded decisions if this session graded them already (else None)."""
    found: tuple[Decision, ...] | None = state.get(review_key(page))
    return found


def grade(state: State, page: SeatPage) -> tuple[Decision, ...]:
    """Every draw and throw of this seat graded by the coach, once a session (it takes a
    moment: the page says so while it runs)."""
    found = graded(state, page)
    if found is None:
        assert page.final is not None, "a seat is reviewed once its game is over"
        found = state[review_key(page)] = seat_decisions(page.final, page.seat)
    return found


def summary(decisions: tuple[Decision, ...]) -> coach.Review:
    """The review's figures: accuracy, grades counted, the mistakes."""
    return coach.review(d.verdict for d in decisions)


def mistake_shown(state: Mapping[str, Any], page: SeatPage) -> int | None:
    """The index of the decision the review shows as a mistake (None: none yet)."""
    found: int | None = state.get(f"{review_key(page)}_at")
    return found


def next_mistake(state: State, page: SeatPage, mistakes: tuple[int, ...]) -> None:
    """Show the next mistake after the one shown, from the first again after the last."""
    at_key = f"{review_key(page)}_at"
    current = state.get(at_key)
    later = [i for i in mistakes if current is None or i > current]
    state[at_key] = later[0] if later else mistakes[0]


@dataclass(frozen=True)
class Kept:
    """A finished game as the seat's person keeps it in his My progress."""

    table: int
    seat: int
    rules_code: str
    seats: int
    actions: int
    result: Mapping[str, Any]
    accuracy: float | None


def _kept_key(table: int, seat: int) -> str:
    return f"tables_kept_{table}_{seat}"


def to_keep(state: Mapping[str, Any], page: SeatPage, accuracy: float | None) -> Kept | None:
    """The game to keep in this person's My progress (None: this session kept it already, or
    the seat was a bot's from the start)."""
    final = page.final
    if (state.get(_kept_key(page.info.id, page.seat)) or final is None
            or page.info.seats[page.seat].kind != PERSON):
        return None
    return Kept(page.info.id, page.seat, final.rules.code(), final.seats, page.info.version,
                {"winner": final.winner, "totals": list(final.totals), "table": page.info.id,
                 # each seat's bot level (None for a person): the Play rating's opponents
                 "levels": [None if s.kind == PERSON else s.kind for s in page.info.seats]},
                accuracy)


def mark_kept(state: State, kept: Kept) -> None:
    """The game is in his My progress: this session keeps it no more."""
    state[_kept_key(kept.table, kept.seat)] = True
