"""The closer's choice: which arrangement (and which naming of its jokers) he shows.

When several arrangements close equally well, the sources leave the choice to the closer, and
it changes what the others may lay off. :func:`closing_choices` lists them in a fixed order,
ours (the one :func:`~chinchon.engine.solver.close` shows) first, so that an index into the
list is stable: the game, its records and the Play page's address rely on it.
:func:`choice_index` finds a shown arrangement among them whatever the order of its melds and
cards.

>>> rules = get_rules("ludoteka", jokers=2)
>>> [a.code() for a in closing_choices(parse_hand("3c 4c JK 7o 7e 7b 1b"), rules)]
['7o 7e 7b | 3c 4c JK=5c / 1b', '7o 7e 7b | JK=2c 3c 4c / 1b']
>>> choice_index(Arrangement.parse("JK=2c 3c 4c | 7b 7e 7o / 1b", rules),
...              parse_hand("3c 4c JK 7o 7e 7b 1b"), rules)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from itertools import product
from typing import Protocol

from chinchon.engine.cards import Card, parse_hand  # noqa: F401  (parse_hand: doctests)
from chinchon.engine.errors import quote
from chinchon.engine.melds import Meld, namings
from chinchon.engine.rules import Rules, get_rules  # noqa: F401  (get_rules: doctests)
from chinchon.engine.solver import Arrangement, CloseError, analyze, close_as
from chinchon.game.actions import Discard

__all__ = ["MAX_CHOICES", "ChoiceError", "choice_in", "choice_index", "choices_in",
           "chosen_arrangement", "closing_choices", "same_shown", "shown_in"]

class ChoiceError(ValueError):
    """An arrangement that is not one of the closer's choices (the message says which are)."""


#: At most this many choices are offered (an index then fits in one hex digit).
MAX_CHOICES = 12


def closing_choices(hand: Sequence[Card], rules: Rules, *, first_round: bool = False,
                    total: int | None = None, limit: int = MAX_CHOICES
                    ) -> tuple[Arrangement, ...]:
    """What the closer of these seven cards may show: every arrangement (and naming of its
    jokers) that closes as well as the best close (same outcome, same score), ours first, then
    in the solver's order; empty when the hand may not close. ``first_round`` and ``total``
    are the close's context (ludoteka).

    >>> [a.code() for a in closing_choices(parse_hand("3c 4c 5c 6c 6o 6e 1b"),
    ...                                     get_rules("barajamos"))]
    ['6o 6c 6e | 3c 4c 5c / 1b']
    >>> closing_choices(parse_hand("1o 3c 5e 7b 10o 11c 12e"), get_rules("barajamos"))
    ()
    """
    analysis = analyze(hand, rules, first_round=first_round, total=total)
    best = analysis.close
    if best is None:
        return ()
    found: dict[tuple[object, ...], Arrangement] = {}
    for arrangement in (best.arrangement, *analysis.arrangements):
        for melds in product(*(namings(meld, rules) for meld in arrangement.melds)):
            option = Arrangement(tuple(melds), arrangement.loose)
            try:
                closing = close_as(option, rules, first_round=first_round, total=total)
            except CloseError:
                continue
            if (closing.outcome, closing.score) == (best.outcome, best.score):
                found.setdefault(_key(option), option)
            if len(found) >= limit:
                return tuple(found.values())
    return tuple(found.values())


def _meld_key(meld: Meld) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((card.code(), named.code())
                        for card, named in zip(meld.cards, meld.stands_for, strict=True)))


def _key(arrangement: Arrangement) -> tuple[object, ...]:
    """The same for the same melds and namings, whatever the order they are written in."""
    return (tuple(sorted(_meld_key(meld) for meld in arrangement.melds)),
            tuple(sorted(card.code() for card in arrangement.loose)))


def same_shown(a: Arrangement, b: Arrangement) -> bool:
    """Whether two arrangements show the same melds, namings and loose cards (in any order)."""
    return _key(a) == _key(b)


def choice_index(shown: Arrangement, hand: Sequence[Card], rules: Rules, *,
                 first_round: bool = False, total: int | None = None) -> int | None:
    """The index of ``shown`` among :func:`closing_choices` of ``hand`` (None: not one)."""
    return _index_in(shown, closing_choices(hand, rules, first_round=first_round, total=total),
                     rules)


def _index_in(shown: Arrangement, choices: Sequence[Arrangement], rules: Rules) -> int | None:
    key = _key(Arrangement(shown.melds, rules.deck.adopt(shown.loose)))
    return next((i for i, choice in enumerate(choices) if _key(choice) == key), None)


def chosen_arrangement(shown: Arrangement, hand: Sequence[Card], rules: Rules, *,
                       first_round: bool = False, total: int | None = None
                       ) -> Arrangement | None:
    """``shown`` as :func:`closing_choices` writes it, None when it is ours (the first);
    :class:`ChoiceError` quoting it and naming the choices when it is none of them.

    >>> rules = get_rules("ludoteka", jokers=2)
    >>> chosen_arrangement(Arrangement.parse("7o 7e 7b | 3c 4c JK=5c / 1b", rules),
    ...                    parse_hand("3c 4c JK 7o 7e 7b 1b"), rules) is None
    True
    >>> chosen_arrangement(Arrangement.parse("7o 7e 7b | 3c 4c 5c / JK", rules),
    ...                    parse_hand("3c 4c 5c 7o 7e 7b JK"), rules)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    chinchon.game.closing.ChoiceError: may not show '7o 7e 7b | 3c 4c 5c / JK': the \
arrangements that close best are 7o JK=7c 7e 7b | 3c 4c 5c; ...
    """
    choices = closing_choices(hand, rules, first_round=first_round, total=total)
    index = _index_in(shown, choices, rules)
    if index is not None:
        return choices[index] if index else None
    text = quote(shown.code())
    if not choices:
        raise ChoiceError(f"may not show {text}: these cards do not close")
    listed = "; ".join(choice.code() for choice in choices[:3])
    more = "; …" if len(choices) > 3 else ""
    raise ChoiceError(f"may not show {text}: the arrangements that close best are "
                      f"{listed}{more}")


# --- In a game: the seat to play, closing with a card ----------------------------------------


class SeatToPlay(Protocol):
    """What these functions read of :class:`chinchon.game.state.GameState` (a protocol, so
    that the state machine, which calls them, is not imported back)."""

    @property
    def hands(self) -> Sequence[Sequence[Card] | None]: ...
    @property
    def turn(self) -> int: ...
    @property
    def phase(self) -> Enum: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def first_round(self) -> bool: ...
    @property
    def totals(self) -> Sequence[int]: ...


def _kept(state: SeatToPlay, card: Card) -> list[Card] | None:
    held = list(state.hands[state.turn] or ())
    if state.phase.value != "discard" or card not in held:
        return None
    held.remove(card)
    return held


def choices_in(state: SeatToPlay, card: Card) -> tuple[Arrangement, ...]:
    """What the seat to play may show closing with ``card`` (ours first; empty when he may
    not close with it), in the close's context (first round, his total)."""
    kept = _kept(state, card)
    if kept is None:
        return ()
    return closing_choices(kept, state.rules, first_round=state.first_round,
                           total=state.totals[state.turn])


def shown_in(state: SeatToPlay, action: Discard) -> Arrangement | None:
    """What the close ``action`` shows, as :func:`closing_choices` writes it (None: ours,
    also when named); :class:`ChoiceError` when it is none of the choices."""
    kept = _kept(state, action.card)
    if action.shown is None or kept is None:
        return None
    return chosen_arrangement(action.shown, kept, state.rules, first_round=state.first_round,
                              total=state.totals[state.turn])


def choice_in(state: SeatToPlay, action: Discard) -> int:
    """The index of what the close ``action`` shows among :func:`choices_in` (0: ours);
    :class:`ChoiceError` when it is none of them."""
    shown = shown_in(state, action)
    return 0 if shown is None else choices_in(state, action.card).index(shown)
