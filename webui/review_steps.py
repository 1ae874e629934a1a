"""The review of a hand on the Play page: your decisions (one row each, "mistakes and blunders
first" on request; a row opens its move), the whole hand move by move with the pile as it stood
(⏮ ◀ ▶ ⏭ and the arrow keys), and "Retry this move": the position set up again, you choose,
the coach grades the new choice (not rated: nothing is kept).

The model is :mod:`chinchon.views.review`; the words of a grade :mod:`webui.play_board`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import streamlit as st

from chinchon.game.actions import PILE, Discard, Draw
from chinchon.views import coach, seat_coach
from chinchon.views import play as play_model
from chinchon.views import review as rv
from chinchon.views.i18n import card_name, fmt_percent, t
from chinchon.views.puzzle import position_link
from webui.card_buttons import card_buttons, clicked_card
from webui.cards import show_cards
from webui.play_board import action_text, show_discards, show_verdict
from webui.play_state import S, face_up
from webui.stepper import go_to, step_controls
from webui.ui import find_page


def step_key(hand: int) -> str:
    return f"play_review_step_{hand}"


def retry_key(hand: int) -> str:
    return f"play_retry_{hand}"


def open_move(hand: int, index: int, moves: Sequence[int]) -> None:
    """Show move ``index`` of the hand in the step-by-step view (a row of the list, "next
    mistake")."""
    go_to(step_key(hand), moves.index(index) + 1, len(moves))
    S[retry_key(hand)] = None


# --- The list of your decisions ------------------------------------------------------------------


def show_counts(counts: Mapping[str, int], accuracy: str, lang: str) -> None:
    """The accuracy and each grade's count in one row (it fits a phone: see the CSS)."""
    with st.container(horizontal=True, key="play_grade_counts", gap="small"):
        st.metric(t("play.accuracy", lang), accuracy)
        for name, count in counts.items():
            st.metric(t(f"coach.grade.{name}", lang), count)


def show_decision_list(game: play_model.Game, names: Sequence[str], lang: str, hand: int,
                       indexes: Sequence[int], graded: Mapping[int, coach.Verdict]) -> None:
    """One row per decision (number, move, grade); a click opens that move below."""
    moves = rv.hand_moves(game, hand)
    worst = st.toggle(t("review.worst_first", lang), key=f"play_review_worst_{hand}")
    with st.container(key=f"play_decisions_{hand}", gap="small"):
        for index in rv.ordered(indexes, graded, worst):
            number = indexes.index(index) + 1
            verdict = graded.get(index)
            grade = t(f"coach.grade.{verdict.grade}", lang) if verdict else "—"
            move = action_text(game.actions[index], names, seat_coach.HUMAN, game.states[index].top,
                               lang)
            st.button(f"{number}. {move} · {grade}", key=f"play_decision_{hand}_{index}",
                      on_click=open_move, args=(hand, index, moves), width="stretch",
                      icon=_grade_icon(verdict.grade if verdict else None))


def _grade_icon(grade: str | None) -> str:
    return {"best": ":material/star:", "good": ":material/check:",
            "inaccuracy": ":material/help:", "mistake": ":material/error:",
            "blunder": ":material/cancel:"}.get(grade or "", ":material/remove:")


# --- The hand move by move ---------------------------------------------------------------------


def move_words(game: play_model.Game, names: Sequence[str], index: int, lang: str) -> str:
    """A move of the replay in words: "Bot 1 takes the 7 of oros from the pile", "You throw
    the 5 of copas" (a bot's card from the stock is never named)."""
    action, state = game.actions[index], game.states[index]
    seat = state.turn
    you = "you_" if seat == seat_coach.HUMAN else ""
    who = names[seat]
    if isinstance(action, Draw):
        if action.source == PILE and state.top is not None:
            return t(f"review.move.{you}take", lang, who=who, card=card_name(state.top.code(),
                                                                               lang))
        return t(f"review.move.{you}stock", lang, who=who)
    assert isinstance(action, Discard)
    kind = "close" if action.close else "discard"
    return t(f"review.move.{you}{kind}", lang, who=who, card=card_name(action.card.code(), lang))


def show_hand_steps(game: play_model.Game, names: Sequence[str], lang: str, hand: int,
                    graded: Mapping[int, coach.Verdict]) -> None:
    """The whole hand, one move at a time, with your grades and "Retry this move"."""
    moves = rv.hand_moves(game, hand)
    if not moves:
        return
    st.subheader(t("review.steps_title", lang))
    with st.container(border=True, key=f"play_review_steps_{hand}"):
        step = step_controls(step_key(hand), len(moves), lang, label="review.step_at")
        index = moves[step - 1]
        state = game.states[index]
        st.markdown(f"**{move_words(game, names, index, lang)}**")
        show_discards(game, names, lang, index=index)
        seat = state.turn
        held = state.hands[seat]
        retrying = seat == seat_coach.HUMAN and S.get(retry_key(hand)) == index
        if held is not None and (seat == seat_coach.HUMAN or face_up()) and not retrying:
            st.caption(t("review.you_held", lang) if seat == seat_coach.HUMAN
                       else t("review.held", lang, who=names[seat]))
            show_cards([card.code() for card in held], lang, width=48)
        verdict = graded.get(index)
        if seat != seat_coach.HUMAN or verdict is None:
            return
        if retrying:
            show_retry(verdict, lang, hand, index)
            return
        show_verdict(verdict, lang, heading=t("play.review_grade", lang))
        _hidden_note(game, index, lang)
        with st.container(horizontal=True):
            st.button(t("review.retry", lang), key=f"play_retry_open_{hand}",
                      on_click=_start_retry, args=(hand, index), icon=":material/replay:",
                      type="primary" if verdict.grade not in ("best", "good") else "secondary")
            position_links(verdict.position, lang)


def _hidden_note(game: play_model.Game, index: int, lang: str) -> None:
    """The master's sampled reading where the throw depends on the others' hidden cards."""
    note = rv.hidden_note(game, index)
    if note is None:
        return
    words = {"card": card_name(note.card.code(), lang), "chance": fmt_percent(note.chance, lang)}
    if note.safest is not None:
        words |= {"safest": card_name(note.safest.code(), lang),
                  "chance_safest": fmt_percent(note.safest_chance, lang)}
    st.caption(t(f"review.hidden.{note.kind}", lang, **words), help=t("review.hidden.help", lang))


def position_links(position: coach.Position, lang: str) -> None:
    """Open ``position`` in the hand lab, or as a puzzle (the Play and Tables reviews)."""
    lab, puzzles = find_page("hand_lab"), find_page("puzzles")
    if lab is not None:
        st.page_link(lab, label=t("play.open_lab", lang), icon=":material/science:",
                     query_params={**coach.hand_lab_query(position), "lang": lang})
    if puzzles is not None:
        st.page_link(puzzles, label=t("play.open_puzzle", lang), icon=":material/extension:",
                     query_params={**position_link(position), "lang": lang})


# --- Retry this move -------------------------------------------------------------------------------


def _start_retry(hand: int, index: int) -> None:
    S[retry_key(hand)] = index
    S.pop(f"{retry_key(hand)}_verdict", None)


def _stop_retry(hand: int) -> None:
    S[retry_key(hand)] = None
    S.pop(f"{retry_key(hand)}_verdict", None)


def _retried(hand: int, position: coach.Position, move: str) -> None:
    """Grade the new choice (kept for this screen only: a retry is not rated)."""
    try:
        S[f"{retry_key(hand)}_verdict"] = coach.grade(position, move)
    except coach.CoachError:
        S[f"{retry_key(hand)}_verdict"] = None


def _retry_card(hand: int, index: int, position: coach.Position) -> None:
    code = clicked_card(f"play_retry_cards_{hand}_{index}")
    if code is None:
        return
    close = bool(S.get(f"play_retry_close_{hand}_{index}"))
    closes = {e.move.action for e in coach.evaluate(position) if e.move.close}
    _retried(hand, position, f"{code}+close" if close and code in closes else code)


def show_retry(verdict: coach.Verdict, lang: str, hand: int, index: int) -> None:
    """The position again: you choose, the coach grades (not rated)."""
    position = verdict.position
    st.info(t("review.retry_prompt", lang), icon=":material/replay:")
    if position.decision == "draw":
        with st.container(horizontal=True):
            if position.top is not None:
                st.button(t("play.draw_pile", lang, card=card_name(position.top.code(), lang)),
                          key=f"play_retry_take_{hand}", on_click=_retried,
                          args=(hand, position, "take"))
            st.button(t("play.draw_stock", lang), key=f"play_retry_stock_{hand}",
                      on_click=_retried, args=(hand, position, "stock"))
    else:
        if any(e.move.close for e in coach.evaluate(position)):
            st.toggle(t("review.retry_close", lang), key=f"play_retry_close_{hand}_{index}")
        card_buttons([[card.code() for card in position.hand]], lang,
                     key=f"play_retry_cards_{hand}_{index}", label=t("review.retry_cards", lang),
                     on_click=lambda: _retry_card(hand, index, position), width=64, gap=6,
                     fit=True)
    again = S.get(f"{retry_key(hand)}_verdict")
    if again is not None:
        show_verdict(again, lang, heading=t("review.retry_grade", lang))
    st.button(t("review.retry_done", lang), key=f"play_retry_done_{hand}",
              on_click=_stop_retry, args=(hand,), icon=":material/close:")


#: Shown with the review: the grade counts stay one row on a phone (smaller figures, no wrap).
COUNTS_CSS = Path(__file__).with_name("review_steps.css").read_text(encoding="utf-8")

__all__ = [
    "COUNTS_CSS",
    "move_words",
    "open_move",
    "show_counts",
    "show_decision_list",
    "show_hand_steps",
    "show_retry",
    "step_key",
]
