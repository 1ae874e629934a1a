"""Shared fixtures: a database for every test run, and a PostgreSQL cluster of our own.

The site's default database is a SQLite file in ``data/``; the tests never touch it:
``CHINCHON_DB_URL`` points at a file in a temporary folder for the whole run (the browser
tests' servers inherit it). ``postgres`` starts a throwaway cluster (harness/postgres.py); without
PostgreSQL's server binaries those tests skip, except under ``CI=true``, where they fail.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator

import pytest

from harness.postgres import Cluster, find_bin

_TMP = tempfile.mkdtemp(prefix="chinchon-test-db-")
os.environ["CHINCHON_DB_URL"] = f"sqlite:///{_TMP}/chinchon.db"
# An unexpected error on a page is also shown as Streamlit's exception (webui/errors.py), so
# the pages' tests that look for one (AppTest's at.exception, stException) still find it.
os.environ.setdefault("CHINCHON_PAGE_ERRORS", "show")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    shutil.rmtree(_TMP, ignore_errors=True)


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: the PostgreSQL tests must run, not skip)",
                    pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A PostgreSQL server for the session; ``postgres.create_database()`` gives a fresh URL."""
    bin_dir = find_bin()
    if bin_dir is None:
        _unavailable("PostgreSQL's server binaries (initdb, pg_ctl) are missing: install "
                     "Debian's postgresql (see .ci/run) or set PG_BIN")
    assert bin_dir is not None
    cluster = Cluster(bin_dir)
    yield cluster
    cluster.stop(remove=True)
