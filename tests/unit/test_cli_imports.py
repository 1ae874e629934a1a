"""The command line loads only what its command needs: ``analyze`` and ``close`` (one hand)
load no game, bots or store; ``--version`` loads none of the solver either."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import chinchon

HEAVY = ("chinchon.game.state", "chinchon.game.bots", "chinchon.game.players",
         "chinchon.store", "sqlalchemy", "alembic", "streamlit")

PROBE = """
import io, json, sys
from chinchon.cli import main
out = io.StringIO()
try:
    main(sys.argv[1:], stdin=io.StringIO(sys.stdin.read()), stdout=out)
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def loaded(args: list[str], stdin: str = "") -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], input=stdin, text=True,
                          capture_output=True, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def heavy_in(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.startswith(HEAVY))


@pytest.mark.parametrize("args", [
    ["analyze", "--rules", "fournier", "3c", "4c", "5c", "7b", "7o", "7e", "1o"],
    ["analyze", "--rules", "ludoteka", "3c", "4c", "5c", "7b", "7o", "7e", "1o", "12b"],
])
def test_analyze_loads_no_game_and_no_store(args: list[str]) -> None:
    assert heavy_in(loaded(args)) == []


def test_close_loads_no_game_and_no_store() -> None:
    request = {"rules": "fournier", "closer": ["1o", "2o", "3o", "4o", "5c", "5e", "5b"],
               "opponents": [["6o", "7c", "7e", "7b", "10c", "11c", "12c"]]}
    assert heavy_in(loaded(["close"], json.dumps(request))) == []


def test_the_probe_sees_what_a_game_command_loads() -> None:
    # the check above means something only if a command that plays does show up in it
    modules = loaded(["play", "--rules", "fournier", "--seats", "greedy,random", "--seed", "1"])
    assert "chinchon.game.state" in modules


def test_version() -> None:
    done = subprocess.run([sys.executable, "-m", "chinchon", "--version"], text=True,
                          capture_output=True, check=True)
    assert done.stdout.strip() == f"Chinchón Lab {chinchon.__version__}"
