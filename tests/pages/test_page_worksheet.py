"""The worksheet download buttons under AppTest, on the run's SQLite database: the Class
dashboard's (``class_ws_*``, the class's puzzles in the class's language under its rules) and
the Puzzles page's (``pz_worksheet``, the puzzles its filters choose under the house code set
there) give a PDF whose text holds the puzzles and the solver's answers under those rules."""

from __future__ import annotations

import io
import os
from collections.abc import Callable

import pytest
from pypdf import PdfReader
from streamlit.runtime.media_file_manager import MediaFileManager
from streamlit.testing.v1 import AppTest

from chinchon import puzzles as pz
from chinchon.store.classes import Classes
from chinchon.store.store import Store
from chinchon.views import puzzle as view
from chinchon.views.i18n import t
from tests.support.pages import APP, open_as

PAGE = "pages/99_Class.py"
#: Under this house code drawing from the stock is the answer; as shipped, taking the top.
HOUSE = "barajamos+close=all-melded"
TAKE = "barajamos-026"


@pytest.fixture(scope="module")
def classes() -> Classes:
    return Classes(Store(os.environ["CHINCHON_DB_URL"]))


@pytest.fixture
def downloads(monkeypatch: pytest.MonkeyPatch) -> dict[str, Callable[[], bytes]]:
    """The deferred downloads the pages register, by file id (a browser's click runs one)."""
    found: dict[str, Callable[[], bytes]] = {}
    original = MediaFileManager.add_deferred

    def add_deferred(self: MediaFileManager, data: Callable[[], bytes], *args: object,
                     **kwargs: object) -> str:
        file_id = original(self, data, *args, **kwargs)  # type: ignore[arg-type]
        found[file_id] = data
        return file_id

    monkeypatch.setattr(MediaFileManager, "add_deferred", add_deferred)
    return found


def clicked(at: AppTest, key: str, downloads: dict[str, Callable[[], bytes]]) -> bytes:
    """The bytes the download button ``key`` gives."""
    assert not at.exception, at.exception
    button = next(b for b in at.get("download_button") if b.proto.id.endswith(key))
    return downloads[button.proto.deferred_file_id]()


def pdf_text(data: bytes) -> str:
    assert data.startswith(b"%PDF")
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())


def key_line(puzzle: pz.Puzzle, lang: str) -> str:
    """The answer key's line of ``puzzle``, from the solver."""
    best = view.move_name(pz.solve(puzzle).answers[0], puzzle, lang)
    return f"{puzzle.id}: {' '.join(t('worksheet.best', lang).split())} {best}"


def test_the_dashboard_worksheet_is_the_class_puzzles_under_its_house_rules(
        classes: Classes, downloads: dict[str, Callable[[], bytes]]) -> None:
    made = classes.create("Hoja", HOUSE, "es")
    ids = [TAKE, "barajamos-017"]
    work = classes.assign(made.id, made.key, "puzzles", puzzles=ids)
    at = open_as(None, PAGE, **{"class": made.id, "key": made.key, "lang": "en"})
    text = pdf_text(clicked(at, f"class_ws_{work.id}", downloads))
    house = pz.find_puzzle(TAKE).under(HOUSE)
    assert pz.solve(house).answers != pz.solve(pz.find_puzzle(TAKE)).answers
    assert key_line(house, "es") in text  # the class's language, the class's rules
    for pid in ids:
        assert text.count(pid) == 2  # its heading and its line in the key
    assert " ".join(t("puzzles.question.discard", "es").split()) in text


def test_the_puzzles_page_worksheet_holds_the_filtered_puzzles_under_the_house_code(
        downloads: dict[str, Callable[[], bytes]]) -> None:
    at = AppTest.from_file(APP, default_timeout=60).run()
    puzzle = pz.find_puzzle(TAKE)
    # A few puzzles (the theme and difficulty of this one), not the first 60 of the profile.
    at.session_state["pz_theme"], at.session_state["pz_level"] = "take-or-draw", "medium"
    at.query_params.clear()
    for name, value in {"puzzle": TAKE, "rules": HOUSE, "lang": "fr"}.items():
        at.query_params[name] = value
    at.switch_page("pages/5_Puzzles.py").run()
    chosen = pz.pool("barajamos", "take-or-draw", "medium", options={})
    assert puzzle in chosen and len(chosen) < 10
    text = pdf_text(clicked(at, "pz_worksheet", downloads))
    assert [p.id for p in chosen if p.id in text] == [p.id for p in chosen]
    assert key_line(puzzle.under(HOUSE), "fr") in text
