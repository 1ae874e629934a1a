"""The Class page's pieces, and the class work other pages show (home, Puzzles).

Who is who: a student is the learner of the browser's cookie (:mod:`webui.progress`); a
teacher is whoever holds the class's secret link ``/Class?class=ID&key=K``. The teacher's
classes opened in this session are remembered (:data:`TEACHING`) so that the Puzzles page can
offer "add to an assignment". Every name typed by a person (class, nickname, title) is shown as
plain text: :func:`plain_md` escapes it before it meets markdown.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from urllib.parse import urlencode

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from chinchon import puzzles as pz
from chinchon.store.classes import (
    MAX_PUZZLES,
    NICKNAME_LENGTH,
    Assignment,
    ClassError,
    Classes,
    ClassInfo,
)
from chinchon.views.i18n import fmt_date, t
from webui import flash as flash_message
from webui import progress
from webui.url_state import literal, url_arrival

#: Session key: {class id: teacher key} of the classes opened as teacher in this session.
TEACHING = "class_teaching"
ANY = "any"


def tr(key: str, lang: str, **values: object) -> str:
    return t(f"class.{key}", lang, **values)


def plain_md(text: str) -> str:
    """Text typed by a person, safe inside markdown: every ASCII punctuation mark escaped (so
    ``**``, ``[x](y)``, ``<b>`` and ``:material/…:`` stay the characters they are).

    >>> plain_md("**Ana** <b>")
    '\\\\*\\\\*Ana\\\\*\\\\* \\\\<b\\\\>'
    """
    return re.sub(r"([!-/:-@\[-`{-~])", r"\\\1", text)


def classes() -> Classes | None:
    """The classes of the server's store, or None while the database is away."""
    opened = progress.store()
    return Classes(opened) if opened is not None else None


def refused(error: ClassError, lang: str) -> None:
    """Say by name why a code, a key or a membership was refused."""
    st.error(tr(f"error.{error.reason}", lang), icon=":material/block:")


def _flash(kind: str, key: str, **values: object) -> None:
    """Say ``class.<key>`` once, at the next run (after a callback or a rerun)."""
    flash_message.leave("class", kind, f"class.{key}", **values)


#: For the other class modules' callbacks.
flash = _flash


def show_flash(lang: str) -> None:
    flash_message.say("class", lang)


def guarded(action: Callable[..., object]) -> Callable[..., None]:
    """A button's callback that, when the database fails mid-way, says so instead of
    showing a traceback."""
    @functools.wraps(action)
    def run(*args: object, **kwargs: object) -> None:
        try:
            action(*args, **kwargs)
        except SQLAlchemyError:
            _flash("warning", "no_database")
    return run


#: Session key of where the page is: {"join": code, "class": id, "key": teacher key}.
ROUTE = "class_route"
_ROUTE_NAMES = ("join", "class", "key", "view", "lesson")


def route() -> dict[str, str]:
    """Where the Class page is: from the URL on arriving (each value bounded), else from the
    session (the browser's URL may lag behind it)."""
    state = st.session_state
    if url_arrival() or ROUTE not in state:
        state[ROUTE] = {name: value for name in _ROUTE_NAMES
                        if (value := (st.query_params.get(name) or "").strip())
                        and len(value) <= 80}
    where: dict[str, str] = state[ROUTE]
    return where


def go(lang: str, **where: str) -> None:
    """Move the page to ``where`` (the session and the URL) and run it again."""
    st.session_state[ROUTE] = dict(where)
    for name in _ROUTE_NAMES:
        st.query_params.pop(name, None)
    st.query_params.update(where)
    st.rerun()


def base_url() -> str:
    """The site's address as the browser sees it (for links to copy), without the page."""
    url = st.context.url or ""
    match = re.match(r"(https?://[^/?#]+)", url)
    return match.group(1) if match else ""


def join_link(info: ClassInfo) -> str:
    return f"{base_url()}/Class?{urlencode({'join': info.shown_code, 'lang': info.lang})}"


def teacher_link(class_id: str, key: str) -> str:
    return f"{base_url()}/Class?{urlencode({'class': class_id, 'key': key})}"


def remember_teacher(class_id: str, key: str) -> None:
    teaching: dict[str, str] = st.session_state.setdefault(TEACHING, {})
    teaching[class_id] = key


def learner_in_store(book: Classes) -> str:
    """This browser's learner, written in the database now (a class needs his row)."""
    learner_id = progress.learner()
    if learner_id is None:
        learner_id = book.store.new_learner()
        progress.adopt(learner_id)
    else:
        book.store.new_learner(learner_id)  # one the outbox still holds: harmless otherwise
    return learner_id


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
        made = book.create(name, chosen.strip(), language)
    except ClassError as error:
        st.error(tr("error.bad-class", lang) + " " + literal(str(error)))
        return
    remember_teacher(made.id, made.key)
    _flash("success", "created")
    go(lang, **{"class": made.id, "key": made.key})


def join_form(book: Classes, code: str, lang: str) -> None:
    """A student opens ``/Class?join=CODE``: the class's name, a nickname, and he is in."""
    try:
        info = book.class_of_code(code)
    except ClassError as error:
        refused(error, lang)
        return
    learner_id = progress.learner()
    mine = {c.id: m for c, m in book.memberships(learner_id)} if learner_id else {}
    if info.id in mine:
        st.success(tr("already_in", lang, name=plain_md(info.name),
                      nickname=plain_md(mine[info.id].nickname)))
        student_view(book, info.id, lang)
        return
    st.subheader(tr("join_title", lang, name=plain_md(info.name)), anchor=False)
    with st.form("class_join"):
        nickname = st.text_input(tr("nickname", lang), max_chars=NICKNAME_LENGTH,
                                 help=tr("nickname_help", lang))
        if not st.form_submit_button(tr("join", lang), type="primary",
                                     icon=":material/login:"):
            return
    try:
        member = book.join(code, learner_in_store(book), nickname)
    except ClassError as error:
        refused(error, lang)
        return
    _flash("success", "joined", name=plain_md(info.name), nickname=plain_md(member.nickname))
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


def assigned_puzzle(work: Assignment, puzzle_id: str) -> pz.Puzzle | None:
    """A puzzle of ``work``: the shipped one, or the game's position it was made from (under
    its own id); None when it can no longer be read."""
    values = work.positions.get(puzzle_id)
    if values is None:
        return pz.shipped().get(puzzle_id)
    try:
        return replace(pz.linked_position(values), id=puzzle_id)
    except pz.PuzzleError:
        return None


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


def _mark_tour(book: Classes, assignment_id: str, learner_id: str) -> None:
    book.mark_tour_done(assignment_id, learner_id)


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
    from chinchon.store.class_dashboard import progress as work_progress

    learner_id = progress.learner()
    if learner_id is None:
        st.info(tr("not_joined", lang))
        return False
    try:
        data = book.student_data(class_id, learner_id)
    except ClassError as error:
        refused(error, lang)
        return False
    me = data.members[0]
    head = tr("student_title", lang, name=plain_md(data.info.name), nickname=plain_md(me.nickname))
    st.markdown(f"**{head}**" if compact else f"### {head}")
    if not compact:
        from webui.class_live import student_panel  # it draws with this module's helpers

        student_panel(book, class_id, learner_id, lang)
    if not data.assignments:
        st.caption(tr("no_work", lang))
    for work in reversed(data.assignments):
        done = work_progress(work, data, learner_id)
        mark = ":material/check_circle:" if done.complete else ":material/hourglass_empty:"
        line = f"{mark} **{assignment_name(work, lang)}** · " + tr(
            "done_of", lang, done=done.done, total=done.total)
        if work.kind == "puzzles" and done.done:
            line += " · " + tr("first_right", lang, count=done.first_right)
        if work.due:
            line += " · " + due_text(work, lang)
        st.markdown(line)
        links = work_links(work, data.info, lang)
        row = st.columns(min(len(links), 6) + (work.kind == "tour"))
        for n, (label, address) in enumerate(links[:6]):
            row[n].link_button(label, address, width="stretch")
        if work.kind == "tour" and not done.complete:
            row[-1].button(tr("tour_done", lang), key=f"class_tour_{work.id}",
                           on_click=guarded(_mark_tour), args=(book, work.id, learner_id))
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
        if assignment_id is None:
            book.assign(class_id, key, "puzzles", puzzles=[puzzle_id])
        else:
            book.add_puzzles(class_id, key, assignment_id, [puzzle_id])
    except ClassError as error:
        _flash("error", f"error.{error.reason}")
        return
    _flash("success", "added")


def puzzle_tools(puzzle: pz.Puzzle, candidates: Sequence[pz.Puzzle], lang: str) -> None:
    """For the Puzzles page: "add to an assignment" (for a teacher who opened his class in
    this session) and a worksheet of the puzzles the filters choose."""
    from webui.worksheet import download_button

    show_flash(lang)
    teaching: dict[str, str] = st.session_state.get(TEACHING, {})
    book = classes()
    if teaching and book is not None and puzzle.id in pz.shipped():
        with st.popover(tr("add_to", lang), icon=":material/assignment_add:"):
            for class_id, key in teaching.items():
                try:
                    info = book.open(class_id, key)
                except ClassError:
                    continue
                st.caption(plain_md(info.name))
                works = [w for w in book.assignments(class_id) if w.kind == "puzzles"]
                names: dict[str | None, str] = {None: tr("add_new", lang)}
                names.update({w.id: assignment_name(w, lang) for w in works})
                chosen = st.selectbox(tr("add_which", lang), list(names),
                                      key=f"class_add_{class_id}", format_func=names.__getitem__)
                st.button(tr("add", lang), key=f"class_add_go_{class_id}", on_click=guarded(_add_puzzle),
                          args=(book, class_id, key, chosen, puzzle.id, lang))
    chosen_puzzles = list(candidates)[:MAX_PUZZLES] or [puzzle]
    download_button(chosen_puzzles, lang, key="pz_worksheet")


