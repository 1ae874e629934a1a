"""Home page of Chinchón Lab: what the game is, the four rule profiles, where to go next."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from chinchon.i18n import t
from ui import RULE_IDS, setup_page, show_card_groups

PAGES_DIR = Path(__file__).parent / "pages"
# Home-page entries in reading order: i18n page key, a word the page's file name contains.
START_HERE = (
    ("rules_tour", "rules"),
    ("hand_lab", "hand"),
    ("layoffs", "lay"),
    ("variants", "variant"),
    ("puzzles", "puzzle"),
    ("odds", "odds"),
)
# Meldable under every profile and deck: a run of figures, a group of threes, one loose 2.
SAMPLE_MELDS = (("10c", "11c", "12c"), ("3o", "3e", "3b"), ("2b",))
LOOSE_RING = "#e0a21b"


def find_page(word: str) -> str | None:
    """The page file (relative to this script) whose name contains ``word``, if it exists yet."""
    if not PAGES_DIR.is_dir():
        return None
    found = sorted(p for p in PAGES_DIR.glob("*.py") if word in p.stem.lower())
    return f"pages/{found[0].name}" if found else None


lang, rules_id = setup_page("home")

st.title(t("app.title", lang))
st.markdown(f"*{t('app.tagline', lang)}*")

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

st.header(t("home.start_title", lang))
for row in (START_HERE[:3], START_HERE[3:]):
    for column, (key, word) in zip(st.columns(3), row, strict=True):
        with column.container(border=True, height="stretch"):
            path = find_page(word)
            if path is not None:
                st.page_link(
                    path,
                    label=f"**{t(f'page.{key}', lang)}**",
                    icon="➡️",
                    query_params={"lang": lang, "rules": rules_id},
                )
            else:
                st.markdown(f"**{t(f'page.{key}', lang)}** · *{t('home.coming_soon', lang)}*")
            st.caption(t(f"start.{key}", lang))
