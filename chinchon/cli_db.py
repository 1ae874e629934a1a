"""The command line's database commands: ``db upgrade``, ``db check`` and ``db backup``.

``chinchon.cli`` registers them with :func:`add_commands`. SQLAlchemy and Alembic are imported
inside each command, so the other commands never pay for them. A bad URL exits 2 (one line,
no password); a database that cannot be reached, or is not sound, exits 1.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path
from typing import Any, TextIO

from chinchon.engine.errors import quote

_URL_HELP = "database URL (default: CHINCHON_DB_URL, else data/chinchon.db)"


def _problem(what: str, shown: str, error: BaseException, url: Any) -> int:
    from chinchon.store.database import hide_password

    detail = str(getattr(error, "orig", None) or error).splitlines()
    print(f"error: {what} {shown}: {type(error).__name__}: "
          f"{hide_password(detail[0] if detail else '', url)[:200]}", file=sys.stderr)
    return 1


def _open(args: argparse.Namespace, create: bool) -> tuple[Any, str, Any]:
    """The URL, how it is shown, and an engine; a SQLite file that is not there is refused
    unless ``create`` (checking or copying a file must not make an empty one)."""
    from chinchon.store.database import database_url, make_engine
    from chinchon.store.integrity import sqlite_file

    url = database_url(args.url)
    shown = url.render_as_string(hide_password=True)
    path = sqlite_file(url)
    if not create and path is not None and not path.is_file():
        raise ValueError(f"no database file at {quote(str(path), 200)}")
    return url, shown, make_engine(url)


def _db_upgrade(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    from sqlalchemy.exc import SQLAlchemyError

    from chinchon.store.database import upgrade

    url, shown, engine = _open(args, create=True)
    try:
        revision = upgrade(engine)
    except SQLAlchemyError as error:
        return _problem("cannot upgrade", shown, error, url)
    finally:
        engine.dispose()
    print(f"{shown}: at revision {revision}", file=stdout)
    return 0


def _db_check(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    from alembic.runtime.migration import MigrationContext
    from sqlalchemy.exc import SQLAlchemyError

    from chinchon.store.database import head_revision
    from chinchon.store.integrity import check

    url, shown, engine = _open(args, create=False)
    try:
        report = check(engine, head_revision(),
                       lambda c: MigrationContext.configure(c).get_current_revision())
    except SQLAlchemyError as error:  # not a database at all, or unreachable
        return _problem("cannot check", shown, error, url)
    finally:
        engine.dispose()
    stdout.write("\n".join(report.lines()) + "\n")
    return 0 if report.sound else 1


def _db_backup(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    from sqlalchemy.exc import SQLAlchemyError

    from chinchon.store.integrity import BackupError, backup

    url, shown, engine = _open(args, create=False)
    target = Path(args.file)
    try:
        pages = backup(engine, target)
    except sqlite3.Error as error:  # the target's folder is missing or not writable
        raise BackupError(f"cannot write {quote(args.file, 200)}: {error}") from None
    except SQLAlchemyError as error:
        return _problem("cannot back up", shown, error, url)
    finally:
        engine.dispose()
    print(f"{shown}: copied to {target} ({pages} pages)", file=stdout)
    return 0


def add_commands(commands: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    """Register ``db`` and its actions on the main parser's subcommands."""
    db_cmd = commands.add_parser(
        "db", help="the progress database: migrate, check, back up",
        description="The database of learners and their attempts (CHINCHON_DB_URL, default a "
                    "SQLite file in data/). The site migrates it by itself at start-up.")
    actions = db_cmd.add_subparsers(dest="db_command", required=True, metavar="ACTION",
                                    parser_class=parser_class)
    upgrade_cmd = actions.add_parser("upgrade", help="apply every migration not applied yet")
    check_cmd = actions.add_parser(
        "check", help="integrity, revision and rows per table; exit 1 on any problem",
        description="Check the database: SQLite's integrity_check, the migration revision "
                    "against this code's newest, and the rows of every table. Exit 0 when "
                    "sound, 1 naming each problem.")
    backup_cmd = actions.add_parser(
        "backup", help="copy the SQLite database to a new FILE while the site runs",
        description="Copy a SQLite database with SQLite's online backup (the site may keep "
                    "writing meanwhile) to FILE, which must not exist. For PostgreSQL use "
                    "pg_dump.")
    backup_cmd.add_argument("file", metavar="FILE", help="the new file to write")
    for command, run in ((upgrade_cmd, _db_upgrade), (check_cmd, _db_check),
                         (backup_cmd, _db_backup)):
        command.add_argument("--url", metavar="URL", help=_URL_HELP)
        command.set_defaults(run=run)
