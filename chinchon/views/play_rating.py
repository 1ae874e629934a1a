"""A learner's Play rating: Glicko-2 per profile, from his finished games against bots.

Computed from the stored games, like the progress page's other figures: only the games that
count (:attr:`Played.counts`: played here, finished, never shown face up, so never a teacher's
game). Each game is one rating period; in it the learner meets every bot seat of a level the
ladder rates (:mod:`chinchon.game.ladder`), at that level's ladder rating, and scores
:func:`~chinchon.game.ladder.pairwise` against it: 1 if he won the game, 0 if that bot won,
and when neither won, the lower final total wins. People at a table are not rated against.
A view: the store's rows in (:meth:`chinchon.store.Store.played_games`), the figures out.

>>> from chinchon.store.rows.played import Played
>>> game = Played.new("0" * 32, "fournier", {"seats": "greedy"}, "d1", seats=2, origin="new")
>>> won = game.finish("", 9, {"winner": 0, "totals": [40, 102]}, None)
>>> found = play_ratings([won], ladder.load())["fournier"]
>>> found.games, found.rating.rating > 1500
(1, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from chinchon.game import ladder
from chinchon.ratings.glicko2 import Rating, update
from chinchon.store.rows.played import Played


@dataclass(frozen=True)
class PlayRating:
    """The learner's rating under one profile and the rated games it stands on."""

    rules_id: str
    rating: Rating
    games: int


def bot_seats(game: Played) -> dict[int, str]:
    """The seats of ``game`` played by a bot, with its level: the Play page's setup names the
    bots of the seats after the learner's; a table's result names every seat's level (None for
    a person)."""
    levels = game.result.get("levels") if game.result else None
    if game.origin == "table":
        if not isinstance(levels, list):
            return {}  # kept before tables named their bots: nobody to rate against
        return {seat: level for seat, level in enumerate(levels)
                if isinstance(level, str) and seat != game.seat}
    names = [n for n in str(game.setup.get("seats", "")).split(",") if n]
    others = [seat for seat in range(game.seats) if seat != game.seat]
    return dict(zip(others, names, strict=False))


def profile(rules_id: str) -> str:
    """The profile of a rules code (house rules count under their base profile).

    >>> profile("ludoteka+figures=8-9-10"), profile("fournier")
    ('ludoteka', 'fournier')
    """
    return rules_id.split("+", 1)[0]


def results(game: Played, levels: Mapping[str, ladder.Level]) -> list[tuple[Rating, float]]:
    """The learner's results in one game: ``(bot's ladder rating, score)`` per rated bot seat."""
    if not game.counts or not game.result:
        return []
    totals, winner = game.result.get("totals"), game.result.get("winner")
    if not isinstance(totals, list) or len(totals) != game.seats:
        return []
    return [(levels[name].rating, ladder.pairwise(totals, winner, game.seat, seat))
            for seat, name in sorted(bot_seats(game).items()) if name in levels]


def play_ratings(games: Iterable[Played], levels: Mapping[str, ladder.Level], *,
                 start: Mapping[str, Rating] | None = None) -> dict[str, PlayRating]:
    """Per profile, the learner's rating after his counted games, taken in the order given
    (the store's: by the time they were finished), from ``start`` (per profile; a newcomer's
    1500 ± 350 otherwise)."""
    begin = start or {}
    found: dict[str, PlayRating] = {}
    for game in games:
        rated = results(game, levels)
        if not rated:
            continue
        key = profile(game.rules_id)
        before = found.get(key) or PlayRating(key, begin.get(key, Rating()), 0)
        found[key] = PlayRating(key, update(before.rating, rated), before.games + 1)
    return found
