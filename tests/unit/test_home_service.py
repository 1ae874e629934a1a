"""Where a returning learner left off (chinchon.services.home), without Streamlit: a newcomer
has nothing, a miss waits under its own rules, and a Play game left unfinished is rebuilt
from the store once per step."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from chinchon import puzzles as pz
from chinchon.services import home, progress
from chinchon.store.rows.attempts import Attempt
from chinchon.store.rows.played import Played
from chinchon.store.store import Store

SETUP = {"rules": "fournier", "seats": "greedy", "seed": "3"}


@pytest.fixture
def store() -> Iterator[Store]:
    opened = Store("sqlite://")
    yield opened
    opened.close()


def test_a_newcomer_left_nothing_and_an_away_database_says_none(store: Store) -> None:
    found = home.left_off({}, store, "barajamos")
    assert found == home.LeftOff(None, (), None) and not found.returning
    assert home.left_off({}, None, "barajamos") is None


def test_a_miss_waits_under_its_own_rules(store: Store) -> None:
    learner = store.new_learner()
    puzzle = pz.pool("barajamos", options={})[0]
    store.record_attempt(Attempt.new(learner, puzzle.id, puzzle.rules_id, None, False,
                                     difficulty=puzzle.difficulty))
    state: dict[str, Any] = {progress.LEARNER: learner}
    found = home.left_off(state, store, "barajamos")
    assert found is not None and found.returning
    assert found.misses == (puzzle.id,) and found.rating is not None
    other = home.left_off(state, store, "fournier")
    assert other is not None and not other.returning


def test_an_unfinished_game_is_rebuilt_once_per_step(store: Store) -> None:
    learner = store.new_learner()
    store.save_played(Played.new(learner, "fournier", SETUP, "d1", seats=2, origin="table"))
    state: dict[str, Any] = {progress.LEARNER: learner}
    assert home.game_in_progress(state, store) is None  # a table's game is the Tables page's
    store.save_played(Played.new(learner, "fournier", SETUP, "d2", seats=2, origin="new"))
    found = home.game_in_progress(state, store)
    assert found is not None
    query, total = found
    assert (query["rules"], query["seed"], total) == ("fournier", "3", 0)
    rebuilt = home.stored_game_in_progress(state, store)
    assert rebuilt is not None and home.stored_game_in_progress(state, store) is rebuilt
    assert home.game_in_progress({}, store) is None  # nobody's
