"""The rules of a game, where a player looks for them: an expander beside the game with each
rule as this game plays it, its sources and our readings (the model is
:func:`chinchon.views.readings.rules_of_the_game`; the Play page and the multiplayer tables call
:func:`show_game_rules`)."""

from __future__ import annotations

from functools import lru_cache

import streamlit as st

from chinchon.engine.rules import Rules
from chinchon.views.i18n import t
from chinchon.views.readings import rules_of_the_game
from chinchon.views.sources import HOUSE_MARK, OURS_MARK, Footnotes
from webui.ui import footnotes_text

#: The expander's key (a hook for the page tests and the browser tests).
KEY = "game_rules"


def show_game_rules(rules: Rules, lang: str) -> None:
    """A closed expander "Rules of this table": every rule, its value and its source marks,
    the readings of ours beside it, then the sources it cited, once each."""
    blocks, sources = _texts(rules, lang)
    with st.expander(t("readings.title", lang), icon=":material/menu_book:"), \
            st.container(key=KEY):
        st.caption(t("readings.intro", lang, ours=OURS_MARK, house=HOUSE_MARK))
        for block in blocks:
            st.markdown(block)
        if sources:
            st.caption(sources)


@lru_cache(maxsize=256)  # the Play page and every table seat draw it at each rerun (~7 ms)
def _texts(rules: Rules, lang: str) -> tuple[tuple[str, ...], str]:
    """Each rule's markdown (its line, then our readings), and the sources' footnotes."""
    notes = Footnotes()
    blocks = []
    for rule in rules_of_the_game(rules, lang, notes):
        lines = [f"**{rule.label}:** {rule.value} {rule.marks}".rstrip()]
        lines += [f"- {reading.text}" for reading in rule.readings]
        blocks.append("\n".join(lines))
    return tuple(blocks), footnotes_text(notes, lang)
