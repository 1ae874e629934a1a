"""No traceback on a page, ever (issue 23): an error the code did not foresee is shown as a
short message in the learner's language (what failed, that what he did is kept, what to do,
and a reference) and goes to the server's log with its traceback and the same reference.

Every page runs under it: ``ui.setup_page`` calls :func:`guard`, which notes the page and the
language in the session and puts :func:`show` in the place of Streamlit's own display of an
uncaught exception (``streamlit.error_util.show_uncaught_app_exception``, the hook that
streamlit-extras also replaces), so a failure in the page's script, a widget's callback or a
fragment is worded here. What fails before any page ran ``setup_page`` meets Streamlit's bare
message, whose details the served site turns off (``client.showErrorDetails = "none"`` in
``.streamlit/config.toml``). With ``CHINCHON_PAGE_ERRORS=show`` (the test suite sets it)
Streamlit's exception is shown as well, so tests that look for one still find it.
"""

from __future__ import annotations

import logging
import os
import uuid

import streamlit as st
from streamlit import error_util

from chinchon.views.i18n import LANGUAGES, t

#: The container around the message (browser tests look for ``[class*="st-key-page_error"]``).
KEY = "page_error"
SHOW_ENV = "CHINCHON_PAGE_ERRORS"
_WHERE = "_page_error_where"  # (page key, language) of the session's latest page
_LOG = logging.getLogger("chinchon.page")
_streamlit_show = error_util.show_uncaught_app_exception


def guard(page_key: str, lang: str) -> None:
    """From now on in this session, an unexpected error is worded in ``lang``, naming the
    page ``page_key``."""
    st.session_state[_WHERE] = (page_key, lang)
    error_util.show_uncaught_app_exception = show


def show(ex: BaseException) -> None:
    """Streamlit's hook (its parameter's name, ``ex``, is the hook's): our message, else (it
    failed too) Streamlit's own."""
    try:
        worded = unexpected(ex)
    except Exception:  # the message itself failed: Streamlit's, with details off
        _LOG.exception("the page's error message failed")
        worded = False
    if not worded or os.environ.get(SHOW_ENV) == "show":
        _streamlit_show(ex)


def unexpected(error: BaseException) -> bool:
    """Log ``error`` with its traceback under a new reference and show the learner the
    message in his language; True once shown."""
    page_key, lang = st.session_state.get(_WHERE) or ("home", LANGUAGES[0])
    reference = uuid.uuid4().hex[:8]
    _LOG.error("unexpected error on the %s page (reference %s)", page_key, reference,
               exc_info=error)
    with st._main.container(key=f"{KEY}_{reference}"):
        st.error(t("error.unexpected", lang, page=t(f"page.{page_key}", lang),
                   reference=reference), icon=":material/error:")
        st.caption(t("error.what_to_do", lang))
    return True
