"""A finished game of the Play page is kept for the learner (AppTest): once, with the review's
accuracy and the address that replays it; My progress then lists it."""

from __future__ import annotations

import os

from chinchon.store import Store
from chinchon.views import table as tb
from tests.pages import open_page
from tests.test_page_play import PAGE, _instant, _play_to_the_end


def test_a_finished_game_is_kept_once_with_its_accuracy() -> None:
    at = _instant(open_page(PAGE, rules="jeux-de-cartes", seats="greedy", seed="3", lang="en"))
    at, _ = _play_to_the_end(at)
    learner = at.session_state["progress_learner"]
    store = Store(os.environ["CHINCHON_DB_URL"])
    (kept,) = store.games(learner)
    game = tb.load(tb.parse_setup("jeux-de-cartes", {}, "greedy", "3"), at.query_params["moves"])
    assert (kept.rules_id, kept.seats, kept.seat, kept.accuracy) == ("jeux-de-cartes", 2, 0, 1.0)
    assert kept.result == {"winner": game.state.winner, "totals": list(game.state.totals)}
    assert kept.record_text.startswith("/Play?") and f"moves={game.code()}" in kept.record_text
    at.run()  # the game-over page again: not a second row
    assert len(store.games(learner)) == 1
    at.switch_page("pages/7_My_progress.py").run()
    assert not at.exception
    assert "My games" in [s.value for s in at.subheader]
    frame = at.dataframe[-1].value
    assert list(frame["Accuracy (%)"]) == [100.0]
