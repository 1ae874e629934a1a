"""A game of the Play page as a learner plays it: the row of ``played_games`` as the store
returns it (:mod:`chinchon.store.played` writes and reads it), without SQLAlchemy.

>>> game = Played.new("0" * 32, "fournier", {"seats": "greedy"}, "d1", seats=2, origin="new")
>>> game.moved("AQ", 2).step, game.counts
(1, False)
>>> game.finish("AQ", 2, {"winner": 0, "totals": [3, 101]}, 0.9).counts
True
"""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from chinchon.store.rows import utc_now

#: Where a game was started: dealt here, a deal opened at its start from a link, or a seat of
#: a table with people (its moves are the table's, written by the server as they were played).
ORIGINS = ("new", "link", "table")



@dataclass(frozen=True)
class Played:
    """One game of the Play page as the page hands it over (and as it is read back)."""

    id: str
    learner_id: str
    rules_id: str
    setup: Mapping[str, str]
    deal: str
    seats: int
    seat: int = 0
    moves: str = ""
    actions: int = 0
    step: int = 0
    origin: str = "new"
    teacher: bool = False
    finished: bool = False
    result: Mapping[str, Any] | None = None
    accuracy: float | None = None
    started_at: datetime.datetime = field(default_factory=utc_now)
    updated_at: datetime.datetime = field(default_factory=utc_now)

    @staticmethod
    def new(learner_id: str, rules_id: str, setup: Mapping[str, str], deal: str, *,
            seats: int, origin: str, seat: int = 0) -> Played:
        """A game started now, with a fresh id (the id makes writing it again harmless)."""
        return Played(uuid.uuid4().hex, learner_id, rules_id, dict(setup), deal, seats, seat,
                      origin=origin)

    @property
    def counts(self) -> bool:
        """Whether it counts in the learner's progress: finished, never shown face up."""
        return self.finished and not self.teacher

    def moved(self, moves: str, actions: int, *, teacher: bool = False) -> Played:
        """The game after a move: its moves so far (a take-back may shorten them), the next
        step; once shown face up, always so."""
        return replace(self, moves=moves, actions=actions, step=self.step + 1,
                       teacher=self.teacher or teacher, updated_at=utc_now())

    def finish(self, moves: str, actions: int, result: Mapping[str, Any],
               accuracy: float | None, *, teacher: bool = False) -> Played:
        return replace(self.moved(moves, actions, teacher=teacher), finished=True,
                       result=dict(result), accuracy=accuracy)
