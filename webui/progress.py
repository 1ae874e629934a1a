"""The learner's progress on the page side: who the learner is, writing attempts (queued when
the database is away), the rating widget and the "not being saved" banner.

Who: an anonymous id in a cookie (``chinchon_learner``), read with ``st.context.cookies`` when
the session starts; the server sets it HttpOnly through :mod:`webui.learner_cookie` when the
site runs from ``site_app.py`` (else a tiny v2 component writes it); nothing else about a
person is kept.
A bad or foreign id in the cookie is refused with a message and replaced at the next attempt.
Writing: :func:`record_attempt` appends to this session's :class:`~chinchon.store.progress.Outbox`
and writes it at once, before the page says anything; a database that is down or full leaves
the attempts queued, the banner says so, and every rerun tries again.
"""

from __future__ import annotations

import datetime
import logging
import random
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from chinchon import puzzles as pz
from chinchon.store import (
    Attempt,
    LearnerError,
    LearnerRatingInfo,
    Played,
    Recorded,
    Store,
    TransferCodeError,
    UnknownLearner,
    check_learner_id,
)
from chinchon.store.database import hide_password
from chinchon.store.progress import SHIFTS, Outbox, choose_puzzle, daily_done, misses, streak
from chinchon.views.i18n import fmt_signed, t
from webui import flash as flash_message
from webui import learner_cookie
from webui.learner_cookie import COOKIE, COOKIE_DAYS
from webui.ui import current_options
from webui.url_state import literal

#: After the database could not be opened, wait this long before trying again (seconds).
RETRY_AFTER = 10.0

_LEARNER = "progress_learner"  # the learner id of this session (None: none yet)
_CHECKED = "progress_cookie_checked"
_CLEAR = "progress_clear_cookie"  # the cookie holds an id we refused: delete it
_NOTICE = "progress_notice"  # (kind, quoted id) of a refused cookie, shown once
_OUTBOX = "progress_outbox"
_LAST = "progress_last"  # the latest Recorded of this session
_SHOWN = "progress_shown"  # (puzzle id, monotonic time) of the puzzle being timed
_MISSES = "progress_misses"  # puzzle ids still to retry, in order
_COUNTED = "progress_counts_restored"
_CODE = "progress_code"  # the transfer code made in this session
_SENT = "progress_cookie_sent"  # what this session last had the server set the cookie to
_TICKET = "progress_cookie_ticket"  # the ticket that sets it (learner_cookie)
CODE_INPUT = "progress_code_input"
SHIFT_KEY = "progress_shift"

_COOKIE_JS = """
export default function (component) {
  const { data } = component;
  const current = document.cookie.split("; ").find((c) => c.startsWith(data.name + "="));
  const secure = location.protocol === "https:" ? "; Secure" : "";
  if (data.clear) {
    if (current) document.cookie = `${data.name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  } else if (data.value && current !== `${data.name}=${data.value}`) {
    document.cookie = `${data.name}=${data.value}; Path=/; Max-Age=${data.maxAge}; SameSite=Lax${secure}`;
  }
}
"""
_COOKIE_WRITER = st.components.v2.component("chinchon_learner_cookie", js=_COOKIE_JS)
# With the site's launcher: the page only asks the server to set the cookie (HttpOnly).
_TICKET_JS = """
export default function (component) {
  const { data } = component;
  if (!data.ticket || window.chinchonCookieTicket === data.ticket) return;
  window.chinchonCookieTicket = data.ticket;
  fetch(`${data.route}?ticket=${encodeURIComponent(data.ticket)}`,
        { method: "POST", credentials: "same-origin", cache: "no-store" });
}
"""
_TICKET_SENDER = st.components.v2.component("chinchon_learner_cookie_ticket", js=_TICKET_JS)

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
    box: Outbox = st.session_state.setdefault(_OUTBOX, Outbox())
    return box


def _check_cookie() -> None:
    """Once per session: adopt the cookie's learner id if it is one of ours."""
    state = st.session_state
    if state.get(_CHECKED) or state.get(_LEARNER):
        return
    state[_CHECKED] = True
    raw = st.context.cookies.get(COOKIE)
    if not raw:
        return
    try:
        learner_id = check_learner_id(raw)
        opened = store()
        if opened is not None:  # away: trust a well-formed id until the first write says
            opened.check_learner(learner_id)
    except LearnerError as error:
        state[_NOTICE] = ("foreign" if isinstance(error, UnknownLearner) else "bad",
                          literal(raw))
        state[_CLEAR] = True
        return
    except SQLAlchemyError:  # the database failed mid-check: try again next run
        state[_CHECKED] = False
        return
    state[_LEARNER] = learner_id


def learner() -> str | None:
    """This session's learner id, from the session or the browser's cookie (None: no
    attempt recorded yet in this browser)."""
    _check_cookie()
    value: str | None = st.session_state.get(_LEARNER)
    return value


def adopt(learner_id: str) -> None:
    """Continue as ``learner_id`` (from a transfer code) in this browser from now on."""
    st.session_state.update({_LEARNER: learner_id, _CLEAR: False, _NOTICE: None,
                             _COUNTED: False, _MISSES: []})


def forget() -> int:
    """Delete every row of this session's learner and the browser's cookie; rows removed."""
    learner_id, opened = learner(), store()
    if learner_id is None or opened is None:
        return 0
    removed = opened.forget(learner_id)
    box = outbox()
    box.attempts = [a for a in box.attempts if a.learner_id != learner_id]
    box.games = [g for g in box.games if g.learner_id != learner_id]
    box.played = {k: g for k, g in box.played.items() if g.learner_id != learner_id}
    box.learners = [x for x in box.learners if x != learner_id]
    st.session_state.update({_LEARNER: None, _CLEAR: True, _LAST: None, _MISSES: []})
    return removed


def _mint() -> str:
    learner_id = uuid.uuid4().hex
    outbox().add_learner(learner_id)
    st.session_state.update({_LEARNER: learner_id, _CLEAR: False})
    return learner_id


def learner_or_new() -> str:
    """This session's learner, minted now if he has none (his first attempt or game)."""
    return learner() or _mint()


def puzzle_shown(puzzle_id: str) -> None:
    """Start the clock of the puzzle on screen (a new id restarts it)."""
    shown = st.session_state.get(_SHOWN)
    if not shown or shown[0] != puzzle_id:
        st.session_state[_SHOWN] = (puzzle_id, time.monotonic())


def _seconds(puzzle_id: str) -> float | None:
    shown = st.session_state.get(_SHOWN)
    return round(time.monotonic() - shown[1], 1) if shown and shown[0] == puzzle_id else None


def flush() -> None:
    """Write whatever this session still holds; remember the latest attempt written."""
    box = outbox()
    if len(box) or box.learners:
        for recorded in box.flush(store()):
            st.session_state[_LAST] = recorded
    if box.refused:  # the learner was forgotten (another tab, another device) meanwhile
        refused = {a.learner_id for a in box.refused}
        box.refused.clear()
        if st.session_state.get(_LEARNER) in refused:
            st.session_state.update({_NOTICE: ("foreign", literal(st.session_state[_LEARNER])),
                                     _LEARNER: None, _CLEAR: True, _COUNTED: False})


def record_attempt(puzzle: pz.Puzzle, answer: str | None, correct: bool, hint: bool,
                   daily: str | None = None, *, as_id: str | None = None,
                   rated: bool = True) -> Recorded | None:
    """Keep the answer to ``puzzle`` (``answer`` None: the solution was shown) and write it
    now, under the id ``as_id`` when given (a position's own); returns it as stored, or None
    while the database is away (it stays queued). ``rated``: whether it may move ratings."""
    learner_id = learner_or_new()
    day = datetime.date.fromisoformat(daily) if daily else None
    made = Attempt.new(learner_id, as_id or puzzle.id, puzzle.rules_id, answer, correct,
                       hint=hint, difficulty=puzzle.difficulty or "medium", daily=day,
                       seconds=_seconds(puzzle.id), rated=rated)
    outbox().add(made)
    flush()
    last: Recorded | None = st.session_state.get(_LAST)
    return last if last is not None and last.id == made.id else None


def last_attempt() -> Recorded | None:
    last: Recorded | None = st.session_state.get(_LAST)
    return last


def _cookie() -> None:
    box = outbox()
    value = st.session_state.get(_LEARNER)
    if value in box.learners:  # not in the database yet: a reload must not meet a stranger
        value = None
    clear = bool(st.session_state.get(_CLEAR))
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
    notice = st.session_state.get(_NOTICE)
    if notice:
        st.warning(t(f"progress.refused_{notice[0]}", lang, value=notice[1]),
                   icon=":material/person_off:")
        st.session_state[_NOTICE] = None
    box = outbox()
    if len(box) or box.learners or (box.error and store() is None and learner()):
        st.warning(t("progress.not_saved", lang, count=len(box)),
                   icon=":material/cloud_off:")


def restore_counts() -> None:
    """Once per session, the Puzzles page's streak and score (``pz_streak``, ``pz_solved``,
    ``pz_played``) from the stored attempts, so they survive a reload."""
    session = st.session_state
    learner_id, opened = learner(), store()
    if session.get(_COUNTED) or opened is None or len(outbox()):
        return  # done, or the database is away or behind: the session's counts stand
    if learner_id is None:
        session[_COUNTED] = True  # a new visitor: nothing stored to restore
        return
    try:
        attempts = opened.attempts(learner_id)
    except SQLAlchemyError:  # the database is away: keep the session's counts
        return
    session[_COUNTED] = True
    session.update(pz_streak=streak(attempts), pz_solved=sum(a.clean for a in attempts),
                   pz_played=len(attempts))


def rating_widget(lang: str, rules_id: str) -> None:
    """The learner's rating under ``rules_id`` with its latest change, the easier/harder
    setting for the next puzzle, and today's daily puzzle once solved."""
    learner_id, opened = learner(), store()
    rating, games, done_today, held = None, 0, False, None
    if learner_id is not None and opened is not None:
        try:
            info = opened.learner_ratings(learner_id).get(rules_id)
            recent = opened.attempts(learner_id, limit=50)
        except SQLAlchemyError:  # shown as unknown while the database is away
            info, recent = None, []
        if info is not None:
            rating, games, held = info.rating.rating, info.games, info.rating
        done_today = daily_done(recent, datetime.datetime.now(datetime.UTC).date())
    last = last_attempt()
    change = last.change if last is not None and last.rules_id == rules_id else None
    left, right = st.columns([1, 2], vertical_alignment="bottom")
    provisional = held is not None and held.provisional
    help_text = t("progress.rating_help", lang, games=games)
    if held is not None and provisional:
        help_text += "\n\n" + t("progress.provisional_help", lang, rd=round(held.rd))
    left.metric(rating_label(lang, provisional),
                f"{rating:.0f}" if rating is not None else "—",
                **delta_args(change, lang), help=help_text)
    right.segmented_control(t("progress.shift", lang), list(SHIFTS), key=SHIFT_KEY,
                            default="normal", format_func=lambda s: t(f"progress.shift.{s}", lang))
    if done_today:
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


@dataclass(frozen=True)
class LearnerData:
    """What the My progress page shows of this learner, read at once."""

    attempts: list[Recorded]
    #: The games of the Play page that count (played here, finished, never face up).
    games: list[Played]
    ratings: dict[str, LearnerRatingInfo]


def learner_data() -> LearnerData | None:
    """This learner's attempts, games and ratings (empty for a new visitor); None while the
    database is away."""
    learner_id, opened = learner(), store()
    if opened is None:
        return None
    if learner_id is None:
        return LearnerData([], [], {})
    try:
        return LearnerData(opened.attempts(learner_id),
                           opened.played_games(learner_id, counted=True),
                           opened.learner_ratings(learner_id))
    except SQLAlchemyError:
        return None


def start_misses(puzzle_ids: Sequence[str]) -> None:
    """Serve ``puzzle_ids`` first, in order, as the next puzzles ("retry my misses")."""
    st.session_state[_MISSES] = list(puzzle_ids)


def missed_puzzles(attempts: Sequence[Recorded], rules_id: str) -> list[str]:
    """The shipped puzzles of ``rules_id`` whose latest attempt was a miss, latest first."""
    shipped = pz.shipped()
    return [m for m in misses([a for a in attempts if a.rules_id == rules_id]) if m in shipped]


def retry_misses(missed: Sequence[str], puzzles_page: str, query: Mapping[str, str]) -> None:
    """Open the first of ``missed`` on the Puzzles page and serve the others next."""
    start_misses(missed[1:])
    st.switch_page(puzzles_page, query_params={**query, "puzzle": missed[0]})


def learner_misses() -> list[str]:
    data = learner_data()
    return misses(data.attempts) if data is not None else []


def next_puzzle(candidates: Sequence[pz.Puzzle], current: str | None, rules_id: str
                ) -> pz.Puzzle | None:
    """The next puzzle: a miss being retried first; else one near the learner's rating
    (shifted by the easier/harder setting) among ``candidates`` of the sidebar's options; a
    new learner starts on easy ones."""
    queue: list[str] = st.session_state.get(_MISSES) or []
    shipped = pz.shipped()
    while queue:
        wanted = shipped.get(queue.pop(0))
        if wanted is not None and wanted.id != current:
            return wanted
    options = current_options(rules_id)
    pool = [p for p in candidates if dict(p.options) == options] or list(candidates)
    learner_id, opened = learner(), store()
    rating, games, played, ratings = None, 0, set(), {}
    if opened is not None:
        try:
            ratings = opened.puzzle_ratings([p.id for p in pool])
            if learner_id is not None:
                info = opened.learner_ratings(learner_id).get(rules_id)
                if info is not None:
                    rating, games = info.rating, info.games
                played = {a.puzzle_id for a in opened.attempts(learner_id, rules_id=rules_id)}
        except SQLAlchemyError:  # choose from the pack's difficulties meanwhile
            pass
    chosen = choose_puzzle(pool, learner=rating, games=games, ratings=ratings, played=played,
                           current=current, rng=random.Random(),
                           shift=st.session_state.get(SHIFT_KEY) or "normal")
    return shipped.get(chosen.id) if chosen is not None else None


# --- "Continue on another device" and "forget me" (callbacks of the My progress page) --------


def _flash(kind: str, key: str, **kwargs: object) -> None:
    flash_message.leave("progress", kind, key, **kwargs)


def show_flash(lang: str) -> None:
    """The message a callback left for this run, once."""
    flash_message.say("progress", lang)


def make_code() -> None:
    """Callback: a new transfer code for this learner (written first if still queued). The
    learner gets a fresh id first, this browser's cookie with it: a copy of the old id, made
    anywhere before, no longer continues as this learner."""
    flush()
    learner_id, opened = learner(), store()
    if learner_id is None or opened is None or outbox().learners or len(outbox()):
        _flash("error", "progress.code_unavailable")
        return
    try:
        fresh = opened.rotate_learner(learner_id)
        st.session_state[_LEARNER] = fresh
        st.session_state[_CODE] = opened.transfer_code(fresh)
    except (SQLAlchemyError, LearnerError):
        _flash("error", "progress.code_unavailable")


def transfer_code() -> str | None:
    code: str | None = st.session_state.get(_CODE)
    return code


def redeem() -> None:
    """Callback: continue as the learner of the code typed in :data:`CODE_INPUT`."""
    raw = str(st.session_state.get(CODE_INPUT) or "")
    opened = store()
    if opened is None:
        _flash("error", "progress.code_unavailable")
        return
    try:
        learner_id = opened.redeem_code(raw)
    except TransferCodeError as error:
        _flash("error", f"progress.code_{error.reason}", value=literal(raw))
        return
    except SQLAlchemyError:
        _flash("error", "progress.code_unavailable")
        return
    adopt(learner_id)
    st.session_state[CODE_INPUT] = ""
    _flash("success", "progress.code_redeemed")


def forget_me() -> None:
    """Callback: delete every row of this learner."""
    if store() is None:
        _flash("error", "progress.forget_failed")
        return
    try:
        removed = forget()
    except SQLAlchemyError:
        _flash("error", "progress.forget_failed")
        return
    st.session_state[_CODE] = None
    _flash("success", "progress.forgotten", count=removed, rows=removed)
