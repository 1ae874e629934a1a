"""The rows of a table with people (issue 20): the table and its seats.

A table is its rules, options and seed plus the actions played so far (the short tokens of
:func:`chinchon.game.actions.encode_actions`); the game state is rebuilt from them. ``version``
counts every change a seat's page must redraw for (a move, a seat taken, the start, a bot taking
a seat over); a move is written ``UPDATE … WHERE version = :v``. The seed and the seats' keys
never leave the server while the game is on. Times are UTC, without a zone.
"""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from chinchon.store.schema import ID_LENGTH, Base

#: A table's code, read out in class (:data:`chinchon.store.store.CODE_ALPHABET`).
TABLE_CODE_LENGTH = 6
SEAT_KEY_LENGTH = 24
#: A house code may be longer than a profile id.
TABLE_RULES_LENGTH = 200
KIND_LENGTH = 16
STATUS_LENGTH = 8


class PlayTable(Base):
    __tablename__ = "play_tables"
    __table_args__ = (Index("ix_play_tables_status", "status", "listed"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    code: Mapped[str] = mapped_column(String(TABLE_CODE_LENGTH), unique=True)
    rules_code: Mapped[str] = mapped_column(String(TABLE_RULES_LENGTH))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: The deal's seed: on the server only until the game is over.
    seed: Mapped[int] = mapped_column(Integer)
    actions: Mapped[str] = mapped_column(Text, default="")
    version: Mapped[int] = mapped_column(Integer, default=0)
    #: Seconds a seat has for a turn (0: no clock).
    clock: Mapped[int] = mapped_column(Integer, default=0)
    listed: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The bot that takes the seats still empty at the start, and plays for an absent person.
    bot: Mapped[str] = mapped_column(String(KIND_LENGTH))
    #: ``open`` (waiting for people), ``playing``, ``over`` or ``closed`` (nobody played for
    #: a day: kept as a finished record).
    status: Mapped[str] = mapped_column(String(STATUS_LENGTH))
    #: Who made it on the Tables page (None: the command line); he may start it early.
    creator: Mapped[str | None] = mapped_column(
        String(ID_LENGTH), ForeignKey("learners.id", ondelete="SET NULL"))
    created_at: Mapped[datetime.datetime] = mapped_column(DateTime())
    #: The last change (a move, a seat taken): the pace of the bots and the idle day count it.
    moved_at: Mapped[datetime.datetime] = mapped_column(DateTime())
    #: When the seat to act got the turn (the clock counts from it).
    turn_since: Mapped[datetime.datetime | None] = mapped_column(DateTime())
    finished_at: Mapped[datetime.datetime | None] = mapped_column(DateTime())


class PlaySeat(Base):
    __tablename__ = "play_seats"
    __table_args__ = (Index("ix_play_seats_learner", "learner_id"),)

    table_id: Mapped[int] = mapped_column(
        ForeignKey("play_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: ``person``, or a bot level (``random``, ``greedy``, ``expert``).
    kind: Mapped[str] = mapped_column(String(KIND_LENGTH))
    #: The learner who took the seat (a person seat; None while it is open).
    learner_id: Mapped[str | None] = mapped_column(
        String(ID_LENGTH), ForeignKey("learners.id", ondelete="SET NULL"))
    key: Mapped[str] = mapped_column(String(SEAT_KEY_LENGTH))
    last_seen: Mapped[datetime.datetime | None] = mapped_column(DateTime())
    #: A person's seat played by the table's bot (his clock ran out, or he left).
    bot_playing: Mapped[bool] = mapped_column(Boolean, default=False)
