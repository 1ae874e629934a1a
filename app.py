"""Home page of Chinchón Lab. Above the fold: where a returning learner left off and what a
newcomer can do first; then what the game is, the four rule profiles and every page."""

from __future__ import annotations

import streamlit as st

from chinchon.views.i18n import t
from webui import home
from webui.cards import show_card_groups
from webui.classes import home_work  # classes (issue 21)
from webui.ui import PAGE_WORDS, RULE_IDS, find_page, house_code, setup_page

# Meldable under every profile and deck: a run of figures, a group of threes, one loose 2.
SAMPLE_MELDS = (("10c", "11c", "12c"), ("3o", "3e", "3b"), ("2b",))
LOOSE_RING = "#e0a21b"


lang, rules_id = setup_page("home")

st.title(t("app.title", lang))
st.markdown(f"*{t('app.tagline', lang)}*")

# --- The first screen ------------------------------------------------------------------------
home_work(lang)  # a student's class assignments, first of all
home.left_off(lang, rules_id)  # a returning learner: rating, game in progress, misses waiting
home.first_steps(lang, rules_id)  # a newcomer: the rules, a puzzle, a game, showing a hand

# --- About the game --------------------------------------------------------------------------

st.subheader(t("home.sample_title", lang))
show_card_groups(
    SAMPLE_MELDS,
    lang,
    width=88,
    captions=[
        t("home.sample_run", lang),
        t("home.sample_group", lang),
        t("home.sample_loose", lang, points=2),
    ],
    highlights=[None, None, LOOSE_RING],
)
st.caption(t("home.sample_caption", lang))

what, profiles = st.columns([3, 2], gap="large")
with what:
    st.header(t("home.what_title", lang))
    st.markdown(t("home.what_body", lang))
with profiles:
    st.header(t("home.profiles_title", lang))
    st.markdown(t("home.profiles_intro", lang))
    for rid in RULE_IDS:
        mark = f" — *{t('home.profile_current', lang)}*" if rid == rules_id else ""
        st.markdown(
            f"**{t(f'profile.{rid}.name', lang)}**{mark}  \n{t(f'profile.{rid}.summary', lang)}"
        )

st.header(t("home.all_title", lang))
for row in (PAGE_WORDS[i:i + 3] for i in range(0, len(PAGE_WORDS), 3)):
    for column, (key, _) in zip(st.columns(3), row, strict=False):
        with column.container(border=True, height="stretch"):
            path = find_page(key)
            if path is not None:
                st.page_link(
                    path,
                    label=f"**{t(f'page.{key}', lang)}**",
                    icon="➡️",
                    query_params={"lang": lang, "rules": house_code(rules_id) or rules_id},
                )
            else:
                st.markdown(f"**{t(f'page.{key}', lang)}** · *{t('home.coming_soon', lang)}*")
            st.caption(t(f"start.{key}", lang))
