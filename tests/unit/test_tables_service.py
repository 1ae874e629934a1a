"""What the Tables page does, without Streamlit (``chinchon.services.tables``): the lobby, a
seat taken once per session, a poll that plays the due bot and keeps what the page shows, moves
refused by name (a table that moved on is a result, not an exception), the close that asks
what it shows, and a seat's page that carries nothing of the game but its own view."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from chinchon.game.actions import PILE, STOCK, Discard, Draw
from chinchon.game.players import make_bot
from chinchon.services import tables as service
from chinchon.services.tables import DatabaseAway, NewTable, Refused
from chinchon.store.store import Store
from chinchon.store.tables import Tables
from chinchon.views import tables as vt
from chinchon.views.tables import Address, SeatPage
from tests.unit.test_tables_choice import table_at_the_close

LEARNERS = [f"{n:032x}" for n in range(11, 15)]
NEW = NewTable("fournier", {}, ("person", "person"), clock=0, listed=False, bot="greedy")


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[Tables]:
    store = Store(f"sqlite:///{tmp_path}/service.db")
    yield Tables(store, pace=0.0, away=3600.0)
    store.close()


def opened(tables: Tables, state: dict[str, Any], where: Address) -> SeatPage:
    page = service.open_seat(tables, state, where, LEARNERS[where.seat])
    assert isinstance(page, SeatPage)
    return page


def two_seats(tables: Tables) -> tuple[Address, Address]:
    """A started table of two people, each seat's address."""
    first = service.create(tables, LEARNERS[0], NEW)
    assert isinstance(first, Address)
    second = service.join_by_code(tables, LEARNERS[1], tables.info(first.table).code)
    assert isinstance(second, Address)
    return first, second


def polled(tables: Tables, state: dict[str, Any], where: Address) -> SeatPage:
    page = service.follow(tables, state, where)
    assert isinstance(page, SeatPage)
    service.mark_drawn(state)  # the page drew it: the next click is a fresh one
    return page


def test_the_lobby_creates_joins_and_lists(tables: Tables) -> None:
    made = service.create(tables, LEARNERS[0], NEW)
    assert isinstance(made, Address) and made.seat == 0
    assert [r.table for r in service.rejoin_list(tables, LEARNERS[0])] == [made.table]
    assert service.rejoin_list(tables, None) == ()
    assert service.join_by_code(tables, LEARNERS[1], "   ") is None
    assert service.join_by_code(tables, LEARNERS[1], "zzzzzz") == Refused(
        "unknown_table", "no table with the code 'zzzzzz'")
    assert isinstance(service.quick_seat(tables, LEARNERS[1]), Refused)  # nothing listed
    listed = service.create(tables, LEARNERS[2], NewTable(
        "barajamos", {}, ("person", "person", "expert"), clock=60, listed=True, bot="greedy"))
    assert isinstance(listed, Address)
    assert [info.id for info in service.listed(tables)] == [listed.table]
    quick = service.quick_seat(tables, LEARNERS[1])
    assert isinstance(quick, Address) and (quick.table, quick.seat) == (listed.table, 1)
    assert service.listed(tables) == ()  # every person seat taken: it started
    late = service.join(tables, LEARNERS[3], listed.table)
    assert isinstance(late, Refused) and late.kind == "seat_taken"


def test_a_bad_table_is_refused_by_name(tables: Tables) -> None:
    clock = service.create(tables, LEARNERS[0], NewTable("fournier", {}, ("person", "greedy"),
                                                         clock=3, listed=False, bot="greedy"))
    assert isinstance(clock, Refused) and clock.kind == "bad_table" and "3" in clock.detail
    crowd = service.create(tables, LEARNERS[0], NewTable("fournier", {}, ("person",) * 5,
                                                         clock=0, listed=False, bot="greedy"))
    assert isinstance(crowd, Refused) and crowd.kind == "problem"  # the rules refuse five
    assert service.rejoin_list(tables, LEARNERS[0]) == ()


def test_a_seat_is_taken_once_a_session_and_shows_only_its_view(tables: Tables) -> None:
    first, second = two_seats(tables)
    state: dict[str, Any] = {}
    page = opened(tables, state, second)
    assert state["tables_sat"] == second
    assert page.seat == 1 and page.info.status == "playing" and page.final is None
    assert not hasattr(page, "state")
    read = tables.page(second.table, 1, second.key)
    assert page.view == read.view and page.view.hand == read.state.hands[1]
    version = tables.version(first.table)
    opened(tables, state, second)  # the same session again: no new sit
    assert tables.version(first.table) == version
    wrong = service.open_seat(tables, {}, Address(first.table, 1, first.key), LEARNERS[1])
    assert isinstance(wrong, Refused) and wrong.kind == "wrong_key"


def test_a_poll_keeps_what_the_page_shows_and_a_stale_move_is_a_result(tables: Tables) -> None:
    first, second = two_seats(tables)
    states: dict[int, dict[str, Any]] = {0: {}, 1: {}}
    where = {0: first, 1: second}
    page = polled(tables, states[0], first)
    seat = page.view.turn
    mine = polled(tables, states[seat], where[seat])
    assert states[seat]["tables_page"] == (where[seat], mine.info.version)
    assert states[seat]["tables_seen"] == mine
    # The other seat moved on meanwhile (seen here as a version the page no longer has).
    states[seat]["tables_page"] = (where[seat], mine.info.version - 1)
    stale = service.draw(tables, states[seat], "draw-stock")
    assert isinstance(stale, Refused) and stale.kind == "moved_on"
    assert tables.info(first.table).moves == 0
    mine = polled(tables, states[seat], where[seat])
    assert mine.view.top is not None  # the deal turns a card up: the pile may be drawn
    assert service.draw(tables, states[seat], "draw-pile") is None
    assert tables.info(first.table).moves == 1
    # The same click replayed by a run cut short plays nothing.
    assert service.draw(tables, states[seat], "draw-stock") is None
    assert tables.info(first.table).moves == 1
    other = polled(tables, states[1 - seat], where[1 - seat])
    assert other.notes == ()  # a turn is a note once it is thrown
    mine = polled(tables, states[seat], where[seat])
    card = next(a.card for a in mine.view.legal if isinstance(a, Discard) and not a.close)
    assert service.throw(tables, states[seat], card.code()) is None
    other = polled(tables, states[1 - seat], where[1 - seat])
    assert [(n.seat, n.source, n.discard) for n in other.notes] == [(seat, PILE, card)]
    assert other.notes[0].card == tables.page(first.table, seat, where[seat].key).view.taken[-1][1]


def test_a_stock_card_drawn_is_never_named_in_the_notes(tables: Tables) -> None:
    first, second = two_seats(tables)
    where = {0: first, 1: second}
    state: dict[str, Any] = {}
    seat = polled(tables, state, first).view.turn
    mine: dict[str, Any] = {}
    polled(tables, mine, where[seat])
    assert service.move(tables, mine, Draw(STOCK)) is None
    page = polled(tables, mine, where[seat])
    thrown = page.view.hand[0]
    assert service.move(tables, mine, Discard(thrown)) is None
    note, = polled(tables, state, where[1 - seat]).notes
    assert (note.seat, note.source, note.card, note.discard) == (seat, STOCK, None, thrown)


def test_the_bot_plays_in_a_poll_and_the_clock_is_counted(tables: Tables) -> None:
    made = service.create(tables, LEARNERS[0], NewTable(
        "fournier", {}, ("person", "person"), clock=60, listed=False, bot="greedy"))
    assert isinstance(made, Address)
    info = tables.start(made.table, LEARNERS[0])
    assert info.seats[1].kind == "greedy"
    state: dict[str, Any] = {}
    for _ in range(6):  # the bot's turns are played by the seat's own polls
        page = polled(tables, state, made)
        if page.view.my_turn:
            action = make_bot("greedy", page.info.moves).choose(page.view)
            assert service.move(tables, state, action) is None
    assert tables.info(made.table).moves >= 6
    page = polled(tables, state, made)
    assert page.clock_left is not None and 0 < page.clock_left <= 60
    read = tables.page(made.table, 0, made.key)
    later = read.at + datetime.timedelta(seconds=100)
    assert vt.clock_left(read.info, later) == 0.0
    assert vt.clock_left(replace(read.info, clock=0), later) is None
    assert vt.clock_left(replace(read.info, status="over"), later) is None


def test_only_the_creator_starts_and_sees_the_links(tables: Tables) -> None:
    made = service.create(tables, LEARNERS[0], NewTable(
        "fournier", {}, ("person", "person", "person"), clock=0, listed=False, bot="greedy"))
    assert isinstance(made, Address)
    links = service.invite_links(tables, made)
    assert set(links) == {1, 2}
    joined = service.join(tables, LEARNERS[1], made.table)
    assert isinstance(joined, Address) and joined.seat == 1
    assert set(service.invite_links(tables, made)) == {2}
    refused = service.start(tables, joined, LEARNERS[1])
    assert isinstance(refused, Refused) and refused.kind == "not_creator"
    assert service.start(tables, made, LEARNERS[0]) is None
    assert tables.info(made.table).status == "playing"
    assert service.take_back(tables, joined) is None  # nothing to take back: no change
    wrong = service.take_back(tables, Address(made.table, 1, "nokey"))
    assert isinstance(wrong, Refused) and wrong.kind == "wrong_key"


def test_a_close_that_shows_two_ways_asks_first(tmp_path: Path) -> None:
    tables = Tables(Store(f"sqlite:///{tmp_path}/close.db"), pace=3600.0, away=3600.0)
    made, card = table_at_the_close(tables)
    where = Address(made.table, 0, made.keys[0])
    state: dict[str, Any] = {}
    page = polled(tables, state, where)
    options = vt.closing_options(page.view, card)
    assert len(options) == 2
    service.toggle_close(state, "close")
    assert state["tables_armed"] is True
    polled(tables, state, where)
    assert service.throw(tables, state, card.code()) is None
    assert service.closing_question(state, page) == card and not state["tables_armed"]
    assert tables.info(made.table).moves == page.info.moves  # asked, not played
    service.cancel_close(state)
    assert service.closing_question(state, page) is None
    state["tables_closing"] = ((page.info.id, page.seat, page.info.version), card.code())
    polled(tables, state, where)
    assert service.close_showing(tables, state, 1) is None
    end = tables.page(made.table, 0, made.keys[0]).view.results[-1].end
    assert end.players[0].melds == options[1].melds != options[0].melds
    tables.store.close()


def test_an_answer_from_the_database_away_is_named(tables: Tables,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from sqlalchemy.exc import OperationalError

    first, _ = two_seats(tables)

    def away(*args: object) -> None:
        raise OperationalError("select", {}, Exception("gone"))

    monkeypatch.setattr(tables, "poll", away)
    state: dict[str, Any] = {}
    assert isinstance(service.follow(tables, state, first), DatabaseAway)
    assert "tables_page" not in state


def finished_table(tables: Tables, *, seed: int) -> Address:
    """A table of one person and a greedy bot played to the end (the person plays at random,
    seeded, so that the review has mistakes to show)."""
    made = service.create(tables, LEARNERS[0], NewTable(
        "fournier", {}, ("person", "greedy"), clock=0, listed=False, bot="greedy"))
    assert isinstance(made, Address)
    me = make_bot("random", seed)
    while not tables.info(made.table).finished:
        read = tables.page(made.table, 0, made.key)
        if read.view.my_turn:
            tables.play(made.table, 0, made.key, me.choose(read.view), read.info.version)
        else:
            tables.tick(made.table)
    return made


def test_after_the_game_the_review_grades_once_and_the_game_is_kept_once(
        tables: Tables) -> None:
    made = finished_table(tables, seed=5)
    state: dict[str, Any] = {}
    page = opened(tables, state, made)
    assert page.final is not None and page.final.is_over
    assert service.follow(tables, state, made) is not None and "tables_page" not in state
    assert service.graded(state, page) is None
    decisions = service.grade(state, page)
    assert decisions == vt.seat_decisions(page.final, 0)
    assert all(d.state.turn == 0 for d in decisions)
    assert service.graded(state, page) is decisions  # graded once a session
    mistakes = service.summary(decisions).mistakes()
    assert mistakes, "a random player makes mistakes"
    assert service.mistake_shown(state, page) is None
    shown = []
    for _ in range(len(mistakes) + 1):
        service.next_mistake(state, page, mistakes)
        shown.append(service.mistake_shown(state, page))
    assert shown == [*mistakes, mistakes[0]]  # in order, then from the first again
    kept = service.to_keep(state, page, 0.5)
    assert kept is not None and (kept.table, kept.seat, kept.accuracy) == (made.table, 0, 0.5)
    assert kept.result["totals"] == list(page.final.totals)
    assert kept.result["levels"] == [None, "greedy"] and kept.actions == page.info.version
    service.mark_kept(state, kept)
    assert service.to_keep(state, page, 0.5) is None


@pytest.mark.parametrize("module", ["chinchon.views.tables", "chinchon.store.rows.tables",
                                    "chinchon.store.tables"])
def test_the_modules_examples_hold(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted and not result.failed
