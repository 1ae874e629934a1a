"""The Class page and the home page's class work under AppTest, on the run's SQLite database
(tests/browser/conftest.py): every bad code, key and membership gets its named message, nothing typed
becomes markup, a student sees only his own results, and his work comes first at home."""

from __future__ import annotations

import os

import pytest
from streamlit.testing.v1 import AppTest

from chinchon.store.class_lessons import Lessons
from chinchon.store.classes import Classes
from chinchon.store.rows.attempts import Attempt
from chinchon.store.store import Store
from chinchon.views.i18n import t
from tests.support.pages import open_as
from webui.class_common import TEACHING

PAGE = "pages/99_Class.py"


@pytest.fixture(scope="module")
def classes() -> Classes:
    return Classes(Store(os.environ["CHINCHON_DB_URL"]))


def as_learner(learner_id: str | None, page: str | None = PAGE, **query: str) -> AppTest:
    return open_as(learner_id, page, **query)


def texts(at: AppTest) -> str:
    kinds = ("title", "subheader", "markdown", "caption", "success", "error", "warning", "info")
    return "\n".join(str(e.value) for kind in kinds for e in at.get(kind))


def errors(at: AppTest) -> list[str]:
    assert not at.exception, at.exception
    return [str(e.value) for e in at.error]


def test_bad_codes_and_keys_are_refused_by_name(classes: Classes) -> None:
    made = classes.create("Misuse", "barajamos", "en")
    old = made.join_code
    classes.rotate_code(made.id, made.key)
    cases = {
        "bad-code": {"join": "hello"},
        "unknown-code": {"join": "ABCD-EFGH"},
        "old-code": {"join": old},
        "wrong-key": {"class": made.id, "key": "x" * 24},
        "unknown-class": {"class": "0" * 32, "key": made.key},
    }
    for reason, query in cases.items():
        assert errors(as_learner(None, **query)) == [t(f"class.error.{reason}", "en")], reason
    assert errors(as_learner(None, **{"class": made.id, "key": made.key})) == []


def test_removed_archived_and_strangers_are_told(classes: Classes) -> None:
    store = classes.store
    made = classes.create("Told", "barajamos", "es")
    ana, ben, eve = store.new_learner(), store.new_learner(), store.new_learner()
    classes.join(made.join_code, ana, "Ana")
    classes.join(made.join_code, ben, "Ben")
    classes.remove(made.id, made.key, ben)
    assert errors(as_learner(ben, **{"class": made.id, "lang": "es"})) == [
        t("class.error.removed", "es")]
    assert errors(as_learner(ben, join=made.join_code, lang="es")) == []  # the form first
    assert errors(as_learner(eve, **{"class": made.id})) == [t("class.error.not-member", "en")]
    classes.set_archived(made.id, made.key)
    assert errors(as_learner(ana, **{"class": made.id})) == [t("class.error.archived", "en")]
    assert errors(as_learner(eve, join=made.join_code)) == [t("class.error.archived", "en")]


def test_a_student_joins_and_sees_only_his_own_results(classes: Classes) -> None:
    store = classes.store
    made = classes.create("**Club** <b>", "barajamos", "en")
    work = classes.assign(made.id, made.key, "puzzles", title="[week](http://x) 1",
                          puzzles=["barajamos-001", "barajamos-002"])
    ana = store.new_learner()
    at = as_learner(ana, join=made.join_code)
    at.text_input[0].input("<i>Zoé</i>")
    at.button[0].click().run()  # the form's submit button
    assert not at.exception
    shown = texts(at)
    assert "\\<i\\>Zoé\\<\\/i\\>" in shown and "\\*\\*Club\\*\\*" in shown
    assert "\\[week\\]\\(http\\:" in shown  # a title is text, not a link
    assert "0/2" in shown
    ben = store.new_learner()
    classes.join(made.join_code, ben, "Ben")
    store.record_attempt(Attempt.new(ben, "barajamos-001", "barajamos", "1o", False))
    mine = texts(as_learner(ana, **{"class": made.id}))
    assert "Ben" not in mine and "0/2" in mine
    store.record_attempt(Attempt.new(ana, "barajamos-001", "barajamos", "1o", True))
    assert "1/2" in texts(as_learner(ana, **{"class": made.id}))
    home = texts(as_learner(ana, page=None))
    assert t("class.home_title", "en") in home and "1/2" in home
    assert t("class.home_title", "en") not in texts(as_learner(store.new_learner(), page=None))
    assert work.id


def test_the_teacher_makes_a_class_and_lands_on_its_dashboard(classes: Classes) -> None:
    at = as_learner(None)
    next(w for w in at.text_input if w.label == t("class.name", "en")).input("Martes")
    next(b for b in at.button if b.label == t("class.create", "en")).click().run()
    assert not at.exception
    assert [str(x.value) for x in at.title] == ["Martes"]
    assert t("class.created", "en") in texts(at)
    route = at.session_state["class_route"]
    info = classes.open(route["class"], route["key"])  # the page's teacher link works
    assert info.name == "Martes" and info.rules == "barajamos"
    assert route["key"] in "\n".join(str(c.value) for c in at.code)


def test_the_hand_lab_adds_a_hand_to_a_lesson_and_keeps_saying_so(classes: Classes) -> None:
    made = classes.create("Jueves", "barajamos", "en")
    at = open_as(None, "pages/2_Hand_lab.py", hand="7o 7c 7b 9e 10e 11e 4o")
    at.session_state[TEACHING] = {made.id: made.key}
    at.run()
    next(w for w in at.text_input if w.label == t("class.lesson.name", "en")).input("Sevens")
    added = t("class.lesson.added", "en", title="Sevens")
    assert added not in texts(at)
    next(b for b in at.button if b.label == t("class.lesson.add_button", "en")).click().run()
    assert not at.exception
    [lesson] = Lessons(classes).lessons(made.id, made.key)
    assert lesson.title == "Sevens" and len(lesson.hands) == 1
    at.run()  # any later rerun (a poll, another widget) keeps the line: it is read from the store
    assert added in texts(at)
    at.text_input(key="hl_hand_box").input("1o 2o 3o 4o 5c 6c 7c").run()  # another hand: not in it
    assert not at.exception and added not in texts(at)
