"""The Puzzles page's services without Streamlit (chinchon.services.puzzles and
chinchon.services.progress): the choice of the next puzzle, answering one (judged, the first
answer recorded through the session's outbox, streak and score), revealing, retrying, and the
session's progress (a database away, transfer codes, forgetting, a refused cookie)."""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from chinchon import puzzles as pz
from chinchon.ratings.glicko2 import Rating
from chinchon.services import progress
from chinchon.services.puzzles import (
    NEW_LEARNER_GAMES,
    SHIFT_KEY,
    answer,
    answer_close,
    candidates,
    choose_puzzle,
    give_hint,
    init_counts,
    key_move,
    next_puzzle,
    on_screen,
    retry,
    reveal,
    shown_hand,
    start,
)
from chinchon.store.rows.attempts import Attempt
from chinchon.store.store import Store

POOL = [SimpleNamespace(id=f"{level}-{n}", difficulty=level, themes=())
        for level in ("easy", "medium", "hard") for n in range(10)]


def choose(**kw: object) -> str:
    args = {"learner": None, "games": 0, "ratings": {}, "played": set(), "current": None,
            "rng": random.Random(3), **kw}
    chosen = choose_puzzle(POOL, **args)  # type: ignore[arg-type]
    assert chosen is not None
    return str(chosen.id)


def test_a_new_learner_gets_easy_puzzles() -> None:
    for seed in range(10):
        assert choose(rng=random.Random(seed), learner=Rating(1900)).startswith("easy")
    assert choose(games=NEW_LEARNER_GAMES - 1, learner=Rating(1900)).startswith("easy")


@pytest.mark.parametrize(("rating", "shift", "level"), [
    (1800, "normal", "hard"), (1500, "normal", "medium"), (1200, "normal", "easy"),
    (1800, "easier", "medium"), (1500, "harder", "hard"), (1500, "easier", "easy")])
def test_then_puzzles_near_the_rating_shifted(rating: float, shift: str, level: str) -> None:
    for seed in range(10):
        assert choose(rng=random.Random(seed), learner=Rating(rating), games=20,
                      shift=shift).startswith(level)


def test_known_puzzle_ratings_win_over_the_seeds() -> None:
    ratings = {"hard-3": Rating(1190)}  # a "hard" puzzle that turned out easy
    chosen = {choose(rng=random.Random(s), learner=Rating(1190), games=20, ratings=ratings)
              for s in range(40)}
    assert "hard-3" in chosen and all(c == "hard-3" or c.startswith("easy") for c in chosen)


def test_played_and_current_puzzles_come_back_last() -> None:
    played = {f"easy-{n}" for n in range(9)}
    assert choose(played=played) == "easy-9"
    assert choose(played=played, current="easy-9").startswith("easy")  # all played: any easy
    assert choose_puzzle([], learner=None, games=0, ratings={}, played=set(), current=None,
                         rng=random.Random(0)) is None


# --- The session ---------------------------------------------------------------------------------

RULES = "barajamos"


@pytest.fixture
def store() -> Iterator[Store]:
    opened = Store("sqlite://")
    yield opened
    opened.close()


def shipped(question: str) -> pz.Puzzle:
    """A shipped puzzle of :data:`RULES` without options that asks ``question``, whose right
    answer offers no close (one answer ends it)."""
    for puzzle in pz.pool(RULES, options={}):
        if puzzle.question == question and not any(
                pz.offers_close(pz.solve(puzzle), move) for move in pz.solve(puzzle).answers):
            return puzzle
    raise AssertionError(f"no {question} puzzle ships for {RULES}")


def moves(puzzle: pz.Puzzle) -> tuple[str, str]:
    """A right and a wrong move of ``puzzle``."""
    solution = pz.solve(puzzle)
    every = [pz.TAKE, pz.STOCK] if puzzle.question == "take" else [
        c.code() for c in puzzle.hand]
    return solution.answers[0], next(m for m in every if m not in solution.answers)


def session(puzzle: pz.Puzzle) -> dict[str, Any]:
    state: dict[str, Any] = {}
    init_counts(state)
    start(state, puzzle)
    return state


def test_start_names_the_puzzle_in_the_url_and_resets_the_answer() -> None:
    puzzle = shipped("discard")
    state = session(puzzle)
    state.update(pz_tried=["1o"], pz_done=True)
    assert start(state, puzzle) == {"puzzle": puzzle.id}
    assert (state["pz_tried"], state["pz_done"], state["pz_position"]) == ([], False, None)
    assert on_screen(state) == puzzle
    assert start(state, None) is None and state["pz_empty"]


def test_a_position_is_named_by_its_cards_and_is_not_rated(store: Store) -> None:
    puzzle = shipped("discard")
    position = pz.position_puzzle(RULES, {}, pz.position_query(puzzle.hand))
    state: dict[str, Any] = {}
    init_counts(state)
    assert start(state, position) == pz.position_query(position.hand, position.top,
                                                       position.seen, position.criterion)
    right, _ = moves(position)
    done = answer(state, store, pz.solve(position), right)
    assert done.class_work and done.verdict == "right"
    assert state["pz_played"] == 0 and progress.learner(state) is None  # nothing recorded
    assert not answer(state, store, pz.solve(position), right).class_work  # the first only


def test_the_first_answer_is_recorded_and_counted_once(store: Store) -> None:
    puzzle = shipped("discard")
    right, wrong = moves(puzzle)
    state = session(puzzle)
    state["pz_streak"] = 4
    missed = answer(state, store, pz.solve(puzzle), wrong)
    assert (missed.verdict, missed.class_work) == ("wrong", False)
    learner = progress.learner(state)
    assert learner is not None
    (stored,) = store.attempts(learner)
    assert (stored.puzzle_id, stored.answer, stored.correct, stored.first) == (
        puzzle.id, wrong, False, True)
    assert progress.last_attempt(state) == stored and stored.change is not None
    assert (state["pz_streak"], state["pz_solved"], state["pz_played"]) == (0, 0, 1)
    assert state["pz_tried"] == [wrong] and not state["pz_done"]
    found = answer(state, store, pz.solve(puzzle), right)
    assert found.verdict == "right" and state["pz_done"] and state["pz_late"]
    assert len(store.attempts(learner)) == 1 and state["pz_played"] == 1
    assert state["pz_tries"] == 2 and not state["pz_clean"]


def test_a_clean_solve_adds_to_the_streak_and_a_hint_spoils_it(store: Store) -> None:
    puzzle = shipped("discard")
    right, _ = moves(puzzle)
    state = session(puzzle)
    answer(state, store, pz.solve(puzzle), right)
    assert (state["pz_streak"], state["pz_solved"], state["pz_clean"]) == (1, 1, True)
    start(state, puzzle)
    give_hint(state)
    answer(state, store, pz.solve(puzzle), right)
    assert (state["pz_streak"], state["pz_solved"], state["pz_clean"]) == (0, 1, False)
    learner = progress.learner(state)
    assert learner is not None
    assert [a.hint for a in store.attempts(learner)] == [False, True]


def test_a_right_move_that_may_close_asks_the_second_question(store: Store) -> None:
    asking = next(p for p in pz.pool(RULES, options={}) if any(
        pz.offers_close(pz.solve(p), m) for m in pz.solve(p).answers))
    move = next(m for m in pz.solve(asking).answers if pz.offers_close(pz.solve(asking), m))
    state = session(asking)
    answer(state, store, pz.solve(asking), move)
    assert state["pz_asking"] == move and not state["pz_done"]
    assert key_move(state, asking, "1") is None  # no answer while the question is open
    answer_close(state, True)
    assert (state["pz_closed"], state["pz_asking"], state["pz_done"]) == (True, None, True)


def test_revealing_records_a_miss_and_retrying_starts_over(store: Store) -> None:
    puzzle = shipped("take")
    state = session(puzzle)
    state["pz_streak"] = 3
    assert not reveal(state, store)
    learner = progress.learner(state)
    assert learner is not None
    (stored,) = store.attempts(learner)
    assert (stored.answer, stored.correct) == (None, False)
    assert (state["pz_done"], state["pz_streak"], state["pz_tries"]) == (True, 0, 1)
    retry(state)
    assert not state["pz_done"] and state["pz_tried"] == [] and state["pz_counted"]


def test_keys_name_a_card_by_its_place_or_take_and_draw() -> None:
    discard, take = shipped("discard"), shipped("take")
    state = session(discard)
    hand = shown_hand(state, discard)
    assert key_move(state, discard, "1") == hand[0]
    assert key_move(state, discard, "9") is None and key_move(state, discard, pz.TAKE) is None
    state["pz_by_number"] = True
    assert shown_hand(state, discard)[0] == key_move(state, discard, "1")
    state = session(take)
    assert key_move(state, take, pz.TAKE) == pz.TAKE and key_move(state, take, "1") is None


def test_the_next_puzzle_serves_the_misses_first(store: Store) -> None:
    pool = pz.pool(RULES, options={})
    state: dict[str, Any] = {progress.MISSES: ["no-such-puzzle", pool[0].id, pool[1].id]}
    init_counts(state)
    chosen = next_puzzle(state, store, pool, pool[0].id, RULES, {}, random.Random(1))
    assert chosen == pool[1]  # the unknown id and the one on screen are skipped
    assert state[progress.MISSES] == []


def test_the_next_puzzle_is_easy_for_a_newcomer_even_without_a_database() -> None:
    state: dict[str, Any] = {SHIFT_KEY: "harder"}
    init_counts(state)
    pool = candidates(state, RULES, {})
    for seed in range(5):
        chosen = next_puzzle(state, None, pool, None, RULES, {}, random.Random(seed))
        assert chosen is not None and chosen.difficulty == "easy"


def test_the_next_puzzle_skips_what_the_learner_played(store: Store) -> None:
    easy = [p for p in pz.pool(RULES, options={}) if p.difficulty == "easy"][:3]
    state: dict[str, Any] = {}
    init_counts(state)
    for puzzle in easy[:2]:
        start(state, puzzle)
        answer(state, store, pz.solve(puzzle), moves(puzzle)[1])
    for seed in range(5):
        assert next_puzzle(state, store, easy, None, RULES, {}, random.Random(seed)) == easy[2]


# --- The session's progress ------------------------------------------------------------------------


def test_answers_wait_in_the_outbox_while_the_database_is_away(store: Store) -> None:
    puzzle = shipped("discard")
    state = session(puzzle)
    answer(state, None, pz.solve(puzzle), moves(puzzle)[0])
    assert progress.not_saved(state, None) and len(progress.outbox(state)) == 1
    assert progress.cookie_value(state) is None  # not in the database yet
    progress.restore_counts(state, store)  # the database is behind: the session's counts stand
    assert state["pz_played"] == 1 and not state.get(progress.COUNTED)
    progress.flush(state, store)
    learner = progress.learner(state)
    assert learner is not None and len(store.attempts(learner)) == 1
    assert not progress.not_saved(state, store) and progress.cookie_value(state) == learner


def test_counts_and_rating_come_back_in_a_new_session(store: Store) -> None:
    puzzle = shipped("discard")
    state = session(puzzle)
    answer(state, store, pz.solve(puzzle), moves(puzzle)[0])
    again: dict[str, Any] = {progress.LEARNER: progress.learner(state)}
    progress.restore_counts(again, store)
    assert (again["pz_streak"], again["pz_solved"], again["pz_played"]) == (1, 1, 1)
    now = progress.rating_now(again, store, puzzle.rules_id, datetime.date(2000, 1, 1))
    assert now.info is not None and now.games == 1 and now.change is None
    assert progress.rating_now(state, store, puzzle.rules_id,
                               datetime.date(2000, 1, 1)).change is not None
    data = progress.learner_data(again, store)
    assert data is not None and [a.puzzle_id for a in data.attempts] == [puzzle.id]
    assert progress.learner_data(again, None) is None
    assert progress.learner_data({}, store) == progress.LearnerData([], [], {})


def test_a_code_carries_the_learner_to_another_session(store: Store) -> None:
    state: dict[str, Any] = {}
    assert progress.make_code(state, store) == progress.UNAVAILABLE  # nobody yet
    old = progress.mint(state)
    assert progress.make_code(state, store) is None  # written first, then a fresh id
    fresh, code = progress.learner(state), progress.transfer_code(state)
    assert fresh != old and code is not None and not store.has_learner(old)
    other: dict[str, Any] = {}
    assert progress.redeem(other, store, code.lower()) == progress.Notice(
        "success", "progress.code_redeemed")
    assert progress.learner(other) == fresh
    used = progress.redeem(other, store, code)
    assert (used.kind, used.key, used.typed) == ("error", "progress.code_unknown", code)
    assert progress.redeem(other, None, code) == progress.UNAVAILABLE


def test_forgetting_removes_the_rows_and_what_is_queued(store: Store) -> None:
    puzzle = shipped("discard")
    state = session(puzzle)
    answer(state, store, pz.solve(puzzle), moves(puzzle)[0])
    learner = progress.learner(state)
    assert learner is not None
    progress.outbox(state).add(Attempt.new(learner, puzzle.id, RULES, None, False))
    said = progress.forget_me(state, store)
    assert said.kind == "success" and said.values["count"] >= 2
    assert progress.learner(state) is None and state[progress.CLEAR]
    assert len(progress.outbox(state)) == 0 and not store.has_learner(learner)
    assert progress.forget_me(state, None) == progress.Notice("error", "progress.forget_failed")


@pytest.mark.parametrize(("raw", "kind"), [("nope", "bad"), ("a" * 32, "foreign")])
def test_a_cookie_not_ours_is_refused_by_name(store: Store, raw: str, kind: str) -> None:
    state: dict[str, Any] = {}
    assert progress.adopt_cookie(state, store, raw)
    assert state[progress.NOTICE] == (kind, raw) and state[progress.CLEAR]
    assert progress.learner(state) is None


def test_a_cookie_of_ours_is_adopted() -> None:
    state: dict[str, Any] = {}
    learner = "b" * 32
    assert progress.adopt_cookie(state, None, learner)  # away: a well-formed id is trusted
    assert progress.learner(state) == learner
