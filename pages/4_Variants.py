"""Variants: the four rule profiles compared side by side, each cell citing its source."""

from __future__ import annotations

import streamlit as st

from chinchon.views.i18n import t
from chinchon.views.sources import Footnotes
from chinchon.views.variants import columns, compare, shown_rows
from webui import variants
from webui.ui import current_rules, house_code, setup_page, show_footnotes

lang, rules_id = setup_page("variants")
st.title(t("page.variants", lang))
st.markdown(t("variants.intro", lang))

left, right = st.columns(2)
sources = left.toggle(t("variants.show_sources", lang), value=True, key="variants-sources")
only_diff = right.toggle(t("variants.only_differences", lang), key="variants-only-diff")
notes = Footnotes()

# The table's house rules, when it plays some, are a fifth column; it is "yours" then.
grid = columns(current_rules(rules_id), house=house_code(rules_id) is not None)
rows = shown_rows(compare(lang, grid.profiles), grid, only_differences=only_diff)
names = variants.column_names(grid, lang)
variants.show_comparison(rows, grid, names, notes, lang, sources=sources)
st.caption(t("variants.legend", lang, profile=names[0].split(" (")[0]))

st.header(t("variants.disagreements", lang), divider="green")
for row in rows:
    if row.disagree and row.explanation:
        st.markdown(f"**{row.label}.** {row.explanation}")

st.header(t("disclose.heading", lang), divider="green")
st.markdown(t("disclose.intro", lang))
variants.show_readings(rows, grid, notes, lang)

# Every source marked on the page, once, by title and publisher.
st.divider()
show_footnotes(notes, lang)
