"""The class dashboard's figures, recomputed here a second way from the attempts themselves
(random answers by a dozen students), plus the cases a formula gets wrong: a puzzle met before
joining, a hint, a removed student, games against another bot."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from chinchon.store.classes import Classes
from chinchon.store.rows.attempts import Attempt
from chinchon.store.rows.played import Played
from chinchon.store.store import Store
from chinchon.views.class_dashboard import dashboard

PUZZLES = [f"barajamos-{n:03d}" for n in range(1, 7)]
CARDS = ["1o", "2o", "5c", "7e", "11b", "12b"]
THEMES = {p: (("figure",) if n % 2 else ("close-now", "figure")) for n, p in enumerate(PUZZLES)}


@pytest.fixture
def classes() -> Classes:
    return Classes(Store("sqlite://"))


def answer(store: Store, learner: str, puzzle: str, card: str, hint: bool = False) -> None:
    correct = card == "1o"  # in this test the right card of every puzzle is 1o
    store.record_attempt(Attempt.new(learner, puzzle, "barajamos", card, correct, hint=hint,
                                     difficulty="easy"))


def test_the_figures_agree_with_the_attempts_counted_again(classes: Classes) -> None:
    store, rng = classes.store, random.Random(21)
    made = classes.create("Club", "barajamos", "es")
    first = classes.assign(made.id, made.key, "puzzles", puzzles=PUZZLES[:4])
    second = classes.assign(made.id, made.key, "puzzles", puzzles=PUZZLES[3:])
    students = [store.new_learner() for _ in range(12)]
    for n, learner in enumerate(students):
        classes.join(made.join_code, learner, f"student {n}")
        for _ in range(rng.randint(0, 10)):
            answer(store, learner, rng.choice(PUZZLES), rng.choice(CARDS), rng.random() < 0.2)
    shown = dashboard(classes.dashboard_data(made.id, made.key), THEMES)

    # Again, straight from the stored rows: each student's earliest answer at each puzzle.
    earliest: dict[tuple[str, str], Attempt | object] = {}
    wrong: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for learner in students:
        for a in store.attempts(learner):
            if (learner, a.puzzle_id) not in earliest:
                earliest[learner, a.puzzle_id] = a
            if not a.correct:
                wrong[a.puzzle_id][a.answer or ""] += 1
    by_id = {row.learner_id: row for row in shown.students}
    assert len(by_id) == 12
    for learner in students:
        row = by_id[learner]
        for work, result in zip((first, second), row.progress, strict=True):
            mine = [earliest[learner, p] for p in work.puzzles if (learner, p) in earliest]
            assert result.total == len(work.puzzles)
            assert result.done == len(mine)
            assert result.first_right == len([a for a in mine
                                              if a.correct and not a.hint])  # type: ignore[attr-defined]
            assert result.with_hint == len([a for a in mine if a.hint])  # type: ignore[attr-defined]
        rated = store.attempts(learner)
        if rated:
            now = store.learner_ratings(learner)["barajamos"].rating.rating
            assert row.rating == pytest.approx(now)
            assert row.change == pytest.approx(now - rated[0].learner_before)
            assert row.last_seen == rated[-1].created_at
        else:
            assert row.rating is None and row.change is None
    for stat in shown.puzzles:
        tried = [earliest[s, stat.puzzle_id] for s in students if (s, stat.puzzle_id) in earliest]
        assert stat.tried == len(tried)
        assert stat.right == len([a for a in tried if a.correct and not a.hint])  # type: ignore[attr-defined]
        counts = wrong[stat.puzzle_id]
        if counts:
            top = max(counts.values())
            assert stat.wrong_count == top
            assert stat.wrong_card == sorted(c for c, k in counts.items() if k == top)[0]
        else:
            assert (stat.wrong_card, stat.wrong_count) == (None, 0)
    assert [s.puzzle_id for s in shown.puzzles] == PUZZLES[:4] + PUZZLES[3:]


def test_what_a_formula_could_get_wrong(classes: Classes) -> None:
    store = classes.store
    made = classes.create("Club", "barajamos", "en")
    work = classes.assign(made.id, made.key, "puzzles", puzzles=PUZZLES[:3])
    ana, ben = store.new_learner(), store.new_learner()
    answer(store, ana, PUZZLES[0], "5c")  # before joining: not seen by the class
    classes.join(made.join_code, ana, "Ana")
    classes.join(made.join_code, ben, "Ben")
    answer(store, ana, PUZZLES[0], "1o")  # the class's first sight of it: right
    answer(store, ana, PUZZLES[1], "1o", hint=True)  # right with a hint: not "right"
    answer(store, ben, PUZZLES[1], "5c")
    answer(store, ben, PUZZLES[1], "5c")  # the same wrong card twice
    answer(store, ben, PUZZLES[2], "7e")
    games = classes.assign(made.id, made.key, "games", bot="greedy", games=2)
    # Ben's games on the Play page: two against greedy count; one against expert does not,
    # nor one shown face up, one not finished, nor one of another profile.
    for bots, face_up, finished, rules in (("greedy", False, True, "barajamos"),
                                           ("expert", False, True, "barajamos"),
                                           ("greedy,greedy", False, True, "barajamos"),
                                           ("greedy", True, True, "barajamos"),
                                           ("greedy", False, False, "barajamos"),
                                           ("greedy", False, True, "fournier")):
        game = Played.new(ben, rules, {"rules": rules, "seats": bots, "seed": "1"}, "d" * 16,
                          seats=1 + len(bots.split(",")), origin="new")
        game = game.moved("1", 1, teacher=face_up)
        store.save_played(game.finish("1", 1, {"winner": 0, "totals": [0, 80]}, 0.5)
                          if finished else game)
    shown = dashboard(classes.dashboard_data(made.id, made.key), THEMES)
    a, b = shown.students
    assert (a.nickname, b.nickname) == ("Ana", "Ben")
    assert [(p.done, p.first_right, p.with_hint) for p in a.progress[:1]] == [(2, 1, 1)]
    assert [(p.done, p.total, p.complete) for p in b.progress] == [(2, 3, False), (2, 2, True)]
    assert a.missed_themes == ("figure",) and b.missed_themes == ("figure", "close-now")
    stats = {s.puzzle_id: s for s in shown.puzzles if s.assignment_id == work.id}
    assert (stats[PUZZLES[0]].tried, stats[PUZZLES[0]].right) == (1, 1)
    assert stats[PUZZLES[0]].wrong_card is None  # Ana's 5c was before she joined
    assert (stats[PUZZLES[1]].share_right, stats[PUZZLES[1]].wrong_card,
            stats[PUZZLES[1]].wrong_count) == (0.0, "5c", 2)
    assert games.id == b.progress[1].assignment_id
    classes.remove(made.id, made.key, ben)
    after = dashboard(classes.dashboard_data(made.id, made.key), THEMES)
    assert [s.nickname for s in after.students] == ["Ana"]
    assert {s.puzzle_id: s.wrong_card for s in after.puzzles}[PUZZLES[1]] is None
    mine = dashboard(classes.student_data(made.id, ana), THEMES)
    assert [s.nickname for s in mine.students] == ["Ana"]
    assert a.last_seen == store.attempts(ana)[-1].created_at


def played_game(store: Store, learner: str, setup: dict[str, str], seats: int = 3) -> None:
    """A finished Play game of ``learner`` with that setup (its rules as the Play page's
    ``Setup.query`` writes them: a profile id and its deck options, or a house code)."""
    game = Played.new(learner, setup["rules"].split("+")[0], setup, "d" * 16, seats=seats,
                      origin="new").moved("1", 1)  # three seats: barajamos's smallest table
    store.save_played(game.finish("1", 1, {"winner": 0, "totals": [0, 80]}, 0.5))


@pytest.mark.parametrize("rules", ["barajamos+limit=50", "barajamos"])
def test_a_game_counts_under_the_classs_own_rules_only(classes: Classes, rules: str) -> None:
    store = classes.store
    made = classes.create("Casa", rules, "en")
    games = classes.assign(made.id, made.key, "games", bot="greedy", games=10)
    ana = store.new_learner()
    classes.join(made.join_code, ana, "Ana")
    setups = {"house": {"rules": "barajamos+limit=50", "seats": "greedy,greedy", "seed": "1"},
              "other house": {"rules": "barajamos+limit=80", "seats": "greedy,greedy",
                              "seed": "1"},
              "profile": {"rules": "barajamos", "seats": "greedy,greedy", "seed": "1"},
              "two decks": {"rules": "barajamos", "decks": "2", "seats": "greedy,greedy",
                            "seed": "1"}}
    for setup in setups.values():
        played_game(store, ana, setup)
    # Five at a table: the profile plays two decks there, so two decks are its own rules.
    played_game(store, ana, {"rules": "barajamos", "seats": "greedy,greedy,greedy,greedy",
                             "seed": "1", "decks": "2"}, seats=5)
    [row] = dashboard(classes.dashboard_data(made.id, made.key), THEMES).students
    [done] = [p for p in row.progress if p.assignment_id == games.id]
    assert done.done == (1 if rules != "barajamos" else 2)
