"""Opening a page of the site under AppTest, as a deep link would (shared by the page tests)."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[1] / "app.py")


def open_page(page: str | None = None, **query: str | list[str]) -> AppTest:
    """Run the home page, then ``page`` (a path under pages/; None: stay home) with the URL
    holding exactly ``query``."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    # Set after the home page ran (it rewrites the URL), so the page sees exactly ``query``.
    at.query_params.clear()
    for key, value in query.items():
        at.query_params[key] = value
    if page is not None:
        at.switch_page(page)
    return at.run()
