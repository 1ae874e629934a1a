"""The store's games of the Play page (issue 23 item 2), on SQLite and PostgreSQL: a later
step wins over an earlier one written late, face up stays face up, only finished games never
face up count, forget me deletes them, and the outbox keeps the latest step while the
database is away."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from chinchon.services.progress import Outbox
from chinchon.store.played import PlayedError
from chinchon.store.rows.played import Played
from chinchon.store.store import Store
from tests.unit.test_store import url  # noqa: F401 - the fixture: a new database on each backend

SETUP = {"rules": "fournier", "seats": "greedy", "seed": "3"}


@pytest.fixture
def store(url: str) -> Iterator[Store]:  # noqa: F811
    opened = Store(url)
    yield opened
    opened.close()


def new(learner: str, deal: str = "abc123") -> Played:
    return Played.new(learner, "fournier", SETUP, deal, seats=2, origin="new")


def test_the_latest_step_wins_and_face_up_stays(store: Store) -> None:
    learner = store.new_learner()
    game = new(learner)
    first, second = game.moved("AQ", 2), game.moved("AQ", 2).moved("AQID", 4, teacher=True)
    store.save_played(second)
    store.save_played(first)  # written late (a retry): changes nothing
    (row,) = store.played_games(learner)
    assert (row.moves, row.actions, row.step, row.teacher) == ("AQID", 4, 2, True)
    store.save_played(second.moved("AQ", 2))  # a take-back: shorter, later, still face up
    (row,) = store.played_games(learner)
    assert (row.moves, row.teacher) == ("AQ", True)


def test_only_finished_games_never_face_up_count(store: Store) -> None:
    learner = store.new_learner()
    result = {"winner": 0, "totals": [3, 101]}
    store.save_played(new(learner, "d1").finish("AQ", 2, result, 0.75))
    store.save_played(new(learner, "d2").finish("AQ", 2, result, 0.9, teacher=True))
    store.save_played(new(learner, "d3").moved("AQ", 2))
    counted = store.played_games(learner, counted=True)
    assert [(g.deal, g.accuracy, g.result) for g in counted] == [("d1", 0.75, result)]
    assert {g.deal for g in store.played_of_deal(learner, "d3")} == {"d3"}
    assert store.played_of_deal(store.new_learner(), "d1") == []


def test_forget_me_deletes_the_played_games(store: Store) -> None:
    learner = store.new_learner()
    store.save_played(new(learner).moved("AQ", 2))
    assert store.forget(learner) == 2  # the game and the learner
    assert not store.has_learner(learner)


def test_a_bad_field_or_another_learners_id_is_refused(store: Store) -> None:
    learner, other = store.new_learner(), store.new_learner()
    game = new(learner)
    with pytest.raises(PlayedError, match="not a deal digest: '<b>'"):
        store.save_played(Played(game.id, learner, "fournier", SETUP, "<b>", 2))
    store.save_played(game)
    stolen = Played(game.id, other, "fournier", SETUP, game.deal, 2, step=9)
    with pytest.raises(PlayedError, match="belongs to another learner"):
        store.save_played(stolen)


def test_the_outbox_keeps_the_latest_step_while_the_database_is_away(store: Store) -> None:
    learner = store.new_learner()
    box = Outbox()
    game = new(learner).moved("AQ", 2, teacher=True)
    box.add_played(game)
    box.add_played(game.moved("AQID", 4))  # the same game, later: one entry
    assert box.flush(None) == [] and len(box) == 1 and box.error
    box.flush(store)
    assert len(box) == 0 and box.error is None
    (row,) = store.played_games(learner)
    assert (row.moves, row.teacher) == ("AQID", True)
