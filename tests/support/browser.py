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
#: How often :func:`cookie` reads the browser's cookie jar (ms).
COOKIE_POLL = 100


def cookie(page: Any, *, unlike: str | None = None, gone: bool = False,
           timeout: float = EXPECT_TIMEOUT) -> dict[str, Any] | None:
    """The learner cookie once the browser holds it (and its value differs from ``unlike``),
    read from the browser's cookie jar: the served site sets it HttpOnly, out of reach of
    page scripts. ``gone``: wait for it to be removed instead (None once it is). None, or
    the cookie still there, when ``timeout`` ms pass."""
    found: dict[str, Any] | None = None
    for _ in range(max(1, int(timeout / COOKIE_POLL))):
        found = next((dict(c) for c in page.context.cookies() if c["name"] == COOKIE), None)
        if gone and found is None:
            return None
        if not gone and found is not None and found["value"] != unlike:
            return found
        page.wait_for_timeout(COOKIE_POLL)  # the cookie jar has no event to wait on: poll it
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


#: A fingerprint of the page's layout: the size of the document and the box of every element
#: of the main area and the sidebar (rounded to whole pixels).
_LAYOUT = """() => { const parts = [innerWidth, innerHeight,
  document.documentElement.scrollWidth, document.documentElement.scrollHeight];
  for (const el of document.querySelectorAll(
      '[data-testid="stMain"] *, [data-testid="stSidebar"]')) {
    const r = el.getBoundingClientRect();
    parts.push(Math.round(r.left), Math.round(r.top), Math.round(r.width),
               Math.round(r.height));
  }
  return parts.join(','); }"""

#: How many animation frames in a row the layout must keep still to count as settled (at 60
#: frames a second: a quarter of a second).
STILL_FRAMES = 15


def settle(page: Any, timeout: float = IDLE_TIMEOUT) -> None:
    """Wait until the page's layout stops moving (after a resize, a scroll, a fold opened):
    the same fingerprint for :data:`STILL_FRAMES` animation frames in a row. Waits on the
    state itself, so a fast machine does not sleep and a loaded one waits as long as needed."""
    page.wait_for_function(
        f"""async (still) => {{ const layout = {_LAYOUT};
          const frame = () => new Promise(done => requestAnimationFrame(done));
          let last = layout(), same = 0;
          while (same < still) {{
            await frame();
            const now = layout();
            same = now === last ? same + 1 : 0;
            last = now;
          }}
          return true; }}""",
        arg=STILL_FRAMES, timeout=timeout)


#: The codes of the picker's cards marked taken (``aria-pressed``), sorted.
_TAKEN = """() => [...document.querySelectorAll('button[data-card]')]
  .filter(b => b.getAttribute('aria-pressed') === 'true').map(b => b.dataset.card).sort()"""


def taken(page: Any) -> list[str]:
    """The codes of the card picker's cards marked taken, sorted (read now)."""
    codes: list[str] = page.evaluate(_TAKEN)
    return codes


def expect_taken(page: Any, codes: list[str], timeout: float = EXPECT_TIMEOUT) -> None:
    """Wait until the card picker marks exactly ``codes`` taken (the component redraws a
    moment after the page's run); fail naming what it marks instead."""
    want = sorted(codes)
    try:
        page.wait_for_function(f"want => JSON.stringify(({_TAKEN})()) === JSON.stringify(want)",
                               arg=want, timeout=timeout)
    except Exception as error:  # Playwright's timeout: say what the picker shows
        raise AssertionError(f"the picker marks {taken(page)}, not {want}") from error


def expect_images_drawn(page: Any, selector: str, count: int | None = None,
                        timeout: float = EXPECT_TIMEOUT) -> None:
    """Wait until every image ``selector`` finds (``count`` of them, when given; at least one)
    has loaded and decoded; fail with each one's natural width (0: not drawn)."""
    check = """([selector, n]) => { const imgs = [...document.querySelectorAll(selector)];
      return imgs.length > 0 && (n === null || imgs.length === n)
        && imgs.every(i => i.complete && i.naturalWidth > 0); }"""
    try:
        page.wait_for_function(check, arg=[selector, count], timeout=timeout)
    except Exception as error:  # Playwright's timeout: say what is drawn
        widths = page.eval_on_selector_all(
            selector, "imgs => imgs.map(i => i.complete ? i.naturalWidth : 0)")
        raise AssertionError(f"{selector}: natural widths {widths}, want {count}") from error


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
