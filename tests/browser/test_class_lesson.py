"""A lesson in a real browser: the teacher makes a class, saves two hands from the hand lab as a
lesson ("Add this hand to a lesson"), opens the lesson's projector view (1920×1080), steps to the
next hand, asks the class; two students' phones (390×844, two browser
contexts) throw a card each, the projector counts both without a reload and, revealed, names
the solver's answer; the hand lab's teacher mode shows the hand the projector moved to."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from chinchon import puzzles as pz
from chinchon.engine.cards import parse_hand
from chinchon.views import i18n
from tests.support.browser import address, screenshot, wait_idle

pytestmark = pytest.mark.e2e

SEVEN = "7o 7c 7b 9e 10e 11e 4o"
EIGHT = "3c 4c 5c 7o 7e 9b 11b 2e"
TEXT_BOX = '[data-testid="stTextInput"] input'


def _expect() -> Any:
    from playwright.sync_api import expect

    expect.set_options(timeout=30_000)  # a busy machine: wait for the state, never sleep
    return expect


def add_hand(page: Any, cards: str, title: str | None) -> None:
    """In the hand lab (same session as the dashboard), type ``cards`` and add them to the
    lesson (a new one named ``title``, else the one chosen last)."""
    expect = _expect()
    page.locator(TEXT_BOX).first.fill(cards)
    page.locator(TEXT_BOX).first.press("Enter")
    # The run for the typed hand writes it to the address: until then "Add the hand" is the
    # last hand's button (a busy machine can start that run after wait_idle has returned).
    expect(page).to_have_url(re.compile(r"[?&]hand=" + re.escape(cards.replace(" ", "+"))
                                        + r"(&|$)"))
    wait_idle(page)
    box = page.locator('[data-testid="stExpander"] details').filter(
        has_text="Add this hand to a lesson")
    if title is None:  # the box stays open from the last hand, on the lesson chosen last
        expect(box).to_have_attribute("open", "")
        expect(page.get_by_role("combobox", name="Lesson", exact=True)).to_have_value("Sevens")
    else:  # a new lesson: the session's first hand, the box still folded
        box.locator("summary").click()
        expect(box).to_have_attribute("open", "")
        page.get_by_label("Lesson title").fill(title)
        page.get_by_label("Lesson title").press("Enter")
        wait_idle(page)
    add = page.get_by_role("button", name="Add the hand")
    expect(add).to_be_enabled()
    add.click()
    # Read from the store on every run, so no later rerun takes the line away.
    expect(page.get_by_text(f"The hand is in the lesson “{title or 'Sevens'}”.")).to_be_visible()


def join(new_context: Callable[..., Any], join_url: str, nickname: str) -> tuple[Any, Any]:
    expect = _expect()
    phone = new_context(viewport={"width": 390, "height": 844})
    student = phone.new_page()
    student.goto(join_url)
    wait_idle(student)
    student.get_by_label("Your nickname", exact=True).fill(nickname)
    student.get_by_role("button", name="Join the class").click()
    expect(student.get_by_text(f"Welcome to Lesson club, {nickname}!")).to_be_visible()
    return phone, student


def test_a_lesson_on_the_projector_with_two_phones(new_context: Callable[..., Any], page: Any,
                                                   server_url: str) -> None:
    expect = _expect()
    page.goto(f"{server_url}/Class?lang=en")
    wait_idle(page)
    page.get_by_label("Name of the class").fill("Lesson club")
    page.get_by_role("button", name="Make the class").click()
    expect(page.get_by_text("Lessons", exact=True)).to_be_visible()
    wait_idle(page)
    teacher_url = address(page)
    join_url = page.locator("code").filter(has_text="/Class?join=").first.inner_text().strip()
    page.get_by_role("link", name="Hand lab").first.click()  # the sidebar: the same session
    wait_idle(page)
    add_hand(page, SEVEN, "Sevens")
    add_hand(page, EIGHT, None)
    page.goto(teacher_url)  # the dashboard polls the live question: wait for what it shows
    expect(page.get_by_text("Sevens · 2 hands")).to_be_visible()
    links = page.locator('[class*="st-key-class_lesson_"]')
    expect(links.get_by_role("link", name="Projector view")).to_be_visible(timeout=90_000)
    projector_url = links.get_by_role("link", name="Projector view").get_attribute("href")
    lab_url = links.get_by_role("link", name="Teach it in the hand lab").get_attribute("href")
    phones = [join(new_context, join_url, name) for name in ("Ana", "Ben")]

    room = new_context(viewport={"width": 1920, "height": 1080})
    projector = room.new_page()
    projector.goto(projector_url)  # it polls: wait for what it shows, not for an idle page
    expect(projector.get_by_text("Sevens · hand 1 of 2")).to_be_visible()
    expect(projector.get_by_role("button", name="Ask the class")).to_be_disabled()  # 7 cards
    projector.get_by_role("button", name="Next hand").click()
    expect(projector.get_by_text("Sevens · hand 2 of 2")).to_be_visible()
    expect(projector.get_by_role("button", name="Ask the class")).to_be_enabled()
    projector.get_by_role("button", name="Ask the class").click()
    expect(projector.get_by_text("What would you throw?")).to_be_visible()
    expect(projector.get_by_text("Answered: 0 of 2")).to_be_visible()

    puzzle = pz.position_puzzle("barajamos", {}, {"hand": EIGHT})
    solution = pz.solve(puzzle)
    wrong = next(c.code() for c in parse_hand(EIGHT) if not solution.is_correct(c.code()))
    for (_, student), card in zip(phones, [wrong, solution.answers[0]], strict=True):
        expect(student.get_by_text("What would you throw?")).to_be_visible()  # polled
        student.locator(f'.cardbuttons button[data-card="{card}"]').click()
        expect(student.get_by_text("Wait for the teacher")).to_be_visible()
    screenshot(phones[0][1], "lesson-phone")
    expect(projector.get_by_text("Answered: 2 of 2")).to_be_visible()  # polled, no reload
    projector.get_by_role("button", name="Reveal the answers").click()
    best = i18n.card_name(solution.answers[0], "en")
    expect(projector.get_by_text(f"The solver's answer: {best}")).to_be_visible()
    expect(projector.locator('[data-testid="stPlotlyChart"]')).to_be_visible()
    screenshot(projector, "lesson-projector")

    page.goto(lab_url)  # the hand lab's teacher mode follows the lesson to its second hand
    expect(page.get_by_text("Sevens · hand 2 of 2 · Step 1 of 6")).to_be_visible()
