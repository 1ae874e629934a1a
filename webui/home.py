"""The home page's first screen: what a newcomer can do first, and where a returning learner
left off (his rating, his game in progress, his misses waiting: :mod:`chinchon.services.home`,
with the store of :mod:`webui.progress`).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from chinchon.services import home as service
from chinchon.views.i18n import t
from webui import progress
from webui.ui import current_options, find_page, house_code, page_css

#: The home page's own rules (on a phone the four doors stack).
HOME_CSS = Path(__file__).with_name("home.css").read_text(encoding="utf-8")

#: What a newcomer may do first: (page, i18n key of the link, icon, extra URL values).
FIRST_STEPS: tuple[tuple[str, str, str, dict[str, str]], ...] = (
    ("rules_tour", "home.first.rules_tour", ":material/school:", {}),
    ("puzzles", "home.first.puzzles", ":material/extension:", {}),
    ("play", "home.first.play", ":material/playing_cards:", {}),
    ("hand_lab", "home.first.teach", ":material/co_present:", {"teacher": "1"}),
)


def page_query(lang: str, rules_id: str) -> dict[str, str]:
    """The URL values every link of the home page carries: language, rules and options."""
    return {"lang": lang, "rules": house_code(rules_id) or rules_id,
            **{k: str(v) for k, v in current_options(rules_id).items()}}


def first_steps(lang: str, rules_id: str) -> None:
    """Four doors side by side (stacked on a phone): the rules, a puzzle, a game, teaching."""
    page_css(HOME_CSS)
    st.subheader(t("home.start_title", lang), anchor=False)
    query = page_query(lang, rules_id)
    columns = st.columns(len(FIRST_STEPS))
    for column, (key, label, icon, extra) in zip(columns, FIRST_STEPS, strict=True):
        path = find_page(key)
        if path is None:
            continue
        with column.container(border=True, height="stretch", key=f"home_first_{key}"):
            st.page_link(path, label=f"**{t(label, lang)}**", icon=icon,
                         query_params={**query, **extra})
            st.caption(t(f"{label}_body", lang))


def left_off(lang: str, rules_id: str) -> None:
    """A returning learner's next steps, in a box of their own; nothing for a newcomer."""
    learner, opened = progress.learner(), progress.store()
    found = service.left_off(st.session_state, opened, rules_id)
    if found is None:  # the database is away: the session's game is still known
        if learner is not None:
            st.caption(t("home.back.away", lang))
        found = service.LeftOff(None, (), service.game_in_progress(st.session_state, opened))
    if not found.returning:
        return
    query = page_query(lang, rules_id)
    with st.container(border=True, key="home_left_off"):
        st.subheader(t("home.back_title", lang), anchor=False)
        rating_col, next_col = st.columns([1, 3], vertical_alignment="center")
        if found.rating is not None:
            rating_col.metric(progress.rating_label(lang, found.rating.provisional),
                              f"{found.rating.rating:.0f}")
        with next_col:
            play_page = find_page("play")
            if found.game is not None and play_page is not None:
                values, total = found.game
                st.markdown(t("home.back.game", lang, total=total))
                st.page_link(play_page, label=f"**{t('home.back.game_link', lang)}**",
                             icon=":material/play_arrow:", query_params={**values, "lang": lang})
            puzzles_page = find_page("puzzles")
            if found.misses and puzzles_page is not None:
                st.markdown(t("home.back.misses", lang, count=len(found.misses)))
                if st.button(t("home.back.misses_link", lang), icon=":material/replay:",
                             key="home_retry_misses"):
                    progress.retry_misses(found.misses, puzzles_page, query)
            if found.game is None and not found.misses:
                st.caption(t("home.back.nothing", lang))
            progress_page = find_page("progress")
            if progress_page is not None:
                st.page_link(progress_page, label=t("home.back.progress_link", lang),
                             icon=":material/insights:", query_params=query)
