"""``python -m chinchon worksheet``: a printable PDF of puzzles (issue 21's contract).

``--rules CODE (--puzzles ID,ID,… | --theme T --count N) [--lang xx] [--answers] -o FILE.pdf``
(and ``--paper a4|letter``, ``--seed S`` for which puzzles of a theme). A house code judges
the puzzles under its rules, as the Puzzles page does. Errors follow :mod:`chinchon.cli`'s
rule (a ``ValueError`` is exit status 2 and one line on standard error).
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from chinchon.engine.errors import quote
from chinchon.engine.rules import parse_house
from chinchon.puzzles.model import THEMES
from chinchon.views.i18n import LANGUAGES

if TYPE_CHECKING:
    from chinchon.puzzles import Puzzle

MAX_PUZZLES = 60


def chosen_puzzles(rules: str, ids: str | None, theme: str | None, count: int | None,
                   seed: int = 0) -> list[Puzzle]:
    """The puzzles a worksheet holds: the listed ids (each of the profile ``rules`` starts
    from), or ``count`` of the theme drawn with ``seed``, listed by id; under a house code."""
    from chinchon.puzzles import pool, shipped  # the packs: only when a worksheet is made

    house = parse_house(rules)
    if (ids is None) == (theme is None):
        raise ValueError("give either --puzzles ID,ID,… or --theme T with --count N")
    if ids is not None:
        found = []
        for raw in (part.strip() for part in ids.split(",")):
            puzzle = shipped().get(raw)
            if puzzle is None:
                raise ValueError(f"no such puzzle: {quote(raw)}")
            if puzzle.rules_id != house.id:
                raise ValueError(f"puzzle {quote(raw)} is a {puzzle.rules_id} puzzle, not "
                                 f"{house.id}")
            found.append(puzzle)
    else:
        if theme not in THEMES:
            raise ValueError(f"not a theme: {quote(theme)} (one of {', '.join(THEMES)})")
        if count is None or not 1 <= count <= MAX_PUZZLES:
            raise ValueError(f"--count is 1 to {MAX_PUZZLES} with --theme, not {quote(count)}")
        candidates = pool(house.id, theme)
        if not candidates:
            raise ValueError(f"no {house.id} puzzle has the theme {quote(theme)}")
        found = sorted(random.Random(seed).sample(candidates, min(count, len(candidates))),
                       key=lambda p: p.id)
    if not found or len(found) > MAX_PUZZLES:
        raise ValueError(f"a worksheet holds 1 to {MAX_PUZZLES} puzzles, not {len(found)}")
    return [p.under(house.code()) for p in found]


def _worksheet(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    if args.lang not in LANGUAGES:
        raise ValueError(f"not a language: {quote(args.lang)} (one of {', '.join(LANGUAGES)})")
    from chinchon.views import worksheet

    if args.paper not in worksheet.PAPERS:
        raise ValueError(f"not a paper size: {quote(args.paper)} (one of "
                         f"{', '.join(worksheet.PAPERS)})")
    puzzles = chosen_puzzles(args.rules, args.puzzles, args.theme, args.count, args.seed)
    document = worksheet.pdf(puzzles, args.lang, answers=args.answers, paper=args.paper)
    try:
        Path(args.output).write_bytes(document)
    except OSError as error:
        raise ValueError(f"cannot write {quote(args.output)}: {error.strerror}") from None
    stdout.write(f"{args.output}: {len(puzzles)} puzzles, {len(document)} bytes\n")
    return 0


def add_commands(commands: Any) -> None:
    """Register ``worksheet`` on the main parser's subcommands."""
    cmd = commands.add_parser(
        "worksheet", help="print puzzles as a PDF worksheet (cards, question, answer key)",
        description="A printable worksheet: each puzzle's hand drawn as cards, its question and "
                    "room to write; with --answers an answer key with the best move and why.")
    cmd.add_argument("--rules", required=True, metavar="CODE",
                     help="rule profile or house code the puzzles are played under")
    cmd.add_argument("--puzzles", metavar="ID,ID,…", help="the puzzles, by id")
    cmd.add_argument("--theme", metavar="T", help=f"a theme: {', '.join(THEMES)}")
    cmd.add_argument("--count", type=int, metavar="N", help="how many puzzles of the theme")
    cmd.add_argument("--seed", type=int, default=0, metavar="S",
                     help="which puzzles of the theme (default 0: always the same ones)")
    cmd.add_argument("--lang", default="en", metavar="xx", help=f"{', '.join(LANGUAGES)}")
    cmd.add_argument("--answers", action="store_true", help="add the answer key at the end")
    cmd.add_argument("--paper", default="a4", metavar="a4|letter",
                     help="paper size (default a4)")
    cmd.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help="where to write")
    cmd.set_defaults(run=_worksheet)
