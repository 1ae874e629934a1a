"""The review of a hand of the Play page, move by move: every draw and throw of the hand (the
bots' too), the discard pile as it stood with who threw each card, and your decisions in the
order the review lists them. No Streamlit here.

What a bot drew from the stock is never told (no seat saw it); a card taken from the pile is.

>>> from chinchon.views.table import new_game, parse_setup
>>> game = new_game(parse_setup("fournier", {}, "greedy", "7")).play_bots()
>>> moves = hand_moves(game, 1)
>>> [game.actions[i].__class__.__name__ for i in moves[:2]]
['Draw', 'Discard']
>>> [(card.code(), who) for card, who in pile_at(game, moves[0])]
[('11c', None)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from chinchon.engine.cards import Card
from chinchon.game.actions import PILE, Discard, Draw
from chinchon.views import coach
from chinchon.views.table import Game

#: Grades the "mistakes and blunders first" filter puts first, worst first.
WORST = ("blunder", "mistake")


def hand_moves(game: Game, hand: int) -> tuple[int, ...]:
    """The indexes of every draw and throw of ``hand`` (every seat's), in order."""
    return tuple(i for i, action in enumerate(game.actions)
                 if game.states[i].hand == hand and isinstance(action, Draw | Discard))


def pile_at(game: Game, index: int) -> tuple[tuple[Card, int | None], ...]:
    """The discard pile before ``game.actions[index]``, bottom first, each card with the seat
    who threw it (None: turned up by the deal, or a card whose thrower the pile no longer
    tells after the stock was rebuilt from it)."""
    hand = game.states[index].hand
    start = next(i for i in range(index + 1) if game.states[i].hand == hand)
    walked: list[tuple[Card, int | None]] = [(card, None) for card in game.states[start].pile]
    for i in range(start, index):
        action, seat = game.actions[i], game.states[i].turn
        if isinstance(action, Discard) and not action.close:
            walked.append((action.card, seat))
        elif isinstance(action, Draw) and action.source == PILE and walked:
            walked.pop()
    pile = game.states[index].pile
    tail = walked[len(walked) - len(pile):] if len(walked) >= len(pile) else []
    if [card for card, _ in tail] == list(pile):
        return tuple(tail)
    return tuple((card, None) for card in pile)


def ordered(indexes: Sequence[int], verdicts: Mapping[int, coach.Verdict],
            worst_first: bool) -> tuple[int, ...]:
    """Your decisions as the review lists them: in order, or (``worst_first``) the blunders,
    then the mistakes, then the rest, each in order."""
    if not worst_first:
        return tuple(indexes)

    def rank(index: int) -> int:
        verdict = verdicts.get(index)
        grade = verdict.grade if verdict is not None else ""
        return WORST.index(grade) if grade in WORST else len(WORST)

    return tuple(sorted(indexes, key=rank))


__all__ = ["WORST", "hand_moves", "ordered", "pile_at"]
