"""The learner's progress on the page side: the store of this server, the learner's cookie,
the rating widget and the "not being saved" banner. What progress *does* (the outbox,
recording, transfer codes, forgetting) is :mod:`chinchon.services.progress`; this module reads
the cookie and the session and calls it.

Who: an anonymous id in a cookie (``chinchon_learner``), read with ``st.context.cookies`` when
the session starts; the server sets it HttpOnly through :mod:`webui.learner_cookie` when the
site runs from ``site_app.py`` (else a tiny v2 component writes it); nothing else about a
person is kept.
A bad or foreign id in the cookie is refused with a message and replaced at the next attempt.
Writing: :func:`record_attempt` appends to this session's
:class:`~chinchon.services.progress.Outbox` and writes it at once, before the page says
anything; a database that is down or full leaves the attempts queued, the banner says so, and
every rerun tries again.
"""

from __future__ import annotations

import datetime
import logging
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import streamlit as st

from chinchon import puzzles as pz
from chinchon.services import progress as service
from chinchon.services.progress import LearnerData, Notice, Outbox
from chinchon.services.puzzles import SHIFT_KEY, SHIFTS
from chinchon.store.database import hide_password
from chinchon.store.rows.attempts import Recorded
from chinchon.store.store import Store
from chinchon.views.i18n import fmt_signed, t
from webui import flash as flash_message
from webui import learner_cookie
from webui.learner_cookie import COOKIE, COOKIE_DAYS
from webui.url_state import literal

#: After the database could not be opened, wait this long before trying again (seconds).
RETRY_AFTER = 10.0

_CHECKED = "progress_cookie_checked"
_SENT = "progress_cookie_sent"  # what this session last had the server set the cookie to
_TICKET = "progress_cookie_ticket"  # the ticket that sets it (learner_cookie)
CODE_INPUT = "progress_code_input"

_COOKIE_WRITER = st.components.v2.component(
    "chinchon_learner_cookie", js=Path(__file__).with_name("learner_cookie_writer.js").read_text())
# With the site's launcher: the page only asks the server to set the cookie (HttpOnly).
_TICKET_SENDER = st.components.v2.component(
    "chinchon_learner_cookie_ticket",
    js=Path(__file__).with_name("learner_cookie_ticket.js").read_text())

_failed_at: float | None = None
_LOG = logging.getLogger(__name__)


@st.cache_resource(show_spinner=False)
def _open_store() -> Store:
    return Store()  # raises while the database is away: nothing is cached then


def store() -> Store | None:
    """The server's one store (migrated on opening), or None while the database is away."""
    global _failed_at
    if _failed_at is not None and time.monotonic() - _failed_at < RETRY_AFTER:
        return None
    try:
        opened = _open_store()
    except Exception as error:  # any failure to open means "not saving", never a crash
        if _failed_at is None:  # once per outage, for whoever runs the server
            _LOG.warning("progress database unavailable: %s: %s", type(error).__name__,
                         hide_password(str(error).splitlines()[0][:200] if str(error) else ""))
        _failed_at = time.monotonic()
        return None
    _failed_at = None
    return opened


def outbox() -> Outbox:
    return service.outbox(st.session_state)


def _check_cookie() -> None:
    """Once per session: adopt the cookie's learner id if it is one of ours."""
    state = st.session_state
    if state.get(_CHECKED) or state.get(service.LEARNER):
        return
    state[_CHECKED] = True
    raw = st.context.cookies.get(COOKIE)
    if raw and not service.adopt_cookie(state, store(), raw):
        state[_CHECKED] = False  # the database failed mid-check: try again next run


def learner() -> str | None:
    """This session's learner id, from the session or the browser's cookie (None: no
    attempt recorded yet in this browser)."""
    _check_cookie()
    return service.learner(st.session_state)


def adopt(learner_id: str) -> None:
    """Continue as ``learner_id`` (from a transfer code) in this browser from now on."""
    service.adopt(st.session_state, learner_id)


def forget() -> int:
    """Delete every row of this session's learner and the browser's cookie; rows removed."""
    learner()
    return service.forget(st.session_state, store())


def learner_or_new() -> str:
    """This session's learner, minted now if he has none (his first attempt or game)."""
    return learner() or service.mint(st.session_state)


def puzzle_shown(puzzle_id: str) -> None:
    """Start the clock of the puzzle on screen (a new id restarts it)."""
    service.puzzle_shown(st.session_state, puzzle_id)


def flush() -> None:
    """Write whatever this session still holds; remember the latest attempt written."""
    service.flush(st.session_state, store())


def record_attempt(puzzle: pz.Puzzle, answer: str | None, correct: bool, hint: bool,
                   daily: str | None = None, *, as_id: str | None = None,
                   rated: bool = True) -> Recorded | None:
    """Keep the answer to ``puzzle`` and write it now (see
    :func:`chinchon.services.progress.record_attempt`)."""
    learner()  # the cookie's learner, if this run has not read it yet
    return service.record_attempt(st.session_state, store(), puzzle, answer, correct, hint,
                                  daily, as_id=as_id, rated=rated)


def last_attempt() -> Recorded | None:
    return service.last_attempt(st.session_state)


def _cookie() -> None:
    state = st.session_state
    value = service.cookie_value(state)
    clear = bool(state.get(service.CLEAR))
    if learner_cookie.serving:
        _server_cookie(None if clear else value, clear)
        return
    _COOKIE_WRITER(key="progress_cookie", data={
        "name": COOKIE, "value": value, "clear": clear, "maxAge": COOKIE_DAYS * 86400})


def _server_cookie(value: str | None, clear: bool) -> None:
    """Have the server set (or delete) the HttpOnly cookie when it differs from what the
    browser holds: the page sees a single-use ticket, never the id."""
    state = st.session_state
    held = state.get(_SENT, st.context.cookies.get(COOKIE))
    if (clear and held) or (value is not None and value != held):
        state[_TICKET] = learner_cookie.issue(value)
        state[_SENT] = value
    _TICKET_SENDER(key="progress_cookie_ticket", data={
        "ticket": state.get(_TICKET), "route": learner_cookie.ROUTE})


def banner(lang: str) -> None:
    """Write what is queued, keep the cookie in step, and say so when progress is not saved
    (or the browser's id was refused). Call it near the top of a page, after setup_page."""
    _check_cookie()
    flush()
    with st.sidebar:
        _cookie()
    notice = st.session_state.get(service.NOTICE)
    if notice:
        st.warning(t(f"progress.refused_{notice[0]}", lang, value=literal(notice[1])),
                   icon=":material/person_off:")
        st.session_state[service.NOTICE] = None
    if service.not_saved(st.session_state, store()):
        st.warning(t("progress.not_saved", lang, count=len(outbox())),
                   icon=":material/cloud_off:")


def restore_counts() -> None:
    """Once per session, the Puzzles page's streak and score from the stored attempts."""
    learner()
    service.restore_counts(st.session_state, store())


def rating_widget(lang: str, rules_id: str) -> None:
    """The learner's rating under ``rules_id`` with its latest change, the easier/harder
    setting for the next puzzle, and today's daily puzzle once solved."""
    learner()
    now = service.rating_now(st.session_state, store(), rules_id,
                             datetime.datetime.now(datetime.UTC).date())
    held = now.info.rating if now.info is not None else None
    left, right = st.columns([1, 2], vertical_alignment="bottom")
    provisional = held is not None and held.provisional
    help_text = t("progress.rating_help", lang, games=now.games)
    if held is not None and provisional:
        help_text += "\n\n" + t("progress.provisional_help", lang, rd=round(held.rd))
    left.metric(rating_label(lang, provisional),
                f"{held.rating:.0f}" if held is not None else "—",
                **delta_args(now.change, lang), help=help_text)
    right.segmented_control(t("progress.shift", lang), list(SHIFTS), key=SHIFT_KEY,
                            default="normal", format_func=lambda s: t(f"progress.shift.{s}", lang))
    if now.daily_done:
        st.caption(t("progress.daily_done", lang))


def rating_label(lang: str, provisional: bool) -> str:
    """"Puzzle rating", marked "(provisional)" while its deviation is high."""
    label = t("progress.rating", lang)
    return f"{label} ({t('progress.provisional', lang)})" if provisional else label


def delta_args(change: float | None, lang: str) -> dict[str, Any]:
    """A rating change as ``st.metric`` shows it: a true minus sign (−12), and the colour and
    arrow set from the number, since Streamlit reads only a hyphen as negative."""
    if change is None:
        return {"delta": None}
    rounded = round(change)
    return {"delta": fmt_signed(rounded, lang),
            "delta_color": "red" if rounded < 0 else "green" if rounded > 0 else "gray",
            "delta_arrow": "down" if rounded < 0 else "up" if rounded > 0 else "off"}


def learner_data() -> LearnerData | None:
    """This learner's attempts, games and ratings (empty for a new visitor); None while the
    database is away."""
    learner()
    return service.learner_data(st.session_state, store())


def retry_misses(missed: Sequence[str], puzzles_page: str, query: Mapping[str, str]) -> None:
    """Open the first of ``missed`` on the Puzzles page and serve the others next."""
    service.start_misses(st.session_state, missed[1:])
    st.switch_page(puzzles_page, query_params={**query, "puzzle": missed[0]})


# --- "Continue on another device" and "forget me" (callbacks of the My progress page) --------


def _say(notice: Notice | None) -> None:
    """Leave ``notice`` for the page's next run (what the user typed quoted, never markup)."""
    if notice is None:
        return
    typed = {} if notice.typed is None else {"value": literal(notice.typed)}
    flash_message.leave("progress", notice.kind, notice.key, **notice.values, **typed)


def show_flash(lang: str) -> None:
    """The message a callback left for this run, once."""
    flash_message.say("progress", lang)


def make_code() -> None:
    """Callback: a new transfer code for this learner (and a fresh id; see
    :func:`chinchon.services.progress.make_code`)."""
    learner()
    _say(service.make_code(st.session_state, store()))


def transfer_code() -> str | None:
    return service.transfer_code(st.session_state)


def redeem() -> None:
    """Callback: continue as the learner of the code typed in :data:`CODE_INPUT`."""
    notice = service.redeem(st.session_state, store(), str(st.session_state.get(CODE_INPUT) or ""))
    if notice.kind == "success":
        st.session_state[CODE_INPUT] = ""
    _say(notice)


def forget_me() -> None:
    """Callback: delete every row of this learner."""
    learner()
    _say(service.forget_me(st.session_state, store()))
