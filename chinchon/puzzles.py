"""Best-discard puzzles: the model, the exact criteria, packs on disk, and a generator.

A puzzle is a position and a question. ``discard``: eight cards held after drawing, which one
to throw. ``take``: seven cards held and the top of the discard pile, take it or draw from the
stock. The cards already seen (the discard pile) are known; every other card is unseen, and
each unseen card is equally likely to come from the stock.

The answer is never read from a file: :func:`solve` recomputes every option exactly.

Criteria (see DESIGN.md, "Puzzles"):

- ``fewest-points``: the best close outcome first (chinchón, a run with a joker, −10, a close
  with fewer points, no close), then the fewest loose points left. For ``take`` questions:
  the fewest loose points after this turn (expected, when drawing from the stock).
  A puzzle is valid when the best answer has a better close outcome than the second best, or
  leaves at least :data:`POINTS_MARGIN` points fewer.
- ``close-chance``: the greatest probability of being able to close after the next draw from
  the stock (then discarding optimally), ties broken by the expected loose points after it.
  Valid when the best beats the second best by at least :data:`CLOSE_CHANCE_MARGIN`. Only for
  ``discard`` questions where no discard closes at once (else closing is the question).

Equivalent moves are those with the same value on every measure of the criterion (the same
outcome and points; the same chance and expected points). They are one answer, all accepted.

>>> puzzle = Puzzle.parse('''
... id: demo-1
... rules: barajamos
... hand: 3c 4c 5c 7o 7e 9b 11b 2e
... question: discard
... criterion: fewest-points
... ''')
>>> solve(puzzle).answers
('11b',)
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from chinchon.engine.cards import Card, hand_code, parse_hand
from chinchon.engine.draws import best_of_eight, draw_odds, unseen_cards
from chinchon.engine.errors import quote
from chinchon.engine.melds import find_meld
from chinchon.engine.rules import PROFILE_IDS, Rules, get_rules
from chinchon.engine.solver import Outcome, analyze, discard_table, fewest_loose_points

CRITERIA = ("fewest-points", "close-chance")
QUESTIONS = ("discard", "take")
DIFFICULTIES = ("easy", "medium", "hard")
#: Every theme the generator tags, in the order pages list them.
THEMES = ("close-now", "minus-ten", "figure", "break-pair", "keep-run-open", "double-out",
          "take-or-draw")
TAKE, STOCK = "take", "stock"
#: Fewest-points margin: this many loose points fewer, unless the close outcome is better.
POINTS_MARGIN = 2
#: Close-chance margin: the best answer closes this much more often than the second best.
CLOSE_CHANCE_MARGIN = Fraction(1, 20)
#: Where the shipped packs live (the repository's ``puzzles/`` folder).
PACK_DIR = Path(__file__).resolve().parent.parent / "puzzles"

_OUTCOME_ORDER = (Outcome.CHINCHON, Outcome.CHINCHON_WITH_JOKER, Outcome.MINUS_TEN,
                  Outcome.POINTS, Outcome.CANNOT_CLOSE)
_KEYS = ("id", "rules", "options", "hand", "top", "seen", "question", "criterion", "themes",
         "difficulty", "answer")
_REQUIRED = ("id", "rules", "hand", "question", "criterion")
_ID_RE = re.compile(r"[a-z0-9][a-z0-9-]*")


class PuzzleError(ValueError):
    """A puzzle that cannot be read, or whose stored answer the solver does not confirm."""


# --- The model ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    """One position and its question; ``answer``, ``themes`` and ``difficulty`` are what the
    pack says (checked by :func:`verify`, never trusted)."""

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

    @property
    def rules(self) -> Rules:
        return _rules(self.rules_id, self.options)

    @staticmethod
    def parse(text: str) -> Puzzle:
        """Read one block of ``key: value`` lines (see :func:`code`)."""
        return _parse_block(text.strip("\n").splitlines(), "<text>", 1)

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

    def to_json(self) -> dict[str, Any]:
        """The ``puzzles export`` object; ``answers`` are recomputed by the solver."""
        solution = solve(self)
        data: dict[str, Any] = {
            "id": self.id, "rules": self.rules_id, "options": dict(self.options),
            "hand": [c.code() for c in self.hand], "seen": [c.code() for c in self.seen],
            "question": self.question, "criterion": self.criterion,
            "answers": list(solution.answers), "themes": list(self.themes),
            "difficulty": self.difficulty,
        }
        if self.top is not None:
            data["top"] = self.top.code()
        return data


@cache
def _rules(rules_id: str, options: tuple[tuple[str, int], ...]) -> Rules:
    return get_rules(rules_id, **dict(options))


def _parse_block(lines: Sequence[str], source: str, first_line: int) -> Puzzle:
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
        raise PuzzleError(f"unknown rule profile {puzzle.rules_id!r}")
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
    unseen_cards(rules, puzzle.hand, _visible(puzzle))


def _visible(puzzle: Puzzle) -> tuple[Card, ...]:
    """The seen cards, the top of the pile included."""
    return puzzle.seen + ((puzzle.top,) if puzzle.top is not None else ())


# --- Solving -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One move and what it leads to. ``move`` is a card code (discard) or ``take``/``stock``.

    ``loose_points`` is exact for a discard or a take, the expectation for a stock draw.
    ``close_chance`` and ``expected_points`` look one stock draw ahead for a discard; for the
    take question they describe this turn (the top card is known, the stock card is not).
    """

    move: str
    kept: tuple[Card, ...]
    loose_points: Fraction
    outcome: Outcome
    score: int | None
    close_chance: Fraction
    expected_points: Fraction

    def key(self, criterion: str) -> tuple[Any, ...]:
        """Smaller is better; equal keys are equivalent moves."""
        if criterion == "close-chance":
            return (-self.close_chance, self.expected_points)
        tier = _OUTCOME_ORDER.index(self.outcome)
        points = self.score if self.outcome is Outcome.POINTS and self.score is not None else (
            self.loose_points)
        return (tier, points)


@dataclass(frozen=True)
class Solution:
    """Every option of a puzzle, the accepted answers, and how clearly they win."""

    puzzle: Puzzle
    options: tuple[Option, ...]
    #: Every accepted move (the best, and every move equivalent to it), in hand order.
    answers: tuple[str, ...]
    #: The second-best moves (the best of the rest), empty when every move is equivalent.
    runners_up: tuple[str, ...]
    #: How many cards may come from the stock (copies counted).
    unseen: int = 0

    def option(self, move: str) -> Option:
        for option in self.options:
            if option.move == move:
                return option
        raise PuzzleError(f"{move!r} is not a move of puzzle {self.puzzle.id!r}: choose among "
                          f"{', '.join(o.move for o in self.options)}")

    def is_correct(self, move: str) -> bool:
        self.option(move)
        return move in self.answers

    @property
    def best(self) -> Option:
        return self.option(self.answers[0])

    @property
    def second(self) -> Option | None:
        return self.option(self.runners_up[0]) if self.runners_up else None

    @property
    def margin(self) -> Fraction | None:
        """How much the best beats the second: a probability or a number of loose points."""
        second = self.second
        if second is None:
            return None
        if self.puzzle.criterion == "close-chance":
            return self.best.close_chance - second.close_chance
        return _points(second) - _points(self.best)

    @property
    def better_outcome(self) -> bool:
        """The best answer closes better than the second best (a clear win on its own)."""
        second = self.second
        return second is not None and (_OUTCOME_ORDER.index(self.best.outcome)
                                       < _OUTCOME_ORDER.index(second.outcome))

    def problem(self) -> str | None:
        """Why this is not a valid puzzle, or None."""
        criterion = self.puzzle.criterion
        margin = self.margin
        if margin is None:
            return "every move is equally good"
        if criterion == "close-chance":
            if any(o.outcome is not Outcome.CANNOT_CLOSE for o in self.options):
                return "a discard closes at once: the question is not the close chance"
            if margin < CLOSE_CHANCE_MARGIN:
                return (f"the best closes only {_percent(margin)} more often than the second "
                        f"best (at least {_percent(CLOSE_CHANCE_MARGIN)} needed)")
            return None
        if not self.better_outcome and margin < POINTS_MARGIN:
            return (f"the best leaves only {float(margin):.2f} points fewer than the second best "
                    f"(at least {POINTS_MARGIN} needed, or a better close)")
        return None


def _points(option: Option) -> Fraction:
    return option.loose_points


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:.1f}%"


def solve(puzzle: Puzzle) -> Solution:
    """Compute every option exactly and group the equivalent ones."""
    return _solve(puzzle)


@cache
def _solve(puzzle: Puzzle) -> Solution:
    rules = puzzle.rules
    unseen = unseen_cards(rules, puzzle.hand, _visible(puzzle))
    if puzzle.question == "take":
        options = _take_options(puzzle, rules, unseen)
    else:
        options = _discard_options(puzzle.hand, rules, unseen)
    keys = [option.key(puzzle.criterion) for option in options]
    ranked = sorted(set(keys))
    answers = tuple(o.move for o, k in zip(options, keys, strict=True) if k == ranked[0])
    runners = tuple(o.move for o, k in zip(options, keys, strict=True)
                    if len(ranked) > 1 and k == ranked[1])
    return Solution(puzzle, options, _unique(answers), _unique(runners), sum(unseen.values()))


def _unique(moves: Iterable[str]) -> tuple[str, ...]:
    """Two copies of one card are one move."""
    return tuple(dict.fromkeys(moves))


def _discard_options(hand: tuple[Card, ...], rules: Rules, unseen: Counter[Card]
                     ) -> tuple[Option, ...]:
    table = discard_table(hand, rules)
    options = []
    for i, row in enumerate(table.rows):
        odds = draw_odds(row.hand, unseen, rules)
        options.append(Option(hand[i].code(), row.hand, Fraction(row.loose_points), row.outcome,
                              row.score, odds.close_chance, odds.expected_points))
    return tuple(options)


def _take_options(puzzle: Puzzle, rules: Rules, unseen: Counter[Card]) -> tuple[Option, ...]:
    assert puzzle.top is not None
    taken = discard_table((*puzzle.hand, puzzle.top), rules)
    row = taken.rows[taken.best_index]
    take = Option(TAKE, row.hand, Fraction(row.loose_points), row.outcome, row.score,
                  Fraction(int(row.can_close)), Fraction(row.loose_points))
    odds = draw_odds(puzzle.hand, unseen, rules)
    stock = Option(STOCK, puzzle.hand, odds.expected_points, Outcome.CANNOT_CLOSE, None,
                   odds.close_chance, odds.expected_points)
    return (take, stock)


# --- Checking a puzzle: answer, margin, themes, difficulty ----------------------------------------


def verify(puzzle: Puzzle) -> list[str]:
    """Every disagreement between the pack and the solver (empty when the puzzle is sound)."""
    solution = solve(puzzle)
    problems = []
    why = solution.problem()
    if why:
        problems.append(f"not a valid puzzle: {why}")
    if set(puzzle.answer) != set(solution.answers):
        problems.append(f"the pack says {' '.join(puzzle.answer) or 'nothing'}, the solver "
                        f"accepts {' '.join(solution.answers)}")
    if why is None:
        themes = themes_of(solution)
        if set(puzzle.themes) != set(themes):
            problems.append(f"themes {', '.join(puzzle.themes) or '-'} should be "
                            f"{', '.join(themes) or '-'}")
        level = difficulty_of(solution)
        if puzzle.difficulty != level:
            problems.append(f"difficulty {puzzle.difficulty or '-'} should be {level}")
    return problems


def naive_moves(puzzle: Puzzle) -> tuple[str, ...]:
    """What a naive player might do: throw the highest card that is in no meld of the hand (any
    of them on a tie); for a take question, take the top card only when it makes a meld."""
    rules = puzzle.rules
    if puzzle.question == "take":
        assert puzzle.top is not None
        return (TAKE,) if _in_meld(puzzle.top, (*puzzle.hand, puzzle.top), rules) else (STOCK,)
    free = [c for c in puzzle.hand if not _in_meld(c, puzzle.hand, rules)] or list(puzzle.hand)
    high = max(rules.points(c) for c in free)
    return _unique(c.code() for c in free if rules.points(c) == high)


def _in_meld(card: Card, hand: Sequence[Card], rules: Rules) -> bool:
    """Whether ``card`` belongs to some three-card meld among ``hand``."""
    others = list(hand)
    others.remove(card)
    return any(find_meld((card, a, b), rules) is not None
               for i, a in enumerate(others) for b in others[i + 1:])


def naive_is_right(solution: Solution) -> bool:
    return set(naive_moves(solution.puzzle)) <= set(solution.answers)


def difficulty_of(solution: Solution) -> str:
    """``easy``, ``medium`` or ``hard``: a point for a naive player's mistake, one for a thin
    margin (under 4 points, or under 0.15 of probability, with no better close)."""
    level = 0 if naive_is_right(solution) else 1
    margin = solution.margin or Fraction(0)
    if solution.puzzle.criterion == "close-chance":
        level += margin < Fraction(15, 100)
    else:
        level += not solution.better_outcome and margin < 4
    return DIFFICULTIES[level]


def themes_of(solution: Solution) -> tuple[str, ...]:
    """The lessons a solved puzzle teaches, computed from the position and the solution:

    - ``close-now``: the best move closes and some other move does not;
    - ``minus-ten``: the best move melds all seven (−10 or a chinchón);
    - ``figure``: the card to throw is a sota, caballo or rey;
    - ``break-pair``: the card to throw has a twin number in the hand;
    - ``keep-run-open``: the naive card is wrong and sits next to (or one from) a card of its
      suit: throwing it would close a run in the making;
    - ``double-out``: an unseen card would make both a group and a run with the cards kept,
      and lower their points;
    - ``take-or-draw``: the question is whether to take the top of the pile.
    """
    puzzle = solution.puzzle
    rules = puzzle.rules
    best = solution.best
    found: set[str] = set()
    if puzzle.question == "take":
        found.add("take-or-draw")
    if best.outcome is not Outcome.CANNOT_CLOSE and any(
            o.outcome is Outcome.CANNOT_CLOSE for o in solution.options):
        found.add("close-now")
    if best.outcome in (Outcome.MINUS_TEN, Outcome.CHINCHON, Outcome.CHINCHON_WITH_JOKER):
        found.add("minus-ten")
    if puzzle.question == "discard":
        card = Card.parse(best.move)
        others = [c for c in puzzle.hand if c != card]
        if card.is_figure:
            found.add("figure")
        if any(c.rank == card.rank for c in others):
            found.add("break-pair")
        naive = [Card.parse(m) for m in naive_moves(puzzle)]
        if any(m.code() not in solution.answers and _connected(m, puzzle.hand, rules)
               for m in naive):
            found.add("keep-run-open")
    unseen = unseen_cards(rules, puzzle.hand, _visible(puzzle))
    if any(_double_out(best.kept, card, rules) for card in unseen):
        found.add("double-out")
    return tuple(theme for theme in THEMES if theme in found)


def _connected(card: Card, hand: Sequence[Card], rules: Rules) -> bool:
    """``card`` has a neighbour (or a card one step away) of its suit: a run in the making."""
    ranks = rules.deck.ranks
    if card.is_joker:
        return False
    at = ranks.index(card.rank)
    return any(c.suit == card.suit and c != card and not c.is_joker
               and 0 < abs(ranks.index(c.rank) - at) <= 2 for c in hand)


def _double_out(kept: Sequence[Card], card: Card, rules: Rules) -> bool:
    """``card`` would complete both a group and a run from two loose-ish cards of ``kept``."""
    if card.is_joker:
        return False
    pairs = [(a, b) for i, a in enumerate(kept) for b in kept[i + 1:]]
    makes = [find_meld((card, a, b), rules) for a, b in pairs]
    kinds = {m.kind for m in makes if m is not None}
    if len(kinds) < 2:
        return False
    # Only a real gain: drawing it must lower the points the hand can keep.
    return best_of_eight((*kept, card), rules)[0] < fewest_loose_points(kept, rules)


# --- What a page needs: judging, hints, the explanation -----------------------------------------


def should_close(solution: Solution) -> bool:
    """Whether the best move closes (the player must say so, in a discard question)."""
    return solution.puzzle.question == "discard" and (
        solution.best.outcome is not Outcome.CANNOT_CLOSE)


def judge(solution: Solution, move: str, close: bool = False) -> str:
    """``right``, ``wrong``, or ``close`` (the right card, but closing or not closing wrongly).

    For a take question ``close`` is ignored: the decision is only where to draw from.
    """
    if not solution.is_correct(move):
        return "wrong"
    if solution.puzzle.question == "discard" and close != should_close(solution):
        return "close"
    return "right"


def hint_moves(solution: Solution) -> tuple[str, ...]:
    """Two moves, one of them right: the best and the most tempting wrong one (in hand order)."""
    wrong = [m for m in (*naive_moves(solution.puzzle), *solution.runners_up)
             if m not in solution.answers]
    if not wrong:
        wrong = [o.move for o in solution.options if o.move not in solution.answers]
    pair = {solution.answers[0], wrong[0]}
    return tuple(o for o in _unique(o.move for o in solution.options) if o in pair)


def why(solution: Solution) -> tuple[str, dict[str, Any]]:
    """Why the best beats the second best: a message key (under ``puzzles.why.``) and its
    values (moves as codes, probabilities and points as numbers, outcomes as their names)."""
    best, second = solution.best, solution.second
    assert second is not None, "a valid puzzle has a second best"
    values: dict[str, Any] = {"best": best.move, "second": second.move,
                              "best_outcome": best.outcome.value, "best_score": best.score,
                              "second_outcome": second.outcome.value,
                              "second_score": second.score,
                              "best_points": best.loose_points,
                              "second_points": second.loose_points, "unseen": solution.unseen,
                              "best_chance": best.close_chance,
                              "second_chance": second.close_chance,
                              "best_count": best.close_chance * solution.unseen,
                              "second_count": second.close_chance * solution.unseen}
    puzzle = solution.puzzle
    if puzzle.question == "take":
        assert puzzle.top is not None
        values["top"] = puzzle.top.code()
        take, stock = solution.option(TAKE), solution.option(STOCK)
        values.update(take_points=take.loose_points, stock_points=stock.loose_points,
                      stock_chance=stock.close_chance)
        if take.outcome is not Outcome.CANNOT_CLOSE:
            return "take_close", values
        return ("take_points" if best.move == TAKE else "stock_points"), values
    if puzzle.criterion == "close-chance":
        return "chance", values
    if solution.better_outcome:
        return ("close" if second.outcome is Outcome.CANNOT_CLOSE else "better_close"), values
    return "points", values


def pool(rules_id: str, theme: str | None = None, difficulty: str | None = None
         ) -> list[Puzzle]:
    """The shipped puzzles of a profile, by id, keeping a theme and a difficulty if given."""
    return sorted((p for p in shipped().values() if p.rules_id == rules_id
                   and (theme is None or theme in p.themes)
                   and (difficulty is None or p.difficulty == difficulty)),
                  key=lambda p: p.id)


def next_puzzle(puzzles: Sequence[Puzzle], current: str | None, rng: random.Random
                ) -> Puzzle | None:
    """A random puzzle of ``puzzles`` other than ``current`` (None when there is none)."""
    others = [p for p in puzzles if p.id != current] or list(puzzles)
    return rng.choice(others) if others else None


# --- Packs ------------------------------------------------------------------------------------


def read_pack(text: str, source: str = "<text>", problems: list[str] | None = None
              ) -> tuple[Puzzle, ...]:
    """Read every block (blank-line separated) of a pack; nothing is solved here.

    A malformed block raises :class:`PuzzleError`, or, given a ``problems`` list, is noted
    there and the reading goes on with the next block."""
    puzzles: list[Puzzle] = []
    block: list[str] = []
    start = 1
    for number, line in enumerate([*text.splitlines(), ""], start=1):
        if line.strip().startswith("#") and not block:
            continue  # a comment before a block: the block starts at its first key
        if line.strip():
            if not block:
                start = number
            block.append(line)
            continue
        if block:
            try:
                puzzles.append(_parse_block(block, source, start))
            except PuzzleError as error:
                if problems is None:
                    raise
                problems.append(str(error))
        block = []
    return tuple(puzzles)


def read_pack_file(path: str | Path) -> str:
    """A pack file's text; :class:`PuzzleError` naming the file (and the line of a byte that
    is not UTF-8) when it cannot be read."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise PuzzleError(f"cannot read puzzle pack {quote(str(path))}: {error.strerror}"
                          ) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise PuzzleError(f"{path}:{line}: the pack is not UTF-8 text (byte "
                          f"0x{data[error.start]:02x})") from None


def load_pack(path: str | Path, check: bool = True, problems: list[str] | None = None
              ) -> tuple[Puzzle, ...]:
    """Read a pack file; with ``check``, re-solve every puzzle and raise :class:`PuzzleError`
    (naming the file and line) at the first one the solver does not confirm. ``problems``
    collects malformed blocks instead of raising (see :func:`read_pack`)."""
    path = Path(path)
    puzzles = read_pack(read_pack_file(path), str(path), problems)
    if check:
        for puzzle in puzzles:
            problems = verify(puzzle)
            if problems:
                raise PuzzleError(f"{path}:{puzzle.line}: puzzle {puzzle.id!r}: {problems[0]}")
    return puzzles


@dataclass(frozen=True)
class CheckReport:
    """What ``puzzles check`` found: counts per pack and every problem, file and line first."""

    counts: tuple[tuple[str, Counter[str]], ...]
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        lines = []
        total = 0
        for name, counts in self.counts:
            total += counts["puzzles"]
            detail = ", ".join(f"{key} {counts[key]}" for key in (*CRITERIA, "take",
                                                                  *DIFFICULTIES) if counts[key])
            lines.append(f"{name}: {counts['puzzles']} puzzles ({detail})")
        lines += self.problems
        verdict = "ok" if self.ok else f"{len(self.problems)} problem(s)"
        lines.append(f"{total} puzzles in {len(self.counts)} packs checked: {verdict}")
        return "\n".join(lines)


def check_packs(paths: Iterable[Path]) -> CheckReport:
    """Re-solve every puzzle of ``paths``; collect every problem instead of stopping."""
    counts: list[tuple[str, Counter[str]]] = []
    problems: list[str] = []
    where: dict[str, str] = {}
    for path in paths:
        tally: Counter[str] = Counter()
        counts.append((str(path), tally))
        try:
            puzzles = load_pack(path, check=False, problems=problems)
        except PuzzleError as error:  # the file itself: unreadable, not UTF-8
            problems.append(str(error))
            continue
        for puzzle in puzzles:
            here = f"{path}:{puzzle.line}"
            tally.update(["puzzles", "take" if puzzle.question == "take" else puzzle.criterion,
                          puzzle.difficulty])
            if puzzle.id in where:
                problems.append(f"{here}: puzzle id {puzzle.id!r} is also used in "
                                f"{where[puzzle.id]}")
            where[puzzle.id] = here
            try:
                found = verify(puzzle)
            except ValueError as error:  # a position the solver refuses: a problem like others
                found = [str(error)]
            problems += [f"{here}: puzzle {puzzle.id!r}: {text}" for text in found]
    return CheckReport(tuple(counts), tuple(problems))


def pack_paths(directory: str | Path | None = None) -> tuple[Path, ...]:
    return tuple(sorted(Path(directory or PACK_DIR).glob("*.txt")))


def load_all(directory: str | Path | None = None, check: bool = True) -> tuple[Puzzle, ...]:
    """Every puzzle of every pack (``*.txt``), ids unique across packs."""
    puzzles: list[Puzzle] = []
    where: dict[str, str] = {}
    for path in pack_paths(directory):
        for puzzle in load_pack(path, check):
            if puzzle.id in where:
                raise PuzzleError(f"{path}:{puzzle.line}: puzzle id {puzzle.id!r} is also used "
                                  f"in {where[puzzle.id]}")
            where[puzzle.id] = f"{path}:{puzzle.line}"
            puzzles.append(puzzle)
    return tuple(puzzles)


@cache
def shipped() -> dict[str, Puzzle]:
    """The shipped puzzles by id (read, not re-solved: pages solve the one they show)."""
    return {puzzle.id: puzzle for puzzle in load_all(check=False)}


def find_puzzle(puzzle_id: str) -> Puzzle:
    """A shipped puzzle by id; :class:`PuzzleError` for an unknown id."""
    found = shipped().get(puzzle_id.strip())
    if found is None:
        raise PuzzleError(f"no puzzle with id {puzzle_id!r}")
    return found


def daily_puzzle(day: Any, puzzles: Sequence[Puzzle] | None = None) -> Puzzle:
    """The puzzle of a date (a ``datetime.date``): the same for everyone that day."""
    pool = sorted(puzzles if puzzles is not None else shipped().values(), key=lambda p: p.id)
    index = random.Random(f"chinchon-daily-{day.isoformat()}").randrange(len(pool))
    return pool[index]


def export_lines(puzzles: Iterable[Puzzle]) -> Iterator[str]:
    for puzzle in puzzles:
        yield json.dumps(puzzle.to_json(), ensure_ascii=False)


# --- Generation ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Position:
    hand: tuple[Card, ...]
    top: Card
    seen: tuple[Card, ...]
    drawn: Card | None


def _bot_discard(hand: tuple[Card, ...], rules: Rules, rng: random.Random) -> int:
    """The discard leaving the fewest loose points (a random one on a tie)."""
    values = [fewest_loose_points(hand[:i] + hand[i + 1:], rules) for i in range(len(hand))]
    low = min(values)
    return rng.choice([i for i, v in enumerate(values) if v == low])


def play_positions(rules: Rules, rng: random.Random, players: int) -> Iterator[_Position]:
    """Deal one hand and let a fair bot play every seat; yield each position before a draw
    (the hand and the pile) and after it (eight cards). The hand ends at the first close."""
    stock = list(rules.deck.cards())
    rng.shuffle(stock)
    hands = [stock[i * 7:(i + 1) * 7] for i in range(players)]
    del stock[:players * 7]
    pile = [stock.pop()]
    for turn in range(200):
        seat = turn % players
        hand = tuple(hands[seat])
        if not stock:
            top = pile.pop()
            stock = pile
            rng.shuffle(stock)
            pile = [top]
        top = pile[-1]
        yield _Position(hand, top, tuple(pile[:-1]), None)
        current = fewest_loose_points(hand, rules)
        with_top = (*hand, top)
        keep_top = min(fewest_loose_points(with_top[:i] + with_top[i + 1:], rules)
                       for i in range(7))
        took = keep_top < current
        drawn = pile.pop() if took else stock.pop()
        eight = (*hand, drawn)
        if not took:
            yield _Position(eight, top, tuple(pile[:-1]), drawn)
        out = _bot_discard(eight, rules, rng)
        kept = eight[:out] + eight[out + 1:]
        hands[seat] = list(kept)
        pile.append(eight[out])
        if turn >= players and analyze(kept, rules).can_close:
            return


def _candidates(position: _Position, rules_id: str, options: tuple[tuple[str, int], ...]
                ) -> Iterator[Puzzle]:
    if position.drawn is None:
        yield Puzzle("x", rules_id, position.hand, "take", "fewest-points", options,
                     position.top, position.seen)
        return
    seen = (*position.seen, position.top)
    for criterion in CRITERIA:
        yield Puzzle("x", rules_id, position.hand, "discard", criterion, options, None, seen)


def trivial(solution: Solution) -> bool:
    """Too easy to teach anything: a forced close (every discard but one closes), or a naive
    player is right and the answer is a loose figure (for a take question: and no close)."""
    puzzle = solution.puzzle
    if not naive_is_right(solution):
        return False
    if puzzle.question == "take":  # useless top card, or the card that obviously melds
        return solution.best.outcome is Outcome.CANNOT_CLOSE
    closing = sum(o.outcome is not Outcome.CANNOT_CLOSE for o in solution.options)
    if closing >= len(solution.options) - 1:
        return True
    return any(Card.parse(move).is_figure for move in solution.answers)


def generate(rules: Rules, count: int, seed: int = 0, *, prefix: str | None = None,
             take_share: float = 0.12) -> list[Puzzle]:
    """``count`` valid, non-trivial puzzles from bot games, half per criterion (about
    ``take_share`` of them take questions), the same for the same seed."""
    rng = random.Random(f"{rules!r}-{seed}")
    options = tuple(sorted(rules.options.items()))
    prefix = prefix or "-".join([rules.id, *(f"{k}{v}" for k, v in options)])
    low, high = rules.players
    if rules.deck.copies == 2 and rules.two_decks_from:
        low = rules.two_decks_from
    wanted_take = round(count * take_share)
    wanted = {"take": wanted_take,
              "close-chance": (count - wanted_take) // 2,
              "fewest-points": count - wanted_take - (count - wanted_take) // 2}
    found: list[Puzzle] = []
    hands_seen: set[tuple[str, ...]] = set()
    games = 0
    while len(found) < count:
        games += 1
        if games > 200 * count + 1000:
            raise PuzzleError(f"found only {len(found)} puzzles for {rules!r}; ask for fewer")
        players = rng.randint(low, max(low, min(high, 4)))
        positions = list(play_positions(rules, rng, players))
        rng.shuffle(positions)
        for position in positions[:6]:
            for candidate in _candidates(position, rules.id, options):
                kind = "take" if candidate.question == "take" else candidate.criterion
                signature = (candidate.question, *sorted(c.code() for c in candidate.hand))
                if wanted[kind] <= 0 or signature in hands_seen:
                    continue
                solution = solve(candidate)
                if solution.problem() is not None or trivial(solution):
                    continue
                hands_seen.add(signature)
                wanted[kind] -= 1
                found.append(replace(candidate, themes=themes_of(solution),
                                     difficulty=difficulty_of(solution),
                                     answer=solution.answers))
                break
    found.sort(key=lambda p: (p.question == "take", p.criterion, [c.code() for c in p.hand]))
    rng.shuffle(found)
    return [replace(p, id=f"{prefix}-{n:03d}") for n, p in enumerate(found, start=1)]


def pack_text(puzzles: Sequence[Puzzle], header: str = "") -> str:
    """A pack file: an optional ``#`` header, then one block per puzzle."""
    lines = [f"# {line}" if line else "#" for line in header.splitlines()]
    blocks = ["\n".join(lines)] if lines else []
    blocks += [puzzle.code() for puzzle in puzzles]
    return "\n\n".join(blocks) + "\n"


__all__ = [
    "CLOSE_CHANCE_MARGIN", "CRITERIA", "DIFFICULTIES", "PACK_DIR", "POINTS_MARGIN", "QUESTIONS",
    "STOCK", "TAKE", "THEMES", "CheckReport", "Option", "Puzzle", "PuzzleError", "Solution",
    "check_packs", "check_puzzle", "daily_puzzle", "difficulty_of", "export_lines",
    "find_puzzle", "generate", "hint_moves", "judge", "load_all", "load_pack", "naive_moves",
    "next_puzzle", "pack_paths", "pack_text", "play_positions", "pool", "read_pack",
    "shipped", "should_close", "solve", "themes_of", "trivial", "verify", "why",
]
