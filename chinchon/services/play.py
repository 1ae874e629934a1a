"""What the Play page does with a game against bots, without Streamlit: deal it from a setup,
read it from the address, your moves (each graded by the coach before it is applied), take
back, the next deal, a return, the bots' paced turns, the closing question and the hint.

The session holds a :class:`PlayState` (each field is the session key ``play_<field>``); each
function takes it (and the page's settings: the coach, the pace, the clock) and returns the
state to keep, with what the page must write besides (:class:`Moved`, :class:`Arrival`). The
game's address is the URL's ``rules`` (and options), ``seats``, ``seed``, ``moves`` and
``check`` (:meth:`chinchon.views.play.Setup.query`, :meth:`chinchon.views.play.Game.code`).

>>> from chinchon.views.play import parse_setup
>>> state = bots_play(start(parse_setup("fournier", {}, "greedy", "7")))
>>> moved = your_move(state, hint_move(state.game), coach=True, now=1.0)
>>> moved.write, moved.state.last == len(state.game.actions), len(moved.state.verdicts)
(True, True, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from chinchon.engine.cards import Card
from chinchon.game import closing
from chinchon.game.actions import PILE, STOCK, Action, Discard, Draw, Return
from chinchon.game.state import Phase
from chinchon.views import coach, seat_coach
from chinchon.views import play as play_model
from chinchon.views.play import Game, Setup, SetupError

#: The draw buttons' ``data-action`` hooks, as the board names them.
DRAW_STOCK, DRAW_PILE = "draw-stock", "draw-pile"
#: The hand's Close button's ``data-action`` hook.
CLOSE = "close"


@dataclass(frozen=True)
class PlayState:
    """What the session holds of a Play game (each field is the session key ``play_<field>``)."""

    game: Game | None = None
    #: The ``moves`` last written to the address (the browser's may lag behind the bots).
    url: str | None = None
    #: How many finished hands you have looked at (a later one shows its end and review).
    ack: int = 0
    #: The coach's grades of your decisions, by action index.
    verdicts: Mapping[int, coach.Verdict] = field(default_factory=dict)
    #: The index of your last graded decision (its grade shows in the coach's box).
    last: int | None = None
    #: The coach's hint is shown.
    hint: bool = False
    #: The Close button is pressed: the next card thrown closes.
    armed: bool = False
    review_at: int | None = None
    #: The code of the card you close with while the page asks what you show.
    closing: str | None = None
    #: When the bots last moved (``time.monotonic``), for their pace.
    bot_clock: float = 0.0


@dataclass(frozen=True)
class Moved:
    """A state after one of your actions. ``write``: the game changed by your move (or a
    take-back): the page writes it to the store and its moves to the address (a browser
    history entry); the bots' turns never write one (the seed and the moves decide them)."""

    state: PlayState
    write: bool = False


def _no_check() -> str | None:
    return None


@dataclass(frozen=True)
class Address:
    """The game's URL values as the page read them (None: absent). ``check`` reads the deal's
    check when :func:`read_game` needs it (a bad value is named only then)."""

    seats: str | None
    seed: str | None
    moves: str
    check: Callable[[], str | None] = _no_check


#: What the page shows instead of a game: the setup form (``none``), a lone ``moves`` value
#: (``moves_alone``), a bad address (``problem``), a seed changed under the moves
#: (``mismatch``), or a profile changed under the game (``rules_changed``: the game is
#: cleared).
Shown = Literal["game", "none", "moves_alone", "problem", "mismatch", "rules_changed"]


@dataclass(frozen=True)
class Arrival:
    """The game the address describes, or what the page shows instead (:data:`Shown`).
    ``problem``: the bad value, named; ``offer``: the setup "Restart this deal" offers (with
    "New game") after a problem; ``arrived``: the game was rebuilt from the address (the page
    finds whose it is)."""

    state: PlayState
    shown: Shown = "game"
    problem: SetupError | None = None
    offer: Setup | None = None
    arrived: bool = False

    @property
    def game(self) -> Game | None:
        return self.state.game if self.shown == "game" else None


# --- The game from the setup and the address -------------------------------------------------------


def start(setup: Setup, state: PlayState | None = None) -> PlayState:
    """A new game dealt for ``setup``, none of its hands seen (the page then writes it as the
    learner's, with its setup and moves in the address)."""
    game = play_model.new_game(setup)
    return replace(arrived_state(game, state or PlayState()), game=game, ack=0)


def arrived_state(game: Game, state: PlayState) -> PlayState:
    """``state`` with ``game`` arrived from the address (a reload, a link): its finished hands
    count as seen, but for one that has just ended (you have not played in the next deal yet,
    though the bots before you may have): it shows again, with its review."""
    now = game.state
    deciding = now.phase is Phase.RETURN  # a return is decided on the hand's end screen
    if now.sheet.playing[seat_coach.HUMAN]:
        fresh = not any(game.states[i].hand == now.hand for i in game.human_decisions)
    else:  # out of the game: the deal is fresh until anyone plays in it
        fresh = now.turns == 0
    just_ended = bool(now.results) and not game.over and (fresh or deciding)
    return replace(state, ack=len(now.results) - just_ended, verdicts={}, last=None, hint=False,
                   armed=False, review_at=None, closing=None)


def read_game(state: PlayState, address: Address, rules_code: str, options: Mapping[str, int],
              *, arriving: bool) -> Arrival:
    """The game the address describes (``rules_code`` with ``options``: the sidebar's rules).
    On a rerun (not ``arriving``) the session's game is the truth: the browser's URL may still
    lack the last move; only the sidebar's profile may have changed under it."""
    game = state.game
    seats: str | None
    seed: str | None
    if game is not None and not arriving:
        seats, seed, moves = ",".join(game.setup.bots), str(game.setup.seed), game.code()
    else:  # arriving (first run, a link, the browser's back or forward): the URL says
        seats, seed, moves = address.seats, address.seed, address.moves
    if seats is None and seed is None:
        return Arrival(state, "moves_alone" if moves else "none")
    try:
        setup = play_model.parse_setup(rules_code, options, seats or "",
                                       seed if seed is not None else "")
    except SetupError as error:
        return Arrival(state, "problem", problem=error)
    if game is None or arriving:
        try:  # a seed changed by hand under the moves: named, not replayed on another deal
            setup.check_moves(address.check(), moves)
        except SetupError:
            return Arrival(state, "mismatch", offer=setup)
    ours = game is not None and moves.strip() in (game.code(), state.url)
    if game is not None and game.setup.rules != setup.rules and ours:
        return Arrival(replace(state, game=None), "rules_changed")
    # The address may lag behind the bots' turns (see Moved): that is still our game.
    if game is None or game.setup != setup or not ours:
        try:
            game = play_model.load(setup, moves).catch_up()
        except SetupError as error:
            return Arrival(state, "problem", problem=error, offer=setup)
        return Arrival(replace(arrived_state(game, state), game=game, url=moves.strip()),
                       arrived=True)
    return Arrival(state)


# --- Finished hands -------------------------------------------------------------------------------


def acknowledged(game: Game, ack: int) -> int:
    """The finished hands looked at: ``ack``, but your return decision is taken on the end
    screen of the hand just finished (the one that put you out, or in Barajamos any later one
    while you may come back): it shows again."""
    if game.your_turn and game.state.phase is Phase.RETURN:
        return min(ack, len(game.state.results) - 1)
    return ack


def results_pending(game: Game, ack: int) -> bool:
    """A hand finished that you have not yet looked at (the bots wait meanwhile)."""
    return len(game.state.results) > acknowledged(game, ack)


def shown_hand(game: Game, ack: int) -> int:
    """The hand the page is about: the finished one while its end is shown, else the current."""
    if results_pending(game, ack):
        return game.state.results[acknowledged(game, ack)].hand
    return game.state.hand


def next_deal(state: PlayState, *, now: float) -> PlayState:
    """The end of the hand seen: on to the next deal (the bots' clock starts again)."""
    game = _game(state)
    return replace(state, ack=len(game.state.results), review_at=None, bot_clock=now)


# --- Your moves -----------------------------------------------------------------------------------


def your_move(state: PlayState, action: Action, *, coach: bool, now: float,
              asked: bool = False) -> Moved:
    """Play one of your actions: graded by the coach (when ``coach``) before it is applied. A
    close where several arrangements close equally well waits for your choice of what to show
    (:func:`close_showing`) unless ``asked``. A stale action (the page already moved on)
    changes nothing."""
    game = _game(state)
    if (not asked and isinstance(action, Discard) and action.close
            and len(closing.choices_in(game.state, action.card)) > 1):
        return Moved(replace(state, closing=action.card.code(), armed=False))
    state = replace(state, closing=None)
    index = len(game.actions)
    verdict = seat_coach.grade_action(game.state, action) if coach else None
    try:
        game = game.play(action)
    except ValueError:
        return Moved(state)
    if verdict is not None:
        state = replace(state, verdicts={**state.verdicts, index: verdict}, last=index)
    return Moved(replace(state, game=game, hint=False, armed=False, bot_clock=now), write=True)


def draw_action(game: Game, name: str | None) -> Action | None:
    """Your draw for a click on the draw buttons (``name``: the button's action), if it is
    yours to make."""
    if not game.your_turn or game.state.phase is not Phase.DRAW:
        return None
    if name == DRAW_STOCK:
        return Draw(STOCK)
    if name == DRAW_PILE and game.state.top is not None:
        return Draw(PILE)
    return None


def armed_after(game: Game, name: str | None, armed: bool) -> bool:
    """The Close button after a click on the hand's buttons: pressed or released when you may
    close."""
    if name == CLOSE and play_model.closing_cards(game):
        return not armed
    return armed


def closing_question(game: Game, code: str | None) -> Card | None:
    """The card you close with while the page asks what you show (None: no question)."""
    if code is None or not game.your_turn or game.state.phase is not Phase.DISCARD:
        return None
    card = Card.parse(code)
    return card if card in play_model.closing_cards(game) else None


def card_action(state: PlayState, code: str | None) -> Discard | None:
    """Your throw for a click on a card of your hand (``code``), a close when the Close button
    is pressed; None when it is not yours to throw or the hand waits for what you show."""
    game = _game(state)
    if (code is None or not game.your_turn or game.state.phase is not Phase.DISCARD
            or closing_question(game, state.closing) is not None):
        return None
    card = Card.parse(code)
    return Discard(card, state.armed and card in play_model.closing_cards(game))


def close_showing(state: PlayState, index: int, *, coach: bool, now: float) -> Moved:
    """Close with the card asked about, showing its closing choice ``index`` (0: ours)."""
    game = _game(state)
    card = closing_question(game, state.closing)
    if card is None:
        return Moved(state)
    options = closing.choices_in(game.state, card)
    shown = options[index] if 0 < index < len(options) else None
    return your_move(state, Discard(card, close=True, shown=shown), coach=coach, now=now,
                     asked=True)


def hint_move(game: Game) -> Action | None:
    """The coach's best move for you, when you are to draw or throw."""
    if game.your_turn and game.state.phase is not Phase.RETURN:
        return seat_coach.hint(game.state)[0]
    return None


def return_move(game: Game, spend: bool) -> Return | None:
    """Your return decision (``spend``: come back), when it is yours to take."""
    if game.your_turn and game.state.phase is Phase.RETURN:
        return Return(spend)
    return None


def hand_signature(game: Game) -> tuple[str, ...]:
    """Your hand as it stands, whatever its order (an arrangement asked for holds until it
    changes)."""
    return tuple(sorted(card.code() for card in game.state.hands[seat_coach.HUMAN] or ()))


def take_back(state: PlayState) -> Moved:
    """Back to before your last action: its grade and those after it go, as do the hint, the
    Close button and the closing question."""
    game = _game(state).take_back()
    verdicts = {i: v for i, v in state.verdicts.items() if i < len(game.actions)}
    return Moved(replace(state, game=game, verdicts=verdicts, last=max(verdicts, default=None),
                         ack=min(state.ack, len(game.state.results)), hint=False, armed=False,
                         closing=None), write=True)


def play_to_the_end(state: PlayState) -> PlayState:
    """Once you are out for good: the bots finish the game at once (every hand seen)."""
    game = _game(state).play_bots()
    return replace(state, game=game, ack=len(game.state.results))


# --- The bots' turns ---------------------------------------------------------------------------------


def bots_wait(game: Game, ack: int) -> bool:
    """Whether the bots are still to play before you act or a finished hand shows."""
    return game.bot_to_move and not results_pending(game, ack)


def bots_play(state: PlayState) -> PlayState:
    """With the instant pace: every bot action until you are to act or a hand ends."""
    game = _game(state)
    while bots_wait(game, state.ack):
        game = game.play_bot_turn()
    return state if game is state.game else replace(state, game=game)


def bot_tick(state: PlayState, *, now: float, pace: float) -> PlayState:
    """One bot turn per tick of the page's timer (the timer is the pace, in seconds). The run
    that follows your own move is not a tick: it shows your move first (the clock says so)."""
    game = _game(state)
    # Half the pace: a timer tick always qualifies, however long the last run took.
    due = now - state.bot_clock >= pace * 0.5
    if bots_wait(game, state.ack) and due:
        return replace(state, game=game.play_bot_turn(), bot_clock=now)
    return state


def ticking(game: Game, ack: int, pace: float) -> bool:
    """Whether the board reruns at the pace while the bots play (the instant pace plays them
    all at once: :func:`bots_play`)."""
    return bots_wait(game, ack) and pace > 0


def bots_done(before: Game, after: Game, ack: int) -> bool:
    """After a tick: the bots have just finished (you are to act or a hand ended), so the
    whole page shows it."""
    return after is not before and not bots_wait(after, ack)


# --- Whose game it is, and its result ---------------------------------------------------------------


def follows(game: Game, moves: str) -> bool:
    """Whether ``game`` follows the moves the learner made (``moves``, as stored): the same
    actions as far as both go, and beyond his only the bots' (which the deal and his moves
    decide). A shorter game is his too: the browser's Back, or a take-back."""
    try:
        mine = play_model.load(game.setup, moves)
    except SetupError:
        return False
    common = min(len(mine.actions), len(game.actions))
    if mine.actions[:common] != game.actions[:common]:
        return False
    return all(game.states[i].turn != seat_coach.HUMAN for i in range(common, len(game.actions)))


def final_result(game: Game, verdicts: Mapping[int, coach.Verdict]
                 ) -> tuple[dict[str, object], float | None]:
    """A finished game's result as the store keeps it (the winner, the totals) and the
    accuracy of your decisions the coach graded (``verdicts``; None when none was)."""
    graded = [verdicts[i] for i in play_model.decisions(game, None) if i in verdicts]
    accuracy = coach.review(graded).accuracy if graded else None
    state = game.state
    return ({"winner": state.winner, "totals": list(state.totals)},
            float(accuracy) if accuracy is not None else None)


def _game(state: PlayState) -> Game:
    if state.game is None:
        raise ValueError(f"no Play game in the state: {state!r:.80}")
    return state.game
