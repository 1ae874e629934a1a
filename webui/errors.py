"""No traceback on a page, ever (issue 23): an error the code did not foresee is shown as a
short message in the learner's language (what failed, that what he did is kept, what to do,
and a reference) and goes to the server's log with its traceback and the same reference.

:func:`guard` is called by ``ui.setup_page`` on every run of every page: it hands Streamlit's
script runner a handler for the uncaught exceptions of this session's runs, callbacks and
fragments included. What fails before it (an import) meets Streamlit's own message, whose
details the served site turns off (``client.showErrorDetails = "none"`` in
``.streamlit/config.toml``). With ``CHINCHON_PAGE_ERRORS=show`` (the test suite sets it) the
exception is shown as well, so that tests which look for one still find it.
"""

from __future__ import annotations

import functools
import logging
import os
import uuid

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from chinchon.views.i18n import t

#: The container around the message: browser tests look for it (``.st-key-page_error``).
KEY = "page_error"
SHOW_ENV = "CHINCHON_PAGE_ERRORS"
_LOG = logging.getLogger("chinchon.page")


def guard(page_key: str, lang: str) -> None:
    """From now on in this session, an unexpected error on the page is worded in ``lang``."""
    ctx = get_script_run_ctx()
    if ctx is not None:
        ctx.on_script_error = functools.partial(unexpected, page_key=page_key, lang=lang)


def unexpected(error: Exception, *, page_key: str, lang: str) -> bool:
    """Log ``error`` with its traceback and show the learner a message; True: Streamlit shows
    nothing more (unless :data:`SHOW_ENV` asks it to)."""
    reference = uuid.uuid4().hex[:8]
    _LOG.error("unexpected error on the %s page (reference %s)", page_key, reference,
               exc_info=error)
    page = t(f"page.{page_key}", lang)
    with st._main.container(key=f"{KEY}_{reference}"):
        st.error(t("error.unexpected", lang, page=page, reference=reference),
                 icon=":material/error:")
        st.caption(t("error.what_to_do", lang))
    return os.environ.get(SHOW_ENV) != "show"
