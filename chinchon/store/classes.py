"""Classes: a teacher's group of learners, their assignments, and what the dashboard reads.

A class has a name, rules (a profile id or a house code), a language, a join code that
students type (``/Class?join=CODE``) and a secret teacher key (``/Class?class=ID&key=K``; only
its SHA-256 is stored). A member is an existing learner (the cookie) with a nickname, plain
text, at most :data:`NICKNAME_LENGTH` characters, unique in the class (case ignored). Removing
a student hides him from the class; his own attempts and ratings stay his. Assignments point at
puzzles, a rules tour or a number of games against a bot level. The answers are the attempts
the store already keeps: :meth:`Classes.dashboard_data` hands them over (the rows of
:mod:`chinchon.store.rows.classes`), the figures are computed in
:mod:`chinchon.views.class_dashboard`.

>>> from chinchon.store.store import Store
>>> store = Store("sqlite://")
>>> classes = Classes(store)
>>> made = classes.create("Club", "barajamos", "es")
>>> member = classes.join(made.join_code, store.new_learner(), "Ana")
>>> [m.nickname for m in classes.members(made.id, made.key)]
['Ana']
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import re
import secrets
import uuid
from collections.abc import Mapping, Sequence

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    func,
    select,
)
from sqlalchemy.orm import Mapped, Session, mapped_column, sessionmaker

from chinchon.engine.errors import quote
from chinchon.store.class_checks import (
    NAME_LENGTH,
    NICKNAME_LENGTH,
    RULES_LENGTH,
    TITLE_LENGTH,
    ClassError,
    check_class_fields,
    check_count,
    check_nickname,
    check_positions,
    check_puzzle_ids,
    check_work,
    parse_join_code,
)
from chinchon.store.rows import utc_now
from chinchon.store.rows.classes import Assignment, ClassData, ClassInfo, Member, NewClass
from chinchon.store.rows.played import Played
from chinchon.store.schema import ID_LENGTH, ID_RE, Base
from chinchon.store.store import CODE_ALPHABET, Store, check_learner_id

MAX_STUDENTS = 100
_KEY_RE = re.compile(r"[A-Za-z0-9_-]{16,64}")


# --- The database's rows ------------------------------------------------------------------------


class ClassRow(Base):
    __tablename__ = "classes"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    rules: Mapped[str] = mapped_column(String(RULES_LENGTH))
    lang: Mapped[str] = mapped_column(String(2))
    key_hash: Mapped[str] = mapped_column(String(64))
    archived: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime())


class JoinCode(Base):
    """Every join code a class ever had: the current one is ``active``; an old one is kept so
    a student with an old link is told it was replaced, not that it never existed."""

    __tablename__ = "class_join_codes"

    code: Mapped[str] = mapped_column(String(8), primary_key=True)
    class_id: Mapped[str] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"))
    active: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime())


class MemberRow(Base):
    __tablename__ = "class_members"
    __table_args__ = (UniqueConstraint("class_id", "nickname_key",
                                       name="uq_class_members_nickname"),)

    class_id: Mapped[str] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"),
                                          primary_key=True)
    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"),
                                            primary_key=True)
    nickname: Mapped[str] = mapped_column(String(NICKNAME_LENGTH))
    #: The nickname case-folded: "Ana" and "ANA" are one nickname.
    nickname_key: Mapped[str] = mapped_column(String(NICKNAME_LENGTH * 3))
    removed: Mapped[bool] = mapped_column(Boolean, default=False)
    joined_at: Mapped[datetime.datetime] = mapped_column(DateTime())


class AssignmentRow(Base):
    __tablename__ = "class_assignments"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    class_id: Mapped[str] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"),
                                          index=True)
    kind: Mapped[str] = mapped_column(String(8))
    title: Mapped[str] = mapped_column(String(TITLE_LENGTH))
    puzzles: Mapped[list[str]] = mapped_column(JSON)
    #: The puzzles made from a game's positions: their Puzzles page link values, by id.
    positions: Mapped[dict[str, dict[str, str]] | None] = mapped_column(JSON)
    bot: Mapped[str | None] = mapped_column(String(16))
    games: Mapped[int | None] = mapped_column(Integer)
    due: Mapped[datetime.date | None] = mapped_column(Date)
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime())


class TourDone(Base):
    """A student's word that he went through an assigned rules tour (the tour keeps no
    attempts of its own)."""

    __tablename__ = "class_tour_done"

    assignment_id: Mapped[str] = mapped_column(
        ForeignKey("class_assignments.id", ondelete="CASCADE"), primary_key=True)
    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"),
                                            primary_key=True)
    done_at: Mapped[datetime.datetime] = mapped_column(DateTime())



def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _class_of_code(session: Session, raw_code: object, lock: bool = False) -> ClassRow:
    """The class a join code opens (locked for a join), or ``bad-code``, ``unknown-code``,
    ``old-code`` (rotated away) or ``archived``."""
    found = session.get(JoinCode, parse_join_code(raw_code))
    if found is None:
        raise ClassError(f"no class has the join code {quote(raw_code)}", "unknown-code")
    if not found.active:
        raise ClassError(f"the join code {quote(raw_code)} was replaced by a new one",
                         "old-code")
    klass = session.get(ClassRow, found.class_id, with_for_update=lock)
    assert klass is not None
    if klass.archived:
        raise ClassError(f"the class {quote(klass.name)} is archived", "archived")
    return klass


def _info(row: ClassRow, code: str) -> ClassInfo:
    return ClassInfo(row.id, row.name, row.rules, row.lang, code, row.archived, row.created_at)


def _member(row: MemberRow) -> Member:
    return Member(row.class_id, row.learner_id, row.nickname, row.removed, row.joined_at)


def _assignment(row: AssignmentRow) -> Assignment:
    return Assignment(row.id, row.class_id, row.kind, row.title, tuple(row.puzzles), row.bot,
                      row.games, row.due, row.created_at, dict(row.positions or {}))


def _refuse_archived(row: ClassRow) -> None:
    if row.archived:
        raise ClassError(f"the class {quote(row.name)} is archived", "archived")


class Classes:
    """The classes of one :class:`~chinchon.store.store.Store` (same database, same
    migrations). Teacher actions take the class id and the teacher key."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._sessions = sessionmaker(store.engine, expire_on_commit=False)

    def __repr__(self) -> str:
        return f"Classes({self.store!r})"

    def _session(self) -> Session:
        return self._sessions()

    # --- The teacher's side ------------------------------------------------------------------

    def _new_code(self, session: Session) -> str:
        while True:  # 31**8 codes: a clash is rare, and then we draw again
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))
            if session.get(JoinCode, code) is None:
                return code

    def create(self, name: str, rules: str, lang: str) -> NewClass:
        """A new class; its :attr:`NewClass.key` is shown once and never stored."""
        name, rules, lang = check_class_fields(name, rules, lang)
        key = secrets.token_urlsafe(18)
        now = utc_now()
        with self._session() as session, session.begin():
            row = ClassRow(id=uuid.uuid4().hex, name=name, rules=rules, lang=lang,
                           key_hash=_hash(key), archived=False, created_at=now)
            session.add(row)
            session.flush()
            code = self._new_code(session)
            session.add(JoinCode(code=code, class_id=row.id, active=True, created_at=now))
        return NewClass(row.id, name, rules, lang, code, False, now, key)

    def _teacher_row(self, session: Session, class_id: object, key: object,
                     lock: bool = False) -> ClassRow:
        row = None
        if isinstance(class_id, str) and ID_RE.fullmatch(class_id):
            row = session.get(ClassRow, class_id, with_for_update=lock)
        if row is None:
            raise ClassError(f"no such class: {quote(class_id)}", "unknown-class")
        if not (isinstance(key, str) and _KEY_RE.fullmatch(key)
                and hmac.compare_digest(_hash(key), row.key_hash)):
            raise ClassError(f"wrong teacher key for class {quote(class_id)}", "wrong-key")
        return row

    @staticmethod
    def _active_code(session: Session, class_id: str) -> str:
        code = session.scalar(select(JoinCode.code).where(JoinCode.class_id == class_id,
                                                          JoinCode.active))
        assert code is not None
        return code

    def open(self, class_id: object, key: object) -> ClassInfo:
        """The class for its teacher (archived or not); ``unknown-class`` or ``wrong-key``."""
        with self._session() as session:
            row = self._teacher_row(session, class_id, key)
            return _info(row, self._active_code(session, row.id))

    def rotate_code(self, class_id: str, key: str) -> str:
        """A new join code; the old one stops working (and says so). Returns the new code."""
        with self._session() as session, session.begin():
            row = self._teacher_row(session, class_id, key, lock=True)
            for old in session.scalars(select(JoinCode).where(JoinCode.class_id == row.id,
                                                               JoinCode.active)):
                old.active = False
            code = self._new_code(session)
            session.add(JoinCode(code=code, class_id=row.id, active=True, created_at=utc_now()))
        return code

    def set_archived(self, class_id: str, key: str, archived: bool = True) -> None:
        """Archive (or bring back) a class: archived, nobody joins and students are told."""
        with self._session() as session, session.begin():
            self._teacher_row(session, class_id, key, lock=True).archived = archived

    def remove(self, class_id: str, key: str, learner_id: str) -> None:
        """Take a student out of the class; his attempts and ratings stay his own."""
        with self._session() as session, session.begin():
            self._teacher_row(session, class_id, key)
            row = session.get(MemberRow, (class_id, check_learner_id(learner_id)))
            if row is None:
                raise ClassError(f"not a student of this class: {quote(learner_id)}",
                                 "not-member")
            row.removed = True

    def members(self, class_id: str, key: str, *, removed: bool = False) -> list[Member]:
        """The students, by nickname (with the removed ones when ``removed``)."""
        with self._session() as session:
            self._teacher_row(session, class_id, key)
            query = select(MemberRow).where(MemberRow.class_id == class_id)
            if not removed:
                query = query.where(MemberRow.removed.is_(False))
            return [_member(r) for r in session.scalars(query.order_by(MemberRow.nickname_key))]

    def assign(self, class_id: str, key: str, kind: str, *, title: str = "",
               puzzles: Sequence[str] = (), positions: Sequence[Mapping[str, str]] = (),
               bot: str | None = None, games: int | None = None,
               due: datetime.date | None = None) -> Assignment:
        """A new assignment: ``puzzles`` (shipped puzzles of the class's profile, by id, and
        ``positions`` of a game as the Puzzles page's link values), ``tour`` (the class's rules
        tour) or ``games`` (``games`` games against the ``bot`` level on the Play page).
        Refused by name: ``archived``, ``bad-assignment``."""
        check_work(kind, title, bot, games, due)
        with self._session() as session, session.begin():
            klass = self._teacher_row(session, class_id, key)
            _refuse_archived(klass)
            ids: tuple[str, ...] = ()
            made: dict[str, dict[str, str]] = {}
            if kind == "puzzles":
                rules_id = klass.rules.split("+")[0]
                made = check_positions(positions, rules_id)
                ids = tuple(dict.fromkeys([*check_puzzle_ids(puzzles, rules_id),
                                           *made]))
                check_count(ids)
            row = AssignmentRow(
                id=uuid.uuid4().hex, class_id=class_id, kind=kind, title=" ".join(title.split()),
                puzzles=list(ids), positions=made or None, bot=bot if kind == "games" else None,
                games=games if kind == "games" else None, due=due, created_at=utc_now())
            session.add(row)
            session.flush()
            return _assignment(row)

    def add_puzzles(self, class_id: str, key: str, assignment_id: str,
                    puzzles: Sequence[str]) -> Assignment:
        """Add puzzles to a puzzle assignment ("add to an assignment"), keeping the order
        and skipping the ones it holds already."""
        with self._session() as session, session.begin():
            klass = self._teacher_row(session, class_id, key)
            _refuse_archived(klass)
            row = session.get(AssignmentRow, assignment_id) if isinstance(
                assignment_id, str) else None
            if row is None or row.class_id != class_id or row.kind != "puzzles":
                raise ClassError(f"no such puzzle assignment: {quote(assignment_id)}",
                                 "bad-assignment")
            added = check_puzzle_ids(puzzles, klass.rules.split("+")[0])
            joined = list(dict.fromkeys([*row.puzzles, *added]))
            check_count(joined)
            row.puzzles = joined
            session.flush()
            return _assignment(row)

    def dashboard_data(self, class_id: str, key: str) -> ClassData:
        """What the teacher's dashboard is computed from (only this class's students)."""
        with self._session() as session:
            row = self._teacher_row(session, class_id, key)
            info = _info(row, self._active_code(session, row.id))
        return self._data(info, self.members(class_id, key))

    # --- The student's side ------------------------------------------------------------------

    def join(self, raw_code: object, learner_id: str, nickname: object) -> Member:
        """The learner joins the class of the join code, as ``nickname``. Joining again
        returns his membership as it is. Refused by name: ``bad-code``, ``unknown-code``,
        ``old-code``, ``archived``, ``removed``, ``full``, ``bad-nickname``,
        ``nickname-taken``."""
        learner_id = self.store.check_learner(learner_id)
        nick = check_nickname(nickname)
        with self._session() as session, session.begin():
            klass = _class_of_code(session, raw_code, lock=True)
            mine = session.get(MemberRow, (klass.id, learner_id))
            if mine is not None:
                if mine.removed:
                    raise ClassError(f"you were removed from the class {quote(klass.name)}",
                                     "removed")
                return _member(mine)
            count = session.scalar(select(func.count()).select_from(MemberRow).where(
                MemberRow.class_id == klass.id, MemberRow.removed.is_(False)))
            if (count or 0) >= MAX_STUDENTS:
                raise ClassError(f"the class {quote(klass.name)} is full "
                                 f"({MAX_STUDENTS} students)", "full")
            taken = session.scalar(select(MemberRow.learner_id).where(
                MemberRow.class_id == klass.id, MemberRow.nickname_key == nick.casefold()))
            if taken is not None:
                raise ClassError(f"the nickname {quote(nick)} is taken in this class",
                                 "nickname-taken")
            row = MemberRow(class_id=klass.id, learner_id=learner_id, nickname=nick,
                            nickname_key=nick.casefold(), removed=False, joined_at=utc_now())
            session.add(row)
            session.flush()
            return _member(row)

    def class_of_code(self, raw_code: object) -> ClassInfo:
        """The class a join code opens (for the join form's title), refused like
        :meth:`join` (``bad-code``, ``unknown-code``, ``old-code``, ``archived``)."""
        with self._session() as session:
            klass = _class_of_code(session, raw_code)
            return _info(klass, parse_join_code(raw_code))

    def memberships(self, learner_id: str) -> list[tuple[ClassInfo, Member]]:
        """The learner's classes (not archived, not removed from), newest first."""
        learner_id = check_learner_id(learner_id)
        with self._session() as session:
            rows = session.execute(
                select(ClassRow, MemberRow).join(MemberRow, MemberRow.class_id == ClassRow.id)
                .where(MemberRow.learner_id == learner_id, MemberRow.removed.is_(False),
                       ClassRow.archived.is_(False))
                .order_by(MemberRow.joined_at.desc())).all()
            return [(_info(klass, self._active_code(session, klass.id)), _member(member))
                    for klass, member in rows]

    def student_data(self, class_id: str, learner_id: str) -> ClassData:
        """What a student sees of his class: the assignments and his own results only."""
        learner_id = check_learner_id(learner_id)
        with self._session() as session:
            klass = session.get(ClassRow, class_id) if isinstance(class_id, str) else None
            if klass is None:
                raise ClassError(f"no such class: {quote(class_id)}", "unknown-class")
            mine = session.get(MemberRow, (class_id, learner_id))
            if mine is None:
                raise ClassError(f"you are not a student of {quote(klass.name)}", "not-member")
            if mine.removed:
                raise ClassError(f"you were removed from the class {quote(klass.name)}",
                                 "removed")
            if klass.archived:
                raise ClassError(f"the class {quote(klass.name)} is archived", "archived")
            info = _info(klass, "")
            member = _member(mine)
        return self._data(info, [member])

    def mark_tour_done(self, assignment_id: str, learner_id: str) -> None:
        """The student says he went through the assigned tour (harmless twice)."""
        learner_id = check_learner_id(learner_id)
        with self._session() as session, session.begin():
            row = session.get(AssignmentRow, assignment_id)
            member = session.get(MemberRow, (row.class_id, learner_id)) if row else None
            if row is None or row.kind != "tour" or member is None or member.removed:
                raise ClassError(f"no such tour assignment for you: {quote(assignment_id)}",
                                 "bad-assignment")
            if session.get(TourDone, (assignment_id, learner_id)) is None:
                session.add(TourDone(assignment_id=assignment_id, learner_id=learner_id,
                                     done_at=utc_now()))

    def _open_work(self, session: Session, learner_id: str, kind: str
                   ) -> list[tuple[ClassRow, AssignmentRow]]:
        """The ``kind`` assignments of the learner's classes (not archived, not removed)."""
        return [(klass, work) for klass, work in session.execute(
            select(ClassRow, AssignmentRow)
            .join(AssignmentRow, AssignmentRow.class_id == ClassRow.id)
            .join(MemberRow, MemberRow.class_id == ClassRow.id)
            .where(MemberRow.learner_id == learner_id, MemberRow.removed.is_(False),
                   ClassRow.archived.is_(False), AssignmentRow.kind == kind)).all()]

    def assigned(self, learner_id: str, puzzle_id: str) -> bool:
        """Whether a puzzle assignment of one of the learner's classes holds ``puzzle_id``
        (a position of a game is answered as that id only then)."""
        learner_id = check_learner_id(learner_id)
        with self._session() as session:
            return any(puzzle_id in work.puzzles
                       for _, work in self._open_work(session, learner_id, "puzzles"))

    def finish_tours(self, learner_id: str, rules_id: str) -> int:
        """Mark done every open tour assignment of the learner's classes whose profile is
        ``rules_id`` (he reached the tour's last step); how many were marked now."""
        learner_id = check_learner_id(learner_id)
        with self._session() as session, session.begin():
            open_tours = [work.id for klass, work in self._open_work(session, learner_id, "tour")
                          if klass.rules.split("+")[0] == rules_id
                          and session.get(TourDone, (work.id, learner_id)) is None]
            session.add_all(TourDone(assignment_id=a, learner_id=learner_id, done_at=utc_now())
                            for a in open_tours)
        return len(open_tours)

    # --- Shared -----------------------------------------------------------------------------

    def assignments(self, class_id: str) -> list[Assignment]:
        with self._session() as session:
            query = (select(AssignmentRow).where(AssignmentRow.class_id == class_id)
                     .order_by(AssignmentRow.created_at, AssignmentRow.id))
            return [_assignment(r) for r in session.scalars(query)]

    def _games_since(self, member: Member) -> list[Played]:
        """The member's counted Play games since he joined."""
        return [g for g in self.store.played_games(member.learner_id, counted=True)
                if g.updated_at >= member.joined_at]

    def members_games(self, class_id: str, key: str) -> list[tuple[Member, list[Played]]]:
        """Each student with his counted Play games since he joined (as the dashboard reads
        them), for the teacher who makes work of them."""
        return [(m, self._games_since(m)) for m in self.members(class_id, key)]

    def _data(self, info: ClassInfo, members: Sequence[Member]) -> ClassData:
        assignments = self.assignments(info.id)
        ids = [m.learner_id for m in members]
        with self._session() as session:
            done = frozenset(session.execute(select(TourDone.assignment_id, TourDone.learner_id)
                                             .where(TourDone.learner_id.in_(ids))).all())
        # Only what a learner did since joining: the class sees nothing from before.
        attempts = {m.learner_id: [a for a in self.store.attempts(m.learner_id)
                                   if a.created_at >= m.joined_at] for m in members}
        games = {m.learner_id: self._games_since(m) for m in members}
        ratings = {m.learner_id: self.store.learner_ratings(m.learner_id) for m in members}
        return ClassData(info, tuple(members), tuple(assignments), attempts, games, ratings,
                         frozenset((a, learner) for a, learner in done
                                   if a in {x.id for x in assignments}))
