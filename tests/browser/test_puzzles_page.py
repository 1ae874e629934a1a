"""The puzzle page in a real browser: a puzzle by URL (the cold server's first request), a
wrong answer, the right one, the explanation above "Next puzzle"; closing as a second
question; the hint ringing cards; sorting; the phone's first screen; a take question; and
screenshots of each state in every language at 1366×900 and 390×844."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from chinchon.puzzles import card_order, load_all, should_close, solve
from chinchon.views import i18n
from tests.support.browser import screenshot, settle, wait_idle

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}


def _discard_puzzle(criterion: str = "close-chance") -> tuple[str, str, str]:
    """A one-deck barajamos puzzle: its id, a wrong card and a right one."""
    for puzzle in load_all(check=False):
        if (puzzle.criterion == criterion and not puzzle.options and puzzle.question == "discard"
                and puzzle.rules_id == "barajamos"):
            solution = solve(puzzle)
            if should_close(solution) != (criterion == "fewest-points"):
                continue
            wrong = next(c.code() for c in puzzle.hand if c.code() not in solution.answers)
            return puzzle.id, wrong, solution.answers[0]
    raise AssertionError(f"no {criterion} puzzle shipped")


def _alerts(page: Any) -> str:
    return "\n".join(page.locator('[data-testid="stAlert"]').all_inner_texts())


def _alert(page: Any, text: str) -> Any:
    """The first message box that says ``text`` (for ``expect``: it waits until one does)."""
    return page.locator('[data-testid="stAlert"]').filter(has_text=text).first


def _card(page: Any, code: str) -> Any:
    return page.locator(f'.cardbuttons button[data-card="{code}"]')


def _top(locator: Any) -> float:
    box = locator.bounding_box()
    assert box is not None
    return float(box["y"])


def test_puzzle_by_url_wrong_then_right_then_explanation_above_next(
        page: Any, fresh_server: Callable[[], str]) -> None:
    puzzle_id, wrong, right = _discard_puzzle()
    url = fresh_server()  # the deep link is the cold server's very first request
    page.goto(f"{url}/Puzzles?puzzle={puzzle_id}&lang=en")
    wait_idle(page)
    page.wait_for_function(f"() => location.search.includes('puzzle={puzzle_id}')")
    expect(page.locator(".cardbuttons button")).to_have_count(8)
    assert page.get_by_role("button", name="Next puzzle").count() == 0  # the puzzle first

    _card(page, wrong).click()
    wait_idle(page)
    expect(_alert(page, "Not the best")).to_be_visible()
    expect(_card(page, wrong)).to_have_attribute("data-state", "wrong")
    assert page.get_by_text("Every move compared").count() == 0

    _card(page, right).click()
    wait_idle(page)
    expect(_alert(page, "Right:")).to_be_visible()
    expect(_alert(page, "let you close")).to_be_visible()
    lesson = page.locator('[data-testid="stAlert"]').filter(has_text="let you close")
    after_best = page.get_by_text("After the best move", exact=False)
    mine = page.get_by_text("What your move", exact=False)
    next_button = page.get_by_role("button", name="Next puzzle")
    folded = page.get_by_text("Every move compared")
    assert _top(lesson) < _top(after_best) < _top(mine) < _top(next_button) < _top(folded)
    # the draws that close are card pictures, as many as the sentence says
    expect(page.locator('[data-testid="stMain"] img[alt]').nth(8)).to_be_attached()  # > 8
    assert not page.locator('[data-testid="stPlotlyChart"]').is_visible()  # folded
    folded.click()
    page.locator('[data-testid="stPlotlyChart"]').wait_for()
    assert page.locator(".modebar").count() == 0  # no chart toolbar over the title
    page.set_viewport_size({"width": 1366, "height": 2400})  # the whole page in the picture
    settle(page)
    screenshot(page, "puzzle-solved")


def test_closing_is_a_second_question_and_never_undoes_the_card(
        page: Any, server_url: str) -> None:
    puzzle_id, _, right = _discard_puzzle("fewest-points")
    page.goto(f"{server_url}/Puzzles?puzzle={puzzle_id}&lang=en")
    wait_idle(page)
    assert page.get_by_text("You may close now").count() == 0  # asked only after the card
    _card(page, right).click()
    wait_idle(page)
    expect(_alert(page, "Right:")).to_be_visible()
    question = page.get_by_text("You may close now — close?")
    expect(question).to_be_visible()
    assert page.get_by_text("Every move compared").count() == 0
    expect(_card(page, right)).to_have_attribute("data-state", "right")
    page.get_by_role("button", name="Play on").click()
    wait_idle(page)
    expect(_alert(page, "Your card was right and counts")).to_be_visible()
    expect(page.get_by_text("Streak 1 · solved 1 of 1")).to_be_visible()
    expect(page.get_by_text("Every move compared")).to_be_visible()


def test_hint_rings_two_cards_and_the_hand_sorts(page: Any, server_url: str) -> None:
    puzzle_id, _, right = _discard_puzzle()
    page.goto(f"{server_url}/Puzzles?puzzle={puzzle_id}&lang=en")
    wait_idle(page)
    # The component draws after the script: wait for its eight cards.
    expect(page.locator(".cardbuttons button")).to_have_count(8)
    codes = [b.get_attribute("data-card") for b in page.locator(".cardbuttons button").all()]
    puzzle = next(p for p in load_all(check=False) if p.id == puzzle_id)
    assert codes == [c.code() for c in sorted(puzzle.hand, key=card_order)]
    page.get_by_role("button", name="Hint", exact=True).click()
    wait_idle(page)
    ringed = page.locator('.cardbuttons button[data-highlight="1"]')
    expect(ringed).to_have_count(2)
    assert right in [b.get_attribute("data-card") for b in ringed.all()]
    page.get_by_text("Sort by number").click()
    wait_idle(page)
    # The hand is redrawn in order: wait for it (not a read right after the settle).
    page.wait_for_function("""() => { const r = [...document.querySelectorAll(
        '.cardbuttons button')].map(b => parseInt(b.dataset.card));
        return r.length === 8 && r.every((v, i) => i === 0 || r[i - 1] <= v); }""")


def test_phone_first_screen_holds_the_question_and_the_whole_hand(
        browser: Any, server_url: str) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-US")
    page = context.new_page()
    try:
        puzzle_id, _, right = _discard_puzzle()
        page.goto(f"{server_url}/Puzzles?puzzle={puzzle_id}&lang=en")
        wait_idle(page)
        question = page.get_by_text("Which one do you throw?", exact=False)
        # The card component draws after the script has finished: wait for its eight cards.
        expect(page.locator(".cardbuttons button")).to_have_count(8)
        boxes = [b.bounding_box() for b in page.locator(".cardbuttons button").all()]
        assert len(boxes) == 8 and all(b is not None for b in boxes)
        assert _top(question) < PHONE["height"]
        assert all(b["y"] + b["height"] <= PHONE["height"] for b in boxes)  # on screen
        assert len({round(b["y"]) for b in boxes}) == 1  # one row
        assert all(b["x"] >= 0 and b["x"] + 20 <= PHONE["width"] for b in boxes)
        # the filters wait behind a button
        assert not page.get_by_text("Difficulty", exact=True).is_visible()
        # a phone has no keyboard: the keys' line is not shown there
        expect(page.locator("[data-keys-hint]")).to_be_attached()
        expect(page.get_by_text("H a hint, N the next puzzle", exact=False)).to_be_hidden()
        _card(page, right).click()
        wait_idle(page)
        page.get_by_text("Every move compared").click()
        page.locator('[data-testid="stTable"]').wait_for()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        cut = page.evaluate("""() => [...document.querySelectorAll('[data-testid="stTable"]')]
            .some(t => t.scrollWidth > t.clientWidth + 1)""")
        assert not cut  # no table cut on the right
        main = page.get_by_test_id("stMain").inner_text().lower()
        assert "sidebar" not in main
    finally:
        context.close()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_screenshots_in_every_language(browser: Any, server_url: str, lang: str) -> None:
    """Pictures to look at (tests/browser/screenshots/): the question, the close question and the
    explanation, on a laptop and a phone; each state checked, not only pictured."""
    chance_id, wrong, right = _discard_puzzle()
    close_id, _, close_right = _discard_puzzle("fewest-points")
    for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        context = browser.new_context(viewport=viewport, locale="en-US")
        page = context.new_page()
        try:
            page.goto(f"{server_url}/Puzzles?puzzle={close_id}&lang={lang}")
            wait_idle(page)
            screenshot(page, f"puzzle-{lang}-{name}-question", full_page=False)
            _card(page, close_right).click()
            wait_idle(page)
            yes = i18n.t("puzzles.close_yes", lang)
            expect(page.get_by_role("button", name=yes)).to_be_visible()
            screenshot(page, f"puzzle-{lang}-{name}-close", full_page=False)
            page.goto(f"{server_url}/Puzzles?puzzle={chance_id}&lang={lang}")
            wait_idle(page)
            _card(page, wrong).click()
            wait_idle(page)
            _card(page, right).click()
            wait_idle(page)
            page.get_by_text(i18n.t("puzzles.explanation", lang)).click()
            page.locator('[data-testid="stTable"]').wait_for()
            page.set_viewport_size({"width": viewport["width"], "height": 3200})
            settle(page)
            expect(page.get_by_role("button", name=i18n.t("puzzles.next", lang))).to_be_visible()
            screenshot(page, f"puzzle-{lang}-{name}-explained", full_page=False)
        finally:
            context.close()
