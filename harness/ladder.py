"""Which levels of the bots' ladder play each other: the ladder benchmark
(``benchmarks/ladder.py``) plays these pairings and ``tests/unit/test_ladder.py`` checks them."""

from __future__ import annotations

from collections.abc import Sequence


def pairings(levels: Sequence[str], reach: int, only: str | None = None
             ) -> list[tuple[str, str]]:
    """Each level against the ``reach`` levels above it (weakest first); with ``only``, just
    the pairings of that level, on both sides of it.

    >>> pairings("abcd", 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c'), ('b', 'd'), ('c', 'd')]
    >>> pairings("abcd", 1, only="c")
    [('b', 'c'), ('c', 'd')]
    """
    found = [(low, levels[j]) for i, low in enumerate(levels)
             for j in range(i + 1, min(i + 1 + reach, len(levels)))]
    return [pair for pair in found if only is None or only in pair]
