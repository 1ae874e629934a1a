"""Lessons: the teacher's list on the Class page, "add to a lesson" in the hand lab, the lesson
bar of the hand lab's teacher mode, and the projector view (``/Class?class=ID&key=K&view=
projector[&lesson=L]``): the join code large, the lesson's hand, the live question and its
reveal, readable from the back of a room.

The hand a lesson is on lives in the database (:mod:`chinchon.store.class_lessons`), so the
hand lab, the projector and the teacher's phone follow one another; the projector polls it.
What the buttons do is :mod:`chinchon.services.lessons` and :mod:`chinchon.services.live`.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from chinchon import puzzles as pz
from chinchon.engine.cards import Card
from chinchon.services import lessons as service
from chinchon.services.classes import game_mistakes
from chinchon.services.live import ask_hand, hand_puzzle
from chinchon.store.class_checks import ClassError
from chinchon.store.class_lessons import Lesson, LessonHand, Lessons
from chinchon.store.classes import Classes
from chinchon.store.rows.classes import ClassInfo
from chinchon.store.rows.played import Played
from webui.cards import show_cards
from webui.class_common import (
    TEACHING,
    base_url,
    classes,
    flash,
    guarded,
    join_link,
    plain_md,
    refused,
    remember_teacher,
    show_flash,
    teacher_link,
    tr,
)
from webui.class_games import class_games, game_name
from webui.class_live import board_state, live_block, projector_link
from webui.keys import step_keys
from webui.ui import page_css
from webui.url_state import url_arrival

POLL = datetime.timedelta(seconds=1)
#: Card widths on the projector: eight cards fit 1366 pixels, and read from the back row.
PROJECTOR_WIDTH = 128
#: Session key of the lesson the hand lab teaches: (class id, key, lesson id).
RUNNING = "class_lesson_running"
NEW = "__new__"


@dataclass(frozen=True)
class Running:
    """A lesson being taught, as stored when the page ran."""

    book: Classes
    info: ClassInfo
    key: str
    lesson: Lesson


def hand_lab_link(info: ClassInfo, key: str, lesson_id: str) -> str:
    """The hand lab's teacher mode on a lesson, under the class's rules and language."""
    query = {"teacher": "1", "class": info.id, "key": key, "lesson": lesson_id,
             "rules": info.rules, "lang": info.lang}
    return f"{base_url()}/Hand_lab?{urlencode(query)}"


# --- The Class page's list ----------------------------------------------------------------------


def _save(book: Classes, info: ClassInfo, key: str) -> None:
    state = st.session_state
    try:
        service.lesson_from_puzzles(book, info.id, key, state.get("class_lesson_title", ""),
                                    state.get("class_lesson_puzzles", []))
    except ClassError as error:
        flash("error", f"error.{error.reason}")
        return
    state["class_lesson_title"], state["class_lesson_puzzles"] = "", []
    flash("success", "lesson.saved")


def _save_game(book: Classes, info: ClassInfo, key: str, games: dict[str, tuple[str, Played]]
               ) -> None:
    state = st.session_state
    chosen = games.get(state.get("class_lesson_game") or "")
    if chosen is None:
        return
    try:
        hands = game_mistakes(chosen[1])
    except ValueError:
        flash("error", "lesson.game_unreadable")
        return
    if not hands:
        flash("info", "lesson.no_mistakes")
        return
    try:
        service.lesson_from_hands(book, info.id, key, state.get("class_lesson_title", ""),
                                  hands)
    except ClassError as error:
        flash("error", f"error.{error.reason}")
        return
    state["class_lesson_title"] = ""
    flash("success", "lesson.saved")


def _delete(book: Classes, info: ClassInfo, key: str, lesson_id: str) -> None:
    Lessons(book).delete(info.id, key, lesson_id)


def lessons_section(book: Classes, info: ClassInfo, key: str, lang: str) -> None:
    """The class's lessons, each with its links (hand lab, projector); a new one from
    puzzles; hands from the hand lab are added there."""
    st.subheader(tr("lesson.list", lang), anchor=False)
    for lesson in Lessons(book).lessons(info.id, key):
        with st.container(border=True, key=f"class_lesson_{lesson.id}"):
            st.markdown(f"**{plain_md(lesson.title)}** · " + tr(
                "lesson.hands", lang, count=len(lesson.hands)))
            c1, c2, c3 = st.columns([2, 2, 1])
            c1.link_button(tr("lesson.teach", lang), hand_lab_link(info, key, lesson.id),
                           icon=":material/co_present:", width="stretch")
            c2.link_button(tr("projector.open", lang), projector_link(info.id, key, lesson.id),
                           icon=":material/tv:", width="stretch")
            c3.button(tr("lesson.delete", lang), key=f"class_lesson_del_{lesson.id}",
                      on_click=guarded(_delete), args=(book, info, key, lesson.id),
                      icon=":material/delete:", type="tertiary")
    with st.expander(tr("lesson.new", lang), icon=":material/playlist_add:"):
        st.text_input(tr("lesson.name", lang), key="class_lesson_title", max_chars=80)
        choices = [p.id for p in pz.pool(info.rules_id)]
        st.multiselect(tr("lesson.from_puzzles", lang), choices, key="class_lesson_puzzles",
                       max_selections=40)
        st.button(tr("lesson.save", lang), on_click=guarded(_save), args=(book, info, key),
                  icon=":material/save:", type="primary")
        games = class_games(book, info, key)
        if games:
            st.selectbox(tr("lesson.from_game", lang), list(games), key="class_lesson_game",
                         format_func=lambda g: game_name(games[g], lang))
            st.button(tr("lesson.save_game", lang), on_click=guarded(_save_game),
                      args=(book, info, key, games), icon=":material/sports_esports:")
        st.caption(tr("lesson.from_lab", lang))


# --- The hand lab -------------------------------------------------------------------------------


def running(lang: str) -> Running | None:
    """The lesson the hand lab teaches: named by the URL (``class``, ``key``, ``lesson``) on
    arriving, then kept in the session; None without one. A bad link is refused by name."""
    state = st.session_state
    if url_arrival():
        names = [(st.query_params.get(n) or "")[:80] for n in ("class", "key", "lesson")]
        state[RUNNING] = tuple(names) if all(names) else None
    where = state.get(RUNNING)
    book = classes() if where else None
    if not where or book is None:
        return None
    class_id, key, lesson_id = where
    try:
        info, lesson = service.open_lesson(book, class_id, key, lesson_id)
    except ClassError as error:
        refused(error, lang)
        state[RUNNING] = None
        return None
    if lesson is None:  # not reached: the session keeps a route only with its lesson id
        return None
    remember_teacher(class_id, key)
    return Running(book, info, key, lesson)


def follow(run: Running, hand_key: str, step_key: str) -> None:
    """Show the lesson's hand when the lesson moved since this session last showed it (the
    projector or another device may have moved it)."""
    state, lesson = st.session_state, run.lesson
    at = (lesson.id, lesson.step, len(lesson.hands))
    if state.get("class_lesson_at") != at:
        state["class_lesson_at"] = at
        state[hand_key] = " ".join(c.code() for c in lesson.hand.cards)
        state[step_key] = 0


def move(run: Running, delta: int) -> None:
    """Go ``delta`` hands on (a callback: the next run shows the hand)."""
    try:
        service.move_hand(run.book, run.info.id, run.key, run.lesson, delta)
    except SQLAlchemyError:  # the database failed mid-way: say so, never a traceback
        flash("warning", "no_database")


def where_text(run: Running, lang: str) -> str:
    return tr("lesson.at", lang, title=plain_md(run.lesson.title), hand=run.lesson.step + 1,
              count=len(run.lesson.hands))


def _ask_hand(run: Running, hand: LessonHand) -> None:
    ask_hand(run.book, run.info.id, run.key, run.info.rules, run.lesson.id, hand)


def ask_button(run: Running, lang: str) -> None:
    """Ask the class about the lesson's hand (eight cards: which to throw)."""
    hand = run.lesson.hand
    st.button(tr("live.ask", lang), on_click=guarded(_ask_hand), args=(run, hand),
              icon=":material/campaign:", key="class_lesson_ask",
              disabled=hand_puzzle(hand, run.info.rules) is None,
              help=tr("lesson.ask_help", lang))


def live_status(run: Running, lang: str) -> None:
    """The open question's count and reveal, polled (the hand lab already shows the hand)."""
    @st.fragment(run_every=POLL)
    def status() -> None:
        live_block(run.book, run.info, run.key, lang, show_hand=False)

    status()


def _add(book: Classes, cards: tuple[Card, ...]) -> None:
    state = st.session_state
    class_id = str(state.get("class_lab_class") or "")
    key = str(state.get(TEACHING, {}).get(class_id) or "")
    chosen = state.get("class_lab_lesson", NEW)
    try:
        lesson = service.add_hand(book, class_id, key, None if chosen == NEW else chosen,
                                  state.get("class_lab_title", ""), cards)
    except ClassError as error:
        flash("error", f"error.{error.reason}")
        return
    state["class_lab_lesson"] = lesson.id  # the line under the button then says it is there


def add_to_lesson(cards: tuple[Card, ...], lang: str) -> None:
    """"Add to a lesson" for a teacher who opened a class in this session (7 or 8 cards)."""
    teaching: dict[str, str] = st.session_state.get(TEACHING, {})
    book = classes() if teaching and len(cards) in (7, 8) else None
    if book is None:
        return
    infos: dict[str, ClassInfo] = {}
    for class_id, key in teaching.items():
        try:
            infos[class_id] = book.open(class_id, key)
        except ClassError:
            continue
    if not infos:
        return
    # Its key keeps it one box wherever the page puts it: open, it stays open when the next hand
    # is shown, though the lines above it come and go (a teacher adds several hands in a row).
    with st.expander(tr("lesson.add", lang), icon=":material/playlist_add:", key="class_lab_box"):
        show_flash(lang)  # what the last click did, beside its button
        class_id = st.selectbox(tr("lesson.class", lang), list(infos), key="class_lab_class",
                                format_func=lambda c: infos[c].name)
        lessons = {x.id: x for x in Lessons(book).lessons(class_id, teaching[class_id])}
        choice = st.selectbox(tr("lesson.which", lang), [NEW, *lessons], key="class_lab_lesson",
                              format_func=lambda x: tr("lesson.new", lang) if x == NEW
                              else lessons[x].title if x in lessons else x)
        if choice == NEW:
            st.text_input(tr("lesson.name", lang), key="class_lab_title", max_chars=80)
        st.button(tr("lesson.add_button", lang), on_click=guarded(_add), args=(book, cards),
                  icon=":material/add:", key="class_lab_add")
        chosen = lessons.get(choice)
        # Read from the store on every run, so the line lasts (a flash went at the next rerun).
        if chosen is not None and chosen.holds(LessonHand(cards)):
            st.success(tr("lesson.added", lang, title=plain_md(chosen.title)))


# --- The projector ------------------------------------------------------------------------------

_CSS = Path(__file__).with_name("class_lessons.css").read_text(encoding="utf-8")


def _on_key(run: Running, action: str) -> None:
    delta = service.key_step(run.lesson, action)
    if delta is not None:
        move(run, delta)


def _join_box(info: ClassInfo, lang: str) -> None:
    with st.container(key="class_projector_join"):
        if info.archived:
            st.warning(tr("archived_note", lang), icon=":material/inventory_2:")
            return
        st.markdown(tr("projector.join", lang, code=info.shown_code))
        st.code(join_link(info), language=None, wrap_lines=True)


def _lesson_controls(run: Running, lang: str) -> None:
    """Previous, next (and the clicker's keys), ask: they act on the lesson as this poll
    read it (a stale move is refused by the store and the screen shows where it is)."""
    lesson = run.lesson
    with st.container(horizontal=True, vertical_alignment="center"):
        st.button(tr("lesson.previous", lang), icon=":material/chevron_left:",
                  key="class_projector_back", on_click=move, args=(run, -1),
                  disabled=lesson.step == 0)
        st.button(tr("lesson.next", lang), icon=":material/chevron_right:",
                  key="class_projector_next", on_click=move, args=(run, 1),
                  disabled=lesson.step + 1 >= len(lesson.hands), type="primary")
        ask_button(run, lang)
    step_keys("class_projector_keys", lambda action: _on_key(run, action))


def _screen(book: Classes, info: ClassInfo, key: str, lesson_id: str | None,
            lang: str) -> None:
    """What the room reads, redrawn at each poll: the lesson's hand, then the question (its
    own hand drawn only when it is not the lesson's)."""
    hand: tuple[Card, ...] = ()
    seen = board_state(book, info.id)
    current, asked = (seen.question, seen.puzzle) if seen is not None else (None, None)
    if lesson_id is not None:
        now = Lessons(book).get(info.id, key, lesson_id)
        # The controls are redrawn with the lesson as polled: a move from another screen
        # leaves no stale version behind, and a click reruns this fragment only.
        _lesson_controls(Running(book, info, key, now), lang)
        hand = tuple(sorted(now.hand.cards, key=pz.card_order))
        st.markdown(f"### {where_text(Running(book, info, key, now), lang)}")
        on_it = asked is not None and tuple(sorted(asked.hand, key=pz.card_order)) == hand
        # Revealed, the chart names every card of the hand: it takes the cards' room.
        if not (on_it and current is not None and current.revealed):
            show_cards([c.code() for c in hand], lang, width=PROJECTOR_WIDTH)
    if seen is not None:
        other = asked is None or tuple(sorted(asked.hand, key=pz.card_order)) != hand
        live_block(book, info, key, lang, card_width=PROJECTOR_WIDTH, show_hand=other,
                   chart_height=340, seen=seen)


def projector_view(book: Classes, class_id: str, key: str, lesson_id: str | None,
                   lang: str) -> None:
    """The projector: the join code, the lesson's hand (stepped by the clicker keys), the
    live question with how many answered and, revealed, what the class threw."""
    try:
        info, lesson = service.open_lesson(book, class_id, key, lesson_id)
    except ClassError as error:
        refused(error, lang)
        return
    remember_teacher(class_id, key)
    page_css(_CSS)
    with st.container(key="class_projector"):
        left, right = st.columns([3, 2], vertical_alignment="top")
        left.header(plain_md(info.name), anchor=False)
        with right:
            _join_box(info, lang)
        if lesson is None:
            st.caption(tr("projector.no_lesson", lang))

        # One polled fragment (not one per part): a poll is a rerun on a shared server.
        @st.fragment(run_every=POLL)
        def screen() -> None:
            _screen(book, info, key, lesson.id if lesson is not None else None, lang)

        screen()
    st.link_button(tr("projector.dashboard", lang), teacher_link(class_id, key),
                   icon=":material/dashboard:", type="tertiary")
