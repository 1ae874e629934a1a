"""Issue 25, items 10, 11 and 13 in a real browser: the puzzle's title before and after an
answer, "Next puzzle" after a miss, the puzzle's keys (a number, H, N); the rules tour's
question before the rule that answers it and its hand solved only once answered; the home
page's first screen. Screenshots of each in every language at 1366×900 and 390×844."""

from __future__ import annotations

from typing import Any

import pytest

from chinchon.engine.rules import get_rules
from chinchon.puzzles import card_order, load_all, main_theme, solve
from chinchon.views import i18n, tour
from tests.support.browser import screenshot, wait_idle

pytestmark = pytest.mark.e2e
expect = pytest.importorskip("playwright.sync_api").expect
expect.set_options(timeout=30_000)  # a busy machine: wait for the state, never sleep

SIZES = {"laptop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


def _puzzle() -> tuple[Any, str, str]:
    """A one-deck barajamos discard puzzle with a theme: it, a wrong card and a right one."""
    for puzzle in load_all(check=False):
        if (puzzle.rules_id == "barajamos" and not puzzle.options
                and puzzle.question == "discard" and main_theme(puzzle)):
            solution = solve(puzzle)
            wrong = next(c.code() for c in sorted(puzzle.hand, key=card_order)
                         if c.code() not in solution.answers)
            return puzzle, wrong, solution.answers[0]
    raise AssertionError("no such puzzle shipped")


def _card(page: Any, code: str) -> Any:
    return page.locator(f'.cardbuttons button[data-card="{code}"]')


def _subheader(page: Any) -> Any:
    return page.locator('[data-testid="stMain"] h3').first


def _keys_ready(page: Any) -> None:
    page.wait_for_function("() => Object.keys(window.__chinchonKeys || {}).length > 0")


def _top(locator: Any) -> float:
    box = locator.bounding_box()
    assert box is not None
    return float(box["y"])


def test_the_title_waits_for_the_answer_and_a_miss_offers_the_next_puzzle(
        page: Any, server_url: str) -> None:
    puzzle, wrong, right = _puzzle()
    page.goto(f"{server_url}/Puzzles?puzzle={puzzle.id}&lang=en")
    wait_idle(page)
    expect(_subheader(page)).to_have_text("Your move")
    theme = i18n.t(f"puzzles.theme.{main_theme(puzzle)}", "en")
    assert page.get_by_text(theme).count() == 0  # neither in the title nor the caption
    next_button = page.get_by_role("button", name="Next puzzle")
    expect(next_button).to_have_count(0)
    _card(page, wrong).click()
    expect(page.get_by_text("Not the best")).to_be_visible()
    expect(_subheader(page)).to_have_text("Your move")  # still open: the theme would help
    expect(next_button).to_be_visible()  # a miss may move on, as well as retry
    _card(page, right).click()
    expect(_subheader(page)).to_have_text(f"{theme} · #{int(puzzle.id.rsplit('-', 1)[1])}")
    expect(page.get_by_text("not rated as solved", exact=False)).to_be_visible()
    # After a miss, "Next puzzle" moves on at once.
    page.goto(f"{server_url}/Puzzles?puzzle={puzzle.id}&lang=en")
    wait_idle(page)
    _card(page, wrong).click()
    expect(next_button).to_be_visible()
    next_button.click()
    page.wait_for_function(f"() => !location.search.includes('puzzle={puzzle.id}&')"
                           f" && !location.search.endsWith('puzzle={puzzle.id}')")
    expect(_subheader(page)).to_have_text("Your move")


def test_number_keys_throw_a_card_h_hints_n_moves_on(page: Any, server_url: str) -> None:
    puzzle, wrong, right = _puzzle()
    page.goto(f"{server_url}/Puzzles?puzzle={puzzle.id}&lang=en")
    wait_idle(page)
    expect(page.locator(".cardbuttons button")).to_have_count(8)
    _keys_ready(page)
    page.keyboard.press("h")
    expect(page.locator('.cardbuttons button[data-highlight="1"]')).to_have_count(2)
    shown = [b.get_attribute("data-card") for b in page.locator(".cardbuttons button").all()]
    place = shown.index(wrong) + 1
    page.keyboard.press(str(place))  # the card at that place, counted from the left
    expect(_card(page, wrong)).to_have_attribute("data-state", "wrong")
    page.keyboard.press(str(shown.index(right) + 1))
    expect(_card(page, right)).to_have_attribute("data-state", "right")
    page.keyboard.press("n")
    page.wait_for_function(f"() => !location.search.includes('puzzle={puzzle.id}')")
    expect(_subheader(page)).to_have_text("Your move")


def test_the_tour_asks_before_it_tells(page: Any, server_url: str) -> None:
    step = tour.steps("barajamos")[3]  # closing: may this hand close?
    task = tour.task(step, get_rules("barajamos"))
    wrong = ({"yes", "no"} - task.answers).pop()
    page.goto(f"{server_url}/Rules_tour?rules=barajamos&lang=en&step=4")
    wait_idle(page)
    question = page.get_by_text("may the hand below close?").first
    fold = page.get_by_text("The rule, if you want it before answering")
    expect(question).to_be_visible()
    assert _top(question) < _top(fold)  # the question comes before the rule that answers it
    expect(page.get_by_text("You may close the hand when")).not_to_be_visible()
    verdict = page.get_by_text("this hand may close", exact=False)
    expect(verdict).to_have_count(0)  # the hand is solved only once answered
    choices = page.locator(".st-key-tour_task_close [data-testid='stButtonGroup'] button")
    choices.filter(has_text="No" if wrong == "no" else "Yes").click()
    expect(page.get_by_text("Not quite", exact=False)).to_be_visible()
    expect(verdict).to_have_count(0)
    choices.filter(has_text="Yes" if wrong == "no" else "No").click()
    expect(page.get_by_text("Right!")).to_be_visible()
    expect(verdict.first).to_be_visible()
    rule = page.get_by_text("You may close the hand when")
    expect(rule).to_be_visible()
    assert _top(question) < _top(rule)


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_homes_first_screen_leads_somewhere(page: Any, server_url: str, size: str) -> None:
    viewport = SIZES[size]
    page.set_viewport_size(viewport)
    page.goto(f"{server_url}/?lang=en")
    wait_idle(page)
    doors = [page.locator(f".st-key-home_first_{key}") for key in
             ("rules_tour", "puzzles", "play", "hand_lab")]
    for door in doors:
        expect(door).to_be_visible()
    # Above the fold: all four on a laptop, and on a phone too (stacked).
    box = doors[-1].bounding_box()
    assert box is not None and box["y"] + box["height"] <= viewport["height"], box
    expect(doors[0].get_by_role("link", name="Learn the rules")).to_have_attribute(
        "href", "Rules_tour?lang=en&rules=barajamos")
    doors[1].get_by_role("link", name="Solve a puzzle").click()
    page.wait_for_function("() => location.pathname.endsWith('/Puzzles')")
    expect(_subheader(page)).to_have_text("Your move")


def test_a_returning_learner_finds_his_misses_on_the_home_page(page: Any,
                                                                 server_url: str) -> None:
    puzzle, wrong, _ = _puzzle()
    page.goto(f"{server_url}/Puzzles?puzzle={puzzle.id}&lang=en")
    wait_idle(page)
    _card(page, wrong).click()  # a miss, written under a new learner's cookie
    expect(page.get_by_text("Not the best")).to_be_visible()
    page.get_by_role("link", name="Home").first.click()
    left_off = page.locator(".st-key-home_left_off")
    expect(left_off).to_be_visible()
    expect(left_off.get_by_text("1 missed puzzle is waiting for another try.")).to_be_visible()
    expect(left_off.get_by_text("Puzzle rating (provisional)")).to_be_visible()
    assert _top(left_off) < _top(page.locator(".st-key-home_first_rules_tour"))
    left_off.get_by_role("button", name="Retry my misses").click()
    page.wait_for_function(f"() => location.search.includes('puzzle={puzzle.id}')")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_screenshots(browser: Any, server_url: str, lang: str, size: str) -> None:
    """Pictures to look at (tests/browser/screenshots/learn-*): the home page's first screen, a
    puzzle before its answer and after a miss, the tour's question; each state checked."""
    puzzle, wrong, _ = _puzzle()
    context = browser.new_context(viewport=SIZES[size], locale="en-US")
    page = context.new_page()
    try:
        page.goto(f"{server_url}/?lang={lang}")
        wait_idle(page)
        teach = page.locator(".st-key-home_first_hand_lab")
        expect(teach.get_by_role("link", name=i18n.t("home.first.teach", lang))).to_be_visible()
        screenshot(page, f"learn-home-{lang}-{size}", full_page=False)
        page.goto(f"{server_url}/Puzzles?puzzle={puzzle.id}&lang={lang}")
        wait_idle(page)
        expect(_subheader(page)).to_have_text(i18n.t("puzzles.your_move", lang))
        screenshot(page, f"learn-puzzle-{lang}-{size}-question", full_page=False)
        _card(page, wrong).click()
        expect(page.get_by_role("button", name=i18n.t("puzzles.next", lang))).to_be_visible()
        screenshot(page, f"learn-puzzle-{lang}-{size}-miss", full_page=False)
        page.goto(f"{server_url}/Rules_tour?rules=barajamos&lang={lang}&step=4")
        wait_idle(page)
        expect(page.get_by_text(i18n.t("tour.read_rule", lang))).to_be_visible()
        screenshot(page, f"learn-tour-{lang}-{size}-question", full_page=False)
    finally:
        context.close()
