"""Quoting bad input inside error messages: short, escaped, never the whole thing.

Every library exception and every command-line error quotes what the user gave with
:func:`quote`, so a megabyte of card codes or a terminal escape sequence comes back as a few
dozen harmless characters. :func:`check_int`, :func:`check_bool` and friends check a public
function's arguments at its boundary and raise :class:`ArgumentError` naming the argument.

>>> quote("7o")
"'7o'"
>>> quote("7o " * 30)
"'7o 7o 7o 7o 7o 7o 7o 7o 7o 7o 7o 7o 7o 7…' (90 characters)"
>>> quote("\\x1b[31mred\\n")
"'\\\\x1b[31mred\\\\n'"
>>> quote(None), quote(3.5)
('None', '3.5')
"""

from __future__ import annotations

import math
from typing import Any

#: Characters of the value shown before "…".
QUOTE_LIMIT = 40


class ArgumentError(ValueError):
    """A public function called with an argument of the wrong type or out of its range."""


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as ``repr`` shows it, its text cut to ``limit`` characters with "…" and the
    full length, every control or non-printable character escaped (``\\n``, ``\\x1b``)."""
    if isinstance(value, str):
        return _quote_text(value, limit)
    if isinstance(value, bool | int | float | type(None)):
        text = repr(value)
        if len(text) > limit:  # a huge int: its digits are no help
            return f"{text[:limit]}… ({len(text)} digits)"
        return text
    # Containers and objects: their repr, cut the same way (a repr is already escaped).
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not hide the real problem
        text = f"<{type(value).__name__}>"
    return _cut(text, limit, what="characters")


def _quote_text(text: str, limit: int) -> str:
    body = _escaped(text[:limit])
    if len(text) > limit:
        return f"'{body}…' ({len(text)} characters)"
    return f"'{body}'"


def _escaped(text: str) -> str:
    out = []
    for ch in text:
        if ch == "'":
            out.append("\\'")
        elif ch == "\\":
            out.append("\\\\")
        elif ch.isprintable():
            out.append(ch)
        else:
            out.append(repr(ch)[1:-1])
    return "".join(out)


def _cut(text: str, limit: int, what: str) -> str:
    text = _escaped(text).replace("\\'", "'")
    if len(text) > limit:
        return f"{text[:limit]}… ({len(text)} {what})"
    return text


def plain(text: str, limit: int = 200) -> str:
    """A message made safe for one terminal line: control characters escaped, cut to
    ``limit`` with "…" (for text that already quotes its values, e.g. argparse's)."""
    cleaned = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    return cleaned if len(cleaned) <= limit else cleaned[:limit] + "…"


# --- Argument checks at the public boundary -----------------------------------------------------


def check_bool(name: str, value: Any) -> bool:
    """``value`` if it is ``True`` or ``False``; :class:`ArgumentError` naming ``name`` else.

    >>> check_bool("first_round", "no")
    Traceback (most recent call last):
    ...
    chinchon.engine.errors.ArgumentError: first_round must be True or False, not 'no'
    """
    if not isinstance(value, bool):
        raise ArgumentError(f"{name} must be True or False, not {quote(value)}")
    return value


def check_int(name: str, value: Any, *, minimum: int | None = None,
              maximum: int | None = None, optional: bool = False) -> int | None:
    """``value`` if it is a whole number (not a bool) within the bounds; None passes when
    ``optional``. :class:`ArgumentError` naming ``name`` otherwise."""
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise ArgumentError(f"{name} must be a whole number, not {quote(value)}")
    if minimum is not None and value < minimum:
        raise ArgumentError(f"{name} must be at least {minimum}, not {quote(value)}")
    if maximum is not None and value > maximum:
        raise ArgumentError(f"{name} must be at most {maximum}, not {quote(value)}")
    return value


def check_points(name: str, value: Any) -> int:
    """Loose points: a whole number, zero or more (a float such as NaN or 2.5 is refused)."""
    if isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
        raise ArgumentError(f"{name} must be a whole number of points, not {quote(value)}")
    checked = check_int(name, value, minimum=0)
    assert checked is not None
    return checked


def check_type(name: str, value: Any, kind: type | tuple[type, ...], what: str) -> Any:
    """``value`` if it is an instance of ``kind``; :class:`ArgumentError` saying ``what`` else."""
    if not isinstance(value, kind):
        raise ArgumentError(f"{name} must be {what}, not {quote(value)}")
    return value
