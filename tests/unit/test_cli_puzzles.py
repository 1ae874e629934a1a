"""The ``puzzles`` command line: generate, export, check (DESIGN.md's contract)."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from chinchon.cli import main
from chinchon.puzzles import load_all, read_pack, solve

GOOD = """\
id: demo-1
rules: barajamos
hand: 1o 2o 3o 5c 5e 5b 4c 4e
question: discard
criterion: fewest-points
themes: close-now, break-pair
difficulty: easy
answer: 4c 4e
"""


def run(*argv):
    out = io.StringIO()
    code = main(list(argv), stdout=out)
    return code, out.getvalue()


def test_export_prints_every_shipped_puzzle_with_recomputed_answers():
    code, text = run("puzzles", "export")
    assert code == 0
    lines = [json.loads(line) for line in text.splitlines()]
    puzzles = load_all(check=False)
    assert [line["id"] for line in lines] == [p.id for p in puzzles]
    for line, puzzle in list(zip(lines, puzzles, strict=True))[::25]:
        assert {"id", "rules", "options", "hand", "seen", "criterion", "answers", "themes",
                "difficulty", "question"} <= set(line)
        assert line["answers"] == list(solve(puzzle).answers)
        assert line["options"] == dict(puzzle.options)
        assert ("top" in line) == (puzzle.question == "take")
    assert any(line["options"] for line in lines)


def test_check_passes_on_a_good_pack_and_fails_on_a_wrong_answer(tmp_path, capsys):
    good = tmp_path / "good.txt"
    good.write_text(GOOD, encoding="utf-8")
    code, text = run("puzzles", "check", str(good))
    assert code == 0 and "1 puzzles in 1 packs checked: ok" in text
    bad = tmp_path / "bad.txt"
    bad.write_text(GOOD.replace("answer: 4c 4e", "answer: 5c"), encoding="utf-8")
    code, text = run("puzzles", "check", str(good), str(bad))
    assert code == 1
    assert f"{bad}:1: puzzle 'demo-1': the pack says 5c, the solver accepts 4c 4e" in text
    assert "also used in" in text  # the same id in both packs


def test_check_reports_an_unreadable_block(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text(GOOD.replace("rules: barajamos", "rules: poker"), encoding="utf-8")
    code, text = run("puzzles", "check", str(bad))
    assert code == 1 and "unknown rule profile 'poker'" in text


def test_generate_prints_a_pack_that_reads_back_and_checks():
    code, text = run("puzzles", "generate", "--rules", "fournier", "-n", "4", "--seed", "3")
    assert code == 0 and text.startswith("# Chinchón Lab puzzles, Fournier rules")
    puzzles = read_pack(text)
    assert len(puzzles) == 4 and all(p.rules_id == "fournier" for p in puzzles)
    assert run("puzzles", "generate", "--rules", "fournier", "-n", "4", "--seed", "3")[1] == text


@pytest.mark.parametrize("argv, message", [
    (["puzzles", "generate", "--rules", "poker", "-n", "3"], "unknown rule profile 'poker'"),
    (["puzzles", "generate", "--rules", "fournier", "-n", "0"], "-n must be 1 or more"),
    (["puzzles", "generate", "--rules", "fournier", "--decks", "2", "-n", "1"],
     "Fournier takes decks 1, not 2"),
    (["puzzles", "shuffle"], "invalid choice: 'shuffle'"),
    (["puzzles", "export", "/no/such/pack.txt"], "cannot read puzzle pack '/no/such/pack.txt'"),
])
def test_bad_input_is_one_line_and_exit_2(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv, stdout=io.StringIO())
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


@pytest.mark.slow
def test_check_over_every_shipped_pack_as_a_process():
    done = subprocess.run([sys.executable, "-m", "chinchon", "puzzles", "check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith("checked: ok")


def test_generate_accepts_a_house_code_and_its_pack_checks(tmp_path):
    code = "barajamos+limit=100+figures=10-10-10"
    status, text = run("puzzles", "generate", "--rules", code, "-n", "3", "--seed", "2")
    assert status == 0
    path = tmp_path / "house.txt"
    path.write_text(text, encoding="utf-8")
    puzzles = read_pack(text)
    assert len(puzzles) == 3
    canonical = "barajamos+figures=10-10-10+limit=100"
    assert {p.rules_id for p in puzzles} == {canonical} and not any(p.options for p in puzzles)
    assert all(p.id.startswith("barajamos-figures-10-10-10-limit-100-") for p in puzzles)
    assert all(p.rules.code() == canonical and p.rules.limit == 100 for p in puzzles)
    assert all(set(p.answer) == set(solve(p).answers) for p in puzzles)
    assert f"--rules {canonical} -n 3 --seed 2" in text
    status, text = run("puzzles", "check", str(path))
    assert status == 0 and text.endswith("3 puzzles in 1 packs checked: ok\n")


@pytest.mark.parametrize("rules, message", [
    ("barajamos+limit=abc", "limit"), ("nosuch+limit=100", "nosuch")])
def test_generate_refuses_a_bad_house_code_by_name(rules, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        run("puzzles", "generate", "--rules", rules, "-n", "1")
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
