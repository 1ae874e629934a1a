"""Play: a whole game against bots, with a coach and a review (the address /Play)."""

from __future__ import annotations

import streamlit as st

from chinchon.views.i18n import t
from webui import play_board as wt
from webui import play_review, play_state, played, progress
from webui.game_rules import show_game_rules
from webui.ui import setup_page

lang, rules_id = setup_page("play")
progress.banner(lang)  # the learner's cookie, and "not being saved" while the database is away
play_state.settings(lang)
st.title(t("page.play", lang))

game = play_state.current_game(rules_id, lang)
if game is None:
    st.caption(t("play.intro", lang))
    play_state.setup_form(rules_id, lang)
    st.caption(t("played.seed_note", lang), help=t("played.counts_note", lang))
    st.stop()

names = wt.seat_names(game.setup, lang)
with st.container(horizontal=True, vertical_alignment="center"):
    st.caption(t("play.header", lang, hand=play_state.shown_hand(game),
                 profile=wt.profile_words(game.setup.rules, lang),
                 seed=str(game.setup.seed)))  # a deal number is a code, not a quantity
    st.button(t("play.new_game", lang), on_click=play_state.clear_game,
              icon=":material/restart_alt:", key="play_new")

played.notice(game, play_state.face_up(), lang, play_state.start)
if play_state.results_pending(game):
    play_review.show_hand_over(game, names, lang)
elif game.over:
    play_review.show_game_over(game, names, lang)
    played.finished(game, play_state.face_up())  # after the review graded every decision
else:
    if play_state.pace() == 0:
        game = play_state.bots_play(game)
    if play_state.results_pending(game):
        st.rerun()
    if game.state.hands[0] is None and game.bot_to_move:
        st.button(t("play.to_the_end", lang), on_click=play_state.play_to_the_end,
                  icon=":material/fast_forward:", key="play_to_end")
    play_state.paced(lambda: wt.show_board(st.session_state.play_game, names, lang), game)

# Below the board, so that the hand stays on a laptop's first screen: each rule, its source,
# our readings (issue 24).
show_game_rules(game.setup.rules, lang)
