"""Shared fixtures: a database for every test process, a PostgreSQL cluster of our own, and
deterministic property tests.

The site's default database is a SQLite file in ``data/``; the tests never touch it:
``CHINCHON_DB_URL`` points at a file in a temporary folder of this process (the browser tests'
servers inherit it). Under pytest-xdist each worker imports this file itself, so each worker
has its own file (its folder named after the worker). ``postgres`` starts a throwaway cluster
(harness/postgres.py) once per process, so once per xdist worker, each on its own port and in
its own folder; without PostgreSQL's server binaries those tests skip, except under
``CI=true``, where they fail.

Hypothesis runs derandomized (the examples are a function of the test, the same every run and
on every worker), with no example database; ``HYPOTHESIS_PROFILE=random`` explores new
examples instead.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from datetime import timedelta

import pytest
from hypothesis import settings

from harness.postgres import Cluster, find_bin

#: The xdist worker running this process ("gw0", "gw1"…), or "main" without xdist.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
_TMP = tempfile.mkdtemp(prefix=f"chinchon-test-db-{WORKER}-")
os.environ["CHINCHON_DB_URL"] = f"sqlite:///{_TMP}/chinchon.db"
# An unexpected error on a page is also shown as Streamlit's exception (webui/errors.py), so
# the pages' tests that look for one (AppTest's at.exception, stException) still find it.
os.environ.setdefault("CHINCHON_PAGE_ERRORS", "show")

# A deadline loose enough for a busy two-core machine; tests that need none say so.
settings.register_profile("deterministic", derandomize=True, database=None,
                          deadline=timedelta(seconds=10))
settings.register_profile("random", derandomize=False, deadline=timedelta(seconds=10))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "deterministic"))


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
