"""The worksheet download buttons (Class dashboard, Puzzles page): the PDF is made only when
the button is clicked, on A4 or US letter."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from chinchon.puzzles import Puzzle
from chinchon.views import worksheet
from chinchon.views.i18n import t


@st.cache_data(show_spinner=False, max_entries=32)
def _pdf(puzzle_ids: tuple[str, ...], lang: str, paper: str) -> bytes:
    from chinchon.puzzles import find_puzzle

    return worksheet.pdf([find_puzzle(p) for p in puzzle_ids], lang, answers=True, paper=paper)


def download_button(puzzles: Sequence[Puzzle], lang: str, *, key: str) -> None:
    """A paper choice and a button that downloads the worksheet of ``puzzles`` (shipped
    puzzles, answer key at the end) in ``lang``."""
    ids = tuple(p.id for p in puzzles)
    if not ids:
        return
    c1, c2 = st.columns([1, 2])
    paper = c1.selectbox(t("worksheet.paper", lang), tuple(worksheet.PAPERS), key=f"{key}_paper",
                         format_func=lambda p: t(f"worksheet.paper.{p}", lang),
                         label_visibility="collapsed")
    c2.download_button(t("worksheet.download", lang, count=len(ids)),
                       lambda: _pdf(ids, lang, paper), file_name=f"worksheet-{ids[0]}.pdf",
                       mime="application/pdf", key=key, icon=":material/print:",
                       on_click="ignore")
