"""Puzzle packs on disk: reading, checking, the shipped pool, the daily puzzle, export.

A pack is a text file of blocks separated by blank lines, one puzzle per block in the notation
of :meth:`Puzzle.code`; ``#`` lines before a block are comments.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from chinchon.puzzles.criteria import solve, verify
from chinchon.puzzles.model import CRITERIA, DIFFICULTIES, Puzzle, PuzzleError, parse_block
from chinchon.user_files import UserFileError, read_user_file

#: Where the shipped packs live (the repository's ``puzzles/`` folder).
PACK_DIR = Path(__file__).resolve().parents[2] / "puzzles"


def read_pack(text: str, source: str = "<text>", problems: list[str] | None = None
              ) -> tuple[Puzzle, ...]:
    """Read every block (blank-line separated) of a pack; nothing is solved here.

    A malformed block raises :class:`PuzzleError`, or, given a ``problems`` list, is noted
    there and the reading goes on with the next block."""
    puzzles: list[Puzzle] = []
    block: list[str] = []
    start = 1
    for number, line in enumerate([*text.splitlines(), ""], start=1):
        if line.strip().startswith("#") and not block:
            continue  # a comment before a block: the block starts at its first key
        if line.strip():
            if not block:
                start = number
            block.append(line)
            continue
        if block:
            try:
                puzzles.append(parse_block(block, source, start))
            except PuzzleError as error:
                if problems is None:
                    raise
                problems.append(str(error))
        block = []
    return tuple(puzzles)


def read_pack_file(path: str | Path) -> str:
    """A pack file's text; :class:`PuzzleError` naming the file (and the line of a byte that
    is not UTF-8) when it cannot be read or is not a regular file (see
    :func:`chinchon.user_files.read_user_file`)."""
    path = Path(path)
    try:
        data = read_user_file(path, "puzzle pack")
    except UserFileError as error:
        raise PuzzleError(str(error)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise PuzzleError(f"{path}:{line}: the pack is not UTF-8 text (byte "
                          f"0x{data[error.start]:02x})") from None


def load_pack(path: str | Path, check: bool = True, problems: list[str] | None = None
              ) -> tuple[Puzzle, ...]:
    """Read a pack file; with ``check``, re-solve every puzzle and raise :class:`PuzzleError`
    (naming the file and line) at the first one the solver does not confirm. ``problems``
    collects malformed blocks instead of raising (see :func:`read_pack`). A pack without a
    puzzle (empty, or only comments) is a :class:`PuzzleError`."""
    path = Path(path)
    malformed: list[str] = []
    puzzles = read_pack(read_pack_file(path), str(path),
                        malformed if problems is not None else None)
    if problems is not None:
        problems += malformed
    if not puzzles and not malformed:
        raise PuzzleError(f"{path}: the pack holds no puzzles (only blank or comment lines)")
    if check:
        for puzzle in puzzles:
            problems = verify(puzzle)
            if problems:
                raise PuzzleError(f"{path}:{puzzle.line}: puzzle {puzzle.id!r}: {problems[0]}")
    return puzzles


@dataclass(frozen=True)
class CheckReport:
    """What ``puzzles check`` found: counts per pack and every problem, file and line first."""

    counts: tuple[tuple[str, Counter[str]], ...]
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        lines = []
        total = 0
        for name, counts in self.counts:
            total += counts["puzzles"]
            detail = ", ".join(f"{key} {counts[key]}" for key in (*CRITERIA, "take",
                                                                  *DIFFICULTIES) if counts[key])
            lines.append(f"{name}: {counts['puzzles']} puzzles ({detail})")
        lines += self.problems
        verdict = "ok" if self.ok else f"{len(self.problems)} problem(s)"
        lines.append(f"{total} puzzles in {len(self.counts)} packs checked: {verdict}")
        return "\n".join(lines)


def check_packs(paths: Iterable[Path]) -> CheckReport:
    """Re-solve every puzzle of ``paths``; collect every problem instead of stopping."""
    counts: list[tuple[str, Counter[str]]] = []
    problems: list[str] = []
    where: dict[str, str] = {}
    for path in paths:
        tally: Counter[str] = Counter()
        counts.append((str(path), tally))
        try:
            puzzles = load_pack(path, check=False, problems=problems)
        except PuzzleError as error:  # the file itself: unreadable, not UTF-8
            problems.append(str(error))
            continue
        for puzzle in puzzles:
            here = f"{path}:{puzzle.line}"
            tally.update(["puzzles", "take" if puzzle.question == "take" else puzzle.criterion,
                          puzzle.difficulty])
            if puzzle.id in where:
                problems.append(f"{here}: puzzle id {puzzle.id!r} is also used in "
                                f"{where[puzzle.id]}")
            where[puzzle.id] = here
            try:
                found = verify(puzzle)
            except ValueError as error:  # a position the solver refuses: a problem like others
                found = [str(error)]
            problems += [f"{here}: puzzle {puzzle.id!r}: {text}" for text in found]
    return CheckReport(tuple(counts), tuple(problems))


def pack_paths(directory: str | Path | None = None) -> tuple[Path, ...]:
    return tuple(sorted(Path(directory or PACK_DIR).glob("*.txt")))


def load_all(directory: str | Path | None = None, check: bool = True) -> tuple[Puzzle, ...]:
    """Every puzzle of every pack (``*.txt``), ids unique across packs."""
    puzzles: list[Puzzle] = []
    where: dict[str, str] = {}
    for path in pack_paths(directory):
        for puzzle in load_pack(path, check):
            if puzzle.id in where:
                raise PuzzleError(f"{path}:{puzzle.line}: puzzle id {puzzle.id!r} is also used "
                                  f"in {where[puzzle.id]}")
            where[puzzle.id] = f"{path}:{puzzle.line}"
            puzzles.append(puzzle)
    return tuple(puzzles)


@cache
def shipped() -> dict[str, Puzzle]:
    """The shipped puzzles by id (read, not re-solved: pages solve the one they show)."""
    return {puzzle.id: puzzle for puzzle in load_all(check=False)}


def find_puzzle(puzzle_id: str) -> Puzzle:
    """A shipped puzzle by id; :class:`PuzzleError` for an unknown id."""
    found = shipped().get(puzzle_id.strip())
    if found is None:
        raise PuzzleError(f"no puzzle with id {puzzle_id!r}")
    return found


def daily_puzzle(day: Any, puzzles: Sequence[Puzzle] | None = None) -> Puzzle:
    """The puzzle of a date (a ``datetime.date``): the same for everyone that day."""
    pool = sorted(puzzles if puzzles is not None else shipped().values(), key=lambda p: p.id)
    index = random.Random(f"chinchon-daily-{day.isoformat()}").randrange(len(pool))
    return pool[index]



def puzzle_json(puzzle: Puzzle) -> dict[str, Any]:
    """The ``puzzles export`` object; ``answers`` are recomputed by the solver."""
    solution = solve(puzzle)
    data: dict[str, Any] = {
        "id": puzzle.id, "rules": puzzle.rules_id, "options": dict(puzzle.options),
        "hand": [c.code() for c in puzzle.hand], "seen": [c.code() for c in puzzle.seen],
        "question": puzzle.question, "criterion": puzzle.criterion,
        "answers": list(solution.answers), "themes": list(puzzle.themes),
        "difficulty": puzzle.difficulty,
    }
    if puzzle.top is not None:
        data["top"] = puzzle.top.code()
    return data


def export_lines(puzzles: Iterable[Puzzle]) -> Iterator[str]:
    for puzzle in puzzles:
        yield json.dumps(puzzle_json(puzzle), ensure_ascii=False)


def pack_text(puzzles: Sequence[Puzzle], header: str = "") -> str:
    """A pack file: an optional ``#`` header, then one block per puzzle."""
    lines = [f"# {line}" if line else "#" for line in header.splitlines()]
    blocks = ["\n".join(lines)] if lines else []
    blocks += [puzzle.code() for puzzle in puzzles]
    return "\n\n".join(blocks) + "\n"


def pool(rules_id: str, theme: str | None = None, difficulty: str | None = None,
         options: Mapping[str, int] | None = None) -> list[Puzzle]:
    """The shipped puzzles of a profile, by id, keeping a theme, a difficulty and exactly the
    non-default ``options`` (``{}``: the profile's defaults) if given."""
    return sorted((p for p in shipped().values() if p.rules_id == rules_id
                   and (theme is None or theme in p.themes)
                   and (difficulty is None or p.difficulty == difficulty)
                   and (options is None or dict(p.options) == dict(options))),
                  key=lambda p: p.id)


def next_puzzle(puzzles: Sequence[Puzzle], current: str | None, rng: random.Random
                ) -> Puzzle | None:
    """A random puzzle of ``puzzles`` other than ``current`` (None when there is none)."""
    others = [p for p in puzzles if p.id != current] or list(puzzles)
    return rng.choice(others) if others else None

