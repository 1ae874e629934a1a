"""URL state helpers: the session is the truth; the URL is a copy of it that may lag.

Read the URL only when a run may take state from it (:func:`url_arrival`), bounded in length
(:func:`url_value`, :func:`url_values`); quote a user's bad value in a message with
:func:`literal`. Pages import these from :mod:`webui.ui` or from here.
"""

from __future__ import annotations

import re

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from chinchon.engine.errors import plain
from chinchon.views import i18n

#: Characters of a bad value quoted in a message (then "…").
LITERAL_LIMIT = 40
#: The longest URL parameter value a page reads (a whole game's moves fit well within it).
MAX_URL_VALUE = 8000


def literal(value: str) -> str:
    """A user's bad value to quote inside a markdown message, shown exactly as given: cut to
    :data:`LITERAL_LIMIT` characters with "…", control characters escaped (``\\n``), in a code
    span that no backtick of the value can close.

    Streamlit rewrites ``:material/NAME:`` to an icon before it reads the markdown, even
    inside code, so the colon of such a sequence stands outside the code span, escaped: the
    value reads the same and is never rewritten.

    >>> literal("9z")
    '`9z`'
    >>> literal("a`b")
    '``a`b``'
    >>> print(literal("go:material/home:"))
    `go`\\:`material/home:`
    """
    text = plain(value, limit=LITERAL_LIMIT)
    if not text:
        return "“”"
    *before, last = re.split(r"(?<=:)(?=material/)", text)
    spans = [(_code_span(part[:-1]) if part[:-1] else "") + "\\:" for part in before]
    return "".join(spans) + _code_span(last)


def _code_span(text: str) -> str:
    ticks = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (ticks + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


_PAGE_SEEN = "_url_page"
_ARRIVAL = "_url_arrival"


def url_arrival() -> bool:
    """Whether this run may take state from the URL: the session's first run of this page, a
    navigation to it (a link from another page), or the browser's back or forward button.

    On any other rerun the URL the browser sends may be older than the session: the page
    wrote a new value to it a moment ago and the user clicked before the browser had taken
    it. There the session state is the truth, and the URL is only written from it.
    """
    ctx = get_script_run_ctx()
    if ctx is None:  # bare mode: no session, every run is a first one
        return True
    # One answer per run: ctx.cursors is a new object at each run's start (held here, so its
    # identity cannot be reused by the next run's).
    memo = st.session_state.get(_ARRIVAL)
    if memo is not None and memo[0] is ctx.cursors:
        return bool(memo[1])
    page = ctx.page_script_hash
    arrival = bool(ctx.is_history_navigation) or st.session_state.get(_PAGE_SEEN) != page
    st.session_state[_PAGE_SEEN] = page
    st.session_state[_ARRIVAL] = (ctx.cursors, arrival)
    return arrival


def url_value(name: str, state_key: str | None = None, *, lang: str | None = None
              ) -> str | None:
    """The URL's value of ``name`` when this run may read it (:func:`url_arrival`, or the
    session has no ``state_key`` yet), else None. A value longer than :data:`MAX_URL_VALUE`
    is refused with a warning naming it (in ``lang``, else the session's language)."""
    if not (url_arrival() or (state_key is not None and state_key not in st.session_state)):
        return None
    raw = st.query_params.get(name)
    if raw is None:
        return None
    value = _bounded(name, raw, lang)
    if value is None:  # refused and named once: later readers of this run see no value
        del st.query_params[name]
    return value


def url_values(name: str, state_key: str | None = None, *, lang: str | None = None
               ) -> list[str] | None:
    """:func:`url_value` for a parameter given several times (``opp=…&opp=…``); None when
    this run may not read the URL."""
    if not (url_arrival() or (state_key is not None and state_key not in st.session_state)):
        return None
    values = [_bounded(name, raw, lang) for raw in st.query_params.get_all(name)]
    return [value for value in values if value is not None]


def _bounded(name: str, raw: str, lang: str | None) -> str | None:
    if len(raw) <= MAX_URL_VALUE:
        return raw
    language = lang or st.session_state.get("lang") or i18n.LANGUAGES[0]
    st.warning(i18n.t("warning.too_long", language, name=literal(name), value=literal(raw),
                      size=len(raw), limit=MAX_URL_VALUE), icon="⚠️")
    return None
