"""The Class page's services without Streamlit: make and join a class, set work, the dashboard
and a student's work, live questions asked, thrown at, revealed and followed from poll to poll,
and a lesson's hand moved (by buttons and clicker keys)."""

from __future__ import annotations

import datetime
import random
from dataclasses import replace

import pytest

from chinchon import puzzles as pz
from chinchon.engine.cards import parse_hand
from chinchon.services import classes as service
from chinchon.services import lessons as lesson_service
from chinchon.services import live
from chinchon.store.class_checks import ClassError
from chinchon.store.class_lessons import LessonHand, Lessons
from chinchon.store.classes import Classes
from chinchon.store.rows.attempts import Attempt
from chinchon.store.rows.classes import NewClass
from chinchon.store.rows.played import Played
from chinchon.store.store import Store

EIGHT = "1o 2o 3o 7c 7b 9e 10e 5c"


@pytest.fixture
def book() -> Classes:
    return Classes(Store("sqlite://"))


@pytest.fixture
def made(book: Classes) -> NewClass:
    return service.create_class(book, "Club", "  barajamos ", "es")


def _student(book: Classes, made: NewClass, nickname: str) -> str:
    learner, _ = service.class_learner(book, None)
    service.join_class(book, made.join_code, learner, nickname)
    return learner


def _discard_puzzle() -> pz.Puzzle:
    return next(p for p in pz.pool("barajamos") if p.question == "discard")


# --- Making and joining --------------------------------------------------------------------------


def test_a_class_is_made_with_its_rules_as_typed_without_the_spaces(made: NewClass) -> None:
    assert (made.name, made.rules, made.lang) == ("Club", "barajamos", "es")
    assert made.key


def test_a_bad_class_is_refused_by_name(book: Classes) -> None:
    with pytest.raises(ClassError) as caught:
        service.create_class(book, "Club", "no-such-rules", "es")
    assert "no-such-rules" in str(caught.value)


def test_the_learner_of_the_session_is_written_or_made(book: Classes) -> None:
    learner, new = service.class_learner(book, None)
    assert new and learner
    # One that only the outbox knew is written now, and kept.
    assert service.class_learner(book, learner) == (learner, False)
    kept = "ab" * 16
    assert service.class_learner(book, kept) == (kept, False)
    assert book.store.check_learner(kept) == kept


def test_the_join_page_shows_the_form_then_the_membership(book: Classes, made: NewClass) -> None:
    learner, _ = service.class_learner(book, None)
    page = service.join_page(book, made.shown_code, learner)
    assert page.info.id == made.id and page.member is None
    assert service.join_page(book, made.shown_code, None).member is None
    member = service.join_class(book, made.shown_code, learner, "Ana")
    assert service.join_page(book, made.shown_code, learner).member == member
    assert member.nickname == "Ana"


@pytest.mark.parametrize(("code", "reason"), [("nope", "bad-code"),
                                              ("ABCD-EFGH", "unknown-code")])
def test_a_bad_code_is_refused_by_name(book: Classes, code: str, reason: str) -> None:
    with pytest.raises(ClassError) as caught:
        service.join_page(book, code, None)
    assert caught.value.reason == reason


def test_a_taken_nickname_is_refused(book: Classes, made: NewClass) -> None:
    _student(book, made, "Ana")
    with pytest.raises(ClassError) as caught:
        _student(book, made, "ANA")
    assert caught.value.reason == "nickname-taken"


# --- Work ----------------------------------------------------------------------------------------


def test_puzzles_picked_by_the_form_are_the_profile_s_matching_ones(book: Classes,
                                                                    made: NewClass) -> None:
    form = service.WorkForm("puzzles", "Pairs", theme="break-pair", count=4)
    work = service.assign(book, made, made.key, form, random.Random(5))
    assert work is not None and work.title == "Pairs" and len(work.puzzles) == 4
    shipped = pz.shipped()
    assert all("break-pair" in shipped[p].themes and shipped[p].rules_id == "barajamos"
               for p in work.puzzles)
    assert list(work.puzzles) == sorted(work.puzzles)
    # The same seed draws the same puzzles.
    again = service.assign(book, made, made.key, form, random.Random(5))
    assert again is not None and again.puzzles == work.puzzles


def test_picks_that_match_no_puzzle_make_no_assignment(book: Classes, made: NewClass) -> None:
    form = service.WorkForm("puzzles", theme="figure", criterion="no-such", count=3)
    assert service.assign(book, made, made.key, form, random.Random(1)) is None
    assert book.assignments(made.id) == []


def test_games_tour_and_a_game_s_positions(book: Classes, made: NewClass) -> None:
    due = datetime.date(2030, 1, 31)
    games = service.assign(book, made, made.key,
                           service.WorkForm("games", bot="greedy", games=3, due=due),
                           random.Random(1))
    assert games is not None and (games.kind, games.bot, games.games, games.due) == (
        "games", "greedy", 3, due)
    tour = service.assign(book, made, made.key, service.WorkForm("tour"), random.Random(1))
    assert tour is not None and tour.kind == "tour" and tour.puzzles == ()
    position = {"rules": "barajamos", "hand": "1o 2o 3o 7c 7b 9e 10e 5c"}
    found = service.assign(book, made, made.key,
                           service.WorkForm("game", positions=[position]), random.Random(1))
    assert found is not None and found.kind == "puzzles" and len(found.puzzles) == 1
    assert found.puzzles[0] in found.positions


def test_an_archived_class_takes_no_work(book: Classes, made: NewClass) -> None:
    book.set_archived(made.id, made.key)
    with pytest.raises(ClassError) as caught:
        service.assign(book, made, made.key, service.WorkForm("tour"), random.Random(1))
    assert caught.value.reason == "archived"


def test_add_a_puzzle_to_a_new_or_an_existing_assignment(book: Classes, made: NewClass) -> None:
    first, second = [p.id for p in pz.pool("barajamos")][:2]
    new = service.add_puzzle(book, made.id, made.key, None, first)
    assert new.puzzles == (first,)
    assert service.add_puzzle(book, made.id, made.key, new.id, second).puzzles == (first, second)
    with pytest.raises(ClassError):
        service.add_puzzle(book, made.id, "wrong-key-" * 3, None, first)


def test_the_classes_a_puzzle_may_be_added_to(book: Classes, made: NewClass) -> None:
    other = book.create("Otro", "fournier", "en")
    work = book.assign(made.id, made.key, "puzzles", puzzles=[pz.pool("barajamos")[0].id])
    book.assign(made.id, made.key, "tour")
    teaching = {made.id: made.key, other.id: other.key, "f" * 32: "wrong-key-" * 3}
    found = service.teaching_choices(book, teaching)
    # The class of a stale key is left out; only puzzle assignments are offered.
    assert [(info.id, works) for info, works in found] == [(made.id, [work]), (other.id, [])]


def test_the_dashboard_and_a_student_s_own_work(book: Classes, made: NewClass) -> None:
    puzzle = pz.pool("barajamos")[0]
    work = book.assign(made.id, made.key, "puzzles", puzzles=[puzzle.id])
    ana, bea = _student(book, made, "Ana"), _student(book, made, "Bea")
    right = pz.solve(puzzle).answers[0]
    book.store.record_attempt(Attempt.new(ana, puzzle.id, "barajamos", right, True))
    board = service.class_board(book, made.id, made.key)
    assert board.works == (work,)
    rows = {row.nickname: row for row in board.dashboard.students}
    assert (rows["Ana"].progress[0].done, rows["Ana"].progress[0].first_right) == (1, 1)
    assert rows["Bea"].progress[0].done == 0
    assert [(s.puzzle_id, s.tried, s.right) for s in board.dashboard.puzzles] == [
        (puzzle.id, 1, 1)]
    mine = service.student_work(book, made.id, bea)
    assert mine.member.nickname == "Bea" and mine.info.id == made.id
    assert [(w.id, p.done, p.total) for w, p in mine.works] == [(work.id, 0, 1)]
    with pytest.raises(ClassError) as caught:
        service.student_work(book, made.id, "cd" * 16)
    assert caught.value.reason == "not-member"


def _played(book: Classes, learner: str, rules: str, minute: int, *, finished: bool = True,
            actions: int = 4, seat: int = 0) -> Played:
    game = Played.new(learner, rules, {"rules": rules}, "d" * 16, seats=2, origin="new",
                      seat=seat)
    game = (game.finish("", actions, {"winner": 0}, None) if finished
            else game.moved("", actions))
    # Minutes apart, so that "newest first" is one order.
    game = replace(game, updated_at=datetime.datetime(2030, 1, 1, 12, minute))
    book.store.save_played(game)
    return game


def test_the_games_work_is_made_from(book: Classes) -> None:
    made = book.create("Club", "fournier", "es")
    teacher = book.store.new_learner()
    ana = book.store.new_learner()
    book.join(made.join_code, ana, "Ana")
    mine = _played(book, teacher, "fournier", 1, finished=False)
    _played(book, teacher, "fournier", 2, actions=0)  # not a move made: nothing to teach
    other = _played(book, teacher, "barajamos+j2", 3)
    hers = _played(book, ana, "fournier", 4)
    _played(book, ana, "fournier", 5, finished=False)  # unfinished: a student's does not count
    _played(book, ana, "fournier", 6, seat=1)  # a seat other than the first
    found = service.class_games(book, made.id, made.key, teacher)
    assert [(k, who) for k, (who, _) in found.items()] == [
        (hers.id, "Ana"), (other.id, ""), (mine.id, "")]
    assert list(service.class_games(book, made.id, made.key, teacher, profile="fournier")) == [
        hers.id, mine.id]
    assert list(service.class_games(book, made.id, made.key, None)) == [hers.id]
    with pytest.raises(ValueError):
        service.game_mistakes(hers)  # no moves to replay
    with pytest.raises(ValueError):
        service.game_mistake_links(hers)


# --- Live questions ------------------------------------------------------------------------------


def test_a_question_is_followed_from_poll_to_poll(book: Classes, made: NewClass) -> None:
    ana = _student(book, made, "Ana")
    assert live.board_state(book, made.id) is None
    puzzle = _discard_puzzle()
    asked = live.ask(book, made.id, made.key, puzzle)
    seen = live.board_state(book, made.id)
    assert seen is not None and seen.question.id == asked.id and seen.puzzle == puzzle
    assert sum(seen.counts.values()) == 0 and seen.poll.students == 1
    # Nothing moved: the last read itself comes back, nothing read again.
    assert live.board_state(book, made.id, seen) is seen
    move = pz.solve(puzzle).answers[0]
    thrown = live.throw(book, asked, ana, move)
    assert thrown == live.Throw(True, puzzle, True)
    after = live.board_state(book, made.id, seen)
    assert after is not seen and after is not None and after.counts[move] == 1
    phone = live.phone_state(book, made.id, ana, None)
    assert phone is not None and phone.mine == move
    # A second throw is not counted again, and keeps no second attempt.
    assert live.throw(book, asked, ana, move) == live.Throw(False)
    live.reveal(book, made.id, made.key, asked.id)
    revealed = live.board_state(book, made.id, after)
    assert revealed is not None and revealed.question.revealed
    with pytest.raises(ClassError) as caught:
        live.throw(book, revealed.question, _student(book, made, "Bea"), move)
    assert caught.value.reason == "bad-assignment"
    live.close(book, made.id, made.key, asked.id)
    assert live.board_state(book, made.id, revealed) is None
    board = live.class_live_board(book, made.id, made.key)
    assert [(q.answered, q.right) for q in board.questions] == [(1, 1)]
    mine = live.my_live(book, made.id, ana)
    assert mine is not None and (mine.answered, mine.right) == (1, 1)
    assert live.my_live(book, made.id, "cd" * 16) is None


def test_the_puzzles_to_ask_put_the_assigned_ones_first(book: Classes,
                                                         made: NewClass) -> None:
    discards = [p.id for p in pz.pool("barajamos") if p.question == "discard"]
    others = [p.id for p in pz.pool("barajamos") if p.question != "discard"]
    book.assign(made.id, made.key, "puzzles", puzzles=[discards[5], others[0], discards[2]])
    choices = live.live_choices(book, made)
    assert choices[:2] == [discards[5], discards[2]]
    assert sorted(choices) == sorted(discards)


def test_only_a_shipped_pick_is_asked(book: Classes, made: NewClass) -> None:
    assert live.ask_shipped(book, made.id, made.key, "no-such-puzzle") is None
    assert live.ask_shipped(book, made.id, made.key, None) is None
    puzzle = _discard_puzzle()
    asked = live.ask_shipped(book, made.id, made.key, puzzle.id)
    assert asked is not None and asked.puzzle_id == puzzle.id and asked.puzzle_code is None


def test_a_lesson_s_hand_is_asked_as_an_ad_hoc_puzzle(book: Classes, made: NewClass) -> None:
    ana = _student(book, made, "Ana")
    hand = LessonHand(parse_hand(EIGHT))
    lesson = Lessons(book).save(made.id, made.key, "Ochos", [hand])
    asked = live.ask_hand(book, made.id, made.key, made.rules, lesson.id, hand)
    assert asked is not None and asked.puzzle_code and asked.lesson_id == lesson.id
    move = EIGHT.split()[0]
    # Counted in the question, but no attempt: an ad-hoc hand has no id to rate.
    assert live.throw(book, asked, ana, move) == live.Throw(True)
    seven = LessonHand(parse_hand("1o 2o 3o 7c 7b 9e 10e"))
    assert live.ask_hand(book, made.id, made.key, made.rules, lesson.id, seven) is None


# --- Lessons -------------------------------------------------------------------------------------


def test_a_lesson_s_hand_moves_by_buttons_and_keys(book: Classes, made: NewClass) -> None:
    ids = [p.id for p in pz.pool("barajamos")][:3]
    lesson = lesson_service.lesson_from_puzzles(book, made.id, made.key, "Tres",
                                                [*ids, "no-such-puzzle"])
    assert len(lesson.hands) == 3 and lesson.step == 0
    moved = lesson_service.move_hand(book, made.id, made.key, lesson, 1)
    assert moved.step == 1
    # A page that read the lesson before that move moves nothing: it shows where it is.
    assert lesson_service.move_hand(book, made.id, made.key, lesson, 2).step == 1
    assert lesson_service.key_step(moved, "last") == 3
    assert lesson_service.key_step(moved, "first") == -3
    assert lesson_service.key_step(moved, "back") == -1
    assert lesson_service.key_step(moved, "jump") is None
    last = lesson_service.move_hand(book, made.id, made.key, moved, 3)
    assert last.step == 2  # kept within the lesson
    first = lesson_service.move_hand(book, made.id, made.key, last,
                                     lesson_service.key_step(last, "first") or 0)
    assert first.step == 0


def test_a_lesson_opens_for_its_teacher_only(book: Classes, made: NewClass) -> None:
    lesson = lesson_service.lesson_from_puzzles(book, made.id, made.key, "Uno",
                                                [pz.pool("barajamos")[0].id])
    assert lesson_service.open_lesson(book, made.id, made.key, lesson.id) == (
        book.open(made.id, made.key), lesson)
    assert lesson_service.open_lesson(book, made.id, made.key, None)[1] is None
    other = book.create("Otro", "barajamos", "es")
    for class_id, key, lesson_id, reason in [
            (made.id, "wrong-key-" * 3, lesson.id, "wrong-key"),
            (other.id, other.key, lesson.id, "unknown-lesson")]:
        with pytest.raises(ClassError) as caught:
            lesson_service.open_lesson(book, class_id, key, lesson_id)
        assert caught.value.reason == reason


def test_hands_from_a_game_and_from_the_hand_lab(book: Classes, made: NewClass) -> None:
    hands = [(parse_hand(EIGHT))] * 45
    lesson = lesson_service.lesson_from_hands(book, made.id, made.key, "Errores", hands)
    assert len(lesson.hands) == 40  # at most MAX_HANDS
    seven = (parse_hand("1o 2o 3o 7c 7b 9e 10e"))
    new = lesson_service.add_hand(book, made.id, made.key, None, "Del lab", seven)
    assert new.title == "Del lab" and len(new.hands) == 1
    more = lesson_service.add_hand(book, made.id, made.key, new.id, "ignored", tuple(
        parse_hand(EIGHT)))
    assert more.id == new.id and len(more.hands) == 2
