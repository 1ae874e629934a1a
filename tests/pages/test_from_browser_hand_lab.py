"""The hand lab's teacher mode under AppTest (moved from the browser tests): with seven cards
the question comes first, and "Next" reveals the verdict three screens later."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.support.pages import open_page

PAGE = "pages/2_Hand_lab.py"
QUESTION = "Which melds do you see? Could this hand close?"
VERDICT = "You may close, scoring 4"


def _texts(at: AppTest) -> str:
    kinds = ("title", "header", "subheader", "markdown", "caption", "success", "error",
             "warning", "info")
    return "\n".join(str(e.value) for kind in kinds for e in at.get(kind))


def test_teacher_mode_asks_then_next_three_times_gives_the_verdict() -> None:
    """From tests/browser/test_hand_lab.py::test_teacher_mode_steps."""
    at = open_page(PAGE, hand="7o 7c 7b 9e 10e 11e 4o", rules="barajamos", lang="en",
                   teacher="1")
    assert not at.exception
    assert QUESTION in _texts(at)
    assert VERDICT not in _texts(at)
    for _ in range(3):
        next(b for b in at.button if b.key == "hl_next").click().run()
        assert not at.exception
    assert VERDICT in _texts(at)
