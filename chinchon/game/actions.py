"""A player's actions in a game, with their notation: draw, discard (or close), return.

Each action has a readable ``code`` (used in game records) and a short ``token`` (for URLs):

>>> [a.code() for a in (Draw("stock"), Draw("pile"), Discard(Card.parse("7o")),
...                     Discard(Card.parse("12b"), close=True), Return(True), Return(False))]
['stock', 'pile', '7o', 'close 12b', 'return', 'stay out']
>>> parse_action("close 12b")
Discard(Card.parse('12b'), close=True)
>>> encode_actions([Draw("stock"), Discard(Card.parse("7o")), Draw("pile"),
...                 Discard(Card.parse("JK"), close=True), Return(False)])
's.7o.p.cJK.n'
>>> [a.code() for a in decode_actions("s.7o.p.cJK.n")]
['stock', '7o', 'pile', 'close JK', 'stay out']

A close may say what the closer shows (None: ours, see :mod:`chinchon.game.closing`):

>>> shows = parse_action("close 1b showing 7o 7e 7b | JK=2c 3c 4c / 1e")
>>> shows.code(), shows.token()
('close 1b showing 7o 7e 7b | JK=2c 3c 4c / 1e', 'c1b:7o,7e,7b|JK=2c,3c,4c/1e')
>>> parse_token(shows.token()) == shows
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from chinchon.engine.cards import Card, CardError, parse_hand
from chinchon.engine.errors import quote
from chinchon.engine.melds import Meld, MeldError
from chinchon.engine.solver import Arrangement

STOCK = "stock"
PILE = "pile"
SOURCES = (STOCK, PILE)


class ActionError(ValueError):
    """Text that is not an action."""


@dataclass(frozen=True)
class Draw:
    """Take the top card of the stock (``"stock"``) or of the discard pile (``"pile"``)."""

    source: str

    def __post_init__(self) -> None:
        if self.source not in SOURCES:
            raise ActionError(f"draw from 'stock' or 'pile', not {self.source!r}")

    def code(self) -> str:
        return self.source

    def token(self) -> str:
        return self.source[0]

    def __repr__(self) -> str:
        return f"Draw({self.source!r})"


@dataclass(frozen=True)
class Discard:
    """Throw ``card`` onto the pile; with ``close`` it goes face down and the hand ends.

    ``shown`` is what the closer shows when several arrangements (or namings of a joker)
    close equally well: one of :func:`~chinchon.game.closing.closing_choices` of his seven
    cards, checked by the game; None shows ours.
    """

    card: Card
    close: bool = False
    shown: Arrangement | None = None

    def __post_init__(self) -> None:
        if self.shown is not None and not self.close:
            raise ActionError(f"only a close shows an arrangement, not a discard of "
                              f"{self.card.code()}")

    def code(self) -> str:
        if not self.close:
            return self.card.code()
        if self.shown is None:
            return f"close {self.card.code()}"
        return f"close {self.card.code()} showing {self.shown.code()}"

    def token(self) -> str:
        if not self.close:
            return self.card.code()
        if self.shown is None:
            return f"c{self.card.code()}"
        compact = (self.shown.code().replace(" | ", "|").replace(" / ", "/")
                   .replace("/ ", "/").replace(" ", ","))
        return f"c{self.card.code()}:{compact}"

    def __repr__(self) -> str:
        close = ", close=True" if self.close else ""
        shown = (f", shown=parse_shown({self.shown.code()!r})" if self.shown is not None
                 else "")
        return f"Discard({self.card!r}{close}{shown})"


def parse_shown(text: str) -> Arrangement:
    """Read what a closer shows, written as :meth:`Arrangement.code` (``'7o 7c 7b | 3c 4c
    JK=5c / 1b'``), unchecked: the game checks it against the rules and the closer's cards.
    :class:`ActionError` names text that is not an arrangement."""
    melds_text, _, loose_text = text.partition("/")
    try:
        melds = tuple(Meld.parse(part) for part in melds_text.split("|") if part.strip())
        loose = parse_hand(loose_text.replace(",", " "))
    except (CardError, MeldError) as error:
        raise ActionError(f"not an arrangement {quote(text.strip())}: {error}") from None
    return Arrangement(melds, loose)


@dataclass(frozen=True)
class Return:
    """An eliminated player's choice after a hand: spend a return (``True``) or stay out."""

    spend: bool

    def code(self) -> str:
        return "return" if self.spend else "stay out"

    def token(self) -> str:
        return "r" if self.spend else "n"

    def __repr__(self) -> str:
        return f"Return({self.spend!r})"


Action = Draw | Discard | Return


def parse_action(text: str) -> Action:
    """Read an action's ``code``: ``stock``, ``pile``, a card (discard), ``close CARD``,
    ``return`` or ``stay out``; :class:`ActionError` names text that is none of them."""
    words = text.strip().lower().split()
    if words in (["stock"], ["pile"]):
        return Draw(words[0])
    if words == ["return"]:
        return Return(True)
    if words == ["stay", "out"]:
        return Return(False)
    try:
        if len(words) == 2 and words[0] == "close":
            return Discard(Card.parse(words[1]), close=True)
        if len(words) > 3 and words[0] == "close" and words[2] == "showing":
            shown = parse_shown(text.strip().split(None, 3)[3])
            return Discard(Card.parse(words[1]), close=True, shown=shown)
        if len(words) == 1:
            return Discard(Card.parse(words[0]))
    except CardError as error:
        raise ActionError(f"not an action {quote(text.strip())}: {error}") from None
    raise ActionError(f"not an action {quote(text.strip())}: write stock, pile, a card, "
                      f"close CARD [showing MELDS / LOOSE], return or stay out")


def parse_token(token: str) -> Action:
    """Read one short token of :func:`encode_actions`."""
    simple: dict[str, Action] = {"s": Draw(STOCK), "p": Draw(PILE), "r": Return(True), "n": Return(False)}
    if token in simple:
        return simple[token]
    try:
        if token[:1] == "c":
            card, colon, shown = token[1:].partition(":")
            return Discard(Card.parse(card), close=True,
                           shown=parse_shown(shown) if colon else None)
        return Discard(Card.parse(token))
    except CardError:
        raise ActionError(f"not an action token {quote(token)}: use s, p, r, n, a card code "
                          f"or c and a card code (then : and what the closer shows)") from None


def encode_actions(actions: Iterable[Action]) -> str:
    """The actions as short tokens joined by ``.``: ``s`` stock, ``p`` pile, a card code for a
    discard, ``c`` and a card code for a close (then ``:`` and the arrangement shown, if not
    ours), ``r`` return, ``n`` stay out (URL-safe)."""
    return ".".join(action.token() for action in actions)


def decode_actions(text: str) -> tuple[Action, ...]:
    """The inverse of :func:`encode_actions`."""
    return tuple(parse_token(token) for token in text.split(".") if token)
