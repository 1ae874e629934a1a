"""The learner cookie in a real browser, with the site served by its launcher (``streamlit
run site_app.py``, issue 23 item 7): the server sets it HttpOnly, so no script on the page
reads the id; a reload still knows the learner; "Continue on another device" gives the
learner a fresh id, and the cookie follows."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from chinchon.store.store import Store
from tests.browser.test_progress import _solve
from tests.support.browser import cookie, wait_idle

pytestmark = pytest.mark.e2e


def test_the_cookie_is_httponly_and_rotates_on_another_device(
        page: Any, fresh_server: Callable[..., str]) -> None:
    base = fresh_server(script="site_app.py")
    puzzle_id, learner = _solve(page, base)
    held = cookie(page)
    assert held is not None and held["httpOnly"] and held["sameSite"] == "Lax"
    assert learner not in page.evaluate("document.cookie")  # no page script can read it
    page.goto(f"{base}/My_progress?lang=en")  # a new session: only the cookie says who
    wait_idle(page)
    expect(page.get_by_text(f"Last attempt: puzzle {puzzle_id}")).to_be_visible()
    page.get_by_role("button", name="Continue on another device").click()
    wait_idle(page)
    fresh = cookie(page, unlike=learner)
    assert fresh is not None and fresh["httpOnly"] and fresh["value"] != learner
    store = Store(os.environ["CHINCHON_DB_URL"])
    assert not store.has_learner(learner)
    assert [a.puzzle_id for a in store.attempts(fresh["value"])] == [puzzle_id]
    store.close()
    page.reload()  # the new id is the browser's now
    wait_idle(page)
    expect(page.get_by_text(f"Last attempt: puzzle {puzzle_id}")).to_be_visible()
