"""The Play rating on the pages (issue 22 item 3), under AppTest: My progress shows it per
profile beside the puzzle rating, provisional at first, a teacher-mode game left out; the Play
page suggests the level rated nearest it and preselects it."""

from __future__ import annotations

import os

import pytest

from chinchon.game import ladder
from chinchon.game.names import BOT_NAMES
from chinchon.puzzles import pool
from chinchon.store.rows.attempts import Attempt
from chinchon.store.rows.played import Played
from chinchon.store.store import Store
from chinchon.views.play_rating import play_ratings
from tests.support.pages import open_as

PROGRESS, PLAY = "pages/7_My_progress.py", "pages/9_Play.py"


@pytest.fixture(scope="module")
def store() -> Store:
    return Store(os.environ["CHINCHON_DB_URL"])


def won(learner: str, level: str, seed: int, *, teacher: bool = False) -> Played:
    setup = {"rules": "fournier", "seats": level, "seed": str(seed)}
    game = Played.new(learner, "fournier", setup, f"deal{seed}", seats=2, origin="new")
    return game.finish("AQID", 4, {"winner": 0, "totals": [3, 101]}, 0.9, teacher=teacher)


def test_my_progress_shows_the_play_rating_without_the_teacher_game(store: Store) -> None:
    learner = store.new_learner()
    games = [won(learner, "expert", 1), won(learner, "expert", 2)]
    for game in games:
        store.save_played(game)
    store.save_played(won(learner, "random", 3, teacher=True))  # face up: never counts
    expected = play_ratings(games, ladder.load())["fournier"]
    at = open_as(learner, PROGRESS, rules="fournier", lang="en")
    assert not at.exception
    (metric,) = [m for m in at.metric if m.label.startswith("Play rating")]
    assert metric.label == "Play rating (Fournier) (provisional)"
    assert metric.value == f"{expected.rating.rating:.0f}"
    spanish = open_as(learner, PROGRESS, rules="fournier", lang="es")
    assert any(m.label.startswith("Valoración en partidas (Fournier)") for m in spanish.metric)


def test_the_play_page_suggests_the_level_nearest_the_play_rating(store: Store) -> None:
    newcomer = open_as(None, PLAY, rules="fournier", lang="en")
    assert not newcomer.exception
    assert any(c.value.startswith("Suggested for you: greedy.") for c in newcomer.caption)
    learner = store.new_learner()
    for seed in range(4):
        store.save_played(won(learner, "expert", seed))
    rating = play_ratings(store.played_games(learner, counted=True), ladder.load())["fournier"]
    wanted = ladder.nearest(rating.rating.rating, ladder.load(), BOT_NAMES)
    assert wanted is not None and wanted != "greedy"
    at = open_as(learner, PLAY, rules="fournier", lang="fr")
    assert not at.exception
    assert any(c.value.startswith("Suggéré pour vous") and
               f"({rating.rating.rating:.0f})" in c.value for c in at.caption)
    assert at.selectbox(key="play_level_0").value == wanted


def test_beside_the_puzzle_rating_the_play_rating_is_short_and_said_provisional(
        store: Store) -> None:
    learner = store.new_learner()
    puzzle = pool("fournier")[0]
    store.record_attempt(Attempt.new(learner, puzzle.id, "fournier", "1o", True,
                                     difficulty="easy"))
    game = won(learner, "greedy", 5)
    store.save_played(game)
    expected = play_ratings([game], ladder.load())["fournier"]
    at = open_as(learner, PROGRESS, rules="fournier", lang="en")
    assert not at.exception
    assert at.metric[1].label == "Play rating"
    assert at.metric[1].value == f"{expected.rating.rating:.0f}"
    assert any(c.value.startswith("Provisional: your Play rating is still unsure (deviation "
                                  f"{round(expected.rating.rd)})") for c in at.caption)
