"""The puzzle page in a real browser: a puzzle by URL, a wrong answer, the right one, the
explanation; and a take-or-draw question."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from chinchon.puzzles import load_all, should_close, solve
from tests.e2e.helpers import screenshot, wait_idle

pytestmark = pytest.mark.e2e


def _discard_puzzle() -> tuple[str, str, str]:
    """A close-chance puzzle (no close to declare): its id, a wrong card and a right one."""
    for puzzle in load_all(check=False):
        if puzzle.criterion == "close-chance" and not puzzle.options:
            solution = solve(puzzle)
            wrong = next(c.code() for c in puzzle.hand if c.code() not in solution.answers)
            return puzzle.id, wrong, solution.answers[0]
    raise AssertionError("no close-chance puzzle shipped")


def _alerts(page: Any) -> str:
    return "\n".join(page.locator('[data-testid="stAlert"]').all_inner_texts())


def test_puzzle_by_url_wrong_then_right_then_explanation(
        page: Any, fresh_server: Callable[[], str]) -> None:
    puzzle_id, wrong, right = _discard_puzzle()
    url = fresh_server()  # the deep link is the cold server's very first request
    page.goto(f"{url}/Puzzles?puzzle={puzzle_id}&lang=en")
    wait_idle(page)
    assert page.get_by_text(f"Puzzle {puzzle_id}").is_visible()
    page.wait_for_function(f"() => location.search.includes('puzzle={puzzle_id}')")
    cards = page.locator(".cardbuttons button")
    assert cards.count() == 8

    page.locator(f'.cardbuttons button[data-card="{wrong}"]').click()
    wait_idle(page)
    assert "Not the best" in _alerts(page)
    assert page.locator(f'.cardbuttons button[data-card="{wrong}"]').get_attribute(
        "data-state") == "wrong"
    assert not page.get_by_text("Every move compared").is_visible()

    page.locator(f'.cardbuttons button[data-card="{right}"]').click()
    wait_idle(page)
    alerts = _alerts(page)
    assert "Right:" in alerts and "After throwing" in alerts, alerts
    assert page.get_by_text("Every move compared").is_visible()
    page.locator('[data-testid="stPlotlyChart"]').wait_for()
    page.locator('[data-testid="stDataFrame"]').wait_for()
    page.set_viewport_size({"width": 1280, "height": 1900})  # the whole page in the picture
    page.wait_for_timeout(800)  # let the chart draw before the picture
    screenshot(page, "puzzle-solved")


def test_take_question_and_bad_id(page: Any, server_url: str) -> None:
    take = next(p for p in load_all(check=False) if p.question == "take" and not p.options)
    solution = solve(take)
    assert not should_close(solution)
    page.goto(f"{server_url}/Puzzles?puzzle=no-such-puzzle&lang=es")
    wait_idle(page)
    assert "No existe el problema" in _alerts(page)
    page.goto(f"{server_url}/Puzzles?puzzle={take.id}&lang=en")
    wait_idle(page)
    label = "Draw from the stock" if solution.answers == ("stock",) else "Take the"
    page.get_by_role("button", name=label).first.click()
    wait_idle(page)
    assert "Right:" in _alerts(page)
    assert page.get_by_text("Every move compared").is_visible()
    page.set_viewport_size({"width": 1280, "height": 1700})
    page.wait_for_timeout(800)
    screenshot(page, "puzzle-take")


def test_a_close_must_be_declared(page: Any, server_url: str) -> None:
    puzzle = next(p for p in load_all(check=False)
                  if p.question == "discard" and should_close(solve(p)))
    right = solve(puzzle).answers[0]
    page.goto(f"{server_url}/Puzzles?puzzle={puzzle.id}&lang=en")
    wait_idle(page)
    page.locator(f'.cardbuttons button[data-card="{right}"]').click()
    wait_idle(page)
    assert "you may close" in _alerts(page)
    assert not page.get_by_text("Every move compared").is_visible()
    # The sidebar has switches too (rule options): the close switch is in the page itself.
    page.get_by_test_id("stMain").get_by_test_id("stCheckbox").click()
    wait_idle(page)
    page.locator(f'.cardbuttons button[data-card="{right}"]').click()
    wait_idle(page)
    assert "Right:" in _alerts(page)
    assert page.get_by_text("Every move compared").is_visible()
