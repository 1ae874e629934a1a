"""The lay-off table's deal in the address, under AppTest (moved from the browser tests): the
hands the page shows are written into the URL, and that URL opened in a new session shows the
same hands, for the first deal and after every click of "Deal at random". The page draws its
deals from the ``random`` module: seeded here, so every run deals the same cards."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator

import pytest
from streamlit.testing.v1 import AppTest

from tests.support.pages import open_page

LAYOFFS = "pages/3_Layoff_table.py"
CLOSER_BOX = "lt-barajamos-hand-0"


@pytest.fixture
def seed_random() -> Iterator[Callable[[int], None]]:
    """Seed the ``random`` module the page draws from; its state is given back afterwards,
    so no other test's draws depend on this one."""
    saved = random.getstate()
    yield random.seed
    random.setstate(saved)


def _address(at: AppTest) -> dict[str, str | list[str]]:
    """The URL's values as the page left them (what a shared link holds)."""
    return dict(at.query_params.items())


def _texts(at: AppTest) -> str:
    kinds = ("markdown", "caption", "success", "error", "warning", "info")
    return "\n".join(str(e.value) for kind in kinds for e in at.get(kind))


def _opened_again(at: AppTest) -> AppTest:
    """The page's address opened in a new session (another tab, a friend's browser)."""
    other = open_page(LAYOFFS, **_address(at))
    assert not other.exception
    return other


def test_the_hands_shown_ride_in_the_address_and_open_again(
        seed_random: Callable[[int], None]) -> None:
    """From tests/browser/test_pages.py::test_layoff_hands_survive_in_the_url."""
    seed_random(11)
    at = open_page(LAYOFFS, rules="barajamos", lang="en")
    assert not at.exception
    closer = at.text_input(key=CLOSER_BOX).value
    assert closer  # not empty
    assert at.query_params["closer"] == closer
    other = _opened_again(at)
    assert re.search(r"Step \*\*1\*\* of \d", _texts(other))  # the replay, drawn
    assert other.text_input(key=CLOSER_BOX).value == closer


def test_every_deal_at_random_is_new_and_its_address_opens_it_again(
        seed_random: Callable[[int], None]) -> None:
    """From tests/browser/test_ux.py::test_deal_at_random_deals_anew_on_every_click."""
    seed_random(12)
    at = open_page(LAYOFFS, rules="fournier", lang="en")
    box = "lt-fournier-hand-0"
    seen = [at.text_input(key=box).value]
    assert seen[0]
    for _ in range(3):
        next(b for b in at.button if b.label == "Deal at random").click().run()
        assert not at.exception
        seen.append(at.text_input(key=box).value)
    assert len(set(seen)) == 4, seen
    # The link keeps the last deal: the address and the box agree, and a new session opens it.
    assert at.query_params["closer"] == seen[-1]
    assert _opened_again(at).text_input(key=box).value == seen[-1]
