"""Issue 23 item 2 under AppTest: a game of the Play page counts only when this learner played
it here. A game dealt on the form, or a shared deal played from its first move, is written
move by move and counts once finished (My progress lists it, numbered, with its result and a
link that replays it); a crafted finished-game address, a friend's link opened under way and a
teacher-mode game record nothing that counts; a seed changed under the moves is named."""

from __future__ import annotations

import os
from urllib.parse import parse_qs, urlparse

import pytest
from streamlit.testing.v1 import AppTest

from chinchon.store.store import Store
from chinchon.views import play as play_model
from chinchon.views import seat_coach
from tests.pages.test_page_play import PAGE, _buttons, _instant, _play_to_the_end
from tests.support.pages import open_as, open_page


@pytest.fixture(scope="module")
def store() -> Store:
    return Store(os.environ["CHINCHON_DB_URL"])


def as_learner(learner_id: str | None, instant: bool = True, **query: str) -> AppTest:
    """The Play page in a new session (a reload, another browser) of ``learner_id``, as the
    learner's cookie would say, at the address ``query`` (``instant``: the bots' pace then
    set to "at once")."""
    at = open_as(learner_id, PAGE, **query)
    return _instant(at) if instant else at


def moves(at: AppTest, count: int) -> AppTest:
    """Play ``count`` of your moves with "Play the best move for me" (confirming what a close
    shows, and going on to the next deal, as the page asks)."""
    played = 0
    while played < count:
        keys = _buttons(at)
        key = next(k for k in ("play_close_confirm", "play_next_deal", "play_hint_move")
                   if k in keys)
        at = keys[key].click().run()  # type: ignore[attr-defined]
        played += key != "play_next_deal"
        assert not at.exception
    return at


def texts(at: AppTest) -> str:
    kinds = ("markdown", "caption", "success", "error", "warning", "info")
    return "\n".join(str(e.value) for kind in kinds for e in at.get(kind))


def finished_offline(rules: str, seats: str, seed: str) -> play_model.Game:
    """A whole game computed without the site (as a script would craft it)."""
    game = play_model.new_game(play_model.parse_setup(rules, {}, seats, seed))
    while not game.over:
        game = game.play(seat_coach.hint(game.state)[0]) if game.your_turn else game.play_bot()
    return game


def test_a_game_dealt_on_the_form_is_written_move_by_move_and_counts(store: Store) -> None:
    at = _instant(open_page(PAGE, rules="jeux-de-cartes", lang="en"))
    next(b for b in at.button if b.label == "Deal").click().run()
    at = moves(at, 2)
    learner = at.session_state["progress_learner"]
    (row,) = store.played_games(learner)
    assert (row.origin, row.finished, row.moves) == ("new", False, at.query_params["moves"])
    assert at.query_params["check"] == row.deal
    at, _ = _play_to_the_end(at)
    (kept,) = store.played_games(learner, counted=True)
    seed = at.query_params["seed"]
    game = play_model.load(play_model.parse_setup("jeux-de-cartes", {}, "greedy,greedy", seed), kept.moves)
    assert game.over and kept.id == row.id and kept.accuracy == 1.0
    assert kept.result == {"winner": game.state.winner, "totals": list(game.state.totals)}
    at.run()  # the game-over page again: still one game
    assert len(store.played_games(learner)) == 1
    at.switch_page("pages/7_My_progress.py").run()
    assert not at.exception
    frame = at.dataframe[-1].value
    assert list(frame["Accuracy (%)"]) == [100.0] and list(frame["Game"]) == [1]
    assert frame["Result"][0].startswith("Won" if game.state.winner == 0 else "Lost")
    link = urlparse(frame["Review"][0])
    assert link.path == "Play" and parse_qs(link.query)["moves"] == [kept.moves]


def test_a_shared_deal_counts_once_played_from_its_first_move(store: Store) -> None:
    at = as_learner(None, rules="fournier", seats="greedy", seed="9", lang="en")
    assert "progress_learner" not in at.session_state or not at.session_state["progress_learner"]
    at = moves(at, 1)  # his first move makes the deal his
    learner = at.session_state["progress_learner"]
    (row,) = store.played_games(learner)
    assert row.origin == "link" and not row.teacher
    # A reload (a new session of the same learner) finds his game: it goes on counting.
    again = as_learner(learner, rules="fournier", seats="greedy", seed="9",
                       moves=at.query_params["moves"], check=at.query_params["check"],
                       lang="en")
    assert "does not count" not in texts(again)
    again, _ = _play_to_the_end(again)
    assert [g.id for g in store.played_games(learner, counted=True)] == [row.id]


def test_a_crafted_finished_game_address_records_no_game(store: Store) -> None:
    game = finished_offline("fournier", "greedy", "4")
    learner = store.new_learner()
    at = as_learner(learner, rules="fournier", seats="greedy", seed="4", moves=game.code(),
                    lang="en")
    assert not at.exception
    assert any("The game is over" in h.value for h in at.header)
    assert "a replay" in texts(at)
    assert store.played_games(learner) == []


def test_a_shared_link_opened_by_a_second_learner_records_no_game(store: Store) -> None:
    first = moves(as_learner(None, rules="fournier", seats="greedy", seed="12", lang="en"), 3)
    owner = first.session_state["progress_learner"]
    link = {k: first.query_params[k] for k in ("rules", "seats", "seed", "moves", "check")}
    friend = store.new_learner()
    at = as_learner(friend, **link, lang="en")
    assert "a replay" in texts(at)
    at, _ = _play_to_the_end(at)  # he may play it on: it never becomes his
    assert store.played_games(friend) == []
    (kept,) = store.played_games(owner)
    assert kept.moves == link["moves"] and not kept.finished
    # "Play this deal from the start" deals it again for him: that game is his.
    at = as_learner(friend, **link, lang="en")
    at = at.button(key="played_from_start").click().run()
    at = moves(at, 1)
    (mine,) = store.played_games(friend)
    assert mine.origin == "link" and mine.deal == kept.deal


def test_a_teacher_mode_game_never_counts(store: Store) -> None:
    at = as_learner(None, rules="fournier", seats="greedy", seed="5", lang="en", teacher="1")
    at = moves(at, 1)
    learner = at.session_state["progress_learner"]
    assert "does not count in your progress" in texts(at)
    at, _ = _play_to_the_end(at)
    (row,) = store.played_games(learner)
    assert row.finished and row.teacher and store.played_games(learner, counted=True) == []


def test_the_hands_shown_face_up_mid_game_stop_it_counting(store: Store) -> None:
    at = moves(as_learner(None, rules="fournier", seats="greedy", seed="6", lang="en"), 1)
    learner = at.session_state["progress_learner"]
    at = at.toggle(key="play_teacher").set_value(True).run()
    at = at.toggle(key="play_teacher").set_value(False).run()  # face down again: too late
    at, _ = _play_to_the_end(at)
    (row,) = store.played_games(learner)
    assert row.finished and row.teacher and not row.counts


def test_a_seed_changed_under_the_moves_is_named(store: Store) -> None:
    at = moves(as_learner(None, rules="fournier", seats="greedy", seed="7", lang="en"), 2)
    changed = {k: at.query_params[k] for k in ("rules", "seats", "moves", "check")}
    other = as_learner(None, instant=False, **changed, seed="8", lang="en")
    assert not other.exception
    (error,) = other.error
    assert "another deal than number 8" in error.value
    assert any(b.label == "Start this deal again" for b in other.button)
    # The same address with its own seed opens the game.
    same = as_learner(None, instant=False, **changed, seed="7", lang="en")
    assert not same.error
