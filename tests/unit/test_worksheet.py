"""Worksheets: the ``worksheet`` command's PDF, its text read back (pypdf) in four languages
with the puzzle ids, the questions and the solver's answers, A4 and US letter, every page
turned into a picture (pdftoppm) in four languages and none blank, and every bad argument
refused by name. The download buttons' PDFs: tests/pages/test_page_class_live.py."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from chinchon.cli import main
from chinchon.puzzles import find_puzzle, solve
from chinchon.views import puzzle as view
from chinchon.views import worksheet
from chinchon.views.i18n import LANGUAGES, t
from tests.support import worksheet_pictures as pictures

IDS = list(pictures.IDS)


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), stdout=out)
    return code, out.getvalue()


def text_of(path: Path) -> str:
    # Extracted text breaks lines anywhere: compare with every run of spaces made one.
    return " ".join(" ".join(page.extract_text() for page in PdfReader(path).pages).split())


def squeezed(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pdf_holds_the_puzzles_questions_and_answers(lang: str, tmp_path: Path) -> None:
    path = tmp_path / f"ws-{lang}.pdf"
    code, said = run("worksheet", "--rules", "barajamos", "--puzzles", ",".join(IDS),
                     "--lang", lang, "--answers", "-o", str(path))
    assert code == 0 and "3 puzzles" in said
    text = text_of(path)
    assert squeezed(t("worksheet.answer_key", lang)) in text
    for pid in IDS:
        puzzle = find_puzzle(pid)
        solution = solve(puzzle)
        assert text.count(pid) == 2  # the puzzle's heading and its line in the key
        top = view.card_name(puzzle.top.code(), lang) if puzzle.top else ""
        assert squeezed(t(f"puzzles.question.{puzzle.question}", lang, card=top)) in text
        best = view.move_name(solution.answers[0], puzzle, lang)
        assert f"{pid}: {squeezed(t('worksheet.best', lang))} {best}" in text
        lesson = view.explain(solution, (), lang).lesson
        assert squeezed(lesson)[:60] in text


def test_without_answers_there_is_no_key_and_letter_is_letter(tmp_path: Path) -> None:
    a4, letter = tmp_path / "a4.pdf", tmp_path / "letter.pdf"
    assert run("worksheet", "--rules", "fournier", "--theme", "break-pair", "--count", "3",
               "-o", str(a4))[0] == 0
    assert run("worksheet", "--rules", "fournier", "--theme", "break-pair", "--count", "3",
               "--paper", "letter", "--answers", "-o", str(letter))[0] == 0
    assert "Answer key" not in text_of(a4) and "Answer key" in text_of(letter)
    sizes = {p: tuple(round(float(v)) for v in PdfReader(p).pages[0].mediabox[2:])
             for p in (a4, letter)}
    assert sizes == {a4: (595, 842), letter: (612, 792)}
    # The same seed gives the same puzzles; the theme is every puzzle's.
    ids = [pid for pid in text_of(a4).split() if pid.startswith("fournier-")]
    assert len(ids) == 3 and all("break-pair" in find_puzzle(p).themes for p in ids)


def test_a_house_code_judges_the_puzzles_under_its_rules(tmp_path: Path) -> None:
    path = tmp_path / "house.pdf"
    assert run("worksheet", "--rules", "barajamos+limit=100", "--puzzles", IDS[0],
               "--answers", "-o", str(path))[0] == 0
    assert IDS[0] in text_of(path)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils)")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_turns_into_a_picture_that_is_not_blank(lang: str, tmp_path: Path) -> None:
    """The pictures a person looks at (``python -m tests.support.worksheet_pictures`` writes them to
    /tmp): one per page, each with ink on it."""
    pdf = pictures.worksheet(lang, tmp_path / "ws.pdf")
    pages = len(PdfReader(pdf).pages)
    pngs = pictures.pictures(pdf, tmp_path / "page", dpi=30)
    assert len(pngs) == pages >= 2  # the puzzles, then the answer key
    assert all(png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for png in pngs)
    greys = pictures.pictures(pdf, tmp_path / "grey", fmt="pgm", dpi=30)
    assert len(greys) == pages
    assert all(pictures.ink(grey) > pictures.BLANK for grey in greys), [
        pictures.ink(grey) for grey in greys]


def test_a_white_page_counts_as_blank(tmp_path: Path) -> None:
    white = tmp_path / "white.pgm"
    white.write_bytes(b"P5\n4 2\n255\n" + bytes([255] * 8))
    assert pictures.ink(white) == 0.0 < pictures.BLANK
    white.write_bytes(b"P5\n4 2\n255\n" + bytes([255] * 7 + [0]))
    assert pictures.ink(white) == 1 / 8


@pytest.mark.parametrize(("argv", "message"), [
    (["--puzzles", "nope-1"], "no such puzzle: 'nope-1'"),
    (["--puzzles", "fournier-001"], "is a fournier puzzle, not barajamos"),
    ([], "give either --puzzles"),
    (["--puzzles", IDS[0], "--theme", "figure", "--count", "1"], "give either --puzzles"),
    (["--theme", "fun", "--count", "2"], "not a theme: 'fun'"),
    (["--theme", "figure"], "--count is 1 to 60"),
    (["--theme", "figure", "--count", "61"], "--count is 1 to 60"),
    (["--puzzles", IDS[0], "--lang", "de"], "not a language: 'de'"),
])
def test_bad_arguments_are_named(argv: list[str], message: str, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        run("worksheet", "--rules", "barajamos", *argv, "-o", str(tmp_path / "x.pdf"))
    assert done.value.code == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


def test_bad_rules_and_an_unwritable_file_are_named(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    for argv, message in ((["--rules", "chess", "--puzzles", IDS[0], "-o", "x.pdf"], "chess"),
                          (["--rules", "barajamos", "--puzzles", IDS[0], "-o",
                            str(tmp_path / "no" / "x.pdf")], "cannot write")):
        with pytest.raises(SystemExit):
            run("worksheet", *argv)
        assert message in capsys.readouterr().err


def test_the_html_escapes_a_title_and_refuses_nothing_to_print() -> None:
    page = worksheet.html([find_puzzle(IDS[0])], "fr", title="<script>x</script>")
    assert "<script>x" not in page and "&lt;script&gt;" in page
    with pytest.raises(worksheet.WorksheetError):
        worksheet.html([], "en")
    with pytest.raises(worksheet.WorksheetError, match="'a5'"):
        worksheet.html([find_puzzle(IDS[0])], "en", paper="a5")
