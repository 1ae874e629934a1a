"""The Tables page after the game (issue 20): who won, the record to download, and each
person's review of his own decisions with the Play page's pieces (the coach's grades, the next
mistake, the links that open its position in the hand lab or as a puzzle), the game kept in his
My progress.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from chinchon.store.tables import PERSON, SeatPage, Tables
from chinchon.views import coach
from chinchon.views import tables as vt
from chinchon.views.i18n import t
from webui.cards import show_cards
from webui.play_board import action_text, percent, show_verdict
from webui.review_steps import position_links

S = st.session_state


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
    review(page, final, names, lang)


def review(page: SeatPage, final: Any, names: Sequence[str], lang: str) -> None:
    """The coach's grades of this seat's decisions, its accuracy, and the game kept in My
    progress (once)."""
    st.subheader(t("play.review_game", lang))
    key = f"tables_review_{page.info.id}_{page.seat}"
    if key not in S:
        with st.spinner(t("play.review_grading", lang)):
            S[key] = vt.seat_decisions(final, page.seat)
    decisions: tuple[vt.Decision, ...] = S[key]
    summary = coach.review(d.verdict for d in decisions)
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
        at_key = f"{key}_at"
        st.button(t("play.next_mistake", lang, n=len(mistakes)), icon=":material/search:",
                  key=f"{key}_next", on_click=_next_mistake, args=(at_key, mistakes))
        at = S.get(at_key)
        if at is not None:
            shown = decisions[at]
            st.markdown(t("play.mistake_at", lang, n=at + 1,
                          move=action_text(shown.action, names, page.seat, shown.state.top,
                                           lang)))
            show_cards([c.code() for c in shown.verdict.position.hand], lang, width=48)
            show_verdict(shown.verdict, lang, heading=t("play.review_grade", lang))
            with st.container(horizontal=True):
                position_links(shown.verdict.position, lang)
    keep(page, final, accuracy)


def _next_mistake(at_key: str, mistakes: Sequence[int]) -> None:
    current = S.get(at_key)
    later = [i for i in mistakes if current is None or i > current]
    S[at_key] = later[0] if later else mistakes[0]


def keep(page: SeatPage, final: Any, accuracy: Any) -> None:
    """The finished game into this person's My progress, once."""
    kept = f"tables_kept_{page.info.id}_{page.seat}"
    if S.get(kept) or page.info.seats[page.seat].kind != PERSON:
        return
    from webui.played import table_game

    key = st.query_params.get("key") or ""  # the seat's page is only drawn for its right key
    table_game(page.info.id, page.seat, key, final.rules.code(), final.seats, page.info.version,
               {"winner": final.winner, "totals": list(final.totals), "table": page.info.id,
                # each seat's bot level (None for a person): the Play rating's opponents
                "levels": [None if s.kind == PERSON else s.kind for s in page.info.seats]},
               float(accuracy) if accuracy is not None else None)
    S[kept] = True
