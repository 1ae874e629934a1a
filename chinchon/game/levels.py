"""Levels between ``random`` and ``greedy``: greedy players that slip.

Greedy beats random in nearly every game (the README's strength table), so a ladder of two
rungs there says little about a learner who is better than one and worse than the other. A
*slipping* greedy plays greedy, but before each decision rolls his own seeded generator: with
probability ``slip`` he plays any legal action instead, uniformly, as ``random`` would. The slips
below were chosen so that the measured steps of the ladder are roughly even
(``python -m benchmarks.ladder``; ``docs/benchmarks.md``).

>>> from chinchon.engine.rules import get_rules
>>> from chinchon.game.players import play_game
>>> play_game(get_rules("fournier"), ["steady", "random"], seed=3).winner
0
"""

from __future__ import annotations

import random
from collections.abc import Callable

from chinchon.game.actions import Action
from chinchon.game.bots import GreedyBot
from chinchon.game.seat_view import View

#: Each level's chance of a random action, the weakest first (``random`` slips always, greedy
#: never). Calibrated on fournier, two seats: the win rate between neighbours falls steeply
#: from p = 0.85 to p = 0.3, hence the close slips there.
SLIPS = {"beginner": 0.86, "apprentice": 0.68, "casual": 0.58, "regular": 0.47,
         "skilled": 0.36, "steady": 0.18}


class SlippingBot:
    """Greedy, but any legal action with probability ``slip`` (both from one seeded generator,
    so a game is the same from the same seed)."""

    def __init__(self, name: str, slip: float, seed: int | str = 0) -> None:
        if not 0.0 <= slip <= 1.0:
            raise ValueError(f"a slip is a probability from 0 to 1, not {slip!r}")
        self.name, self.slip = name, slip
        self.rng = random.Random(f"{seed}:slip")
        self.greedy = GreedyBot(seed)

    def __repr__(self) -> str:
        return f"SlippingBot({self.name!r}, {self.slip!r})"

    def choose(self, view: View) -> Action:
        if self.rng.random() < self.slip:
            return self.rng.choice(view.legal)
        return self.greedy.choose(view)


def maker(name: str) -> Callable[[int | str], SlippingBot]:
    """What makes level ``name`` of :data:`SLIPS` from a seed (:func:`make_bot`'s makers)."""
    slip = SLIPS[name]
    return lambda seed: SlippingBot(name, slip, seed)
