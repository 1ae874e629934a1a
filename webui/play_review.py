"""The Play page's end screens: the end of a hand (step by step, the scores, the sheet,
eliminations, your return decision), the end of the game with the winner, and the review of
your decisions (grades, accuracy, "next mistake" opening the position in the hand lab or as a
puzzle on the Puzzles page).
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import streamlit as st

from chinchon.game.state import Phase
from chinchon.views import coach
from chinchon.views import table as tb
from chinchon.views.i18n import card_name, fmt_number, t
from chinchon.views.puzzle import position_link
from webui.hand_end import show_hand_end, show_score_sheet
from webui.play_state import S, clear_game, decide_return, next_deal, tr
from webui.table import action_text, number, percent, show_verdict
from webui.ui import find_page, show_cards

# --- The end of a hand, the game's end, the review ------------------------------------------------


def show_hand_over(game: tb.Game, names: Sequence[str], lang: str) -> None:
    state = game.state
    index = S.get("play_ack", 0)
    result = state.results[index]
    seats = result.player_seats
    st.header(tr("hand_over", lang, n=result.hand), divider="green")
    if result.closer == tb.HUMAN:
        st.markdown(tr("you_closed", lang))
    elif result.closer is not None:
        st.markdown(tr("closed_by", lang, who=names[result.closer]))
    else:
        st.markdown(tr("no_closer", lang))
    show_hand_end(result.end, [names[s] for s in seats], lang, key=f"play_steps_{result.hand}",
                  you=names[tb.HUMAN])
    scores = ", ".join(f"{names[s]} {number(a, lang)}" for s, a in enumerate(result.scores))
    st.markdown(tr("hand_scores", lang, scores=scores))
    if result.out:
        st.warning(tr("eliminated", lang, who=", ".join(names[s] for s in result.out)))
    st.subheader(tr("sheet", lang))
    sheet = state.sheet
    show_score_sheet(sheet, names, lang, chart=False)
    if game.your_turn and state.phase is Phase.RETURN:
        left = sheet.returns_left(tb.HUMAN)
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


def show_game_over(game: tb.Game, names: Sequence[str], lang: str) -> None:
    state = game.state
    winner = state.winner
    st.header(tr("game_over", lang), divider="green")
    if winner is None:
        st.info(tr("draw_game", lang))
    elif winner == tb.HUMAN:
        st.success(tr("you_win", lang), icon=":material/trophy:")
    else:
        st.info(tr("winner", lang, who=names[winner]))
    show_score_sheet(state.sheet, names, lang)
    review_panel(game, names, lang, hand=None)
    st.button(tr("new_game", lang), on_click=clear_game, type="primary",
              icon=":material/restart_alt:", key="play_new_after")


def review_panel(game: tb.Game, names: Sequence[str], lang: str, hand: int | None) -> None:
    """Every graded decision (of one hand, or of the game), the accuracy and "next mistake"."""
    indexes = tb.decisions(game, hand)
    st.subheader(tr("review_hand" if hand is not None else "review_game", lang))
    if not indexes:
        st.caption(tr("review_empty", lang))
        return
    with st.spinner(tr("review_grading", lang)):
        graded = tb.verdicts(game, indexes, S.get("play_verdicts", {}))
    S.play_verdicts = {**S.get("play_verdicts", {}), **graded}
    summary = coach.review(graded[i] for i in indexes if i in graded)
    accuracy = summary.accuracy
    counts = summary.counts()
    cols = st.columns(len(coach.GRADES) + 1)
    cols[0].metric(tr("accuracy", lang), percent(accuracy, lang) if accuracy is not None
                   else "—")
    for col, name in zip(cols[1:], coach.GRADES, strict=True):
        col.metric(t(f"coach.grade.{name}", lang), counts[name])
    rows = []
    for number_, index in enumerate(indexes, 1):
        verdict = graded.get(index)
        state = game.states[index]
        rows.append({
            "#": number_, tr("col.hand", lang): state.hand,
            tr("col.move", lang): action_text(game.actions[index], names, tb.HUMAN, state.top,
                                              lang),
            tr("col.grade", lang): t(f"coach.grade.{verdict.grade}", lang) if verdict else "—",
            # Written as the page's language writes numbers, like the coach's sentence.
            tr("col.chance", lang): percent(verdict.chance_loss, lang) if verdict else "—",
            tr("col.points", lang): fmt_number(verdict.points_loss, lang, 2) if verdict else "—"})
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    mistakes = [indexes[i] for i in summary.mistakes()]
    key = f"play_review_at_{hand}"
    if not mistakes:
        st.caption(tr("no_mistakes", lang))
        return
    at = S.get(key)

    def next_mistake() -> None:
        current = S.get(key)
        later = [i for i in mistakes if current is None or i > current]
        S[key] = later[0] if later else mistakes[0]

    st.button(tr("next_mistake", lang, n=len(mistakes)), on_click=next_mistake,
              icon=":material/search:", key=f"play_next_mistake_{hand}")
    if at in graded:
        verdict = graded[at]
        position = verdict.position
        st.markdown(tr("mistake_at", lang, n=indexes.index(at) + 1,
                       move=action_text(game.actions[at], names, tb.HUMAN, position.top, lang)))
        show_cards([c.code() for c in position.hand], lang, width=48)
        if position.top is not None:
            st.caption(tr("pile_top", lang, card=card_name(position.top.code(), lang)))
        show_verdict(verdict, lang, heading=tr("review_grade", lang))
        lab, puzzles = find_page("hand_lab"), find_page("puzzles")
        with st.container(horizontal=True):
            if lab is not None:
                st.page_link(lab, label=tr("open_lab", lang), icon=":material/science:",
                             query_params={**coach.hand_lab_query(position), "lang": lang})
            if puzzles is not None:
                st.page_link(puzzles, label=tr("open_puzzle", lang), icon=":material/extension:",
                             query_params={**position_link(position), "lang": lang})
