"""Where the database is, how to connect, and the migrations that run at start-up.

``CHINCHON_DB_URL`` names the database (any SQLAlchemy URL: ``sqlite:///path`` or
``postgresql+psycopg://user@host/db``); unset, a SQLite file in the repository's ``data/``
folder (:data:`DEFAULT_PATH`). SQLite runs in WAL mode with a busy timeout, and every
transaction takes the write lock at once (``BEGIN IMMEDIATE``), so concurrent writers wait
their turn instead of failing.
"""

from __future__ import annotations

import os
import re
import sqlite3
import time
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, func, select
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError

from chinchon.engine.errors import quote
from chinchon.store.integrity import FileGuard, sqlite_file

ENV_VAR = "CHINCHON_DB_URL"
DEFAULT_PATH = Path(__file__).resolve().parents[2] / "data" / "chinchon.db"
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: How long a SQLite writer waits for the lock, and a PostgreSQL connection for the server (s).
BUSY_TIMEOUT = 30
CONNECT_TIMEOUT = 3
# Fixed statements (a pragma takes no parameters): the busy timeout (BUSY_TIMEOUT in ms).
_SQLITE_PRAGMAS = ("PRAGMA busy_timeout=30000", "PRAGMA foreign_keys=ON")
# SQLite answers "database is locked" at once, without waiting on the busy timeout, when
# several connections switch a new file to WAL together: so that one is retried.
_WAL_RETRY_PAUSE = 0.01
# Any fixed number: the PostgreSQL advisory lock that lets one server at a time migrate.
_MIGRATION_LOCK = 0x43484E43


class DatabaseUrlError(ValueError):
    """A ``CHINCHON_DB_URL`` that is not a database URL SQLAlchemy knows, or names a database
    or driver this site cannot use (the message never shows a password)."""


#: The drivers installed with the site, and what a URL without one (or ``postgres://``) means.
DRIVERS = {"sqlite": "pysqlite", "postgresql": "psycopg"}
_BACKENDS = {"sqlite": "sqlite", "postgresql": "postgresql", "postgres": "postgresql"}
# ``scheme://user:password@``: what a URL that does not parse may still hold.
_PASSWORD = re.compile(r"(://[^:/@\s]*:)[^@\s]*@")


def hide_password(text: str, url: URL | None = None) -> str:
    """``text`` with a URL's password replaced by ``***`` (``url``'s, and any written as
    ``scheme://user:password@``).

    >>> hide_password("cannot reach postgres://admin:S3cret@db/x")
    'cannot reach postgres://admin:***@db/x'
    """
    if url is not None and url.password:
        text = text.replace(str(url.password), "***")
    return _PASSWORD.sub(r"\1***@", text)


def database_url(url: str | None = None) -> URL:
    """``url``, else ``CHINCHON_DB_URL``, else the default SQLite file, parsed, with its driver
    made explicit (``postgres://`` and ``postgresql://`` mean psycopg); a database other than
    SQLite or PostgreSQL, or a driver that is not installed, is a :class:`DatabaseUrlError`."""
    raw = url or os.environ.get(ENV_VAR) or f"sqlite:///{DEFAULT_PATH}"
    try:
        parsed = make_url(raw)
    except (ArgumentError, ValueError):  # ValueError: a port that is not a number
        # It did not parse, so its parts are unknown: hide all before the last "@".
        hidden = re.sub(r"^([a-z0-9+]*://)?.*@", r"\1***@", raw, flags=re.S | re.I)
        raise DatabaseUrlError(f"not a database URL: {quote(hidden)}") from None
    shown = quote(parsed.render_as_string(hide_password=True))
    name, _, driver = parsed.drivername.partition("+")
    backend = _BACKENDS.get(name)
    if backend is None:
        raise DatabaseUrlError(f"only sqlite and postgresql are supported, not {shown}")
    if backend == "sqlite" and (parsed.username or parsed.password or parsed.host or parsed.port):
        raise DatabaseUrlError(f"a SQLite URL names a file, as sqlite:///path/to/file.db, not "
                               f"a server: {shown}")
    if backend == "postgresql" and (name != backend or not driver):
        # SQLAlchemy reads a bare postgresql:// as psycopg2, and no longer knows postgres://.
        parsed = parsed.set(drivername=f"{backend}+{driver or DRIVERS[backend]}")
    _check_driver(parsed, shown)
    return parsed


def _check_driver(url: URL, shown: str) -> None:
    backend, _, driver = url.drivername.partition("+")
    if driver in ("", DRIVERS[backend]):
        return
    use = f"use {backend}+{DRIVERS[backend]}://"
    try:
        dialect = url.get_dialect()
    except NoSuchModuleError:
        raise DatabaseUrlError(f"no database driver {driver!r} is known ({shown}): {use}"
                               ) from None
    if getattr(dialect, "is_async", False):
        raise DatabaseUrlError(f"the driver {driver!r} is asynchronous and the site is not "
                               f"({shown}): {use}")
    try:
        dialect.import_dbapi()
    except ImportError as error:
        module = error.name or driver
        raise DatabaseUrlError(f"the database driver {driver!r} is not installed ({shown}): "
                               f"{use} (installed with the site), or pip install {module}"
                               ) from None


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    # Let SQLAlchemy's "begin" event issue BEGIN itself (pysqlite's own BEGIN is deferred).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    for pragma in _SQLITE_PRAGMAS:
        cursor.execute(pragma)
    _switch_to_wal(cursor)
    cursor.close()


def _switch_to_wal(cursor: Any) -> None:
    deadline = time.monotonic() + BUSY_TIMEOUT
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(_WAL_RETRY_PAUSE)


#: The execution option of a connection that only reads (see :func:`reader`).
READ_ONLY = "chinchon_read_only"


def reader(engine: Engine) -> Engine:
    """``engine`` for transactions that only read: on SQLite they begin deferred, so they take
    no write lock and, in WAL mode, never wait for a writer (a table's poll, the home page's
    reads); elsewhere the same engine."""
    return engine.execution_options(**{READ_ONLY: True})


def _sqlite_begin(connection: Connection) -> None:
    # Take the write lock first: a deferred transaction that reads then writes can fail at
    # once with "database is locked" when another writer got there in between. A reader
    # (READ_ONLY) never writes: under 40 polling seats, their write locks were a third of
    # the tables server's samples (py-spy, 2026-12-02), each poll queueing behind the others.
    if connection.get_execution_options().get(READ_ONLY):
        connection.exec_driver_sql("BEGIN")
    else:
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def make_engine(url: str | URL | None = None) -> Engine:
    """An engine for ``url`` (see :func:`database_url`); a SQLite file's folder is created,
    and the file is watched by a :class:`~chinchon.store.integrity.FileGuard` (``engine.
    chinchon_guard``) once it is opened."""
    parsed = url if isinstance(url, URL) else database_url(url)
    if parsed.get_backend_name() == "sqlite":
        path = sqlite_file(parsed)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(parsed, connect_args={"timeout": BUSY_TIMEOUT})
        event.listen(engine, "connect", _sqlite_connect)
        if path is None:
            event.listen(engine, "begin", _sqlite_begin)
            return engine
        watch = FileGuard(path)
        engine.chinchon_guard = watch  # type: ignore[attr-defined]

        def connecting(_dialect: Any, _record: Any, cargs: list[object],
                       cparams: dict[str, object]) -> None:
            watch.connect_args(cargs, cparams)

        def opened(_connection: Any, _record: Any) -> None:
            watch.opened()

        def begin(connection: Connection) -> None:
            watch.check()
            _sqlite_begin(connection)

        event.listen(engine, "do_connect", connecting)
        event.listen(engine, "connect", opened)
        event.listen(engine, "begin", begin)
        return engine
    return create_engine(parsed, pool_pre_ping=True, pool_size=10, max_overflow=20,
                         connect_args={"connect_timeout": CONNECT_TIMEOUT})


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration, built in code: the migrations shipped in this package, run on
    ``connection`` (``env.py`` opens one from ``CHINCHON_DB_URL`` when there is none)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> str | None:
    """Bring the database up to the newest migration (nothing to do: nothing done); returns
    the revision. Several servers starting at once on PostgreSQL take turns."""
    head = head_revision()
    if current_revision(engine) == head:
        return head
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(select(func.pg_advisory_xact_lock(_MIGRATION_LOCK)))
        command.upgrade(alembic_config(connection), "head")
    return current_revision(engine)
