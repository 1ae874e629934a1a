"""Seating bots and playing them: a bot by name, one per seat, and whole games among them.

>>> from chinchon.engine.rules import get_rules
>>> final = play_game(get_rules("fournier"), ["greedy", "random"], seed=3)
>>> final.is_over, final.winner
(True, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from chinchon.engine.errors import quote
from chinchon.engine.rules import Rules
from chinchon.game.actions import Action
from chinchon.game.bots import Bot, BotError, GreedyBot, RandomBot, StalledGameError
from chinchon.game.expert import ExpertBot
from chinchon.game.levels import SLIPS, maker
from chinchon.game.master import MasterBot, check_think
from chinchon.game.names import BOT_NAMES, DEFAULT_THINK_MS
from chinchon.game.seat_view import view
from chinchon.game.state import GameState, Phase, apply, new_game


def _random(seed: int | str, think_ms: int) -> Bot:
    return RandomBot(seed)


def _greedy(seed: int | str, think_ms: int) -> Bot:
    return GreedyBot(seed)


def _expert(seed: int | str, think_ms: int) -> Bot:
    return ExpertBot(seed)


def _master(seed: int | str, think_ms: int) -> Bot:
    return MasterBot(seed, think_ms=think_ms)


def _expert_nowait(seed: int | str, think_ms: int) -> Bot:
    return ExpertBot(seed, waiting=False)


def _slipping(name: str) -> Callable[[int | str, int], Bot]:
    make = maker(name)
    return lambda seed, think_ms: make(seed)


#: Each bot made from its seed and the budget per decision (which only ``master`` uses).
_MAKERS: dict[str, Callable[[int | str, int], Bot]] = {
    "random": _random, **{name: _slipping(name) for name in SLIPS}, "greedy": _greedy,
    "expert": _expert, "master": _master, "expert-nowait": _expert_nowait}


def make_bot(name: str, seed: int | str = 0, think_ms: int = DEFAULT_THINK_MS) -> Bot:
    """A bot by name (``random``, ``greedy``, ``expert``, ``master``); ``seed`` seeds its own
    choices, ``think_ms`` is master's budget per decision."""
    maker = _MAKERS.get(name.strip().lower())
    if maker is None:
        raise BotError(f"unknown bot {quote(name)}: choose one of {', '.join(BOT_NAMES)}")
    return maker(seed, check_think(think_ms))


def bots_for(names: Sequence[str], seed: int, think_ms: int = DEFAULT_THINK_MS) -> list[Bot]:
    """One bot per seat, each seeded from the game's seed and its seat (reproducible)."""
    return [make_bot(name, f"{seed}:{seat}:{name}", think_ms) for seat, name in enumerate(names)]


def advance(state: GameState, bots: Mapping[int, Bot], max_actions: int = 100_000
            ) -> GameState:
    """Let the bots (by seat) play until a seat without a bot must act or the game is over:
    what a page with a human at the table calls after each of his moves."""
    for _ in range(max_actions):
        bot = bots.get(state.turn)
        if state.phase is Phase.OVER or bot is None:
            return state
        state = apply(state, bot.choose(view(state, state.turn)))
    raise StalledGameError(f"the bots are still playing after {max_actions} actions")


def play_game(rules: Rules, seats: Sequence[str], seed: int = 0,
              bots: Sequence[Bot] | None = None,
              watch: Callable[[GameState, Action], None] | None = None,
              max_actions: int = 100_000, think_ms: int = DEFAULT_THINK_MS) -> GameState:
    """Play a whole game among bots (by name, one per seat) and return the final state.

    Each bot sees only its own :func:`~chinchon.game.seat_view.view`. ``watch`` is called
    with every state and the action chosen in it (the positions generator uses it);
    ``think_ms`` is master's budget per decision.
    """
    players = list(bots) if bots is not None else bots_for(seats, seed, think_ms)
    state = new_game(rules, [bot.name for bot in players] if bots is not None else seats, seed)
    for _ in range(max_actions):
        if state.phase is Phase.OVER:
            return state
        seen = view(state, state.turn)
        action = players[state.turn].choose(seen)
        if watch is not None:
            watch(state, action)
        state = apply(state, action)
    if state.phase is Phase.OVER:
        return state
    raise StalledGameError(f"game {rules!r} seed {seed} among {', '.join(seats)} still going "
                           f"after {max_actions} actions")
