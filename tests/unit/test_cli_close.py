"""``python -m chinchon close``: JSON in, JSON out, exactly as DESIGN.md says."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest

from chinchon.cli import main


def run_close(request: Any) -> dict[str, Any]:
    text = request if isinstance(request, str) else json.dumps(request)
    out = io.StringIO()
    assert main(["close"], io.StringIO(text), out) == 0
    result: dict[str, Any] = json.loads(out.getvalue())
    return result


def close_error(request: Any, capsys: pytest.CaptureFixture[str]) -> str:
    text = request if isinstance(request, str) else json.dumps(request)
    with pytest.raises(SystemExit) as exit_info:
        main(["close"], io.StringIO(text), io.StringIO())
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1, err
    return err


BARAJAMOS_EXAMPLE = {
    "rules": "barajamos",
    "closer": ["7o", "7c", "7b", "9e", "10e", "11e", "4o"],
    "opponents": [["7e", "1c", "3c", "5o", "8b", "2b", "6o"],
                  ["12e", "1o", "2o", "4b", "6c", "8c", "3e"]],
}


def test_barajamos_layoff_example_through_the_command_line() -> None:
    completed = subprocess.run([sys.executable, "-m", "chinchon", "close"],
                               input=json.dumps(BARAJAMOS_EXAMPLE), capture_output=True,
                               text=True, check=True)
    data = json.loads(completed.stdout)
    assert data["table"] == [["7o", "7c", "7e", "7b"], ["9e", "10e", "11e", "12e"]]
    closer, first, second = data["players"]
    assert closer["role"] == "closer" and closer["score"] == 4 and closer["loose"] == ["4o"]
    assert first["laid_off"] == [{"card": "7e", "meld": 0}]
    assert second["laid_off"] == [{"card": "12e", "meld": 1}]
    assert first["loose_points"] == first["score"] == 1 + 3 + 5 + 8 + 2 + 6


def test_fournier_minus_ten_example_through_the_command_line() -> None:
    opponent = ["2c", "7c", "10c", "1e", "4e", "11b", "12b"]
    for closer in (["3c", "4c", "5c", "6c", "7b", "7o", "7e"],
                   {"melds": [["3c", "4c", "5c", "6c"], ["7o", "7e", "7b"]], "loose": []}):
        data = run_close({"rules": "fournier", "closer": closer, "opponents": [opponent]})
        assert data["outcome"] == "minus_ten"
        assert sorted(map(sorted, data["table"])) == sorted(
            [sorted(["3c", "4c", "5c", "6c"]), sorted(["7o", "7e", "7b"])])
        assert data["players"][0]["score"] == -10
        assert data["players"][1]["laid_off"] == []
        assert data["players"][1]["score"] == 2 + 7 + 8 + 1 + 4 + 9 + 10


def test_output_has_every_key_of_the_contract() -> None:
    data = run_close(BARAJAMOS_EXAMPLE)
    assert {"table", "players"} <= set(data)
    for player in data["players"]:
        assert {"role", "melds", "laid_off", "loose", "loose_points", "score"} <= set(player)
        assert all(isinstance(code, str) for meld in player["melds"] for code in meld)
    assert [p["role"] for p in data["players"]] == ["closer", "opponent", "opponent"]
    assert len(data["steps"]) == 4


def test_options_and_imposed_opponent() -> None:
    data = run_close({"rules": "ludoteka", "jokers": 2, "deck": 48,
                      "closer": ["3c", "4c", "5c", "9o", "9e", "9b", "1b"],
                      "opponents": [{"melds": [["10o", "11o", "JK"]],
                                     "loose": ["6c", "2e", "8b", "12e"]}]})
    opponent = data["players"][1]
    assert opponent["melds"] == [["10o", "11o", "JK=12o"]]
    assert opponent["laid_off"] == [{"card": "6c", "meld": 1}]
    assert opponent["imposed"] is True


def test_two_decks_identical_cards() -> None:
    data = run_close({"rules": "jeux-de-cartes", "decks": 2,
                      "closer": ["3c", "4c", "5c", "7o", "7e", "7b", "1o"],
                      "opponents": [["6c", "1e", "11o", "12b", "2b", "4e", "5o"],
                                    ["6c", "2e", "11e", "12o", "3b", "5e", "6o"]]})
    assert data["players"][1]["laid_off"] == [{"card": "6c", "meld": 1}]
    assert data["players"][2]["laid_off"] == []


@pytest.mark.parametrize("request_, message", [
    ("{not json", "not valid JSON"),
    ([1, 2], "must be a JSON object"),
    ({"closer": [], "opponents": []}, "no 'rules'"),
    ({**BARAJAMOS_EXAMPLE, "rules": "mus"}, "unknown rule profile 'mus'"),
    ({**BARAJAMOS_EXAMPLE, "decks": 3}, "decks"),
    ({**BARAJAMOS_EXAMPLE, "jokers": 2}, "no option 'jokers'"),
    ({**BARAJAMOS_EXAMPLE, "colour": 1}, "unknown key 'colour'"),
    ({**BARAJAMOS_EXAMPLE, "closer": ["7o", "7c", "7b", "9e", "10e", "11e"]}, "7 cards, not 6"),
    ({**BARAJAMOS_EXAMPLE, "closer": ["7o", "7c", "7b", "9e", "10e", "11e", "4x"]},
     "unknown card '4x'"),
    ({**BARAJAMOS_EXAMPLE, "closer": ["7o", "7c", "7b", "9e", "10e", "11e", 4]},
     "list of card codes"),
    ({**BARAJAMOS_EXAMPLE, "opponents": [["7o", "1c", "3c", "5o", "8b", "2b", "6o"]]},
     "'7o' appears 2 times"),
    ({**BARAJAMOS_EXAMPLE, "closer": ["9o", "9c", "9e", "10c", "11c", "12c", "10b"]},
     "may not close"),
    ({**BARAJAMOS_EXAMPLE, "closer": {"melds": [["7o", "7c", "8b"], ["9e", "10e", "11e"]],
                                      "loose": ["4o"]}},
     "meld 1: '7o 7c 8b' is neither a group nor a run"),
    ({**BARAJAMOS_EXAMPLE, "closer": {"melds": [["7o", "7c", "7b"], ["9e", "10e", "11e"]],
                                      "loose": ["4o", "1o"]}}, "7 cards, not 8"),
    ({**BARAJAMOS_EXAMPLE, "closer": {"melds": [["7o", "7c", "7b"]],
                                      "loose": ["9e", "10e", "11e", "12o"]}}, "may not close"),
    ({**BARAJAMOS_EXAMPLE, "opponents": []}, "at least one opponent"),
    ({**BARAJAMOS_EXAMPLE, "opponents": "7e 1c"}, "'opponents' must be a list"),
    ({**BARAJAMOS_EXAMPLE, "total": "ten"}, "'total' must be a whole number"),
    ({**BARAJAMOS_EXAMPLE, "rules": "ludoteka", "closer": ["3c", "4c", "5c", "7o", "7e", "7b",
                                                           "1b"],
      "opponents": [["1c", "2c", "4o", "5e", "6b", "10b", "11o"]], "first_round": True},
     "first round"),
])
def test_bad_input_exits_2_with_one_line(request_: Any, message: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert message in close_error(request_, capsys)


def test_bad_input_through_the_command_line() -> None:
    completed = subprocess.run([sys.executable, "-m", "chinchon", "close"], input="[",
                               capture_output=True, text=True)
    assert completed.returncode == 2
    assert completed.stdout == ""
    assert completed.stderr.startswith("error: standard input is not valid JSON")
