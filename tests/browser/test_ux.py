"""Issue 12 in a real browser: what a click does is seen where one looks, on a laptop and a phone.

- the hand lab's hand, loose points and verdict stay in the viewport after a click (1366×900
  and 390×844), a ninth click says why nothing happened, every deck card has ``data-card``;
- teacher mode: the question first, then the keys (→, Space, ←) step, Next stays in view;
- the lay-off table's replay starts at the first step (its deals: tests/pages/test_from_browser_layoffs.py);
- the tour: a task clicked right gets its tick, the end leads to the profile's puzzles;
- screenshots of each page in every language at both sizes (tests/browser/screenshots/).
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.support.browser import EXPECT_TIMEOUT, address, screenshot, wait_idle

pytestmark = pytest.mark.e2e

LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
SIZES = {"laptop": LAPTOP, "phone": PHONE}
EXCEPTION = '[data-testid="stException"]'
SUMMARY = ".st-key-hl_summary"


def sized(page: Any, size: dict[str, int]) -> Any:
    page.set_viewport_size(size)
    return page


def in_view(page: Any, selector: str, timeout: float = 3000) -> bool:
    """Whether the element is (or within ``timeout`` ms of settling becomes) wholly inside the
    viewport, below the top bar."""
    try:
        page.wait_for_function(
            """s => { const e = document.querySelector(s); if (!e) return false;
                      const r = e.getBoundingClientRect();
                      return r.height > 0 && r.top >= 40 && r.bottom <= innerHeight; }""",
            arg=selector, timeout=timeout, polling=100)
    except Exception:  # Playwright's timeout: not in view
        return False
    return True


def keys_ready(page: Any) -> None:
    """Wait until the keyboard component listens (its script loads after the page renders)."""
    page.wait_for_function("() => Object.keys(window.__chinchonKeys || {}).length > 0")


def click_card(page: Any, code: str) -> None:
    page.locator(f'button[data-card="{code}"]').first.click()
    wait_idle(page)


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_verdict_stays_in_view_after_a_click(page: Any, server_url: str, size: str) -> None:
    sized(page, SIZES[size])
    page.goto(f"{server_url}/Hand_lab?hand=3c+4c+5c+7b+7o+7e&rules=barajamos&lang=en")
    wait_idle(page)
    # The intro is folded: the deck and the hand share the first screen.
    intro = page.locator('[data-testid="stExpander"]').first
    expect(intro).to_contain_text("What the hand lab does")
    assert intro.locator("details").get_attribute("open") is None
    click_card(page, "12b")  # the deck's last row: the page scrolls to it
    verdict = f"{SUMMARY} [data-testid='stAlert']"
    page.get_by_text("Not yet: you may not close").first.wait_for()
    assert in_view(page, verdict), page.locator(verdict).first.bounding_box()
    assert in_view(page, f"{SUMMARY} [role='img'][aria-label='rey of bastos']")
    if size == "laptop":
        assert in_view(page, f"{SUMMARY} [data-testid='stMetricValue']")
        # Beside the deck: the summary's column starts right of the deck's.
        deck = page.locator('button[data-card="1o"]').bounding_box()
        summary = page.locator(SUMMARY).bounding_box()
        assert summary["x"] > deck["x"] + 300
    click_card(page, "1o")  # the eighth: the best throw and the verdict after it
    page.get_by_text("Best throw:").first.wait_for()
    assert in_view(page, verdict)
    assert page.locator(EXCEPTION).count() == 0
    screenshot(page, f"ux-hand-lab-click-{size}", full_page=False)


def test_a_ninth_click_says_the_hand_is_full(page: Any, server_url: str) -> None:
    sized(page, LAPTOP)
    page.goto(f"{server_url}/Hand_lab?hand=3c+4c+5c+7b+7o+7e+1o+6c&rules=barajamos&lang=en")
    wait_idle(page)
    click_card(page, "12b")
    message = page.get_by_text("You hold 8 cards: click one of them to put it back")
    message.first.wait_for()
    assert in_view(page, f"{SUMMARY} [data-testid='stAlert']")
    assert "12b" not in address(page)


def test_every_clickable_card_carries_data_card(page: Any, server_url: str) -> None:
    sized(page, LAPTOP)
    page.goto(f"{server_url}/Hand_lab?hand=&rules=ludoteka&deck=48&jokers=2&lang=en")
    wait_idle(page)
    page.wait_for_selector("button[data-card]")
    buttons = page.locator(".cardbuttons button")
    expect(buttons).to_have_count(49)
    codes = page.eval_on_selector_all(".cardbuttons button", "bs => bs.map(b => b.dataset.card)")
    assert len(set(codes)) == 49 and "JK" in codes
    expect(page.locator('button[data-card="12b"]')).to_have_attribute("aria-label", "rey of bastos")


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_teacher_mode_keys_step_and_next_stays_in_view(page: Any, server_url: str,
                                                       size: str) -> None:
    sized(page, SIZES[size])
    page.goto(f"{server_url}/Hand_lab?hand=3c+4c+5c+7b+7o+7e+1o+6c&rules=fournier&lang=en"
              "&teacher=1")
    wait_idle(page)
    heading = page.locator('.st-key-hl_projector h2').first
    expect(heading).to_have_text("What would you throw?")
    assert page.locator(".chinchon-discards").count() == 0  # asked, not told
    expect(page.locator('[data-testid="stSidebar"]')).to_have_attribute("data-collapsed", "true")
    keys_ready(page)
    expected = ["The best throw", "The best melds", "The loose points"]
    for key, title in zip(["ArrowRight", "Space", "ArrowRight"], expected, strict=True):
        page.keyboard.press(key)
        wait_idle(page)
        page.wait_for_function(
            "t => document.querySelector('.st-key-hl_projector h2')?.innerText.trim() === t",
            arg=title)
        assert in_view(page, ".st-key-hl_teacher_nav [data-testid='stBaseButton-primary']")
    page.keyboard.press("ArrowLeft")
    wait_idle(page)
    page.wait_for_function(
        "() => document.querySelector('.st-key-hl_projector h2')?.innerText.trim()"
        " === 'The best melds'")
    assert page.locator(EXCEPTION).count() == 0
    screenshot(page, f"ux-teacher-{size}", full_page=False)


def test_the_replay_starts_at_its_first_step(page: Any, server_url: str) -> None:
    sized(page, LAPTOP)
    page.goto(f"{server_url}/Layoff_table?rules=barajamos&lang=en&closer=7o+7c+7b+9e+10e+11e+4o"
              "&opp=7e+1c+2c+3c+5o+5b+8o&opp=12e+6o+6c+6b+2b+3b+11b")
    wait_idle(page)
    replay = page.locator(".st-key-lt_replay")
    expect(replay).to_contain_text("Step 1 of 6")
    expect(replay).to_contain_text("Player 1 shows 7 of oros, 7 of copas, 7 of bastos.")
    expect(replay).not_to_contain_text("lays off")
    keys_ready(page)
    page.keyboard.press("ArrowRight")
    wait_idle(page)
    expect(replay).to_contain_text("Step 2 of 6")  # after the key's rerun: wait, never read
    page.keyboard.press("End")
    wait_idle(page)
    expect(replay).to_contain_text("Step 6 of 6")  # after the key's rerun: wait, never read
    expect(replay).to_contain_text("Player 3 lays off the rey of espadas")
    page.locator(".st-key-lt-barajamos-replay-first button").first.click()
    expect(replay).to_contain_text("Step 1 of 6")
    assert page.locator(EXCEPTION).count() == 0


def test_the_tour_ticks_a_task_and_ends_at_the_profiles_puzzles(page: Any,
                                                                 server_url: str) -> None:
    sized(page, LAPTOP)
    page.goto(f"{server_url}/Rules_tour?rules=barajamos&lang=en&step=2")
    wait_idle(page)
    expect(page.get_by_text("Answer the question above").first).to_be_visible()
    click_card(page, "6c")  # in a meld: wrong
    page.get_by_text("Not quite (6 of copas)").first.wait_for()
    click_card(page, "1b")  # RULES.md: the ace of bastos stays loose
    page.get_by_text("Right!").first.wait_for()
    expect(page.locator("h2").first).to_contain_text("✓")
    page.get_by_text(
        "The 6 of copas could end the run 3-4-5 of copas or join the other sixes").first.wait_for()
    for _ in range(7):
        keys_ready(page)
        page.keyboard.press("ArrowRight")
        wait_idle(page)
    link = page.get_by_role("link", name="Puzzles under the Barajamos rules")
    link.wait_for()
    assert "rules=barajamos" in (link.get_attribute("href") or "")


@pytest.mark.parametrize("lang", ["en", "es", "fr", "pt"])
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_screenshots_of_every_page(page: Any, server_url: str, lang: str, size: str) -> None:
    sized(page, SIZES[size])
    visits = [
        ("hand-lab", "Hand_lab?hand=3c+4c+5c+7b+7o+7e+1o+6c&rules=barajamos"),
        ("teacher", "Hand_lab?hand=7o+7c+7b+9e+10e+11e+4o&rules=barajamos&teacher=1"),
        ("layoffs", "Layoff_table?rules=barajamos&closer=7o+7c+7b+9e+10e+11e+4o"
                    "&opp=7e+1c+2c+3c+5o+5b+8o&opp=12e+6o+6c+6b+2b+3b+11b"),
        ("tour", "Rules_tour?rules=ludoteka&step=8"),
        ("variants", "Variants?rules=fournier"),
    ]
    for name, path in visits:
        page.goto(f"{server_url}/{path}&lang={lang}")
        wait_idle(page)
        assert page.locator(EXCEPTION).count() == 0, name
        # Nothing wider than the screen, cut at its right edge (a wide table or code block
        # scrolls sideways inside its own box instead, which these exclusions allow).
        count = ("() => [...document.querySelectorAll('[data-testid=\"stMainBlockContainer\"] *')]"
                 ".filter(e => e.getBoundingClientRect().right > innerWidth + 1"
                 " && !e.closest('[style*=\"overflow-x\"], [data-testid=\"stTable\"],"
                 " [data-testid=\"stCode\"]')).length")
        # Wait for the layout to settle at this width (a loaded run counted 15 right after
        # the first visit on the phone); one still past the edge then is a fault.
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(f"() => ({count})() === 0", timeout=EXPECT_TIMEOUT)
        overflow = page.evaluate(count)
        assert overflow == 0, f"{name}: {overflow} elements past the right edge"
        screenshot(page, f"ux-{name}-{lang}-{size}", full_page=False)
