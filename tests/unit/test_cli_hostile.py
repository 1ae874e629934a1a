"""Hostile command-line input (issue 14, items 1, 3 and 6): deep and huge JSON, bytes that are
not UTF-8 in a batch or a pack, malformed pack blocks, and arguments full of escapes. Each run
is a real ``python -m chinchon`` process with a strict UTF-8 standard input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from chinchon.cli_io import MAX_JSON_BYTES, MAX_JSON_DEPTH, json_depth

ROOT = Path(__file__).resolve().parents[2]
CLOSER = ["7o", "7c", "7b", "9e", "10e", "11e", "4o"]
OPPONENT = ["7e", "1c", "3c", "5o", "8b", "2b", "6o"]
GOOD_PACK = (ROOT / "puzzles" / "fournier.txt").read_text(encoding="utf-8")
# Strict UTF-8 on every stream, whatever the machine's locale (as the attack had it).
STRICT = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "PYTHONUTF8": "1"}


def chinchon(*args: str, stdin: bytes = b"", timeout: float = 120
             ) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "chinchon", *args], input=stdin,
                          capture_output=True, cwd=ROOT, timeout=timeout, env=STRICT)


def one_error_line(done: subprocess.CompletedProcess[bytes]) -> str:
    """Exit 2, nothing on stdout, exactly one short printable line on stderr."""
    assert done.returncode == 2, done.stderr[-500:]
    assert done.stdout == b""
    text = done.stderr.decode("utf-8")
    lines = text.splitlines()
    assert len(lines) == 1, text[:500]
    assert lines[0].startswith("error: ") and lines[0].isprintable()
    assert len(lines[0]) < 400
    return lines[0]


def close_request(**fields: object) -> dict[str, object]:
    return {"rules": "barajamos", "closer": CLOSER, "opponents": [OPPONENT], **fields}


# --- 1. close: nested and huge JSON -------------------------------------------------------------

@pytest.mark.parametrize("where", ["top", "closer", "arrangement", "opponents"])
def test_close_refuses_deep_nesting_with_the_limit(where: str) -> None:
    deep = "[" * 5000 + "]" * 5000
    text = {
        "top": deep,
        "closer": json.dumps(close_request()).replace(json.dumps(CLOSER), deep),
        "arrangement": json.dumps(close_request(closer={"melds": "MELDS", "loose": ["4o"]}))
        .replace('"MELDS"', "[" + deep + "]"),
        "opponents": json.dumps(close_request()).replace(json.dumps([OPPONENT]), deep),
    }[where]
    line = one_error_line(chinchon("close", stdin=text.encode()))
    assert f"the limit is {MAX_JSON_DEPTH}" in line


def test_close_refuses_an_input_over_the_size_limit() -> None:
    text = json.dumps(close_request(padding="x" * (MAX_JSON_BYTES + 10)))
    line = one_error_line(chinchon("close", stdin=text.encode()))
    assert f"{MAX_JSON_BYTES:,} bytes" in line


def test_close_names_a_byte_that_is_not_utf8() -> None:
    text = json.dumps(close_request(), indent=1).encode().replace(b'"4o"', b'"4\xffo"')
    line = one_error_line(chinchon("close", stdin=text))
    assert "not UTF-8" in line and "0xff" in line and "line " in line


def test_close_still_answers_a_normal_request_and_a_moderately_nested_one() -> None:
    done = chinchon("close", stdin=json.dumps(close_request()).encode())
    assert done.returncode == 0 and json.loads(done.stdout)["players"][0]["role"] == "closer"
    nested = json.dumps(close_request(closer=[[["7o"]]]))  # 4 levels: a clear type error
    line = one_error_line(chinchon("close", stdin=nested.encode()))
    assert "card codes" in line


def test_json_depth_skips_brackets_inside_strings() -> None:
    assert json_depth(b'["[[[[", {"a": "}}}"}]') == 2
    assert json_depth(b'"\\"[[["') == 0
    assert json_depth(b"[" * 100) == 100


# --- 3. batch analyze: one line that is not UTF-8 ----------------------------------------------

def test_batch_analyze_keeps_every_answer_around_a_non_utf8_line() -> None:
    good = b"7o 7c 7b 9e 10e 11e 4o\n"
    lines = [good] * 1500 + [b"7o 7c \xff\xfe 9e 10e 11e 4o\n"] + [good] * 1500
    done = chinchon("analyze", "--rules", "barajamos", stdin=b"".join(lines))
    assert done.returncode == 0, done.stderr[-500:]
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert len(answers) == 3001
    assert answers[1500] == {"error": "line 1501 is not UTF-8 text: byte 0xff at column 7"}
    assert all(a.get("loose_points") == 4 for i, a in enumerate(answers) if i != 1500)


def test_batch_analyze_refuses_an_overlong_line_and_cuts_quoted_input() -> None:
    stdin = b"7o " * 100_000 + b"\n" + b"zz" * 2000 + b"\n" + b"7o 7c 7b 9e 10e 11e 4o\n"
    done = chinchon("analyze", "--rules", "barajamos", stdin=stdin)
    assert done.returncode == 0
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert "line 1 is longer than" in answers[0]["error"]
    assert len(answers[1]["error"]) < 200 and "…" in answers[1]["error"]
    assert answers[2]["loose_points"] == 4


# --- 3. puzzles check: a pack that is not UTF-8, a malformed block -----------------------------

def test_puzzles_check_names_a_non_utf8_pack_and_keeps_the_others(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text(GOOD_PACK, encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"# a pack\n\nid: x-1\nrules: barajamos\nhand: 1o \xe9 3o\n")
    done = chinchon("puzzles", "check", str(bad), str(good), timeout=300)
    assert done.returncode == 1
    out = done.stdout.decode()
    assert f"{bad}:5: the pack is not UTF-8 text (byte 0xe9)" in out
    count = GOOD_PACK.count("\nid: ") + GOOD_PACK.startswith("id: ")
    assert f"{good}: {count} puzzles" in out


def test_one_malformed_block_does_not_hide_the_rest_of_its_pack(tmp_path: Path) -> None:
    blocks = GOOD_PACK.split("\n\n")
    first = next(i for i, block in enumerate(blocks) if "id: " in block)
    blocks.insert(first + 1, "id: broken-1\nrules: barajamos\nnonsense line " + "é" * 500)
    pack = tmp_path / "mixed.txt"
    pack.write_text("\n\n".join(blocks), encoding="utf-8")
    done = chinchon("puzzles", "check", str(pack), timeout=300)
    assert done.returncode == 1
    out = done.stdout.decode()
    count = GOOD_PACK.count("\nid: ") + GOOD_PACK.startswith("id: ")
    assert f"{pack}: {count} puzzles" in out  # every good block was still checked
    problem = next(line for line in out.splitlines() if "expected 'key: value'" in line)
    assert len(problem) < 300 and "…" in problem


def test_puzzles_check_names_a_missing_pack(tmp_path: Path) -> None:
    done = chinchon("puzzles", "check", str(tmp_path / "none.txt"))
    assert done.returncode == 1 and b"cannot read puzzle pack" in done.stdout


# --- 6. messages quote a few dozen characters, escaped ------------------------------------------

@pytest.mark.parametrize("args", [
    ["analyze", "--rules", "x" * 100_000],
    ["analyze", "--rules", "barajamos", "7o\x1b[2J\n\rboom"],
    ["analyze", "--rules", "barajamos", "--decks", "2\x1b]0;pwned\x07"],
    ["analyze", "--rules", "barajamos", "--decks", "9" * 5000],
    ["analyze", "--rules", "barajamos", "--nope\nline two"],
    ["odds", "--rules", "\x1b[31mred"],
    ["no-such-command\x1b[1m" + "y" * 10_000],
    ["analyze", "--rules", "barajamos", *(["7o"] * 50_000)],
])
def test_errors_are_one_short_escaped_line(args: list[str]) -> None:
    line = one_error_line(chinchon(*args))
    assert "\x1b" not in line


def test_a_huge_profile_name_comes_back_cut() -> None:
    line = one_error_line(chinchon("analyze", "--rules", "p" * 100_000, "7o"))
    assert "…" in line and "100000 characters" in line


# --- Issue 23, item 3: files that are not files, empty packs, a BOM ---------------------------

@pytest.fixture(scope="module")
def fifo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("fifo") / "pipe"
    os.mkfifo(path)
    return path


NOT_FILES = {"/dev/zero": "a character device", "/dev/urandom": "a character device",
             "folder": "a folder", "fifo": "a pipe (FIFO)"}


@pytest.mark.parametrize("name", list(NOT_FILES))
@pytest.mark.parametrize("command", [["puzzles", "check"], ["puzzles", "export"], ["replay"]])
def test_what_is_not_a_regular_file_is_refused_at_once(command: list[str], name: str,
                                                       fifo: Path, tmp_path: Path) -> None:
    path = {"folder": str(tmp_path), "fifo": str(fifo)}.get(name, name)
    done = chinchon(*command, path, timeout=60)
    what = "" if command == ["replay"] else "puzzle pack "
    message = f"{what}'{path}' is {NOT_FILES[name]}, not a regular file"
    if command == ["puzzles", "check"]:  # a report: the problem among the packs, exit 1
        assert done.returncode == 1 and message in done.stdout.decode()
    else:
        assert one_error_line(done) == f"error: {message}"


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n\n# and another\n"])
def test_a_pack_without_puzzles_is_an_error(text: str, tmp_path: Path) -> None:
    pack = tmp_path / "empty.txt"
    pack.write_text(text, encoding="utf-8")
    done = chinchon("puzzles", "check", str(pack))
    assert done.returncode == 1
    assert f"{pack}: the pack holds no puzzles" in done.stdout.decode()
    assert not done.stdout.decode().endswith("ok\n")
    assert one_error_line(chinchon("puzzles", "export", str(pack))).endswith(
        "the pack holds no puzzles (only blank or comment lines)")


def test_a_pack_starting_with_a_bom_is_read(tmp_path: Path) -> None:
    pack = tmp_path / "bom.txt"
    pack.write_bytes(b"\xef\xbb\xbf" + GOOD_PACK.encode("utf-8"))
    done = chinchon("puzzles", "check", str(pack))
    assert done.returncode == 0 and done.stdout.decode().endswith(": ok\n")
    exported = chinchon("puzzles", "export", str(pack))
    plain = chinchon("puzzles", "export", str(ROOT / "puzzles" / "fournier.txt"))
    assert exported.returncode == 0 and exported.stdout == plain.stdout != b""
