"""The My progress page under AppTest, on the run's SQLite database (tests/browser/conftest.py): an
empty start, a learner's rating, history and misses, a transfer code used in another
session, a bad code, and forget me deleting every row."""

from __future__ import annotations

import os
import uuid

import pytest
from streamlit.testing.v1 import AppTest

from chinchon.puzzles import pool
from chinchon.store.rows.attempts import Attempt
from chinchon.store.rows.played import Played
from chinchon.store.store import GameRecord, Store
from tests.support.pages import open_as

PAGE = "pages/7_My_progress.py"


@pytest.fixture(scope="module")
def store() -> Store:
    return Store(os.environ["CHINCHON_DB_URL"])


def as_learner(learner_id: str | None, **query: str) -> AppTest:
    """The page in a new session whose learner is ``learner_id`` (as a cookie would say)."""
    return open_as(learner_id, PAGE, **query)


def texts(at: AppTest) -> str:
    kinds = ("title", "subheader", "markdown", "caption", "success", "error", "warning", "info")
    return "\n".join(str(e.value) for kind in kinds for e in at.get(kind))


def played(store: Store, rules: str = "barajamos") -> tuple[str, list[str]]:
    learner = store.new_learner()
    ids = [p.id for p in pool(rules)[:4]]
    for n, puzzle_id in enumerate(ids):
        store.record_attempt(Attempt.new(learner, puzzle_id, rules, "1o", n % 2 == 0,
                                         difficulty="easy"))
    return learner, ids


def test_a_new_visitor_sees_how_to_start() -> None:
    at = as_learner(None, lang="es")
    assert not at.exception
    assert "Aún no hay nada" in texts(at)
    assert any(b.label == "Continuar en otro dispositivo" and b.disabled for b in at.button)


def test_a_learners_rating_history_and_misses(store: Store) -> None:
    learner, ids = played(store)
    at = as_learner(learner, rules="barajamos", lang="en")
    assert not at.exception
    rating = store.learner_ratings(learner)["barajamos"].rating.rating
    assert at.metric[0].value == f"{rating:.0f}"
    assert at.metric[3].value == "4"  # after the Play rating (metric 1)
    assert f"Last attempt: puzzle {ids[-1]}" in texts(at)
    assert len(at.dataframe[0].value) == 4
    # Attempts 2 and 4 were wrong: they are the misses, most recent first.
    assert "Puzzles whose last try was not a solve without a hint: 2." in texts(at)
    assert any(b.label == "Retry my misses" for b in at.button)
    # Under another profile: no rating there yet, no misses.
    other = as_learner(learner, rules="fournier", lang="en")
    assert "No rated puzzle under these rules yet." in texts(other)
    assert "No miss under these rules" in texts(other)


def test_a_transfer_code_moves_the_learner_to_another_session(store: Store) -> None:
    learner, ids = played(store)
    at = as_learner(learner, lang="en")
    next(b for b in at.button if b.label == "Continue on another device").click().run()
    code = at.code[0].value
    assert len(code) == 9
    other = as_learner(None, lang="en")
    other.text_input(key="progress_code_input").input(code.lower()).run()
    next(b for b in other.button if b.label == "Continue with this code").click().run()
    assert not other.exception
    assert any("this browser now continues" in s.value for s in other.success)
    assert f"Last attempt: puzzle {ids[-1]}" in texts(other)
    # The code worked once.
    third = as_learner(None, lang="en")
    third.text_input(key="progress_code_input").input(code).run()
    next(b for b in third.button if b.label == "Continue with this code").click().run()
    assert any(code in e.value and "works once" in e.value for e in third.error)


def test_continue_on_another_device_gives_the_learner_a_fresh_id(store: Store) -> None:
    learner, ids = played(store)
    at = as_learner(learner, lang="en")
    next(b for b in at.button if b.label == "Continue on another device").click().run()
    fresh = at.session_state["progress_learner"]
    assert fresh != learner and not store.has_learner(learner)  # an old copy is worth nothing
    assert [a.puzzle_id for a in store.attempts(fresh)] == ids
    assert f"Last attempt: puzzle {ids[-1]}" in texts(at.run())  # this browser goes on
    other = as_learner(None, lang="en")
    other.text_input(key="progress_code_input").input(at.code[0].value).run()
    next(b for b in other.button if b.label == "Continue with this code").click().run()
    assert other.session_state["progress_learner"] == fresh


def test_a_bad_code_is_quoted_not_rendered() -> None:
    at = as_learner(None, lang="pt")
    at.text_input(key="progress_code_input").input("<b>x</b>").run()
    next(b for b in at.button if b.label == "Continuar com este código").click().run()
    assert not at.exception
    assert any("`<b>x</b>` não é um código" in e.value for e in at.error)


def test_forget_me_deletes_every_row(store: Store) -> None:
    learner, _ = played(store)
    at = as_learner(learner, lang="en")
    forget = next(b for b in at.button if b.label == "Forget me now")
    assert forget.disabled
    at.checkbox(key="progress_forget_sure").check().run()
    next(b for b in at.button if b.label == "Forget me now").click().run()
    assert not at.exception
    assert any("Forgotten: 6 rows deleted" in s.value for s in at.success)  # 4, rating, id
    assert not store.has_learner(learner)
    assert store.count_attempts([learner]) == 0
    assert "Nothing here yet" in texts(at)


def played_game(learner: str, seed: int, accuracy: float | None, *, teacher: bool = False,
                finished: bool = True) -> Played:
    """A game of the Play page as the page writes it: started, then finished (or not)."""
    setup = {"rules": "fournier", "seats": "greedy", "seed": str(seed)}
    game = Played.new(learner, "fournier", setup, f"deal{seed}", seats=2, origin="new")
    if not finished:
        return game.moved("AQ", 2, teacher=teacher)
    return game.finish("AQID", 4, {"winner": 0, "totals": [3, 101]}, accuracy, teacher=teacher)


def test_games_of_the_play_page_and_their_accuracy(store: Store) -> None:
    learner = store.new_learner()
    for n, accuracy in enumerate((0.62, 0.81)):
        store.save_played(played_game(learner, n, accuracy))
    store.save_played(played_game(learner, 7, 0.99, teacher=True))  # face up: never counts
    store.save_played(played_game(learner, 8, None, finished=False))  # under way
    # A finished game kept before issue 23 (from any address): not shown any more.
    store.record_game(GameRecord(uuid.uuid4().hex, learner, "fournier", {}, 2, 0, "old",
                                 {"seed": 9}, {"winner": 0}, 0.5))
    at = as_learner(learner, lang="fr")
    assert not at.exception
    assert "Mes parties" in texts(at)
    frame = at.dataframe[0].value
    assert list(frame["Précision (%)"]) == [81.0, 62.0]  # newest first
    assert list(frame["Partie"]) == [2, 1]
    assert list(frame["Résultat"]) == ["Gagnée · votre total 3"] * 2
    assert all(link.startswith("Play?rules=fournier&seats=greedy&seed=") and "moves=AQID" in link
               for link in frame["Revue"])
    chart = at.get("plotly_chart")[-1].proto.spec
    assert '"x":[1,2]' in chart.replace(" ", "")  # by game, not by time
    assert any(b.label == "Continuer sur un autre appareil" and not b.disabled for b in at.button)


def test_retry_my_misses_serves_them_one_after_the_other(store: Store) -> None:
    learner, ids = played(store)  # attempts 2 and 4 were wrong
    at = as_learner(learner, rules="barajamos", lang="en")
    next(b for b in at.button if b.label == "Retry my misses").click().run()
    assert not at.exception
    assert at.query_params["puzzle"] == ids[3]  # the most recent miss first
    # Before an answer, the filters' "Another puzzle" moves on.
    next(b for b in at.button if b.label == "Another puzzle").click().run()
    assert at.query_params["puzzle"] == ids[1]
