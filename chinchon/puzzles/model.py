"""The puzzle model and its pack notation: :class:`Puzzle`, ``Puzzle.parse`` / ``code``.

A puzzle is a position and a question. ``discard``: eight cards held after drawing, which one
to throw. ``take``: seven cards held and the top of the discard pile, take it or draw from the
stock. The cards already seen (the discard pile) are known; every other card is unseen.

>>> p = Puzzle.parse('''
... id: demo-1
... rules: barajamos
... hand: 3c 4c 5c 7o 7e 9b 11b 2e
... question: discard
... criterion: fewest-points
... ''')
>>> p.hand[0], p.criterion
(Card.parse('3c'), 'fewest-points')
>>> Puzzle.parse(p.code()) == p
True

A position met in a game opens as an ad-hoc puzzle (id :data:`POSITION_ID`) from URL values
(:func:`position_query`, :func:`position_puzzle`): the solver judges it live like any other.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache

from chinchon.engine.cards import Card, hand_code, parse_hand
from chinchon.engine.draws import unseen_cards
from chinchon.engine.errors import quote
from chinchon.engine.rules import OPTION_NAMES, PROFILE_IDS, Rules, get_rules, parse_house

CRITERIA = ("fewest-points", "close-chance")
QUESTIONS = ("discard", "take")
DIFFICULTIES = ("easy", "medium", "hard")
#: Every theme the generator tags, in the order pages list them.
THEMES = ("close-now", "minus-ten", "figure", "break-pair", "keep-run-open", "double-out",
          "take-or-draw")
TAKE, STOCK = "take", "stock"

_KEYS = ("id", "rules", "options", "hand", "top", "seen", "question", "criterion", "themes",
         "difficulty", "answer")
_REQUIRED = ("id", "rules", "hand", "question", "criterion")
_ID_RE = re.compile(r"[a-z0-9][a-z0-9-]*")


class PuzzleError(ValueError):
    """A puzzle that cannot be read, or whose stored answer the solver does not confirm."""


class PositionError(PuzzleError):
    """URL values that are not a position: ``field`` names the value (``hand``, ``top``,
    ``seen``, ``criterion``), ``value`` quotes it as given (cut short)."""

    def __init__(self, message: str, field: str, value: str) -> None:
        super().__init__(message)
        self.field = field
        self.value = value



@dataclass(frozen=True)
class Puzzle:
    """One position and its question; ``answer``, ``themes`` and ``difficulty`` are what the
    pack says (checked by :func:`chinchon.puzzles.verify`, never trusted)."""

    id: str
    rules_id: str
    hand: tuple[Card, ...]
    question: str = "discard"
    criterion: str = "fewest-points"
    options: tuple[tuple[str, int], ...] = ()
    top: Card | None = None
    seen: tuple[Card, ...] = ()
    themes: tuple[str, ...] = ()
    difficulty: str = ""
    answer: tuple[str, ...] = ()
    #: The line of the pack file where the puzzle starts (0 when not read from a file).
    line: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        # Under jokers=ace-of-oros the ace of oros is the joker: hold it as the deck plays it,
        # as a game deals it, so that a puzzle read from its pack judges like the one generated.
        try:
            deck = self.rules.deck
        except ValueError:
            return  # bad rules: check_puzzle names them
        if deck.wild_ace:
            object.__setattr__(self, "hand", deck.adopt(self.hand))
            object.__setattr__(self, "seen", deck.adopt(self.seen))
            if self.top is not None:
                object.__setattr__(self, "top", deck.adopt((self.top,))[0])

    @property
    def rules(self) -> Rules:
        return _rules(self.rules_id, self.options)

    @staticmethod
    def parse(text: str) -> Puzzle:
        """Read one block of ``key: value`` lines (see :func:`code`)."""
        return parse_block(text.strip("\n").splitlines(), "<text>", 1)

    def code(self) -> str:
        """The pack notation: ``key: value`` lines, optional keys only when set."""
        lines = [f"id: {self.id}", f"rules: {self.rules_id}"]
        if self.options:
            lines.append("options: " + " ".join(f"{k}={v}" for k, v in self.options))
        lines.append(f"hand: {hand_code(self.hand)}")
        if self.top is not None:
            lines.append(f"top: {self.top.code()}")
        if self.seen:
            lines.append(f"seen: {hand_code(self.seen)}")
        lines += [f"question: {self.question}", f"criterion: {self.criterion}"]
        if self.themes:
            lines.append(f"themes: {', '.join(self.themes)}")
        if self.difficulty:
            lines.append(f"difficulty: {self.difficulty}")
        if self.answer:
            lines.append(f"answer: {' '.join(self.answer)}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Puzzle.parse({self.code()!r})"

    def under(self, house: str | None) -> Puzzle:
        """This puzzle as a table playing the house code ``house`` judges it (its answers are
        then recomputed under those rules); itself for None, its own rules, or a code of
        another profile (a puzzle is only played under its own profile).

        >>> p = Puzzle("x", "barajamos", ())
        >>> p.under("barajamos+limit=50").rules_id, p.under("fournier+limit=50") is p
        ('barajamos+limit=50', True)
        """
        if not house or house == self.rules_id or house.split("+")[0] != self.rules_id:
            return self
        return replace(self, rules_id=house)

    @property
    def visible(self) -> tuple[Card, ...]:
        """The seen cards, the top of the pile included."""
        return self.seen + ((self.top,) if self.top is not None else ())


@cache
def _rules(rules_id: str, options: tuple[tuple[str, int], ...]) -> Rules:
    return get_rules(rules_id, **dict(options))


def parse_block(lines: Sequence[str], source: str, first_line: int) -> Puzzle:
    """One puzzle from its lines (``source`` and ``first_line`` name it in errors)."""
    values: dict[str, str] = {}
    for offset, raw in enumerate(lines):
        where = f"{source}:{first_line + offset}"
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        key = key.strip()
        if not colon or key not in _KEYS:
            raise PuzzleError(f"{where}: expected 'key: value' with a key among "
                              f"{', '.join(_KEYS)}; got {quote(raw.strip())}")
        if key in values:
            raise PuzzleError(f"{where}: {quote(key)} given twice")
        values[key] = value.strip()
    where = f"{source}:{first_line}"
    missing = [key for key in _REQUIRED if key not in values]
    if missing:
        raise PuzzleError(f"{where}: puzzle {quote(values.get('id', '?'))} lacks "
                          f"{', '.join(missing)}")
    try:
        puzzle = _build(values)
        check_puzzle(puzzle)
    except ValueError as error:
        raise PuzzleError(f"{where}: puzzle {quote(values['id'])}: {error}") from None
    return replace(puzzle, line=first_line)


def _build(values: dict[str, str]) -> Puzzle:
    options: list[tuple[str, int]] = []
    for item in values.get("options", "").split():
        name, equals, number = item.partition("=")
        if not equals or not number.isdigit():
            raise PuzzleError(f"options are written name=number, not {item!r}")
        options.append((name, int(number)))
    themes = tuple(t.strip() for t in values.get("themes", "").split(",") if t.strip())
    top = values.get("top")
    return Puzzle(
        id=values["id"], rules_id=values["rules"], hand=parse_hand(values["hand"]),
        question=values["question"], criterion=values["criterion"],
        options=tuple(sorted(options)), top=Card.parse(top) if top else None,
        seen=parse_hand(values.get("seen", "")), themes=themes,
        difficulty=values.get("difficulty", ""), answer=tuple(values.get("answer", "").split()))


def check_puzzle(puzzle: Puzzle) -> None:
    """Raise a ``ValueError`` naming what is malformed (not whether the answer is right)."""
    if not _ID_RE.fullmatch(puzzle.id):
        raise PuzzleError(f"an id is lower-case letters, digits and '-', not {puzzle.id!r}")
    if puzzle.rules_id not in PROFILE_IDS:
        if puzzle.rules_id.split("+")[0].strip() not in PROFILE_IDS or puzzle.options:
            raise PuzzleError(f"unknown rule profile {puzzle.rules_id[:40]!r}: a profile id, "
                              f"or a house code without options")
        try:
            parse_house(puzzle.rules_id)
        except ValueError as error:
            raise PuzzleError(f"bad house code in rules: {error}") from None
    rules = puzzle.rules
    if puzzle.question not in QUESTIONS:
        raise PuzzleError(f"question is one of {', '.join(QUESTIONS)}, not {puzzle.question!r}")
    if puzzle.criterion not in CRITERIA:
        raise PuzzleError(f"criterion is one of {', '.join(CRITERIA)}, not {puzzle.criterion!r}")
    if puzzle.question == "take":
        if puzzle.top is None or len(puzzle.hand) != 7:
            raise PuzzleError("a 'take' question holds 7 cards and names the top card")
        if puzzle.criterion != "fewest-points":
            raise PuzzleError("a 'take' question is judged by fewest-points")
    elif puzzle.top is not None or len(puzzle.hand) != 8:
        raise PuzzleError(f"a 'discard' question holds 8 cards and no top card, "
                          f"not {hand_code(puzzle.hand)!r}")
    for theme in puzzle.themes:
        if theme not in THEMES:
            raise PuzzleError(f"unknown theme {theme!r}: choose among {', '.join(THEMES)}")
    if puzzle.difficulty and puzzle.difficulty not in DIFFICULTIES:
        raise PuzzleError(f"difficulty is one of {', '.join(DIFFICULTIES)}, "
                          f"not {puzzle.difficulty!r}")
    rules.deck.check_hand(puzzle.hand)
    unseen_cards(rules, puzzle.hand, puzzle.visible)



#: The id of a puzzle opened from a position (never a shipped puzzle's: those end in digits).
POSITION_ID = "position"
#: The URL values of a position.
POSITION_FIELDS = ("hand", "top", "seen", "criterion")


def position_query(hand: Sequence[Card], top: Card | None = None, seen: Sequence[Card] = (),
                   criterion: str | None = None) -> dict[str, str]:
    """The URL values of a position: eight cards (which to throw), or seven and the pile's
    ``top`` (take it or draw); ``seen`` the other cards known out of the stock.

    >>> position_query(parse_hand("3c 4c 5c 7o 7e 9b 11b 2e"), seen=parse_hand("1o"))
    {'hand': '3c+4c+5c+7o+7e+9b+11b+2e', 'seen': '1o'}
    """
    query = {"hand": "+".join(card.code() for card in hand)}
    if top is not None:
        query["top"] = top.code()
    if seen:
        query["seen"] = "+".join(card.code() for card in seen)
    if criterion is not None:
        query["criterion"] = criterion
    return query


def position_puzzle(rules_id: str, options: Mapping[str, int], values: Mapping[str, str | None]
                    ) -> Puzzle:
    """The ad-hoc puzzle of :func:`position_query`'s values under a profile and its options:
    a ``take`` question with a top card, else ``discard`` (judged by ``close-chance`` unless
    ``criterion`` says otherwise). :class:`PositionError` names the value that is wrong.

    >>> position_puzzle("barajamos", {}, {"hand": "3c+4c+5c+7o+7e+9b+11b+2e"}).question
    'discard'
    >>> position_puzzle("barajamos", {}, {"hand": "3c 4c 5c 7o 7e 9b 11b"}).question
    Traceback (most recent call last):
    ...
    chinchon.puzzles.model.PositionError: the position's hand: a 'discard' question holds 8 \
cards and no top card, not '3c 4c 5c 7o 7e 9b 11b'
    """
    cards: dict[str, tuple[Card, ...]] = {}
    for name in ("hand", "top", "seen"):
        text = (values.get(name) or "").replace("+", " ").replace(",", " ")
        try:
            cards[name] = parse_hand(text)
        except ValueError as error:
            raise _position_error(name, values, error) from None
    if len(cards["top"]) > 1:
        raise PositionError(f"the position's top is one card, not {quote(values.get('top'))}",
                            "top", _cut(values.get("top")))
    top = cards["top"][0] if cards["top"] else None
    criterion = (values.get("criterion") or "").strip().lower() or (
        "close-chance" if top is None else "fewest-points")
    if criterion not in CRITERIA:
        raise PositionError(f"criterion is one of {', '.join(CRITERIA)}, not "
                            f"{quote(values.get('criterion'))}", "criterion",
                            _cut(values.get("criterion")))
    puzzle = Puzzle(POSITION_ID, rules_id, cards["hand"], "take" if top else "discard",
                    criterion, tuple(sorted(options.items())), top, cards["seen"])
    try:
        check_puzzle(puzzle)
    except ValueError as error:
        field = "criterion" if "criterion" in str(error) or "judged" in str(error) else (
            "seen" if cards["seen"] and _clean(puzzle, with_seen=False) else "hand")
        raise _position_error(field, values, error) from None
    return puzzle


#: How the id of a position made into puzzle work starts (a shipped id starts with a profile).
POSITION_PREFIX = "pos-"


def position_key(puzzle: Puzzle) -> str:
    """A position's own id: the same cards, question and criterion under the same profile
    give the same id wherever the position is opened, so its attempts can be counted.

    >>> p = position_puzzle("barajamos", {}, {"hand": "3c+4c+5c+7o+7e+9b+11b+2e"})
    >>> key = position_key(p); key.startswith(POSITION_PREFIX), len(key)
    (True, 24)
    >>> position_key(position_puzzle("barajamos", {}, {"hand": "2e 11b 9b 7e 7o 5c 4c 3c"})) == key
    True
    """
    def codes(cards: Sequence[Card]) -> str:
        return " ".join(sorted(card.code() for card in cards))

    # The profile only: a page may name the same rules as a house code or as its options.
    text = "|".join((puzzle.rules_id.split("+")[0], puzzle.question, puzzle.criterion,
                     codes(puzzle.hand), puzzle.top.code() if puzzle.top else "",
                     codes(puzzle.seen)))
    return POSITION_PREFIX + hashlib.sha256(text.encode()).hexdigest()[:20]


def linked_position(values: Mapping[str, str]) -> Puzzle:
    """The ad-hoc puzzle of a whole Puzzles page link to a position: ``rules`` (a profile id
    or a house code), its deck options, and :func:`position_query`'s values.
    :class:`PositionError` names a value that is wrong (``rules`` and the options too)."""
    rules = values.get("rules")
    try:
        options = {name: int(values[name]) for name in OPTION_NAMES if name in values}
        get_rules(rules if isinstance(rules, str) else "", **options)
    except ValueError:
        raise PositionError(f"not the rules of a position: {quote(rules)}", "rules",
                            _cut(rules)) from None
    return position_puzzle(rules or "", options, values)


def _clean(puzzle: Puzzle, *, with_seen: bool) -> bool:
    """Whether the puzzle holds once its seen cards are set aside."""
    try:
        check_puzzle(replace(puzzle, seen=puzzle.seen if with_seen else ()))
    except ValueError:
        return False
    return True


def _cut(value: str | None) -> str:
    text = value or ""
    return text if len(text) <= 40 else text[:39] + "…"


def _position_error(field: str, values: Mapping[str, str | None], error: Exception
                    ) -> PositionError:
    return PositionError(f"the position's {field}: {error}", field, _cut(values.get(field)))
