"""Hand lab: pick seven or eight cards and watch the solver meld, close, discard and lay off.

The rules are the sidebar's profile with its options (two decks, the ludoteka deck, jokers).
Teacher mode shows one question or answer per screen, in large type, for a projector.
"""

from __future__ import annotations

import streamlit as st

from chinchon.views.i18n import t
from webui import class_lessons as lessons
from webui import hand_lab as lab_ui
from webui.hand_lab import tr
from webui.ui import current_rules, page_css, setup_page

# Teacher mode starts with the sidebar folded away: the projector gets the full width.
lang, rules_id = setup_page("hand_lab", sidebar="collapsed" if lab_ui.teaching() else "auto")
rules = current_rules(rules_id)
page_css(lab_ui.CSS)
lab = lab_ui.open_lab(rules, lang)

title, mode = st.columns([5, 2], vertical_alignment="bottom")
title.title(t("page.hand_lab", lang))
with mode:
    lab_ui.teacher_toggle(lab)

if not lab.teacher:
    with st.expander(tr("intro.title", lang), icon=":material/help:"):
        st.markdown(tr("intro", lang))
    lab_ui.show_problems(lab)
    deck_side, summary_side = st.columns([3, 2], gap="medium")
    with summary_side, st.container(key="hl_summary"):
        lab_ui.show_summary(lab)
        lessons.add_to_lesson(lab.reading.cards, lang)
    with deck_side:
        lab_ui.show_picker(lab)
    if lab.analysis is not None:
        if lab.view.discards is not None:
            st.subheader(tr("discard.title", lang))
            st.markdown(tr("discard.body", lang))
            lab_ui.show_discards(lab)
        st.subheader(tr("melds.title", lang))
        st.markdown(tr("melds.body", lang))
        lab_ui.show_melds(lab, 64)
        lab_ui.show_rank(lab)
        st.subheader(tr("close.title", lang))
        lab_ui.show_close_rule(lab)
        lab_ui.show_compare(lab)
        st.subheader(tr("layoffs.title", lang))
        lab_ui.show_layoffs(lab, 48)
else:
    steps, step = lab_ui.teacher_screen(lab)
    if steps:
        lab_ui.teacher_nav(lab, steps, step)
    lab_ui.show_problems(lab)
    lab_ui.show_projector(lab, steps, step)
    if lab.lesson is not None:
        lessons.live_status(lab.lesson, lang)
    else:
        with st.expander(tr("pick.again", lang), expanded=not steps):
            lab_ui.show_picker(lab)
    lessons.add_to_lesson(lab.reading.cards, lang)
lab_ui.write_address()
