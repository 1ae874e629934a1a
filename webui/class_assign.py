"""The teacher's "new assignment" form: puzzles picked from the packs by theme, criterion and
difficulty, the coach's mistakes of a played game as puzzles, the class's rules tour, or a
number of games against a bot level; each with an optional due date."""

from __future__ import annotations

import datetime
import random

import streamlit as st

from chinchon import puzzles as pz
from chinchon.store.classes import (
    BOT_LEVELS,
    MAX_GAMES,
    MAX_PUZZLES,
    ClassError,
    Classes,
    ClassInfo,
)
from chinchon.store.played import Played
from chinchon.views.i18n import t
from webui.class_games import class_games, game_mistake_links, game_name
from webui.classes import ANY, flash, tr
from webui.url_state import literal

#: The form's kinds: "game" makes a puzzle assignment of a game's positions.
FORM_KINDS = ("puzzles", "game", "tour", "games")


def pick_puzzles(rules_id: str, theme: str | None, criterion: str | None,
                 difficulty: str | None, count: int, rng: random.Random) -> list[str]:
    """``count`` shipped puzzles of the profile with that theme, criterion and difficulty
    (any, where None), drawn at random and listed by id."""
    found = [p for p in pz.pool(rules_id, theme, difficulty)
             if criterion is None or p.criterion == criterion]
    return sorted(p.id for p in rng.sample(found, min(count, len(found))))


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
    puzzles: list[str] = []
    positions: list[dict[str, str]] = []
    if picks is not None:
        theme, criterion, level, number = picks
        puzzles = pick_puzzles(info.rules_id, None if theme == ANY else theme,
                               None if criterion == ANY else criterion,
                               None if level == ANY else level, number, random.Random())
        if not puzzles:
            st.warning(tr("no_puzzles", lang))
            return
    elif kind == "game":
        found = _game_positions(games, chosen, lang)
        if found is None:
            return
        positions = found
    try:
        book.assign(info.id, key, "games" if kind == "games" else "tour" if kind == "tour"
                    else "puzzles", title=title or "", puzzles=puzzles, positions=positions,
                    bot=bot, games=int(count) if count else None,
                    due=due if has_due and isinstance(due, datetime.date) else None)
    except ClassError as error:
        st.error(literal(str(error)))
        return
    flash("success", "assigned")
    st.rerun()
