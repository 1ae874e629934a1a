"""Best-discard puzzles, one module per concept:

- :mod:`~chinchon.puzzles.model` — :class:`Puzzle` and its pack notation (``parse`` / ``code``);
- :mod:`~chinchon.puzzles.criteria` — the exact criteria, margins and equivalent moves
  (:func:`solve`), and what a sound puzzle is (:func:`verify`, themes, difficulty);
- :mod:`~chinchon.puzzles.teaching` — judging an answer, hints and the explanation a page shows;
- :mod:`~chinchon.puzzles.packs` — packs on disk (``PACK_DIR``), checking, the shipped pool;
- :mod:`~chinchon.puzzles.generator` — new puzzles from played hands, reproducible by seed.

The answer is never read from a file: :func:`solve` recomputes every option exactly.
The generator's names load it (and the game it plays) only when first used, so that a command
that reads the packs does not import the game.
"""

from typing import Any

from chinchon.puzzles.criteria import (
    CLOSE_CHANCE_MARGIN,
    POINTS_MARGIN,
    Option,
    Solution,
    difficulty_of,
    dull_reason,
    naive_is_right,
    naive_moves,
    rejected_before_drawing,
    solve,
    themes_of,
    verify,
)
from chinchon.puzzles.model import (
    CRITERIA,
    DIFFICULTIES,
    POSITION_FIELDS,
    POSITION_ID,
    POSITION_PREFIX,
    QUESTIONS,
    STOCK,
    TAKE,
    THEMES,
    PositionError,
    Puzzle,
    PuzzleError,
    check_puzzle,
    linked_position,
    position_key,
    position_puzzle,
    position_query,
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
from chinchon.puzzles.teaching import (
    Draws,
    card_order,
    compared_move,
    helping_draws,
    hint_moves,
    judge,
    judge_close,
    lesson,
    level_for,
    main_theme,
    number_of,
    number_order,
    offers_close,
    should_close,
    why,
)

_GENERATOR = frozenset({"Position", "PositionSource", "game_positions", "generate",
                        "play_positions", "simulated_positions", "trivial"})


def __getattr__(name: str) -> Any:
    if name in _GENERATOR:
        from chinchon.puzzles import generator

        return getattr(generator, name)
    raise AttributeError(f"module 'chinchon.puzzles' has no attribute {name!r}")


__all__ = [
    "CLOSE_CHANCE_MARGIN", "CRITERIA", "DIFFICULTIES", "PACK_DIR", "POINTS_MARGIN",
    "POSITION_FIELDS", "POSITION_ID", "POSITION_PREFIX", "QUESTIONS", "STOCK", "TAKE", "THEMES",
    "CheckReport", "Draws", "Option", "Position", "PositionError", "PositionSource", "Puzzle",
    "PuzzleError", "Solution", "card_order", "check_packs", "check_puzzle", "compared_move",
    "daily_puzzle", "difficulty_of", "dull_reason", "export_lines", "find_puzzle",
    "game_positions", "generate", "helping_draws", "hint_moves", "judge", "judge_close", "lesson",
    "level_for", "linked_position", "load_all", "load_pack", "main_theme", "naive_is_right",
    "naive_moves", "next_puzzle", "number_of", "number_order", "offers_close", "pack_paths",
    "pack_text", "play_positions", "pool", "position_key", "position_puzzle", "position_query",
    "puzzle_json", "read_pack", "rejected_before_drawing", "shipped", "should_close",
    "simulated_positions", "solve", "themes_of", "trivial", "verify", "why",
]
