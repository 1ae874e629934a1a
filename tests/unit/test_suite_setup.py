"""The suite's own setup (tests/conftest.py): a database of each test process's own, so xdist
workers never share one, and hypothesis derandomized."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings


def test_each_process_has_a_database_of_its_own() -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")  # as tests/conftest.py names it
    url = os.environ["CHINCHON_DB_URL"]
    assert url.startswith("sqlite:///")
    folder = Path(url.removeprefix("sqlite:///")).parent
    assert folder.name.startswith(f"chinchon-test-db-{worker}-") and folder.is_dir()


@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE", "deterministic") != "deterministic",
                    reason="another hypothesis profile asked for")
def test_property_tests_are_derandomized() -> None:
    assert settings.default.derandomize is True
    assert settings.default.database is None
