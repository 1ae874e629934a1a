"""A class in a real browser: a teacher makes a class and a puzzle assignment, two students
(two browser contexts, two learners) join with nicknames and answer, and the teacher's
dashboard shows their results and the card most thrown instead; a wrong key and an old join
code are refused by name."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from chinchon.puzzles import CRITERIA, DIFFICULTIES, THEMES, find_puzzle, pool, solve
from chinchon.views import i18n
from tests.support.browser import address, cookie, screenshot, wait_idle

pytestmark = pytest.mark.e2e


@dataclass(frozen=True)
class OnlyOne:
    """Assignment filters (theme, criterion, difficulty, as the form names them in English)
    that the class's profile matches with exactly one puzzle, and that puzzle's id."""

    filters: tuple[str, str, str]
    puzzle_id: str


def _only_one(rules_id: str = "barajamos") -> OnlyOne:
    """The first filters that leave one puzzle of the profile's pool: a one-deck discard
    puzzle (the students throw a card wrong, then right)."""
    for theme, criterion, level in itertools.product(THEMES, CRITERIA, DIFFICULTIES):
        found = [p for p in pool(rules_id, theme, level) if p.criterion == criterion]
        if len(found) == 1 and found[0].question == "discard" and not found[0].options:
            names = (i18n.t(f"puzzles.theme.{theme}", "en"),
                     i18n.t(f"puzzles.kind.{criterion}", "en"),
                     i18n.t(f"puzzles.difficulty.{level}", "en"))
            return OnlyOne(names, found[0].id)
    raise AssertionError(f"no filters leave exactly one {rules_id} discard puzzle")


ONLY_ONE = _only_one()


def _expect() -> Any:
    from playwright.sync_api import expect

    expect.set_options(timeout=30_000)  # a busy machine: wait for the state, never sleep
    return expect


def make_class(page: Any, server_url: str) -> tuple[str, str]:
    """The teacher makes a class and one puzzle assignment; returns (teacher URL, puzzle)."""
    expect = _expect()
    page.goto(f"{server_url}/Class?lang=en")
    wait_idle(page)
    page.get_by_label("Name of the class").fill("Tuesday club")
    page.get_by_role("button", name="Make the class").click()
    expect(page.get_by_text("Dashboard", exact=True)).to_be_visible()
    wait_idle(page)
    teacher_url = address(page)
    page.get_by_text("New assignment").click()
    form = page.locator('[data-testid="stForm"]')
    # The class draws its puzzles at random among those the filters match: filters that match
    # exactly one one-deck "which card to throw" puzzle make the draw the same on every run.
    wait_idle(page)  # the expander has opened: a click during its animation opens no list
    for label, option in zip(("Theme", "Criterion", "Difficulty"), ONLY_ONE.filters,
                             strict=True):
        box = form.locator('[data-testid="stSelectbox"]').filter(has_text=label)
        expect(box).to_be_visible()
        box.click()
        page.get_by_role("option", name=option, exact=True).click()
        expect(form.get_by_role("combobox", name=label)).to_have_value(option)
    form.get_by_label("Title (optional)").fill("Week 1")
    count = form.get_by_label("How many")
    count.fill("1")
    # Streamlit commits a typed number when the field loses focus: leave it before the click,
    # as a teacher's Tab does, so the form cannot send the default count.
    count.press("Tab")
    wait_idle(page)
    page.get_by_role("button", name="Assign").click()
    work = page.locator('[data-testid="stVerticalBlock"]').filter(
        has_text="1. Week 1").last
    expect(work).to_be_visible()
    wait_idle(page)
    # The one puzzle's id under the work's name (a failure shows what the caption said).
    expect(work.locator('[data-testid="stCaptionContainer"]').first).to_have_text(
        ONLY_ONE.puzzle_id)
    return teacher_url, ONLY_ONE.puzzle_id


def join_and_answer(new_context: Callable[..., Any], join_url: str, nickname: str,
                    puzzle_id: str, cards: list[str]) -> None:
    """A student in his own browser context joins and throws ``cards`` in turn."""
    expect = _expect()
    context = new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(join_url)
    wait_idle(page)
    page.get_by_label("Your nickname", exact=True).fill(nickname)
    page.get_by_role("button", name="Join the class").click()
    expect(page.get_by_text(f"Welcome to Tuesday club, {nickname}!")).to_be_visible()
    expect(page.get_by_role("link", name="Puzzle 1")).to_be_visible()
    assert cookie(page) is not None  # HttpOnly on the served site: the browser's jar says
    screenshot(page, f"class-student-{nickname}")
    page.goto(f"{join_url.split('/Class')[0]}/Puzzles?puzzle={puzzle_id}&lang=en")
    wait_idle(page)
    for card in cards:
        page.locator(f'.cardbuttons button[data-card="{card}"]').first.click()  # twins: either
        expect(page.locator('[data-testid="stAlert"]').first).to_be_visible()
        wait_idle(page)
    context.close()


def test_a_teacher_sees_two_students_results(new_context: Callable[..., Any], page: Any,
                                             server_url: str) -> None:
    expect = _expect()
    teacher_url, puzzle_id = make_class(page, server_url)
    join_url = page.locator("code").filter(has_text="/Class?join=").first.inner_text().strip()
    puzzle = find_puzzle(puzzle_id)
    assert puzzle.question == "discard", puzzle_id
    solution = solve(puzzle)
    wrong = next(c.code() for c in puzzle.hand if not solution.is_correct(c.code()))
    join_and_answer(new_context, join_url, "Ana", puzzle_id, [wrong, solution.answers[0]])
    join_and_answer(new_context, join_url, "Ben", puzzle_id, [wrong])
    page.goto(teacher_url)  # the teacher link opens the dashboard in a new session too
    wait_idle(page)
    grid = page.locator('[data-testid="stDataFrame"]').first
    expect(grid).to_contain_text("Ana")
    expect(grid).to_contain_text("Ben")
    expect(grid).to_contain_text("1/1 done · 0 right, 0 with a hint")
    name = i18n.card_name(wrong, "en")
    chart = page.locator('[data-testid="stPlotlyChart"]')
    expect(chart).to_contain_text(f"{name} ×2")
    expect(page.locator('[data-testid="stDataFrame"]').nth(1)).to_contain_text(f"{name} ×2")
    screenshot(page, "class-dashboard")
    # A wrong key, and the old code after a new one, are refused by name.
    page.goto(re.sub(r"key=[^&]+", "key=" + "x" * 24, teacher_url))
    wait_idle(page)
    expect(page.get_by_text("Wrong teacher key")).to_be_visible()
    page.goto(teacher_url)
    wait_idle(page)
    page.get_by_role("button", name="New join code").click()
    wait_idle(page)
    expect(page.locator("code").filter(has_text="/Class?join=").first).not_to_have_text(
        join_url)
    page.goto(join_url)
    wait_idle(page)
    expect(page.get_by_text("This join code is old")).to_be_visible()


def test_a_live_question_reaches_the_projector(new_context: Callable[..., Any], page: Any,
                                              server_url: str) -> None:
    """The teacher asks, a student's phone throws a card, the projector counts it; on reveal
    the solver's answer is named."""
    expect = _expect()
    page.goto(f"{server_url}/Class?lang=en")
    wait_idle(page)
    page.get_by_label("Name of the class").fill("Live club")
    page.get_by_role("button", name="Make the class").click()
    expect(page.get_by_role("button", name="Ask the class")).to_be_visible()
    wait_idle(page)
    join_url = page.locator("code").filter(has_text="/Class?join=").first.inner_text().strip()
    page.get_by_role("button", name="Ask the class").click()
    expect(page.get_by_text("What would you throw?")).to_be_visible()
    expect(page.get_by_text("Answered: 0 of 0")).to_be_visible()
    phone = new_context(viewport={"width": 390, "height": 844})
    student = phone.new_page()
    student.goto(join_url)
    wait_idle(student)
    student.get_by_label("Your nickname", exact=True).fill("Luz")
    student.get_by_role("button", name="Join the class").click()
    expect(student.get_by_text("What would you throw?")).to_be_visible()
    student.locator(".cardbuttons button[data-card]").first.click()
    expect(student.get_by_text("wait for the teacher")).to_be_visible()
    expect(page.get_by_text("Answered: 1 of 1")).to_be_visible()  # polled, no reload
    page.get_by_role("button", name="Reveal the answers").click()
    expect(page.get_by_text("The solver's answer:")).to_be_visible()
    screenshot(student, "class-live-phone")
