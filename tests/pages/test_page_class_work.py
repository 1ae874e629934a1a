"""A class's work through the pages, under AppTest on the run's SQLite database: the form's
theme pick and a played game's mistakes each make an assignment, the dashboard's CSV holds
its table, the remove and archive buttons act (an archived class offers no new work), a game's
position opened from the class's link is answered as an attempt of the assignment, and the
rules tour's last step does the class's tour."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from urllib.parse import parse_qsl, urlsplit

import pandas as pd
import pytest
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage
from streamlit.testing.v1 import AppTest

from chinchon import puzzles as pz
from chinchon.game.state import legal_actions
from chinchon.store.classes import Classes
from chinchon.store.rows.classes import NewClass
from chinchon.store.rows.played import Played
from chinchon.store.store import Store
from chinchon.views import play as play_model
from chinchon.views.class_dashboard import dashboard
from chinchon.views.i18n import t
from chinchon.views.mistakes import mistake_links
from chinchon.views.tour import steps
from tests.support.pages import open_as
from webui.classes import work_links

PAGE = "pages/99_Class.py"


@pytest.fixture(scope="module")
def classes() -> Classes:
    return Classes(Store(os.environ["CHINCHON_DB_URL"]))


@pytest.fixture
def media(monkeypatch: pytest.MonkeyPatch) -> Iterator[MemoryMediaFileStorage]:
    """The files the runs' download buttons serve (AppTest makes a new store per run)."""
    storage = MemoryMediaFileStorage("/mock/media")
    monkeypatch.setattr("streamlit.testing.v1.app_test.MemoryMediaFileStorage",
                        lambda _prefix: storage)
    yield storage


def tr(key: str, **values: object) -> str:
    return t(f"class.{key}", "en", **values)


def teacher(made: NewClass) -> AppTest:
    at = open_as(None, PAGE, **{"class": made.id, "key": made.key})
    assert not at.exception, at.exception
    return at


def button(at: AppTest, label: str) -> object:
    return next(b for b in at.button if b.label == label)


def test_the_theme_pick_makes_an_assignment_of_that_theme(classes: Classes) -> None:
    made = classes.create("Tema", "barajamos", "en")
    at = teacher(made)
    theme = next(s for s in at.selectbox if s.label == tr("theme"))
    theme.set_value("break-pair")
    next(n for n in at.number_input if n.label == tr("count")).set_value(4)
    next(w for w in at.text_input if w.label == tr("title")).input("Figures")
    button(at, tr("assign")).click().run()  # type: ignore[attr-defined]
    assert not at.exception, at.exception
    [work] = classes.assignments(made.id)
    assert work.kind == "puzzles" and work.title == "Figures" and len(work.puzzles) == 4
    shipped = pz.shipped()
    assert all("break-pair" in shipped[p].themes and shipped[p].rules_id == "barajamos"
               for p in work.puzzles)


def careless_game() -> play_model.Game:
    """A fournier game where seat 0 always plays its first legal action: full of mistakes."""
    game = play_model.new_game(play_model.parse_setup("fournier", {}, "greedy", "11"))
    while not game.over and len(game.actions) < 60:
        game = game.play_bots()
        if game.over or len(game.actions) >= 60:
            break
        game = game.play(legal_actions(game.state)[0])
    return game


def test_a_played_games_mistakes_become_an_assignment_answered_on_the_puzzles_page(
        classes: Classes) -> None:
    store = classes.store
    made = classes.create("Partida", "fournier", "en")
    ana = store.new_learner()
    classes.join(made.join_code, ana, "Ana")
    game = careless_game()
    played = Played.new(ana, "fournier", game.setup.query(), "d" * 16, seats=2, origin="new")
    store.save_played(played.finish(game.code(), len(game.actions),
                                    {"winner": 1, "totals": [120, 0]}, 0.3))
    at = teacher(made)
    at.segmented_control(key="class_kind").set_value("game").run()
    assert not at.exception, at.exception
    assert at.selectbox(key="class_assign_game").options  # Ana's game, by her nickname
    button(at, tr("assign")).click().run()  # type: ignore[attr-defined]
    assert not at.exception, at.exception
    [work] = classes.assignments(made.id)
    links = mistake_links(game)
    assert links and work.kind == "puzzles" and list(work.positions.values()) == list(links)
    assert all(p.startswith(pz.POSITION_PREFIX) for p in work.puzzles)

    # Ana opens the first from her class's link and shows the solution: an attempt, unrated.
    info = classes.open(made.id, made.key)
    address = work_links(work, info, "en")[0][1]
    query = dict(parse_qsl(urlsplit(address).query))
    assert "puzzle" not in query and query["hand"]
    page = open_as(ana, "pages/5_Puzzles.py", **query)
    assert not page.exception, page.exception
    button(page, t("puzzles.solution", "en")).click().run()  # type: ignore[attr-defined]
    assert not page.exception, page.exception
    [kept] = store.attempts(ana)
    assert (kept.puzzle_id, kept.answer, kept.correct) == (work.puzzles[0], None, False)
    assert kept.learner_before is None and "fournier" not in store.learner_ratings(ana)
    board = dashboard(classes.dashboard_data(made.id, made.key), {})
    assert [(p.done, p.total) for p in board.students[0].progress] == [(1, len(links))]

    # The same position opened by a learner whose class did not assign it: nothing kept.
    eve = store.new_learner()
    page = open_as(eve, "pages/5_Puzzles.py", **query)
    button(page, t("puzzles.solution", "en")).click().run()  # type: ignore[attr-defined]
    assert not page.exception and store.attempts(eve) == []


def test_the_csv_download_holds_the_dashboards_table(
        classes: Classes, media: MemoryMediaFileStorage) -> None:
    store = classes.store
    made = classes.create("CSV", "barajamos", "en")
    classes.assign(made.id, made.key, "puzzles", puzzles=["barajamos-001", "barajamos-002"])
    classes.assign(made.id, made.key, "tour")
    for name in ("Ana", "Ben, \"the\" second"):
        learner = store.new_learner()
        classes.join(made.join_code, learner, name)
    at = teacher(made)
    shown = at.dataframe[0]  # the students' table comes first, the puzzles' after it
    [download] = [d for d in at.get("download_button") if d.proto.label == tr("csv")]
    csv = media.get_file(download.proto.url.rsplit("/", 1)[1]).content
    assert pd.read_csv(io.BytesIO(csv), dtype=str, keep_default_na=False).equals(
        shown.value.astype(str))
    assert "Ben, \"the\" second" in set(shown.value[tr("col.nickname")])


def test_remove_and_archive_buttons_act_and_an_archived_class_takes_no_work(
        classes: Classes) -> None:
    store = classes.store
    made = classes.create("Botones", "barajamos", "en")
    ana, ben = store.new_learner(), store.new_learner()
    classes.join(made.join_code, ana, "Ana")
    classes.join(made.join_code, ben, "Ben")
    at = teacher(made)
    at.button(key=f"class_remove_{ben}").click().run()
    assert not at.exception, at.exception
    assert [m.nickname for m in classes.members(made.id, made.key)] == ["Ana"]
    assert tr("new_assignment") in [e.label for e in at.expander]
    button(at, tr("archive")).click().run()  # type: ignore[attr-defined]
    assert not at.exception, at.exception
    assert classes.open(made.id, made.key).archived
    assert tr("new_assignment") not in [e.label for e in at.expander]
    assert tr("archived_no_work") in [str(c.value) for c in at.caption]
    button(at, tr("unarchive")).click().run()  # type: ignore[attr-defined]
    assert not classes.open(made.id, made.key).archived


def test_the_tours_last_step_does_the_classs_tour(classes: Classes) -> None:
    store = classes.store
    made = classes.create("Visita", "barajamos+limit=50", "en")
    other = classes.create("Otra", "fournier", "en")
    ana = store.new_learner()
    classes.join(made.join_code, ana, "Ana")
    classes.join(other.join_code, ana, "Ana")
    ours = classes.assign(made.id, made.key, "tour")
    theirs = classes.assign(other.id, other.key, "tour")
    last = len(steps("barajamos"))
    at = open_as(ana, "pages/1_Rules_tour.py", rules="barajamos", step=str(last - 1))
    assert not at.exception, at.exception
    assert classes.student_data(made.id, ana).tours_done == frozenset()  # not there yet
    button(at, t("tour.next", "en")).click().run()  # type: ignore[attr-defined]
    assert not at.exception, at.exception
    assert classes.student_data(made.id, ana).tours_done == {(ours.id, ana)}
    assert tr("tour_marked") in [str(s.value) for s in at.success]
    assert classes.student_data(other.id, ana).tours_done == frozenset()  # another profile
    assert theirs.id
