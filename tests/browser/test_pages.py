"""The rules tour, lay-off table and variants pages in a real browser, with screenshots."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.support.browser import screenshot, settle, wait_idle

pytestmark = pytest.mark.e2e

CARD_IMAGES = '[data-testid="stHtml"] img[src^="app/static/cards/"]'
EXCEPTION = '[data-testid="stException"]'

# (path, query, language, a text the page must show, screenshot name)
PAGES = [
    # The tour asks first: the hand's verdict waits for the answer (tests/browser/test_learn_pages).
    ("Rules_tour", "rules=barajamos&lang=en&step=6", "Your turn: may the hand below close?",
     "rules-tour-barajamos-en"),
    ("Rules_tour", "rules=ludoteka&lang=es&step=7",
     "Tu turno: ¿puede cerrar la mano de abajo?", "rules-tour-ludoteka-es"),
    ("Layoff_table", "rules=fournier&lang=fr", "Feuille de marque", "layoff-table-fournier-fr"),
    ("Layoff_table", "rules=barajamos&lang=en&closer=7o+7c+7b+9e+10e+11e+4o"
     "&opp=7e+1c+2c+3c+5o+5b+8o&opp=12e+6o+6c+6b+2b+3b+11b",
     "Player 1 shows 7 of oros, 7 of copas, 7 of bastos.", "layoff-table-barajamos-en"),
    ("Variants", "rules=jeux-de-cartes&lang=pt", "Onde as fontes divergem", "variants-pt"),
    ("Variants", "rules=barajamos&lang=en", "Where the sources disagree", "variants-en"),
]


def _tall(page: Any) -> None:
    """Streamlit scrolls inside its own container: a tall viewport lets a screenshot show all."""
    height = page.evaluate(
        "() => document.querySelector('[data-testid=\"stMain\"]')?.scrollHeight || 2000"
    )
    page.set_viewport_size({"width": 1280, "height": min(max(int(height), 900), 12000)})
    settle(page)


@pytest.mark.parametrize("path, query, expected, name", PAGES)
def test_page_loads_and_is_captured(
    page: Any, server_url: str, path: str, query: str, expected: str, name: str
) -> None:
    page.goto(f"{server_url}/{path}?{query}")
    wait_idle(page)
    assert page.locator(EXCEPTION).count() == 0
    page.get_by_text(expected, exact=False).first.wait_for()
    if path != "Variants":
        # Every card face decodes (data URIs load asynchronously: wait, then check).
        page.wait_for_function(
            f"() => {{ const imgs = [...document.querySelectorAll('{CARD_IMAGES}')];"
            " return imgs.length > 0 && imgs.every(i => i.complete); }"
        )
        widths = page.eval_on_selector_all(CARD_IMAGES, "imgs => imgs.map(i => i.naturalWidth)")
        assert widths and all(w > 0 for w in widths)
    _tall(page)
    screenshot(page, name)


def test_layoff_table_click_a_card_into_an_opponents_hand(page: Any, server_url: str) -> None:
    page.goto(f"{server_url}/Layoff_table?rules=barajamos&lang=en&closer=7o+7c+7b+9e+10e+11e+4o"
              "&opp=7e+1c+2c+3c+5o+5b&opp=12e+6o+6c+6b+2b+3b+11b")
    expect(page.get_by_text("Player 2: a hand has 7 cards, not 6.").first).to_be_visible()
    page.locator('[data-testid="stButtonGroup"] button', has_text="Player 2").click()
    wait_idle(page)
    # Every seat's cards are marked taken in the picker, the closer's and both opponents'.
    expect(page.locator('button[data-card="7o"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('button[data-card="12e"]')).to_have_attribute("aria-pressed", "true")
    page.locator('button[data-card="8o"]').click()
    wait_idle(page)
    page.get_by_text("Step 1 of 6").first.wait_for()
    box = page.locator('[data-testid="stTextInput"]', has_text="Player 2").locator("input")
    expect(box).to_have_value("7e 1c 2c 3c 5o 5b 8o")
    expect(page.locator('button[data-card="8o"]')).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("() => location.search.includes('8o')")
    # A card the closer holds stays his: the click says so and changes nothing.
    page.locator('button[data-card="4o"]').click()
    wait_idle(page)
    page.get_by_text("Player 1 already holds that card").first.wait_for()
    expect(box).to_have_value("7e 1c 2c 3c 5o 5b 8o")
    assert page.locator(EXCEPTION).count() == 0
    _tall(page)
    screenshot(page, "layoff-table-picked-en")
