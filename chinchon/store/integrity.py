"""Whether the database can be trusted: a SQLite file watched under a running server, the
``db check`` report and the ``db backup`` copy.

A server keeps its SQLite connections open, so a file deleted under it (or replaced by
another) still takes every write, into a file nobody will ever open again; a file whose
first pages were overwritten may take them too, until the next start cannot open it. So
:class:`FileGuard` remembers the file's identity (``st_dev``, ``st_ino``) once it has opened
it, and before each transaction checks that the path still names that file and that the file
still starts with SQLite's header; a new connection opens the file read-write without creating
it. The first problem found is logged once, and from then on every transaction fails with
:class:`DatabaseFileError` (a :class:`~sqlalchemy.exc.SQLAlchemyError`, so the pages keep the
learners' answers queued and show the "not being saved") until the server is restarted on a
sound file. At start, :func:`verify` runs ``PRAGMA quick_check``.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote as url_quote

from sqlalchemy import Connection, Engine, func, inspect, select, table
from sqlalchemy.engine import URL
from sqlalchemy.exc import SQLAlchemyError

from chinchon.engine.errors import quote

#: What every SQLite database file starts with (the first 16 bytes of its header).
SQLITE_HEADER = b"SQLite format 3\x00"
_LOG = logging.getLogger("chinchon.store")


class DatabaseFileError(SQLAlchemyError):
    """The SQLite file under a running store vanished, was replaced or is damaged: nothing
    more is written (the message says which)."""


class BackupError(ValueError):
    """A ``db backup`` that cannot be made (a target that exists, a PostgreSQL database)."""


def sqlite_file(url: URL) -> Path | None:
    """The file a SQLite URL names; None for an in-memory database, a SQLite ``file:`` URI
    (watched by nobody) or another database."""
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    if url.query.get("uri") or url.database.startswith("file:"):
        return None
    return Path(url.database).expanduser().absolute()


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return found.st_dev, found.st_ino


#: One read-only descriptor per database file (by device and inode), opened once and never
#: closed: closing any descriptor of a file drops every POSIX lock this process holds on it,
#: SQLite's own included (SQLite's "How To Corrupt An SQLite Database File", section 2.2).
#: With the header read through open/close at each transaction, another process sharing the
#: file took itself for its only user and removed the -shm, and this process's connections
#: then failed with "disk I/O error".
_READERS: dict[tuple[int, int], int] = {}


def _header(path: Path) -> bytes:
    """The first bytes of the file at ``path`` now, read without ever closing a descriptor of
    it (see ``_READERS``): one descriptor per file, opened the first time it is seen."""
    identity = _identity(path)
    if identity is None:
        return b""
    fd = _READERS.get(identity)
    if fd is None:
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            return b""
        found = os.fstat(fd)  # the file opened, should it have changed since the stat
        fd = _READERS.setdefault((found.st_dev, found.st_ino), fd)
    try:
        return os.pread(fd, len(SQLITE_HEADER), 0)
    except OSError:
        return b""


@dataclass
class FileGuard:
    """The SQLite file of one engine, as it was when first opened (see the module's text)."""

    path: Path
    identity: tuple[int, int] | None = None
    #: Seen with SQLite's header once: from then on an empty file is a damaged one.
    had_header: bool = False
    #: The first problem found; once set, every transaction is refused with it.
    problem: str | None = None
    on_problem: Callable[[str], None] = field(default=lambda message: _LOG.error("%s", message))

    def opened(self) -> None:
        """A connection opened the file: remember the first file seen."""
        if self.identity is None:
            self.identity = _identity(self.path)
            self.had_header = _header(self.path) == SQLITE_HEADER

    def find_problem(self) -> str | None:
        """What is wrong with the file now (None: it is the file first opened, sound)."""
        if self.identity is None:
            return None
        now = _identity(self.path)
        if now is None:
            return "was deleted"
        if now != self.identity:
            return "was replaced by another file"
        head = _header(self.path)
        if head == SQLITE_HEADER:
            self.had_header = True
        elif head or self.had_header:
            return "is damaged (it no longer starts with SQLite's header)"
        return None

    def check(self) -> None:
        """:class:`DatabaseFileError` if the file is not the sound one first opened."""
        if self.problem is None:
            found = self.find_problem()
            if found is None:
                return
            self.problem = (f"the progress database {self.path} {found} under the running "
                            f"server: nothing more is written, the pages keep what learners do "
                            f"queued; put a sound file back (db check, db backup) and restart")
            self.on_problem(self.problem)
        raise DatabaseFileError(self.problem)

    def connect_args(self, cargs: list[object], cparams: dict[str, object]) -> None:
        """For a new connection once the file exists: open it read-write, never create an
        empty one in its place."""
        if self.identity is None:
            return
        self.check()
        cargs[0] = f"file:{url_quote(str(self.path))}?mode=rw"
        cparams["uri"] = True


def guard(engine: Engine) -> FileGuard | None:
    """The file guard :func:`chinchon.store.database.make_engine` put on ``engine``."""
    found: FileGuard | None = getattr(engine, "chinchon_guard", None)
    return found


def verify(engine: Engine) -> None:
    """At start: :class:`DatabaseFileError` when SQLite's ``quick_check`` finds the file
    damaged (logged, like a problem found later)."""
    if engine.dialect.name != "sqlite":
        return
    with engine.connect() as connection:
        problems = integrity(connection, quick=True)
    if problems:
        message = (f"the progress database {engine.url.database} is damaged: {problems[0]}; "
                   f"nothing is written until a sound file is put back")
        _LOG.error("%s", message)
        raise DatabaseFileError(message)


def integrity(connection: Connection, quick: bool = False) -> list[str]:
    """SQLite's own check of every page and index (``quick``: without the indexes' contents);
    the problems it lists, none when sound. PostgreSQL keeps its own: nothing to list."""
    if connection.dialect.name != "sqlite":
        return []
    pragma = "PRAGMA quick_check" if quick else "PRAGMA integrity_check"
    found = [str(row[0]) for row in connection.exec_driver_sql(pragma)]
    return [] if found == ["ok"] else found


@dataclass(frozen=True)
class CheckReport:
    """What ``db check`` found: the integrity problems, the revision and the rows per table."""

    url: str
    problems: tuple[str, ...]
    revision: str | None
    head: str | None
    rows: tuple[tuple[str, int], ...]

    @property
    def sound(self) -> bool:
        return not self.problems

    def lines(self) -> list[str]:
        found = [f"{self.url}: revision {self.revision} (newest {self.head})",
                 *(f"{name}: {count} rows" for name, count in self.rows),
                 *(f"problem: {problem}" for problem in self.problems)]
        found.append("sound" if self.sound else f"{len(self.problems)} problem(s)")
        return found


def check(engine: Engine, head: str | None, revision: Callable[[Connection], str | None]
          ) -> CheckReport:
    """Integrity, revision against ``head`` and rows per table of the database."""
    shown = engine.url.render_as_string(hide_password=True)
    with engine.connect() as connection:
        problems = [f"integrity: {text}" for text in integrity(connection)[:20]]
        at = revision(connection)
        names = sorted(n for n in inspect(connection).get_table_names()
                       if n != "alembic_version")
        rows = tuple((name, int(connection.scalar(select(func.count()).select_from(table(name)))
                                or 0)) for name in names)
    if at != head:
        problems.append(f"the database is at revision {at}, this code's newest is {head}: "
                        f"run `python -m chinchon db upgrade`")
    return CheckReport(shown, tuple(problems), at, head, rows)


def backup(engine: Engine, target: Path) -> int:
    """Copy a SQLite database to the new file ``target`` with SQLite's online backup (the
    server may keep writing meanwhile); returns the pages copied. PostgreSQL: use pg_dump."""
    if engine.dialect.name != "sqlite":
        raise BackupError("db backup copies SQLite files; for PostgreSQL use pg_dump "
                          "(for instance pg_dump -Fc -f chinchon.dump DBNAME)")
    if target.exists() or target.is_symlink():
        raise BackupError(f"{quote(str(target), 200)} exists already: name a new file")
    partial = target.with_name(target.name + ".part")
    raw = engine.raw_connection()
    try:
        copy = sqlite3.connect(partial)
        try:
            source = raw.driver_connection
            assert isinstance(source, sqlite3.Connection)
            source.backup(copy)
            pages = int(copy.execute("PRAGMA page_count").fetchone()[0])
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        finally:
            copy.close()
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    finally:
        raw.close()
    os.replace(partial, target)
    return pages
