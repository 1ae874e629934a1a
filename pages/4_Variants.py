"""Variants: the four rule profiles compared in one table, each cell citing its source."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from chinchon.engine.rules import all_profiles
from chinchon.views import disclosures
from chinchon.views.i18n import t
from chinchon.views.sources import Footnotes
from chinchon.views.variants import Cell, compare
from webui.ui import current_rules, house_code, setup_page, show_footnotes

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
    if key == "source":  # the sources row: the publishers, each with its marks
        return notes.named(cell.citations)
    cited = notes.marks(cell.citations) if show_sources else ""
    return f"{cell.text} {cited}".strip()


# The table's house rules, when it plays some, are a fifth column; it is "yours" then.
current = current_rules(rules_id)
playing_house = house_code(rules_id) is not None
profiles = all_profiles() + ((current,) if playing_house else ())
yours = current.code() if playing_house else rules_id
# Your column first, then the others in their usual order.
order = [yours, *(rules.code() for rules in profiles if rules.code() != yours)]
by_code = {rules.code(): rules for rules in profiles}
rows = [row for row in compare(lang, profiles)
        if not only_diff or any(row.differs(code, yours) for code in order)]
columns = [
    (t("variants.house_column", lang, name=t(f"profile.{by_code[code].id}.name", lang))
     if playing_house and code == yours else t(f"profile.{by_code[code].id}.name", lang))
    + (f" ({t('variants.current', lang)})" if code == yours else "")
    for code in order
]
frame = pd.DataFrame(
    [[cell_text(row.cells[code], row.key) for code in order] for row in rows],
    index=pd.Index([row.label for row in rows], name=t("variants.parameter", lang)),
    columns=columns,
)
styles = pd.DataFrame(
    [["; ".join(s for s, on in ((YOURS, code == yours), (DIFFER, row.differs(code, yours)),
                                (OURS_STYLE, row.cells[code].ours)) if on)
      for code in order] for row in rows],
    index=frame.index, columns=frame.columns,
)
styler = (frame.style.apply(lambda _: styles, axis=None)
          .set_properties(**{"white-space": "pre-wrap", "vertical-align": "top"}))
st.table(styler)
st.caption(t("variants.legend", lang, profile=columns[0].split(" (")[0]))

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
        prefix = t("disclose.prefix", lang, source=notes.named([item.source]))
        st.markdown(f"**{row.label}** · {who} — {prefix} "
                    f"{t(disclosures.text_key(item), lang)}{extra}")

# Every source marked on the page, once, by title and publisher.
st.divider()
show_footnotes(notes, lang)
