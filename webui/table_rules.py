"""The rules of a table, where a player looks for them: an expander beside the game with each
rule as this table plays it, its sources and our readings (the model is
:func:`chinchon.views.readings.table_rules`; the Play page and the multiplayer tables call
:func:`show_table_rules`)."""

from __future__ import annotations

import streamlit as st

from chinchon.engine.rules import Rules
from chinchon.views.i18n import t
from chinchon.views.readings import table_rules
from chinchon.views.sources import HOUSE_MARK, OURS_MARK, Footnotes
from webui.ui import show_footnotes

#: The expander's key (a hook for the page tests and the browser tests).
KEY = "table_rules"


def show_table_rules(rules: Rules, lang: str) -> None:
    """A closed expander "Rules of this table": every rule, its value and its source marks,
    the readings of ours beside it, then the sources it cited, once each."""
    notes = Footnotes()
    with st.expander(t("readings.title", lang), icon=":material/menu_book:"), \
            st.container(key=KEY):
        st.caption(t("readings.intro", lang, ours=OURS_MARK, house=HOUSE_MARK))
        for rule in table_rules(rules, lang, notes):
            lines = [f"**{rule.label}:** {rule.value} {rule.marks}".rstrip()]
            lines += [f"- {reading.text}" for reading in rule.readings]
            st.markdown("\n".join(lines))
        show_footnotes(notes, lang)
