"""Issue 23 item 6 in a real browser: on a served site (``client.showErrorDetails = "none"``,
no test switch), an error the code did not foresee shows a message in the learner's language,
never a traceback or a server path, and the server's log has the traceback under the
reference the page shows."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from harness.server import StreamlitServer
from tests.support.browser import REPO, screenshot, wait_idle

pytestmark = pytest.mark.e2e

SECRET = "/srv/chinchon/secret_module.py"
# Loaded by the server's Python at start (PYTHONPATH): the hand lab's model fails, unforeseen.
SITECUSTOMIZE = f'''
import chinchon.views.handlab as handlab

def _unforeseen(*args, **kwargs):
    raise RuntimeError("unforeseen failure in {SECRET}")

handlab.lab_view = _unforeseen
'''


def test_an_unexpected_error_is_worded_and_logged_never_shown(
        page: Any, tmp_path: Path) -> None:
    (tmp_path / "sitecustomize.py").write_text(SITECUSTOMIZE)
    # This checkout first after the patch: the patch imports the package at start, before
    # streamlit puts the script's folder on the path, and must patch the code the pages run
    # (an installed copy elsewhere, e.g. another worktree's editable install, is not it).
    env = {"PYTHONPATH": os.pathsep.join([str(tmp_path), str(REPO)]), "CHINCHON_PAGE_ERRORS": ""}
    with StreamlitServer(REPO, env=env) as server:
        page.goto(f"{server.url}/Hand_lab?hand=7o+7c+7b+9e+10e+11e+4o&rules=barajamos&lang=es")
        wait_idle(page)
        message = page.locator('[class*="st-key-page_error"]').first
        expect(message).to_contain_text("Algo ha fallado en la página Laboratorio de manos")
        expect(message).to_contain_text("No se pierde nada de lo que hiciste")
        expect(page.locator('[data-testid="stException"]')).to_have_count(0)
        main = page.locator('[data-testid="stMain"]').inner_text()
        for leak in ("Traceback", "RuntimeError", SECRET, ".py", "unforeseen"):
            assert leak not in main, leak
        reference = re.search(r"\b[0-9a-f]{8}\b", message.inner_text())
        assert reference is not None
        screenshot(page, "page-error-es", full_page=False)
        log = server.tail(20_000)
        assert f"reference {reference.group()}" in log and "Traceback" in log and SECRET in log
