"""The worksheet download buttons (Class dashboard, Puzzles page): the PDF is made only when
the button is clicked, on A4 or US letter, each puzzle judged under the house rules it is
played by (:meth:`chinchon.puzzles.Puzzle.under`, as the ``worksheet`` command does)."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from chinchon.puzzles import Puzzle
from chinchon.views import worksheet
from chinchon.views.i18n import t
from webui.ui import house_code


@st.cache_data(show_spinner=False, max_entries=32)
def _pdf(puzzles: tuple[tuple[str, str], ...], lang: str, paper: str) -> bytes:
    """The worksheet of ``puzzles``, each a shipped puzzle's id and the rules it is played
    under (its profile or a house code of it)."""
    from chinchon.puzzles import find_puzzle

    return worksheet.pdf([find_puzzle(p).under(rules) for p, rules in puzzles], lang,
                         answers=True, paper=paper)


def download_button(puzzles: Sequence[Puzzle], lang: str, *, key: str,
                    rules: str | None = None) -> None:
    """A paper choice and a button that downloads the worksheet of ``puzzles`` (shipped
    puzzles, answer key at the end) in ``lang``, under the house code ``rules`` (by default
    this session's house rules, as the Puzzles page judges the puzzles)."""
    played = tuple((p.id, p.under(rules if rules is not None else house_code(p.rules_id)).rules_id)
                   for p in puzzles)
    if not played:
        return
    c1, c2 = st.columns([1, 2])
    paper = c1.selectbox(t("worksheet.paper", lang), tuple(worksheet.PAPERS), key=f"{key}_paper",
                         format_func=lambda p: t(f"worksheet.paper.{p}", lang),
                         label_visibility="collapsed")
    c2.download_button(t("worksheet.download", lang, count=len(played)),
                       lambda: _pdf(played, lang, paper), file_name=f"worksheet-{played[0][0]}.pdf",
                       mime="application/pdf", key=key, icon=":material/print:",
                       on_click="ignore")
