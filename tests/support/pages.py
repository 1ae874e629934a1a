"""Opening a page of the site under AppTest, as a deep link would (shared by the page tests)."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[2] / "app.py")


def open_page(page: str | None = None, **query: str | list[str]) -> AppTest:
    """Run the home page, then ``page`` (a path under pages/; None: stay home) with the URL
    holding exactly ``query``."""
    at = AppTest.from_file(APP, default_timeout=60)
    if page is None:  # the home page itself is the deep link: its first run reads the URL
        for key, value in query.items():
            at.query_params[key] = value
        return at.run()
    at.run()
    # Set after the home page ran (it rewrites the URL), so the page sees exactly ``query``:
    # switching page is an arrival, when the URL is read (webui.ui.url_arrival).
    at.query_params.clear()
    for key, value in query.items():
        at.query_params[key] = value
    at.switch_page(page)
    return at.run()


def open_as(learner_id: str | None, page: str | None, **query: str) -> AppTest:
    """``page`` (None: the home page) in a new session whose learner is ``learner_id`` (as the
    browser's cookie would say), the URL holding exactly ``query``."""
    at = AppTest.from_file(APP, default_timeout=60).run()
    if learner_id is not None:
        at.session_state["progress_learner"] = learner_id
    at.query_params.clear()
    for key, value in query.items():
        at.query_params[key] = value
    if page is not None:
        at.switch_page(page)
    return at.run()
