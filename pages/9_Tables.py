"""Tables: a whole game with other people, bots in the empty seats (the address /Tables; a
seat is /Tables?table=ID&seat=N&key=K)."""

from __future__ import annotations

import streamlit as st

from chinchon.views.i18n import t
from webui import progress
from webui import tables as wt
from webui.ui import setup_page

_seat = "table" in st.query_params  # a seat plays its table's rules, not the sidebar's
lang, rules_id = setup_page("tables", rules_picker=not _seat)
if _seat:
    wt.learner()  # a seat binds to this browser's learner: the banner's cookie must keep him
progress.banner(lang)
st.title(t("page.tables", lang))
st.caption(t("tables.intro", lang))
wt.run(rules_id, lang)
