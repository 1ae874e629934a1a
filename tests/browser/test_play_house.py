"""The Play page at a house table in a real browser (issue 24): the issue's link, where the first
draw from the stock once showed ``CoachError: not a position of this deck`` and a traceback,
now grades the move; the rules of the table open beside the game with our readings."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.support.browser import screenshot, wait_idle

pytestmark = pytest.mark.e2e

LINK = "/Play?rules=barajamos%2Bdeck%3D40&seats=greedy,greedy&seed=1&lang=en"
MY_DRAW = '[data-action="draw-stock"]:not([disabled])'
HAND = '.cardbuttons button[data-card]:not([data-action])'


def test_the_issues_house_link_grades_the_first_draw(page: Any, server_url: str) -> None:
    page.goto(server_url + LINK)
    wait_idle(page, 60_000)
    page.locator(MY_DRAW).click()
    expect(page.locator(f"{HAND}:not([disabled])")).to_have_count(8)
    expect(page.locator("[data-grade]:visible").first).to_be_visible()
    assert page.get_by_text("CoachError").count() == 0
    assert page.locator('[data-testid="stException"]').count() == 0
    # The rules of the table: the house change marked, our readings beside their rule.
    page.get_by_text("Rules of this table").click()
    rules = page.locator(".st-key-game_rules")
    expect(rules.get_by_text("40 cards ⌂")).to_be_visible()
    expect(rules.get_by_text("asked at every summary", exact=False)).to_be_visible()
    screenshot(page, "play-house-rules", full_page=False)
