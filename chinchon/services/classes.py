"""What the Class page does for a teacher and a student, without Streamlit: make a class, join
one with a code and a nickname, set work, read the dashboard, a student's own work.

Each function takes the class store (:class:`~chinchon.store.classes.Classes`) and what the
session holds (the learner of the cookie, the teacher key of the route) and returns what the
page shows; a refusal is a :class:`~chinchon.store.class_checks.ClassError` with its reason.

>>> from chinchon.store.store import Store
>>> book = Classes(Store("sqlite://"))
>>> made = create_class(book, "Club", " barajamos ", "es")
>>> learner, new = class_learner(book, None)
>>> join_class(book, made.shown_code, learner, "Ana").nickname, new
('Ana', True)
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from chinchon import puzzles as pz
from chinchon.engine.cards import Card
from chinchon.store.class_checks import ClassError
from chinchon.store.classes import Classes
from chinchon.store.rows.classes import Assignment, ClassInfo, Member, NewClass
from chinchon.store.rows.played import Played
from chinchon.views.class_dashboard import Dashboard, Progress, dashboard, progress
from chinchon.views.mistakes import game_of, mistake_hands, mistake_links

#: The new-assignment form's kinds: "game" makes a puzzle assignment of a game's positions.
FORM_KINDS = ("puzzles", "game", "tour", "games")


def create_class(book: Classes, name: str, rules: str, lang: str) -> NewClass:
    """A new class of the teacher's form (the rules as typed, spaces around left out)."""
    return book.create(name, rules.strip(), lang)


def class_learner(book: Classes, learner_id: str | None) -> tuple[str, bool]:
    """The session's learner written in the database now (a class needs his row), and
    whether he was made now (no learner yet: the page then keeps the new one)."""
    if learner_id is None:
        return book.store.new_learner(), True
    book.store.new_learner(learner_id)  # one the outbox still holds: harmless otherwise
    return learner_id, False


@dataclass(frozen=True)
class JoinPage:
    """What ``/Class?join=CODE`` shows: the class, and the learner's membership when he is
    in it already (None: the nickname form)."""

    info: ClassInfo
    member: Member | None


def join_page(book: Classes, code: str, learner_id: str | None) -> JoinPage:
    """The class a join code opens for this learner; refused by name like
    :meth:`Classes.join` (``bad-code``, ``unknown-code``, ``old-code``, ``archived``)."""
    info = book.class_of_code(code)
    mine = {c.id: m for c, m in book.memberships(learner_id)} if learner_id else {}
    return JoinPage(info, mine.get(info.id))


def join_class(book: Classes, code: str, learner_id: str, nickname: str) -> Member:
    """The learner joins the class of ``code`` as ``nickname`` (:meth:`Classes.join`)."""
    return book.join(code, learner_id, nickname)


# --- Games to make work of ----------------------------------------------------------------------


def class_games(book: Classes, class_id: str, key: str, teacher: str | None, *,
                profile: str | None = None) -> dict[str, tuple[str, Played]]:
    """The games work may be made from: the ``teacher``'s own Play games (the session's
    learner) and his students' since they joined, each by id with who played it (the teacher:
    an empty name), newest first; only those of the ``profile`` when given."""
    found: dict[str, tuple[str, Played]] = {}
    if teacher is not None:
        found.update({g.id: ("", g) for g in book.store.played_games(teacher)
                      if g.actions and g.seat == 0})
    for member, games in book.members_games(class_id, key):
        found.update({g.id: (member.nickname, g) for g in games if g.seat == 0})
    if profile is not None:
        found = {k: v for k, v in found.items() if v[1].rules_id.split("+")[0] == profile}
    return dict(sorted(found.items(), key=lambda item: item[1][1].updated_at, reverse=True))


def game_mistakes(game: Played) -> tuple[tuple[Card, ...], ...]:
    """The eight cards before each throw of ``game`` the coach grades a mistake or worse (a
    lesson); ``ValueError`` when the game can no longer be replayed."""
    return mistake_hands(game_of(game.setup, game.moves))


def game_mistake_links(game: Played) -> tuple[dict[str, str], ...]:
    """Those mistakes as the Puzzles page's link values (an assignment): rules, cards held
    and seen; ``ValueError`` when the game can no longer be replayed."""
    return mistake_links(game_of(game.setup, game.moves))


# --- Assignments --------------------------------------------------------------------------------


def pick_puzzles(rules_id: str, theme: str | None, criterion: str | None,
                 difficulty: str | None, count: int, rng: random.Random) -> list[str]:
    """``count`` shipped puzzles of the profile with that theme, criterion and difficulty
    (any, where None), drawn at random and listed by id."""
    found = [p for p in pz.pool(rules_id, theme, difficulty)
             if criterion is None or p.criterion == criterion]
    return sorted(p.id for p in rng.sample(found, min(count, len(found))))


@dataclass(frozen=True)
class WorkForm:
    """The teacher's "new assignment" form as submitted: a ``kind`` of :data:`FORM_KINDS`;
    for ``puzzles`` the picks (None: any) and how many; for ``game`` the game's positions
    as the Puzzles page's link values; for ``games`` the bot level and how many games."""

    kind: str
    title: str = ""
    theme: str | None = None
    criterion: str | None = None
    difficulty: str | None = None
    count: int = 5
    positions: Sequence[Mapping[str, str]] = ()
    bot: str | None = None
    games: int | None = None
    due: datetime.date | None = None


def assign(book: Classes, info: ClassInfo, key: str, form: WorkForm, rng: random.Random
           ) -> Assignment | None:
    """The new assignment of ``form`` (its puzzles drawn with ``rng``); None when no shipped
    puzzle matches the picks. Refused like :meth:`Classes.assign`."""
    puzzles: list[str] = []
    if form.kind == "puzzles":
        puzzles = pick_puzzles(info.rules_id, form.theme, form.criterion, form.difficulty,
                               form.count, rng)
        if not puzzles:
            return None
    kind = form.kind if form.kind in ("tour", "games") else "puzzles"
    return book.assign(info.id, key, kind, title=form.title, puzzles=puzzles,
                       positions=form.positions if form.kind == "game" else (),
                       bot=form.bot, games=form.games, due=form.due)


# --- The dashboard and a student's work -------------------------------------------------------


@dataclass(frozen=True)
class ClassBoard:
    """The teacher's dashboard and the assignments its columns stand for, in order."""

    dashboard: Dashboard
    works: tuple[Assignment, ...]


def class_board(book: Classes, class_id: str, key: str) -> ClassBoard:
    """The dashboard of the class, for the holder of its teacher key."""
    data = book.dashboard_data(class_id, key)
    themes = {p.id: p.themes for p in pz.shipped().values()}
    return ClassBoard(dashboard(data, themes), data.assignments)


@dataclass(frozen=True)
class StudentWork:
    """A student's view of one class: the class, his membership, and each assignment with his
    own progress on it (oldest first)."""

    info: ClassInfo
    member: Member
    works: tuple[tuple[Assignment, Progress], ...]


def student_work(book: Classes, class_id: str, learner_id: str) -> StudentWork:
    """The learner's work in the class (only his own results); refused by name
    (``unknown-class``, ``not-member``, ``removed``, ``archived``)."""
    data = book.student_data(class_id, learner_id)
    return StudentWork(data.info, data.members[0],
                       tuple((work, progress(work, data, learner_id))
                             for work in data.assignments))


def teaching_choices(book: Classes, teaching: Mapping[str, str]
                     ) -> list[tuple[ClassInfo, list[Assignment]]]:
    """The classes opened as teacher in this session (``teaching``: class id → key) that
    still open with their key, each with its puzzle assignments (for "add to an
    assignment")."""
    found = []
    for class_id, key in teaching.items():
        try:
            info = book.open(class_id, key)
        except ClassError:
            continue
        found.append((info, [w for w in book.assignments(class_id) if w.kind == "puzzles"]))
    return found


def add_puzzle(book: Classes, class_id: str, key: str, assignment_id: str | None,
               puzzle_id: str) -> Assignment:
    """The Puzzles page's "add to an assignment": to ``assignment_id``, or (None) to a new
    puzzle assignment of that one puzzle."""
    if assignment_id is None:
        return book.assign(class_id, key, "puzzles", puzzles=[puzzle_id])
    return book.add_puzzles(class_id, key, assignment_id, [puzzle_id])
