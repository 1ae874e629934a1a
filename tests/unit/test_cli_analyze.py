"""``python -m chinchon analyze``: the DESIGN.md contract, one hand and batch mode, bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from chinchon.cli import main
from chinchon.engine.cards import parse_hand
from chinchon.engine.rules import get_rules
from harness.reference import (
    discards_problems,
    hand_problems,
    solve,
    solve_discards,
    table_of,
)

ROOT = Path(__file__).resolve().parents[2]
HAND_KEYS = {"hand", "loose_points", "melds", "loose", "can_close", "outcome", "score"}
DISCARD_KEYS = {"card", "loose_points", "can_close", "outcome", "score"}


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "chinchon", "analyze", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_one_hand() -> None:
    done = run("--rules", "barajamos", "7o", "7c", "7b", "9e", "10e", "11e", "4o")
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    answer = json.loads(lines[0])
    assert answer.keys() >= HAND_KEYS
    assert answer["hand"] == ["7o", "7c", "7b", "9e", "10e", "11e", "4o"]
    assert (answer["loose_points"], answer["can_close"], answer["outcome"], answer["score"]) == \
        (4, True, "points", 4)
    assert answer["melds"] == [["7o", "7c", "7b"], ["9e", "10e", "11e"]]
    assert answer["loose"] == ["4o"]


@pytest.mark.parametrize(("args", "text", "outcome", "score"), [
    (["--rules", "barajamos"], "7o 8o 9o 10o 2c 2e 2b", "minus_ten", -10),
    (["--rules", "barajamos"], "3e 4e 5e 6e 7e 8e 9e", "chinchon", None),
    (["--rules", "barajamos"], "5o 5c 5e 1b 2b 3b 10o", "cannot_close", None),
    (["--rules", "jeux-de-cartes"], "3e 4e 5e 6e 7e 10e 11e", "chinchon", -10),
    (["--rules", "ludoteka", "--jokers", "2"], "3e JK 5e 6e 7e 10e 11e", "chinchon_with_joker",
     -25),
    (["--rules", "barajamos", "--decks", "2"], "7o 7o 7c 1e 2e 3e 4e", "minus_ten", -10),
    (["--rules", "ludoteka", "--deck", "48"], "7o 8o 9o 1e 2e 3e 4e", "minus_ten", -10),
])
def test_outcomes(args: list[str], text: str, outcome: str, score: int | None) -> None:
    answer = json.loads(run(*args, *text.split()).stdout)
    assert (answer["outcome"], answer["score"]) == (outcome, score)


def test_eight_cards() -> None:
    done = run("--rules", "fournier", "3c", "4c", "5c", "7b", "7o", "7e", "1o", "6c")
    answer = json.loads(done.stdout)
    assert answer["hand"] == ["3c", "4c", "5c", "7b", "7o", "7e", "1o", "6c"]
    assert [row["card"] for row in answer["discards"]] == answer["hand"]
    assert all(row.keys() >= DISCARD_KEYS for row in answer["discards"])
    assert answer["best"] == "1o"
    assert answer["discards"][6] == {"card": "1o", "loose_points": 0, "can_close": True,
                                     "outcome": "minus_ten", "score": -10}


def test_batch_mode_goes_on_after_a_bad_line() -> None:
    lines = ["7o 7c 7b 1e 2e 3e 4o", "7o 7c 7b 1e 2e 3e 4x", "", "8o 1o 2o 3o 4o 5o 6o",
             "3c 4c 5c 7b 7o 7e 1o 6c", "1o 2o", "7o, 7c, 7b, 1e, 2e, 3e, 4o"]
    done = run("--rules", "fournier", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0 and done.stderr == ""
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert answers[0]["loose_points"] == 4 == answers[6]["loose_points"]
    assert list(answers[1]) == ["error"] and "'4x'" in answers[1]["error"]
    assert list(answers[2]) == ["error"]
    assert "'8o'" in answers[3]["error"]
    assert answers[4]["best"] == "1o"
    assert "got 2" in answers[5]["error"]


def test_batch_answers_agree_with_the_reference() -> None:
    rules = get_rules("ludoteka", jokers=2)
    table = table_of(rules)
    hands = ["1c 1e JK JK 4o 6o 10o", "3c 4c 5c 6c 6o 6e 1b", "JK 2o 3o 4o 4c 4e 4b",
             "1c 1e JK JK 4o 6o 10o 5o", "5o 5c 5e 5b 4o 6o 4c 7c"]
    out = io.StringIO()
    assert main(["analyze", "--rules", "ludoteka", "--jokers", "2"],
                io.StringIO("\n".join(hands)), out) == 0
    for text, line in zip(hands, out.getvalue().splitlines(), strict=True):
        cards = parse_hand(text)
        answer = json.loads(line)
        if len(cards) == 7:
            assert hand_problems(cards, answer, solve(cards, table), table) == []
        else:
            assert discards_problems(cards, answer, solve_discards(cards, table), table) == []


BAD = [
    (["--rules", "barajamos", "7o", "7c", "7b", "9e", "10e", "11e", "4x"], "'4x'"),
    (["--rules", "fournier", "8o", "7c", "7b", "1e", "2e", "3e", "4o"], "'8o'"),
    (["--rules", "barajamos", "7o", "7o", "7b", "9e", "10e", "11e", "4o"], "'7o'"),
    (["--rules", "barajamos", "--decks", "2", "7o", "7o", "7o", "9e", "10e", "11e", "4o"], "'7o'"),
    (["--rules", "ludoteka", "--jokers", "2", "JK", "JK", "JK", "1o", "2o", "3o", "4o"], "'JK'"),
    (["--rules", "ludoteka", "JK", "7c", "7b", "1e", "2e", "3e", "4o"], "'JK'"),
    (["--rules", "barajamos", "7o", "7c", "7b", "9e", "10e", "11e"], "got 6"),
    (["--rules", "barajamos", "1o", "2o", "3o", "4o", "5o", "6o", "7o", "8o", "9o"], "got 9"),
    (["--rules", "chinchon", "7o"], "'chinchon'"),
    (["--rules", "fournier", "--decks", "2", "7o"], "2"),
    (["--rules", "fournier", "--jokers", "2", "7o"], "'jokers'"),
    (["--rules", "barajamos", "--deck", "40", "7o"], "'deck'"),
    (["--rules", "ludoteka", "--deck", "44", "7o"], "44"),
    (["--rules", "ludoteka", "--decks", "x", "7o"], "'x'"),
    (["--rules", "barajamos", "--limit", "5", "7o"], "--limit"),
    (["7o", "7c"], "--rules"),
]


@pytest.mark.parametrize(("args", "quoted"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input(args: list[str], quoted: str) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and done.stderr.endswith("\n")
    assert done.stderr.startswith("error: ") and quoted in done.stderr
    assert "Traceback" not in done.stderr


def test_bad_options_stop_batch_mode_before_reading() -> None:
    done = run("--rules", "ludoteka", "--jokers", "1", stdin="7o 7c 7b 9e 10e 11e 4o\n")
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) == 1


def test_main_in_process_reports_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["analyze", "--rules", "fournier", "9o", "1o", "2o", "3o", "4o", "5o", "6o"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'9o'" in err
