"""The sidebar's rule options in a real browser: two decks let the picker take a card twice,
the ludoteka deck and jokers change the picker, and the options follow the page links."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_hand_lab import TEXT_BOX, click_card, full_screenshot, picker
from tests.support.browser import address, wait_idle

pytestmark = pytest.mark.e2e


def test_two_decks_switch_lets_the_picker_take_a_card_twice(
        page: Any, server_url: str) -> None:
    page.goto(f"{server_url}/Hand_lab?hand=7o+7c+7b+1e+2e+3e&rules=barajamos&lang=en")
    wait_idle(page)
    page.wait_for_selector('button[data-card="7o"]')
    sidebar = page.locator('[data-testid="stSidebar"]')
    assert "decks=" not in address(page)
    sidebar.get_by_text("Play with 2 decks").click()
    wait_idle(page)
    page.wait_for_function("() => location.search.includes('decks=2')")
    expect(page.get_by_text("Two decks: every card is there twice")).to_be_visible()
    # A second click on the held 7 of oros takes the second copy; a third puts both back.
    expect(picker(page, "7o")).to_have_attribute("data-state", "taken")
    click_card(page, "7o")
    page.wait_for_function("() => location.search.includes('hand=7o+7c+7b+1e+2e+3e+7o')")
    expect(picker(page, "7o")).to_have_attribute("data-state", "twice")
    expect(page.locator(TEXT_BOX).first).to_have_value("7o 7c 7b 1e 2e 3e 7o")
    expect(page.locator('[data-testid="stMetricValue"]').first).to_have_text("0")
    full_screenshot(page, "hand-lab-two-decks-en")
    click_card(page, "7o")
    expect(page.locator(TEXT_BOX).first).to_have_value("7c 7b 1e 2e 3e")
    expect(picker(page, "7o")).not_to_have_attribute("data-state", re.compile("."))
    # The options ride along the sidebar's page links.
    sidebar.get_by_role("link", name="Odds").click()
    wait_idle(page)
    page.wait_for_function("() => location.search.includes('decks=2')")
    expect(page.get_by_text("without jokers: the second deck")).to_be_visible()


def test_ludoteka_deck_and_jokers_change_the_picker(page: Any, server_url: str) -> None:
    page.goto(f"{server_url}/Hand_lab?hand=8o+9o+JK+1c+1e+1b+5b&rules=ludoteka&lang=en"
              "&deck=48&jokers=2")
    wait_idle(page)
    page.wait_for_selector('button[data-card="JK"]')
    expect(picker(page, "8o")).to_have_count(1)
    expect(picker(page, "JK")).to_have_attribute("data-state", "taken")
    expect(page.locator('[data-testid="stMetricValue"]').first).to_have_text("5")
    assert page.locator('[data-testid="stAlertContentError"]').count() == 0
    full_screenshot(page, "hand-lab-ludoteka-jokers-en")
    sidebar = page.locator('[data-testid="stSidebar"]')
    sidebar.get_by_text("40 cards", exact=True).click()
    wait_idle(page)
    page.wait_for_function("() => !location.search.includes('deck=48')")
    expect(picker(page, "8o")).to_have_count(0)
    # The 8 and 9 of oros are no longer in the deck: the page names them.
    expect(page.get_by_text("is not in the deck", exact=False).first).to_be_visible()
