"""The Play page's model: a whole game against bots, seen from your seat, kept in the URL.

No Streamlit here. A game is its :class:`Setup` (the rules, the bots' levels, the seed) and
its moves; :func:`load` rebuilds it from the URL's values and names what is wrong with a bad
one (:class:`SetupError`). The moves are written densely (:func:`encode`): each move is its
index among the legal actions of its state, in half a byte (a whole byte when a state has more
than 15 legal actions), then base64url, so a whole game's address stays far under 8 KB. A close
that shows another arrangement than ours is the escape (15, or 255 in a byte) before its pick
and the index of the arrangement among the closing choices in a nibble after it.

You sit at seat :data:`HUMAN`; each bot decides from its own view (``seat_view.view``) only.
The coach's grade of one move (``position``, ``grade_action``, ``hint``) is
:mod:`chinchon.views.seat_coach`.

>>> game = new_game(parse_setup("fournier", {}, "greedy", "7"))
>>> game.state.phase.value, game.code()
('draw', '')
>>> again = load(parse_setup("fournier", {}, "greedy", "7"), game.play_bots().code())
>>> again.code() == game.play_bots().code()
True
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from chinchon.engine.cards import Card
from chinchon.engine.rules import OPTION_NAMES, CloseRule, Rules, get_rules
from chinchon.engine.solver import Arrangement, analyze
from chinchon.game import state as engine
from chinchon.game.actions import STOCK, Action, Discard, Return
from chinchon.game.closing import choice_in, choices_in
from chinchon.game.players import BOT_NAMES, make_bot
from chinchon.game.seat_view import view
from chinchon.game.state import GameState, Phase, Turn, legal_actions
from chinchon.views import coach
from chinchon.views.seat_coach import HUMAN, grade_action

#: The URL's most opponents (the profiles allow at most 5 others).
MAX_OPPONENTS = 5
#: Seconds between two bots' turns, by the pace the page offers (0: at once).
PACES: Mapping[str, float] = {"slow": 1.6, "normal": 0.9, "fast": 0.35, "instant": 0.0}
#: The largest seed a URL may give.
MAX_SEED = 2**31 - 1
#: The name of your seat in the game (the page shows a translated "you").
YOU = "you"


class SetupError(ValueError):
    """A URL or a setup that does not describe a legal game. ``field`` names the URL value
    (``seats``, ``seed``, ``moves``); ``kind`` and ``values`` let a page word it (the keys of
    :data:`PROBLEMS`), the bad text quoted as given."""

    def __init__(self, message: str, field: str, kind: str, **values: object) -> None:
        super().__init__(message)
        self.field = field
        self.kind = kind
        self.values = values


#: Every :attr:`SetupError.kind`, with the values its message quotes.
PROBLEMS: Mapping[str, tuple[str, ...]] = {
    "no_bots": (), "unknown_bot": ("value",), "players": ("low", "high", "count"),
    "rules": ("value",), "seed": ("value",), "moves_text": ("value",), "over": ("number",),
    "short": ("number", "hand"), "pick": ("number", "hand", "pick", "size"),
    "choice": ("number", "hand", "pick", "size"),
}


# --- The setup --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """Who plays, under which rules, from which deal: you at seat 0, then one bot per level."""

    rules: Rules
    bots: tuple[str, ...]
    seed: int

    @property
    def names(self) -> tuple[str, ...]:
        return (YOU, *self.bots)

    def query(self) -> dict[str, str]:
        """The URL values of the setup (the options only when not the default)."""
        # House rules travel as their code (the profile id plus +key=value changes).
        rules = self.rules.id if self.rules.profile_options() is not None else self.rules.code()
        values = {"rules": rules, "seats": ",".join(self.bots), "seed": str(self.seed)}
        values.update({k: str(v) for k, v in self.rules.options.items()
                       if k in OPTION_NAMES})
        return values

    @property
    def check(self) -> str:
        """The address's ``check``: a digest of the deal (rules, seats, seed), so that moves
        opened on another deal (a seed changed by hand) are named, not replayed on it.

        >>> parse_setup("fournier", {}, "greedy", "7").check == parse_setup(
        ...     "fournier", {}, "greedy", "8").check
        False
        """
        text = "&".join(f"{k}={v}" for k, v in sorted(self.query().items()))
        return hashlib.blake2s(text.encode(), digest_size=5).hexdigest()

    def check_moves(self, check: str | None, moves: str) -> None:
        """:class:`SetupError` (``seed``, ``mismatch``; the Play page words it as
        ``played.mismatch``) when the address's ``check`` says its moves were made on another
        deal; an address without moves or without ``check`` (an older link) passes."""
        if check is None or not moves.strip() or check.strip() == self.check:
            return
        raise SetupError(f"these moves were made on another deal than seed {self.seed} "
                         f"(check {check[:20]!r} is not {self.check!r})", "seed", "mismatch",
                         value=str(self.seed))


def parse_setup(rules_id: str, options: Mapping[str, int], seats: str, seed: str) -> Setup:
    """Read the URL's ``seats`` (bot levels, comma separated) and ``seed`` for a profile.

    >>> parse_setup("barajamos", {}, "greedy,expert", "12").bots
    ('greedy', 'expert')
    >>> parse_setup("fournier", {}, "greedy,greedy,greedy,greedy", "1")
    Traceback (most recent call last):
    ...
    chinchon.views.play.SetupError: Fournier is for 2 to 4 players: 4 bots and you are 5
    """
    levels = tuple(level.strip().lower() for level in seats.split(",") if level.strip())
    if not levels:
        raise SetupError("seats names at least one bot (random, greedy, expert or master)", "seats",
                         "no_bots")
    for level in levels:
        if level not in BOT_NAMES:
            raise SetupError(f"unknown bot {level[:20]!r} in seats: choose among "
                             f"{', '.join(BOT_NAMES)}", "seats", "unknown_bot",
                             value=level[:20])
    profile = get_rules(rules_id, **options)
    low, high = profile.players
    if not low <= len(levels) + 1 <= min(high, MAX_OPPONENTS + 1):
        raise SetupError(f"{profile.name} is for {low} to {high} players: {len(levels)} bots "
                         f"and you are {len(levels) + 1}", "seats", "players", low=low,
                         high=min(high, MAX_OPPONENTS + 1), count=len(levels) + 1)
    text = seed.strip()
    if not text.isdigit() or int(text) > MAX_SEED:
        raise SetupError(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed[:20]!r}",
                         "seed", "seed", value=seed[:20])
    try:
        rules = get_rules(rules_id, players=len(levels) + 1, **options)
    except ValueError as error:
        raise SetupError(str(error), "seats", "rules", value=str(error)) from None
    return Setup(rules, levels, int(text))


# --- The moves, densely ----------------------------------------------------------------------------

_PAD = 0xF


def encode(picks: Sequence[int], sizes: Sequence[int], choices: Sequence[int] = ()) -> str:
    """Each pick (an index among ``sizes[i]`` legal actions) in a nibble, two when a state has
    more than 15; an odd count ends with the nibble 15 (never a one-nibble pick). A close that
    shows arrangement ``choices[i]`` (not 0, ours) is the escape (15, or 15 15 in a byte state:
    never a pick), the pick, then the choice in a nibble.

    >>> encode([0, 1, 3], [2, 2, 16])
    'AQM'
    >>> encode([1], [2])
    'Hw'
    >>> encode([0, 1], [2, 9], [0, 2])
    'DxI'
    """
    nibbles: list[int] = []
    choices = list(choices) or [0] * len(picks)
    for pick, size, choice in zip(picks, sizes, choices, strict=True):
        wide = size > 15
        if choice:
            nibbles += [_PAD, _PAD] if wide else [_PAD]
        if wide:
            nibbles += [pick >> 4, pick & 0xF]
        else:
            nibbles.append(pick)
        if choice:
            nibbles.append(choice)
    if len(nibbles) % 2:
        nibbles.append(_PAD)
    data = bytes((nibbles[i] << 4) | nibbles[i + 1] for i in range(0, len(nibbles), 2))
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _nibbles(code: str) -> list[int]:
    text = code.strip()
    if any(ch not in _B64 for ch in text) or len(text) % 4 == 1:
        raise SetupError(f"the moves are not base64url text: {text[:24]!r}", "moves",
                         "moves_text", value=text[:24])
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise SetupError(f"the moves are not base64url text: {text[:24]!r}", "moves",
                         "moves_text", value=text[:24]) from None
    return [half for byte in data for half in (byte >> 4, byte & 0xF)]


_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


# --- The game -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """A game and its history: ``states[0]`` is the deal, ``states[i + 1]`` follows
    ``actions[i]``, which was pick ``picks[i]`` of ``legal_actions(states[i])`` (a close that
    shows another arrangement: the close's pick, and ``choices[i]`` its index among the
    closing choices; 0 for ours and every other action)."""

    setup: Setup
    states: tuple[GameState, ...]
    actions: tuple[Action, ...]
    picks: tuple[int, ...]
    sizes: tuple[int, ...]
    choices: tuple[int, ...] = ()

    @property
    def state(self) -> GameState:
        return self.states[-1]

    def code(self) -> str:
        """The URL's ``moves`` value."""
        return encode(self.picks, self.sizes, self.choices)

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.OVER

    @property
    def your_turn(self) -> bool:
        return not self.over and self.state.turn == HUMAN

    @property
    def bot_to_move(self) -> bool:
        return not self.over and self.state.turn != HUMAN

    def play(self, action: Action) -> Game:
        """The game after ``action``; ``IllegalActionError`` (a ValueError) naming the move."""
        state = self.state
        legal = legal_actions(state)
        after = engine.apply(state, action)  # raises for an illegal move, naming it
        choice, base = 0, action
        if isinstance(action, Discard) and action.shown is not None:
            # Kept as the closing choices write it, ours as no choice: one address per game.
            choice = choice_in(state, action)
            base = Discard(action.card, close=True)
            action = Discard(action.card, close=True,
                             shown=choices_in(state, action.card)[choice] if choice
                             else None)
        return Game(self.setup, (*self.states, after), (*self.actions, action),
                    (*self.picks, legal.index(base)), (*self.sizes, len(legal)),
                    (*self._choices, choice))

    @property
    def _choices(self) -> tuple[int, ...]:
        return self.choices or (0,) * len(self.actions)

    def bot_action(self) -> Action:
        """What the bot to move chooses, from his own view only (seeded by the move number,
        so a reload replays the same choice)."""
        state = self.state
        seat = state.turn
        bot = make_bot(self.setup.bots[seat - 1], f"{self.setup.seed}:{seat}:{len(self.actions)}")
        # A bot picks from the legal actions, so a bot who closes shows ours (the default).
        return bot.choose(view(state, seat))

    def play_bot(self) -> Game:
        """One bot action."""
        return self.play(self.bot_action())

    def play_bot_turn(self) -> Game:
        """The bot to move plays his whole turn (draw and discard) or his return decision."""
        game = self.play_bot()
        if game.bot_to_move and game.state.phase is Phase.DISCARD:
            game = game.play_bot()
        return game

    def play_bots(self) -> Game:
        """Every bot action until it is your turn or the game is over."""
        game = self
        while game.bot_to_move:
            game = game.play_bot()
        return game

    def catch_up(self) -> Game:
        """The bots' turns that follow the last move, up to your turn, the end of a hand or of
        the game: what an address (which ends at your moves) implies."""
        game = self
        hands = len(self.state.results)
        while game.bot_to_move and len(game.state.results) == hands:
            game = game.play_bot()
        return game

    def take_back(self) -> Game:
        """Back to before your last action (the bots' moves after it go too); unchanged when you
        have not moved yet."""
        index = self.last_human_action()
        if index is None:
            return self
        return self.prefix(index)

    def last_human_action(self) -> int | None:
        return next((i for i in range(len(self.actions) - 1, -1, -1)
                     if self.states[i].turn == HUMAN), None)

    def prefix(self, count: int) -> Game:
        """The game after its first ``count`` actions."""
        return Game(self.setup, self.states[:count + 1], self.actions[:count],
                    self.picks[:count], self.sizes[:count], self._choices[:count])

    @cached_property
    def human_decisions(self) -> tuple[int, ...]:
        """The indexes of your draws and discards (what the coach grades)."""
        return tuple(i for i, action in enumerate(self.actions)
                     if self.states[i].turn == HUMAN and not isinstance(action, Return))


def new_game(setup: Setup) -> Game:
    return Game(setup, (engine.new_game(setup.rules, setup.names, setup.seed),), (), (), ())


def load(setup: Setup, code: str) -> Game:
    """Rebuild the game from the URL's ``moves``; :class:`SetupError` names the move that does
    not fit (its number, the hand, and why)."""
    game = new_game(setup)
    nibbles = _nibbles(code) if code.strip() else []
    at = 0
    while at < len(nibbles):
        state = game.state
        legal = legal_actions(state)
        size = len(legal)
        number = len(game.actions) + 1
        if size == 0:
            if at == len(nibbles) - 1 and nibbles[at] == _PAD:
                break
            raise SetupError(f"move {number}: the game is already over", "moves", "over",
                             number=number)
        if at == len(nibbles) - 1 and nibbles[at] == _PAD:
            break  # the pad of an odd count
        pick, at = _read_pick(nibbles, at, size, number, state)
        choice = 0
        escape = _ESCAPE_BYTE if size > 15 else _ESCAPE_NIBBLE
        if pick == escape and state.phase is Phase.DISCARD:  # a close showing another choice
            pick, at = _read_pick(nibbles, at, size, number, state)
            choice, at = _read_choice(nibbles, at, number, state)
        if not 0 <= pick < size:
            raise SetupError(f"move {number} (hand {state.hand}) picks action {pick + 1}, but "
                             f"only {size} are legal there", "moves", "pick", number=number,
                             hand=state.hand, pick=pick + 1, size=size)
        game = game.play(_with_choice(legal[pick], choice, number, state))
    return game


#: Before a pick, the escape of a close that shows another arrangement (never a pick: a
#: state has at most 15 legal actions in a nibble, 16 in a byte).
_ESCAPE_NIBBLE, _ESCAPE_BYTE = _PAD, 0xFF


def _read_pick(nibbles: Sequence[int], at: int, size: int, number: int, state: GameState
               ) -> tuple[int, int]:
    """The pick at ``at`` (maybe the escape) and where the next value starts."""
    width = 2 if size > 15 else 1
    if at + width > len(nibbles):
        raise SetupError(f"move {number} (hand {state.hand}) is cut short", "moves",
                         "short", number=number, hand=state.hand)
    if width == 1:
        return nibbles[at], at + 1
    return (nibbles[at] << 4) | nibbles[at + 1], at + 2


def _read_choice(nibbles: Sequence[int], at: int, number: int, state: GameState
                 ) -> tuple[int, int]:
    if at >= len(nibbles):
        raise SetupError(f"move {number} (hand {state.hand}) is cut short", "moves",
                         "short", number=number, hand=state.hand)
    return nibbles[at], at + 1


def _with_choice(action: Action, choice: int, number: int, state: GameState) -> Action:
    """The picked action, showing arrangement ``choice`` of its closing choices (0: ours)."""
    if not choice:
        return action
    options = (choices_in(state, action.card)
               if isinstance(action, Discard) and action.close else ())
    if choice >= len(options):
        raise SetupError(f"move {number} (hand {state.hand}) shows arrangement {choice + 1}, "
                         f"but only {len(options)} close there", "moves", "choice",
                         number=number, hand=state.hand, pick=choice + 1, size=len(options))
    assert isinstance(action, Discard)
    return Discard(action.card, close=True, shown=options[choice])


# --- What the board shows ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatInfo:
    """One seat of the game as you see it (``hand`` only when shown face up)."""

    seat: int
    bot: str | None
    count: int | None
    total: int
    playing: bool
    returns_left: int | None
    #: Every card he took from the pile this hand, in order.
    taken: tuple[Card, ...]
    to_play: bool
    hand: tuple[Card, ...] | None


def seats(game: Game, face_up: bool = False) -> tuple[SeatInfo, ...]:
    """Every seat, yours first; the others' cards only with ``face_up`` (the teacher's switch)."""
    state = game.state
    found = []
    for seat in range(state.seats):
        held = state.hands[seat]
        shown = held if held is not None and (seat == HUMAN or face_up) else None
        found.append(SeatInfo(
            seat, None if seat == HUMAN else game.setup.bots[seat - 1],
            None if held is None else len(held), state.totals[seat], state.sheet.playing[seat],
            state.sheet.returns_left(seat),
            tuple(card for who, card in state.taken if who == seat),
            not game.over and state.turn == seat, shown))
    return tuple(found)


@dataclass(frozen=True)
class TurnNote:
    """A finished turn as the board tells it: the drawn card only if it came from the pile (or
    the hand is shown face up)."""

    seat: int
    source: str
    card: Card | None
    discard: Card
    close: bool


def turns_since(game: Game, index: int, face_up: bool = False) -> tuple[TurnNote, ...]:
    """The turns completed by ``game.actions[index:]`` in this hand, in order."""
    events = game.state.events()
    before = len(game.states[index].events()) if index < len(game.states) else len(events)
    notes: list[TurnNote] = []
    for event in events[before:]:
        if isinstance(event, engine.Dealt):
            notes = []
        elif isinstance(event, Turn):
            shown = event.card if event.draw != STOCK or face_up or event.seat == HUMAN else None
            notes.append(TurnNote(event.seat, event.draw, shown, event.discard, event.close))
    return tuple(notes)


def last_turns(game: Game, face_up: bool = False) -> tuple[TurnNote, ...]:
    """The turns since your last discard (the round the bots just played), in this hand."""
    index = next((i for i in range(len(game.actions) - 1, -1, -1)
                  if game.states[i].turn == HUMAN and isinstance(game.actions[i], Discard)),
                 None)
    return turns_since(game, 0 if index is None else index + 1, face_up)


def hand_groups(game: Game, arranged: bool) -> tuple[tuple[Card, ...], ...]:
    """Your cards as the board lays them out: as held (the card drawn last), or ``arranged``:
    the melds the solver finds, then the loose cards (after drawing: of the best discard's
    seven, the eighth card last)."""
    held = game.state.hands[HUMAN] or ()
    if not arranged or not held:
        return (tuple(held),)
    if len(held) == 8:
        discards = game.state.discards
        if discards is not None and game.your_turn:
            best = discards.best_index
            arrangement = discards.rows[best].arrangement
            return _groups(arrangement, extra=(discards.hand[best],))
    if len(held) == 7:
        return _groups(analyze(held, game.setup.rules).arrangement)
    return (tuple(sorted(held)),)


def _groups(arrangement: Arrangement, extra: tuple[Card, ...] = ()) -> tuple[tuple[Card, ...], ...]:
    groups = [meld.cards for meld in arrangement.melds]
    rest = tuple(sorted(arrangement.loose)) + extra
    return tuple(groups) + ((rest,) if rest else ())


def next_seat(state: GameState, seat: int) -> int | None:
    """The next seat still playing after ``seat`` (who gets what ``seat`` throws)."""
    playing = state.sheet.playing
    count = len(playing)
    return next(((seat + step) % count for step in range(1, count)
                 if playing[(seat + step) % count]), None)


def keep_points(game: Game) -> dict[Card, int]:
    """After drawing: the loose points you keep if you throw each card (Barajamos shows it)."""
    return dict(game.state.leaves) if game.your_turn else {}


def closing_cards(game: Game) -> tuple[Card, ...]:
    """The cards you may close with now (each once)."""
    if not game.your_turn or game.state.phase is not Phase.DISCARD:
        return ()
    return tuple(dict.fromkeys(a.card for a in legal_actions(game.state)
                               if isinstance(a, Discard) and a.close))


class Block(StrEnum):
    """Why you may not close now, as the page words it."""

    FIRST_ROUND = "first_round"
    OVER_LIMIT = "over_limit"
    POINTS = "points"
    ONE_LOOSE = "one_loose"


def close_block(game: Game) -> tuple[Block, dict[str, int]] | None:
    """Why Close is disabled after drawing (None when some card closes, or before drawing)."""
    state = game.state
    discards = state.discards
    if discards is None or not game.your_turn or closing_cards(game):
        return None
    rules = game.setup.rules
    if state.first_round and not rules.close_in_first_round:
        return Block.FIRST_ROUND, {}
    best = discards.rows[discards.best_index]
    alone = analyze(best.hand, rules)
    if alone.can_close:  # the hand closes but for the player's total
        return Block.OVER_LIMIT, {"total": state.totals[HUMAN], "limit": rules.limit}
    if rules.close_rule is CloseRule.ONE_LOOSE:
        return Block.ONE_LOOSE, {"limit": rules.close_limit, "points": best.loose_points}
    return Block.POINTS, {"limit": rules.close_limit, "points": best.loose_points}


# --- The coach's grades of your decisions ---------------------------------------------------


def decisions(game: Game, hand: int | None = None) -> tuple[int, ...]:
    """Your graded decisions (action indexes), of one hand or of the whole game."""
    return tuple(i for i in game.human_decisions
                 if hand is None or game.states[i].hand == hand)


def verdicts(game: Game, indexes: Iterable[int],
             known: Mapping[int, coach.Verdict] | None = None) -> dict[int, coach.Verdict]:
    """The coach's grade of each decision (reusing ``known`` grades already computed)."""
    found: dict[int, coach.Verdict] = {}
    for index in indexes:
        verdict = (known or {}).get(index)
        if verdict is None:
            verdict = grade_action(game.states[index], game.actions[index])
        if verdict is not None:
            found[index] = verdict
    return found


__all__ = [
    "MAX_OPPONENTS", "MAX_SEED", "PACES", "PROBLEMS", "YOU", "Block", "Game", "SeatInfo",
    "Setup", "SetupError", "TurnNote", "close_block", "closing_cards",
    "decisions", "encode", "hand_groups", "keep_points", "last_turns",
    "load", "new_game", "next_seat", "parse_setup", "seats", "turns_since", "verdicts",
]
