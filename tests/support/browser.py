"""Helpers for the browser tests: where chromium is, waiting for Streamlit, screenshots.

Import them as ``from tests.support.browser import wait_idle, screenshot`` (or use the fixtures of
the same names from ``conftest.py``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(__file__).resolve().parents[1] / "browser" / "screenshots"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
# Debian's chromium on a machine with no network but the package registries: the
# background-networking flags stop it from trying (and failing) to reach Google at start.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

#: How long ``expect(...)`` waits for the state it asserts (ms): the default 5 s is too short
#: for a page's rerun on a loaded machine. Assert a state with ``expect``, never by reading a
#: value right after :func:`wait_idle` (a new tab's widgets may be filled a moment later).
EXPECT_TIMEOUT = 30_000


#: The learner cookie's name (webui.learner_cookie).
COOKIE = "chinchon_learner"


def cookie(page: Any, *, unlike: str | None = None, gone: bool = False,
           timeout: float = EXPECT_TIMEOUT) -> dict[str, Any] | None:
    """The learner cookie once the browser holds it (and its value differs from ``unlike``),
    read from the browser's cookie jar: the served site sets it HttpOnly, out of reach of
    page scripts. ``gone``: wait for it to be removed instead (None once it is). None, or
    the cookie still there, when ``timeout`` ms pass."""
    found: dict[str, Any] | None = None
    for _ in range(int(timeout / 250)):
        found = next((dict(c) for c in page.context.cookies() if c["name"] == COOKIE), None)
        if gone and found is None:
            return None
        if not gone and found is not None and found["value"] != unlike:
            return found
        page.wait_for_timeout(250)  # the cookie jar has no event to wait on: poll it
    return found if gone else None


#: How long :func:`wait_idle` waits for a run to end (ms): the Odds page's charts took more
#: than 30 s to settle at a load average of 7 (issue 23: two words tests timed out there).
IDLE_TIMEOUT = 60_000


def wait_idle(page: Any, timeout: float = IDLE_TIMEOUT) -> None:
    """Wait until the app is connected and its script has finished running (a moment's
    settle, not a promise that the widgets hold their values: ``expect`` those)."""
    page.wait_for_selector(
        '[data-testid="stApp"][data-test-connection-state="CONNECTED"]'
        '[data-test-script-state="notRunning"]',
        timeout=timeout,
    )
    # A rerun can start right after the first run (query params written back): settle again.
    page.wait_for_timeout(300)
    page.wait_for_selector(
        '[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=timeout
    )


def address(page: Any) -> str:
    """The page's address as the page holds it now. Streamlit writes the address with the
    history API, and ``page.url`` learns of that a moment later: a CI run opened a link one
    deal old after a wait on ``location.search`` had passed."""
    return str(page.evaluate("() => location.href"))


def screenshot(page: Any, name: str, *, full_page: bool = True) -> Path:
    """Save ``tests/browser/screenshots/NAME.png`` and return its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path
