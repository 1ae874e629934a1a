"""The Class page's student side and forms, and the class work other pages show: the home
page's (:func:`home_work`), the Puzzles page's (:func:`puzzle_tools`, :func:`position_attempt`)
and the rules tour's (:func:`finish_tours`). What they do is :mod:`chinchon.services.classes`;
the pieces every class module draws with are :mod:`webui.class_common`.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlencode

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from chinchon import puzzles as pz
from chinchon.services import classes as service
from chinchon.store.class_checks import MAX_PUZZLES, NICKNAME_LENGTH, ClassError
from chinchon.store.classes import Classes
from chinchon.store.rows.classes import Assignment, ClassInfo
from chinchon.views.i18n import fmt_date, t
from webui import progress
from webui.class_common import (
    TEACHING,
    classes,
    flash,
    go,
    guarded,
    plain_md,
    refused,
    remember_teacher,
    show_flash,
    tr,
)
from webui.url_state import literal
from webui.worksheet import download_button

# --- Creating and joining ---------------------------------------------------------------------


def create_form(book: Classes, lang: str, rules: str) -> None:
    """A teacher makes a class; the page then opens its dashboard (the teacher link)."""
    from chinchon.views.i18n import LANGUAGE_NAMES, LANGUAGES

    with st.form("class_create"):
        st.markdown(f"**{tr('create_title', lang)}**")
        name = st.text_input(tr("name", lang), max_chars=60)
        chosen = st.text_input(tr("rules", lang), value=rules, help=tr("rules_help", lang))
        language = st.selectbox(tr("language", lang), LANGUAGES, index=LANGUAGES.index(lang),
                                format_func=LANGUAGE_NAMES.__getitem__)
        if not st.form_submit_button(tr("create", lang), type="primary",
                                     icon=":material/add:"):
            return
    try:
        made = service.create_class(book, name, chosen, language)
    except ClassError as error:
        st.error(tr("error.bad-class", lang) + " " + literal(str(error)))
        return
    remember_teacher(made.id, made.key)
    flash("success", "created")
    go(lang, **{"class": made.id, "key": made.key})


def join_form(book: Classes, code: str, lang: str) -> None:
    """A student opens ``/Class?join=CODE``: the class's name, a nickname, and he is in."""
    try:
        page = service.join_page(book, code, progress.learner())
    except ClassError as error:
        refused(error, lang)
        return
    info = page.info
    if page.member is not None:
        st.success(tr("already_in", lang, name=plain_md(info.name),
                      nickname=plain_md(page.member.nickname)))
        student_view(book, info.id, lang)
        return
    st.subheader(tr("join_title", lang, name=plain_md(info.name)), anchor=False)
    with st.form("class_join"):
        nickname = st.text_input(tr("nickname", lang), max_chars=NICKNAME_LENGTH,
                                 help=tr("nickname_help", lang))
        if not st.form_submit_button(tr("join", lang), type="primary",
                                     icon=":material/login:"):
            return
    learner_id, made = service.class_learner(book, progress.learner())
    if made:
        progress.adopt(learner_id)
    try:
        member = service.join_class(book, code, learner_id, nickname)
    except ClassError as error:
        refused(error, lang)
        return
    flash("success", "joined", name=plain_md(info.name), nickname=plain_md(member.nickname))
    go(lang, **{"class": info.id})


# --- Assignments --------------------------------------------------------------------------------


def assignment_name(work: Assignment, lang: str) -> str:
    """An assignment in words: its title (escaped), else what it is."""
    if work.title:
        return plain_md(work.title)
    if work.kind == "puzzles":
        return tr("name.puzzles", lang, count=len(work.puzzles))
    if work.kind == "games":
        return tr("name.games", lang, count=work.games or 0,
                  bot=t(f"play.level.{work.bot}", lang))
    return tr("name.tour", lang)


def due_text(work: Assignment, lang: str) -> str:
    return tr("due_on", lang, date=fmt_date(work.due, lang)) if work.due else ""


def work_links(work: Assignment, info: ClassInfo, lang: str) -> list[tuple[str, str]]:
    """(label, address) of the pages where a student does ``work``: a game's position opens
    on the Puzzles page from its cards, a shipped puzzle by its id."""
    base = {"lang": lang}
    if work.kind == "puzzles":
        return [(tr("puzzle_link", lang, number=n + 1), "/Puzzles?" + urlencode(
            {**base, **work.positions[pid]} if pid in work.positions else {**base, "puzzle": pid}))
            for n, pid in enumerate(work.puzzles)]
    if work.kind == "games":
        return [(tr("play_link", lang), "/Play?" + urlencode(
            {**base, "rules": info.rules, "seats": work.bot or "greedy"}))]
    return [(tr("tour_link", lang), "/Rules_tour?" + urlencode({**base, "rules": info.rules}))]


# --- The student's side -------------------------------------------------------------------------


def finish_tours(rules_id: str) -> int:
    """For the rules tour's last step: mark this learner's open tour assignments of the
    profile done; how many (0 without a class, or while the database is away)."""
    book, learner_id = classes(), progress.learner()
    if book is None or learner_id is None:
        return 0
    try:
        return book.finish_tours(learner_id, rules_id)
    except SQLAlchemyError:
        return 0


def position_attempt(puzzle: pz.Puzzle, answer: str | None, correct: bool, hint: bool) -> bool:
    """For the Puzzles page: keep the answer to a game's position when one of this learner's
    class assignments holds it, as an attempt at the position's own id (not rated: a position
    has no rating); False when no assignment holds it (nothing kept, as before)."""
    book, learner_id = classes(), progress.learner()
    if book is None or learner_id is None or puzzle.id != pz.POSITION_ID:
        return False
    key = pz.position_key(puzzle)
    try:
        if not book.assigned(learner_id, key):
            return False
    except SQLAlchemyError:
        return False
    progress.record_attempt(puzzle, answer, correct, hint, as_id=key, rated=False)
    return True


def student_view(book: Classes, class_id: str, lang: str, *, compact: bool = False) -> bool:
    """A student's assignments in one class, with what he has done (only his own results);
    False when he may not see the class (said by name)."""
    learner_id = progress.learner()
    if learner_id is None:
        st.info(tr("not_joined", lang))
        return False
    try:
        mine = service.student_work(book, class_id, learner_id)
    except ClassError as error:
        refused(error, lang)
        return False
    head = tr("student_title", lang, name=plain_md(mine.info.name),
              nickname=plain_md(mine.member.nickname))
    st.markdown(f"**{head}**" if compact else f"### {head}")
    if not compact:
        # Here only: the live panel loads plotly and pandas, which the home page never needs.
        from webui.class_live import student_panel

        student_panel(book, class_id, learner_id, lang)
    if not mine.works:
        st.caption(tr("no_work", lang))
    for work, done in reversed(mine.works):
        mark = ":material/check_circle:" if done.complete else ":material/hourglass_empty:"
        line = f"{mark} **{assignment_name(work, lang)}** · " + tr(
            "done_of", lang, done=done.done, total=done.total)
        if work.kind == "puzzles" and done.done:
            line += " · " + tr("first_right", lang, count=done.first_right)
        if work.due:
            line += " · " + due_text(work, lang)
        st.markdown(line)
        links = work_links(work, mine.info, lang)
        row = st.columns(min(len(links), 6) + (work.kind == "tour"))
        for n, (label, address) in enumerate(links[:6]):
            row[n].link_button(label, address, width="stretch")
        if work.kind == "tour" and not done.complete:
            row[-1].button(tr("tour_done", lang), key=f"class_tour_{work.id}",
                           on_click=guarded(book.mark_tour_done), args=(work.id, learner_id))
    return True


def home_work(lang: str) -> None:
    """For the home page: this browser's class work first, when the learner is in a class."""
    book, learner_id = classes(), progress.learner()
    if book is None or learner_id is None:
        return
    try:
        mine = book.memberships(learner_id)
    except SQLAlchemyError:
        return  # the database failed mid-way: the home page stays the home page
    if not mine:
        return
    with st.container(border=True, key="class_home"):
        st.subheader(tr("home_title", lang), anchor=False)
        for info, _member in mine:
            student_view(book, info.id, lang, compact=True)
            st.page_link("pages/99_Class.py", label=tr("open_class", lang),
                         query_params={"class": info.id, "lang": lang},
                         icon=":material/groups:")


def my_classes(book: Classes, lang: str) -> None:
    """The classes this browser's learner is in, each with his work."""
    learner_id = progress.learner()
    mine = book.memberships(learner_id) if learner_id else []
    if mine:
        st.subheader(tr("my_classes", lang), anchor=False)
    for info, _member in mine:
        with st.container(border=True):
            student_view(book, info.id, lang, compact=True)


def code_form(lang: str) -> None:
    """A student who was given the code rather than the link types it here."""
    with st.form("class_code"):
        st.markdown(f"**{tr('join_code_title', lang)}**")
        code = st.text_input(tr("join_code_input", lang), max_chars=12,
                             placeholder="ABCD-EFGH")
        if st.form_submit_button(tr("go", lang), icon=":material/login:") and code.strip():
            go(lang, join=code.strip())


# --- The Puzzles page's addition ---------------------------------------------------------------


def _add_puzzle(book: Classes, class_id: str, key: str, assignment_id: str | None,
                puzzle_id: str, lang: str) -> None:
    try:
        service.add_puzzle(book, class_id, key, assignment_id, puzzle_id)
    except ClassError as error:
        flash("error", f"error.{error.reason}")
        return
    flash("success", "added")


def puzzle_tools(puzzle: pz.Puzzle, candidates: Sequence[pz.Puzzle], lang: str) -> None:
    """For the Puzzles page: "add to an assignment" (for a teacher who opened his class in
    this session) and a worksheet of the puzzles the filters choose."""
    show_flash(lang)
    teaching: dict[str, str] = st.session_state.get(TEACHING, {})
    book = classes()
    if teaching and book is not None and puzzle.id in pz.shipped():
        with st.popover(tr("add_to", lang), icon=":material/assignment_add:"):
            for info, works in service.teaching_choices(book, teaching):
                class_id, key = info.id, teaching[info.id]
                st.caption(plain_md(info.name))
                names: dict[str | None, str] = {None: tr("add_new", lang)}
                names.update({w.id: assignment_name(w, lang) for w in works})
                chosen = st.selectbox(tr("add_which", lang), list(names),
                                      key=f"class_add_{class_id}", format_func=names.__getitem__)
                st.button(tr("add", lang), key=f"class_add_go_{class_id}", on_click=guarded(_add_puzzle),
                          args=(book, class_id, key, chosen, puzzle.id, lang))
    chosen_puzzles = list(candidates)[:MAX_PUZZLES] or [puzzle]
    download_button(chosen_puzzles, lang, key="pz_worksheet")


