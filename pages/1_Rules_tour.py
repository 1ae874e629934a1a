"""Rules tour: the selected profile's rules as a lesson, one step per screen, each with a task.

Every hand is solved live, and every task is checked by the library (``tour.task``); the last
screen leads to the profile's puzzles.
"""

from __future__ import annotations

import streamlit as st

from chinchon.views.i18n import t
from webui import rules_tour
from webui.ui import setup_page, show_footnotes

lang, rules_id = setup_page("rules_tour")
run = rules_tour.open_tour(rules_id, lang)

st.title(t("page.rules_tour", lang))
screen = rules_tour.current_screen(run)
rules_tour.navigation(run, screen)
if screen == 1:
    st.markdown(t("tour.intro", lang, profile=run.profile))
if screen < run.end:
    rules_tour.show_step(run, screen)
else:
    rules_tour.show_end(run)
rules_tour.mark_class_tour(run, screen)
rules_tour.write_screen(run, screen)
show_footnotes(run.notes, lang)
