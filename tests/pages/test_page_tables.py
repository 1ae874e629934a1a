"""The Tables page under AppTest: the lobby, a table made with the page's own form, the waiting
room with its links, a seat's table drawn from that seat's view only, and a named message for
every bad address, key or table (never a traceback, never another seat's cards)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from chinchon.store.store import Store
from chinchon.store.tables import Tables
from tests.support.pages import open_page

PAGE = "pages/9_Tables.py"


@pytest.fixture
def tables() -> Tables:
    return Tables(Store(os.environ["CHINCHON_DB_URL"]))


def _texts(at: AppTest) -> str:
    found = [e.value for e in at.error] + [e.value for e in at.warning]
    return " ".join(str(text) for text in found)


def _html(at: AppTest) -> str:
    return " ".join(e.proto.body for e in at.get("html"))


def test_the_lobby_creates_a_table_and_shows_its_links() -> None:
    at = open_page(PAGE, lang="en", rules="fournier")
    assert not at.exception
    assert {"tables_create", "tables_quick", "tables_code_go"} <= {b.key for b in at.button}
    at = next(b for b in at.button if b.key == "tables_create").click().run()
    assert not at.exception
    assert {"table", "seat", "key"} <= set(at.query_params)
    assert at.query_params["seat"] == ["0"] or at.query_params["seat"] == "0"
    codes = [c.value for c in at.code]
    assert len(codes) == 3 and all("seat=" in c and "key=" in c for c in codes)
    assert "tables_start" in {b.key for b in at.button}


@pytest.mark.parametrize(("query", "words"), [
    ({"table": "x", "seat": "0", "key": "k"}, "table link is broken"),
    ({"table": "1", "seat": "0", "key": "<b>"}, "table link is broken"),
    ({"table": "999999", "seat": "0", "key": "abc"}, "no such table"),
])
def test_bad_addresses_are_named(query: dict[str, str], words: str) -> None:
    at = open_page(PAGE, lang="en", **query)
    assert not at.exception
    assert words in _texts(at).lower()


def test_a_wrong_key_gets_a_named_message_and_no_view(tables: Tables) -> None:
    made = tables.create("fournier", {}, ["person", "person"])
    at = open_page(PAGE, lang="en", table=str(made.table), seat="1", key=made.keys[0])
    assert not at.exception
    assert "does not open that seat" in _texts(at)
    assert "data-table-version" not in _html(at)


def test_a_seat_plays_its_tables_rules_not_the_sidebars(tables: Tables) -> None:
    made = tables.create("ludoteka", {}, ["person", "person"])
    at = open_page(PAGE, lang="en", rules="fournier", table=str(made.table), seat="0",
                   key=made.keys[0])
    assert not at.exception
    assert "rules" not in at.query_params  # the sidebar's profile is not this seat's
    assert not [box for box in at.sidebar.selectbox if box.key == "_rules_select"]
    assert any("its own rules" in str(c.value) for c in at.sidebar.caption)
    assert any("ludoteka" in str(c.value) for c in at.caption)
    lobby = open_page(PAGE, lang="en", rules="fournier")
    assert lobby.query_params["rules"] in ("fournier", ["fournier"])  # the lobby keeps it


def _components(node: object) -> list[Any]:
    """Every custom component of the page (the card buttons carry their data in them)."""
    found = []
    for child in getattr(node, "children", {}).values():
        if getattr(child, "type", None) == "bidi_component":
            found.append(child)
        found += _components(child)
    return found


def test_a_seat_sees_its_own_cards_only(tables: Tables) -> None:
    made = tables.create("fournier", {}, ["person", "person"])
    tables.sit(made.table, 0, made.keys[0])
    at = open_page(PAGE, lang="es", table=str(made.table), seat="1", key=made.keys[1])
    assert not at.exception
    state = tables._state(tables._load(made.table))
    assert tables.info(made.table).status == "playing"
    markup = _html(at)
    assert f'data-table-version="{tables.version(made.table)}"' in markup
    assert f'data-seat-to-play="{state.turn}"' in markup
    tree = " ".join(str(e.proto) for e in _components(at._tree)) + markup
    # The scan can fail: the seat's own cards are there, as codes and face names.
    assert all(f"/{c.code()}.svg" in tree for c in state.hands[1] or ())
    mine = {c.code() for c in state.hands[1] or ()} | {c.code() for c in state.pile}
    for card in {c.code() for c in (*state.stock, *(state.hands[0] or ()))} - mine:
        assert f'"{card}"' not in tree and f"/{card}.svg" not in tree


def test_after_the_game_the_review_the_record_and_my_progress(tables: Tables) -> None:
    from sqlalchemy import func, select

    from chinchon.store.schema import PlayedGame as Game

    fast = Tables(tables.store, pace=0.0, away=0.0)  # the person is away: a bot plays him
    made = fast.create("fournier", {}, ["person", "greedy"])
    fast.sit(made.table, 0, made.keys[0])
    for _ in range(5000):
        if fast.info(made.table).finished:
            break
        fast.tick(made.table)
    with tables.store.engine.connect() as connection:
        before = connection.scalar(select(func.count()).select_from(Game))
    at = open_page(PAGE, lang="fr", table=str(made.table), seat="0", key=made.keys[0])
    assert not at.exception
    assert at.get("download_button"), "the record can be downloaded"
    assert next(m.label for m in at.metric) == "Précision"
    with tables.store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(Game)) == before + 1
    nexts = [b for b in at.button if b.key and b.key.endswith("_next")]
    if nexts:
        at = nexts[0].click().run()
        assert not at.exception and at.get("html")
    at.run()  # a rerun keeps the game once
    with tables.store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(Game)) == before + 1
    learner = at.session_state["progress_learner"]
    kept = tables.store.played_games(learner, counted=True)
    assert [(g.origin, g.setup["table"], g.seat) for g in kept] == [
        ("table", str(made.table), 0)], "the table's game counts in his My progress"


def test_the_review_opens_a_mistake_in_the_hand_lab_or_as_a_puzzle(tables: Tables) -> None:
    from chinchon.game.players import make_bot

    fast = Tables(tables.store, pace=0.0, away=3600.0)
    made = fast.create("fournier", {}, ["person", "greedy"])
    fast.sit(made.table, 0, made.keys[0])
    me = make_bot("random", "me")  # seat 0 plays at random: mistakes follow
    while not fast.info(made.table).finished:
        page = fast.page(made.table, 0, made.keys[0])
        if page.view.my_turn:
            fast.play(made.table, 0, made.keys[0], me.choose(page.view), page.info.version)
        else:
            fast.tick(made.table)
    at = open_page(PAGE, lang="en", table=str(made.table), seat="0", key=made.keys[0])
    assert not at.exception
    assert not [link for link in at.get("page_link") if "position" in link.proto.label], (
        "the links come with the mistake shown")
    at = next(b for b in at.button if b.key and b.key.endswith("_next")).click().run()
    assert not at.exception
    links = {link.label: link.proto for link in at.get("page_link")}
    assert links["Open this position in the hand lab"].page == "Hand_lab"
    puzzle = links["Open this position as a puzzle"]
    assert puzzle.page == "Puzzles"
    assert "hand=" in puzzle.query_string and "rules=fournier" in puzzle.query_string
