"""Browser tests: a live ``streamlit run app.py`` driven by Playwright in Debian's chromium.

Fixtures:
- ``fresh_server()``: a factory; each call gives a new server that has served no page and
  returns its base URL, so a test can make the very first page request to it (deep links on a
  cold server); its servers stop when the test ends.
- ``server_url``: one server shared by the whole session, for tests that don't care.
- ``streamlit_servers`` (session): the servers of both, and the spare cold server started
  ahead of the next ``fresh_server()`` call (each xdist worker has its own, on free ports).
- ``browser`` (session) and ``page`` (per test, its own context): Playwright's sync API.
- ``new_context(**options)``: a factory of more contexts (another learner, a phone), each
  closed when the test ends, passed or failed.
- ``wait_idle`` and ``screenshot``: the helpers of ``tests/support/browser.py``, as fixtures.

Every assertion waits for the state it asserts (``expect``, ``expect_taken``,
``expect_images_drawn``, ``settle`` in ``tests/support/browser.py``); none sleeps and reads.

Without ``/usr/bin/chromium`` (or Playwright) these tests skip, except under ``CI=true``,
where they fail: CI installs chromium in ``.ci/run`` and must really run them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from harness.server import ServerError, StreamlitServer
from tests.support.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EXPECT_TIMEOUT,
    REPO,
    screenshot,
    wait_idle,
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under tests/browser is a browser test, marked or not."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: browser tests must run, not skip)", pytrace=False)
    pytest.skip(reason)


class _Servers:
    """The session's streamlit servers. A cold server for the default settings is spawned
    ahead of the test that asks for one: it has answered its health check (as every server
    here has before its first page request) but served no page, so the test still makes the
    very first page request, without waiting for Streamlit to import and start."""

    def __init__(self) -> None:
        self.running: list[StreamlitServer] = []
        self.spare: StreamlitServer | None = None

    def spawn_spare(self) -> None:
        """Start (not wait for) the next default server."""
        self.spare = StreamlitServer(REPO)

    def start(self, env: Mapping[str, str] | None = None, script: str = "app.py"
              ) -> StreamlitServer:
        if env is None and script == "app.py" and self.spare is not None:
            server, self.spare = self.spare, None
        else:
            server = StreamlitServer(REPO, env=env, script=script)
        self.running.append(server)
        try:
            server.start()
        except ServerError as error:
            pytest.fail(str(error), pytrace=False)
        return server

    def stop(self, server: StreamlitServer) -> None:
        server.stop()
        self.running.remove(server)

    def stop_all(self) -> None:
        for server in [*self.running, *([self.spare] if self.spare else [])]:
            server.stop()
        self.running, self.spare = [], None


@pytest.fixture(scope="session")
def streamlit_servers() -> Iterator[_Servers]:
    started = _Servers()
    yield started
    started.stop_all()


@pytest.fixture
def fresh_server(streamlit_servers: _Servers) -> Iterator[Callable[..., str]]:
    """Factory: a new streamlit server that has served no page yet, and its base URL; stopped
    when the test ends (an idle server left running holds memory the rest of the session
    needs). ``env`` adds environment variables (``CHINCHON_DB_URL``: the database it uses);
    ``script`` the file ``streamlit run`` starts (``site_app.py``: the site's ASGI launcher)."""
    mine: list[StreamlitServer] = []

    def start(env: Mapping[str, str] | None = None, script: str = "app.py") -> str:
        server = streamlit_servers.start(env, script)
        mine.append(server)
        if env is None and script == "app.py":
            # the next test's cold server starts while this one runs
            streamlit_servers.spawn_spare()
        return server.url

    yield start
    for server in mine:
        streamlit_servers.stop(server)


@pytest.fixture(scope="session")
def server_url(streamlit_servers: _Servers) -> str:
    """A server shared by every test of the session that doesn't need a cold one; a spare
    cold server is spawned beside it."""
    url = streamlit_servers.start().url
    streamlit_servers.spawn_spare()
    return url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        _unavailable(f"{CHROMIUM} is missing: install Debian's chromium (see .ci/run)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install -e '.[test]')")
    from playwright.sync_api import expect

    # A busy machine (2 cores, several servers): an assertion waits for its state this long.
    expect.set_options(timeout=EXPECT_TIMEOUT)
    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the test, so a fixture's teardown knows it failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


#: How much of a failed test's page text its report shows (the assertion's own snapshot is cut).
FAILED_PAGE_CHARS = 6_000


def _show_failed_pages(name: str, contexts: list[Any]) -> None:
    """Print where each of a failed test's pages is and the text it shows, and save its
    screenshot as ``tests/browser/screenshots/failed-NAME-K.png``: what CI keeps of a flaky run."""
    pages = [p for context in contexts for p in context.pages]
    for number, shown in enumerate(pages, 1):
        try:
            where = shown.evaluate("() => location.href")
            text = shown.locator('[data-testid="stMain"]').inner_text(timeout=5_000)
            saved = screenshot(shown, f"failed-{name}-{number}")
        except Exception as error:  # a closed or crashed page: say so, go on
            print(f"--- page {number}: could not be read ({error.__class__.__name__})")
            continue
        print(f"--- page {number} at {where} (screenshot {saved.name}):")
        print(text[:FAILED_PAGE_CHARS])


@pytest.fixture
def new_context(browser: Any, request: pytest.FixtureRequest,
                fresh_server: Callable[..., str]) -> Iterator[Callable[..., Any]]:
    """Factory: a new browser context (English locale, 30 s actions unless ``options`` say
    otherwise), closed when the test ends however it ends: a table or a projector left open
    polls its server twice a second for the rest of the session, and slows every later test.
    When the test failed, each page's text and screenshot first go to the report. (It is set
    up after ``fresh_server``, so it ends first: a failed page is read while its server runs.)"""
    made: list[Any] = []

    def make(**options: Any) -> Any:
        context = browser.new_context(**{"locale": "en-US", **options})
        context.set_default_timeout(30_000)
        made.append(context)
        return context

    yield make
    failed = getattr(request.node, "report_call", None)
    if failed is not None and failed.failed:
        _show_failed_pages(request.node.name, made)
    for context in made:
        context.close()


@pytest.fixture
def page(new_context: Callable[..., Any]) -> Any:
    """A new page in its own context (fresh cookies and storage), English locale."""
    return new_context(viewport={"width": 1280, "height": 900}).new_page()


@pytest.fixture(name="wait_idle")
def wait_idle_fixture() -> Callable[..., None]:
    return wait_idle


@pytest.fixture(name="screenshot")
def screenshot_fixture() -> Callable[..., Path]:
    return screenshot
