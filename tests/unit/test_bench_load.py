"""The load benchmark's smoke run: two sessions for a few seconds against a real server, every
page's interactions, no error (the full run's figures are in the README); and its client of
Streamlit's protocol refuses a Streamlit it was not written for."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import streamlit

from harness.streamlit_protocol import WRITTEN_FOR, StreamlitVersionError, check_streamlit_version

ROOT = Path(__file__).resolve().parents[2]


def test_the_protocol_client_is_written_for_the_pinned_streamlit() -> None:
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    (pin,) = [d for d in dependencies if re.match(r"streamlit\b", d)]
    assert pin == f"streamlit=={WRITTEN_FOR}.*"
    check_streamlit_version(streamlit.__version__)  # the installed one: no error


@pytest.mark.parametrize("installed", ["1.68.0", "1.6.7", "2.67.0"])
def test_another_streamlit_is_refused_naming_both_versions(installed: str) -> None:
    with pytest.raises(StreamlitVersionError) as refused:
        check_streamlit_version(installed)
    assert f"Streamlit {WRITTEN_FOR}.*" in str(refused.value)
    assert repr(installed) in str(refused.value)


def own_database(folder: Path) -> dict[str, str]:
    """The benchmark's server on a database of its own, not the test run's: what it writes is
    no test's business (sharing the file once showed the store's lock bug that
    test_store_file.test_the_guard_never_closes_a_descriptor_of_the_file now guards)."""
    return {**os.environ, "CHINCHON_DB_URL": f"sqlite:///{folder}/bench.db"}


@pytest.mark.slow
def test_two_sessions_for_a_few_seconds(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_load", "--sessions", "2", "--duration", "6",
         "--soak", "0", "--think", "0.2", "0.4"],
        capture_output=True, text=True, cwd=ROOT, timeout=300, env=own_database(tmp_path))
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert any(line.startswith("warm-up") for line in lines)
    (row,) = [line.split() for line in lines if line.split()[:1] == ["2"]]
    actions, errors = row[2], row[6]
    assert int(actions) >= 4 and int(errors) == 0, done.stdout


@pytest.mark.slow
def test_one_table_of_two_people_for_a_few_seconds(tmp_path: Path) -> None:
    """``--tables``: two seats' pages move through their components and see each other's
    moves; nothing lost or doubled, no error."""
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_load", "--tables", "1", "--table-seats", "2",
         "--duration", "20", "--idle", "3", "--think", "0.2", "0.4"],
        capture_output=True, text=True, cwd=ROOT, timeout=300, env=own_database(tmp_path))
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "0 lost or doubled" in done.stdout
    moves = int(done.stdout.split("moves ", 1)[1].split(",", 1)[0])
    assert moves >= 2, done.stdout


@pytest.mark.slow
def test_three_phones_answer_two_live_questions(tmp_path: Path) -> None:
    """``--live``: the projector's page counts every phone's throw (a double tap each) once;
    each answer's time to the projector is measured."""
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_load", "--live", "3", "--live-rounds", "2",
         "--think", "0.2", "0.4"],
        capture_output=True, text=True, cwd=ROOT, timeout=300, env=own_database(tmp_path))
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "answers 6, seen on the projector 6:" in done.stdout
    assert "answers lost or doubled: 0" in done.stdout
