"""Reading a file a user named (a puzzle pack, a game record): a regular file only, bounded.

``/dev/zero`` never ends, a FIFO blocks its reader until someone writes, a folder is not
text: each is refused by name before a byte is read, and a file larger than the limit is
refused after reading one byte past it. A UTF-8 byte-order mark at the start is dropped (an
editor's habit, not part of the text).

>>> read_user_file("/dev/zero", "puzzle pack")
Traceback (most recent call last):
...
chinchon.user_files.UserFileError: puzzle pack '/dev/zero' is a character device, not a regular file
"""

from __future__ import annotations

import codecs
import os
import stat

from chinchon.engine.errors import quote

#: A file a command reads whole: at most this many bytes (the shipped packs are ~35 kB).
MAX_FILE_BYTES = 10_000_000
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a pipe (FIFO)"),
          (stat.S_ISSOCK, "a socket"))


class UserFileError(ValueError):
    """A named file that cannot be read: missing, not a regular file, too large."""


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "something else")


def read_user_file(path: str | os.PathLike[str], what: str = "",
                   max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path`` (a BOM dropped); :class:`UserFileError` naming
    ``what`` and the path otherwise."""
    shown = f"{what} {quote(os.fspath(path), 200)}".lstrip()
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer before fstat can refuse it.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise UserFileError(f"cannot read {shown}: {error.strerror}") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise UserFileError(f"{shown} is {_kind(mode)}, not a regular file")
    os.set_blocking(fd, True)
    with os.fdopen(fd, "rb") as file:
        data = file.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise UserFileError(f"{shown} is larger than {max_bytes:,} bytes")
    return data.removeprefix(codecs.BOM_UTF8)
