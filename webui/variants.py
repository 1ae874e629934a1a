"""The Variants page's Streamlit side: the comparison as a styled grid, and our readings row by
row (the page, ``pages/4_Variants.py``, lays them out). Which columns, rows and marks is
:mod:`chinchon.views.variants`."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import streamlit as st

from chinchon.views import disclosures
from chinchon.views.i18n import t
from chinchon.views.sources import Footnotes
from chinchon.views.variants import Cell, Columns, Mark, Row, cell_marks

#: Each mark's look in the grid (pandas style declarations, fixed text of the code).
MARK_STYLES = {Mark.YOURS: "background-color: #eef3ea; font-weight: 600",
               Mark.DIFFERS: "background-color: #fcefcc",
               Mark.OURS: "font-style: italic; color: #6b4a12"}


def _cell_text(cell: Cell, key: str, notes: Footnotes, *, sources: bool) -> str:
    if key == "source":  # the sources row: the publishers, each with its marks
        return notes.named(cell.citations)
    cited = notes.marks(cell.citations) if sources else ""
    return f"{cell.text} {cited}".strip()


def column_names(grid: Columns, lang: str) -> list[str]:
    """Each column's heading: the profile (or "house rules of …"), yours said so."""
    names = []
    for code in grid.order:
        profile = t(f"profile.{grid.rules(code).id}.name", lang)
        name = (t("variants.house_column", lang, name=profile)
                if grid.house and code == grid.yours else profile)
        names.append(name + (f" ({t('variants.current', lang)})" if code == grid.yours else ""))
    return names


def show_comparison(rows: Sequence[Row], grid: Columns, names: Sequence[str], notes: Footnotes,
                    lang: str, *, sources: bool) -> None:
    """The rows as one grid, each cell cited (with ``sources``), marked by its style."""
    frame = pd.DataFrame(
        [[_cell_text(row.cells[code], row.key, notes, sources=sources) for code in grid.order]
         for row in rows],
        index=pd.Index([row.label for row in rows], name=t("variants.parameter", lang)),
        columns=list(names),
    )
    styles = pd.DataFrame(
        [["; ".join(MARK_STYLES[mark] for mark in cell_marks(row, code, grid.yours))
          for code in grid.order] for row in rows],
        index=frame.index, columns=frame.columns,
    )
    styler = (frame.style.apply(lambda _: styles, axis=None)
              .set_properties(**{"white-space": "pre-wrap", "vertical-align": "top"}))
    st.table(styler)


def show_readings(rows: Sequence[Row], grid: Columns, notes: Footnotes, lang: str) -> None:
    """Our readings beside each row, naming the profiles (or house rules) they apply to."""
    for row in rows:
        for item in disclosures.for_profiles([rules.id for rules in grid.profiles], row.key,
                                             house=grid.house):
            who = ", ".join(t(f"profile.{p}.name", lang) if p != disclosures.HOUSE
                            else t("disclose.house", lang) for p in item.profiles)
            extra = f" {t('disclose.choosable', lang)}" if item.choosable else ""
            prefix = t("disclose.prefix", lang, source=notes.named([item.source]))
            st.markdown(f"**{row.label}** · {who} — {prefix} "
                        f"{t(disclosures.text_key(item), lang)}{extra}")
