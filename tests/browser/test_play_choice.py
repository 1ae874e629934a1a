"""The Play page in a real browser: closing where two arrangements close equally well asks
which one you show; your choice decides the melds the end of the hand shows."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.pages.test_page_play_choice import BEFORE_CLOSE, SEATS, SEED
from tests.support.browser import wait_idle

pytestmark = pytest.mark.e2e


def test_close_asks_what_you_show(page: Any, server_url: str) -> None:
    page.goto(f"{server_url}/Play?rules=ludoteka&seats={SEATS}&seed={SEED}"
              f"&moves={BEFORE_CLOSE}&lang=en")
    wait_idle(page, 60_000)
    page.locator('[data-action="close"]:not([disabled])').click()
    # Of the cards that close, 1c leaves seven cards that two arrangements meld equally well.
    closing = page.locator('button[data-state="closes"][data-card="1c"]')
    closing.wait_for()
    closing.click()
    question = page.get_by_text("which arrangement do you show?")
    question.wait_for()
    # The hand waits for the answer; ours is preselected.
    expect(page.locator('.cardbuttons button[data-card]:not([data-action]):not([disabled])')
           ).to_have_count(0)
    page.get_by_text("ace of oros, 2 of oros, 3 of oros, 4 of oros", exact=False).first.click()
    wait_idle(page)
    page.get_by_role("button", name="Close showing this").click()
    page.get_by_text("End of hand 2").wait_for()
    expect(page.get_by_text("You show 4 of copas, 4 of espadas, 4 of bastos.",
                            exact=False).first).to_be_visible()
