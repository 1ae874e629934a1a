"""The lay-off table page's model: typed or dealt hands around a close, and the score sheet.

No Streamlit here: the page reads text into hands with :func:`read_table`, deals with
:func:`deal_table`, resolves with :func:`chinchon.layoffs.resolve` and draws the sheet from
:func:`sheet_rows`.

>>> rules = get_rules("barajamos", players=3)
>>> reading = read_table("7o 7c 7b 9e 10e 11e 4o", ["7e 1c 2c 3c 5o 5b 8o", "12e 1c"], rules)
>>> [(p.player, p.kind.value, p.value) for p in reading.problems]
[(2, 'duplicate', '1c'), (2, 'count', '1')]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from chinchon.cards import Card, CardError, hand_code
from chinchon.handlab import deal_closer
from chinchon.rules import Rules, get_rules  # noqa: F401 (doctest)
from chinchon.scoring import EntryKind, ScoreSheet
from chinchon.solver import HAND_SIZE

__all__ = ["ProblemKind", "SheetRow", "TableProblem", "TableReading", "deal_table",
           "read_table", "sheet_rows", "table_query"]

#: A bad token is quoted back at most this long.
_QUOTE = 24


class ProblemKind(str, Enum):
    UNKNOWN_CARD = "unknown_card"
    NOT_IN_DECK = "not_in_deck"
    #: The card is already held (by this player or one before him) more times than the deck has.
    DUPLICATE = "duplicate"
    #: Not seven cards (the value is how many were read).
    COUNT = "count"


@dataclass(frozen=True)
class TableProblem:
    """What is wrong with one player's typed hand: ``player`` 0 is the closer."""

    player: int
    kind: ProblemKind
    value: str


@dataclass(frozen=True)
class TableReading:
    """The hands read (good cards only) and every problem found, player by player."""

    hands: tuple[tuple[Card, ...], ...]
    problems: tuple[TableProblem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def read_table(closer: str, opponents: Sequence[str], rules: Rules) -> TableReading:
    """Read the closer's and each opponent's seven cards, naming every bad token.

    A card the deck holds fewer times than typed (across all hands) is a duplicate where it
    appears once too often.
    """
    held: Counter[Card] = Counter()
    hands: list[tuple[Card, ...]] = []
    problems: list[TableProblem] = []
    for player, text in enumerate([closer, *opponents]):
        cards: list[Card] = []
        for token in text.replace(",", " ").replace("+", " ").split():
            try:
                card = Card.parse(token)
            except CardError:
                value = token if len(token) <= _QUOTE else token[:_QUOTE - 1] + "…"
                problems.append(TableProblem(player, ProblemKind.UNKNOWN_CARD, value))
                continue
            limit = rules.deck.jokers if card.is_joker else rules.deck.copies
            if not rules.deck.contains(card):
                problems.append(TableProblem(player, ProblemKind.NOT_IN_DECK, card.code()))
            elif held[card] >= limit:
                problems.append(TableProblem(player, ProblemKind.DUPLICATE, card.code()))
            else:
                held[card] += 1
                cards.append(card)
        if len(cards) != HAND_SIZE:
            problems.append(TableProblem(player, ProblemKind.COUNT, str(len(cards))))
        hands.append(tuple(cards))
    return TableReading(tuple(hands), tuple(problems))


def deal_table(rules: Rules, opponents: int, seed: int) -> tuple[tuple[Card, ...], ...]:
    """A closer who may close and ``opponents`` random hands from the rest of the deck.

    >>> hands = deal_table(get_rules("fournier"), 2, seed=3)
    >>> [len(hand) for hand in hands], hands == deal_table(get_rules("fournier"), 2, seed=3)
    ([7, 7, 7], True)
    """
    closer = deal_closer(rules, seed).cards()
    stock = list(rules.deck.cards())
    for card in closer:
        stock.remove(card)
    dealt = random.Random(seed).sample(stock, HAND_SIZE * opponents)
    return (tuple(closer), *(tuple(dealt[i * HAND_SIZE:(i + 1) * HAND_SIZE])
                            for i in range(opponents)))


def table_query(hands: Sequence[Sequence[Card]]) -> dict[str, str | list[str]]:
    """The URL values of a table: ``closer`` and one ``opp`` per opponent, codes joined by +."""
    codes = [hand_code(hand).replace(" ", "+") for hand in hands]
    return {"closer": codes[0], "opp": codes[1:]}


@dataclass(frozen=True)
class SheetRow:
    """One line of the score sheet as the page shows it."""

    number: int
    kind: EntryKind
    #: What the line added per seat (None: not in that hand, or a return line).
    added: tuple[int | None, ...]
    totals: tuple[int, ...]
    closer: int | None
    eliminated: tuple[int, ...]
    returned: int | None


def sheet_rows(sheet: ScoreSheet) -> tuple[SheetRow, ...]:
    """The sheet's history numbered from 1, hands and returns alike."""
    return tuple(SheetRow(i, entry.kind, entry.added, entry.totals, entry.closer,
                          entry.eliminated, entry.returned)
                 for i, entry in enumerate(sheet.history, 1))

