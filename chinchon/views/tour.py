"""The rules tour as data: per profile, the ordered steps of its rules and the hands showing them.

A step is a rule written in our own words (i18n keys whose ``{placeholders}`` are filled from the
:class:`~chinchon.engine.rules.Rules`, so no number is typed twice), the hands that show it, and the
notes where RULES.md records a reading of ours. The hands of RULES.md name their source; the
others are ours and say so. Nothing here stores an answer: the page asks the solver.

>>> [step.id for step in steps("fournier")][:3]
['deck', 'melds', 'points']
>>> example = steps("barajamos")[3].examples[0]
>>> hand_code(example.hand), example.source
('7o 7c 7b 9e 10e 11e 4o', 'barajamos-fr.txt')
>>> solve(example, get_rules("barajamos")).analysis.loose_points
4
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any
from urllib.parse import urlencode

from chinchon.engine.cards import Card, CardError, HandError, hand_code, parse_hand
from chinchon.engine.errors import quote
from chinchon.engine.layoffs import Action, resolve
from chinchon.engine.rules import OURS, Rules, get_rules
from chinchon.engine.solver import DiscardAnalysis, HandAnalysis, analyze, analyze_discards

__all__ = [
    "Change",
    "Example",
    "LayoffExample",
    "Solved",
    "Step",
    "SwapError",
    "Task",
    "TaskKind",
    "VerdictReason",
    "change_note",
    "compare",
    "end_screen",
    "example_rules",
    "held",
    "hides_first_example",
    "key_screen",
    "layoff_examples",
    "layoff_link_query",
    "missed",
    "note_fields",
    "read_step",
    "rule_params",
    "screen_within",
    "solve",
    "steps",
    "swap",
    "swap_choices",
    "swap_defaults",
    "task",
    "ticks",
    "verdict_reason",
]


class SwapError(ValueError):
    """A "try it" swap that cannot be made: the card is not held, or cannot come in."""


class _Sourced:
    """A hand the tour shows, given by a source file (``source``) or ours (None)."""

    source: str | None

    @property
    def is_ours(self) -> bool:
        return self.source is None


@dataclass(frozen=True)
class Example(_Sourced):
    """A hand shown on a step: seven cards, or seven plus a drawn card and a discard."""

    hand: tuple[Card, ...]
    #: i18n key of the caption (our words describing the hand).
    caption: str
    #: The source file that gives this hand, or None when the hand is ours.
    source: str | None = None
    #: Options for :func:`~chinchon.engine.rules.get_rules` (``jokers=2``, ``decks=2``, …).
    options: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    first_round: bool = False
    #: The player's running total before the hand (ludoteka's near-limit rule reads it).
    total: int | None = None
    drawn: Card | None = None
    discard: Card | None = None
    #: Suggested "try it" swaps: (card taken out, card brought in).
    swaps: tuple[tuple[Card, Card], ...] = ()
    #: i18n key of a note where the source is unclear about this very hand.
    note: str | None = None


@dataclass(frozen=True)
class LayoffExample(_Sourced):
    """The end of a hand: a closer and his opponents in turn order (resolved by the page)."""

    closer: tuple[Card, ...]
    opponents: tuple[tuple[Card, ...], ...]
    caption: str
    source: str | None = None


@dataclass(frozen=True)
class Step:
    """One rule of the tour: title and paragraphs (i18n keys), hands, and notes."""

    id: str
    title: str
    paragraphs: tuple[str, ...]
    examples: tuple[Example, ...] = ()
    layoffs: tuple[LayoffExample, ...] = ()
    #: i18n keys of "the source does not say; we use …" notes.
    notes: tuple[str, ...] = ()
    #: The Rules fields this step explains; their citations name the sources.
    fields: tuple[str, ...] = ()


@dataclass(frozen=True)
class Solved:
    """What the solver says about an example: the seven cards kept and, after a draw, every
    discard of the eight."""

    hand: tuple[Card, ...]
    analysis: HandAnalysis
    discards: DiscardAnalysis | None = None

    @property
    def discard_is_best(self) -> bool:
        """Whether the example's discard is as good as the best one (true without a draw)."""
        if self.discards is None:
            return True
        best = self.discards.rows[self.discards.best_index]
        mine = self.analysis
        return ((best.outcome, best.score, best.loose_points)
                == (mine.outcome, mine.score, mine.loose_points))


@dataclass(frozen=True)
class Change:
    """What a one-card swap changed."""

    before: HandAnalysis
    after: HandAnalysis

    @property
    def points_delta(self) -> int:
        return self.after.loose_points - self.before.loose_points

    @property
    def outcome_changed(self) -> bool:
        return (self.before.outcome is not self.after.outcome
                or self.before.score != self.after.score)

    @property
    def melds_changed(self) -> bool:
        return self.before.arrangement.melds != self.after.arrangement.melds


def _ex(hand: str, caption: str, *, swaps: str = "", **kwargs: Any) -> Example:
    """An example from codes; ``swaps`` is ``"4o>8e 7b>1c"`` (out > in)."""
    pairs = tuple((Card.parse(out), Card.parse(into))
                  for out, _, into in (s.partition(">") for s in swaps.split()))
    for key in ("drawn", "discard"):
        if key in kwargs:
            kwargs[key] = Card.parse(kwargs[key])
    if "options" in kwargs:
        kwargs["options"] = MappingProxyType(kwargs["options"])
    return Example(parse_hand(hand), caption, swaps=pairs, **kwargs)


def _layoff(closer: str, opponents: Sequence[str], caption: str,
            source: str | None = None) -> LayoffExample:
    return LayoffExample(parse_hand(closer), tuple(parse_hand(o) for o in opponents),
                         caption, source)


_BF, _FP = "barajamos-fr.txt", "fournier-pt.txt"

#: Hands per profile and step. RULES.md's worked hands carry their source; the others are ours.
_EXAMPLES: dict[str, dict[str, tuple[Example, ...]]] = {
    "barajamos": {
        "deck": (
            _ex("5o 5o 5c 1b 2b 3b 2c", "tour.ex.two_decks_group", options={"decks": 2},
                swaps="5c>5b 2c>9c"),
        ),
        "melds": (
            _ex("3c 4c 5c 6c 6o 6e 1b", "tour.ex.six_with_sixes", source=_BF,
                swaps="6e>7c 1b>2c"),
            _ex("11o 12o 1o 5c 5e 5b 2c", "tour.ex.no_wrap", source=_BF,
                note="tour.note.barajamos.seventh_card", swaps="1o>10o 2c>5o"),
        ),
        "points": (
            _ex("5o 5c 5e 1b 2b 3b 10o", "tour.ex.figure_loose", source=_BF,
                swaps="10o>4b 10o>1o"),
        ),
        "close": (
            _ex("7o 7c 7b 9e 10e 11e 4o", "tour.ex.close_points", source=_BF,
                swaps="4o>12o 4o>8e"),
        ),
        "minus_ten": (
            _ex("7o 8o 9o 10o 2c 2e 2b", "tour.ex.minus_ten", source=_BF,
                swaps="2b>1c 10o>11o"),
        ),
        "chinchon": (
            _ex("3e 4e 5e 6e 7e 8e 9e", "tour.ex.chinchon", source=_BF,
                swaps="9e>9o 3e>10e"),
        ),
    },
    "fournier": {
        "melds": (
            _ex("6c 7c 10c 2o 2e 2b 1o", "tour.ex.seven_to_sota", swaps="10c>11c 6c>12c"),
        ),
        "points": (
            _ex("10o 11o 12o 4c 4e 4b 12c", "tour.ex.figures_fournier", swaps="12c>1c"),
        ),
        "close": (
            _ex("1o 2o 3o 4o 5o 1c 2c", "tour.ex.two_loose_close", swaps="2c>5c 1c>4b"),
        ),
        "minus_ten": (
            _ex("3c 4c 5c 7b 7o 7e 1o", "tour.ex.fournier_minus_ten", source=_FP, drawn="6c",
                discard="1o", total=24, swaps="6c>2c 7e>10e"),
        ),
        "chinchon": (
            _ex("1o 2o 3o 4o 5o 6o 7o", "tour.ex.chinchon_only_minus_ten", swaps="1o>10o"),
        ),
    },
    "jeux-de-cartes": {
        "deck": (
            _ex("5o 5o 5c 1b 2b 3b 2c", "tour.ex.two_decks_group", options={"decks": 2},
                swaps="5c>5b 2c>4c"),
        ),
        "points": (
            _ex("1o 2o 3o 5c 5e 5b 11c", "tour.ex.figures_flat", swaps="11c>1c 11c>12c"),
        ),
        "melds": (
            _ex("6c 7c 10c 11c 2o 2e 2b", "tour.ex.seven_to_sota_minus_ten", swaps="6c>12c"),
            _ex("7c 11c 12c 2o 2e 2b 1o", "tour.ex.seven_eleven_not_run", swaps="7c>10c"),
        ),
        "close": (
            _ex("1o 2o 3o 5c 5e 5b 3e", "tour.ex.one_loose_three", swaps="3e>4e 3e>5o"),
            _ex("1o 2o 3o 4o 5o 1c 2c", "tour.ex.two_loose_no_close", swaps="2c>1e"),
        ),
        "minus_ten": (
            _ex("1o 2o 3o 10c 10e 10b 10o", "tour.ex.minus_ten_ours", swaps="10o>4o"),
        ),
        "chinchon": (
            _ex("1e 2e 3e 4e 5e 6e 7e", "tour.ex.chinchon_plus_100", swaps="1e>10e"),
        ),
    },
    "ludoteka": {
        "melds": (
            _ex("5o 6o 7o 10o 11o 3c 3b", "tour.ex.long_run", swaps="3b>12o 10o>12o"),
        ),
        "points": (
            _ex("1o 2o 3o 5c 5e 5b 12e", "tour.ex.figures_flat", swaps="12e>4e 12e>10e"),
        ),
        "close": (
            _ex("1o 2o 3o 5c 5e 5b 4e", "tour.ex.one_loose_four", swaps="4e>10e 4e>5o"),
            _ex("1o 2o 3o 5c 5e 5b 4e", "tour.ex.first_round", first_round=True,
                swaps="4e>5o"),
            _ex("1o 2o 3o 5c 5e 5b 4e", "tour.ex.near_limit", total=98, swaps="4e>2e"),
        ),
        "minus_ten": (
            _ex("1o 2o 3o 4o 11c 11e 11b", "tour.ex.minus_ten_ours", swaps="4o>4c"),
        ),
        "chinchon": (
            _ex("1c 2c 3c 4c 5c 6c 7c", "tour.ex.chinchon_pure", swaps="7c>7o"),
        ),
        "jokers": (
            _ex("3c 4c JK 6c 7c 10c 11c", "tour.ex.joker_run", options={"jokers": 2},
                swaps="JK>5c 11c>1o"),
            _ex("JK 5o 5c 1b 2b 3b 4e", "tour.ex.joker_group", options={"jokers": 2},
                swaps="4e>12e"),
        ),
    },
}

_LAYOFFS: dict[str, tuple[LayoffExample, ...]] = {
    "barajamos": (
        _layoff("7o 7c 7b 9e 10e 11e 4o",
                ["7e 1c 2c 3c 5o 5b 8o", "12e 6o 6c 6b 2b 3b 11b"],
                "tour.layoff.barajamos", source=_BF),
    ),
    "fournier": (
        _layoff("1c 2c 3c 6o 6e 6b 2o", ["4c 10b 11b 12b 2e 1e 6c", "5c 7o 7e 7b 3e 4e 5e"],
                "tour.layoff.rounds"),
    ),
    "jeux-de-cartes": (
        _layoff("4o 5o 6o 11c 11e 11b 2o", ["3o 7o 11o 1e 2e 3e 12c", "10o 5b 6b 7b 4e 1b 2b"],
                "tour.layoff.closer_melds"),
    ),
    "ludoteka": (
        _layoff("4o 5o 6o 11c 11e 11b 2c", ["3o 7o 11o 1e 2e 3e 12c", "10o 5b 6b 7b 4e 1b 2b"],
                "tour.layoff.if_loose"),
    ),
}

#: Which step explains which Rules fields (and so carries their citations and notes).
_STEP_FIELDS: dict[str, tuple[str, ...]] = {
    "deck": ("players", "deck", "two_decks_from"),
    "melds": ("deck",),
    "points": ("figure_points",),
    "close": ("close_rule", "close_limit", "close_in_first_round", "close_within_limit"),
    "minus_ten": ("minus_ten",),
    "chinchon": ("chinchon_effect",),
    "jokers": ("joker_run_score", "joker_points"),
    "layoffs": ("layoffs", "no_layoffs_after_minus_ten"),
    "scoring": ("limit", "returns", "returns_later", "everybody_out", "stock_runs_out_end",
                "stock_keeps_top", "rotation"),
}

#: Notes RULES.md records that no single Rules field carries (footnote 3 on closing).
_EXTRA_NOTES: dict[str, dict[str, tuple[str, ...]]] = {
    "jeux-de-cartes": {"close": ("tour.note.jeux-de-cartes.close_all_seven",)},
}


def layoff_examples(rules_id: str) -> tuple[LayoffExample, ...]:
    """The ends of hands the tour shows for a profile (the Lay-off page starts from the first)."""
    get_rules(rules_id)  # RulesError for an unknown profile
    return _LAYOFFS[rules_id]


def _has_jokers(rules_id: str) -> bool:
    return rules_id == "ludoteka"


def note_fields(rules: Rules) -> tuple[str, ...]:
    """The Rules fields whose citation is our reading, not a source (jokers only where used)."""
    return tuple(name for name, cite in rules.citations.items()
                 if OURS in cite and (name != "joker_points" or _has_jokers(rules.id)))


def steps(rules_id: str) -> tuple[Step, ...]:
    """The tour of one profile, in reading order. Raises RulesError for an unknown profile."""
    rules = get_rules(rules_id)
    ours = note_fields(rules)
    examples = _EXAMPLES[rules_id]
    found: list[Step] = []
    noted: set[str] = set()
    for step_id, fields in _STEP_FIELDS.items():
        if step_id == "jokers" and not _has_jokers(rules_id):
            continue
        new = [name for name in fields if name in ours and name not in noted]
        noted.update(new)
        notes = tuple(f"tour.note.{rules_id}.{name}" for name in new)
        notes += _EXTRA_NOTES.get(rules_id, {}).get(step_id, ())
        found.append(Step(
            id=step_id, title=f"tour.step.{step_id}", paragraphs=_paragraphs(step_id, rules),
            examples=examples.get(step_id, ()),
            layoffs=_LAYOFFS[rules_id] if step_id == "layoffs" else (),
            notes=notes, fields=fields))
    return tuple(found)


def _paragraphs(step_id: str, rules: Rules) -> tuple[str, ...]:
    """The i18n keys of a step's prose, chosen by the profile's rule values."""
    if step_id == "deck":
        keys = [f"tour.deck.{rules.deck.size}", "tour.deck.players"]
        keys.append("tour.deck.two_decks" if rules.two_decks_from else "tour.deck.one_deck")
        if rules.id == "ludoteka":
            keys.append("tour.deck.ludoteka_options")
        return tuple(keys)
    if step_id == "melds":
        run = "tour.melds.run_40" if rules.deck.size == 40 else "tour.melds.run_48"
        return ("tour.melds.intro", "tour.melds.group", run, "tour.melds.no_wrap")
    if step_id == "points":
        return ("tour.points.numerals", "tour.points.figures")
    if step_id == "close":
        keys = [f"tour.close.{rules.close_rule.value}", "tour.close.how"]
        keys.append("tour.close.first_round" if rules.close_in_first_round
                    else "tour.close.not_first_round")
        if rules.close_within_limit:
            keys.append("tour.close.within_limit")
        return tuple(keys)
    if step_id == "minus_ten":
        return ("tour.minus_ten.body",)
    if step_id == "chinchon":
        return (f"tour.chinchon.{rules.chinchon_effect.value}",)
    if step_id == "jokers":
        return ("tour.jokers.body", "tour.jokers.run")
    if step_id == "layoffs":
        keys = [f"tour.layoffs.{rules.layoffs.value}", "tour.layoffs.chained"]
        keys.append("tour.layoffs.none_after_minus_ten" if rules.no_layoffs_after_minus_ten
                    else "tour.layoffs.closer_protected")
        return tuple(keys)
    keys = ["tour.scoring.limit", "tour.scoring.returns_" + _returns_kind(rules),
            f"tour.scoring.everybody_out.{rules.everybody_out.value}",
            f"tour.scoring.rotation.{rules.id}"]
    if rules.stock_runs_out_end:
        keys.append("tour.scoring.stock_end")
    return tuple(keys)


def _returns_kind(rules: Rules) -> str:
    if rules.id == "ludoteka":
        return "agreed"  # get_rules takes a number of returns for ludoteka only
    if rules.returns is None:
        return "unlimited"
    return "tokens" if rules.returns else "none"


def rule_params(rules: Rules) -> dict[str, object]:
    """The numbers the tour's prose quotes, from the Rules (filled into the i18n templates)."""
    low, high = rules.players
    return {
        "low": low, "high": high, "size": rules.deck.size,
        "two_decks_from": rules.two_decks_from or "", "close_limit": rules.close_limit,
        "minus_ten": rules.minus_ten, "limit": rules.limit, "returns": rules.returns or 0,
        "sota": rules.figure_points[0], "caballo": rules.figure_points[1],
        "rey": rules.figure_points[2], "joker_points": rules.joker_points,
        "joker_run": rules.joker_run_score if rules.joker_run_score is not None else "",
        "stock_end": rules.stock_runs_out_end or "",
    }


def example_rules(example: Example | LayoffExample, rules_id: str) -> Rules:
    """The rules an example is played under (the profile with the example's options)."""
    options = example.options if isinstance(example, Example) else {}
    return get_rules(rules_id, **options)


def solve(example: Example, rules: Rules, hand: Sequence[Card] | None = None,
          drawn: Card | None = None) -> Solved:
    """Ask the solver about ``example``, or about a changed copy (``hand``, ``drawn``).

    With a drawn card the analysis is of the seven cards left after the example's discard (the
    best discard when that card is gone), and :attr:`Solved.discards` holds every discard of the
    eight.
    """
    cards = tuple(hand) if hand is not None else example.hand
    first, total = example.first_round, example.total
    drawn = drawn or example.drawn
    if drawn is None:
        return Solved(cards, analyze(cards, rules, first_round=first, total=total))
    eight = (*cards, drawn)
    discards = analyze_discards(eight, rules, first_round=first, total=total)
    index = eight.index(example.discard) if example.discard in eight else discards.best_index
    kept = eight[:index] + eight[index + 1:]
    return Solved(kept, discards.rows[index], discards)


def swap(hand: Sequence[Card], out: Card, into: Card, rules: Rules) -> tuple[Card, ...]:
    """``hand`` with ``out`` replaced by ``into`` in its place; :class:`SwapError` if impossible.

    >>> hand_code(swap(parse_hand("7o 7c 7b 9e 10e 11e 4o"), Card.parse("4o"),
    ...                Card.parse("8e"), get_rules("barajamos")))
    '7o 7c 7b 9e 10e 11e 8e'
    """
    hand = tuple(hand)
    if out not in hand:
        raise SwapError(f"{quote(out.code())} is not in the hand {quote(hand_code(hand))}")
    index = hand.index(out)
    changed = (*hand[:index], into, *hand[index + 1:])
    try:
        rules.deck.check_hand(changed)
    except (CardError, HandError) as err:
        raise SwapError(f"cannot bring in {quote(into.code())}: {err}") from None
    return changed


def swap_choices(hand: Sequence[Card], rules: Rules,
                 extra: Sequence[Card] = ()) -> tuple[Card, ...]:
    """The cards that may come into ``hand`` (with ``extra``, e.g. a drawn card, also held)."""
    held = list(hand) + list(extra)
    found = []
    for card in rules.deck.distinct_cards():
        limit = rules.deck.jokers if card.is_joker else rules.deck.copies
        if held.count(card) < limit:
            found.append(card)
    return tuple(found)


def held(example: Example) -> tuple[Card, ...]:
    """The cards a reader may swap: the seven, and the drawn card when there is one."""
    return (*example.hand, example.drawn) if example.drawn else example.hand


def compare(example: Example, rules: Rules, out: Card, into: Card) -> Change:
    """Solve the example as written and with one held card (or the drawn card) swapped."""
    before = solve(example, rules)
    changed = swap(held(example), out, into, rules)
    if example.drawn is None:
        after = solve(example, rules, changed)
    else:
        after = solve(example, rules, changed[:-1], changed[-1])
    return Change(before.analysis, after.analysis)


# --- A small task per step: the reader answers before the page shows the solver's view ------


class TaskKind(StrEnum):
    """What a step asks. Card tasks are answered by clicking a card, the others by a choice."""

    #: Click a loose card of the hand (any card loose in some best arrangement).
    LOOSE = "loose"
    #: Click the loose card that costs the most points.
    COSTLIEST = "costliest"
    #: Eight cards: click the card to throw (every discard as good as the best).
    THROW = "throw"
    #: Click a card that an opponent laid off onto a meld laid down.
    LAID_OFF = "laid_off"
    #: May this hand close? (a yes / no choice).
    CLOSE = "close"
    #: How many cards has the deck? (a choice of sizes).
    DECK = "deck"
    #: Above how many points is a player out? (a choice of limits).
    LIMIT = "limit"


#: The task kinds answered by clicking a card.
CARD_TASKS = frozenset({TaskKind.LOOSE, TaskKind.COSTLIEST, TaskKind.THROW, TaskKind.LAID_OFF})


@dataclass(frozen=True)
class Task:
    """One step's question: its kind, the cards to click (rows) or the choices, the answers.

    :meth:`check` says whether an answer (a card code, or a choice) is right; the answers are
    computed by the solver and the rules, never written down.
    """

    kind: TaskKind
    #: Card tasks: the rows of cards to click (a hand, or the melds laid down).
    rows: tuple[tuple[Card, ...], ...] = ()
    #: Choice tasks: the values offered, in order.
    choices: tuple[str, ...] = ()
    answers: frozenset[str] = frozenset()

    @property
    def by_card(self) -> bool:
        return self.kind in CARD_TASKS

    def check(self, answer: str) -> bool:
        """Whether ``answer`` (a card code or one of :attr:`choices`) is right.

        >>> task(steps("barajamos")[1], get_rules("barajamos")).check("1b")
        True
        """
        return answer in self.answers


def _loose_task(example: Example, rules: Rules, costliest: bool) -> Task:
    analysis = solve(example, rules).analysis
    loose = {card for arrangement in analysis.arrangements for card in arrangement.loose}
    if costliest:
        top = max(rules.points(card) for card in loose)
        loose = {card for card in loose if rules.points(card) == top}
    kind = TaskKind.COSTLIEST if costliest else TaskKind.LOOSE
    return Task(kind, rows=(analysis.hand,), answers=frozenset(c.code() for c in loose))


def _throw_task(example: Example, rules: Rules) -> Task:
    discards = solve(example, rules).discards
    assert discards is not None
    best = discards.rows[discards.best_index]
    same = frozenset(card.code() for card, row in zip(discards.hand, discards.rows, strict=True)
                     if (row.outcome, row.score, row.loose_points)
                     == (best.outcome, best.score, best.loose_points))
    return Task(TaskKind.THROW, rows=(discards.hand,), answers=same)


def _close_task(example: Example, rules: Rules) -> Task:
    analysis = solve(example, rules).analysis
    return Task(TaskKind.CLOSE, choices=("yes", "no"),
                answers=frozenset({"yes" if analysis.can_close else "no"}))


def _laid_off_task(example: LayoffExample, rules: Rules) -> Task:
    end = resolve(example.closer, example.opponents, rules)
    laid = {card for step in end.steps if step.action is Action.LAY_OFF for card in step.cards}
    return Task(TaskKind.LAID_OFF, rows=tuple(meld.cards for meld in end.table),
                answers=frozenset(card.code() for card in laid))


def task(step: Step, rules: Rules) -> Task:
    """The step's task, from its first hand when it has one (``rules``: the tour's profile).

    The deck step asks for the deck's size and the closing step whether the hand may close.
    Otherwise a hand after a draw asks for the throw; a hand with loose cards asks for one of
    them (the costliest on the points step); a hand with every card melded asks whether it
    may close. The lay-off step asks for a card laid off, the scoring step for the limit.

    >>> [task(s, get_rules("fournier")).kind.value for s in steps("fournier")]
    ['deck', 'loose', 'costliest', 'close', 'throw', 'close', 'laid_off', 'limit']
    """
    if step.id == "deck":
        return Task(TaskKind.DECK, choices=("40", "48"),
                    answers=frozenset({str(rules.deck.size)}))
    if step.examples:
        example = step.examples[0]
        ex_rules = example_rules(example, rules.id)
        if step.id == "close":
            return _close_task(example, ex_rules)
        if example.drawn is not None:
            return _throw_task(example, ex_rules)
        if solve(example, ex_rules).analysis.arrangement.loose:
            return _loose_task(example, ex_rules, costliest=step.id == "points")
        return _close_task(example, ex_rules)
    if step.layoffs:
        return _laid_off_task(step.layoffs[0], rules)
    limits = sorted({70, 100, rules.limit})
    return Task(TaskKind.LIMIT, choices=tuple(map(str, limits)),
                answers=frozenset({str(rules.limit)}))


# --- The page's screens: where the reader is, what each screen hides or says ------------------


def end_screen(tour_steps: Sequence[Step]) -> int:
    """The screen after the last step (screens count from 1): where to go next."""
    return len(tour_steps) + 1


def screen_within(screen: int, end: int) -> int:
    """``screen`` kept between the first step (1) and the end screen ``end``."""
    return min(max(screen, 1), end)


def read_step(raw: str, end: int) -> int | None:
    """The address's ``step``: a screen from 1 to ``end``, else None (the page names it).

    >>> read_step(" 3", 9), read_step("9", 9), read_step("10", 9), read_step("x", 9)
    (3, 9, None, None)
    """
    text = raw.strip()
    if text.isdigit() and 1 <= int(text) <= end:
        return int(text)
    return None


def key_screen(action: str, screen: int, end: int) -> int:
    """The screen a key press leads to: ``next``, ``back``, ``first``, ``last`` (the end).

    >>> [key_screen(a, 2, 9) for a in ("next", "back", "first", "last", "other")]
    [3, 1, 1, 9, 2]
    >>> key_screen("next", 9, 9), key_screen("back", 1, 9)
    (9, 1)
    """
    moves = {"next": screen + 1, "back": screen - 1, "first": 1, "last": end}
    return screen_within(moves.get(action, screen), end)


def ticks(tour_steps: Sequence[Step], done: Collection[str]) -> str:
    """A mark per step, in order: ✓ answered right, ○ not yet.

    >>> ticks(steps("fournier")[:3], {"melds"})
    '○ ✓ ○'
    """
    return " ".join("✓" if step.id in done else "○" for step in tour_steps)


def missed(tour_steps: Sequence[Step], done: Collection[str]) -> tuple[int, ...]:
    """The numbers of the steps not yet answered right (from 1).

    >>> missed(steps("fournier"), {"deck", "melds"})[:2]
    (3, 4)
    """
    return tuple(i for i, step in enumerate(tour_steps, 1) if step.id not in done)


def hides_first_example(step: Step, task_kind: TaskKind, answered: bool) -> bool:
    """Whether the hand asked about waits for the right answer: until then no hand is solved
    on the page; the lay-off step asks about the melds its hands end on, so it shows them."""
    return not answered and task_kind is not TaskKind.LAID_OFF and bool(step.examples)


class VerdictReason(StrEnum):
    """Why a hand may close or not, as the tour words it."""

    #: It may close (the verdict's kind then says how it scores).
    CAN_CLOSE = "can_close"
    #: It would close but for the first round (ludoteka).
    FIRST_ROUND = "first_round"
    #: It would close but for the player's total near the limit (ludoteka).
    OVER_LIMIT = "over_limit"
    CANNOT_CLOSE = "cannot_close"


def verdict_reason(analysis: HandAnalysis, example: Example) -> VerdictReason:
    """Whether ``analysis`` (of ``example``, in its context) may close, naming the game context
    when that is what forbids closing.

    >>> close = [s for s in steps("ludoteka") if s.id == "close"][0]
    >>> [verdict_reason(solve(ex, get_rules("ludoteka")).analysis, ex).value
    ...  for ex in close.examples]
    ['can_close', 'first_round', 'over_limit']
    """
    if analysis.can_close:
        return VerdictReason.CAN_CLOSE
    free = analyze(analysis.hand, analysis.rules)  # the same hand out of context
    if free.can_close and example.first_round:
        return VerdictReason.FIRST_ROUND
    if free.can_close and example.total is not None:
        return VerdictReason.OVER_LIMIT
    return VerdictReason.CANNOT_CLOSE


def swap_defaults(example: Example, choices: Sequence[Card]) -> tuple[Card, int]:
    """The "try it" boxes' first values: the example's first suggested swap (else its last
    card out, the first choice in): the card out, and the index of the card in ``choices``.

    >>> ex = steps("barajamos")[3].examples[0]
    >>> out, index = swap_defaults(ex, swap_choices(held(ex), get_rules("barajamos")))
    >>> out.code(), swap_choices(held(ex), get_rules("barajamos"))[index].code()
    ('4o', '12o')
    """
    out, into = example.swaps[0] if example.swaps else (held(example)[-1], None)
    return out, choices.index(into) if into in choices else 0


def change_note(change: Change) -> str | None:
    """What a swap changed, as the page says it: ``"points"`` (the loose points moved),
    ``"melds"`` (only the melds), ``"nothing"``, or None (only the verdict changed, which
    the verdict itself says)."""
    if change.points_delta:
        return "points"
    if not change.outcome_changed and not change.melds_changed:
        return "nothing"
    if change.melds_changed:
        return "melds"
    return None


def layoff_link_query(example: LayoffExample, rules_id: str, lang: str) -> str:
    """The Lay-off page's query that opens ``example``: every hand, codes joined by ``+``.

    >>> layoff_link_query(layoff_examples("fournier")[0], "fournier", "en")[:47]
    'lang=en&rules=fournier&closer=1c+2c+3c+6o+6e+6b'
    """
    query = urlencode({"lang": lang, "rules": rules_id,
                       "closer": hand_code(example.closer).replace(" ", "+")}, safe="+")
    return query + "".join("&opp=" + hand_code(hand).replace(" ", "+")
                           for hand in example.opponents)
