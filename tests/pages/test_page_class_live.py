"""Live questions on the Class page, under AppTest on the run's SQLite database: the
dashboard's live questions (every answer, a lesson's own hand too; nicknames only) and a
student's own line; a poll that finds the same version reads nothing else."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from chinchon import puzzles as pz
from chinchon.store.class_lessons import LessonHand, Lessons
from chinchon.store.class_live import LiveQuestions
from chinchon.store.classes import Classes
from chinchon.store.store import Store
from chinchon.views import puzzle as view
from chinchon.views.i18n import t
from tests.support.pages import open_as

PAGE = "pages/99_Class.py"
EIGHT = LessonHand.parse("3c 4c 5c 7o 7e 9b 11b 2e")


@pytest.fixture(scope="module")
def classes() -> Classes:
    return Classes(Store(os.environ["CHINCHON_DB_URL"]))


def frame_with(at: AppTest, column: str) -> pd.DataFrame:
    return next(d.value for d in at.dataframe if column in d.value.columns)


def test_the_dashboard_counts_every_live_answer_and_a_student_sees_his_own(
        classes: Classes) -> None:
    store = classes.store
    made = classes.create("Directo", "barajamos", "en")
    ana, ben = store.new_learner(), store.new_learner()
    classes.join(made.join_code, ana, "<b>Ana</b>")
    classes.join(made.join_code, ben, "Ben")
    lesson = Lessons(classes).save(made.id, made.key, "Eights", [EIGHT])
    position = pz.position_puzzle("barajamos", {}, pz.position_query(EIGHT.cards))
    live = LiveQuestions(classes)
    asked = live.ask(made.id, made.key, position.id, position.code(), lesson.id)
    best = pz.solve(position).answers[0]
    wrong = next(c.code() for c in position.hand if c.code() not in pz.solve(position).answers)
    live.answer(asked.id, ana, best)
    live.answer(asked.id, ben, wrong)

    at = open_as(None, PAGE, **{"class": made.id, "key": made.key, "lang": "en"})
    assert not at.exception, at.exception
    assert t("class.live.board.title", "en") in [str(s.value) for s in at.subheader]
    questions = frame_with(at, t("class.live.col.hand", "en"))
    row = questions.iloc[0]
    assert row[t("class.live.col.lesson", "en")] == "Eights"
    assert row[t("class.live.col.answered", "en")] == 2
    assert set(row[t("class.live.col.hand", "en")].split()) == {c.code() for c in EIGHT.cards}
    assert row[t("class.col.wrong", "en")] == t(
        "class.wrong_card", "en", card=view.move_name(wrong, position, "en"), count=1)
    students = frame_with(at, t("class.live.col.given", "en"))
    assert sorted(map(tuple, students.values.tolist())) == [("<b>Ana</b>", 1, 1), ("Ben", 1, 0)]

    mine = open_as(ana, PAGE, **{"class": made.id, "lang": "en"})
    captions = [str(c.value) for c in mine.caption]
    assert t("class.live.board.mine", "en", answered=1, right=1) in captions
    assert not any("Ben" in c for c in captions)


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """How many times the pages read the question and its answers (the poll aside)."""
    counted = {"current": 0, "answers": 0, "has_answered": 0}
    for name in counted:
        original = getattr(LiveQuestions, name)

        def counting(self: LiveQuestions, *args: object, _name: str = name,
                     _original: Callable[..., object] = original) -> object:
            counted[_name] += 1
            return _original(self, *args)

        monkeypatch.setattr(LiveQuestions, name, counting)
    yield counted


def test_a_poll_reads_the_question_again_only_when_its_version_moved(
        classes: Classes, reads: dict[str, int]) -> None:
    store = classes.store
    made = classes.create("Sondeo", "barajamos", "en")
    ana, ben = store.new_learner(), store.new_learner()
    classes.join(made.join_code, ana, "Ana")
    classes.join(made.join_code, ben, "Ben")
    question = LiveQuestions(classes).ask(made.id, made.key, "barajamos-017")
    phone = open_as(ana, PAGE, **{"class": made.id, "lang": "en"})
    board = open_as(None, PAGE, **{"class": made.id, "key": made.key, "lang": "en"})
    assert not phone.exception and not board.exception
    assert t("class.live.answered", "en", answered=0, students=2) in [
        str(m.value) for m in board.markdown]
    before = dict(reads)
    phone.run()
    board.run()
    assert reads == before  # nothing moved: each page read the version only
    LiveQuestions(classes).answer(question.id, ben, "1o")
    phone.run()
    board.run()
    assert reads["has_answered"] == before["has_answered"] + 1
    assert reads["answers"] == before["answers"] + 1
    assert t("class.live.answered", "en", answered=1, students=2) in [
        str(m.value) for m in board.markdown]
    classes.join(made.join_code, store.new_learner(), "Cai")  # a join: the count moves too
    board.run()
    assert t("class.live.answered", "en", answered=1, students=3) in [
        str(m.value) for m in board.markdown]
