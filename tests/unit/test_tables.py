"""Tables with people (issue 20) in the store, on SQLite and PostgreSQL: a table's state from
its seed and actions, seats and keys, moves racing for one version (exactly one wins), the
clock and the bot that takes a seat over and gives it back, idle tables, what a seat sees."""

from __future__ import annotations

import datetime
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select, update

from chinchon.engine.rules import RulesError, get_rules
from chinchon.game.actions import Discard, Draw, decode_actions
from chinchon.game.players import make_bot
from chinchon.game.records import read_record
from chinchon.game.seat_view import view
from chinchon.game.state import apply, new_game, replay
from chinchon.store.rows.tables import (
    BadTable,
    GameStillOn,
    IllegalMove,
    NotCreator,
    NotStarted,
    NotYourTurn,
    SeatTaken,
    TableMovedOn,
    UnknownTable,
    WrongKey,
)
from chinchon.store.store import Store
from chinchon.store.table_schema import PlayTable
from chinchon.store.tables import Tables
from chinchon.views.tables import seat_page, shown
from tests.unit.test_store import new_database

LEARNERS = [f"{n:032x}" for n in range(1, 7)]


@pytest.fixture(params=["sqlite", "postgresql"])
def tables(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Tables]:
    store = Store(new_database(request.param, request, tmp_path, "tables"))
    yield Tables(store, pace=0.0, away=3600.0)
    store.close()


def seed_of(tables: Tables, table: int) -> int:
    return tables._load(table).row.seed


def play_as_bot(tables: Tables, table: int, seat: int, key: str) -> None:
    """Seat ``seat`` makes one greedy move through the page's door (seat, key, version)."""
    page = tables.page(table, seat, key)
    action = make_bot("greedy", page.info.moves).choose(page.view)
    tables.play(table, seat, key, action, page.info.version)


def test_a_table_is_its_seed_and_actions(tables: Tables) -> None:
    made = tables.create("fournier", {}, ["person", "person"])
    for seat, key in made.keys.items():
        tables.sit(made.table, seat, key, LEARNERS[seat])
    for _ in range(12):
        page = tables.page(made.table, 0, made.keys[0])
        seat = page.view.turn
        play_as_bot(tables, made.table, seat, made.keys[seat])
    loaded = tables._load(made.table)
    actions = decode_actions(loaded.row.actions)
    assert len(actions) == 12
    *_, rebuilt = replay(get_rules("fournier", players=2), 2, loaded.row.seed, actions)
    mine = tables.page(made.table, 1, made.keys[1]).view
    assert mine == view(rebuilt, 1)
    # A new server (an empty cache) rebuilds the same state from the rows.
    fresh = Tables(tables.store, pace=0.0)
    assert fresh.page(made.table, 1, made.keys[1]).view == mine


def test_moves_racing_for_one_version_apply_exactly_one(tables: Tables) -> None:
    made = tables.create("fournier", {}, ["person", "person"])
    for seat, key in made.keys.items():
        tables.sit(made.table, seat, key, LEARNERS[seat])
    info = tables.info(made.table)
    to_play = tables.page(made.table, 0, made.keys[0]).view.turn
    key = made.keys[to_play]
    racers = 8
    barrier = threading.Barrier(racers)
    won: list[int] = []
    lost: list[BaseException] = []

    def move(n: int) -> None:
        barrier.wait()
        try:
            tables.play(made.table, to_play, key, Draw("stock" if n % 2 else "pile"),
                        info.version)
            won.append(n)
        except TableMovedOn as error:
            lost.append(error)

    threads = [threading.Thread(target=move, args=(n,)) for n in range(racers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(won) == 1 and len(lost) == racers - 1
    assert all("moved on" in str(error) for error in lost)
    after = tables.info(made.table)
    assert after.moves == 1 and after.version == info.version + 1


def test_two_writes_from_the_same_read_apply_once(tables: Tables) -> None:
    """Past the version check of the read: the UPDATE's own WHERE version = :v decides."""
    made = tables.create("fournier", {}, ["person", "person"])
    for seat, key in made.keys.items():
        tables.sit(made.table, seat, key, LEARNERS[seat])
    loaded = tables._load(made.table)
    state = tables._state(loaded)
    results: list[str] = []
    barrier = threading.Barrier(2)

    def write(source: str) -> None:
        barrier.wait()
        try:
            action = Draw(source)
            tables._write(loaded, action, state, apply(state, action))
            results.append("applied")
        except TableMovedOn:
            results.append("moved on")

    threads = [threading.Thread(target=write, args=(s,)) for s in ("stock", "pile")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["applied", "moved on"]
    assert tables.info(made.table).moves == 1


def test_seats_keys_and_named_problems(tables: Tables) -> None:
    made = tables.create("fournier", {}, ["person", "person", "greedy"], creator=LEARNERS[0])
    assert set(made.keys) == {0, 1}
    assert made.links()["1"] == f"/Tables?table={made.table}&seat=1&key={made.keys[1]}"
    with pytest.raises(WrongKey, match="does not open seat 1"):
        tables.sit(made.table, 1, made.keys[0], LEARNERS[1])
    with pytest.raises(WrongKey, match="no seat 7"):
        tables.page(made.table, 7, made.keys[0])
    with pytest.raises(UnknownTable, match="no table 999"):
        tables.page(999, 0, "x")
    with pytest.raises(UnknownTable, match="not a table number"):
        tables.info("1; drop")
    tables.sit(made.table, 0, made.keys[0], LEARNERS[0])
    with pytest.raises(NotStarted):
        tables.play(made.table, 0, made.keys[0], Draw("stock"), tables.version(made.table))
    with pytest.raises(NotCreator):
        tables.start(made.table, LEARNERS[1])
    with pytest.raises(GameStillOn, match="still being played"):
        tables.record(made.table)
    # The code read out in class finds the table; a reload (sit again) keeps the seat.
    assert tables.by_code(made.code.lower()) == made.table
    tables.sit(made.table, 0, made.keys[0], LEARNERS[0])
    assert [r.seat for r in tables.mine(LEARNERS[0])] == [0]
    info = tables.start(made.table, LEARNERS[0])
    assert info.status == "playing"
    assert [s.kind for s in info.seats] == ["person", "expert", "greedy"]  # empty: the bot
    with pytest.raises(SeatTaken, match="played by the expert bot"):  # a link opened late
        tables.page(made.table, 1, made.keys[1])
    page = tables.page(made.table, 0, made.keys[0])
    if page.view.turn != 0:
        with pytest.raises(NotYourTurn, match="not seat 0's"):
            tables.play(made.table, 0, made.keys[0], Draw("stock"), page.info.version)
    else:  # his turn to draw: a discard is out of turn order
        with pytest.raises(IllegalMove, match="illegal move"):
            tables.play(made.table, 0, made.keys[0], Discard(page.view.hand[0]),
                        page.info.version)
    with pytest.raises(TableMovedOn, match="moved on"):
        tables.play(made.table, 0, made.keys[0], Draw("stock"), page.info.version - 1)


def test_bad_tables_are_refused_by_name(tables: Tables) -> None:
    with pytest.raises(BadTable, match="'wizard'"):
        tables.create("fournier", {}, ["person", "wizard"])
    with pytest.raises(BadTable, match="at least one person"):
        tables.create("fournier", {}, ["greedy", "expert"])
    with pytest.raises(RulesError, match="2 to 4 players"):
        tables.create("fournier", {}, ["person"] * 5)
    with pytest.raises(BadTable, match="turn clock"):
        tables.create("fournier", {}, ["person", "person"], clock=3)
    with pytest.raises(BadTable, match="bot for empty seats"):
        tables.create("fournier", {}, ["person", "person"], bot="nobody")


def test_join_lists_open_tables_and_a_quick_seat_takes_one(tables: Tables) -> None:
    private = tables.create("fournier", {}, ["person", "person"])
    listed = tables.create("barajamos", {}, ["person", "person", "person"], listed=True)
    assert [t.id for t in tables.listed()] == [listed.table]
    table, seat, key = tables.quick_seat(LEARNERS[0])
    assert (table, seat, key) == (listed.table, 0, listed.keys[0])
    assert tables.quick_seat(LEARNERS[0])[1] == 0  # the same learner keeps his seat
    assert tables.take_open_seat(listed.table, LEARNERS[1])[0] == 1
    assert tables.take_open_seat(listed.table, LEARNERS[2])[0] == 2
    assert tables.info(listed.table).status == "playing"  # every person seat taken
    with pytest.raises(SeatTaken):
        tables.take_open_seat(listed.table, LEARNERS[3])
    with pytest.raises(SeatTaken, match="no listed table"):
        tables.quick_seat(LEARNERS[3])
    assert tables.info(private.table).status == "open"


def test_a_script_opening_every_link_starts_the_table(tables: Tables) -> None:
    made = tables.create("fournier", {}, ["person", "person", "expert"])
    tables.sit(made.table, 0, made.keys[0])
    assert tables.info(made.table).status == "open"
    tables.sit(made.table, 1, made.keys[1])
    assert tables.info(made.table).status == "playing"


def test_the_clock_gives_a_late_seat_to_a_bot_until_he_takes_it_back(tables: Tables) -> None:
    made = tables.create("fournier", {}, ["person", "person"], clock=60)
    for seat, key in made.keys.items():
        tables.sit(made.table, seat, key, LEARNERS[seat])
    page = seat_page(tables.page(made.table, 0, made.keys[0]))
    late = page.view.turn
    assert page.clock_left is not None and 59 <= page.clock_left <= 60
    now = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
    assert not tables.tick(made.table, now + datetime.timedelta(seconds=30))
    assert tables.tick(made.table, now + datetime.timedelta(seconds=61))
    info = tables.info(made.table)
    assert info.seats[late].bot_playing and info.moves == 1
    # While the bot holds the seat it plays on, at the bots' pace, without waiting.
    assert tables.tick(made.table)
    assert tables.info(made.table).moves == 2
    back = tables.take_back(made.table, late, made.keys[late])
    assert not back.seats[late].bot_playing


def test_a_poll_plays_the_due_bot_and_shows_its_move(tables: Tables) -> None:
    made = tables.create("fournier", {}, ["person", "greedy"])
    tables.sit(made.table, 0, made.keys[0], LEARNERS[0])
    before = tables.info(made.table)
    page = tables.poll(made.table, 0, made.keys[0])
    if page.view.turn == 0 and before.moves == 0:  # his turn: nothing is due, nothing moves
        assert page.info.moves == 0
        play_as_bot(tables, made.table, 0, made.keys[0])
        play_as_bot(tables, made.table, 0, made.keys[0])
        page = tables.poll(made.table, 0, made.keys[0])
    assert page.info.moves == tables.info(made.table).moves >= 1
    assert page.info.version == tables.version(made.table)
    assert page.info.seats[0].connected


def test_a_player_who_left_is_played_by_the_bot(tables: Tables) -> None:
    tables.away = 20.0
    made = tables.create("fournier", {}, ["person", "person"])
    for seat, key in made.keys.items():
        tables.sit(made.table, seat, key, LEARNERS[seat])
    turn = tables.page(made.table, 0, made.keys[0]).view.turn
    now = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
    assert not tables.tick(made.table, now + datetime.timedelta(seconds=5))
    assert tables.tick(made.table, now + datetime.timedelta(seconds=25))
    assert tables.info(made.table).seats[turn].bot_playing
    # He moves himself: the seat is his again.
    page = tables.page(made.table, turn, made.keys[turn])
    tables.play(made.table, turn, made.keys[turn], page.view.legal[0], page.info.version)
    assert not tables.info(made.table).seats[turn].bot_playing


def test_a_whole_game_ends_with_a_record_that_replays(tables: Tables) -> None:
    made = tables.create("fournier", {}, ["person", "greedy"])
    tables.sit(made.table, 0, made.keys[0], LEARNERS[0])
    for _ in range(5000):
        info = tables.info(made.table)
        if info.finished:
            break
        if not tables.tick(made.table):
            play_as_bot(tables, made.table, 0, made.keys[0])
    page = seat_page(tables.page(made.table, 0, made.keys[0]))
    assert page.info.status == "over" and page.final is not None and page.final.is_over
    record = read_record(tables.record(made.table))
    assert record.seed == seed_of(tables, made.table)
    assert record.final.totals == page.final.totals
    assert tables.mine(LEARNERS[0]) == []


def test_a_table_nobody_plays_for_a_day_is_closed_and_kept(tables: Tables) -> None:
    made = tables.create("fournier", {}, ["person", "person"])
    tables.sit(made.table, 0, made.keys[0], LEARNERS[0])
    later = datetime.datetime.now(datetime.UTC).replace(tzinfo=None) + datetime.timedelta(
        days=1, minutes=1)
    assert tables.close_idle(later) == 1
    assert tables.info(made.table).status == "closed"
    assert "[Seed" in tables.record(made.table)


def age(tables: Tables, table: int, days: float) -> None:
    """Move the table's last move ``days`` back (as if nobody had played since)."""
    with tables.store.engine.begin() as connection:
        moved = connection.scalar(select(PlayTable.moved_at).where(PlayTable.id == table))
        connection.execute(update(PlayTable).where(PlayTable.id == table).values(
            moved_at=moved - datetime.timedelta(days=days)))


def test_every_read_closes_its_own_idle_table_lobby_or_not(tables: Tables) -> None:
    made = tables.create("fournier", {}, ["person", "person"])
    other = tables.create("fournier", {}, ["person", "greedy"])
    for seat, key in made.keys.items():
        tables.sit(made.table, seat, key, LEARNERS[seat])
    tables.sit(other.table, 0, other.keys[0], LEARNERS[2])
    age(tables, made.table, 0.9)
    assert tables.poll(made.table, 0, made.keys[0]).info.status == "playing"
    age(tables, made.table, 0.2)
    age(tables, other.table, 2)
    before = tables.version(made.table)
    page = tables.poll(made.table, 1, made.keys[1])  # a seat's page polling, no lobby run
    assert page.info.status == "closed" and page.info.version == before + 1
    assert tables.version(made.table) == before + 1  # closed once, by that read
    assert "[Seed" in tables.record(made.table)
    assert tables.info(other.table).status == "closed"  # a plain read closes it too
    assert tables.close_idle() == 0  # nothing left for cron


def test_show_carries_no_hidden_card(tables: Tables) -> None:
    made = tables.create("fournier", {}, ["person", "person"])
    for seat, key in made.keys.items():
        tables.sit(made.table, seat, key, LEARNERS[seat])
    loaded = tables._load(made.table)
    state = tables._state(loaded)
    public = shown(tables.read(made.table))
    mine = shown(tables.page(made.table, 1, made.keys[1]))
    assert "hand" not in public and "seed" not in str(public).lower()
    assert mine["hand"] == [c.code() for c in state.hands[1] or ()]
    hidden = {c.code() for c in state.stock} | {c.code() for c in state.hands[0] or ()}
    hidden -= {c.code() for c in state.hands[1] or ()} | {c.code() for c in state.pile}
    words = set(str(mine).replace("'", " ").replace(",", " ").replace("[", " ")
                .replace("]", " ").split())
    assert not hidden & words
    assert public["stock"] == len(state.stock) and public["version"] == loaded.row.version
    with pytest.raises(WrongKey):
        tables.page(made.table, 1, made.keys[0])


def test_forgetting_a_learner_frees_nothing_but_his_name(tables: Tables) -> None:
    made = tables.create("fournier", {}, ["person", "person"])
    tables.sit(made.table, 0, made.keys[0], LEARNERS[0])
    tables.store.forget(LEARNERS[0])
    seat = tables.info(made.table).seats[0]
    assert seat.learner_id is None and seat.taken


def test_the_seed_is_a_server_secret_until_the_end(tables: Tables) -> None:
    made = tables.create("fournier", {}, ["person", "person"])
    tables.sit(made.table, 0, made.keys[0], LEARNERS[0])
    page = seat_page(tables.page(made.table, 0, made.keys[0]))
    assert page.final is None
    assert not hasattr(page.info, "seed") and not hasattr(page.view, "seed")
    assert not hasattr(page, "state")  # the page gets the seat's view, not the game
    state = new_game(get_rules("fournier", players=2), 2, seed_of(tables, made.table))
    assert page.view.hand == state.hands[0]


def test_a_master_seat_plays_at_a_table(tables: Tables) -> None:
    made = tables.create("fournier", {}, ["person", "master"])
    tables.sit(made.table, 0, made.keys[0], LEARNERS[0])
    by_bot = 0
    for _ in range(30):
        if tables.info(made.table).finished:
            break
        if tables.tick(made.table):
            by_bot += 1
        else:
            play_as_bot(tables, made.table, 0, made.keys[0])
    assert by_bot >= 10 and tables.info(made.table).moves >= 20
