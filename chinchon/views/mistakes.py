"""The coach's mistakes of a played game as hands for a lesson: every throw of yours that the
coach grades a mistake or worse, as the eight cards you held before throwing.

A Play game is kept as its setup's URL values and its ``moves`` (:mod:`chinchon.store.played`);
:func:`game_of` rebuilds it, :func:`mistake_hands` grades your throws with the same coach as
the Play page's review (:func:`chinchon.views.play.verdicts`).
"""

from __future__ import annotations

from collections.abc import Mapping

from chinchon.engine.cards import Card
from chinchon.engine.rules import OPTION_NAMES
from chinchon.game.actions import Discard
from chinchon.views.coach import GRADES, Position
from chinchon.views.play import Game, decisions, load, parse_setup, verdicts
from chinchon.views.puzzle import position_link


def game_of(values: Mapping[str, str], moves: str) -> Game:
    """The game of a stored setup (``rules``, ``seats``, ``seed``, options) and its moves;
    a ``ValueError`` names what does not fit."""
    try:
        options = {k: int(v) for k, v in values.items() if k in OPTION_NAMES}
        setup = parse_setup(values["rules"], options, values["seats"], values["seed"])
    except (KeyError, ValueError) as error:
        raise ValueError(f"not a game's setup: {error}") from None
    return load(setup, moves)


def mistake_positions(game: Game, worst: str = "mistake") -> tuple[Position, ...]:
    """The coach's position before each of your throws it grades ``worst`` or worse, in the
    order played (the cards seen included, as the Play page's review opens it)."""
    floor = GRADES.index(worst)
    throws = [i for i in decisions(game) if isinstance(game.actions[i], Discard)]
    graded = verdicts(game, throws)
    return tuple(graded[i].position for i in sorted(graded)
                 if GRADES.index(graded[i].grade) >= floor)


def mistake_hands(game: Game, worst: str = "mistake") -> tuple[tuple[Card, ...], ...]:
    """Your eight cards before each throw the coach grades ``worst`` or worse, in the order
    played (a hand met twice is given once)."""
    return tuple(dict.fromkeys(tuple(p.hand) for p in mistake_positions(game, worst)))


def mistake_links(game: Game, worst: str = "mistake") -> tuple[dict[str, str], ...]:
    """The Puzzles page's URL values of each :func:`mistake_positions` (the game's rules and
    deck options, the cards held and seen), a position met twice given once."""
    links = (position_link(p) for p in mistake_positions(game, worst))
    return tuple({tuple(sorted(v.items())): v for v in links}.values())
