"""The teacher's side of the Class page: the links to share, the class's settings, the
assignments, and the dashboard (a grid of students, a chart, a CSV download). Nicknames only:
no other thing about a learner is shown, and only this class's students are read."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from chinchon import puzzles as pz
from chinchon.services.classes import class_board
from chinchon.store.class_checks import ClassError
from chinchon.store.classes import Classes
from chinchon.store.rows.classes import Assignment, ClassInfo
from chinchon.views import puzzle as pview
from chinchon.views.class_dashboard import Dashboard, PuzzleStat, StudentRow, assigned_puzzle
from chinchon.views.i18n import LANGUAGE_NAMES, fmt_date, fmt_number, fmt_percent, t
from webui.class_assign import assignment_form
from webui.class_common import guarded, join_link, plain_md, remember_teacher, teacher_link, tr
from webui.class_lessons import lessons_section
from webui.class_live import live_section, teacher_panel
from webui.classes import assignment_name, due_text
from webui.worksheet import download_button

GREEN, AMBER, RED = "#2e7d32", "#e0a21b", "#c62828"


def _rotate(book: Classes, class_id: str, key: str) -> None:
    book.rotate_code(class_id, key)


def _archive(book: Classes, class_id: str, key: str, archived: bool) -> None:
    book.set_archived(class_id, key, archived)


def _remove(book: Classes, class_id: str, key: str, learner_id: str) -> None:
    book.remove(class_id, key, learner_id)


def share_box(book: Classes, info: ClassInfo, key: str, lang: str) -> None:
    with st.container(border=True):
        if info.archived:
            st.warning(tr("archived_note", lang), icon=":material/inventory_2:")
        else:
            st.markdown(tr("join_code_is", lang, code=info.shown_code))
            st.code(join_link(info), language=None)
            st.caption(tr("join_help", lang))
        st.markdown(f"**{tr('teacher_link', lang)}**")
        st.code(teacher_link(info.id, key), language=None)
        st.caption(tr("teacher_link_help", lang))
        c1, c2 = st.columns(2)
        c1.button(tr("rotate", lang), on_click=guarded(_rotate), args=(book, info.id, key),
                  icon=":material/autorenew:", width="stretch", disabled=info.archived)
        c2.button(tr("unarchive" if info.archived else "archive", lang), on_click=guarded(_archive),
                  args=(book, info.id, key, not info.archived), icon=":material/inventory_2:",
                  width="stretch")


def _cell(row: StudentRow, work: Assignment, lang: str) -> str:
    done = next(p for p in row.progress if p.assignment_id == work.id)
    text = tr("done_of", lang, done=done.done, total=done.total)
    if work.kind == "puzzles" and done.done:
        text += " · " + tr("cell_detail", lang, right=done.first_right, hints=done.with_hint)
    return text


def student_frame(board: Dashboard, works: Sequence[Assignment], lang: str) -> pd.DataFrame:
    """One row per student: the grid on screen and in the CSV (nicknames only)."""
    rows = []
    for row in board.students:
        record: dict[str, str] = {tr("col.nickname", lang): row.nickname}
        for n, work in enumerate(works, start=1):
            record[tr("col.work", lang, number=n)] = _cell(row, work, lang)
        record[tr("col.rating", lang)] = (fmt_number(round(row.rating), lang)
                                          if row.rating is not None else "")
        record[tr("col.change", lang)] = (f"{round(row.change):+d}" if row.change is not None
                                          else "")
        record[tr("col.last_seen", lang)] = fmt_date(row.last_seen.date(), lang, "short")
        record[tr("col.themes", lang)] = ", ".join(t(f"puzzles.theme.{th}", lang)
                                                   for th in row.missed_themes)
        rows.append(record)
    return pd.DataFrame(rows)


def wrong_name(stat: PuzzleStat, works: Mapping[str, Assignment], lang: str) -> str:
    """The card the class threw most instead, named in the puzzle's hand (a shipped puzzle or
    the game's position the assignment holds)."""
    work = works.get(stat.assignment_id)
    puzzle = assigned_puzzle(work, stat.puzzle_id) if work is not None else None
    if stat.wrong_card is None or puzzle is None:
        return ""
    return tr("wrong_card", lang, card=pview.move_name(stat.wrong_card, puzzle, lang),
              count=stat.wrong_count)


def puzzle_label(stat: PuzzleStat, works: Mapping[str, Assignment], lang: str) -> str:
    """A puzzle's id; a game's position: "assignment n, position k" (its id is a digest)."""
    work = works.get(stat.assignment_id)
    if work is None or stat.puzzle_id not in work.positions:
        return stat.puzzle_id
    return tr("position_label", lang, number=list(works).index(work.id) + 1,
              position=work.puzzles.index(stat.puzzle_id) + 1)


def puzzle_frame(stats: Sequence[PuzzleStat], works: Mapping[str, Assignment], lang: str
                 ) -> pd.DataFrame:
    return pd.DataFrame([{
        tr("col.puzzle", lang): puzzle_label(stat, works, lang),
        tr("col.tried", lang): stat.tried,
        tr("col.right", lang): (fmt_percent(stat.share_right, lang)
                                if stat.share_right is not None else ""),
        tr("col.wrong", lang): wrong_name(stat, works, lang)} for stat in stats])


def puzzle_chart(stats: Sequence[PuzzleStat], works: Mapping[str, Assignment], lang: str
                 ) -> go.Figure:
    """Each assigned puzzle's share right at the first try, a bar per puzzle (the ones the
    class needs help with stand out in red), the wrong card most thrown beside its id."""
    tried = [s for s in stats if s.tried]
    shares = [s.share_right or 0.0 for s in tried]
    colours = [GREEN if v >= 0.75 else AMBER if v >= 0.5 else RED for v in shares]
    # The wrong card goes in the bar's label: a bar at 0% has no room for text.
    labels = [f"{puzzle_label(s, works, lang)} · {wrong_name(s, works, lang)}" if s.wrong_card
              else puzzle_label(s, works, lang) for s in tried]
    figure = go.Figure(go.Bar(
        x=[v * 100 for v in shares], y=labels, orientation="h", marker_color=colours,
        text=[fmt_percent(v, lang) for v in shares], textposition="outside", cliponaxis=False,
        hovertemplate="%{y}: %{x:.0f}%<extra></extra>"))
    figure.update_layout(
        height=max(220, 36 * len(tried) + 80), margin={"l": 10, "r": 10, "t": 30, "b": 30},
        title=tr("chart_title", lang), xaxis={"range": [0, 100], "ticksuffix": "%"},
        yaxis={"autorange": "reversed", "automargin": True})
    return figure


def dashboard_section(book: Classes, info: ClassInfo, key: str, lang: str) -> None:
    found = class_board(book, info.id, key)
    board, works = found.dashboard, list(found.works)
    st.subheader(tr("dashboard", lang), anchor=False)
    if not board.students:
        st.info(tr("no_students", lang))
        return
    frame = student_frame(board, works, lang)
    st.dataframe(frame, hide_index=True, width="stretch", key="class_students")
    legend = [f"{tr('col.work', lang, number=n)}: {assignment_name(w, lang)}"
              for n, w in enumerate(works, start=1)]
    if legend:
        st.caption(" · ".join(legend))
    st.download_button(tr("csv", lang), frame.to_csv(index=False).encode("utf-8"),
                       file_name=f"class-{datetime.date.today().isoformat()}.csv",
                       mime="text/csv", icon=":material/download:")
    if board.puzzles:
        by_id = {w.id: w for w in works}
        st.plotly_chart(puzzle_chart(board.puzzles, by_id, lang), width="stretch",
                        config={"displayModeBar": False})
        st.dataframe(puzzle_frame(board.puzzles, by_id, lang), hide_index=True,
                     width="stretch", key="class_puzzles")


def students_section(book: Classes, info: ClassInfo, key: str, lang: str) -> None:
    members = book.members(info.id, key)
    with st.expander(tr("students", lang, count=len(members))):
        for member in members:
            c1, c2 = st.columns([4, 1])
            c1.text(member.nickname)  # plain text, whatever was typed
            c2.button(tr("remove", lang), key=f"class_remove_{member.learner_id}",
                      on_click=guarded(_remove), args=(book, info.id, key, member.learner_id))


def works_section(book: Classes, info: ClassInfo, key: str, lang: str) -> None:
    st.subheader(tr("assignments", lang), anchor=False)
    works = book.assignments(info.id)
    for n, work in enumerate(works, start=1):
        with st.container(border=True):
            line = f"**{n}. {assignment_name(work, lang)}**"
            if work.due:
                line += " · " + due_text(work, lang)
            st.markdown(line)
            if work.kind == "puzzles":
                shipped = [p for p in work.puzzles if p not in work.positions]
                st.caption(", ".join(shipped + ([tr("from_game", lang, count=len(
                    work.positions))] if work.positions else [])))
                puzzles = [pz.shipped()[p] for p in shipped if p in pz.shipped()]
                if puzzles:
                    download_button(puzzles, info.lang, key=f"class_ws_{work.id}",
                                    rules=info.rules)
    if info.archived:  # an archived class takes no new work (the store refuses it too)
        st.caption(tr("archived_no_work", lang))
        return
    with st.expander(tr("new_assignment", lang), icon=":material/assignment_add:"):
        assignment_form(book, info, key, lang)


def teacher_view(book: Classes, class_id: str, key: str, lang: str) -> None:
    """The class's dashboard for the holder of its teacher link."""
    try:
        info = book.open(class_id, key)
    except ClassError as error:
        st.error(tr(f"error.{error.reason}", lang), icon=":material/block:")
        return
    remember_teacher(class_id, key)
    st.title(plain_md(info.name), anchor=False)
    st.caption(tr("class_note", lang, rules=info.rules, language=LANGUAGE_NAMES[info.lang]))
    share_box(book, info, key, lang)
    if not info.archived:
        teacher_panel(book, info, key, lang)
        lessons_section(book, info, key, lang)
    works_section(book, info, key, lang)
    dashboard_section(book, info, key, lang)
    live_section(book, info, key, lang)
    students_section(book, info, key, lang)
