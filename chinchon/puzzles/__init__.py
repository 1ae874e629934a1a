"""Best-discard puzzles, one module per concept:

- :mod:`~chinchon.puzzles.model` — :class:`Puzzle` and its pack notation (``parse`` / ``code``);
- :mod:`~chinchon.puzzles.criteria` — the exact criteria, margins and equivalent moves
  (:func:`solve`), and what a sound puzzle is (:func:`verify`, themes, difficulty);
- :mod:`~chinchon.puzzles.teaching` — judging an answer, hints and the explanation a page shows;
- :mod:`~chinchon.puzzles.packs` — packs on disk (``PACK_DIR``), checking, the shipped pool;
- :mod:`~chinchon.puzzles.generator` — new puzzles from played hands, reproducible by seed.

The answer is never read from a file: :func:`solve` recomputes every option exactly.
"""

from chinchon.puzzles.criteria import (
    CLOSE_CHANCE_MARGIN,
    POINTS_MARGIN,
    Option,
    Solution,
    difficulty_of,
    naive_is_right,
    naive_moves,
    solve,
    themes_of,
    verify,
)
from chinchon.puzzles.generator import generate, play_positions, trivial
from chinchon.puzzles.model import (
    CRITERIA,
    DIFFICULTIES,
    QUESTIONS,
    STOCK,
    TAKE,
    THEMES,
    Puzzle,
    PuzzleError,
    check_puzzle,
)
from chinchon.puzzles.packs import (
    PACK_DIR,
    CheckReport,
    check_packs,
    daily_puzzle,
    export_lines,
    find_puzzle,
    load_all,
    load_pack,
    next_puzzle,
    pack_paths,
    pack_text,
    pool,
    puzzle_json,
    read_pack,
    shipped,
)
from chinchon.puzzles.teaching import hint_moves, judge, should_close, why

__all__ = [
    "CLOSE_CHANCE_MARGIN", "CRITERIA", "DIFFICULTIES", "PACK_DIR", "POINTS_MARGIN", "QUESTIONS",
    "STOCK", "TAKE", "THEMES", "CheckReport", "Option", "Puzzle", "PuzzleError", "Solution",
    "check_packs", "check_puzzle", "daily_puzzle", "difficulty_of", "export_lines",
    "find_puzzle", "generate", "hint_moves", "judge", "load_all", "load_pack", "naive_is_right",
    "naive_moves", "next_puzzle", "pack_paths", "pack_text", "play_positions", "pool",
    "puzzle_json", "read_pack", "shipped", "should_close", "solve", "themes_of", "trivial",
    "verify", "why",
]
