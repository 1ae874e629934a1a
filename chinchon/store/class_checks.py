"""What a class takes, checked before it is written: a class's name, rules and language, a
join code, a nickname, and an assignment (its kind and title, its puzzles: shipped ones of the
class's profile or positions of a game given as the Puzzles page's link values, its bot level
and number of games, its due date). A refusal is a :class:`ClassError` that names the bad value.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from chinchon import puzzles as pz
from chinchon.engine.errors import quote
from chinchon.engine.rules import OPTION_NAMES, RulesError, parse_house
from chinchon.game.names import BOT_NAMES
from chinchon.store.store import TransferCodeError, normal_code

NAME_LENGTH = 60
NICKNAME_LENGTH = 24
RULES_LENGTH = 200
TITLE_LENGTH = 80
MAX_PUZZLES = 60
MAX_GAMES = 50
KINDS = ("puzzles", "tour", "games")
#: The bot levels a games assignment may name (the Play page offers each of them).
BOT_LEVELS = ("random", "greedy", "expert", "master")
#: The values a position's link may carry, and how long one may be.
POSITION_KEYS = ("rules", *OPTION_NAMES, *pz.POSITION_FIELDS)
_VALUE_LENGTH = 400
_LANG_RE = re.compile(r"[a-z]{2}")

assert set(BOT_LEVELS) <= set(BOT_NAMES)


class ClassError(ValueError):
    """Something about a class refused, by name: ``reason`` is one of ``bad-code`` (not a
    join code), ``unknown-code``, ``old-code`` (rotated away), ``unknown-class``, ``wrong-key``,
    ``archived``, ``removed``, ``full``, ``bad-nickname``, ``nickname-taken``, ``not-member``,
    ``bad-class`` (a name, rules or language that cannot be kept) or ``bad-assignment``."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


def check_nickname(raw: object) -> str:
    """``raw`` as a nickname: spaces trimmed and runs of them made one, 1 to 24 characters,
    no control or formatting characters; else :class:`ClassError` (``bad-nickname``).

    >>> check_nickname("  Ana   María ")
    'Ana María'
    """
    text = " ".join(raw.split()) if isinstance(raw, str) else None
    if (not text or len(text) > NICKNAME_LENGTH
            or any(unicodedata.category(c)[0] == "C" for c in text)):
        raise ClassError(f"not a nickname (1 to {NICKNAME_LENGTH} characters of text): "
                         f"{quote(raw)}", "bad-nickname")
    return text


def parse_join_code(raw: object) -> str:
    """A join code as typed (``abcd-efgh``, spaces and dash ignored), as stored; else
    :class:`ClassError` (``bad-code``)."""
    try:
        return normal_code(raw if isinstance(raw, str) else "")
    except TransferCodeError:
        raise ClassError(f"not a join code: {quote(raw)}", "bad-code") from None


def check_class_fields(name: object, rules: object, lang: object) -> tuple[str, str, str]:
    """A class's name, rules (as their canonical code) and language; else ``bad-class``."""
    text = " ".join(name.split()) if isinstance(name, str) else ""
    if not text or len(text) > NAME_LENGTH or any(unicodedata.category(c)[0] == "C"
                                                  for c in text):
        raise ClassError(f"not a class name (1 to {NAME_LENGTH} characters): {quote(name)}",
                         "bad-class")
    try:
        if not isinstance(rules, str) or len(rules) > RULES_LENGTH:
            raise RulesError("too long")
        code = parse_house(rules).code()
    except RulesError:
        raise ClassError(f"not a rule profile or house code: {quote(rules)}",
                         "bad-class") from None
    if not isinstance(lang, str) or not _LANG_RE.fullmatch(lang):
        raise ClassError(f"not a language: {quote(lang)}", "bad-class")
    return text, code, lang


def _bad(message: str) -> ClassError:
    return ClassError(message, "bad-assignment")


def check_work(kind: object, title: object, bot: object, games: object, due: object) -> None:
    """The parts of an assignment that need no database: ``bad-assignment`` else."""
    if kind not in KINDS:
        raise _bad(f"not a kind of assignment: {quote(kind)} "
                              f"(one of {', '.join(KINDS)})")
    if not isinstance(title, str) or len(" ".join(title.split())) > TITLE_LENGTH:
        raise _bad(f"not a title (at most {TITLE_LENGTH} characters): {quote(title)}")
    if due is not None and not isinstance(due, datetime.date):
        raise _bad(f"not a due date: {quote(due)}")
    if kind == "games":
        if bot not in BOT_LEVELS:
            raise _bad(f"not a bot level: {quote(bot)} "
                                  f"(one of {', '.join(BOT_LEVELS)})")
        if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
            raise _bad(f"not a number of games (1 to {MAX_GAMES}): {quote(games)}")


def check_puzzle_ids(ids: Sequence[object], rules_id: str) -> tuple[str, ...]:
    """Shipped puzzles of the profile ``rules_id``, in order, once each."""
    shipped = pz.shipped()
    for pid in ids:
        found = shipped.get(pid) if isinstance(pid, str) else None
        if found is None:
            raise _bad(f"not a shipped puzzle: {quote(pid)}")
        if found.rules_id != rules_id:
            raise _bad(f"the puzzle {quote(pid)} is of the profile "
                                  f"{quote(found.rules_id)}, not the class's {quote(rules_id)}")
    return tuple(dict.fromkeys(str(pid) for pid in ids))


def check_positions(positions: Sequence[Mapping[str, Any]], rules_id: str
                    ) -> dict[str, dict[str, str]]:
    """Positions as the Puzzles page's link values (:func:`chinchon.puzzles.linked_position`)
    under the profile ``rules_id``, by their own id (:func:`chinchon.puzzles.position_key`)."""
    found: dict[str, dict[str, str]] = {}
    for values in positions:
        if not (isinstance(values, Mapping) and set(values) <= set(POSITION_KEYS)
                and all(isinstance(v, str) and len(v) <= _VALUE_LENGTH
                        for v in values.values())):
            raise _bad(f"not a position's link values: {quote(values)}")
        try:
            puzzle = pz.linked_position(values)
        except pz.PuzzleError as error:
            raise _bad(f"not a position: {error}") from None
        profile = puzzle.rules_id.split("+")[0]
        if profile != rules_id:
            raise _bad(f"a position under the profile {quote(profile)}, not the "
                                  f"class's {quote(rules_id)}")
        found.setdefault(pz.position_key(puzzle), dict(values))
    return found


def check_count(ids: Sequence[str]) -> None:
    if not ids or len(ids) > MAX_PUZZLES:
        raise _bad(f"a puzzle assignment holds 1 to {MAX_PUZZLES} puzzles, "
                              f"not {len(ids)}")
