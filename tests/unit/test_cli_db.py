"""``python -m chinchon db upgrade``: migrates, is harmless twice, names a bad URL (exit 2)
and an unreachable server (exit 1) on one line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from sqlalchemy import inspect

from chinchon.cli import main
from chinchon.store.database import database_url, head_revision, make_engine


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    try:
        code = main(list(argv), stdout=out)
    except SystemExit as stop:
        code = int(stop.code or 0)
    return code, out.getvalue()


def test_upgrade_creates_the_tables_and_is_harmless_twice(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/new/progress.db"
    for _ in range(2):
        code, out = run("db", "upgrade", "--url", url)
        assert code == 0 and out == f"{url}: at revision {head_revision()}\n"
    tables = set(inspect(make_engine(url)).get_table_names())
    assert {"learners", "learner_ratings", "puzzle_ratings", "puzzle_attempts", "games",
            "alembic_version"} <= tables


def test_upgrade_reads_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path}/env.db"
    monkeypatch.setenv("CHINCHON_DB_URL", url)
    assert run("db", "upgrade")[0] == 0
    assert (tmp_path / "env.db").is_file()


def test_a_bad_url_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("db", "upgrade", "--url", "mysql://x/y")[0] == 2
    err = capsys.readouterr().err
    assert err == "error: only sqlite and postgresql are supported, not 'mysql://x/y'\n"
    assert run("db", "upgrade", "--url", "::nonsense")[0] == 2
    assert capsys.readouterr().err.startswith("error: not a database URL: '::nonsense'")


def test_an_unreachable_server_is_one_line_and_exit_1(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    code, _ = run("db", "upgrade", "--url", "postgresql+psycopg://nobody:secret@127.0.0.1:1/x")
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1
    assert err.startswith("error: cannot upgrade postgresql+psycopg://nobody:***@127.0.0.1:1/x")
    assert "secret" not in err


# --- Issue 23, item 4: secrets and drivers ------------------------------------------------------

SECRET = "S3cretPW"
HIDDEN_URLS = [
    f"postgres://admin:{SECRET}@127.0.0.1:1/x", f"postgresql://admin:{SECRET}@127.0.0.1:1/x",
    f"postgresql+psycopg://admin:{SECRET}@127.0.0.1:1/x", f"mysql://admin:{SECRET}@db/x",
    f"oracle://admin:{SECRET}@db/x", f"mssql+pyodbc://admin:{SECRET}@db/x",
    f"postgresql+asyncpg://admin:{SECRET}@db/x", f"postgresql+psycopg2://admin:{SECRET}@db/x",
    f"postgresql+nosuch://admin:{SECRET}@db/x", f"sqlite://admin:{SECRET}@db/x",
    f"postgresql://admin:{SECRET}@db:port/x", f"::admin:{SECRET}@db", f"pg:/admin:{SECRET}@/x",
]


@pytest.mark.parametrize("url", HIDDEN_URLS)
@pytest.mark.parametrize("action", [["upgrade"], ["check"], ["backup", "copy.db"]])
def test_a_password_never_appears(url: str, action: list[str],
                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run("db", *action, "--url", url)
    err = capsys.readouterr().err
    assert code in (1, 2) and err.startswith("error: ") and err.count("\n") == 1, err
    assert SECRET not in err + out


@pytest.mark.parametrize("scheme", ["postgres", "postgresql"])
def test_postgres_and_postgresql_mean_psycopg(scheme: str) -> None:
    assert database_url(f"{scheme}://u:p@h/d").drivername == "postgresql+psycopg"


@pytest.mark.parametrize(("url", "named"), [
    ("postgresql+asyncpg://u:p@h/d", "'asyncpg' is asynchronous"),
    ("postgresql+psycopg2://u:p@h/d", "'psycopg2' is not installed"),
    ("postgresql+pg8000://u:p@h/d", "'pg8000' is not installed"),
    ("postgresql+nosuch://u:p@h/d", "no database driver 'nosuch'"),
])
def test_a_driver_not_installed_is_one_line_naming_it(url: str, named: str,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    assert run("db", "upgrade", "--url", url)[0] == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and named in err and "use postgresql+psycopg://" in err
