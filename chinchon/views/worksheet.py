"""Printable worksheets: a set of puzzles as an HTML page (the site's own card drawings, the
question, room to write, and at the end an answer key with the best move and the Puzzles
page's explanation), printed to PDF by WeasyPrint. Every answer is the solver's.

>>> from chinchon.puzzles import find_puzzle
>>> page = html([find_puzzle("barajamos-001")], "en", answers=True)
>>> "barajamos-001" in page and "Answer key" in page
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from chinchon.engine.errors import quote
from chinchon.puzzles import Puzzle, card_order, solve
from chinchon.views import puzzle as view
from chinchon.views import svg
from chinchon.views.i18n import LANGUAGES, card_name, t

#: Paper sizes WeasyPrint knows by name.
PAPERS = {"a4": "A4", "letter": "letter"}
CARD_WIDTH = 58


class WorksheetError(ValueError):
    """A worksheet that cannot be made (no puzzle, an unknown paper or language), quoted."""


def _tr(key: str, lang: str, **values: object) -> str:
    return escape(t(f"worksheet.{key}", lang, **values))


def _cards(codes: Sequence[str], lang: str) -> str:
    return svg.cards_row_html(codes, width=CARD_WIDTH, gap=4, lang=lang)


def _puzzle_block(number: int, puzzle: Puzzle, lang: str) -> str:
    hand = [c.code() for c in sorted(puzzle.hand, key=card_order)]
    top = card_name(puzzle.top.code(), lang) if puzzle.top else ""
    question = t(f"puzzles.question.{puzzle.question}", lang, card=top)
    parts = [f'<section class="puzzle"><h2>{number}. {escape(view.title(puzzle, lang))}'
             f' <span class="id">{escape(puzzle.id)}</span></h2>',
             f'<p class="rules">{escape(t(f"profile.{puzzle.rules.id}.name", lang))}</p>',
             f'<p class="question"><b>{escape(question)}</b> '
             f'{escape(t(f"puzzles.criterion.{puzzle.criterion}", lang))}</p>',
             f'<p class="label">{escape(t("puzzles.your_hand", lang))}</p>', _cards(hand, lang)]
    if puzzle.top is not None:
        parts += [f'<p class="label">{escape(t("puzzles.top", lang))}</p>',
                  _cards([puzzle.top.code()], lang)]
    if puzzle.seen:
        parts.append(f'<p class="label">{_tr("seen", lang, count=len(puzzle.seen))}</p>')
        parts.append(svg.cards_row_html([c.code() for c in puzzle.seen], width=30, gap=2,
                                        lang=lang))
    parts.append(f'<div class="write"><span>{_tr("your_answer", lang)}</span>'
                 f'<div class="line"></div><span>{_tr("why", lang)}</span>'
                 '<div class="line"></div><div class="line"></div></div></section>')
    return "".join(parts)


def _answer(number: int, puzzle: Puzzle, lang: str) -> str:
    solution = solve(puzzle)
    moves = ", ".join(view.move_name(m, puzzle, lang) for m in solution.answers)
    lesson = view.explain(solution, (), lang).lesson
    return (f'<li value="{number}"><b>{escape(puzzle.id)}</b>: {_tr("best", lang)} '
            f'<b>{escape(moves)}</b>. {escape(lesson)}</li>')


#: The page's style; its ``PAPER`` is the paper size's name (``@page`` takes no CSS variable).
_CSS = Path(__file__).with_name("worksheet.css").read_text(encoding="utf-8")


def html(puzzles: Sequence[Puzzle], lang: str, *, answers: bool = True, paper: str = "a4",
         title: str | None = None) -> str:
    """The worksheet as one HTML document (``title`` is plain text, escaped here)."""
    if not puzzles:
        raise WorksheetError("a worksheet needs at least one puzzle")
    if lang not in LANGUAGES:
        raise WorksheetError(f"not a language: {quote(lang)} (one of {', '.join(LANGUAGES)})")
    if paper not in PAPERS:
        raise WorksheetError(f"not a paper size: {quote(paper)} (one of {', '.join(PAPERS)})")
    heading = escape(title) if title else _tr("title", lang)
    body = [f"<h1>{heading}</h1>",
            f'<div class="who"><span>{_tr("name", lang)}</span>'
            f'<span>{_tr("date", lang)}</span></div>',
            *(_puzzle_block(n, p, lang) for n, p in enumerate(puzzles, start=1))]
    if answers:
        body.append(f'<section class="key"><h1>{_tr("answer_key", lang)}</h1><ol>'
                    + "".join(_answer(n, p, lang) for n, p in enumerate(puzzles, start=1))
                    + "</ol></section>")
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
            f"<title>{heading}</title><style>{_CSS.replace('PAPER', PAPERS[paper])}</style>"
            f"</head><body>{''.join(body)}</body></html>")


def pdf(puzzles: Sequence[Puzzle], lang: str, *, answers: bool = True, paper: str = "a4",
        title: str | None = None) -> bytes:
    """The worksheet printed to PDF (WeasyPrint, with the system's Pango)."""
    from weasyprint import HTML  # heavy (Pango): only when a worksheet is asked for

    document: bytes = HTML(string=html(puzzles, lang, answers=answers, paper=paper,
                                       title=title)).write_pdf()
    return document
