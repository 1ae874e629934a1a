"""The Play page's coach and review in a real browser: a grade's sentence names the cards, the
close line when a close is possible, stepping a finished hand (buttons, a row of the list, the
arrow keys) and retrying a move, a reload right after your own close; then screenshots of the
close line and of the review in the four languages at 1366×900 and 390×844."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from chinchon.views import play as play_model
from chinchon.views import review as rv
from tests.support.browser import screenshot, wait_idle

pytestmark = pytest.mark.e2e

#: Seed 3: after these moves you have drawn and may close with the 8 of espadas (2 points).
CLOSABLE = "rules=barajamos&seats=greedy,greedy&seed=3&moves=EwUGAwMWBwcQBwYWBwcUARMTHw"
#: The issue's game: a bot closes right after your second throw.
BOT_CLOSED = "rules=barajamos&seats=greedy,greedy&seed=573763&moves=EBEFABYBARM"
CARD = '.cardbuttons button[data-card="{code}"]'


#: The machine is shared: a page may take long to draw its first time.
PATIENCE = 90_000
expect.set_options(timeout=PATIENCE)


def _open(page: Any, url: str, query: str, lang: str = "en") -> None:
    page.set_default_timeout(PATIENCE)
    page.goto(f"{url}/Play?{query}&lang={lang}")
    wait_idle(page, PATIENCE)


def test_the_close_line_rings_the_card_and_close_is_primary(page: Any, server_url: str) -> None:
    _open(page, server_url, CLOSABLE)
    line = page.locator('[data-close-offer="8e"]')
    expect(line).to_contain_text("You can close now with the 8 of espadas (2 points).")
    expect(page.locator(CARD.format(code="8e"))).to_have_attribute("data-state", "closes")
    close = page.locator('button[data-action="close"]')
    expect(close).to_have_class(re.compile(r"\bprimary\b"))


def test_a_grade_names_the_cards(page: Any, server_url: str) -> None:
    """Throwing another card where the 8 of espadas closes: the coach says so, by name."""
    _open(page, server_url, CLOSABLE)
    other = page.locator('.cardbuttons button[data-card]:not([data-action])'
                         ':not([data-state="closes"])').first
    thrown = other.get_attribute("data-card")
    other.click()
    grade = page.locator("[data-grade]:visible").first
    expect(grade).to_be_visible()
    box = page.locator(".st-key-play_coach_wide")
    expect(box).to_contain_text("You could close now by throwing the 8 of espadas")
    expect(box).to_contain_text("Exact figures")
    assert thrown and thrown != "8e"


def test_step_the_hand_and_retry_a_move(page: Any, server_url: str) -> None:
    _open(page, server_url, BOT_CLOSED)
    expect(page.get_by_text("End of hand 1")).to_be_visible()
    expect(page.locator(".st-key-play_last_decision [data-grade]")).to_be_visible()
    game = play_model.load(play_model.parse_setup("barajamos", {}, "greedy,greedy", "573763"), "EBEFABYBARM")
    moves = rv.hand_moves(game.catch_up(), 1)
    last = play_model.decisions(game, 1)[-1]
    steps = page.locator(".st-key-play_review_steps_1")
    expect(steps).to_contain_text(f"Move 1 of {len(moves)}")
    # A row of the decision list opens that move.
    page.locator(f".st-key-play_decision_1_{last} button").click()
    at = moves.index(last) + 1
    expect(steps).to_contain_text(f"Move {at} of {len(moves)}")
    expect(steps).to_contain_text("You throw the caballo of oros.")
    # The arrow keys step too: the next move is a bot's; End shows the last, the bot's close.
    page.keyboard.press("ArrowRight")
    expect(steps).to_contain_text(f"Move {at + 1} of {len(moves)}")
    expect(steps).to_contain_text("Bot 1 (greedy) draws from the stock.")
    page.keyboard.press("End")
    expect(steps).to_contain_text(f"Move {len(moves)} of {len(moves)}")
    expect(steps).to_contain_text(re.compile(r"Bot 2 \(greedy\) closes, throwing the .+ face down"))
    page.locator(f".st-key-play_decision_1_{last} button").click()
    expect(steps).to_contain_text(f"Move {at} of {len(moves)}")
    # Retry this move: the hand again, you choose, the coach grades it (not rated).
    page.locator(".st-key-play_retry_open_1 button").click()
    expect(page.get_by_text("choose again")).to_be_visible()
    page.locator('.cardbuttons button[data-card]:not([data-card="11o"])').first.click()
    expect(steps).to_contain_text("your retry (not rated)")
    expect(steps.locator("[data-grade]")).to_have_count(1)  # the retry's grade
    screenshot(page, "play-review-retry", full_page=False)


def test_a_reload_after_your_close_shows_that_hand_end(page: Any, server_url: str) -> None:
    _open(page, server_url, CLOSABLE)
    page.locator('button[data-action="close"]').click()
    page.locator(CARD.format(code="8e")).click()
    expect(page.get_by_text("End of hand 1")).to_be_visible()
    expect(page.get_by_text("You closed.")).to_be_visible()
    page.reload()
    wait_idle(page, PATIENCE)
    expect(page.get_by_text("End of hand 1")).to_be_visible()
    expect(page.get_by_text("You closed.")).to_be_visible()
    expect(page.locator(".st-key-play_review_steps_1")).to_be_visible()


def test_your_hand_and_its_buttons_are_on_a_laptops_first_screen(browser: Any,
                                                                server_url: str) -> None:
    """At 1366x900, your turn to draw: the whole hand, Hint and Arrange above the fold; the
    page's title below the top bar."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    try:
        _open(page, server_url, BOT_CLOSED.split("&moves=")[0])
        expect(page.locator('button[data-action="draw-stock"]:not([disabled])')).to_be_visible()
        cards = page.locator('.cardbuttons button[data-card]:not([data-action])')
        expect(cards).to_have_count(7)
        for name in ("play_hint_button", "play_arrange"):
            expect(page.locator(f".st-key-{name} button")).to_be_in_viewport(ratio=1)
        for i in range(7):
            expect(cards.nth(i)).to_be_in_viewport(ratio=1)
        title = page.locator('[data-testid="stMain"] h1').first.bounding_box()
        header = page.locator('[data-testid="stHeader"]').bounding_box()
        assert title and header and title["y"] >= header["y"] + header["height"] - 1
        screenshot(page, "play-first-screen-1366", full_page=False)
    finally:
        context.close()


WORDS = {"en": "You can close now", "es": "Puedes cerrar ya", "fr": "Vous pouvez fermer",
         "pt": "Pode fechar já"}


@pytest.mark.parametrize("lang", list(WORDS))
@pytest.mark.parametrize(("width", "height"), [(1366, 900), (390, 844)])
def test_screenshots_in_every_language(browser: Any, server_url: str, lang: str, width: int,
                                       height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        _open(page, server_url, CLOSABLE, lang)
        line = page.locator('[data-close-offer="8e"]')
        expect(line).to_contain_text(WORDS[lang])
        line.scroll_into_view_if_needed()
        screenshot(page, f"play-close-{lang}-{width}", full_page=False)
        _open(page, server_url, BOT_CLOSED, lang)
        title = page.locator('[data-testid="stMain"] h1').first
        box = title.bounding_box()
        header = page.locator('[data-testid="stHeader"]').bounding_box()
        assert box and header and box["y"] >= header["y"] + header["height"] - 1, (box, header)
        counts = page.locator(".st-key-play_grade_counts [data-testid='stMetric']")
        expect(counts).to_have_count(6)
        tops = {round(b["y"]) for b in (counts.nth(i).bounding_box() for i in range(6)) if b}
        assert len(tops) == 1, f"the grade counts take {len(tops)} rows"
        assert page.locator(".modebar").count() == 0
        page.locator(".st-key-play_review_steps_1").scroll_into_view_if_needed()
        expect(page.locator(".st-key-play_review_steps_1")).not_to_contain_text("{")
        # The arrow keys are named on a keyboard device only; a phone is told to tap.
        hint = page.locator(".st-key-play_review_steps_1 [data-keys-hint]")
        shown, hidden = ("keys", "tap") if width > 640 else ("tap", "keys")
        expect(hint.locator(f".keys-hint-{shown}")).to_be_visible()
        expect(hint.locator(f".keys-hint-{hidden}")).to_be_hidden()
        screenshot(page, f"play-review-{lang}-{width}", full_page=False)
    finally:
        context.close()
