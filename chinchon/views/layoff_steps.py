"""The Lay-off page's model: typed or dealt hands around a close, and the score sheet.

No Streamlit here: the page takes its first hands from :func:`first_texts`, its rules and
seats from :func:`page_rules` and :func:`opponents_range`, reads text into hands with
:func:`read_hands`, edits them by clicks with :func:`pick`, deals with :func:`deal_seats` (or
:func:`deal_hands` for a hand with no closer), resolves with
:func:`chinchon.engine.layoffs.resolve`, writes the sheet with :func:`add_hand`,
:func:`add_random_hand`, :func:`spend_return` and :func:`no_closer`, draws it from
:func:`sheet_rows` and words the sheet's refusals from :func:`refusal`.

>>> rules = get_rules("barajamos", players=3)
>>> reading = read_hands("7o 7c 7b 9e 10e 11e 4o", ["7e 1c 2c 3c 5o 5b 8o", "12e 1c"], rules)
>>> [(p.player, p.kind.value, p.value) for p in reading.problems]
[(2, 'duplicate', '1c'), (2, 'count', '1')]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum

from chinchon.engine.cards import Card, CardError, hand_code, parse_hand  # noqa: F401 (parse_hand: doctests)
from chinchon.engine.rules import Rules, get_rules
from chinchon.engine.scoring import (
    EntryKind,
    GameOverError,
    ReturnError,
    ScoreError,
    ScoreSheet,
    SeatError,
)
from chinchon.engine.solver import HAND_SIZE, Arrangement, CloseError, analyze
from chinchon.views.handlab import copies_of, deal_closer, read_hand, toggle
from chinchon.views.tour import layoff_examples

__all__ = [
    "MAX_OPPONENTS",
    "HandsProblem",
    "HandsReading",
    "Outside",
    "Pick",
    "ProblemKind",
    "Refusal",
    "RefusalKind",
    "SheetResult",
    "SheetRow",
    "add_hand",
    "add_random_hand",
    "deal_hands",
    "deal_seats",
    "first_texts",
    "hands_query",
    "hands_signature",
    "no_closer",
    "opponents_range",
    "outside_deck",
    "page_rules",
    "pick",
    "read_hands",
    "refusal",
    "seat_order",
    "sheet_key",
    "sheet_rows",
    "spend_return",
]

#: At most five opponents on this page: six hands fit on a screen.
MAX_OPPONENTS = 5

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
class HandsProblem:
    """What is wrong with one player's typed hand: ``player`` 0 is the closer."""

    player: int
    kind: ProblemKind
    value: str


@dataclass(frozen=True)
class HandsReading:
    """The hands read (good cards only) and every problem found, player by player."""

    hands: tuple[tuple[Card, ...], ...]
    problems: tuple[HandsProblem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def held(self) -> tuple[Card, ...]:
        """Every good card of every hand: the cards a picker shows as taken."""
        return tuple(card for hand in self.hands for card in hand)


def read_hands(closer: str, opponents: Sequence[str], rules: Rules) -> HandsReading:
    """Read the closer's and each opponent's seven cards, naming every bad token.

    A card the deck holds fewer times than typed (across all hands) is a duplicate where it
    appears once too often.
    """
    held: Counter[Card] = Counter()
    hands: list[tuple[Card, ...]] = []
    problems: list[HandsProblem] = []
    for player, text in enumerate([closer, *opponents]):
        cards: list[Card] = []
        for token in text.replace(",", " ").replace("+", " ").split():
            try:
                card = Card.parse(token)
            except CardError:
                value = token if len(token) <= _QUOTE else token[:_QUOTE - 1] + "…"
                problems.append(HandsProblem(player, ProblemKind.UNKNOWN_CARD, value))
                continue
            limit = rules.deck.jokers if card.is_joker else rules.deck.copies
            if not rules.deck.contains(card):
                problems.append(HandsProblem(player, ProblemKind.NOT_IN_DECK, card.code()))
            elif held[card] >= limit:
                problems.append(HandsProblem(player, ProblemKind.DUPLICATE, card.code()))
            else:
                held[card] += 1
                cards.append(card)
        if len(cards) != HAND_SIZE:
            problems.append(HandsProblem(player, ProblemKind.COUNT, str(len(cards))))
        hands.append(tuple(cards))
    return HandsReading(tuple(hands), tuple(problems))


@dataclass(frozen=True)
class Outside:
    """Cards typed that this profile's deck lacks (as when the profile changed under the hands),
    and every other problem."""

    #: Distinct codes in the order typed.
    cards: tuple[str, ...]
    #: Every such card is an 8 or a 9: the hands were typed for a 48-card deck.
    deck_48: bool
    #: The problems left once these cards are set aside: other players' counts and bad tokens.
    rest: tuple[HandsProblem, ...]


def outside_deck(reading: HandsReading) -> Outside:
    """Gather the cards outside the deck into one finding; a player's short count that they
    explain is dropped (taking them out is what the message asks).

    >>> rules = get_rules("fournier", players=3)
    >>> found = outside_deck(read_hands("8o 1o 2o 3o 4o 5o 6o", ["9c 1c", "1e"], rules))
    >>> found.cards, found.deck_48, [(p.player, p.value) for p in found.rest]
    (('8o', '9c'), True, [(2, '1')])
    """
    cards = tuple(dict.fromkeys(p.value for p in reading.problems
                                if p.kind is ProblemKind.NOT_IN_DECK))
    players = {p.player for p in reading.problems if p.kind is ProblemKind.NOT_IN_DECK}
    rest = tuple(p for p in reading.problems if p.kind is not ProblemKind.NOT_IN_DECK
                 and not (p.kind is ProblemKind.COUNT and p.player in players))
    deck_48 = bool(cards) and all(Card.parse(code).rank in (8, 9) for code in cards)
    return Outside(cards, deck_48, rest)


@dataclass(frozen=True)
class Pick:
    """The typed hands after a click on a card in the deck. When the click changed nothing,
    ``held_by`` names the seat that holds every copy, or ``full`` says the hand has 7 cards."""

    texts: tuple[str, ...]
    held_by: int | None = None
    full: bool = False


def pick(texts: Sequence[str], seat: int, card: Card, rules: Rules) -> Pick:
    """A click on ``card`` while editing ``seat`` (0: the closer), as in the hand lab's picker:
    one more copy into his hand while the deck has a copy nobody holds and his hand has room,
    else every copy he holds put back. A card only other seats hold stays theirs.

    >>> rules = get_rules("barajamos", players=3)
    >>> pick(["7o 7c", "1e", ""], 2, Card.parse("1e"), rules)
    Pick(texts=('7o 7c', '1e', ''), held_by=1, full=False)
    >>> pick(["7o 7c", "1e", ""], 2, Card.parse("2e"), rules).texts
    ('7o 7c', '1e', '2e')
    >>> pick(["7o 7c", "1e", ""], 0, Card.parse("7C"), rules).texts
    ('7o', '1e', '')
    """
    texts = tuple(texts)
    own = texts[seat]
    reading = read_hands(texts[0], texts[1:], rules)
    spare = reading.held.count(card) < copies_of(card, rules)
    if spare and len(reading.hands[seat]) < HAND_SIZE:
        return _with(texts, seat, toggle(own, card, rules))
    if card in read_hand(own, rules).cards:
        return _with(texts, seat, _put_back(own, card, rules))
    if spare:
        return Pick(texts, full=True)
    holder = next((i for i, hand in enumerate(reading.hands) if card in hand), None)
    return Pick(texts, held_by=holder)


def _with(texts: tuple[str, ...], seat: int, text: str) -> Pick:
    return Pick((*texts[:seat], text, *texts[seat + 1:]))


def _put_back(text: str, card: Card, rules: Rules) -> str:
    """``text`` without ``card``: :func:`~chinchon.views.handlab.toggle` takes copies until the deck
    has none left, then puts them all back, so a few clicks always end with none held."""
    for _ in range(copies_of(card, rules) + 1):
        if card not in read_hand(text, rules).cards:
            break
        text = toggle(text, card, rules)
    return text


def deal_hands(rules: Rules, players: int, seed: int) -> tuple[tuple[Card, ...], ...]:
    """``players`` random hands of seven from the deck (a hand that ends with no closer).

    >>> hands = deal_hands(get_rules("ludoteka"), 3, seed=5)
    >>> [len(hand) for hand in hands], len(set(sum(hands, ()))), hands == deal_hands(
    ...     get_rules("ludoteka"), 3, seed=5)
    ([7, 7, 7], 21, True)
    """
    return _split(random.Random(seed).sample(list(rules.deck.cards()), HAND_SIZE * players))


def _split(cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(cards[i:i + HAND_SIZE]) for i in range(0, len(cards), HAND_SIZE))


def deal_seats(rules: Rules, opponents: int, seed: int) -> tuple[tuple[Card, ...], ...]:
    """A closer who may close and ``opponents`` random hands from the rest of the deck.

    >>> hands = deal_seats(get_rules("fournier"), 2, seed=3)
    >>> [len(hand) for hand in hands], hands == deal_seats(get_rules("fournier"), 2, seed=3)
    ([7, 7, 7], True)
    """
    closer = deal_closer(rules, seed).cards()
    stock = list(rules.deck.cards())
    for card in closer:
        stock.remove(card)
    dealt = random.Random(seed).sample(stock, HAND_SIZE * opponents)
    return (tuple(closer), *_split(dealt))


def hands_query(hands: Sequence[Sequence[Card]]) -> dict[str, str | list[str]]:
    """The URL values of a deal: ``closer`` and one ``opp`` per opponent, codes joined by +."""
    codes = [hand_code(hand).replace(" ", "+") for hand in hands]
    return {"closer": codes[0], "opp": codes[1:]}


def seat_order(sheet: ScoreSheet, closer: int) -> tuple[int, ...]:
    """Every seat of the sheet in the order the page lists the hands: the closer, the players
    still in after him in turn order, then those out of the game.

    >>> sheet = ScoreSheet.start(get_rules("barajamos"), 4)
    >>> seat_order(sheet, 2)
    (2, 3, 0, 1)
    """
    ahead = (closer, *sheet.turn_order(closer))
    return (*ahead, *(seat for seat in range(len(sheet.players)) if seat not in ahead))


@dataclass(frozen=True)
class SheetRow:
    """One line of the score sheet as the page shows it: one per hand, numbered by hand.

    A return is no line of its own: it is a note on the line of the next hand
    (``comebacks``: each seat who came back before it and the total he came back at); a return
    after the last hand played is a line of kind ``RETURN`` for the hand to come."""

    number: int
    kind: EntryKind
    #: What the line added per seat (None: not in that hand, or a return line).
    added: tuple[int | None, ...]
    totals: tuple[int, ...]
    closer: int | None
    eliminated: tuple[int, ...]
    returned: int | None
    comebacks: tuple[tuple[int, int], ...] = ()


def sheet_rows(sheet: ScoreSheet) -> tuple[SheetRow, ...]:
    """The sheet's hands numbered from 1, each return a note on the next hand's line."""
    rows: list[SheetRow] = []
    back: list[tuple[int, int]] = []
    for entry in sheet.history:
        if entry.kind is EntryKind.RETURN:
            assert entry.returned is not None
            back.append((entry.returned, entry.totals[entry.returned]))
            continue
        rows.append(SheetRow(len(rows) + 1, entry.kind, entry.added, entry.totals, entry.closer,
                             entry.eliminated, back[0][0] if back else None, tuple(back)))
        back = []
    if back:  # the hand they come back for is still to be played
        last = sheet.history[-1]
        rows.append(SheetRow(len(rows) + 1, EntryKind.RETURN, (None,) * len(last.totals),
                             last.totals, None, (), back[0][0], tuple(back)))
    return tuple(rows)


class RefusalKind(StrEnum):
    """Why the score sheet refused an action, as the page words it."""

    GAME_OVER = "game_over"
    SEAT_OUT = "seat_out"
    SEATS = "seats"
    CANNOT_CLOSE = "cannot_close"
    OVER_LIMIT = "over_limit"
    STILL_IN = "still_in"
    NO_RETURNS = "no_returns"
    RETURNS_USED = "returns_used"
    TOO_FEW_IN = "too_few_in"
    OTHER = "other"


@dataclass(frozen=True)
class Refusal:
    """A refusal of the sheet: its kind, the seat concerned and the numbers the message quotes
    (loose ``points``, ``total``, ``limit``, or a ``count``)."""

    kind: RefusalKind
    seat: int | None = None
    numbers: tuple[tuple[str, int], ...] = ()


def refusal(error: ValueError, sheet: ScoreSheet, seat: int | None = None,
            hand: Sequence[Card] = (), hands: int | None = None) -> Refusal:
    """Word ``error``, raised by ``sheet`` for an action of ``seat`` (his ``hand`` when he
    closed; ``hands`` typed), by its type; the details come from the sheet, never from the
    English message.

    >>> sheet = ScoreSheet.start(get_rules("fournier"), 2)
    >>> try:
    ...     sheet.spend_return(1)
    ... except ValueError as error:
    ...     refusal(error, sheet, 1)
    Refusal(kind=<RefusalKind.STILL_IN: 'still_in'>, seat=1, numbers=())
    """
    if isinstance(error, GameOverError):
        return Refusal(RefusalKind.GAME_OVER, sheet.winner)
    if isinstance(error, SeatError):
        if seat is not None and 0 <= seat < len(sheet.players) and not sheet.playing[seat]:
            return Refusal(RefusalKind.SEAT_OUT, seat)
        return Refusal(RefusalKind.SEATS, None, (("count", hands or 0),
                                                 ("players", len(sheet.in_game))))
    if isinstance(error, ReturnError) and seat is not None:
        return _return_refusal(sheet, seat)
    if isinstance(error, CloseError) and seat is not None and len(hand) == HAND_SIZE:
        total, limit = sheet.totals[seat], sheet.rules.limit
        alone = analyze(tuple(hand), sheet.rules).close
        if alone is not None:  # he could close but for his total
            points = alone.arrangement.loose_points(sheet.rules)
            return Refusal(RefusalKind.OVER_LIMIT, seat,
                           (("points", points), ("total", total), ("limit", limit)))
        points = analyze(tuple(hand), sheet.rules).loose_points
        return Refusal(RefusalKind.CANNOT_CLOSE, seat, (("points", points),))
    return Refusal(RefusalKind.OTHER, seat)


def _return_refusal(sheet: ScoreSheet, seat: int) -> Refusal:
    if sheet.finished:
        return Refusal(RefusalKind.GAME_OVER, sheet.winner)
    if sheet.playing[seat]:
        return Refusal(RefusalKind.STILL_IN, seat)
    left = sheet.returns_left(seat)
    if left is not None and left <= 0:
        used = sheet.returns_used[seat]
        return (Refusal(RefusalKind.RETURNS_USED, seat, (("count", used),)) if used
                else Refusal(RefusalKind.NO_RETURNS, seat))
    return Refusal(RefusalKind.TOO_FEW_IN, seat)


# --- The page's setup: its first hands, its rules and seats ---------------------------------


def first_texts(url_closer: str | None, url_opponents: Sequence[str],
                saved: Sequence[str] | None, rules_id: str) -> list[str]:
    """The typed hands the page starts from: the address's (``+`` joins codes in hand-written
    links), else this session's, else the rules tour's first lay-off example for the profile.

    >>> first_texts("7o+7c  7b", ["1e"], None, "fournier")
    ['7o 7c 7b', '1e']
    >>> first_texts(None, [], ["7o"], "fournier"), len(first_texts(None, [], None, "fournier"))
    (['7o'], 3)
    """
    if url_closer is not None or url_opponents:
        return [" ".join(text.replace("+", " ").split())
                for text in [url_closer or "", *url_opponents]]
    if saved is not None:
        return list(saved)
    example = layoff_examples(rules_id)[0]
    return [hand_code(example.closer), *(hand_code(hand) for hand in example.opponents)]


def opponents_range(players: tuple[int, int], typed: int) -> tuple[int, int, int]:
    """The fewest and most opponents the profile seats here (at most :data:`MAX_OPPONENTS`),
    and the count to start with given ``typed`` opponents' hands (the page warns when it
    differs).

    >>> opponents_range((2, 6), 2), opponents_range((2, 8), 7), opponents_range((2, 4), 0)
    ((1, 5, 2), (1, 5, 5), (1, 3, 1))
    """
    low, high = players
    fewest, most = max(1, low - 1), min(high - 1, MAX_OPPONENTS)
    return fewest, most, min(max(typed, fewest), most)


def page_rules(code: str, options: Mapping[str, int], opponents: int) -> Rules:
    """The rules the page plays: the profile or house ``code`` with the sidebar's ``options``
    but ``decks`` (the number of decks follows the number of players, as the profile says: the
    sidebar's two-deck switch is for a single hand), for a closer and ``opponents``.

    >>> page_rules("barajamos", {"decks": 2}, 2).deck.copies
    1
    >>> page_rules("ludoteka", {"deck": 48}, 2).deck.size
    48
    """
    kept = {name: value for name, value in options.items() if name != "decks"}
    return get_rules(code, **kept).for_players(opponents + 1)


def sheet_key(rules: Rules, players: int) -> str:
    """The session key of the score sheet of ``players`` under ``rules`` (a sheet per rules,
    players and deck, so that changing any starts another).

    >>> sheet_key(get_rules("barajamos"), 3)
    'sheet-barajamos-3-48-1-0'
    """
    deck = rules.deck
    return f"sheet-{rules.code()}-{players}-{deck.size}-{deck.copies}-{deck.jokers}"


def hands_signature(hands: Sequence[Sequence[Card]]) -> tuple[str, ...]:
    """The hands as codes: a new signature starts the replay at its first step again."""
    return tuple(hand_code(hand) for hand in hands)


# --- The score sheet's actions ------------------------------------------------------------------


@dataclass(frozen=True)
class SheetResult:
    """The sheet after an action, or the sheet as it was and why it refused."""

    sheet: ScoreSheet
    refusal: Refusal | None = None


def add_hand(sheet: ScoreSheet, closer: int, hands: Sequence[Sequence[Card] | Arrangement]
             ) -> SheetResult:
    """The typed hand on the sheet: seat ``closer`` closes with ``hands[0]`` (his cards, or the
    arrangement he shows), the others hold the rest in turn order from him.

    >>> sheet = ScoreSheet.start(get_rules("fournier"), 2)
    >>> hands = [parse_hand("7o 7c 7b 1e 2e 3e 4o"), parse_hand("7e 1c 2c 3c 5o 5b 6o")]
    >>> add_hand(sheet, 1, hands).sheet.totals
    (16, 4)
    >>> add_hand(sheet, 1, hands[::-1]).refusal.kind.value
    'cannot_close'
    """
    order = (closer, *sheet.turn_order(closer))
    first = hands[0]
    cards = first.cards() if isinstance(first, Arrangement) else tuple(first)
    try:
        done, _ = sheet.close(closer, dict(zip(order, hands, strict=True)))
    except (ScoreError, CloseError) as error:
        return SheetResult(sheet, refusal(error, sheet, closer, cards, len(hands)))
    return SheetResult(done)


def _deal_seed(sheet: ScoreSheet, seed: int) -> int:
    """A hand's own seed: the page's seed and the hands played, so each hand is new."""
    return seed * 1000 + len(sheet.history)


def add_random_hand(sheet: ScoreSheet, seed: int) -> SheetResult:
    """A dealt hand on the sheet: a seat drawn by the seed closes, the others hold random
    hands (the same seed and sheet deal the same hand).

    >>> sheet = ScoreSheet.start(get_rules("fournier"), 3)
    >>> add_random_hand(sheet, 4) == add_random_hand(sheet, 4)
    True
    >>> len(add_random_hand(sheet, 4).sheet.history)
    1
    """
    deal_seed = _deal_seed(sheet, seed)
    dealer = random.Random(deal_seed).choice(sheet.in_game)
    order = (dealer, *sheet.turn_order(dealer))
    dealt = deal_seats(sheet.rules, len(order) - 1, deal_seed)
    try:
        done, _ = sheet.close(dealer, dict(zip(order, dealt, strict=True)))
    except (ScoreError, CloseError) as error:
        return SheetResult(sheet, refusal(error, sheet, dealer, dealt[0], len(dealt)))
    return SheetResult(done)


def spend_return(sheet: ScoreSheet, seat: int) -> SheetResult:
    """Seat ``seat``, out of the game, comes back (when the rules and the sheet allow it)."""
    try:
        return SheetResult(sheet.spend_return(seat))
    except ScoreError as error:
        return SheetResult(sheet, refusal(error, sheet, seat))


def no_closer(sheet: ScoreSheet, seed: int) -> SheetResult:
    """Ludoteka: the stock ran out for the last time, so a dealt hand ends with no closer."""
    dealt = deal_hands(sheet.rules, len(sheet.in_game), _deal_seed(sheet, seed))
    try:
        done, _ = sheet.stock_ran_out(dict(zip(sheet.in_game, dealt, strict=True)))
    except ScoreError as error:
        return SheetResult(sheet, refusal(error, sheet, hands=len(dealt)))
    return SheetResult(done)
