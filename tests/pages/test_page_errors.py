"""Issue 23 item 6 under AppTest: an error the code did not foresee shows the learner a short
message in his language (what failed, that what he did is kept, what to do, a reference) and
goes to the server's log with its traceback, never a traceback or a file path on the page."""

from __future__ import annotations

import logging
import re

import pytest
from streamlit.testing.v1 import AppTest

from chinchon.views import handlab
from tests.support.pages import open_page
from webui import errors

LAB = "pages/2_Hand_lab.py"
SECRET = "/srv/chinchon/secret_module.py"


def _unforeseen(*_args: object, **_kwargs: object) -> None:
    raise RuntimeError(f"unforeseen failure in {SECRET}")


def everything(at: AppTest) -> str:
    """Every text the page shows, in any element."""
    kinds = ("title", "header", "subheader", "markdown", "caption", "success", "error",
             "warning", "info", "exception", "code", "text")
    return "\n".join(str(getattr(e, "value", "")) for kind in kinds for e in at.get(kind))


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> None:
    """As on the served site: the exception itself is not shown (the suite shows it)."""
    monkeypatch.delenv(errors.SHOW_ENV, raising=False)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Something went wrong on the Hand lab page"),
    ("es", "Algo ha fallado en la página Laboratorio de manos"),
    ("fr", "Quelque chose a échoué sur la page"),
    ("pt", "Algo falhou na página"),
])
def test_an_unexpected_error_is_a_message_in_the_learners_language(
        served: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        lang: str, words: str) -> None:
    monkeypatch.setattr(handlab, "lab_view", _unforeseen)
    with caplog.at_level(logging.ERROR, logger="chinchon.page"):
        at = open_page(LAB, hand="7o 7c 7b 9e 10e 11e 4o", rules="barajamos", lang=lang)
    assert not at.exception
    (message,) = at.error
    assert words in message.value
    shown = everything(at)
    for leak in ("Traceback", "RuntimeError", SECRET, ".py", "unforeseen"):
        assert leak not in shown, leak
    reference = re.search(r"[0-9a-f]{8}", message.value)
    assert reference is not None
    (record,) = [r for r in caplog.records if reference.group() in r.getMessage()]
    assert record.exc_info is not None and SECRET in str(record.exc_info[1])
    assert "hand_lab" in record.getMessage()


def test_an_error_in_a_callback_keeps_the_page_and_says_so(
        served: None, monkeypatch: pytest.MonkeyPatch) -> None:
    at = open_page(LAB, hand="7o 7c 7b", rules="barajamos", lang="en")
    assert not at.exception and not at.error
    monkeypatch.setattr(handlab, "deal_hand", _unforeseen)
    deal = next(b for b in at.button if b.label.startswith("Deal"))
    at = deal.click().run()
    assert not at.exception
    assert any("Nothing you did is lost" in e.value for e in at.error)
    assert SECRET not in everything(at)


def test_the_test_suite_still_sees_the_exception(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(errors.SHOW_ENV, "show")
    monkeypatch.setattr(handlab, "lab_view", _unforeseen)
    at = open_page(LAB, hand="7o 7c 7b", rules="barajamos", lang="en")
    assert at.exception and at.error  # both: tests looking for an exception find it
