"""Progress in a real browser: an answer on the Puzzles page writes the learner's cookie and
the attempt, a reload keeps it, forget me clears both; and two servers sharing one PostgreSQL
(a scale-out behind a load balancer): an attempt recorded through one is seen through the other."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from chinchon.puzzles import load_all, solve
from chinchon.store.store import Store
from harness.postgres import Cluster
from tests.support.browser import COOKIE, cookie, screenshot, settle, wait_idle

pytestmark = pytest.mark.e2e



def _discard_puzzle() -> tuple[str, str]:
    """A close-chance puzzle (nothing to declare) and its right card."""
    for puzzle in load_all(check=False):
        if puzzle.criterion == "close-chance" and not puzzle.options:
            return puzzle.id, solve(puzzle).answers[0]
    raise AssertionError("no close-chance puzzle shipped")


def _learner_cookie(page: Any) -> str | None:
    found = cookie(page, timeout=10_000)
    return None if found is None else str(found["value"])


def _solve(page: Any, base: str) -> tuple[str, str]:
    puzzle_id, right = _discard_puzzle()
    page.goto(f"{base}/Puzzles?puzzle={puzzle_id}&lang=en")
    wait_idle(page)
    page.locator(f'.cardbuttons button[data-card="{right}"]').click()
    wait_idle(page)
    expect(page.get_by_text("Right:").first).to_be_visible()
    learner = _learner_cookie(page)
    assert learner is not None and len(learner) == 32
    return puzzle_id, learner


def _metric_value(page: Any, label: str) -> Any:
    box = page.locator('[data-testid="stMetric"]').filter(has_text=label).first
    return box.locator('[data-testid="stMetricValue"]')


def test_an_answer_survives_a_reload_and_forget_me_clears_it(
        page: Any, server_url: str) -> None:
    puzzle_id, learner = _solve(page, server_url)
    expect(_metric_value(page, "Puzzle rating")).not_to_have_text("—")
    screenshot(page, "puzzles-rating-en")
    store = Store(os.environ["CHINCHON_DB_URL"])  # the server's database (tests/browser/conftest.py)
    assert [a.puzzle_id for a in store.attempts(learner)] == [puzzle_id]
    page.goto(f"{server_url}/My_progress?lang=en")  # a new session: only the cookie says who
    wait_idle(page)
    expect(page.get_by_text(f"Last attempt: puzzle {puzzle_id}")).to_be_visible()
    expect(_metric_value(page, "Streak")).to_have_text("1")
    page.reload()
    wait_idle(page)
    expect(page.get_by_text(f"Last attempt: puzzle {puzzle_id}")).to_be_visible()
    screenshot(page, "my-progress-en")
    page.get_by_text("Forget me", exact=True).click()
    page.get_by_text("Yes, delete all my progress").click()
    wait_idle(page)
    page.get_by_role("button", name="Forget me now").click()
    wait_idle(page)
    expect(page.get_by_text("Forgotten: ")).to_be_visible()
    assert cookie(page, gone=True) is None
    assert not store.has_learner(learner) and store.count_attempts([learner]) == 0
    store.close()
    page.reload()
    wait_idle(page)
    expect(page.get_by_text("Nothing here yet")).to_be_visible()


def test_two_servers_share_one_postgresql(
        page: Any, fresh_server: Callable[..., str], postgres: Cluster) -> None:
    url = postgres.create_database()
    first = fresh_server({"CHINCHON_DB_URL": url})
    second = fresh_server({"CHINCHON_DB_URL": url})
    puzzle_id, learner = _solve(page, first)
    store = Store(url)
    assert [a.puzzle_id for a in store.attempts(learner)] == [puzzle_id]
    page.goto(f"{second}/My_progress?lang=en")  # the other server, the same browser
    wait_idle(page)
    expect(page.get_by_text(f"Last attempt: puzzle {puzzle_id}")).to_be_visible()
    expect(_metric_value(page, "Attempts")).to_have_text("1")
    store.close()


@pytest.mark.parametrize(("value", "message"), [
    ("<img src=x onerror=alert(1)>", "is not one of ours"),
    ("0123456789abcdef0123456789abcdef", "is not known to this site"),
])
def test_a_bad_or_foreign_cookie_is_refused_with_a_message(
        page: Any, server_url: str, value: str, message: str) -> None:
    page.context.add_cookies([{"name": COOKIE, "value": value, "url": server_url}])
    page.goto(f"{server_url}/My_progress?lang=en")
    wait_idle(page)
    expect(page.locator('[data-testid="stAlert"]').filter(has_text=message).first).to_be_visible()
    assert page.locator("img[src=x]").count() == 0  # quoted, never markup
    expect(page.get_by_text("Nothing here yet")).to_be_visible()
    assert cookie(page, gone=True) is None  # the refused id is taken out of the browser


@pytest.mark.parametrize("lang", ["en", "es", "fr", "pt"])
def test_a_learners_page_fits_in_every_language(page: Any, server_url: str, lang: str) -> None:
    from chinchon.puzzles import pool
    from chinchon.store.rows.attempts import Attempt
    from tests.browser.test_words import CLIPPED_JS, VIEWPORTS

    store = Store(os.environ["CHINCHON_DB_URL"])
    learner = store.new_learner()
    for n, puzzle in enumerate(pool("barajamos")[:6]):
        store.record_attempt(Attempt.new(learner, puzzle.id, "barajamos", "1o", n % 3 != 0,
                                         hint=n == 4, difficulty=puzzle.difficulty))
    store.close()
    page.context.add_cookies([{"name": COOKIE, "value": learner, "url": server_url}])
    page.goto(f"{server_url}/My_progress?lang={lang}")
    wait_idle(page)
    assert page.locator('[data-testid="stException"]').count() == 0
    page.wait_for_selector('[data-testid="stPlotlyChart"] >> nth=1')  # loaded lazily
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)  # the page laid out anew at this width
        screenshot(page, f"my-progress-{lang}-{width}", full_page=False)
        assert page.evaluate(CLIPPED_JS) == [], f"cut-off labels at {width}px"
