"""The store: learners, their puzzle attempts and ratings, and finished games.

>>> store = Store("sqlite://")          # an in-memory database, migrated on opening
>>> learner = store.new_learner()
>>> done = store.record_attempt(Attempt.new(learner, "demo-1", "barajamos", "11b", True,
...                                         difficulty="easy"))
>>> done.first, done.learner_after > done.learner_before
(True, True)
>>> [a.puzzle_id for a in store.attempts(learner)]
['demo-1']
"""

from __future__ import annotations

import datetime
import re
import secrets
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Column, Engine, delete, exists, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session, sessionmaker

from chinchon.engine.errors import quote
from chinchon.ratings import glicko2
from chinchon.store import played
from chinchon.store.database import make_engine, reader, upgrade
from chinchon.store.integrity import verify
from chinchon.store.rows import utc_now
from chinchon.store.rows.attempts import SEED_RATINGS, Attempt, LearnerRatingInfo, Recorded
from chinchon.store.rows.played import Played
from chinchon.store.schema import (
    CODE_LENGTH,
    ID_RE,
    NAME_RE,
    PUZZLE_ID_LENGTH,
    RULES_ID_LENGTH,
    Base,
    Game,
    Learner,
    LearnerRating,
    PlayedGame,
    PuzzleAttempt,
    PuzzleRating,
)

_ANSWER_RE = re.compile(r"[a-z0-9=]{1,16}")
#: Transfer codes: no 0/O, 1/I/L, so a code read aloud or copied by hand survives.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LIFETIME = datetime.timedelta(hours=24)
#: How unsure a new puzzle's first rating (:data:`~chinchon.store.rows.attempts.SEED_RATINGS`) is.
SEED_RD = 250.0
MAX_RD = glicko2.DEFAULT_RD


class LearnerError(ValueError):
    """A learner id that is not one of ours (malformed), quoted."""


class UnknownLearner(LearnerError):
    """A well-formed learner id this database does not hold (another site's, or forgotten)."""


class TransferCodeError(ValueError):
    """A "continue on another device" code that is malformed, unknown or expired (``reason``:
    ``malformed``, ``unknown`` or ``expired``)."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class AttemptError(ValueError):
    """An attempt with a field that cannot be stored (quoted)."""


def check_learner_id(raw: object) -> str:
    """``raw`` as a learner id (32 lowercase hex digits), or :class:`LearnerError`.

    >>> check_learner_id("nope")
    Traceback (most recent call last):
    ...
    chinchon.store.store.LearnerError: not a learner id: 'nope'
    """
    if not isinstance(raw, str) or not ID_RE.fullmatch(raw):
        raise LearnerError(f"not a learner id: {quote(raw)}")
    return raw


def normal_code(raw: str) -> str:
    """A transfer code typed by hand, as stored: capitals, no spaces or dash.

    >>> normal_code(" abcd-efgh ")
    'ABCDEFGH'
    """
    code = re.sub(r"[\s-]", "", raw).upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        raise TransferCodeError(f"not a transfer code: {quote(raw)}", "malformed")
    return code


def show_code(code: str) -> str:
    """A stored code as people read it: ``ABCD-EFGH``."""
    return f"{code[:4]}-{code[4:]}"


def check_attempt(attempt: Attempt) -> None:
    """:class:`AttemptError` (or :class:`LearnerError`) for a field the database cannot take."""
    check_learner_id(attempt.learner_id)
    if not ID_RE.fullmatch(attempt.id):
        raise AttemptError(f"not an attempt id: {quote(attempt.id)}")
    for name, value, length in (("puzzle", attempt.puzzle_id, PUZZLE_ID_LENGTH),
                                ("rules", attempt.rules_id, RULES_ID_LENGTH)):
        if not (isinstance(value, str) and len(value) <= length and NAME_RE.fullmatch(value)):
            raise AttemptError(f"not a {name} id: {quote(value)}")
    if attempt.answer is not None and not _ANSWER_RE.fullmatch(attempt.answer):
        raise AttemptError(f"not an answer: {quote(attempt.answer)}")
    if attempt.difficulty not in SEED_RATINGS:
        raise AttemptError(f"not a difficulty: {quote(attempt.difficulty)}")



def _recorded(row: PuzzleAttempt) -> Recorded:
    return Recorded(row.id, row.learner_id, row.puzzle_id, row.rules_id, row.answer, row.correct,
                    row.hint, row.first, row.daily, row.seconds, row.created_at,
                    row.learner_before, row.learner_after, row.puzzle_before, row.puzzle_after)


@dataclass(frozen=True)
class GameRecord:
    """A finished game, as the Play page hands it over and as it is read back."""

    id: str
    learner_id: str
    rules_id: str
    options: Mapping[str, int]
    seats: int
    seat: int
    record_text: str
    record: Mapping[str, Any]
    result: Mapping[str, Any]
    accuracy: float | None = None
    review: Mapping[str, Any] | None = None
    created_at: datetime.datetime = field(default_factory=utc_now)


#: Glicko-2's rating period: a deviation grows by one period's worth each day without a game.
RATING_PERIOD = datetime.timedelta(days=1)


def _rating(row: LearnerRating | PuzzleRating) -> glicko2.Rating:
    return glicko2.Rating(row.rating, row.rd, row.volatility)


def _rating_now(row: LearnerRating | PuzzleRating, now: datetime.datetime) -> glicko2.Rating:
    """The row's rating with its deviation grown for the periods it was not played."""
    idle = max(0.0, (now - row.updated_at) / RATING_PERIOD) if row.games else 0.0
    return glicko2.idle(_rating(row), idle, MAX_RD)


def _set_rating(row: LearnerRating | PuzzleRating, rating: glicko2.Rating,
                now: datetime.datetime) -> None:
    row.rating, row.rd, row.volatility = rating.rating, min(rating.rd, MAX_RD), rating.volatility
    row.games += 1
    row.updated_at = now


def _learner_columns() -> list[Column[Any]]:
    """Every column of the schema that refers to a learner's id."""
    return [fk.parent for table in Base.metadata.sorted_tables for fk in table.foreign_keys
            if fk.column is Learner.__table__.c.id]


class Store:
    """One database: open it with a URL (None: ``CHINCHON_DB_URL`` or the default SQLite
    file); a SQLite file is checked (``quick_check``) and the migrations run on opening. Safe
    to share between threads."""

    def __init__(self, url: str | None = None, *, engine: Engine | None = None,
                 migrate: bool = True) -> None:
        self.engine = engine if engine is not None else make_engine(url)
        verify(self.engine)
        if migrate:
            upgrade(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._reads = sessionmaker(reader(self.engine), expire_on_commit=False)

    def __repr__(self) -> str:
        return f"Store({self.engine.url.render_as_string(hide_password=True)!r})"

    def close(self) -> None:
        self.engine.dispose()

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def _session(self) -> Session:
        return self._sessions()

    def _reading(self) -> Session:
        """A session that only reads (no write lock on SQLite: :func:`database.reader`)."""
        return self._reads()

    # --- Learners -------------------------------------------------------------------------

    def new_learner(self, learner_id: str | None = None) -> str:
        """Make a learner (a fresh id, or ``learner_id`` minted by the page); returns its id.
        Making one that exists already is harmless."""
        learner_id = check_learner_id(learner_id) if learner_id else uuid.uuid4().hex
        with self._session() as session, session.begin():
            if session.get(Learner, learner_id) is None:
                session.add(Learner(id=learner_id, created_at=utc_now()))
        return learner_id

    def has_learner(self, learner_id: str) -> bool:
        with self._reading() as session:
            return session.get(Learner, check_learner_id(learner_id)) is not None

    def check_learner(self, raw: object) -> str:
        """``raw`` if it is a learner of this database; else :class:`LearnerError` (malformed)
        or :class:`UnknownLearner` (not ours, or forgotten)."""
        learner_id = check_learner_id(raw)
        if not self.has_learner(learner_id):
            raise UnknownLearner(f"no such learner here: {quote(learner_id)}")
        return learner_id

    def transfer_code(self, learner_id: str) -> str:
        """A new single-use code (``ABCD-EFGH``, valid :data:`CODE_LIFETIME`) that lets
        another device continue as this learner; it replaces any earlier one."""
        self.check_learner(learner_id)
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            with self._session() as session, session.begin():
                taken = session.scalar(select(exists().where(Learner.transfer_code == code)))
                if taken:
                    continue
                learner = session.get(Learner, learner_id, with_for_update=True)
                if learner is None:
                    raise UnknownLearner(f"no such learner here: {quote(learner_id)}")
                learner.transfer_code, learner.transfer_expires = code, utc_now() + CODE_LIFETIME
            return show_code(code)

    def rotate_learner(self, learner_id: str) -> str:
        """Give the learner a fresh id and every row of his to it (the old id then names
        nobody: a copy of the old cookie stops working); returns the new id. Every table
        whose foreign key names ``learners.id`` follows, also those added later."""
        self.check_learner(learner_id)
        fresh = uuid.uuid4().hex
        with self._session() as session, session.begin():
            learner = session.get(Learner, learner_id, with_for_update=True)
            if learner is None:
                raise UnknownLearner(f"no such learner here: {quote(learner_id)}")
            session.add(Learner(id=fresh, created_at=learner.created_at))
            session.flush()
            for column in _learner_columns():
                session.execute(update(column.table).where(column == learner_id)
                                .values({column.name: fresh}))
            session.execute(delete(Learner).where(Learner.id == learner_id))
        return fresh

    def redeem_code(self, raw: str) -> str:
        """The learner id a code was made for; the code is used up."""
        code = normal_code(raw)
        with self._session() as session, session.begin():
            learner = session.scalars(select(Learner).where(Learner.transfer_code == code)
                                      .with_for_update()).first()
            if learner is None:
                raise TransferCodeError(f"no such transfer code: {quote(raw)}", "unknown")
            expired = learner.transfer_expires is None or learner.transfer_expires < utc_now()
            learner.transfer_code, learner.transfer_expires = None, None  # used up either way
            learner_id = learner.id
        if expired:
            raise TransferCodeError(f"this transfer code has expired: {quote(raw)}", "expired")
        return learner_id

    def forget(self, learner_id: str) -> int:
        """Delete every row of the learner (attempts, ratings, games, the learner); returns
        how many rows went. The puzzles' ratings keep what the learner's answers taught them."""
        learner_id = check_learner_id(learner_id)
        removed = 0
        with self._session() as session, session.begin():
            for table in (PuzzleAttempt, Game, PlayedGame, LearnerRating):
                result = session.execute(delete(table).where(table.learner_id == learner_id))
                removed += int(getattr(result, "rowcount", 0) or 0)
            result = session.execute(delete(Learner).where(Learner.id == learner_id))
            removed += int(getattr(result, "rowcount", 0) or 0)
        return removed

    # --- Attempts and ratings --------------------------------------------------------------

    def _puzzle_rating(self, session: Session, attempt: Attempt, now: datetime.datetime
                       ) -> PuzzleRating:
        seed = SEED_RATINGS[attempt.difficulty]
        values = {"puzzle_id": attempt.puzzle_id, "rating": seed, "rd": SEED_RD,
                  "volatility": glicko2.DEFAULT_VOLATILITY, "games": 0, "updated_at": now}
        # Many learners may meet a new puzzle at once: insert it unless someone did, then lock.
        insert = postgresql.insert if self.dialect == "postgresql" else sqlite.insert
        session.execute(insert(PuzzleRating).values(**values).on_conflict_do_nothing())
        row = session.get(PuzzleRating, attempt.puzzle_id, with_for_update=True,
                          populate_existing=True)
        assert row is not None
        return row

    def record_attempt(self, attempt: Attempt) -> Recorded:
        """Write ``attempt`` in one transaction; a first attempt at the puzzle also moves the
        learner's rating (for the attempt's rules) and the puzzle's. Writing the same attempt
        again returns the stored one. :class:`UnknownLearner` if the learner is not here."""
        check_attempt(attempt)
        with self._session() as session, session.begin():
            stored = session.get(PuzzleAttempt, attempt.id)
            if stored is not None:
                return _recorded(stored)
            # The learner's row is the lock that puts one learner's attempts in a row.
            learner = session.get(Learner, attempt.learner_id, with_for_update=True)
            if learner is None:
                raise UnknownLearner(f"no such learner here: {quote(attempt.learner_id)}")
            first = not session.scalar(select(exists().where(
                PuzzleAttempt.learner_id == attempt.learner_id,
                PuzzleAttempt.puzzle_id == attempt.puzzle_id)))
            row = PuzzleAttempt(
                id=attempt.id, learner_id=attempt.learner_id, puzzle_id=attempt.puzzle_id,
                rules_id=attempt.rules_id, answer=attempt.answer, correct=attempt.correct,
                hint=attempt.hint, first=first, daily=attempt.daily, seconds=attempt.seconds,
                created_at=attempt.created_at)
            if first and attempt.rated:
                now = utc_now()
                rating = session.get(LearnerRating, (attempt.learner_id, attempt.rules_id))
                if rating is None:
                    rating = LearnerRating(
                        learner_id=attempt.learner_id, rules_id=attempt.rules_id,
                        rating=glicko2.DEFAULT_RATING, rd=glicko2.DEFAULT_RD,
                        volatility=glicko2.DEFAULT_VOLATILITY, games=0, updated_at=now)
                    session.add(rating)
                puzzle = self._puzzle_rating(session, attempt, now)
                before, opponent = _rating_now(rating, now), _rating_now(puzzle, now)
                after, puzzle_after = glicko2.duel(before, opponent, attempt.score)
                _set_rating(rating, after, now)
                _set_rating(puzzle, puzzle_after, now)
                row.learner_before, row.learner_after = before.rating, after.rating
                row.puzzle_before, row.puzzle_after = opponent.rating, puzzle_after.rating
            session.add(row)
            session.flush()
            return _recorded(row)

    def attempts(self, learner_id: str, *, rules_id: str | None = None,
                 limit: int | None = None) -> list[Recorded]:
        """The learner's attempts, oldest first (the newest ``limit`` when given)."""
        query = select(PuzzleAttempt).where(PuzzleAttempt.learner_id == check_learner_id(
            learner_id))
        if rules_id is not None:
            query = query.where(PuzzleAttempt.rules_id == rules_id)
        query = query.order_by(PuzzleAttempt.created_at.desc(), PuzzleAttempt.id.desc())
        if limit is not None:
            query = query.limit(limit)
        with self._reading() as session:
            return [_recorded(row) for row in reversed(session.scalars(query).all())]

    def count_attempts(self, learner_ids: Iterable[str] | None = None) -> int:
        query = select(func.count()).select_from(PuzzleAttempt)
        if learner_ids is not None:
            query = query.where(PuzzleAttempt.learner_id.in_(list(learner_ids)))
        with self._reading() as session:
            return int(session.scalar(query) or 0)

    def learner_ratings(self, learner_id: str) -> dict[str, LearnerRatingInfo]:
        """The learner's rating under each profile played so far."""
        query = select(LearnerRating).where(LearnerRating.learner_id == check_learner_id(
            learner_id))
        with self._reading() as session:
            return {row.rules_id: LearnerRatingInfo(row.rules_id, _rating(row), row.games)
                    for row in session.scalars(query)}

    def puzzle_ratings(self, puzzle_ids: Sequence[str] | None = None
                       ) -> dict[str, glicko2.Rating]:
        """Ratings of the puzzles met so far (of ``puzzle_ids`` when given)."""
        query = select(PuzzleRating)
        if puzzle_ids is not None:
            query = query.where(PuzzleRating.puzzle_id.in_(list(puzzle_ids)))
        with self._reading() as session:
            return {row.puzzle_id: _rating(row) for row in session.scalars(query)}

    # --- Games (the Play page) ------------------------------------------------------------

    def record_game(self, game: GameRecord) -> None:
        """Write a finished game; writing the same id again is harmless."""
        self.check_learner(game.learner_id)
        with self._session() as session, session.begin():
            if session.get(Game, game.id) is None:
                session.add(Game(
                    id=game.id, learner_id=game.learner_id, rules_id=game.rules_id,
                    options=dict(game.options), seats=game.seats, seat=game.seat,
                    record_text=game.record_text, record=dict(game.record),
                    result=dict(game.result), accuracy=game.accuracy,
                    review=dict(game.review) if game.review is not None else None,
                    created_at=game.created_at))

    def games(self, learner_id: str) -> list[GameRecord]:
        """The learner's finished games, oldest first."""
        query = (select(Game).where(Game.learner_id == check_learner_id(learner_id))
                 .order_by(Game.created_at, Game.id))
        with self._reading() as session:
            return [GameRecord(g.id, g.learner_id, g.rules_id, g.options, g.seats, g.seat,
                               g.record_text, g.record, g.result, g.accuracy, g.review,
                               g.created_at) for g in session.scalars(query)]

    # --- Games as they are played (chinchon.store.played) ------------------------------------

    def save_played(self, game: Played) -> None:
        """Write a game of the Play page at its latest step (see :func:`played.save`)."""
        self.check_learner(game.learner_id)
        with self._session() as session, session.begin():
            played.save(session, game)

    def played_games(self, learner_id: str, *, counted: bool = False) -> list[Played]:
        """The learner's games of the Play page (``counted``: finished, never face up)."""
        with self._reading() as session:
            return played.of_learner(session, check_learner_id(learner_id), counted=counted)

    def played_of_deal(self, learner_id: str, deal: str) -> list[Played]:
        """The learner's games of one deal, the latest first."""
        with self._reading() as session:
            return played.of_deal(session, check_learner_id(learner_id), deal)
