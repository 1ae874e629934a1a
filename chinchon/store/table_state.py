"""A table's game state (issue 20): rebuilt from the table row's seed and actions by the game,
and kept per server (:class:`TableStates`), extended move by move; every server rebuilds the
same state from the same row, so none holds what the database does not.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

from chinchon.engine.rules import Rules, get_rules
from chinchon.game.actions import decode_actions
from chinchon.game.state import GameState, apply, new_game
from chinchon.store.table_schema import PlaySeat, PlayTable

#: States kept per server (a table's newest; the next move extends it).
CACHE_SIZE = 512


def table_rules(rules_code: str, options: Mapping[str, int], players: int) -> Rules:
    """The rules of a table of ``players`` (``RulesError`` names a bad count or option)."""
    return get_rules(rules_code, players=players, **dict(options))


class TableStates:
    """Each table's newest state on this server, extended move by move (thread-safe)."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self._size = size
        self._kept: OrderedDict[int, tuple[str, GameState]] = OrderedDict()
        self._lock = threading.Lock()

    def state(self, loaded: Loaded) -> GameState:
        row = loaded.row
        with self._lock:
            kept = self._kept.get(row.id)
        if kept is not None and kept[1].seed == row.seed and (
                row.actions == kept[0] or row.actions.startswith(kept[0] + ".")
                or not kept[0]):
            done, state = kept
            rest = row.actions[len(done):]
        else:
            names = seat_names(len(loaded.seats))
            rules = table_rules(row.rules_code, row.options, len(names))
            state, rest = new_game(rules, names, row.seed), row.actions
        for action in decode_actions(rest):
            state = apply(state, action)
        self.keep(row.id, row.actions, state)
        return state

    def keep(self, table: int, actions: str, state: GameState) -> None:
        with self._lock:
            self._kept[table] = (actions, state)
            self._kept.move_to_end(table)
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)


def seat_names(count: int) -> tuple[str, ...]:
    """The players' names in a table's game state (the pages name the seats themselves)."""
    return tuple(f"seat {i}" for i in range(count))


@dataclass(frozen=True)
class Loaded:
    """A table row and its seat rows, read together."""

    row: PlayTable
    seats: tuple[PlaySeat, ...]

    @property
    def id(self) -> int:
        return self.row.id


def taken(seat: PlaySeat) -> bool:
    """Whether a person seat has been opened (by a learner, or by a script with its key)."""
    return seat.learner_id is not None or seat.last_seen is not None


__all__ = ["CACHE_SIZE", "Loaded", "TableStates", "seat_names", "table_rules", "taken"]
