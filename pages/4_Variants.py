"""Variants: the four rule profiles compared in one table, each cell citing its source."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from chinchon.engine.rules import all_profiles
from chinchon.views import disclosures
from chinchon.views.i18n import t
from chinchon.views.variants import Cell, compare
from webui.ui import citation_text, current_rules, house_code, setup_page

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


# The table's house rules, when it plays some, are a fifth column.
current = current_rules(rules_id)
playing_house = house_code(rules_id) is not None
profiles = all_profiles() + ((current,) if playing_house else ())
PROFILE_IDS = [rules.code() for rules in profiles]
rows = [row for row in compare(lang, profiles) if row.disagree or not only_diff]
columns = {
    rules.code(): (t("variants.house_column", lang, name=t(f"profile.{rules.id}.name", lang))
                   if playing_house and rules is current else t(f"profile.{rules.id}.name", lang))
    + (f" ({t('variants.current', lang)})" if rules.code() == current.code() else "")
    for rules in profiles
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

st.header(t("disclose.heading", lang), divider="green")
st.markdown(t("disclose.intro", lang))
for row in rows:
    found = {d.key: d for rules in profiles
             for d in disclosures.for_row(rules.id, row.key, house=playing_house)}
    for item in found.values():
        who = ", ".join(t(f"profile.{p}.name", lang) if p != disclosures.HOUSE
                        else t("disclose.house", lang) for p in item.profiles)
        extra = f" {t('disclose.choosable', lang)}" if item.choosable else ""
        st.markdown(f"**{row.label}** · {who} — {t('disclose.prefix', lang, source=item.source)} "
                    f"{t(disclosures.text_key(item), lang)}{extra}")
