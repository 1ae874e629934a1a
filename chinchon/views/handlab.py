"""The hand lab's view of a hand: everything the page shows, computed from cards and rules.

The page reads what the user typed (or clicked, or put in the URL) with :func:`read_hand`,
which keeps every good card and names each bad token instead of failing, then builds a
:class:`LabView`: the optimal melds, every tied arrangement, the loose points, the close and,
for eight cards, the discards (a DataFrame and an HTML bar chart); the closer's melds and the
lay-offs; the same hand under every profile. Nothing here imports Streamlit, and nothing here
translates: enums and numbers go to the page, which words them in the reader's language.

>>> rules = get_rules("barajamos")
>>> reading = read_hand("7o 7c 7b 9e 10e 11e 4o", rules)
>>> view = lab_view(reading.cards, rules)
>>> view.analysis.arrangement.code(), verdict(view.analysis).kind.value
('7o 7c 7b | 9e 10e 11e / 4o', 'points')
>>> [p.kind.value for p in read_hand("7o 7o 13x 8c", get_rules("fournier")).problems]
['duplicate', 'unknown_card', 'not_in_deck']
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from html import escape
from types import MappingProxyType

import pandas as pd

from chinchon.engine.cards import Card, CardError, hand_code, parse_hand  # noqa: F401 (doctests)
from chinchon.engine.errors import quote
from chinchon.engine.layoffs import HandEnd, resolve
from chinchon.engine.melds import Meld, check_meld
from chinchon.engine.rules import (  # noqa: F401 (get_rules: doctests)
    ChinchonEffect,
    CloseRule,
    Rules,
    all_profiles,
    get_rules,
)
from chinchon.engine.solver import (
    Arrangement,
    CloseError,
    DiscardAnalysis,
    HandAnalysis,
    Outcome,
    analyze,
    analyze_discards,
    close_as,
    fewest_loose_points,
)
from chinchon.views.svg import FaceUrl, card_img_html

__all__ = [
    "BEST",
    "DEFAULT_HAND",
    "EXAMPLES",
    "MAX_CARDS",
    "MAX_PROBLEMS",
    "TEACHER_STEPS",
    "CloserReading",
    "DealError",
    "HandReading",
    "KeyMove",
    "LabView",
    "Picked",
    "Problem",
    "ProblemKind",
    "ProfileCell",
    "ProjectorHand",
    "TeacherNav",
    "Verdict",
    "VerdictKind",
    "compare_profiles",
    "copies_of",
    "deal_closer",
    "deal_hand",
    "deck_rows",
    "discard_chart_html",
    "discard_frame",
    "key_move",
    "lab_view",
    "layoffs_against",
    "pick",
    "projector_hand",
    "read_closer_melds",
    "read_hand",
    "shown_problems",
    "teacher_nav",
    "teacher_step",
    "teacher_steps",
    "toggle",
    "verdict",
]

#: The hand shown before anything is picked (RULES.md: the 6 of copas goes with the sixes).
DEFAULT_HAND = "3c 4c 5c 6c 6o 6e 1b"
#: The lab solves a hand of seven cards, or eight (a turn's draw before the discard).
MAX_CARDS = 8
#: Distinct problems of a typed hand named one by one; the rest are counted.
MAX_PROBLEMS = 6
HAND_SIZES = (7, 8)
#: Hands to start from, each showing one idea; every card is in every profile's deck.
EXAMPLES: Mapping[str, str] = MappingProxyType({
    "closes": "7o 7c 7b 4e 5e 6e 2o",
    "not_yet": "5o 5c 5e 1b 2b 3b 10o",
    "minus_ten": "1o 2o 3o 4o 5c 5e 5b",
    "chinchon": "1e 2e 3e 4e 5e 6e 7e",
    "tie": "3c 4c 5c 6c 6o 6e 6b",
    "eight": "3c 4c 5c 7b 7o 7e 1o 6c",
})
#: Teacher mode's reveals after the question, one at a time, in this order.
TEACHER_STEPS = ("melds", "points", "close", "layoffs")
#: A bad token is quoted back at most this long (a pasted essay is not a card).
_QUOTE_LIMIT = 24
#: Random deals tried before :func:`deal_closer` gives up (about 1 in 1000 hands may close).
_DEAL_TRIES = 200_000
_TOKEN_SPLIT = re.compile(r"[\s,+]+")


class DealError(ValueError):
    """No hand of the wanted kind could be dealt from the cards left."""


class ProblemKind(StrEnum):
    """Why one token of a typed hand was left out."""

    UNKNOWN_CARD = "unknown_card"
    NOT_IN_DECK = "not_in_deck"
    DUPLICATE = "duplicate"
    TOO_MANY = "too_many"
    #: The closer's melds: a part between ``|`` that is not a meld of these rules.
    BAD_MELD = "bad_meld"
    #: The closer's melds: not seven cards (the value is the count).
    CLOSER_SIZE = "closer_size"
    #: The closer's melds: a card that is also in the hand (one copy in the deck).
    SHARED_CARD = "shared_card"
    #: The closer's melds: an arrangement the rules do not let him close with.
    CLOSER_CANNOT_CLOSE = "closer_cannot_close"


@dataclass(frozen=True)
class Problem:
    """One bad token: what is wrong and the token as typed (shortened if long)."""

    kind: ProblemKind
    value: str


@dataclass(frozen=True)
class HandReading:
    """The good cards of a typed hand, in the order typed, and a problem per bad token."""

    cards: tuple[Card, ...]
    problems: tuple[Problem, ...]

    def code(self) -> str:
        return hand_code(self.cards)


def _quote(token: str) -> str:
    return token if len(token) <= _QUOTE_LIMIT else token[: _QUOTE_LIMIT - 1] + "…"


def read_hand(text: str, rules: Rules) -> HandReading:
    """Read card codes separated by spaces, commas or ``+``, keeping every card that fits.

    A token is left out, with a :class:`Problem` naming it, when it is not a card, when the
    deck has no such card, when the deck has no more copies of it, or past the eighth card.
    """
    cards: list[Card] = []
    problems: list[Problem] = []
    held: Counter[Card] = Counter()
    for token in _TOKEN_SPLIT.split(text.strip()):
        if not token:
            continue
        try:
            card = Card.parse(token)
        except CardError:
            problems.append(Problem(ProblemKind.UNKNOWN_CARD, _quote(token)))
            continue
        if not rules.deck.contains(card):
            problems.append(Problem(ProblemKind.NOT_IN_DECK, card.code()))
        elif held[card] >= copies_of(card, rules):
            problems.append(Problem(ProblemKind.DUPLICATE, card.code()))
        elif len(cards) >= MAX_CARDS:
            problems.append(Problem(ProblemKind.TOO_MANY, card.code()))
        else:
            held[card] += 1
            cards.append(card)
    return HandReading(tuple(cards), tuple(problems))


def shown_problems(problems: Iterable[Problem]) -> tuple[tuple[Problem, ...], int]:
    """The distinct problems the page names, at most :data:`MAX_PROBLEMS` in the order found,
    and how many more it only counts.

    >>> named, more = shown_problems(read_hand("7o " * 20, get_rules("fournier")).problems)
    >>> [p.value for p in named], more
    (['7o'], 0)
    """
    distinct = tuple(dict.fromkeys(problems))
    return distinct[:MAX_PROBLEMS], max(0, len(distinct) - MAX_PROBLEMS)


def toggle(text: str, card: Card, rules: Rules) -> str:
    """The typed hand ``text`` after a click on ``card`` in the deck: one more copy of it while
    the deck has a copy left and the hand has room, else every copy held put back. With one
    deck a click takes a card and the next puts it back; with two decks (or two jokers) the
    second click takes the second copy and the third puts both back. Every other token stays
    as typed, bad ones too.

    >>> rules = get_rules("fournier")
    >>> toggle("7o 7c", Card.parse("7b"), rules)
    '7o 7c 7b'
    >>> toggle("7o 7c xx 7O", Card.parse("7o"), rules)
    '7c xx'
    >>> two = get_rules("barajamos", decks=2)
    >>> toggle("7o 7c", Card.parse("7o"), two), toggle("7o 7c 7o", Card.parse("7o"), two)
    ('7o 7c 7o', '7c')
    """
    tokens = [token for token in _TOKEN_SPLIT.split(text.strip()) if token]
    held = read_hand(text, rules).cards
    if held.count(card) < copies_of(card, rules) and len(held) < MAX_CARDS:
        return " ".join([*tokens, card.code()])
    return " ".join(token for token in tokens if not _names(token, card))


@dataclass(frozen=True)
class Picked:
    """The typed hand after a click in the deck; ``full``: a ninth card was clicked, so nothing
    was taken (the page says why)."""

    text: str
    full: bool


def pick(text: str, card: Card, rules: Rules) -> Picked:
    """A click on ``card`` in the deck while the typed hand is ``text`` (:func:`toggle`).

    >>> rules = get_rules("fournier")
    >>> pick("1o 2o 3o 4o 5o 6o 7o 1c", Card.parse("2c"), rules).full
    True
    >>> pick("1o 2o 3o 4o 5o 6o 7o 1c", Card.parse("1c"), rules)
    Picked(text='1o 2o 3o 4o 5o 6o 7o', full=False)
    """
    held = read_hand(text, rules).cards
    full = len(held) >= MAX_CARDS and card not in held
    return Picked(toggle(text, card, rules), full)


def copies_of(card: Card, rules: Rules) -> int:
    """How many copies of ``card`` the deck of ``rules`` holds (0 when it has none).

    >>> copies_of(Card.parse("JK"), get_rules("ludoteka", jokers=2))
    2
    """
    if not rules.deck.contains(card):
        return 0
    return rules.deck.jokers if card.is_joker else rules.deck.copies


def _names(token: str, card: Card) -> bool:
    try:
        return Card.parse(token) == card
    except CardError:
        return False


def deck_rows(rules: Rules) -> tuple[tuple[Card, ...], ...]:
    """The deck's distinct cards as the picker lays them out: one row per suit, jokers last."""
    rows = [tuple(Card(rank, suit) for rank in rules.deck.ranks) for suit in "oceb"]
    if rules.deck.jokers:
        rows.append((Card.parse("JK"),))
    return tuple(rows)


# --- The solver's answers, as the page shows them ----------------------------------------------


class VerdictKind(StrEnum):
    """The close badge: may the hand close, and what closing does under these rules."""

    CANNOT_CLOSE = "cannot_close"
    POINTS = "points"
    MINUS_TEN = "minus_ten"
    CHINCHON_WINS = "chinchon_wins"
    CHINCHON_MINUS_TEN = "chinchon_minus_ten"
    CHINCHON_OTHERS_100 = "chinchon_others_100"
    CHINCHON_WITH_JOKER = "chinchon_with_joker"
    CHINCHON_MINUS_25 = "chinchon_minus_25"


_CHINCHON_KINDS = {
    ChinchonEffect.WINS_GAME: VerdictKind.CHINCHON_WINS,
    ChinchonEffect.MINUS_TEN: VerdictKind.CHINCHON_MINUS_TEN,
    ChinchonEffect.OTHERS_PLUS_100: VerdictKind.CHINCHON_OTHERS_100,
    ChinchonEffect.MINUS_25: VerdictKind.CHINCHON_MINUS_25,
}


@dataclass(frozen=True)
class Verdict:
    """What the close badge says: its kind, the closer's score, and the numbers behind it."""

    kind: VerdictKind
    #: What the closer adds to his total (None: he cannot close, or wins the game).
    score: int | None
    loose_points: int
    close_rule: CloseRule
    close_limit: int

    @property
    def can_close(self) -> bool:
        return self.kind is not VerdictKind.CANNOT_CLOSE


def verdict(analysis: HandAnalysis) -> Verdict:
    """The close badge of a seven-card analysis."""
    rules = analysis.rules
    outcome = analysis.outcome
    # A seven-card run with a joker is no chinchón (ludoteka's -25 has its own outcome).
    seven_run = (analysis.close is not None and analysis.close.arrangement.is_seven_run()
                 and not analysis.close.arrangement.melds[0].has_joker)
    if outcome is Outcome.CHINCHON or (seven_run and outcome is Outcome.MINUS_TEN):
        # Fournier scores a chinchón as a plain -10: the badge still names the chinchón.
        kind = _CHINCHON_KINDS[rules.chinchon_effect]
    else:
        kind = VerdictKind(outcome.value)
    return Verdict(kind, analysis.score, analysis.loose_points, rules.close_rule,
                   rules.close_limit)


@dataclass(frozen=True)
class LabView:
    """What the lab shows for a hand: with 7 cards its analysis, with 8 every discard too.

    For eight cards :attr:`analysis` is the hand left after the best discard.
    """

    rules: Rules
    hand: tuple[Card, ...]
    analysis: HandAnalysis | None
    discards: DiscardAnalysis | None

    @property
    def complete(self) -> bool:
        """Whether the hand has 7 or 8 cards, so that the solver has answered."""
        return self.analysis is not None

    @property
    def discarded(self) -> Card | None:
        """The best discard of an eight-card hand."""
        return self.discards.best if self.discards else None

    @property
    def tied(self) -> bool:
        """Whether several arrangements leave the same fewest loose points."""
        return self.analysis is not None and len(self.analysis.arrangements) > 1


def lab_view(hand: Sequence[Card], rules: Rules) -> LabView:
    """Solve ``hand`` (checked cards of ``rules``' deck, as :func:`read_hand` returns them)."""
    hand = tuple(hand)
    if len(hand) == 8:
        discards = analyze_discards(hand, rules)
        return LabView(rules, hand, discards.rows[discards.best_index], discards)
    if len(hand) == 7:
        return LabView(rules, hand, analyze(hand, rules), None)
    return LabView(rules, hand, None, None)


def teacher_steps(view: LabView) -> tuple[str, ...]:
    """Teacher mode's screens: first the question on the hand alone (which card to throw, or
    which melds), then one answer per screen; none until the hand has seven or eight cards.

    >>> teacher_steps(lab_view(parse_hand("3c 4c 5c 7b 7o 7e 1o 6c"), get_rules("fournier")))
    ('ask_throw', 'throw', 'melds', 'points', 'close', 'layoffs')
    >>> teacher_steps(lab_view(parse_hand("7o 7c"), get_rules("fournier")))
    ()
    """
    if view.analysis is None:
        return ()
    first = ("ask_throw", "throw") if view.discards is not None else ("ask_melds",)
    return (*first, *TEACHER_STEPS)


def teacher_step(step: int, steps: Sequence[str]) -> int:
    """The screen shown: the one asked for, within ``steps`` (0 when there are none)."""
    return min(max(step, 0), max(0, len(steps) - 1))


@dataclass(frozen=True)
class KeyMove:
    """Where a key press in teacher mode goes: the ``step`` to show, unless a lesson has the
    ``hand`` it asks for (+1 the next hand, -1 the one before; 0 none)."""

    step: int
    hand: int = 0


def key_move(action: str, step: int, steps: int) -> KeyMove:
    """Teacher mode's keyboard: ``next`` (→ or Space), ``back`` (←), ``first`` (Home, the
    question), ``last`` (End); past the last screen the next hand, before the first the one
    before (in a lesson), else the screen stays.

    >>> key_move("next", 1, 6), key_move("next", 5, 6), key_move("back", 0, 6)
    (KeyMove(step=2, hand=0), KeyMove(step=5, hand=1), KeyMove(step=0, hand=-1))
    >>> key_move("last", 0, 6), key_move("dance", 3, 6)
    (KeyMove(step=5, hand=0), KeyMove(step=3, hand=0))
    """
    last = max(0, steps - 1)
    moves = {"next": step + 1, "back": step - 1, "first": 0, "last": last}
    shown = min(max(moves.get(action, step), 0), last)
    hand = 1 if action == "next" and step >= last else -1 if action == "back" and step == 0 else 0
    return KeyMove(shown, hand)


@dataclass(frozen=True)
class TeacherNav:
    """Teacher mode's buttons on a screen: whether Back goes to the lesson's hand before (else
    to the screen before, disabled on the first), and what the forward button does: ``"step"``
    the next screen, ``"hand"`` the lesson's next hand, ``None`` no such button."""

    back_to_hand: bool
    forward: str | None


def teacher_nav(step: int, steps: int, lesson: tuple[int, int] | None = None) -> TeacherNav:
    """The buttons on screen ``step`` of ``steps``; ``lesson`` is (the hand it is on, its number
    of hands), None outside a lesson.

    >>> teacher_nav(0, 6)
    TeacherNav(back_to_hand=False, forward='step')
    >>> teacher_nav(0, 6, (1, 3))
    TeacherNav(back_to_hand=True, forward='step')
    >>> [teacher_nav(5, 6, lesson).forward for lesson in (None, (1, 3), (2, 3))]
    [None, 'hand', None]
    """
    at, count = lesson if lesson is not None else (0, 0)
    forward = "step" if step + 1 < steps else "hand" if at + 1 < count else None
    return TeacherNav(step == 0 and at > 0, forward)


@dataclass(frozen=True)
class ProjectorHand:
    """Whether teacher mode draws the hand above the screen, and rings the best throw in it."""

    shown: bool
    ring_throw: bool


def projector_hand(cards: int, steps: Sequence[str], step: int) -> ProjectorHand:
    """The hand of ``cards`` cards above screen ``step``: not on the throw's screen (its chart
    draws the eight cards itself), and the best throw ringed once the question is asked.

    >>> projector_hand(8, ("ask_throw", "throw", "melds"), 0)
    ProjectorHand(shown=True, ring_throw=False)
    >>> projector_hand(8, ("ask_throw", "throw", "melds"), 1).shown, projector_hand(3, (), 0)
    (False, ProjectorHand(shown=True, ring_throw=False))
    """
    if not steps:
        return ProjectorHand(cards > 0, False)
    name = steps[step]
    return ProjectorHand(cards > 0 and name != "throw", not name.startswith("ask"))


def _same_result(a: HandAnalysis, b: HandAnalysis) -> bool:
    return (a.outcome, a.score, a.loose_points) == (b.outcome, b.score, b.loose_points)


def discard_frame(discards: DiscardAnalysis) -> pd.DataFrame:
    """One row per card of the eight: the points left without it, the close, and ``best``.

    ``best`` marks every discard as good as the best one (ties all count). Columns: ``card``,
    ``points_left``, ``can_close``, ``outcome`` (an :class:`Outcome` value), ``score``
    (nullable), ``best``.
    """
    best = discards.rows[discards.best_index]
    return pd.DataFrame({
        "card": [card.code() for card in discards.hand],
        "points_left": [row.loose_points for row in discards.rows],
        "can_close": [row.can_close for row in discards.rows],
        "outcome": [row.outcome.value for row in discards.rows],
        "score": pd.array([row.score for row in discards.rows], dtype="Int64"),
        "best": [_same_result(row, best) for row in discards.rows],
    })


#: The discard chart's colours: the best discard, others that still close, the rest.
BEST, CLOSES, OTHER = "#1f7a4d", "#9cc9ae", "#cdc7ba"


def discard_chart_html(frame: pd.DataFrame, *, names: Sequence[str], title: str,
                       card_width: int = 48, bar_height: int = 120, lang: str = "en",
                       face_url: FaceUrl | None = None) -> str:
    """A bar per discard of :func:`discard_frame`, as plain HTML: the points left over each
    bar, the card under it, the best throws starred. Sizes in ``em`` follow the font size, so a
    projector's larger text enlarges the labels; ``names`` (the cards' names) label each bar;
    the faces name their suit in ``lang`` (their images from ``face_url``, else data URIs).

    Plain markup with the cards as ``<img>``, not a plotting library: it draws in the same
    frame as the rest of the page (plotly's first chart loaded its script for over a second).

    >>> view = lab_view(parse_hand("7o 7c 7b 9e 10e 11e 1o 1c"), get_rules("barajamos"))
    >>> chart = discard_chart_html(discard_frame(view.discards), names=["x"] * 8, title="T")
    >>> chart.count('role="listitem"'), chart.count("★")
    (8, 2)
    """
    points = [int(p) for p in frame["points_left"]]
    top = max(1, *points)
    bars = []
    for code, name, left, best, closes in zip(frame["card"], names, points, frame["best"],
                                              frame["can_close"], strict=True):
        colour = BEST if best else CLOSES if closes else OTHER
        height = max(3, round(bar_height * left / top))
        label = f"{name}: {left}"
        star = f'<span style="color:{BEST}">★ </span>' if best else ""
        bars.append(
            f'<div role="listitem" title="{escape(label)}" aria-label="{escape(label)}" '
            'style="display:flex;flex-direction:column;align-items:center;'
            f'justify-content:flex-end;gap:0.2em;min-width:{card_width}px">'
            f'<span style="font-weight:700;font-size:1.05em;white-space:nowrap">{star}{left}'
            f'</span><div style="width:70%;height:{height}px;background:{colour};'
            'border-radius:4px 4px 0 0"></div>'
            f'{card_img_html(code, width=card_width, alt=name, lang=lang, face_url=face_url)}</div>')
    return (f'<figure class="chinchon-discards" style="margin:0">'
            f'<figcaption style="font-weight:600;margin-bottom:0.4em">{escape(title)}'
            '</figcaption><div role="list" style="display:flex;flex-wrap:wrap;'
            f'align-items:flex-end;gap:0.5em 0.6em">{"".join(bars)}</div></figure>')


@dataclass(frozen=True)
class ProfileCell:
    """One profile's column of the side-by-side view: the hand's problems there, or its view."""

    rules: Rules
    problems: tuple[Problem, ...]
    view: LabView


def compare_profiles(text: str, profiles: Iterable[Rules] | None = None) -> tuple[ProfileCell, ...]:
    """The same typed hand under every profile (a card may be in one deck and not another)."""
    cells = []
    for rules in profiles if profiles is not None else all_profiles():
        reading = read_hand(text, rules)
        cells.append(ProfileCell(rules, reading.problems, lab_view(reading.cards, rules)))
    return tuple(cells)


# --- The lay-off panel: a closer's melds and what the hand lays off --------------------------


@dataclass(frozen=True)
class CloserReading:
    """The closer's arrangement as typed, or the first problem that stops it."""

    arrangement: Arrangement | None
    problem: Problem | None


def read_closer_melds(text: str, hand: Sequence[Card], rules: Rules) -> CloserReading:
    """Read the closer's melds and loose cards, ``'7o 7c 7b | 9e 10e 11e / 4o'``, and check that
    they are seven cards apart from ``hand`` with which the closer may close.

    >>> rules = get_rules("barajamos")
    >>> read_closer_melds("7o 7c 7b | 9e 10e 11e / 4o", parse_hand("7e 12e"), rules).problem
    >>> read_closer_melds("7o 7c 8b | 9e 10e 11e / 4o", (), rules).problem
    Problem(kind=<ProblemKind.BAD_MELD: 'bad_meld'>, value='7o 7c 8b')
    """
    melds_text, _, loose_text = text.partition("/")
    melds: list[Meld] = []
    for part in (part.strip() for part in melds_text.split("|")):
        if not part:
            continue
        try:
            melds.append(check_meld(Meld.parse(part), rules))
        except ValueError:
            return CloserReading(None, Problem(ProblemKind.BAD_MELD, _quote(part)))
    loose = read_hand(loose_text, rules)
    if loose.problems:
        return CloserReading(None, loose.problems[0])
    arrangement = Arrangement(tuple(melds), loose.cards)
    cards = arrangement.cards()
    if len(cards) != 7:
        return CloserReading(None, Problem(ProblemKind.CLOSER_SIZE, str(len(cards))))
    held = Counter([*cards, *hand])
    for card in cards:
        if not rules.deck.contains(card):
            return CloserReading(None, Problem(ProblemKind.NOT_IN_DECK, card.code()))
        if held[card] > copies_of(card, rules):
            kind = ProblemKind.SHARED_CARD if card in hand else ProblemKind.DUPLICATE
            return CloserReading(None, Problem(kind, card.code()))
    try:
        close_as(arrangement, rules)
    except CloseError:
        return CloserReading(None, Problem(ProblemKind.CLOSER_CANNOT_CLOSE, arrangement.code()))
    return CloserReading(arrangement, None)


def layoffs_against(closer: Arrangement, hand: Sequence[Card], rules: Rules) -> HandEnd:
    """The end of the hand when ``closer`` (checked by :func:`read_closer_melds`) closes against this
    seven-card hand: ``players[1]`` shows the hand's melds, lay-offs and points after."""
    return resolve(closer, [tuple(hand)], rules)


# --- Random deals -------------------------------------------------------------------------------


def _stock(rules: Rules, avoid: Iterable[Card]) -> list[Card]:
    """The deck's cards less ``avoid`` (one copy per card avoided)."""
    stock = list(rules.deck.cards())
    for card in avoid:
        if card in stock:
            stock.remove(card)
    return stock


def deal_hand(rules: Rules, seed: int, size: int = 7, *, avoid: Iterable[Card] = ()) -> tuple[
        Card, ...]:
    """``size`` random cards of the deck, the same for the same seed.

    >>> deal_hand(get_rules("fournier"), 7) == deal_hand(get_rules("fournier"), 7)
    True
    """
    if size not in HAND_SIZES:
        raise DealError(f"the lab deals 7 or 8 cards, not {quote(size)}")
    stock = _stock(rules, avoid)
    if len(stock) < size:
        raise DealError(f"only {len(stock)} cards left to deal {size} from")
    return tuple(random.Random(seed).sample(stock, size))


def deal_closer(rules: Rules, seed: int, *, avoid: Iterable[Card] = ()) -> Arrangement:
    """A random hand that may close, dealt from the deck less ``avoid``, laid out as it closes.

    The same seed and cards avoided give the same closer. :class:`DealError` if none is found.
    """
    stock = _stock(rules, avoid)
    if len(stock) < 7:
        raise DealError(f"only {len(stock)} cards left to deal a closer from")
    rng = random.Random(seed)
    for _ in range(_DEAL_TRIES):
        hand = rng.sample(stock, 7)
        # Every close leaves at most close_limit loose points, so this cheap bound skips most.
        if fewest_loose_points(hand, rules) > rules.close_limit:
            continue
        close = analyze(hand, rules).close
        if close is not None:
            return close.arrangement
    raise DealError(f"no closing hand found in {_DEAL_TRIES} deals under {rules.name} rules "
                    f"(seed {quote(seed)})")

