"""Live questions on the Class page: the teacher's panel (ask, how many answered, reveal), the
student's phone (the hand, one throw) and the dashboard's live questions. The panel and the
phone poll with ``st.fragment(run_every=…)``: each poll reads the question's version (one
small query, :meth:`LiveQuestions.poll`) and reads the question and its answers again only
when the version moved, so a throw shows on the projector within :data:`POLL` seconds. What
they do is :mod:`chinchon.services.live`; this module draws and keeps the session's reads."""

from __future__ import annotations

import datetime
from urllib.parse import urlencode

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from chinchon import puzzles as pz
from chinchon.services import live as service
from chinchon.services.live import Seen
from chinchon.store.class_checks import ClassError
from chinchon.store.classes import Classes
from chinchon.store.rows.classes import ClassInfo, Question
from chinchon.views import puzzle as pview
from chinchon.views.i18n import fmt_date, fmt_percent
from chinchon.views.live_board import LiveBoard, QuestionStat
from webui import progress
from webui.card_buttons import card_buttons, clicked_card
from webui.cards import show_cards
from webui.class_common import base_url, guarded, refused, tr

#: Seconds between two polls of the question's row.
POLL = datetime.timedelta(seconds=1)
LIVE_KEY = "class_live_cards"
GREEN, GREY = "#2e7d32", "#8d8677"
#: Session keys of the open question as this session's board and phone last read it.
BOARD_SEEN, PHONE_SEEN = "class_live_seen_board", "class_live_seen_phone"


def board_state(book: Classes, class_id: str) -> Seen | None:
    """The open question and how many threw each card, read again only when it moved since
    this session's board last read it."""
    seen = service.board_state(book, class_id, st.session_state.get(BOARD_SEEN))
    if seen is not None:
        st.session_state[BOARD_SEEN] = seen
    return seen


def phone_state(book: Classes, class_id: str, learner_id: str) -> Seen | None:
    """The open question and the student's own throw, read again only when it moved since
    this session's phone last read it."""
    seen = service.phone_state(book, class_id, learner_id, st.session_state.get(PHONE_SEEN))
    if seen is not None:
        st.session_state[PHONE_SEEN] = seen
    return seen


def _hand(puzzle: pz.Puzzle) -> list[str]:
    return [c.code() for c in sorted(puzzle.hand, key=pz.card_order)]


def _ask(book: Classes, info: ClassInfo, key: str) -> None:
    service.ask_shipped(book, info.id, key, st.session_state.get("class_live_pick"))


def _thrown_chart(puzzle: pz.Puzzle, counts: dict[str, int], lang: str,
                  height: int = 300) -> go.Figure:
    solution = pz.solve(puzzle)
    codes = _hand(puzzle)  # every card, thrown or not: the solver's answer shows even at 0
    figure = go.Figure(go.Bar(
        x=[pview.move_name(c, puzzle, lang) for c in codes], y=[counts.get(c, 0) for c in codes],
        marker_color=[GREEN if solution.is_correct(c) else GREY for c in codes],
        text=[counts.get(c, 0) for c in codes], textposition="outside", cliponaxis=False))
    big = height > 300  # the projector's: letters read from the back of the room
    figure.update_layout(height=height, margin={"l": 10, "r": 10, "t": 40, "b": 10},
                         title=tr("live.thrown", lang), yaxis={"dtick": 1},
                         font={"size": 22 if big else 14})
    return figure


def live_block(book: Classes, info: ClassInfo, key: str, lang: str, *, card_width: int = 72,
               show_hand: bool = True, chart_height: int = 300, seen: Seen | None = None
               ) -> None:
    """The open question (call it in a polled fragment; ``seen``: the caller's
    :func:`board_state` of this run): the hand, how many answered, and after the reveal what
    was thrown beside the solver's answer; reveal and end buttons."""
    seen = seen or board_state(book, info.id)
    if seen is None or seen.puzzle is None:
        return
    question, puzzle, counts = seen.question, seen.puzzle, seen.counts
    with st.container(border=True, key="class_live_projector"):
        st.markdown(f"### {tr('live.question', lang)}")
        if show_hand:
            show_cards(_hand(puzzle), lang, width=card_width)
        # The poll's student count: students join during the lesson too.
        st.markdown(tr("live.answered", lang, answered=sum(counts.values()),
                       students=seen.poll.students))
        if question.revealed:  # the answer first: on a projector the chart may reach the fold
            best = pz.solve(puzzle).answers
            st.success(tr("live.best", lang, move=", ".join(
                pview.move_name(m, puzzle, lang) for m in best)))
            st.plotly_chart(_thrown_chart(puzzle, dict(counts), lang, chart_height),
                            width="stretch", config={"displayModeBar": False})
        c1, c2 = st.columns(2)
        c1.button(tr("live.reveal", lang), disabled=question.revealed,
                  on_click=guarded(service.reveal), args=(book, info.id, key, question.id),
                  icon=":material/visibility:", width="stretch", key="class_live_reveal")
        c2.button(tr("live.close", lang), on_click=guarded(service.close),
                  args=(book, info.id, key, question.id), icon=":material/close:", width="stretch",
                  key="class_live_end")


def teacher_panel(book: Classes, info: ClassInfo, key: str, lang: str) -> None:
    """Ask a question, and (polled) how many answered; reveal what was thrown."""
    st.subheader(tr("live.title", lang), anchor=False)
    ordered = service.live_choices(book, info)
    if ordered:
        c1, c2 = st.columns([3, 1])
        c1.selectbox(tr("live.pick", lang), ordered, key="class_live_pick",
                     label_visibility="collapsed")
        c2.button(tr("live.ask", lang), on_click=guarded(_ask), args=(book, info, key),
                  icon=":material/campaign:", width="stretch", type="primary")
    st.link_button(tr("projector.open", lang), projector_link(info.id, key),
                   icon=":material/co_present:")

    @st.fragment(run_every=POLL)
    def projector() -> None:
        live_block(book, info, key, lang)

    projector()


def projector_link(class_id: str, key: str, lesson_id: str | None = None) -> str:
    """The projector view of a class (and of one of its lessons), relative to the site."""
    query = {"class": class_id, "key": key, "view": "projector"}
    if lesson_id:
        query["lesson"] = lesson_id
    return f"{base_url()}/Class?{urlencode(query)}"


def _throw(book: Classes, question: Question, learner_id: str) -> None:
    move = clicked_card(LIVE_KEY)
    if move is None:
        return
    try:
        thrown = service.throw(book, question, learner_id, move)
    except ClassError as error:
        st.session_state["class_live_refused"] = error.reason
        return
    # The throw is also an attempt at a shipped puzzle, so the dashboard counts it.
    if thrown.attempt is not None:
        progress.record_attempt(thrown.attempt, move, thrown.correct, False)


def student_panel(book: Classes, class_id: str, learner_id: str, lang: str) -> None:
    """The open question on the student's phone (polled): his hand, one throw; under it, his
    own live answers so far (only his)."""
    mine = service.my_live(book, class_id, learner_id)
    if mine is not None and mine.answered:
        st.caption(tr("live.board.mine", lang, answered=mine.answered, right=mine.right))

    @st.fragment(run_every=POLL)
    def phone() -> None:
        reason = st.session_state.pop("class_live_refused", None)
        if reason:
            refused(ClassError("", reason), lang)
        seen = phone_state(book, class_id, learner_id)
        if seen is None or seen.puzzle is None:
            return
        question, puzzle, thrown = seen.question, seen.puzzle, seen.mine
        with st.container(border=True, key="class_live_phone"):
            st.markdown(f"**{tr('live.question', lang)}**")
            states: dict[str, str | None] = {}
            if question.revealed:
                states = dict.fromkeys(pz.solve(puzzle).answers, "right")
                if thrown and thrown not in states:
                    states[thrown] = "wrong"
            card_buttons([_hand(puzzle)], lang, key=LIVE_KEY, label=tr("live.question", lang),
                         on_click=guarded(lambda: _throw(book, question, learner_id)), states=states,
                         disabled=bool(thrown) or question.revealed, fit=True)
            if thrown:
                st.caption(tr("live.thrown_mine", lang,
                              card=pview.move_name(thrown, puzzle, lang)))

    phone()


# --- The dashboard's live questions ---------------------------------------------------------------


def _asked(stat: QuestionStat, lang: str) -> str:
    when = stat.asked_at
    return f"{fmt_date(when.date(), lang, 'short')} {when:%H:%M}" if when else ""


def _thrown_instead(stat: QuestionStat, lang: str) -> str:
    if stat.wrong_card is None or stat.puzzle is None:
        return ""
    return tr("wrong_card", lang, card=pview.move_name(stat.wrong_card, stat.puzzle, lang),
              count=stat.wrong_count)


def questions_frame(board: LiveBoard, lang: str) -> pd.DataFrame:
    """One row per question asked, newest first: the hand as its card codes (and the shipped
    puzzle's id), the lesson, when, how many answered, the share right, the wrong card."""
    rows = []
    for stat in reversed(board.questions):
        puzzle = stat.puzzle
        shipped = puzzle is not None and puzzle.id in pz.shipped()
        rows.append({
            tr("live.col.asked", lang): _asked(stat, lang),
            tr("live.col.lesson", lang): stat.lesson or "",
            tr("live.col.hand", lang): " ".join(_hand(puzzle)) if puzzle else "",
            tr("col.puzzle", lang): puzzle.id if shipped and puzzle else "",
            tr("live.col.answered", lang): stat.answered,
            tr("live.col.share", lang): (fmt_percent(stat.share_right, lang)
                                    if stat.share_right is not None else ""),
            tr("col.wrong", lang): _thrown_instead(stat, lang)})
    return pd.DataFrame(rows)


def live_students_frame(board: LiveBoard, lang: str) -> pd.DataFrame:
    """One row per student (nicknames only): live answers given and right."""
    return pd.DataFrame([{tr("col.nickname", lang): row.nickname,
                          tr("live.col.given", lang): row.answered,
                          tr("live.col.right", lang): row.right} for row in board.students])


def live_section(book: Classes, info: ClassInfo, key: str, lang: str) -> None:
    """The dashboard's live questions, from the stored answers: per question and per
    student. Every answer counts, on a lesson's own hands too."""
    board = service.class_live_board(book, info.id, key)
    st.subheader(tr("live.board.title", lang), anchor=False)
    if not board.questions:
        st.caption(tr("live.board.none", lang))
        return
    st.dataframe(questions_frame(board, lang), hide_index=True, width="stretch",
                 key="class_live_questions")
    st.caption(tr("live.board.note", lang))
    if board.students:
        st.dataframe(live_students_frame(board, lang), hide_index=True, width="stretch",
                     key="class_live_students")
