"""The home page's first screen: what a newcomer can do first, and where a returning learner
left off (his rating, his game in progress, his misses waiting), read from the store through
:mod:`webui.progress`.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from chinchon.engine.rules import OPTION_NAMES
from chinchon.ratings.glicko2 import Rating
from chinchon.views import play as play_model
from chinchon.views import seat_coach
from chinchon.views.i18n import t
from chinchon.views.progress import missed_puzzles
from webui import progress
from webui.ui import current_options, find_page, house_code, page_css

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
    # On a phone the four doors stack: a smaller title and tighter boxes keep them all in the
    # first screen.
    page_css("""@media (max-width: 640px) { h1 { font-size: 2rem; }
  [class*="st-key-home_first_"] { padding: 0.55rem 0.85rem; gap: 0.1rem; } }""")
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


@dataclass(frozen=True)
class LeftOff:
    """Where a returning learner left off, under the chosen rules."""

    rating: Rating | None
    #: Shipped puzzles of these rules whose latest attempt was a miss, latest first.
    misses: tuple[str, ...]
    #: The Play page's URL values of the game in progress (this session's, else the store's),
    #: and your total in it.
    game: tuple[dict[str, str], int] | None

    @property
    def returning(self) -> bool:
        return self.rating is not None or bool(self.misses) or self.game is not None


def game_in_progress() -> tuple[dict[str, str], int] | None:
    """The learner's Play game that is not over: this session's, else the latest he left
    unfinished in the store (a reload or another visit). Its URL values (which reopen it as
    his) and your total."""
    game = st.session_state.get("play_game")  # the Play page's game (webui.play_state)
    if not isinstance(game, play_model.Game):
        game = stored_game_in_progress()
    if game is None or game.over:
        return None
    query = {**game.setup.query(), "moves": game.code(), "check": game.setup.check}
    return query, game.state.totals[seat_coach.HUMAN]


_STORED = "home_stored_game"  # ((played id, step), the game rebuilt from them)


def stored_game_in_progress() -> play_model.Game | None:
    """The latest unfinished game this learner played on the Play page, rebuilt from its
    deal and moves; None when there is none (or the store cannot say)."""
    learner, opened = progress.learner(), progress.store()
    if learner is None or opened is None:
        return None
    try:
        games = [g for g in opened.played_games(learner) if not g.finished and g.origin != "table"]
        if not games:
            return None
        latest = max(games, key=lambda g: g.updated_at)
        kept = st.session_state.get(_STORED)
        if kept is not None and kept[0] == (latest.id, latest.step):
            rebuilt: play_model.Game = kept[1]  # once per step: the catch-up costs a game's turns
            return rebuilt
        values = latest.setup
        options = {k: int(v) for k, v in values.items() if k in OPTION_NAMES}
        setup = play_model.parse_setup(values["rules"], options, values["seats"], values["seed"])
        game = play_model.load(setup, latest.moves).catch_up()
    except (SQLAlchemyError, ValueError, KeyError):  # a row the page cannot reopen: skip it
        return None
    st.session_state[_STORED] = ((latest.id, latest.step), game)
    return game


def left_off_now(rules_id: str) -> LeftOff | None:
    """What the store (and this session) holds of the learner; None while the database is
    away."""
    data = progress.learner_data()
    if data is None:
        return None
    info = data.ratings.get(rules_id)
    return LeftOff(info.rating if info is not None else None,
                   tuple(missed_puzzles(data.attempts, rules_id)), game_in_progress())


def left_off(lang: str, rules_id: str) -> None:
    """A returning learner's next steps, in a box of their own; nothing for a newcomer."""
    found = left_off_now(rules_id)
    if found is None:  # the database is away: the session's game is still known
        if progress.learner() is not None:
            st.caption(t("home.back.away", lang))
        found = LeftOff(None, (), game_in_progress())
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
