"""The tables, as SQLAlchemy 2 typed ORM classes (the migrations in ``migrations/`` build them).

Nothing about a person is kept: a learner is a random id, the moment it was made and, while
one is pending, a short code to carry it to another device. Times are UTC, without a zone.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from sqlalchemy import JSON, Boolean, Date, DateTime, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

ID_LENGTH = 32  # a uuid4 in hex
CODE_LENGTH = 8
PUZZLE_ID_LENGTH = 64
#: A row id (a uuid4 in hex), and a name (a puzzle or rules id), as checked before any query.
ID_RE = re.compile(r"[0-9a-f]{32}")
NAME_RE = re.compile(r"[a-z0-9][a-z0-9-]*")
RULES_ID_LENGTH = 32
DEAL_LENGTH = 16  # the digest of a deal's setup (chinchon.views.play.Setup.check)


class Base(DeclarativeBase):
    pass


class Learner(Base):
    __tablename__ = "learners"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime())
    #: The pending "continue on another device" code (single use) and when it stops working.
    transfer_code: Mapped[str | None] = mapped_column(String(CODE_LENGTH), unique=True)
    transfer_expires: Mapped[datetime.datetime | None] = mapped_column(DateTime())


class LearnerRating(Base):
    """A learner's puzzle rating under one rule profile (each profile is its own game)."""

    __tablename__ = "learner_ratings"

    learner_id: Mapped[str] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    rules_id: Mapped[str] = mapped_column(String(RULES_ID_LENGTH), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    #: Rated (first) attempts so far.
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime.datetime] = mapped_column(DateTime())


class PuzzleRating(Base):
    """A puzzle's rating; a new puzzle starts from its pack's difficulty."""

    __tablename__ = "puzzle_ratings"

    puzzle_id: Mapped[str] = mapped_column(String(PUZZLE_ID_LENGTH), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime.datetime] = mapped_column(DateTime())


class PuzzleAttempt(Base):
    """One answer to a puzzle. The id comes from the page, so writing it again (after the
    database came back) never makes a second row."""

    __tablename__ = "puzzle_attempts"
    __table_args__ = (
        Index("ix_puzzle_attempts_learner_time", "learner_id", "created_at"),
    )

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"))
    puzzle_id: Mapped[str] = mapped_column(String(PUZZLE_ID_LENGTH))
    rules_id: Mapped[str] = mapped_column(String(RULES_ID_LENGTH))
    #: The move answered (a card code, ``take`` or ``stock``); None when the solution was shown.
    answer: Mapped[str | None] = mapped_column(String(16))
    correct: Mapped[bool] = mapped_column(Boolean)
    hint: Mapped[bool] = mapped_column(Boolean)
    first: Mapped[bool] = mapped_column(Boolean)
    #: The date of the daily puzzle when it was played as the puzzle of that day.
    daily: Mapped[datetime.date | None] = mapped_column(Date)
    seconds: Mapped[float | None] = mapped_column(Float)
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime())
    learner_before: Mapped[float | None] = mapped_column(Float)
    learner_after: Mapped[float | None] = mapped_column(Float)
    puzzle_before: Mapped[float | None] = mapped_column(Float)
    puzzle_after: Mapped[float | None] = mapped_column(Float)


# At most one first attempt per learner and puzzle: the one that moved the ratings.
Index("uq_puzzle_attempts_first", PuzzleAttempt.learner_id, PuzzleAttempt.puzzle_id, unique=True,
      sqlite_where=PuzzleAttempt.first, postgresql_where=PuzzleAttempt.first)


class Game(Base):
    """A finished game of the Play page: its record (text and JSON), rules, seats, result,
    the learner's accuracy and the coach's review."""

    __tablename__ = "games"
    __table_args__ = (Index("ix_games_learner_time", "learner_id", "created_at"),)

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"))
    rules_id: Mapped[str] = mapped_column(String(RULES_ID_LENGTH))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[int] = mapped_column(Integer)
    #: The learner's seat (0 first).
    seat: Mapped[int] = mapped_column(Integer)
    record_text: Mapped[str] = mapped_column(String)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    accuracy: Mapped[float | None] = mapped_column(Float)
    review: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime())


class PlayedGame(Base):
    """A game of the Play page as this learner plays it (issue 23): started here, its moves
    written as he makes them, finished or not. Only a finished game that was never shown face
    up (``teacher``) counts in his progress; an address opened from elsewhere makes no row.
    ``step`` orders the writes of one game (a take-back shortens ``moves``; a late write of an
    older step changes nothing)."""

    __tablename__ = "played_games"
    __table_args__ = (
        Index("ix_played_games_learner_deal", "learner_id", "deal"),
    )

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"))
    rules_id: Mapped[str] = mapped_column(String(RULES_ID_LENGTH))
    #: The address's values of the deal (rules code, seats, seed, options) and their digest.
    setup: Mapped[dict[str, Any]] = mapped_column(JSON)
    deal: Mapped[str] = mapped_column(String(DEAL_LENGTH))
    seats: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    #: The address's ``moves`` (every action so far, densely) and how many actions that is.
    moves: Mapped[str] = mapped_column(String)
    actions: Mapped[int] = mapped_column(Integer)
    step: Mapped[int] = mapped_column(Integer)
    #: ``new``: dealt on this site's form; ``link``: a deal opened from an address, played
    #: from its start.
    origin: Mapped[str] = mapped_column(String(8))
    teacher: Mapped[bool] = mapped_column(Boolean)
    finished: Mapped[bool] = mapped_column(Boolean)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    accuracy: Mapped[float | None] = mapped_column(Float)
    started_at: Mapped[datetime.datetime] = mapped_column(DateTime())
    updated_at: Mapped[datetime.datetime] = mapped_column(DateTime())
