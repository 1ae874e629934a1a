"""The Puzzles page keeps the learner's progress (AppTest): the first answer is written before
the verdict shows, the rating and its change appear, the streak survives a new session, and a
database that goes away (a real PostgreSQL stopped) leaves the page working, says progress is
not being saved, and writes the queued attempts when it is back."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from streamlit.testing.v1 import AppTest

from chinchon.puzzles import load_all, solve
from chinchon.store.store import Store
from harness.postgres import Cluster
from tests.support.pages import open_page
from webui import progress

PAGE = "pages/5_Puzzles.py"
NOT_SAVED = "Progress is not being saved"


def take_puzzles() -> list:
    return [p for p in load_all(check=False) if p.question == "take" and not p.options]


def moves(puzzle) -> tuple[str, str]:
    """The labels of the right and the wrong button of a take puzzle."""
    right = "Draw from the stock" if solve(puzzle).answers == ("stock",) else "Take the"
    return right, ("Take the" if right != "Take the" else "Draw from the stock")


def click(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label.startswith(label)).click()
    return at.run()


def goto(at: AppTest, puzzle_id: str) -> AppTest:
    """Open another puzzle in the same session, as a link from My progress does (the page
    reads the URL on arriving from another page)."""
    at.switch_page("pages/7_My_progress.py").run()
    assert not at.exception
    at.query_params["puzzle"] = puzzle_id
    at.switch_page(PAGE)
    return at.run()


def session(learner_id: str | None = None, **query: str) -> AppTest:
    at = open_page()
    if learner_id is not None:
        at.session_state["progress_learner"] = learner_id  # what the cookie says
    at.query_params.clear()
    for key, value in query.items():
        at.query_params[key] = value
    at.switch_page(PAGE)
    return at.run()


@pytest.fixture
def store() -> Store:
    return Store(os.environ["CHINCHON_DB_URL"])


def test_the_first_answer_is_written_and_moves_the_rating(store: Store) -> None:
    puzzle = take_puzzles()[0]
    right, wrong = moves(puzzle)
    at = click(session(puzzle=puzzle.id, lang="en"), wrong)
    learner = at.session_state["progress_learner"]
    (first,) = store.attempts(learner)
    assert (first.puzzle_id, first.correct, first.first, first.hint) == (
        puzzle.id, False, True, False)
    assert first.answer == ("take" if wrong.startswith("Take") else "stock")
    rating = store.learner_ratings(learner)["barajamos" if puzzle.rules_id == "barajamos"
                                            else puzzle.rules_id]
    (metric,) = at.metric  # the rating, shown from the first answer on
    assert metric.value == f"{rating.rating.rating:.0f}"
    assert metric.delta == f"{first.change:+.0f}".replace("-", "\u2212")  # a true minus
    assert first.change < 0 and metric.proto.color == metric.proto.MetricColor.RED
    assert metric.proto.direction == metric.proto.MetricDirection.DOWN
    assert metric.label == "Puzzle rating (provisional)"  # one answer: the deviation is high
    at = click(at, right)  # a second try at the same showing is not a new attempt
    assert store.count_attempts([learner]) == 1
    assert not any(NOT_SAVED in w.value for w in at.warning)


def test_the_streak_and_score_survive_a_new_session(store: Store) -> None:
    learner = None
    for puzzle in take_puzzles()[:2]:
        at = click(session(learner, puzzle=puzzle.id, lang="en"), moves(puzzle)[0])
        learner = at.session_state["progress_learner"]
    again = session(learner, lang="en")  # a reload: a new session, the same cookie
    assert any(c.value.endswith("Streak 2 · solved 2 of 2") for c in again.caption)


def test_the_next_puzzle_of_a_new_learner_is_easy() -> None:
    at = click(session(lang="en", rules="fournier"), "Another puzzle")  # before an answer
    shown = at.query_params["puzzle"]
    assert next(p for p in load_all(check=False) if p.id == shown).difficulty == "easy"


@pytest.fixture
def postgres_store(postgres: Cluster, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    opened = Store(postgres.create_database())
    monkeypatch.setattr(progress, "store", lambda: opened)
    yield opened
    opened.close()


def test_a_database_that_goes_away_loses_nothing(postgres: Cluster,
                                                 postgres_store: Store) -> None:
    puzzles = take_puzzles()[:2]
    at = click(session(puzzle=puzzles[0].id, lang="en"), moves(puzzles[0])[0])
    learner = at.session_state["progress_learner"]
    assert postgres_store.count_attempts([learner]) == 1
    postgres.stop()
    try:
        at = click(goto(at, puzzles[1].id), moves(puzzles[1])[1])
        assert not at.exception
        assert any("Not the best" in e.value for e in at.error)  # the page goes on
        assert any(NOT_SAVED in w.value and ": 1." in w.value for w in at.warning)
    finally:
        postgres.start()
    at = at.run()  # the next rerun writes what waited
    assert not any(NOT_SAVED in w.value for w in at.warning)
    assert [a.puzzle_id for a in postgres_store.attempts(learner)] == [p.id for p in puzzles]


def test_the_next_puzzle_follows_the_sidebars_options() -> None:
    at = session(lang="en", rules="barajamos", decks="2")
    for _ in range(3):
        shown = next(p for p in load_all(check=False) if p.id == at.query_params["puzzle"])
        assert dict(shown.options) == {"decks": 2}
        at = click(at, "Another puzzle")


def test_an_answer_after_forget_me_elsewhere_says_so_and_starts_anew(store: Store) -> None:
    puzzles = take_puzzles()[:2]
    at = click(session(puzzle=puzzles[0].id, lang="en"), moves(puzzles[0])[0])
    learner = at.session_state["progress_learner"]
    store.forget(learner)  # from another tab or device
    at = click(goto(at, puzzles[1].id), moves(puzzles[1])[0])
    assert not at.exception
    assert any("is not known to this site" in w.value for w in at.warning)
    assert at.session_state["progress_learner"] is None
    third = take_puzzles()[2]
    at = click(goto(at, third.id), moves(third)[0])
    fresh = at.session_state["progress_learner"]
    assert fresh not in (None, learner)
    assert [a.puzzle_id for a in store.attempts(fresh)] == [third.id]
