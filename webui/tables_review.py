"""The Tables page after the game (issue 20): who won, the record to download, and each
person's review of his own decisions with the Play page's pieces (the coach's grades, the next
mistake, the links that open its position in the hand lab or as a puzzle), the game kept in his
My progress.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import streamlit as st

from chinchon.services import tables as service
from chinchon.store.tables import Tables
from chinchon.views import coach
from chinchon.views.i18n import t
from chinchon.views.tables import SeatPage
from webui.cards import show_cards
from webui.play_board import action_text, percent, show_verdict
from webui.review_steps import position_links

#: The session's state as the service takes it (Streamlit's keys may be ints too; ours are not).
STATE = cast(service.State, st.session_state)


def tr(key: str, lang: str, **values: object) -> str:
    return t(f"tables.{key}", lang, **values)


def game_over(found: Tables, page: SeatPage, names: Sequence[str], lang: str) -> None:
    """The finished (or closed) table: who won, the totals, the record to download, and this
    seat's review."""
    final = page.final
    assert final is not None
    if page.info.status == "closed":
        st.info(tr("closed", lang))
    else:
        winner = final.winner
        st.success(tr("winner", lang, who=names[winner]) if winner is not None
                   else tr("no_winner", lang))
    st.dataframe([{tr("col_seat", lang): names[s], tr("col_total", lang): total}
                  for s, total in enumerate(final.totals)], hide_index=True)
    record = found.record(page.info.id)
    st.download_button(tr("download", lang), record, file_name=f"table-{page.info.id}.txt",
                       mime="text/plain", icon=":material/download:", key="tables_download")
    review(page, names, lang)


def review(page: SeatPage, names: Sequence[str], lang: str) -> None:
    """The coach's grades of this seat's decisions, its accuracy, and the game kept in My
    progress (once)."""
    st.subheader(t("play.review_game", lang))
    decisions = service.graded(STATE, page)
    if decisions is None:
        with st.spinner(t("play.review_grading", lang)):
            decisions = service.grade(STATE, page)
    summary = service.summary(decisions)
    accuracy = summary.accuracy
    counts = summary.counts()
    cols = st.columns(len(coach.GRADES) + 1)
    cols[0].metric(t("play.accuracy", lang), percent(accuracy, lang) if accuracy is not None
                   else "—")
    for col, name in zip(cols[1:], coach.GRADES, strict=True):
        col.metric(t(f"coach.grade.{name}", lang), counts[name])
    st.dataframe([{t("play.col.hand", lang): d.state.hand,
                   t("play.col.move", lang): action_text(d.action, names, page.seat,
                                                         d.state.top, lang),
                   t("play.col.grade", lang): t(f"coach.grade.{d.verdict.grade}", lang)}
                  for d in decisions], hide_index=True)
    mistakes = summary.mistakes()
    if not mistakes:
        st.caption(t("play.no_mistakes", lang))
    else:
        st.button(t("play.next_mistake", lang, n=len(mistakes)), icon=":material/search:",
                  key=f"{service.review_key(page)}_next", on_click=service.next_mistake,
                  args=(STATE, page, mistakes))
        at = service.mistake_shown(STATE, page)
        if at is not None:
            shown = decisions[at]
            st.markdown(t("play.mistake_at", lang, n=at + 1,
                          move=action_text(shown.action, names, page.seat, shown.state.top,
                                           lang)))
            show_cards([c.code() for c in shown.verdict.position.hand], lang, width=48)
            show_verdict(shown.verdict, lang, heading=t("play.review_grade", lang))
            with st.container(horizontal=True):
                position_links(shown.verdict.position, lang)
    keep(page, float(accuracy) if accuracy is not None else None)


def keep(page: SeatPage, accuracy: float | None) -> None:
    """The finished game into this person's My progress, once."""
    kept = service.to_keep(STATE, page, accuracy)
    if kept is None:
        return
    from webui.played import table_game

    key = st.query_params.get("key") or ""  # the seat's page is only drawn for its right key
    table_game(kept.table, kept.seat, key, kept.rules_code, kept.seats, kept.actions,
               kept.result, kept.accuracy)
    service.mark_kept(STATE, kept)
