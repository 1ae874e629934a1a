"""Puzzles: throw the right card; the solver judges live and explains every move.

``puzzle=ID`` opens a shipped puzzle; ``hand=`` (with ``top=``, ``seen=``, ``criterion=``) opens
a position met in a game as an ad-hoc puzzle (``chinchon.puzzles.position_puzzle``), judged
live the same way but not rated. What the page does is ``chinchon.services.puzzles``; its
parts are drawn by ``webui.puzzles_page``.
"""

from __future__ import annotations

import streamlit as st

from chinchon import puzzles as pz
from chinchon.services import puzzles as service
from webui import progress
from webui.puzzles_page import PuzzlesPage, follow_link
from webui.ui import setup_page

raw_id, linked = follow_link()  # before the sidebar: a shared link carries its own rules
lang, rules_id = setup_page("puzzles")
page = PuzzlesPage(lang, rules_id)
asked = page.asked_position(linked)
service.init_counts(st.session_state)
progress.banner(lang)  # write queued attempts; say when not saving
progress.restore_counts()  # streak and score survive a reload

puzzle = page.choose(raw_id, linked, asked)
progress.puzzle_shown(puzzle.id)  # the clock of this attempt
if not page.shipped_for_options():
    st.info(page.tr("no_pack"), icon=":material/info:")
with st.spinner(page.tr("solving")):  # shown only if it takes a while (two decks, jokers)
    solution = pz.solve(puzzle)

page.heading(puzzle)
hint, hand_codes = page.hand(puzzle, solution)
page.feedback(puzzle, solution, hint)
page.actions()
page.explanation(puzzle, solution)
page.footer(puzzle, hand_codes)
