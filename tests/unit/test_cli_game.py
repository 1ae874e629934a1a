"""The game commands: ``play``, ``replay`` and ``match`` (issue 9's contract)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from chinchon.cli import main
from chinchon.game.match import MAX_GAMES, run_match


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stderr
    sys.stderr = err
    try:
        code = main(list(argv), io.StringIO(stdin), out)
    except SystemExit as stop:
        code = int(stop.code or 0)
    finally:
        sys.stderr = saved
    return code, out.getvalue(), err.getvalue()


def test_play_prints_a_record_that_replay_accepts(tmp_path: Path) -> None:
    code, out, _ = run("play", "--rules", "fournier", "--seats", "greedy,random", "--seed", "3")
    assert code == 0 and out.startswith('[Rules "fournier"]') and "Hand 1:" in out
    path = tmp_path / "game.txt"
    path.write_text(out)
    code, totals, _ = run("replay", str(path))
    assert code == 0 and "seat 0 (greedy):" in totals and "winner: seat 0" in totals


def test_play_json_follows_the_contract(tmp_path: Path) -> None:
    code, out, _ = run("play", "--rules", "barajamos", "--seats", "greedy,random,greedy,random,"
                       "greedy", "--seed", "1", "--json")
    data = json.loads(out)
    assert code == 0 and len(out.splitlines()) == 1
    assert data["rules"] == "barajamos" and data["options"] == {"decks": 2}
    assert data["seats"] == ["greedy", "random", "greedy", "random", "greedy"]
    assert data["seed"] == 1 and data["winner"] in (None, 0, 1, 2, 3, 4)
    hand = data["hands"][0]
    assert {"first", "deal", "turns", "closer", "scores", "totals", "returns", "out"} <= set(hand)
    assert len(hand["deal"]["stock"]) == 96 - 36
    path = tmp_path / "game.json"
    path.write_text(out)
    code, summary, _ = run("replay", str(path), "--json")
    assert code == 0 and json.loads(summary)["totals"] == data["hands"][-1]["totals"]
    assert json.loads(summary)["winner"] == data["winner"]


def test_play_takes_the_deck_options() -> None:
    code, out, _ = run("play", "--rules", "ludoteka", "--jokers", "2", "--deck", "48",
                       "--seats", "greedy,greedy", "--seed", "2", "--json")
    assert code == 0 and json.loads(out)["options"] == {"deck": 48, "jokers": 2}


@pytest.mark.parametrize(("argv", "message"), [
    (["play", "--rules", "fournier", "--seats", "greedy,wizard"], "unknown bot 'wizard'"),
    (["play", "--rules", "fournier", "--seats", "greedy"], "at least two bots"),
    (["play", "--rules", "barajamos", "--seats", "greedy,random"],
     "Barajamos is for 3 to 6 players, not 2"),
    (["play", "--rules", "jeux-de-cartes", "--decks", "1", "--seats", "greedy," * 5 + "greedy"],
     "cannot deal 7 cards each to 6 players"),
    (["play", "--rules", "nope", "--seats", "greedy,greedy"], "unknown rule profile 'nope'"),
    (["replay", "/no/such/file"], "cannot read '/no/such/file'"),
])
def test_bad_game_commands_exit_2_with_one_line(argv: list[str], message: str) -> None:
    code, out, err = run(*argv)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_replay_refuses_a_record_that_breaks_a_rule(tmp_path: Path) -> None:
    _, out, _ = run("play", "--rules", "fournier", "--seats", "greedy,random", "--seed", "3")
    first = next(line for line in out.splitlines() if line.strip().startswith("1. seat"))
    path = tmp_path / "bad.txt"
    path.write_text(out.replace(first, first.replace("throws", "closes with")))
    code, _, err = run("replay", str(path))
    assert code == 2 and "hand 1, move 1:" in err and "may not close" in err


def test_replay_reads_standard_input() -> None:
    _, out, _ = run("play", "--rules", "fournier", "--seats", "greedy,greedy", "--seed", "5")
    code, totals, _ = run("replay", "-", stdin=out)
    assert code == 0 and totals.count("seat ") >= 2


def test_the_module_runs_as_a_program() -> None:
    done = subprocess.run([sys.executable, "-m", "chinchon", "play", "--rules", "fournier",
                           "--seats", "greedy,greedy", "--seed", "1", "--json"],
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0 and json.loads(done.stdout)["rules"] == "fournier"


# --- match ---------------------------------------------------------------------------------------


def test_match_prints_per_bot_figures_and_the_difference() -> None:
    code, out, err = run("match", "--rules", "fournier", "--bots", "greedy,random", "--games",
                         "4", "--seed", "2")
    assert code == 0 and "4 games on 2 duplicate deals" in out
    assert "greedy vs random: greedy keeps" in out and "95% CI" in out
    assert "match: 4/4 games" in err


def test_match_json_gives_one_line_per_game_and_a_summary() -> None:
    code, out, _ = run("match", "--rules", "barajamos", "--bots", "greedy,random", "--games",
                       "3", "--seed", "5", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    games, summary = rows[:-1], rows[-1]
    assert code == 0 and len(games) == 4  # rounded up to whole duplicate sets
    assert all(set(g) == {"seed", "seats", "hands", "totals", "winner"} for g in games)
    assert games[0]["seats"] == ["greedy", "random", "greedy"]
    assert games[1]["seats"] == ["random", "greedy", "random"]
    assert games[0]["seed"] == games[1]["seed"] == 5 and games[2]["seed"] == 6
    assert summary["summary"] is True and summary["games"] == 4
    assert set(summary["stats"]) == {"greedy", "random"}
    assert summary["differences"][0]["bots"] == ["greedy", "random"]
    low, high = summary["differences"][0]["ci95"]
    assert low <= summary["differences"][0]["mean_difference_per_hand"] <= high


def test_match_results_do_not_depend_on_the_workers() -> None:
    one = run("match", "--rules", "fournier", "--bots", "greedy,random", "--games", "4",
              "--json")[1]
    two = run("match", "--rules", "fournier", "--bots", "greedy,random", "--games", "4",
              "--workers", "2", "--json")[1]
    assert one == two


@pytest.mark.parametrize(("argv", "message"), [
    (["match", "--rules", "fournier", "--bots", "greedy,random", "--games", "0"],
     "--games must be from 1 to 100,000, not 0"),
    (["match", "--rules", "fournier", "--bots", "greedy,random", "--games", str(10**12)],
     f"--games must be from 1 to {MAX_GAMES:,}, not 1000000000000"),
    (["match", "--rules", "fournier", "--bots", "greedy,random", "--games", "2", "--workers",
      "0"], "--workers must be from 1 to 64, not 0"),
    (["match", "--rules", "fournier", "--bots", "greedy,random", "--games", "2", "--workers",
      str(10**9)], "--workers must be from 1 to 64, not 1000000000"),
    (["match", "--rules", "fournier", "--bots", "greedy,robot", "--games", "2"],
     "unknown bot 'robot'"),
    (["match", "--rules", "fournier", "--bots", "master,expert", "--games", "2", "--think",
      "-5"], "--think must be a whole number of milliseconds from 0 to 60,000, not '-5'"),
    (["play", "--rules", "fournier", "--seats", "master,expert", "--think", "1.5"],
     "--think must be a whole number of milliseconds from 0 to 60,000, not '1.5'"),
    (["play", "--rules", "fournier", "--seats", "master,expert", "--think", "<b>"],
     "--think must be a whole number of milliseconds from 0 to 60,000, not '<b>'"),
])
def test_bad_match_commands_exit_2(argv: list[str], message: str) -> None:
    code, _, err = run(*argv)
    assert code == 2 and message in err


def test_a_match_makes_its_work_as_it_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The largest match allowed starts playing at once: its deals are not all made first."""
    from chinchon.engine.rules import get_rules
    from chinchon.game import match

    seen: list[object] = []

    def first_only(work: object, tasks: object, workers: int) -> object:
        seen.append(tasks)
        yield work(next(iter(tasks)))

    monkeypatch.setattr(match, "_map", first_only)
    result = run_match(get_rules("fournier"), ["greedy", "random"], MAX_GAMES, seed=5)
    assert len(result.games) == 2 and not isinstance(seen[0], list | tuple)
    with pytest.raises(ValueError, match="games must be from 1 to 100,000"):
        run_match(get_rules("fournier"), ["greedy", "random"], MAX_GAMES + 1)


def test_think_is_master_s_budget_and_a_seed_gives_the_same_game() -> None:
    argv = ("play", "--rules", "fournier", "--seats", "master,greedy", "--seed", "4", "--json")
    first = run(*argv, "--think", "0")
    assert first[0] == 0 and first == run(*argv, "--think", "0")
    code, out, _ = run("match", "--rules", "fournier", "--bots", "master,greedy", "--games",
                       "2", "--think", "0", "--json")
    assert code == 0 and json.loads(out.splitlines()[-1])["bots"] == ["master", "greedy"]
