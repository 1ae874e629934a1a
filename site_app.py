"""The served site: ``streamlit run site_app.py`` (``app.py`` is its home page script).

Streamlit's ASGI app around ``app.py`` with one route of our own, which sets the learner
cookie ``HttpOnly`` (see :mod:`webui.learner_cookie`).
"""

from pathlib import Path

import streamlit as st

from webui import learner_cookie

app = st.App(Path(__file__).resolve().parent / "app.py", routes=learner_cookie.routes())
