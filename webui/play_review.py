"""The Play page's end screens: the end of a hand (step by step, the scores, the sheet,
eliminations, your return decision), the end of the game with the winner, and the review of
your decisions (grades, accuracy, "next mistake" opening the position in the hand lab or as a
puzzle on the Puzzles page).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import streamlit as st

from chinchon.game.state import Phase
from chinchon.views import coach, review, seat_coach
from chinchon.views import play as play_model
from chinchon.views.i18n import fmt_number, t
from webui import review_steps as rs
from webui.hand_end import show_hand_end, show_score_sheet
from webui.play_board import GRADE_COLOURS, action_text, number, percent, show_verdict
from webui.play_state import S, clear_game, coach_on, decide_return, next_deal, tr
from webui.stepper import current_step

# --- The end of a hand, the game's end, the review ------------------------------------------------


def show_hand_over(game: play_model.Game, names: Sequence[str], lang: str) -> None:
    state = game.state
    index = S.get("play_ack", 0)
    result = state.results[index]
    seats = result.player_seats
    st.header(tr("hand_over", lang, n=result.hand), divider="green")
    if result.closer == seat_coach.HUMAN:
        st.markdown(tr("you_closed", lang))
    elif result.closer is not None:
        st.markdown(tr("closed_by", lang, who=names[result.closer]))
    else:
        st.markdown(tr("no_closer", lang))
    show_last_decision(game, result.hand, lang)
    show_hand_end(result.end, [names[s] for s in seats], lang, key=f"play_steps_{result.hand}",
                  you=names[seat_coach.HUMAN])
    scores = ", ".join(f"{names[s]} {number(a, lang)}" for s, a in enumerate(result.scores))
    st.markdown(tr("hand_scores", lang, scores=scores))
    if result.out:
        st.warning(tr("eliminated", lang, who=", ".join(names[s] for s in result.out)))
    st.subheader(tr("sheet", lang))
    sheet = state.sheet
    show_score_sheet(sheet, names, lang, chart=False, you=seat_coach.HUMAN)
    if game.your_turn and state.phase is Phase.RETURN:
        left = sheet.returns_left(seat_coach.HUMAN)
        st.info(tr("return_question", lang, left="∞" if left is None else left))
        with st.container(horizontal=True):
            st.button(tr("return_yes", lang), on_click=decide_return, args=(True,),
                      type="primary", key="play_return_yes")
            st.button(tr("return_no", lang), on_click=decide_return, args=(False,),
                      key="play_return_no")
        return
    review_panel(game, names, lang, hand=result.hand)
    if not game.over or index + 1 < len(state.results):
        st.button(tr("next_deal", lang), on_click=next_deal, type="primary",
                  icon=":material/skip_next:", key="play_next_deal")
    else:
        st.button(tr("see_end", lang), on_click=next_deal, type="primary",
                  key="play_see_end")


def show_last_decision(game: play_model.Game, hand: int, lang: str) -> None:
    """The coach's grade of your last decision in ``hand``, whoever closed (a bot may close
    right after your throw: the grade is still yours to see)."""
    indexes = play_model.decisions(game, hand)
    if not indexes or not coach_on():
        return
    last = indexes[-1]
    known = S.get("play_verdicts", {})
    graded = play_model.verdicts(game, [last], known)
    if last not in graded:
        return
    S.play_verdicts = {**known, **graded}
    with st.container(border=True, key="play_last_decision"):
        show_verdict(graded[last], lang, heading=t("review.last_decision", lang))


def show_game_over(game: play_model.Game, names: Sequence[str], lang: str) -> None:
    state = game.state
    winner = state.winner
    st.header(tr("game_over", lang), divider="green")
    if winner is None:
        st.info(tr("draw_game", lang))
    elif winner == seat_coach.HUMAN:
        st.success(tr("you_win", lang), icon=":material/trophy:")
    else:
        st.info(tr("winner", lang, who=names[winner]))
    show_score_sheet(state.sheet, names, lang, you=seat_coach.HUMAN)
    review_panel(game, names, lang, hand=None)
    st.button(tr("new_game", lang), on_click=clear_game, type="primary",
              icon=":material/restart_alt:", key="play_new_after")


def review_panel(game: play_model.Game, names: Sequence[str], lang: str, hand: int | None) -> None:
    """Every graded decision (of one hand, or of the game): the accuracy and the grade counts,
    one row per decision, and for a hand its moves one by one with "Retry this move"."""
    indexes = play_model.decisions(game, hand)
    st.subheader(tr("review_hand" if hand is not None else "review_game", lang))
    if not indexes:
        st.caption(tr("review_empty", lang))
        return
    with st.spinner(tr("review_grading", lang)):
        graded = play_model.verdicts(game, indexes, S.get("play_verdicts", {}))
    S.play_verdicts = {**S.get("play_verdicts", {}), **graded}
    summary = coach.review(graded[i] for i in indexes if i in graded)
    accuracy = summary.accuracy
    st.html(f"<style>{rs.COUNTS_CSS}</style>")
    rs.show_counts(summary.counts(), percent(accuracy, lang) if accuracy is not None else "—",
                   lang)
    mistakes = [indexes[i] for i in summary.mistakes()]
    if hand is None:
        show_game_decisions(game, names, lang, indexes, graded)
    else:
        rs.show_decision_list(game, names, lang, hand, indexes, graded)
    if not mistakes:
        st.caption(tr("no_mistakes", lang))
    elif hand is not None:
        moves = review.hand_moves(game, hand)
        at = moves[current_step(rs.step_key(hand), len(moves)) - 1]
        later = [i for i in mistakes if i > at]
        st.button(tr("next_mistake", lang, n=len(mistakes)), on_click=rs.open_move,
                  args=(hand, (later or mistakes)[0], moves), icon=":material/search:",
                  key=f"play_next_mistake_{hand}")
    if hand is not None:
        rs.show_hand_steps(game, names, lang, hand, graded)


def show_game_decisions(game: play_model.Game, names: Sequence[str], lang: str,
                        indexes: Sequence[int], graded: Mapping[int, coach.Verdict]) -> None:
    """The game's decisions, one small card each (hand, move, grade, what it lost): it wraps on
    a phone where a grid would be cut on the right."""
    cards = []
    for count, index in enumerate(indexes, 1):
        verdict = graded.get(index)
        state = game.states[index]
        move = action_text(game.actions[index], names, seat_coach.HUMAN, state.top, lang)
        grade = verdict.grade if verdict else ""
        word = t(f"coach.grade.{grade}", lang) if verdict else "—"
        colour = GRADE_COLOURS.get(grade, "#888")
        lost = (f"{tr('col.chance', lang)} {percent(verdict.chance_loss, lang)} · "
                f"{tr('col.points', lang)} {fmt_number(verdict.points_loss, lang, 1)}"
                if verdict and not verdict.is_best else "")
        cards.append(
            f'<div data-decision="{index}" data-grade-of="{grade}" style="border:1px solid '
            f'rgba(128,128,128,.35);border-left:5px solid {colour};border-radius:8px;'
            f'padding:6px 10px;flex:1 1 220px;min-width:0">'
            f'<div style="font-size:.8rem;opacity:.75">{count} · '
            f'{html.escape(tr("col.hand", lang))} {state.hand}</div>'
            f'<div>{html.escape(move)}</div><div style="font-weight:700;color:{colour}">'
            f'{html.escape(word)}</div><div style="font-size:.8rem;opacity:.75">'
            f'{html.escape(lost)}</div></div>')
    st.html('<div style="display:flex;flex-wrap:wrap;gap:8px">' + "".join(cards) + "</div>")
