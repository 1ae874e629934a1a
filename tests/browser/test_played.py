"""Issue 23 item 2 in a real browser: the moves you make on the Play page are in the store
before the page shows them (under the learner of your cookie), and a friend opening your link
sees a replay and records nothing."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from chinchon.store.store import Store
from tests.browser.test_play import HAND, MY_DRAW
from tests.browser.test_progress import _learner_cookie
from tests.support.browser import COOKIE, address, screenshot, wait_idle

pytestmark = pytest.mark.e2e


def test_your_moves_are_kept_and_a_friends_link_is_a_replay(new_context: Callable[..., Any],
                                                            server_url: str) -> None:
    mine = new_context(viewport={"width": 1366, "height": 900})
    page = mine.new_page()
    page.goto(f"{server_url}/Play?rules=fournier&seats=greedy&seed=31&lang=en")
    wait_idle(page, 60_000)
    page.locator(MY_DRAW).click()
    expect(page.locator(f"{HAND}:not([disabled])")).to_have_count(8)
    page.wait_for_function("() => new URLSearchParams(location.search).has('moves')")
    query = parse_qs(urlparse(address(page)).query)
    learner = _learner_cookie(page)
    assert learner is not None
    store = Store(os.environ["CHINCHON_DB_URL"])
    (row,) = store.played_games(learner)
    assert row.moves == query["moves"][0] and row.deal == query["check"][0]
    # A friend, in another browser, opens the link: a replay that records nothing for him.
    friend = new_context(viewport={"width": 390, "height": 844})
    other = friend.new_page()
    other.goto(address(page))
    expect(other.get_by_text("This link opens a game already under way")).to_be_visible()
    expect(other.get_by_role("button", name="Play this deal from the start")).to_be_visible()
    screenshot(other, "played-replay-phone", full_page=False)
    # He may hold a cookie or not (read once: waiting for one that never comes costs 10 s);
    # either way nothing is kept under it.
    stranger = next((c["value"] for c in friend.cookies() if c["name"] == COOKIE), None)
    assert stranger is None or store.played_games(stranger) == []
    # (A seed changed by hand under the moves is named: tests/pages/test_page_play_progress.py
    # ::test_a_seed_changed_under_the_moves_is_named.)
    assert [g.moves for g in store.played_games(learner)] == [row.moves]
    store.close()
