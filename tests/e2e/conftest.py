"""Browser tests: a live ``streamlit run app.py`` driven by Playwright in Debian's chromium.

Fixtures:
- ``fresh_server()``: a factory; each call starts a new server and returns its base URL, so a
  test can make the very first page request to it (deep links on a cold server).
- ``server_url``: one server shared by the whole session, for tests that don't care.
- ``browser`` (session) and ``page`` (per test, its own context): Playwright's sync API.
- ``wait_idle`` and ``screenshot``: the helpers of ``tests/e2e/helpers.py``, as fixtures.

Without ``/usr/bin/chromium`` (or Playwright) these tests skip, except under ``CI=true``,
where they fail: CI installs chromium in ``.ci/run`` and must really run them.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import CHROMIUM, CHROMIUM_ARGS, REPO, screenshot, wait_idle

STARTUP_TIMEOUT = 60.0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under tests/e2e is a browser test, marked or not."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: browser tests must run, not skip)", pytrace=False)
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as resp:
            return bool(resp.status == 200)
    except OSError:
        return False


class _Server:
    def __init__(self, env: Mapping[str, str] | None = None) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115 - lives as long as the server
            prefix=f"streamlit-{self.port}-", suffix=".log", delete=False
        )
        cmd = [
            sys.executable, "-m", "streamlit", "run", "app.py",
            "--server.headless", "true",
            "--server.port", str(self.port),
            "--server.address", "127.0.0.1",
            "--server.fileWatcherType", "none",
            "--browser.gatherUsageStats", "false",
        ]  # fmt: skip
        self.proc = subprocess.Popen(
            cmd, cwd=REPO, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, **(env or {})},
        )

    def wait_ready(self) -> None:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                break
            if _healthy(self.url):
                return
            time.sleep(0.25)
        self.stop()
        log = Path(self.log.name).read_text(errors="replace")[-3000:]
        pytest.fail(f"streamlit did not become healthy at {self.url}:\n{log}", pytrace=False)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        self.log.close()


@pytest.fixture(scope="session")
def fresh_server() -> Iterator[Callable[..., str]]:
    """Factory: start a new streamlit server and return its base URL (stopped at session end);
    ``env`` adds environment variables (``CHINCHON_DB_URL``: the database it uses)."""
    servers: list[_Server] = []

    def start(env: Mapping[str, str] | None = None) -> str:
        server = _Server(env)
        servers.append(server)
        server.wait_ready()
        return server.url

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def server_url(fresh_server: Callable[[], str]) -> str:
    """A server shared by every test of the session that doesn't need a cold one."""
    return fresh_server()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        _unavailable(f"{CHROMIUM} is missing: install Debian's chromium (see .ci/run)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install -e '.[test]')")
    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A new page in its own context (fresh cookies and storage), English locale."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.set_default_timeout(30_000)
    pg = context.new_page()
    yield pg
    context.close()


@pytest.fixture(name="wait_idle")
def wait_idle_fixture() -> Callable[..., None]:
    return wait_idle


@pytest.fixture(name="screenshot")
def screenshot_fixture() -> Callable[..., Path]:
    return screenshot
