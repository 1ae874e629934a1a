"""Input and errors of the command line, shared by every subcommand of :mod:`chinchon.cli`.

- :class:`Parser`: argparse whose usage errors are one escaped line, exit status 2.
- :func:`fail`: one line ``error: …`` on standard error, exit status 2.
- :func:`read_json`: standard input as one JSON value, bounded in size and depth, read as bytes
  and decoded strictly, every problem a :class:`InputError` naming it; :func:`read_text` and
  :func:`check_depth` are its two halves, for a command that takes text or JSON.
- :func:`input_lines` and :func:`run_batch`: one answer per input line, a bad line (not UTF-8,
  too long, or refused by the solver) becoming ``{"error": "line N: …"}``, nothing computed lost.

Every message goes through :func:`chinchon.engine.errors.plain`, so no control character of the
user's input reaches the terminal.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterator
from typing import IO, Any, NoReturn, TextIO

from chinchon.engine.errors import plain

EXIT_BAD_INPUT = 2
#: A JSON request on standard input: at most this many bytes, nested at most this deep.
MAX_JSON_BYTES = 1_000_000
MAX_JSON_DEPTH = 32
#: A batch line longer than this is refused without being parsed (a hand is ~30 characters).
MAX_LINE_BYTES = 10_000
#: Lines answered per write in batch mode.
_CHUNK = 1000


class InputError(ValueError):
    """Standard input that is not what the command reads: too large, too deep, not UTF-8,
    not JSON."""


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one escaped line (exit 2), not a usage block."""

    def error(self, message: str) -> NoReturn:
        fail(f"{self.prog}: {message}")


def fail(message: str) -> NoReturn:
    """Print ``error: message`` (escaped, cut) on standard error; exit with status 2."""
    print(f"error: {plain(message)}", file=sys.stderr)
    raise SystemExit(EXIT_BAD_INPUT)


# --- One JSON value ------------------------------------------------------------------------------

_STRING_OR_BRACKET = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.S)


def json_depth(data: bytes) -> int:
    """How deeply the arrays and objects of a JSON text nest (strings skipped), without
    parsing it: ``json`` itself recurses and would die of a deep enough input.

    >>> json_depth(b'{"a": [[1], "]]]"]}')
    3
    """
    depth = deepest = 0
    for match in _STRING_OR_BRACKET.finditer(data):
        token = match.group()
        if token in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        elif token in (b"]", b"}"):
            depth -= 1
    return deepest


def _binary(stream: IO[Any]) -> IO[bytes] | None:
    buffer = getattr(stream, "buffer", None)
    return buffer if buffer is not None else None


def read_text(stdin: TextIO | IO[bytes], *, what: str = "standard input",
              max_bytes: int = MAX_JSON_BYTES) -> str:
    """All of ``stdin`` as text, read as bytes and decoded strictly; :class:`InputError` when
    it is larger than ``max_bytes`` or not UTF-8 (naming the line and column)."""
    binary = _binary(stdin)
    raw: bytes | str = (binary.read(max_bytes + 1) if binary is not None
                        else stdin.read(max_bytes + 1))
    data = raw.encode("utf-8", "surrogateescape") if isinstance(raw, str) else raw
    if len(data) > max_bytes:
        raise InputError(f"{what} is larger than {max_bytes:,} bytes: the limit for one request")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(f"{what} is not UTF-8 text: {_decode_problem(data, error)}") from None


def check_depth(text: str, *, what: str = "standard input",
                max_depth: int = MAX_JSON_DEPTH) -> None:
    """:class:`InputError` when the JSON ``text`` nests deeper than ``max_depth``."""
    depth = json_depth(text.encode("utf-8", "surrogateescape"))
    if depth > max_depth:
        raise InputError(f"{what} nests {depth} levels deep; the limit is {max_depth}")


def read_json(stdin: TextIO | IO[bytes], *, what: str = "standard input",
              max_bytes: int = MAX_JSON_BYTES, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Read and decode one JSON value from ``stdin``; :class:`InputError` when it is larger
    than ``max_bytes``, nests deeper than ``max_depth``, is not UTF-8 or is not JSON."""
    text = read_text(stdin, what=what, max_bytes=max_bytes)
    check_depth(text, what=what, max_depth=max_depth)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(f"{what} is not valid JSON: {error.msg} at line {error.lineno} "
                         f"column {error.colno}") from None
    except RecursionError:  # a depth the scan above missed: still one clear line
        raise InputError(f"{what} nests too deeply; the limit is {max_depth}") from None


def _decode_problem(data: bytes, error: UnicodeDecodeError) -> str:
    line = data.count(b"\n", 0, error.start) + 1
    column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
    return f"byte 0x{data[error.start]:02x} at line {line} column {column}"


# --- One answer per line -------------------------------------------------------------------------


def input_lines(stdin: TextIO | IO[bytes], max_line_bytes: int = MAX_LINE_BYTES
                ) -> Iterator[tuple[int, str | None, str | None]]:
    """``(number, text, problem)`` for each line of ``stdin`` (numbered from 1): ``text`` the
    decoded line, or None with ``problem`` saying why (not UTF-8, too long). Read as bytes
    when the stream has them, so the terminal's encoding never stops the run."""
    binary = _binary(stdin)
    source: Iterator[bytes | str] = iter(binary if binary is not None else stdin)
    for number, raw in enumerate(source, 1):
        data = raw if isinstance(raw, bytes) else raw.encode("utf-8", "surrogateescape")
        if len(data) > max_line_bytes:
            yield number, None, f"line {number} is longer than {max_line_bytes:,} bytes"
            continue
        try:
            yield number, data.decode("utf-8"), None
        except UnicodeDecodeError as error:
            byte = data[error.start]
            yield (number, None, f"line {number} is not UTF-8 text: byte 0x{byte:02x} at "
                                 f"column {error.start + 1}")


def run_batch(stdin: TextIO | IO[bytes], stdout: TextIO,
              solve: Callable[[str], dict[str, Any]]) -> None:
    """One JSON object out per line in, in order; a bad line becomes ``{"error": …}`` and the
    run goes on. Whatever happens, every answer computed so far is written."""
    # json.dumps' output, without its check for cycles (these objects are plain trees).
    dumps = json.JSONEncoder(check_circular=False).encode
    out: list[str] = []
    try:
        for _, text, problem in input_lines(stdin):
            if text is None:
                out.append(dumps({"error": problem}))
            else:
                try:
                    out.append(dumps(solve(text)))
                except ValueError as error:
                    out.append(dumps({"error": plain(str(error), limit=300)}))
            if len(out) >= _CHUNK:
                stdout.write("\n".join(out) + "\n")
                out.clear()
    finally:
        if out:
            stdout.write("\n".join(out) + "\n")

