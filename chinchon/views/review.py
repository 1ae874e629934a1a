"""The review of a hand of the Play page, move by move: every draw and throw of the hand (the
bots' too), the discard pile as it stood with who threw each card, and your decisions in the
order the review lists them. No Streamlit here.

What a bot drew from the stock is never told (no seat saw it); a card taken from the pile is.

Where one of your throws depends on the others' hidden cards, :func:`hidden_note` reads it the
way the master bot does (:mod:`chinchon.game.master`): over samples of the hands consistent with
what each took and threw, how often the next player closes with the card you threw (against the
safest card you held), or, when you kept a close to wait, how often an opponent closes before
your next turn. The coach's grades stay exact and instant; the note says it is sampled.

>>> from chinchon.views.play import new_game, parse_setup
>>> game = new_game(parse_setup("fournier", {}, "greedy", "7")).play_bots()
>>> moves = hand_moves(game, 1)
>>> [game.actions[i].__class__.__name__ for i in moves[:2]]
['Draw', 'Discard']
>>> [(card.code(), who) for card, who in pile_at(game, moves[0])]
[('11c', None)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from chinchon.engine.cards import Card
from chinchon.game.actions import PILE, Discard, Draw
from chinchon.game.master import MasterBot, feeding, next_seat
from chinchon.game.seat_view import view
from chinchon.game.state import Phase
from chinchon.views import coach
from chinchon.views.play import Game

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


#: The master's budget for a review note (a fixed number of samples, as ``--think``).
NOTE_THINK_MS = 100
#: A throw is noted when the next player closes with it this often, twice as often as with the
#: safest card held; a wait when an opponent closes first this often.
NOTE_CHANCE = 0.15


@dataclass(frozen=True)
class HiddenNote:
    """A sampled reading of one of your throws: ``kind`` "feeds" (the next player closes with
    ``card`` in a share ``chance`` of the samples; with ``safest`` in ``safest_chance``) or
    "waits" (you kept a close: an opponent closes before your next turn in ``chance``)."""

    kind: str
    card: Card
    chance: float
    samples: int
    safest: Card | None = None
    safest_chance: float = 0.0


def hidden_note(game: Game, index: int, think_ms: int = NOTE_THINK_MS) -> HiddenNote | None:
    """The sampled note on the throw ``game.actions[index]`` (module docstring), or None when
    there is nothing to say."""
    state, action = game.states[index], game.actions[index]
    if state.phase is not Phase.DISCARD or not isinstance(action, Discard) or action.close:
        return None
    seen = view(state, state.turn)
    bot = MasterBot(f"review:{game.setup.seed}", think_ms=think_ms)
    if next_seat(seen) is None:
        return None
    samples = bot.sampled(seen, bot.rng(seen))
    if any(isinstance(a, Discard) and a.close for a in seen.legal):
        risk = bot.close_risk(seen, action.card, samples)
        return HiddenNote("waits", action.card, risk, len(samples)) if risk >= NOTE_CHANCE \
            else None
    cards = list(dict.fromkeys(seen.hand))
    feeds = {feed.card: feed for feed in feeding(seen, cards, samples)}
    chosen = feeds[action.card]
    safest = min(feeds.values(), key=lambda feed: (feed.closes, cards.index(feed.card)))
    if chosen.closes < NOTE_CHANCE or chosen.closes < 2 * safest.closes:
        return None
    return HiddenNote("feeds", action.card, chosen.closes, len(samples), safest.card,
                      safest.closes)


__all__ = ["NOTE_CHANCE", "NOTE_THINK_MS", "WORST", "HiddenNote", "hand_moves", "hidden_note",
           "ordered", "pile_at"]
