"""The hand lab in a real browser: a deep link to a cold server, clicking cards, the discard
chart, a language switch, and screenshots of the page in every language."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.support.browser import (
    address,
    expect_images_drawn,
    expect_taken,
    screenshot,
    settle,
    wait_idle,
)

pytestmark = pytest.mark.e2e

WORKED = "7o+7c+7b+9e+10e+11e+4o"
PICKER = "button[data-card]"  # inside the component's shadow root; Playwright pierces it
METRIC = '[data-testid="stMetricValue"]'
TEXT_BOX = '[data-testid="stTextInput"] input'
# The natural width of the image at an address once loaded (0 when it fails).
LOADS = """src => new Promise(done => { const img = new Image();
  img.onload = () => done(img.naturalWidth); img.onerror = () => done(0); img.src = src; })"""


def picker(page: Any, code: str) -> Any:
    return page.locator(f'button[data-card="{code}"]')


def click_card(page: Any, code: str) -> None:
    picker(page, code).click()
    wait_idle(page)


def full_screenshot(page: Any, name: str) -> None:
    """Streamlit scrolls inside its own container: grow the window to the page, then shoot."""
    height = page.evaluate(
        "() => document.querySelector('[data-testid=\"stMainBlockContainer\"]').scrollHeight")
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": min(int(height) + 160, 6000)})
    settle(page)
    screenshot(page, name)
    page.set_viewport_size(size)


def test_deep_link_is_the_first_request_to_a_fresh_server(
        page: Any, fresh_server: Callable[[], str]) -> None:
    url = fresh_server()
    page.goto(f"{url}/Hand_lab?hand={WORKED}&rules=barajamos&lang=en")
    wait_idle(page)
    page.wait_for_selector(PICKER)
    expect(page.locator("h1").first).to_have_text("Hand lab")
    expect(page.locator(TEXT_BOX).first).to_have_value("7o 7c 7b 9e 10e 11e 4o")
    expect_taken(page, ["7o", "7c", "7b", "9e", "10e", "11e", "4o"])
    expect(page.locator(METRIC).first).to_have_text("4")
    expect(page.get_by_text("You may close, scoring 4")).to_be_visible()
    # The hand (faces drawn by the stylesheet) and the loose card (an image).
    expect(page.locator('span[role="img"][aria-label="4 of oros"], img[alt="4 of oros"]')
           .nth(1)).to_be_attached()  # at least two: waited for, not counted at once
    # The faces are static files (webui/faces.py): the deck button's background image and the
    # loose card's image are served addresses, and they decode.
    background = picker(page, "4o").locator(".cardbuttons-face").evaluate(
        "el => getComputedStyle(el).backgroundImage")
    assert background == f'url("{url}/app/static/cards/en/4o.svg")', background
    assert page.evaluate(LOADS, f"{url}/app/static/cards/en/4o.svg") > 0
    loose = page.locator('img[alt="4 of oros"]').first
    assert loose.get_attribute("src").startswith("app/static/cards/en/4o")
    expect_images_drawn(page, 'img[alt="4 of oros"]')  # loaded and decoded, waited for
    full_screenshot(page, "hand-lab-deep-link-en")


def test_picking_cards_by_clicking_then_an_eighth_gives_the_chart(
        page: Any, server_url: str) -> None:
    page.goto(f"{server_url}/Hand_lab?hand=&rules=fournier&lang=en")
    wait_idle(page)
    page.wait_for_selector(PICKER)
    expect_taken(page, [])
    for code in ["3c", "4c", "5c", "7b", "7o", "7e", "2b"]:
        click_card(page, code)
    page.wait_for_function("() => location.search.includes('hand=3c+4c+5c+7b+7o+7e+2b')")
    expect(page.locator(TEXT_BOX).first).to_have_value("3c 4c 5c 7b 7o 7e 2b")
    expect(page.locator(METRIC).first).to_have_text("2")
    assert page.locator(".chinchon-discards").count() == 0
    # A second click puts a card back; then the eighth card brings the discard chart.
    click_card(page, "2b")
    expect_taken(page, ["3c", "4c", "5c", "7b", "7o", "7e"])
    click_card(page, "1o")
    click_card(page, "6c")
    page.wait_for_selector(".chinchon-discards")
    expect(page.get_by_text("Which card to throw?")).to_be_visible()
    expect(page.get_by_text("Best throw: ace of oros.").first).to_be_visible()
    full_screenshot(page, "hand-lab-discards-en")


def test_language_switch_keeps_the_hand(page: Any, server_url: str) -> None:
    page.goto(f"{server_url}/Hand_lab?hand={WORKED}&rules=barajamos&lang=en")
    wait_idle(page)
    sidebar = page.locator('[data-testid="stSidebar"]')
    sidebar.locator('[data-testid="stSelectbox"]').first.click()
    page.get_by_role("option", name="Español").click()
    wait_idle(page)
    page.wait_for_function("() => location.search.includes('lang=es')")
    expect(page.locator("h1").first).to_have_text("Laboratorio de manos")
    expect(page.locator(TEXT_BOX).first).to_have_value("7o 7c 7b 9e 10e 11e 4o")
    expect(page).to_have_url(re.compile(r"hand=7o\+7c\+7b\+9e\+10e\+11e\+4o"))
    expect(page.locator('span[role="img"][aria-label="4 de oros"], img[alt="4 de oros"]')
           .nth(1)).to_be_attached()
    # Another page and back through the sidebar: the hand typed is still there.
    page.locator(TEXT_BOX).first.fill("7o 7c 7b 9e 10e 11e 1o")
    page.locator(TEXT_BOX).first.press("Enter")
    wait_idle(page)
    sidebar.get_by_role("link", name="Inicio").click()
    wait_idle(page)
    assert "hand=" not in address(page)
    sidebar.get_by_role("link", name="Laboratorio de manos").click()
    wait_idle(page)
    page.wait_for_function("() => location.search.includes('hand=7o+7c+7b+9e+10e+11e+1o')")
    expect(page.locator(TEXT_BOX).first).to_have_value("7o 7c 7b 9e 10e 11e 1o")


@pytest.mark.parametrize(("lang", "rules", "hand", "table"), [
    ("en", "fournier", "3c+4c+5c+7b+7o+7e+1o+6c", ""),
    ("es", "barajamos", "7e+12e+1o+3c+5b+8o+2e", "7o+7c+7b+%7C+9e+10e+11e+%2F+4o"),
    ("fr", "barajamos", "3c+4c+5c+6c+6o+6e+1b", ""),
    ("pt", "ludoteka", "10o+11o+12o+1c+1e+3b+5b+13x", ""),
])
def test_screenshots_in_every_language(page: Any, server_url: str, lang: str, rules: str,
                                       hand: str, table: str) -> None:
    page.goto(f"{server_url}/Hand_lab?hand={hand}&rules={rules}&lang={lang}&table={table}")
    wait_idle(page)
    page.wait_for_selector(PICKER)
    if "+1o+6c" in hand:
        page.wait_for_selector(".chinchon-discards")
    assert page.locator('[data-testid="stException"]').count() == 0
    full_screenshot(page, f"hand-lab-{lang}")
