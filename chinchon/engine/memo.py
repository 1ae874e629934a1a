"""Bounded memories of computed results, one per rule profile.

The keys are ints or tuples of ints and the values tuples of ints, so that the garbage collector
does not track them: a memory of a hundred thousand entries then costs a full collection
nothing. (Keyed by tuples of :class:`~chinchon.engine.cards.Card`, the same memories made one
collection take about 100 ms in a five-seat game, the expert's slowest "decisions".)

>>> memo: ProfileMemo[int, int] = ProfileMemo(most=2)
>>> from chinchon.engine.rules import get_rules
>>> found = memo.of(get_rules("fournier"))
>>> found[1] = found[2] = 0
>>> len(memo.of(get_rules("fournier"))), len(memo.of(get_rules("ludoteka")))
(2, 0)
>>> found[3] = 0; len(memo.of(get_rules("fournier")))  # over ``most``: it starts afresh
0
>>> [memo.recall(get_rules("fournier"), 7, solve) for solve in (lambda: 49, lambda: 0)]
[49, 49]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Generic, TypeVar

from chinchon.engine.cards import Card
from chinchon.engine.rules import Rules

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class ProfileMemo(Generic[K, V]):
    """A dict of results per profile, each started afresh when it holds more than ``most``
    entries (a game's positions share their cards from turn to turn, so recent entries are
    the ones asked for again), and all forgotten when more than ``profiles`` were seen."""

    def __init__(self, most: int, profiles: int = 8) -> None:
        self.most, self.profiles = most, profiles
        self._by_rules: dict[Rules, dict[K, V]] = {}

    def of(self, rules: Rules) -> dict[K, V]:
        found = self._by_rules.get(rules)
        if found is None or len(found) > self.most:
            if len(self._by_rules) > self.profiles:
                self._by_rules.clear()
            found = self._by_rules[rules] = {}
        return found

    def recall(self, rules: Rules, key: K, solve: Callable[[], V]) -> V:
        """The value remembered under ``key`` for ``rules``, solved and remembered if new."""
        found = self.of(rules)
        try:
            return found[key]  # one look-up on the hot path, where most keys are known
        except KeyError:
            value = found[key] = solve()
            return value

    def clear(self) -> None:
        self._by_rules.clear()


def multiset_key(cards: Iterable[Card]) -> int:
    """One int per multiset of cards: three bits of count per kind of card (with two decks a
    card comes twice, jokers up to four times), whatever the order.

    >>> from chinchon.engine.cards import parse_hand
    >>> multiset_key(parse_hand("1o 2o 2o")) == multiset_key(parse_hand("2o 1o 2o"))
    True
    >>> multiset_key(parse_hand("1o 2o")) == multiset_key(parse_hand("2o 2o"))
    False
    """
    key = 0
    for card in cards:
        # The bit's position names a real card (1–48); the two kinds of joker have bit 0.
        slot = card.bit.bit_length() if card.bit else (49 if card.suit else 0)
        key += 1 << (3 * slot)
    return key
