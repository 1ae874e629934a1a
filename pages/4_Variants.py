"""Variants: the four rule profiles compared in one table, each cell citing its source."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from chinchon.engine.rules import PROFILE_IDS
from chinchon.views.i18n import t
from chinchon.views.sources import Footnotes, source
from chinchon.views.variants import Cell, compare
from webui.ui import setup_page, show_footnotes

DIFFER = "background-color: #fcefcc"
YOURS = "background-color: #eef3ea; font-weight: 600"
OURS_STYLE = "font-style: italic; color: #6b4a12"

lang, rules_id = setup_page("variants")
profile = t(f"profile.{rules_id}.name", lang)
st.title(t("page.variants", lang))
st.markdown(t("variants.intro", lang))

left, right = st.columns(2)
show_sources = left.toggle(t("variants.show_sources", lang), value=True, key="variants-sources")
only_diff = right.toggle(t("variants.only_differences", lang), key="variants-only-diff")
notes = Footnotes()


def cell_text(cell: Cell, key: str) -> str:
    if key == "source":  # the sources row: the publishers, each with its mark
        marks: dict[str, list[str]] = {}
        for file in cell.citations:
            marks.setdefault(source(file).publisher, []).append(notes.mark(file))
        return ", ".join(f"{publisher} {' '.join(m)}" for publisher, m in marks.items())
    marks = notes.marks(cell.citations) if show_sources else ""
    return f"{cell.text} {marks}".strip()


rows = [row for row in compare(lang)
        if not only_diff or any(row.differs(rid, rules_id) for rid in PROFILE_IDS)]
# Your profile first, then the others in their usual order.
order = [rules_id, *(rid for rid in PROFILE_IDS if rid != rules_id)]
columns = [t(f"profile.{rid}.name", lang)
           + (f" ({t('variants.current', lang)})" if rid == rules_id else "") for rid in order]
frame = pd.DataFrame(
    [[cell_text(row.cells[rid], row.key) for rid in order] for row in rows],
    index=pd.Index([row.label for row in rows], name=t("variants.parameter", lang)),
    columns=columns,
)
styles = pd.DataFrame(
    [["; ".join(s for s, on in ((YOURS, rid == rules_id), (DIFFER, row.differs(rid, rules_id)),
                                (OURS_STYLE, row.cells[rid].ours)) if on)
      for rid in order] for row in rows],
    index=frame.index, columns=frame.columns,
)
styler = (frame.style.apply(lambda _: styles, axis=None)
          .set_properties(**{"white-space": "pre-wrap", "vertical-align": "top"}))
st.table(styler)
st.caption(t("variants.legend", lang, profile=profile))
show_footnotes(notes, lang)

st.header(t("variants.disagreements", lang), divider="green")
for row in rows:
    if row.disagree and row.explanation:
        st.markdown(f"**{row.label}.** {row.explanation}")
