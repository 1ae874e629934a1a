"""Games of the Play page as a learner plays them: the rows of ``played_games`` written and
read (the row is :class:`chinchon.store.rows.played.Played`).

A row is made when the learner starts a game here (or makes the first move of a deal opened
from an address) and rewritten at each of his moves, so only a game played in his own sessions
is kept; a finished game counts in his progress unless its hands were ever shown face up.
The functions take an open :class:`~sqlalchemy.orm.Session`; :class:`~chinchon.store.Store`
wraps each in a transaction (``save_played``, ``played_games``, ``played_of_deal``).

>>> from chinchon.store.store import Store
>>> from chinchon.store.rows.played import Played
>>> store = Store("sqlite://")
>>> learner = store.new_learner()
>>> game = Played.new(learner, "barajamos", {"rules": "barajamos", "seats": "greedy",
...                   "seed": "7"}, "d1", seats=2, origin="new")
>>> store.save_played(game.moved("AQ", 2))
>>> [(p.moves, p.counts) for p in store.played_games(learner)]
[('AQ', False)]
"""

from __future__ import annotations

import re

from sqlalchemy import select
from sqlalchemy.orm import Session

from chinchon.engine.errors import quote
from chinchon.store.rows.played import ORIGINS, Played
from chinchon.store.schema import DEAL_LENGTH, ID_RE, PlayedGame

_DEAL_RE = re.compile(rf"[0-9a-z]{{1,{DEAL_LENGTH}}}")


class PlayedError(ValueError):
    """A played game with a field that cannot be stored (quoted)."""


def check(game: Played) -> None:
    """Refuse ``game`` when a field cannot be stored, naming it."""
    if not ID_RE.fullmatch(game.id):
        raise PlayedError(f"not a played game id: {quote(game.id)}")
    if not _DEAL_RE.fullmatch(game.deal):
        raise PlayedError(f"not a deal digest: {quote(game.deal)}")
    if game.origin not in ORIGINS:
        raise PlayedError(f"not an origin ({', '.join(ORIGINS)}): {quote(game.origin)}")


def _played(row: PlayedGame) -> Played:
    return Played(row.id, row.learner_id, row.rules_id, row.setup, row.deal, row.seats, row.seat,
                  row.moves, row.actions, row.step, row.origin, row.teacher, row.finished,
                  row.result, row.accuracy, row.started_at, row.updated_at)


def save(session: Session, game: Played) -> None:
    """Write ``game`` unless a later step of it is stored already; face up stays face up."""
    check(game)
    row = session.get(PlayedGame, game.id, with_for_update=True)
    if row is None:
        session.add(PlayedGame(
            id=game.id, learner_id=game.learner_id, rules_id=game.rules_id,
            setup=dict(game.setup), deal=game.deal, seats=game.seats, seat=game.seat,
            moves=game.moves, actions=game.actions, step=game.step, origin=game.origin,
            teacher=game.teacher, finished=game.finished,
            result=dict(game.result) if game.result is not None else None,
            accuracy=game.accuracy, started_at=game.started_at, updated_at=game.updated_at))
        return
    if row.learner_id != game.learner_id:
        raise PlayedError(f"played game {quote(game.id)} belongs to another learner")
    row.teacher = row.teacher or game.teacher
    if game.step <= row.step:
        return
    row.moves, row.actions, row.step = game.moves, game.actions, game.step
    row.finished = game.finished
    row.result = dict(game.result) if game.result is not None else None
    row.accuracy, row.updated_at = game.accuracy, game.updated_at


def of_learner(session: Session, learner_id: str, *, counted: bool = False) -> list[Played]:
    """The learner's games, oldest first (``counted``: only those that count, by the time
    they were finished)."""
    query = select(PlayedGame).where(PlayedGame.learner_id == learner_id)
    if counted:
        query = query.where(PlayedGame.finished.is_(True), PlayedGame.teacher.is_(False))
    query = query.order_by(PlayedGame.updated_at if counted else PlayedGame.started_at,
                           PlayedGame.id)
    return [_played(row) for row in session.scalars(query)]


def of_deal(session: Session, learner_id: str, deal: str) -> list[Played]:
    """The learner's games of one deal (its setup's digest), the latest first."""
    query = (select(PlayedGame)
             .where(PlayedGame.learner_id == learner_id, PlayedGame.deal == deal)
             .order_by(PlayedGame.updated_at.desc(), PlayedGame.id))
    return [_played(row) for row in session.scalars(query)]
