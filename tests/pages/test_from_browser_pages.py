"""Page checks moved from the browser tests to AppTest: what a page says and writes into its
URL needs no browser (tests/browser keeps what only a browser can see)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.support.pages import open_page


def _texts(at: AppTest) -> str:
    kinds = ("title", "header", "subheader", "markdown", "caption", "success", "error",
             "warning", "info")
    return "\n".join(str(e.value) for kind in kinds for e in at.get(kind))


def test_the_variants_page_switches_language_from_the_sidebar() -> None:
    """From tests/browser/test_pages.py::test_language_switch_on_the_variants_page."""
    at = open_page("pages/4_Variants.py", lang="en", rules="fournier")
    assert not at.exception
    assert "Where the sources disagree" in _texts(at)
    at.sidebar.selectbox[0].select("fr").run()
    assert not at.exception
    assert at.query_params["lang"] == "fr"
    assert "Où les sources divergent" in _texts(at)


def test_an_unknown_puzzle_is_named_in_spanish() -> None:
    """From tests/browser/test_puzzles_page.py::test_take_question_and_bad_id (its take
    question: tests/pages/test_page_puzzles.py::test_take_question_wrong_then_right_…)."""
    at = open_page("pages/5_Puzzles.py", puzzle="no-such-puzzle", lang="es")
    assert not at.exception
    assert any("No existe el problema" in e.value and "no-such-puzzle" in e.value
               for e in at.error), [e.value for e in at.error]
