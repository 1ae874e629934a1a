"""The end of a hand on the Play page (AppTest): the grade of your last decision whoever closed,
the review's decision list opening a move, stepping the hand move by move, "Retry this move"
(graded, not rated), and a reload right after your own close.
"""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from chinchon.game.actions import Discard, Draw
from chinchon.views import play as play_model
from chinchon.views import review as rv
from chinchon.views import seat_coach
from tests.support.pages import open_page

PAGE = "pages/9_Play.py"
#: The issue's game: a bot closes right after your second throw (you played the coach's moves).
BOT_CLOSES = {"rules": "barajamos", "seats": "greedy,greedy", "seed": "573763"}


def _buttons(at: AppTest) -> dict[str, object]:
    return {b.key: b for b in at.button if b.key}


def _played(query: dict[str, str]) -> play_model.Game:
    """The first hand of ``query``'s game, you playing the coach's best moves."""
    game = play_model.new_game(play_model.parse_setup(query["rules"], {}, query["seats"], query["seed"]))
    game = game.catch_up()
    while not game.state.results:
        game = game.play(seat_coach.hint(game.state)[0]) if game.your_turn else game.play_bot()
    return game


def _texts(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown]


def test_a_bot_closing_after_your_throw_still_shows_your_grade_and_decisions() -> None:
    game = _played(BOT_CLOSES)
    assert game.state.results[0].closer != seat_coach.HUMAN
    at = open_page(PAGE, **BOT_CLOSES, moves=game.code(), lang="en")
    assert not at.exception
    assert "End of hand 1" in [h.value for h in at.header]
    # The grade of your last decision, in its own box, before the lay-offs.
    last = play_model.decisions(game, 1)[-1]
    heading = [h.proto.body for h in at.get("html") if "your last decision" in h.proto.body]
    assert heading and 'data-grade="best"' in heading[0]
    assert any(text.startswith("Best move: throwing") for text in _texts(at))
    keys = _buttons(at)
    rows = [k for k in keys if k.startswith("play_decision_1_")]
    assert rows == [f"play_decision_1_{i}" for i in play_model.decisions(game, 1)]
    assert keys[f"play_decision_1_{last}"].label.startswith(f"{len(rows)}. ")
    # Counts in one row: the accuracy and every grade.
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Accuracy"] == "100%" and metrics["best"] == str(len(rows))


def test_a_row_opens_its_move_and_the_buttons_step_the_hand() -> None:
    game = _played(BOT_CLOSES)
    moves = rv.hand_moves(game, 1)
    at = open_page(PAGE, **BOT_CLOSES, moves=game.code(), lang="en")
    assert f"Move **1** of {len(moves)}" in _texts(at)
    # How to step: the keys on a keyboard, a tap on a phone (CSS shows one of the two).
    hint = next(h.proto.body for h in at.get("html") if "data-keys-hint" in h.proto.body)
    assert "the ← → keys step too" in hint and "tap the ‹ › buttons to step" in hint
    assert "@media (pointer: coarse), (max-width: 640px)" in hint
    first = game.actions[moves[0]]
    who = "You" if game.states[moves[0]].turn == seat_coach.HUMAN else "Bot"
    assert any(t.startswith(f"**{who}") for t in _texts(at)), first
    # A row of the decision list opens that move: yours, with its grade and the retry button.
    mine = play_model.decisions(game, 1)[1]
    at = _buttons(at)[f"play_decision_1_{mine}"].click().run()
    step = moves.index(mine) + 1
    assert f"Move **{step}** of {len(moves)}" in _texts(at)
    assert "play_retry_open_1" in _buttons(at)
    # ▶ goes to the next move (a bot's or yours), ⏮ back to the first.
    at = _buttons(at)["play_review_step_1-next"].click().run()
    assert f"Move **{step + 1}** of {len(moves)}" in _texts(at)
    at = _buttons(at)["play_review_step_1-first"].click().run()
    assert f"Move **1** of {len(moves)}" in _texts(at)
    assert _buttons(at)["play_review_step_1-back"].disabled


def test_retry_a_draw_grades_the_new_choice_without_rating_it() -> None:
    game = _played(BOT_CLOSES)
    draw = next(i for i in play_model.decisions(game, 1) if isinstance(game.actions[i], Draw))
    at = open_page(PAGE, **BOT_CLOSES, moves=game.code(), lang="en")
    at = _buttons(at)[f"play_decision_1_{draw}"].click().run()
    before = dict(at.session_state["play_verdicts"])
    at = _buttons(at)["play_retry_open_1"].click().run()
    assert any("choose again" in i.value for i in at.info)
    played = game.actions[draw]
    other = "play_retry_take_1" if played.source == "stock" else "play_retry_stock_1"  # type: ignore[union-attr]
    at = _buttons(at)[other].click().run()
    assert not at.exception
    retried = at.session_state["play_retry_1_verdict"]
    assert retried is not None and retried.chosen.move.action != (
        "stock" if played.source == "stock" else "take")  # type: ignore[union-attr]
    assert retried.grade != "best"  # you played the best: the other draw is worse
    # Not rated: the game's grades are those of the moves you played.
    assert dict(at.session_state["play_verdicts"]) == before
    at = _buttons(at)["play_retry_done_1"].click().run()
    assert "play_retry_open_1" in _buttons(at)


def test_a_reload_after_your_own_close_returns_to_the_end_of_that_hand() -> None:
    """Seed 3: after your close the bots before you play in the next deal; the address (your
    moves) reloads to the end of hand 1, its review included, not to the next deal."""
    query = {"rules": "barajamos", "seats": "greedy,greedy", "seed": "3"}
    game = _played(query)
    assert game.state.results[0].closer == seat_coach.HUMAN
    assert isinstance(game.actions[-1], Discard) and game.actions[-1].close
    again = play_model.load(play_model.parse_setup("barajamos", {}, "greedy,greedy", "3"), game.code())
    assert len(again.catch_up().actions) > len(game.actions)  # bots move on at once
    at = open_page(PAGE, **query, moves=game.code(), lang="en")
    assert not at.exception
    assert "End of hand 1" in [h.value for h in at.header]
    assert "You closed." in _texts(at)
    assert "Your decisions in this hand" in [s.value for s in at.subheader]
    assert "play_next_deal" in _buttons(at)
