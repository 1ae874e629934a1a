"""Variants: the four rule profiles compared in one table, each cell citing its source."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from chinchon.engine.rules import PROFILE_IDS
from chinchon.views.i18n import t
from chinchon.views.variants import Cell, compare
from webui.ui import citation_text, setup_page

DIFFER = "background-color: #fcefcc"
OURS_STYLE = "font-style: italic; color: #6b4a12"
MARK = "✎ "

lang, rules_id = setup_page("variants")
st.title(t("page.variants", lang))
st.markdown(t("variants.intro", lang))

left, right = st.columns(2)
show_sources = left.toggle(t("variants.show_sources", lang), value=True, key="variants-sources")
only_diff = right.toggle(t("variants.only_differences", lang), key="variants-only-diff")


def cite_text(cell: Cell) -> str:
    return t("variants.source_note", lang, sources=citation_text(cell.citations, lang))


def cell_text(cell: Cell, cited: bool) -> str:
    text = (MARK if cell.ours else "") + cell.text
    return f"{text}\n({cite_text(cell)})" if show_sources and cited else text


rows = [row for row in compare(lang) if row.disagree or not only_diff]
columns = {
    rid: t(f"profile.{rid}.name", lang)
    + (f" ({t('variants.current', lang)})" if rid == rules_id else "")
    for rid in PROFILE_IDS
}
frame = pd.DataFrame(
    [[cell_text(row.cells[rid], row.key != "source") for rid in PROFILE_IDS] for row in rows],
    index=pd.Index([row.label for row in rows], name=t("variants.parameter", lang)),
    columns=list(columns.values()),
)
styles = pd.DataFrame(
    [
        [
            "; ".join(
                s for s, on in ((DIFFER, row.disagree), (OURS_STYLE, row.cells[rid].ours)) if on
            )
            for rid in PROFILE_IDS
        ]
        for row in rows
    ],
    index=frame.index,
    columns=frame.columns,
)
styler = (
    frame.style.apply(lambda _: styles, axis=None)
    .apply_index(lambda labels: [DIFFER if row.disagree else "" for row in rows], axis="index")
    .set_properties(**{"white-space": "pre-wrap", "vertical-align": "top"})
)
st.table(styler)
st.caption(t("variants.legend", lang))

st.header(t("variants.disagreements", lang), divider="green")
for row in rows:
    if row.disagree and row.explanation:
        st.markdown(f"**{row.label}.** {row.explanation}")
