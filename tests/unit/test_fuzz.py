"""Property-based fuzzing of the command line (issues 14 and 23): ``analyze`` (one hand and
batch), ``close``, ``replay`` (documents and file paths), ``match`` arguments, ``db`` URLs
(no password ever shown), and the puzzle-pack reader behind ``puzzles check``.

A run fails on any traceback (an exception other than the exit of status 2), on a hang (the
example deadline), on an error reported with exit status 0 outside batch mode, and on a batch
whose output lines are not one JSON object per input line.

Each command that reads one document on standard input (``close``, ``replay``) is one line in
:data:`JSON_COMMANDS`: its name and a strategy of documents.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chinchon.cli import main

pytestmark = pytest.mark.slow

FUZZ = settings(max_examples=100, deadline=10_000, suppress_health_check=[HealthCheck.too_slow],
                derandomize=True)
PROFILES = ["barajamos", "fournier", "jeux-de-cartes", "ludoteka"]
CODES = [f"{rank}{suit}" for rank in range(1, 13) for suit in "oceb"] + ["JK"]

# --- What a hostile user types -------------------------------------------------------------------

codes = st.sampled_from(CODES)
junk = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["0o", "13c", "7x", "JK=5c", "jk", "7O", "+", ",", "|", "/", "\x00", "\x1b[2J",
                     ":material/home:", "<script>", "7o" * 50, "٧o", "７o", "\udcff"]),
)
tokens = st.lists(st.one_of(codes, codes, codes, junk), max_size=12)
separators = st.sampled_from([" ", "  ", ",", "+", "\t", ", ", " + "])


@st.composite
def hand_texts(draw: st.DrawFn) -> str:
    return draw(separators).join(draw(tokens))


@st.composite
def input_lines(draw: st.DrawFn) -> bytes:
    """One batch line: a hand's text, sometimes with bytes that are not UTF-8."""
    text = draw(hand_texts()).replace("\n", " ").replace("\r", " ")
    data = text.encode("utf-8", "surrogateescape")
    if draw(st.booleans()):
        cut = draw(st.integers(0, len(data)))
        data = data[:cut] + draw(st.binary(min_size=1, max_size=4)).replace(b"\n", b"") + data[cut:]
    return data


json_leaves = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20),
                        st.floats(allow_nan=False), st.text(max_size=8), codes)
json_trees = st.recursive(json_leaves, lambda children: st.one_of(
    st.lists(children, max_size=8),
    st.dictionaries(st.sampled_from(["rules", "closer", "opponents", "melds", "loose", "decks",
                                     "deck", "jokers", "first_round", "total", "x"]),
                    children, max_size=6)), max_leaves=40)


VALID_CLOSES = [
    {"rules": "barajamos", "closer": ["7o", "7c", "7b", "9e", "10e", "11e", "4o"],
     "opponents": [["7e", "1c", "3c", "5o", "8b", "2b", "6o"],
                   ["12o", "12c", "12e", "1o", "2o", "3o", "5e"]]},
    {"rules": "fournier", "closer": {"melds": [["3c", "4c", "5c"], ["7o", "7b", "7e"]],
                                     "loose": ["1o"]},
     "opponents": [["6c", "2c", "1e", "1b", "11o", "11b", "10e"]]},
    {"rules": "ludoteka", "jokers": 2, "total": 20, "first_round": False,
     "closer": ["3e", "JK", "5e", "6e", "7e", "10e", "11e"],
     "opponents": [["1c", "2c", "3c", "5o", "5b", "5c", "JK"]]},
]


@st.composite
def close_requests(draw: st.DrawFn) -> bytes:
    """A close request: mostly well-formed, with any field replaced by a hostile value."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(st.binary(max_size=200))
    if kind == 1:
        depth = draw(st.integers(1, 3000))
        return ("[" * depth + "]" * depth).encode()
    if kind == 2:
        return json.dumps(draw(json_trees)).encode()
    hand = st.lists(codes, min_size=6, max_size=8)
    holding = st.one_of(hand, st.fixed_dictionaries(
        {"melds": st.lists(st.lists(codes, min_size=2, max_size=5), max_size=3),
         "loose": st.lists(codes, max_size=3)}))
    if kind < 6:  # a request that closes, then changed
        request: dict[str, Any] = dict(draw(st.sampled_from(VALID_CLOSES)))
    else:
        request = {"rules": draw(st.sampled_from(PROFILES)), "closer": draw(holding),
                   "opponents": draw(st.lists(holding, max_size=4))}
    for key in draw(st.lists(st.sampled_from(["decks", "deck", "jokers", "first_round", "total",
                                              "rules", "closer", "opponents"]), max_size=3)):
        request[key] = draw(json_trees)
    return json.dumps(request).encode()


# --- Running one command in this process ---------------------------------------------------------


def run_cli(argv: Sequence[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """``(exit status, stdout, stderr)``; any other exception propagates and fails the test."""
    stream = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8", errors="strict")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            code = main(list(argv), stdin=stream, stdout=out)
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
    return code, out.getvalue(), err.getvalue()


def check_single(code: int, out: str, err: str) -> None:
    """One answer or one error: exit 0 with a JSON object and no error, or exit 2 with one line."""
    if code == 0:
        answer = json.loads(out)
        assert isinstance(answer, dict) and "error" not in answer, out[:300]
        assert err == ""
    else:
        assert code == 2, (code, out[:300], err[:300])
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), err[:300]
        assert lines[0].isprintable() and len(lines[0]) < 400
        assert out == ""


# --- The properties ------------------------------------------------------------------------------


@FUZZ
@given(st.sampled_from(PROFILES), hand_texts())
def test_fuzz_analyze_one_hand(profile: str, text: str) -> None:
    words = text.split() or ["7o"]
    check_single(*run_cli(["analyze", "--rules", profile, "--", *words]))


@FUZZ
@given(st.sampled_from(PROFILES), st.lists(input_lines(), min_size=1, max_size=30))
def test_fuzz_analyze_batch(profile: str, lines: list[bytes]) -> None:
    code, out, err = run_cli(["analyze", "--rules", profile], b"\n".join(lines) + b"\n")
    assert code == 0 and err == "", (code, err[:300])
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == len(lines)
    for answer in answers:
        assert isinstance(answer, dict)
        if "error" in answer:
            assert set(answer) == {"error"} and len(answer["error"]) < 400


@functools.cache
def _game_records() -> tuple[str, str]:
    """A short real game's record, as text and as JSON (``play``), to mutate."""
    argv = ["play", "--rules", "fournier", "--seats", "random,random", "--seed", "3"]
    _, text, _ = run_cli(argv)
    _, as_json, _ = run_cli([*argv, "--json"])
    return text, as_json


@st.composite
def replay_records(draw: st.DrawFn) -> bytes:
    """A game record, text or JSON, cut, with lines dropped or changed, bytes inserted."""
    text, as_json = _game_records()
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return draw(st.binary(max_size=200))
    if kind == 1:
        depth = draw(st.integers(1, 3000))
        return ("[" * depth + "]" * depth).encode()
    if kind == 2:
        return json.dumps(draw(json_trees)).encode()
    if kind == 5 and draw(st.booleans()):
        return json_record_changed(draw, as_json)
    lines = (text if kind < 5 else as_json).splitlines(keepends=True)
    if kind == 3:  # without its result headers a cut record is a game not finished yet
        lines = [line for line in lines if not line.startswith(("[Result", "[Totals"))]
    lines = lines[:draw(st.one_of(st.just(len(lines)), st.integers(0, len(lines))))]
    for _ in range(draw(st.integers(0, 3))):
        if lines:
            index = draw(st.integers(0, len(lines) - 1))
            lines[index] = draw(st.one_of(st.just(""), hand_texts(), st.text(max_size=30)))
    data = "".join(lines).encode("utf-8", "surrogateescape")
    if draw(st.booleans()):
        cut = draw(st.integers(0, len(data)))
        data = data[:cut] + draw(st.binary(min_size=1, max_size=3)) + data[cut:]
    return data


def json_record_changed(draw: st.DrawFn, as_json: str) -> bytes:
    """The JSON record with a few of its objects' keys dropped, renamed, nulled or changed."""
    data = json.loads(as_json)
    for _ in range(draw(st.integers(1, 3))):
        hand = draw(st.sampled_from(data["hands"]))
        target = draw(st.sampled_from([data, hand, hand["deal"], *hand["turns"][:3]]))
        key = draw(st.sampled_from(sorted(target)))
        how = draw(st.integers(0, 3))
        if how == 0:
            target.pop(key)
        elif how == 1:
            target[key + draw(st.sampled_from(["s", "_", "x"]))] = target.pop(key)
        else:
            target[key] = None if how == 2 else draw(json_leaves)
    return json.dumps(data).encode()


#: Commands reading one document on standard input: arguments, a strategy of documents.
JSON_COMMANDS: list[tuple[list[str], st.SearchStrategy[bytes]]] = [
    (["close"], close_requests()),
    (["replay", "--json", "-"], replay_records()),
]


@pytest.mark.parametrize(("argv", "documents"), JSON_COMMANDS,
                         ids=[argv[0] for argv, _ in JSON_COMMANDS])
def test_fuzz_json_commands(argv: list[str], documents: st.SearchStrategy[bytes]) -> None:
    answered = []

    @FUZZ
    @given(documents)
    def check(document: bytes) -> None:
        code, out, err = run_cli(argv, document)
        check_single(code, out, err)
        answered.append(code == 0)

    check()
    assert any(answered), f"{argv[0]}: no document was ever answered: the fuzzing is too blind"


pack_keys = st.sampled_from(["id", "rules", "options", "hand", "top", "seen", "question",
                             "criterion", "themes", "difficulty", "answer", "nonsense"])
pack_values = st.one_of(
    hand_texts(), st.sampled_from(PROFILES), st.sampled_from(
        ["discard", "take", "fewest-points", "close-chance", "easy", "medium", "hard",
         "decks=2", "deck=48", "jokers=2", "deck=x", "figure, break-pair", "demo-1"]),
    st.text(max_size=20))


@st.composite
def packs(draw: st.DrawFn) -> bytes:
    blocks = []
    for _ in range(draw(st.integers(0, 4))):
        lines = [f"{draw(pack_keys)}: {draw(pack_values)}".replace("\n", " ")
                 for _ in range(draw(st.integers(1, 11)))]
        if draw(st.booleans()):
            lines.insert(0, "id: fuzz-1")
        blocks.append("\n".join(lines))
    data = "\n\n".join(blocks).encode("utf-8", "surrogateescape")
    if draw(st.integers(0, 4)) == 0:
        cut = draw(st.integers(0, len(data)))
        data = data[:cut] + draw(st.binary(min_size=1, max_size=3)) + data[cut:]
    return data


@FUZZ
@given(packs())
def test_fuzz_pack_reader(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.txt"
        path.write_bytes(data)
        code, out, err = run_cli(["puzzles", "check", str(path)])
    assert code in (0, 1), (code, err[:300])
    assert err == ""
    last = out.splitlines()[-1]
    assert last.endswith(": ok") == (code == 0), out[-300:]


# --- replay FILE, match and db (issue 23) -------------------------------------------------------


@pytest.fixture(scope="module")
def odd_paths(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Paths that are not record files: devices, a folder, a FIFO, a missing file, a BOM."""
    folder = tmp_path_factory.mktemp("paths")
    os.mkfifo(folder / "pipe")
    (folder / "bom.txt").write_bytes(b"\xef\xbb\xbf" + _game_records()[0].encode())
    (folder / "empty.txt").write_bytes(b"")
    return ["/dev/zero", "/dev/urandom", "/dev/null", str(folder), str(folder / "pipe"),
            str(folder / "missing"), str(folder / "bom.txt"), str(folder / "empty.txt"), ""]


def test_fuzz_replay_paths(odd_paths: list[str]) -> None:
    @FUZZ
    @given(st.sampled_from(odd_paths), st.booleans())
    def check(path: str, as_json: bool) -> None:
        code, out, err = run_cli(["replay", path, *(["--json"] if as_json else [])])
        if as_json:
            check_single(code, out, err)
        else:
            assert code in (0, 2) and (code == 0) == (err == ""), (code, err[:300])

    check()


match_numbers = st.one_of(st.integers(-3, 4), st.integers(10**5 - 1, 10**30),
                          st.sampled_from(["x", "", "1e3", "٣", "2.5", "-0"]))
bot_lists = st.one_of(st.sampled_from(["greedy,random", "random,random", "greedy,random,greedy"]),
                      st.lists(st.one_of(st.sampled_from(["greedy", "random", "expert"]),
                                         st.text(max_size=6)), max_size=4).map(",".join))


@FUZZ
@given(st.sampled_from(PROFILES), bot_lists, match_numbers, st.sampled_from(["1", "0", "65",
                                                                             str(10**9), "w"]))
def test_fuzz_match_arguments(profile: str, bots: str, games: int | str, workers: str) -> None:
    code, out, err = run_cli(["match", "--rules", profile, "--bots", bots, "--games", str(games),
                              "--workers", workers, "--json"])
    if code == 0:
        lines = [json.loads(line) for line in out.splitlines()]
        assert lines[-1]["summary"] and lines[-1]["games"] == len(lines) - 1
    else:
        assert code == 2 and out == "", (code, err[:300])
        (line,) = [x for x in err.replace("\r", "\n").splitlines() if x.startswith("error: ")]
        assert line.isprintable() and len(line) < 400


SECRET = "S3cretPW"
db_schemes = st.one_of(st.sampled_from([
    "sqlite", "postgres", "postgresql", "postgresql+psycopg", "postgresql+asyncpg",
    "postgresql+psycopg2", "postgresql+pg8000", "mysql", "mysql+pymysql", "oracle", "mssql",
    "sqlite+pysqlite", "postgresql+", "+", ""]), st.text(max_size=6))


@st.composite
def db_urls(draw: st.DrawFn) -> str:
    """A database URL with the secret as its password, some part of it broken."""
    user = draw(st.sampled_from(["admin", "", "a@b", "ü"]))
    host = draw(st.sampled_from(["127.0.0.1", "127.0.0.1:1", "127.0.0.1:port", "[::1]:2", ""]))
    database = draw(st.one_of(st.sampled_from(["x", "", "a/b", "?uri=true", "%zz"]),
                              st.text(max_size=6)))
    joiner = draw(st.sampled_from(["://", ":/", "//", ":"]))
    return f"{draw(db_schemes)}{joiner}{user}:{SECRET}@{host}/{database}"


def test_fuzz_db_urls_never_show_the_password(tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = tmp_path_factory.mktemp("db")

    @FUZZ
    @given(db_urls(), st.sampled_from([["upgrade"], ["check"], ["backup", "copy.db"]]))
    def check(url: str, action: list[str]) -> None:
        if action[0] == "backup":
            action = ["backup", str(folder / "copy.db")]
        code, out, err = run_cli(["db", *action, "--url", url])
        assert SECRET not in out + err
        assert code in (1, 2), (code, out, err)  # none of these URLs is a working database
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and lines[0].isprintable()

    check()
