"""The home page in a real browser: first request to a cold server, cards, language by URL."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.support.browser import (
    REPO,
    address,
    expect_images_drawn,
    screenshot,
    wait_idle,
)

pytestmark = pytest.mark.e2e

CARD_IMAGES = '[data-testid="stHtml"] img[src^="app/static/cards/"]'


def test_home_first_request_then_french(page: Any, fresh_server: Callable[[], str]) -> None:
    url = fresh_server()  # this test's page load is the server's first request
    page.goto(url)
    wait_idle(page)

    expect(page.locator("h1").first).to_have_text("Chinchón Lab")
    expect(page.get_by_text("What is Chinchón?")).to_be_visible()
    expect_images_drawn(page, CARD_IMAGES, 7)  # seven faces, each loaded and decoded
    expect(page.locator(CARD_IMAGES).first).to_have_attribute("alt", "sota of copas")
    # The chosen state is written back into the address.
    page.wait_for_function("() => location.search.includes('lang=en')")
    assert "rules=barajamos" in address(page)
    screenshot(page, "home-en")

    page.goto(f"{url}/?lang=fr&rules=ludoteka")
    wait_idle(page)
    expect(page.get_by_text("Qu'est-ce que le chinchón ?")).to_be_visible()
    expect(page.locator(CARD_IMAGES).first).to_have_attribute("alt", "valet de coupes")
    expect_images_drawn(page, CARD_IMAGES)
    screenshot(page, "home-fr")


def test_sidebar_link_keeps_language_and_profile(page: Any, server_url: str) -> None:
    page.goto(f"{server_url}/?lang=es&rules=ludoteka")
    wait_idle(page)
    links = page.locator('[data-testid="stSidebar"] [data-testid="stPageLink"] a')
    # Wait for the sidebar's links: counting them at once skipped the test on a busy machine.
    expect(links.nth(1)).to_be_visible()
    links.nth(1).click()
    # The other page's address, with the language and profile (written after its run).
    page.wait_for_function("() => location.pathname.length > 1"
                           " && location.search.includes('lang=es')"
                           " && location.search.includes('rules=ludoteka')")
    expect(page.locator('[data-testid="stSidebar"]').get_by_text("Idioma")).to_be_visible()


def test_deep_link_is_the_first_request(page: Any, fresh_server: Callable[[], str]) -> None:
    """A page URL opened on a cold server renders that page (the st.navigation trap)."""
    # The first page script in file-name order (Streamlit's); automatic multipage mode serves
    # "pages/1_Rules_tour.py" at /Rules_tour.
    first = min((REPO / "pages").glob("*.py"))
    slug = re.sub(r"^[\d_\s-]+", "", first.stem)
    url = fresh_server()
    page.goto(f"{url}/{slug}?lang=es&rules=fournier")
    wait_idle(page)
    assert page.locator('[data-testid="stException"]').count() == 0
    expect(page.locator('[data-testid="stSidebar"]').get_by_text("Idioma")).to_be_visible()
    page.wait_for_function("slug => location.pathname.endsWith(slug)"
                           " && location.search.includes('lang=es')", arg=f"/{slug}")
    screenshot(page, f"deep-link-{slug}")
