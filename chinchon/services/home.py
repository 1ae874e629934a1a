"""Where a returning learner left off, for the home page's first screen, without Streamlit:
his puzzle rating under the chosen rules, the misses waiting, and his Play game in progress
(this session's, else the latest he left unfinished in the store, rebuilt from its moves).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.exc import SQLAlchemyError

from chinchon.engine.rules import OPTION_NAMES
from chinchon.ratings.glicko2 import Rating
from chinchon.services import State, progress
from chinchon.store.store import Store
from chinchon.views import play as play_model
from chinchon.views import seat_coach
from chinchon.views.progress import missed_puzzles

PLAY_GAME = "play_game"  # the Play page's game in this session (webui.play_state)
_STORED = "home_stored_game"  # ((played id, step), the game rebuilt from them)


@dataclass(frozen=True)
class LeftOff:
    """Where a returning learner left off, under the chosen rules."""

    rating: Rating | None
    #: Shipped puzzles of these rules whose latest attempt was a miss, latest first.
    misses: tuple[str, ...]
    #: The Play page's URL values of the game in progress (this session's, else the store's),
    #: and your total in it.
    game: tuple[dict[str, str], int] | None

    @property
    def returning(self) -> bool:
        return self.rating is not None or bool(self.misses) or self.game is not None


def stored_game_in_progress(state: State, store: Store | None) -> play_model.Game | None:
    """The latest unfinished game this learner played on the Play page, rebuilt from its
    deal and moves (once per step: kept in the session); None when there is none (or the
    store cannot say)."""
    learner = progress.learner(state)
    if learner is None or store is None:
        return None
    try:
        games = [g for g in store.played_games(learner) if not g.finished and g.origin != "table"]
        if not games:
            return None
        latest = max(games, key=lambda g: g.updated_at)
        kept = state.get(_STORED)
        if kept is not None and kept[0] == (latest.id, latest.step):
            rebuilt: play_model.Game = kept[1]  # the bots' catch-up costs a game's turns
            return rebuilt
        values = latest.setup
        options = {k: int(v) for k, v in values.items() if k in OPTION_NAMES}
        setup = play_model.parse_setup(values["rules"], options, values["seats"], values["seed"])
        game = play_model.load(setup, latest.moves).catch_up()
    except (SQLAlchemyError, ValueError, KeyError):  # a row the page cannot reopen: skip it
        return None
    state[_STORED] = ((latest.id, latest.step), game)
    return game


def game_in_progress(state: State, store: Store | None) -> tuple[dict[str, str], int] | None:
    """The learner's Play game that is not over: this session's, else the latest he left
    unfinished in the store (a reload or another visit). Its URL values (which reopen it as
    his) and your total."""
    game = state.get(PLAY_GAME)
    if not isinstance(game, play_model.Game):
        game = stored_game_in_progress(state, store)
    if game is None or game.over:
        return None
    query = {**game.setup.query(), "moves": game.code(), "check": game.setup.check}
    return query, game.state.totals[seat_coach.HUMAN]


def left_off(state: State, store: Store | None, rules_id: str) -> LeftOff | None:
    """What the store (and this session) holds of the learner under ``rules_id``; None while
    the database is away."""
    data = progress.learner_data(state, store)
    if data is None:
        return None
    info = data.ratings.get(rules_id)
    return LeftOff(info.rating if info is not None else None,
                   tuple(missed_puzzles(data.attempts, rules_id)), game_in_progress(state, store))
