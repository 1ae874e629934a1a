"""A store says "saved" only when it is (issue 23, item 1): a SQLite file deleted, replaced or
damaged under a running store is found before the next write; the attempt stays queued, the
Puzzles page shows its "not being saved" banner, the log says what happened. ``db check``
and ``db backup`` (with their failures named)."""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.exc import SQLAlchemyError

from chinchon.services.progress import Outbox
from chinchon.store.database import head_revision
from chinchon.store.integrity import DatabaseFileError
from chinchon.store.rows.attempts import Attempt
from chinchon.store.store import Store
from tests.pages.test_page_puzzles_progress import (
    NOT_SAVED,
    click,
    goto,
    moves,
    session,
    take_puzzles,
)
from tests.unit.test_cli_db import run  # the command line in process: (exit code, stdout)
from webui import progress


def files(db: Path) -> list[Path]:
    return sorted(db.parent.glob(db.name + "*"))


def delete(db: Path) -> None:
    for path in files(db):
        path.unlink()


def corrupt(db: Path) -> None:
    with open(db, "r+b") as file:  # its first pages, as the attack did
        file.write(b"\x5a" * 8192)


def replace(db: Path) -> None:
    db.rename(db.with_name("moved.db"))
    Store(f"sqlite:///{db}").close()  # a new, empty database at the same path


DAMAGES = {"deleted": delete, "damaged": corrupt, "replaced": replace}


@pytest.fixture
def opened(tmp_path: Path) -> Iterator[tuple[Store, Path]]:
    db = tmp_path / "progress.db"
    store = Store(f"sqlite:///{db}")
    yield store, db
    store.close()


def attempt(learner: str, puzzle: str = "p-2") -> Attempt:
    return Attempt.new(learner, puzzle, "barajamos", "1o", True)


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_file_gone_or_damaged_keeps_the_attempt_queued_and_says_so(
        damage: str, opened: tuple[Store, Path], caplog: pytest.LogCaptureFixture) -> None:
    store, db = opened
    learner = store.new_learner()
    box = Outbox()
    box.add(attempt(learner, "p-1"))
    assert len(box.flush(store)) == 1 and len(box) == 0  # written while the file is sound
    DAMAGES[damage](db)
    box.add(attempt(learner))
    with caplog.at_level(logging.ERROR, logger="chinchon.store"):
        assert box.flush(store) == [] and box.flush(store) == []  # and again: still refused
    assert len(box) == 1 and box.error == "DatabaseFileError"
    (logged,) = [r.getMessage() for r in caplog.records if r.name == "chinchon.store"]
    assert str(db) in logged and damage.split("d")[0][:4] in logged
    assert damage != "deleted" or files(db) == []  # no empty file made in its place
    with pytest.raises(DatabaseFileError):
        store.count_attempts()


def test_a_sound_file_goes_on_taking_writes(opened: tuple[Store, Path]) -> None:
    store, db = opened
    learner = store.new_learner()
    for number in range(3):
        store.record_attempt(attempt(learner, f"p-{number}"))
    with sqlite3.connect(db) as other:  # another process reading it changes nothing
        assert other.execute("SELECT count(*) FROM puzzle_attempts").fetchone() == (3,)
    assert store.count_attempts() == 3


def test_a_damaged_file_is_refused_at_start(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    store = Store(f"sqlite:///{db}")
    learner = store.new_learner()
    for number in range(200):
        store.record_attempt(attempt(learner, f"p-{number}"))
    store.close()
    with sqlite3.connect(db) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = raw.execute("PRAGMA page_size").fetchone()[0]
        pages = raw.execute("PRAGMA page_count").fetchone()[0]
    with open(db, "r+b") as file:  # a page in the middle, not the header
        file.seek(page * (pages - 2))
        file.write(os.urandom(page))
    with pytest.raises(SQLAlchemyError, match=r"malformed|damaged|not a database"):
        Store(f"sqlite:///{db}")


@pytest.mark.parametrize("damage", ["deleted", "damaged"])
def test_the_puzzles_page_shows_the_banner_and_reports_nothing_saved(
        damage: str, opened: tuple[Store, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    store, db = opened
    monkeypatch.setattr(progress, "store", lambda: store)
    puzzles = take_puzzles()[:2]
    at = click(session(puzzle=puzzles[0].id, lang="en"), moves(puzzles[0])[0])
    learner = at.session_state["progress_learner"]
    assert store.count_attempts([learner]) == 1
    assert not any(NOT_SAVED in w.value for w in at.warning)
    DAMAGES[damage](db)
    at = click(goto(at, puzzles[1].id), moves(puzzles[1])[1])
    assert not at.exception
    assert any("Not the best" in e.value for e in at.error)  # the page goes on
    assert any(NOT_SAVED in w.value and ": 1." in w.value for w in at.warning)
    assert progress.last_attempt() is None or at.session_state["progress_last"].puzzle_id \
        == puzzles[0].id  # the second answer was never reported stored
    assert [a.puzzle_id for a in at.session_state["progress_outbox"].attempts] == \
        [puzzles[1].id]


# --- db check and db backup ---------------------------------------------------------------------



def test_db_check_reports_the_revision_and_rows(opened: tuple[Store, Path]) -> None:
    store, db = opened
    learner = store.new_learner()
    store.record_attempt(attempt(learner))
    code, out = run("db", "check", "--url", f"sqlite:///{db}")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == f"sqlite:///{db}: revision {head_revision()} (newest {head_revision()})"
    assert "learners: 1 rows" in lines and "puzzle_attempts: 1 rows" in lines
    assert lines[-1] == "sound"


def test_db_check_names_a_damaged_file_and_an_old_revision(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    db = tmp_path / "x.db"
    Store(f"sqlite:///{db}").close()
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE alembic_version SET version_num = 'old'")
    code, out = run("db", "check", "--url", f"sqlite:///{db}")
    assert code == 1 and "problem: the database is at revision old" in out
    assert out.splitlines()[-1] == "1 problem(s)"
    db.write_bytes(b"not a database at all" * 100)
    code, _ = run("db", "check", "--url", f"sqlite:///{db}")
    err = capsys.readouterr().err
    assert code == 1 and err.startswith("error: cannot check") and err.count("\n") == 1


def test_db_check_and_backup_never_make_a_missing_file(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    db = tmp_path / "none.db"
    for argv in (["check"], ["backup", str(tmp_path / "copy.db")]):
        assert run("db", *argv, "--url", f"sqlite:///{db}")[0] == 2
        assert capsys.readouterr().err == f"error: no database file at '{db}'\n"
    assert list(tmp_path.iterdir()) == []


def test_db_backup_copies_a_live_database(opened: tuple[Store, Path]) -> None:
    store, db = opened
    learner = store.new_learner()
    store.record_attempt(attempt(learner))  # still in the WAL: the backup must see it too
    copy = db.with_name("copy.db")
    code, out = run("db", "backup", str(copy), "--url", f"sqlite:///{db}")
    assert code == 0 and out.startswith(f"sqlite:///{db}: copied to {copy} (")
    assert Store(f"sqlite:///{copy}").count_attempts([learner]) == 1
    assert not copy.with_name("copy.db.part").exists()


def test_db_backup_refuses_an_existing_file_and_postgresql(opened: tuple[Store, Path],
                                                           capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    _, db = opened
    assert run("db", "backup", str(db), "--url", f"sqlite:///{db}")[0] == 2
    assert "exists already" in capsys.readouterr().err
    missing = db.parent / "no" / "such" / "copy.db"
    assert run("db", "backup", str(missing), "--url", f"sqlite:///{db}")[0] == 2
    assert capsys.readouterr().err.startswith("error: cannot write")
    url = "postgresql://admin:S3cretPW@127.0.0.1:1/x"
    assert run("db", "backup", "x.dump", "--url", url)[0] == 2
    err = capsys.readouterr().err
    assert "pg_dump" in err and "S3cretPW" not in err and err.count("\n") == 1


def test_the_guard_never_closes_a_descriptor_of_the_file(
        opened: tuple[Store, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """Closing any descriptor of the file drops this process's SQLite locks on it; another
    process then takes itself for the file's only user, removes the -shm on leaving, and the
    next connection here fails with "disk I/O error" (a fresh clone's page tests did, after
    the load benchmark's server had shared their file). So the guard's header reads open the
    file once and never close it."""
    import builtins

    store, db = opened
    touched: list[str] = []
    real_open, real_close = builtins.open, os.close

    def spy_open(file: object, *args: object, **kwargs: object) -> object:
        touched.append(f"open {file}")
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    def spy_close(fd: int) -> None:
        with contextlib.suppress(OSError):
            touched.append(f"close {os.readlink(f'/proc/self/fd/{fd}')}")
        real_close(fd)

    monkeypatch.setattr(builtins, "open", spy_open)
    monkeypatch.setattr(os, "close", spy_close)
    learner = store.new_learner()
    for puzzle in ("p-2", "p-3", "p-4"):
        store.record_attempt(attempt(learner, puzzle))
    monkeypatch.undo()
    assert store.count_attempts([learner]) == 3
    assert [line for line in touched if line.endswith(str(db))] == []


def test_a_read_does_not_wait_for_a_writer(opened: tuple[Store, Path]) -> None:
    """Reads begin deferred (database.reader): a writer holding the lock (another server's
    move, say) does not keep a table's poll or the home page waiting, nor fail it."""
    store, path = opened
    learner = store.new_learner()
    writer = sqlite3.connect(path, isolation_level=None, timeout=0)
    writer.execute("BEGIN IMMEDIATE")  # the write lock, held across the reads below
    try:
        assert store.has_learner(learner) and store.attempts(learner) == []
        assert store.learner_ratings(learner) == {} and store.played_games(learner) == []
    finally:
        writer.execute("ROLLBACK")
        writer.close()
