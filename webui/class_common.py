"""The pieces every module of the Class page draws with: its words, safe markdown for what
a person typed, the class store, refusals and flashes, guarded callbacks, where the page is
(the route) and the links a teacher shares.

Who is who: a student is the learner of the browser's cookie (:mod:`webui.progress`); a
teacher is whoever holds the class's secret link ``/Class?class=ID&key=K``. The teacher's
classes opened in this session are remembered (:data:`TEACHING`) so that the Puzzles page can
offer "add to an assignment". Every name typed by a person (class, nickname, title) is shown as
plain text: :func:`plain_md` escapes it before it meets markdown.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from urllib.parse import urlencode

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from chinchon.store.class_checks import ClassError
from chinchon.store.classes import Classes
from chinchon.store.rows.classes import ClassInfo
from chinchon.views.i18n import t
from webui import flash as flash_message
from webui import progress
from webui.url_state import url_arrival

#: Session key: {class id: teacher key} of the classes opened as teacher in this session.
TEACHING = "class_teaching"


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


def flash(kind: str, key: str, **values: object) -> None:
    """Say ``class.<key>`` once, at the next run (after a callback or a rerun)."""
    flash_message.leave("class", kind, f"class.{key}", **values)


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
            flash("warning", "no_database")
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
