"""Lay-off table: a closer and his opponents, the end of the hand step by step, a score sheet.

The hands come from the address, else this session, else the rules tour's example for the
profile; they are typed, clicked in a deck or dealt. The address stays /Layoff_table.
"""

from __future__ import annotations

import streamlit as st

from chinchon.views import layoff_steps as lt
from chinchon.views.i18n import t
from webui import layoff_page as lp
from webui.ui import setup_page

lang, rules_id = setup_page("layoffs")
st.title(t("page.layoffs", lang))
st.markdown(t("layoffs.intro", lang))

# --- The setup: how many opponents, the seed, who closes --------------------------------------
texts = lp.first_texts(rules_id, lang)
controls = st.columns([2, 1, 1], vertical_alignment="bottom")
opponents = lp.opponents_slider(controls[0], rules_id, texts, lang)
seed, seed_row = lp.seed_setting(rules_id, lang)
setup = lp.page_setup(rules_id, opponents, seed, lang)
sheet = lp.current_sheet(setup)
lp.deal_buttons(setup, controls[2], seed_row)
# One name per seat everywhere: the hands, the replay, the scores and the sheet. The typed
# hands follow the turn order from the seat who closes (the sheet's players still in).
closer_seat = lp.closer_select(setup, sheet, controls[1])
order = lt.seat_order(sheet, closer_seat)
names = [setup.seats[seat] for seat in order]
labels = [t("layoffs.closes", lang, who=names[0]), *names[1:]]

# --- The hands ------------------------------------------------------------------------------
reading = lp.hand_boxes(setup, texts, labels)
lp.picker(setup, reading, names)
lp.share(setup)
lp.show_problems(setup, reading, names)
end, shown = lp.resolved(setup, reading)

# --- The end of the hand, step by step ------------------------------------------------------
if end is not None:
    lp.show_end(setup, end, reading, order, labels)

# --- The score sheet across several hands ---------------------------------------------------
st.header(t("layoffs.sheet_title", lang), divider="green")
st.markdown(t("layoffs.sheet_intro", lang, limit=setup.rules.limit))
hands = [shown or reading.hands[0], *reading.hands[1:]]
sheet = lp.sheet_buttons(setup, sheet, closer_seat, hands, ready=end is not None)
lp.show_sheet(setup, sheet)
