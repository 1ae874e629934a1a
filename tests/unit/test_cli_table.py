"""``python -m chinchon table new|show|record`` (issue 20's contract): the JSON fields, a
table that starts once every person seat is opened, the record once it is over, exit 2 with a
named message on every bad input."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import select, update

from chinchon.game.records import read_record
from chinchon.store.store import Store
from chinchon.store.table_schema import PlayTable
from chinchon.store.tables import Tables
from tests.unit.test_cli_db import run  # the command line in process: (exit code, stdout)


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path}/tables.db"
    monkeypatch.setenv("CHINCHON_DB_URL", url)
    return url


def seat_keys(made: dict[str, object]) -> dict[int, str]:
    links = made["links"]
    assert isinstance(links, dict)
    keys = {}
    for seat, address in links.items():
        query = parse_qs(urlsplit(address).query)
        assert urlsplit(address).path == "/Tables"
        assert query["table"] == [str(made["table"])] and query["seat"] == [seat]
        keys[int(seat)] = query["key"][0]
    return keys


def test_new_show_and_record(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run("table", "new", "--rules", "fournier", "--seats", "person,person,expert",
                    "--clock", "60", "--listed", "--json")
    assert code == 0
    made = json.loads(out)
    assert set(made) == {"table", "code", "links"} and isinstance(made["table"], int)
    keys = seat_keys(made)
    assert set(keys) == {0, 1}
    table = made["table"]
    shown = json.loads(run("table", "show", str(table), "--json")[1])
    assert shown["table"] == table and shown["rules"] == "fournier"
    assert [s["kind"] for s in shown["seats"]] == ["person", "person", "bot"]
    assert shown["seats"][2]["bot"] == "expert" and shown["to_play"] is None
    assert "hand" not in shown and isinstance(shown["stock"], int)
    for key in ("version", "pile", "totals"):
        assert key in shown
    # Opening every person seat starts the table by itself.
    tables = Tables(Store(db), pace=0.0)
    for seat, key in keys.items():
        tables.sit(table, seat, key)
    mine = json.loads(run("table", "show", str(table), "--seat", "1", "--key", keys[1],
                          "--json")[1])
    assert mine["status"] == "playing" and isinstance(mine["to_play"], int)
    assert len(mine["hand"]) == 7 and mine["version"] == tables.version(table)
    assert mine["pile"][0] == tables.page(table, 1, keys[1]).view.top.code()  # type: ignore[union-attr]
    code, _ = run("table", "record", str(table))
    assert code == 2 and "still being played" in capsys.readouterr().err
    text = run("table", "show", str(table))[1]
    assert f"table {table}" in text and "to play:" in text


def test_a_finished_table_prints_its_record(db: str) -> None:
    code, out = run("table", "new", "--rules", "fournier", "--seats", "person,greedy",
                    "--json")
    made = json.loads(out)
    keys = seat_keys(made)
    tables = Tables(Store(db), pace=0.0, away=0.0)  # the person is away: a bot plays him
    tables.sit(made["table"], 0, keys[0])
    for _ in range(5000):
        if tables.info(made["table"]).finished:
            break
        tables.tick(made["table"])
    code, out = run("table", "record", str(made["table"]))
    assert code == 0
    assert read_record(out).final.is_over


def test_close_idle_closes_only_the_tables_idle_for_a_day(db: str) -> None:
    made = [json.loads(run("table", "new", "--rules", "fournier", "--seats", "person,expert",
                           "--json")[1]) for _ in range(3)]
    with Store(db).engine.begin() as connection:
        for days, table in zip((2, 0.5), (made[0]["table"], made[1]["table"]), strict=True):
            moved = connection.scalar(select(PlayTable.moved_at).where(PlayTable.id == table))
            connection.execute(update(PlayTable).where(PlayTable.id == table).values(
                moved_at=moved - datetime.timedelta(days=days)))
    assert run("table", "close-idle") == (0, "closed 1 idle table\n")
    statuses = [json.loads(run("table", "show", str(m["table"]), "--json")[1])["status"]
                for m in made]
    assert statuses == ["closed", "open", "open"]
    assert run("table", "close-idle") == (0, "closed 0 idle tables\n")


@pytest.mark.parametrize(("argv", "message"), [
    (["new", "--rules", "nope", "--seats", "person,expert"], "nope"),
    (["new", "--rules", "fournier", "--seats", "person,wizard"], "'wizard'"),
    (["new", "--rules", "fournier", "--seats", "expert,expert"], "at least one person"),
    (["new", "--rules", "fournier", "--seats", "person,person,person,person,person"],
     "2 to 4 players"),
    (["new", "--rules", "fournier", "--seats", "person,expert", "--clock", "-5"], "clock"),
    (["show", "99"], "no table 99"),
    (["show", "x1"], "invalid int"),
    (["record", "99"], "no table 99"),
])
def test_bad_input_exits_2_naming_it(db: str, capsys: pytest.CaptureFixture[str],
                                     argv: list[str], message: str) -> None:
    code, _ = run("table", *argv)
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_wrong_key_or_a_lone_seat_exits_2(db: str, capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    made = json.loads(run("table", "new", "--rules", "fournier", "--seats", "person,expert",
                          "--json")[1])
    keys = seat_keys(made)
    table = str(made["table"])
    assert run("table", "show", table, "--seat", "0", "--key", keys[0] + "x")[0] == 2
    assert "does not open seat 0" in capsys.readouterr().err
    assert run("table", "show", table, "--seat", "1", "--key", keys[0])[0] == 2
    assert run("table", "show", table, "--seat", "0")[0] == 2
    assert "go together" in capsys.readouterr().err
