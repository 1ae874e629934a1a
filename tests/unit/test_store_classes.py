"""Classes in the store, on SQLite and PostgreSQL: making one, joining by code, the teacher
key, rotating the code, removing a student (who keeps his own progress), archiving,
assignments, the 100-student limit, and every bad code and key refused by name."""

from __future__ import annotations

import datetime
import threading
from collections.abc import Iterator

import pytest

from chinchon import puzzles as pz
from chinchon.store.class_checks import ClassError, check_nickname
from chinchon.store.classes import MAX_STUDENTS, Classes
from chinchon.store.rows.attempts import Attempt
from chinchon.store.store import Store
from chinchon.views.class_dashboard import dashboard
from tests.unit import test_store
from tests.unit.test_store import attempt

# The two-backend fixtures of the store's tests.
url, store = test_store.url, test_store.store


@pytest.fixture
def classes(store: Store) -> Iterator[Classes]:
    yield Classes(store)


def reason(call: object, *args: object, **kwargs: object) -> str:
    with pytest.raises(ClassError) as caught:
        call(*args, **kwargs)  # type: ignore[operator]
    return caught.value.reason


def test_a_class_from_creation_to_a_students_progress(classes: Classes) -> None:
    db = classes.store
    made = classes.create("  Club   del martes ", "barajamos", "es")
    assert made.name == "Club del martes" and len(made.join_code) == 8 and made.key
    assert classes.open(made.id, made.key).join_code == made.join_code
    ana, ben = db.new_learner(), db.new_learner()
    db.record_attempt(attempt(ana, "barajamos-009"))  # before joining: not the class's
    classes.join(made.join_code.lower(), ana, "Ana")
    classes.join(made.shown_code, ben, "Ben")
    assert classes.join(made.join_code, ana, "Other").nickname == "Ana"  # again: as he is
    work = classes.assign(made.id, made.key, "puzzles", title="Semana 1",
                          puzzles=["barajamos-001", "barajamos-002"],
                          due=datetime.date(2026, 12, 9))
    db.record_attempt(attempt(ana, "barajamos-001"))
    db.record_attempt(attempt(ben, "barajamos-001", correct=False))
    data = classes.dashboard_data(made.id, made.key)
    assert [m.nickname for m in data.members] == ["Ana", "Ben"]
    assert data.assignments == (work,)
    assert [a.puzzle_id for a in data.attempts[ana]] == ["barajamos-001"]
    assert [a.answer for a in data.attempts[ben]] == ["2o"]
    assert data.ratings[ana]["barajamos"].games == 2
    mine = classes.student_data(made.id, ben)
    assert [m.nickname for m in mine.members] == ["Ben"] and set(mine.attempts) == {ben}
    assert [(c.name, m.nickname) for c, m in classes.memberships(ana)] == [
        ("Club del martes", "Ana")]


def test_nicknames_are_plain_short_and_unique_in_a_class(classes: Classes) -> None:
    db = classes.store
    made = classes.create("A", "fournier", "fr")
    classes.join(made.join_code, db.new_learner(), "Zoé")
    assert reason(classes.join, made.join_code, db.new_learner(), "ZOÉ") == "nickname-taken"
    for bad in ("", "   ", "x" * 25, "a\x1bb", None, 7):
        assert reason(classes.join, made.join_code, db.new_learner(), bad) == "bad-nickname"
    assert check_nickname("<b>x</b>") == "<b>x</b>"  # kept as text: the page escapes it
    other = classes.create("B", "fournier", "fr")  # another class: the nickname is free there
    assert classes.join(other.join_code, db.new_learner(), "Zoé").nickname == "Zoé"


def test_every_bad_code_and_key_is_refused_by_name(classes: Classes) -> None:
    db = classes.store
    made = classes.create("C", "ludoteka", "pt")
    learner = db.new_learner()
    assert reason(classes.join, "nope", learner, "x") == "bad-code"
    assert reason(classes.join, "ABCD-EFGH", learner, "x") == "unknown-code"
    assert reason(classes.open, made.id, "x" * 24) == "wrong-key"
    assert reason(classes.open, made.id, None) == "wrong-key"
    assert reason(classes.open, "0" * 32, made.key) == "unknown-class"
    assert reason(classes.open, "<script>", made.key) == "unknown-class"
    assert reason(classes.rotate_code, made.id, "y" * 24) == "wrong-key"
    old = made.join_code
    new = classes.rotate_code(made.id, made.key)
    assert new != old and classes.open(made.id, made.key).join_code == new
    assert reason(classes.join, old, learner, "x") == "old-code"
    assert reason(classes.class_of_code, old) == "old-code"
    assert classes.join(new, learner, "x").nickname == "x"
    with pytest.raises(ClassError, match="'nope'"):  # the bad input is quoted
        classes.join("nope", learner, "x")


def test_a_removed_student_keeps_his_own_progress(classes: Classes) -> None:
    db = classes.store
    made = classes.create("D", "barajamos", "en")
    ana = db.new_learner()
    classes.join(made.join_code, ana, "Ana")
    db.record_attempt(attempt(ana))
    classes.remove(made.id, made.key, ana)
    assert classes.members(made.id, made.key) == []
    assert [m.removed for m in classes.members(made.id, made.key, removed=True)] == [True]
    assert reason(classes.join, made.join_code, ana, "Ana") == "removed"
    assert reason(classes.student_data, made.id, ana) == "removed"
    assert classes.memberships(ana) == []
    assert classes.dashboard_data(made.id, made.key).attempts == {}
    assert [a.puzzle_id for a in db.attempts(ana)] == ["barajamos-001"]
    assert db.learner_ratings(ana)["barajamos"].games == 1
    assert reason(classes.remove, made.id, made.key, db.new_learner()) == "not-member"


def test_an_archived_class_takes_nobody_and_says_so(classes: Classes) -> None:
    db = classes.store
    made = classes.create("E", "barajamos", "en")
    ana = db.new_learner()
    classes.join(made.join_code, ana, "Ana")
    classes.set_archived(made.id, made.key)
    assert reason(classes.join, made.join_code, db.new_learner(), "Ben") == "archived"
    assert reason(classes.student_data, made.id, ana) == "archived"
    assert classes.open(made.id, made.key).archived  # the teacher still sees it
    classes.set_archived(made.id, made.key, False)
    assert classes.join(made.join_code, db.new_learner(), "Ben").nickname == "Ben"


def test_no_teacher_sees_a_learner_outside_his_class(classes: Classes) -> None:
    db = classes.store
    mine, theirs = classes.create("F", "barajamos", "en"), classes.create("G", "barajamos", "en")
    ana, ben = db.new_learner(), db.new_learner()
    classes.join(mine.join_code, ana, "Ana")
    classes.join(theirs.join_code, ben, "Ben")
    db.record_attempt(attempt(ben))
    data = classes.dashboard_data(mine.id, mine.key)
    assert set(data.attempts) == set(data.ratings) == {ana}
    assert reason(classes.dashboard_data, theirs.id, mine.key) == "wrong-key"
    assert reason(classes.student_data, theirs.id, ana) == "not-member"
    assert reason(classes.remove, mine.id, mine.key, ben) == "not-member"


def test_assignments_are_checked(classes: Classes) -> None:
    made = classes.create("H", "barajamos", "en")
    key = made.key
    assert reason(classes.assign, made.id, key, "homework") == "bad-assignment"
    assert reason(classes.assign, made.id, key, "puzzles") == "bad-assignment"
    assert reason(classes.assign, made.id, key, "puzzles", puzzles=["Bad Id"]) == "bad-assignment"
    assert reason(classes.assign, made.id, key, "games", bot="god", games=3) == "bad-assignment"
    assert reason(classes.assign, made.id, key, "games", bot="greedy", games=0) == "bad-assignment"
    games = classes.assign(made.id, key, "games", bot="greedy", games=3)
    tour = classes.assign(made.id, key, "tour")
    work = classes.assign(made.id, key, "puzzles", puzzles=["barajamos-001"])
    grown = classes.add_puzzles(made.id, key, work.id, ["barajamos-002", "barajamos-001"])
    assert grown.puzzles == ("barajamos-001", "barajamos-002")
    assert reason(classes.add_puzzles, made.id, key, games.id, ["x"]) == "bad-assignment"
    ana = classes.store.new_learner()
    assert reason(classes.mark_tour_done, tour.id, ana) == "bad-assignment"  # not a member
    classes.join(made.join_code, ana, "Ana")
    classes.mark_tour_done(tour.id, ana)
    classes.mark_tour_done(tour.id, ana)
    assert classes.student_data(made.id, ana).tours_done == {(tour.id, ana)}
    assert [a.kind for a in classes.assignments(made.id)] == ["games", "tour", "puzzles"]
    for bad in ("", "x" * 61):
        assert reason(classes.create, bad, "barajamos", "en") == "bad-class"
    assert reason(classes.create, "x", "chess", "en") == "bad-class"
    assert reason(classes.create, "x", "barajamos", "english") == "bad-class"
    assert classes.create("x", "barajamos+limit=100", "en").rules.startswith("barajamos+")


def test_a_hundred_students_and_no_more_even_joining_at_once(classes: Classes) -> None:
    db = classes.store
    made = classes.create("Big", "barajamos", "en")
    learners = [db.new_learner() for _ in range(MAX_STUDENTS + 5)]
    refused: list[str] = []

    def join(start: int) -> None:
        for n in range(start, len(learners), 5):
            try:
                classes.join(made.join_code, learners[n], f"s{n}")
            except ClassError as error:
                refused.append(error.reason)

    threads = [threading.Thread(target=join, args=(n,)) for n in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(classes.members(made.id, made.key)) == MAX_STUDENTS
    assert refused == ["full"] * 5


def test_forget_me_takes_the_learner_out_of_his_classes(classes: Classes) -> None:
    db = classes.store
    made = classes.create("I", "barajamos", "en")
    ana = db.new_learner()
    classes.join(made.join_code, ana, "Ana")
    classes.mark_tour_done(classes.assign(made.id, made.key, "tour").id, ana)
    db.forget(ana)  # the database's cascades take his rows in every class table
    assert classes.members(made.id, made.key, removed=True) == []
    assert classes.dashboard_data(made.id, made.key).tours_done == frozenset()
    assert classes.join(made.join_code, db.new_learner(), "Ana").nickname == "Ana"


def position_values(puzzle_id: str, rules: str | None = None) -> dict[str, str]:
    """A shipped puzzle's position as the Puzzles page's link values (a game's position)."""
    found = pz.shipped()[puzzle_id]
    return {"rules": rules or found.rules_id, **pz.position_query(found.hand, found.top,
                                                                  found.seen)}


def test_an_archived_class_takes_no_work_and_ids_are_shipped_puzzles(classes: Classes) -> None:
    made = classes.create("J", "barajamos", "en")
    key = made.key
    work = classes.assign(made.id, key, "puzzles", puzzles=["barajamos-001"])
    for bad in ("barajamos-999", "fournier-001", "barajamos"):
        with pytest.raises(ClassError) as caught:
            classes.assign(made.id, key, "puzzles", puzzles=["barajamos-002", bad])
        assert caught.value.reason == "bad-assignment" and repr(bad) in str(caught.value)
        assert reason(classes.add_puzzles, made.id, key, work.id, [bad]) == "bad-assignment"
    assert classes.assign(made.id, key, "games", bot="master", games=2).bot == "master"
    classes.set_archived(made.id, key)
    assert reason(classes.assign, made.id, key, "tour") == "archived"
    assert reason(classes.add_puzzles, made.id, key, work.id, ["barajamos-002"]) == "archived"
    assert classes.assignments(made.id)[0].puzzles == ("barajamos-001",)
    classes.set_archived(made.id, key, False)
    assert classes.add_puzzles(made.id, key, work.id, ["barajamos-002"]).puzzles == (
        "barajamos-001", "barajamos-002")


def test_positions_of_a_game_are_assigned_by_their_own_id(classes: Classes) -> None:
    db = classes.store
    made = classes.create("K", "barajamos+limit=50", "en")
    values = [position_values("barajamos-003"), position_values("barajamos-004")]
    work = classes.assign(made.id, made.key, "puzzles", positions=[*values, values[0]])
    ids = [pz.position_key(pz.linked_position(v)) for v in values]
    assert work.puzzles == tuple(ids) and all(i.startswith(pz.POSITION_PREFIX) for i in ids)
    assert dict(work.positions) == dict(zip(ids, values, strict=True))
    assert classes.assignments(made.id) == [work]  # as stored
    # The same cards opened under the class's house code are the same position.
    assert pz.position_key(pz.linked_position(position_values(
        "barajamos-003", "barajamos+limit=50"))) == ids[0]
    for bad in ({"rules": "barajamos", "hand": "1o 2o"},  # not eight cards
                position_values("fournier-001"),  # another profile
                {**values[0], "script": "x"},  # a value a link does not carry
                {**values[0], "seen": "1o" * 300}):  # too long
        assert reason(classes.assign, made.id, made.key, "puzzles",
                      positions=[bad]) == "bad-assignment", bad
    ana, eve = db.new_learner(), db.new_learner()
    classes.join(made.join_code, ana, "Ana")
    assert classes.assigned(ana, ids[1]) and not classes.assigned(ana, "barajamos-001")
    assert not classes.assigned(eve, ids[1])  # not his class
    # His answer is kept under the position's id, and moves no rating.
    done = db.record_attempt(Attempt.new(ana, ids[1], "barajamos", "1o", True, rated=False))
    assert done.first and done.learner_before is None and done.puzzle_after is None
    assert "barajamos" not in db.learner_ratings(ana) and db.puzzle_ratings([ids[1]]) == {}
    board = dashboard(classes.dashboard_data(made.id, made.key), {})
    assert [(p.done, p.total, p.first_right) for p in board.students[0].progress] == [(1, 2, 1)]
    classes.set_archived(made.id, made.key)
    assert not classes.assigned(ana, ids[1])


def test_reaching_a_tours_end_marks_the_profiles_open_tours(classes: Classes) -> None:
    db = classes.store
    ours = classes.create("L", "barajamos+limit=50", "en")
    other = classes.create("M", "fournier", "en")
    ana = db.new_learner()
    classes.join(ours.join_code, ana, "Ana")
    classes.join(other.join_code, ana, "Ana")
    first = classes.assign(ours.id, ours.key, "tour")
    second = classes.assign(ours.id, ours.key, "tour")
    theirs = classes.assign(other.id, other.key, "tour")
    classes.mark_tour_done(first.id, ana)
    assert classes.finish_tours(ana, "barajamos") == 1  # the second; the first was done
    assert classes.finish_tours(ana, "barajamos") == 0  # harmless again
    assert classes.student_data(ours.id, ana).tours_done == {(first.id, ana), (second.id, ana)}
    assert classes.student_data(other.id, ana).tours_done == frozenset()
    assert classes.finish_tours(db.new_learner(), "fournier") == 0
    assert classes.finish_tours(ana, "fournier") == 1
    assert classes.student_data(other.id, ana).tours_done == {(theirs.id, ana)}
