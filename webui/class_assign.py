"""The teacher's "new assignment" form: puzzles picked from the packs by theme, criterion and
difficulty, the coach's mistakes of a played game as puzzles, the class's rules tour, or a
number of games against a bot level; each with an optional due date. The assignment itself is
made by :func:`chinchon.services.classes.assign`."""

from __future__ import annotations

import datetime
import random

import streamlit as st

from chinchon import puzzles as pz
from chinchon.services.classes import FORM_KINDS, WorkForm, assign, game_mistake_links
from chinchon.store.class_checks import BOT_LEVELS, MAX_GAMES, MAX_PUZZLES, ClassError
from chinchon.store.classes import Classes
from chinchon.store.rows.classes import ClassInfo
from chinchon.store.rows.played import Played
from chinchon.views.i18n import t
from webui.class_common import flash, tr
from webui.class_games import class_games, game_name
from webui.url_state import literal

#: The picks' "any" (of theme, criterion, difficulty).
ANY = "any"


def _any(pick: str) -> str | None:
    return None if pick == ANY else pick


def _pack_picks(lang: str) -> tuple[str, str, str, int]:
    c1, c2, c3, c4 = st.columns(4)
    theme = c1.selectbox(tr("theme", lang), [ANY, *pz.THEMES],
                         format_func=lambda th: tr("any", lang) if th == ANY
                         else t(f"puzzles.theme.{th}", lang))
    criterion = c2.selectbox(tr("criterion", lang), [ANY, *pz.CRITERIA],
                             format_func=lambda c: tr("any", lang) if c == ANY
                             else t(f"puzzles.kind.{c}", lang))
    level = c3.selectbox(tr("difficulty", lang), [ANY, *pz.DIFFICULTIES],
                         format_func=lambda lv: tr("any", lang) if lv == ANY
                         else t(f"puzzles.difficulty.{lv}", lang))
    count = c4.number_input(tr("count", lang), 1, MAX_PUZZLES, 5)
    return theme, criterion, level, int(count or 1)


def _game_positions(games: dict[str, tuple[str, Played]], chosen: str | None, lang: str
                    ) -> list[dict[str, str]] | None:
    """The chosen game's mistakes as Puzzles page links; None (said why) when there are none."""
    if chosen not in games:
        st.warning(tr("assign_game.none", lang))
        return None
    try:
        links = list(game_mistake_links(games[chosen][1]))
    except ValueError:
        st.warning(tr("lesson.game_unreadable", lang))
        return None
    if not links:
        st.info(tr("assign_game.no_mistakes", lang))
        return None
    return links[:MAX_PUZZLES]


def assignment_form(book: Classes, info: ClassInfo, key: str, lang: str) -> None:
    kind = st.segmented_control(tr("kind", lang), FORM_KINDS, default="puzzles",
                                key="class_kind", format_func=lambda k: tr(f"kind.{k}", lang))
    # Only the games of the class's profile: a position is answered under the class's rules.
    games = class_games(book, info, key, profile=info.rules_id) if kind == "game" else {}
    with st.form("class_assign"):
        title = st.text_input(tr("title", lang), max_chars=80)
        picks, bot, count, chosen = None, None, None, None
        if kind == "puzzles":
            picks = _pack_picks(lang)
        elif kind == "game":
            if games:
                chosen = st.selectbox(tr("assign_game.pick", lang), list(games),
                                      key="class_assign_game",
                                      format_func=lambda g: game_name(games[g], lang))
            st.caption(tr("assign_game.help", lang) if games else tr("assign_game.none", lang))
        elif kind == "games":
            c1, c2 = st.columns(2)
            bot = c1.selectbox(tr("bot", lang), BOT_LEVELS, index=1,
                               format_func=lambda b: t(f"play.level.{b}", lang))
            count = c2.number_input(tr("games", lang), 1, MAX_GAMES, 3)
        has_due = st.checkbox(tr("has_due", lang))
        due = st.date_input(tr("due", lang), value=datetime.date.today()
                            + datetime.timedelta(days=7))
        if not st.form_submit_button(tr("assign", lang), icon=":material/assignment_add:"):
            return
    positions: list[dict[str, str]] = []
    if kind == "game":
        found = _game_positions(games, chosen, lang)
        if found is None:
            return
        positions = found
    theme, criterion, level, number = picks or (ANY, ANY, ANY, 0)
    form = WorkForm(str(kind), title or "", _any(theme), _any(criterion), _any(level), number,
                    positions, bot, int(count) if count else None,
                    due if has_due and isinstance(due, datetime.date) else None)
    try:
        made = assign(book, info, key, form, random.Random())
    except ClassError as error:
        st.error(literal(str(error)))
        return
    if made is None:
        st.warning(tr("no_puzzles", lang))
        return
    flash("success", "assigned")
    st.rerun()
