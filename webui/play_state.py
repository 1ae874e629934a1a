"""The Play page's state: the game in the session and the address, the setup form, the table's
settings, your moves (each graded by the coach before it is applied) and the bots' paced turns.

Session keys start with ``play_``. The game's address is the URL's ``rules`` (and options),
``seats`` (the bots' levels), ``seed`` and ``moves`` (:func:`chinchon.views.play.encode`).
The drawing is :mod:`webui.play_board`; the end of a hand and the review :mod:`webui.play_review`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import streamlit as st

from chinchon.engine.cards import Card
from chinchon.game import closing
from chinchon.game.actions import PILE, STOCK, Action, Discard, Draw, Return
from chinchon.game.players import BOT_NAMES
from chinchon.game.state import Phase
from chinchon.views import play as play_model
from chinchon.views import seat_coach
from chinchon.views.i18n import t
from webui import play_rating, played
from webui.card_buttons import clicked_action, clicked_card
from webui.ui import current_options, current_rules, house_code
from webui.url_state import literal, url_arrival, url_value

S = st.session_state
DEFAULT_PACE = "normal"
HAND_KEY = "play_hand"
DRAW_KEY = "play_draw"


def tr(key: str, lang: str, **values: object) -> str:
    return t(f"play.{key}", lang, **values)


# --- The game in the session and the URL -----------------------------------------------------------


def _set_game(game: play_model.Game, write_url: bool = True) -> None:
    """Keep ``game`` in the session and (``write_url``) its moves in the address. Each address
    written is a browser history entry, so only your own moves write one: the bots' turns that
    follow are decided by the seed and the moves (a reload replays them at once), and the
    browser's Back takes back your last move."""
    S.play_game = game
    if not write_url:
        return
    played.moved(game, face_up())  # written (or queued) before the page shows the move
    code = game.code()
    S.play_url = code
    if code:
        st.query_params["moves"] = code
        st.query_params["check"] = game.setup.check
    elif "moves" in st.query_params:
        del st.query_params["moves"]


def _problem(error: play_model.SetupError, lang: str) -> str:
    """A bad address in words: the URL value named, the reason in ``lang``, bad text quoted."""
    values = {k: literal(str(v)) if k == "value" else v for k, v in error.values.items()}
    reason = tr(f"problem.{error.kind}", lang, **values)
    return tr(f"bad.{error.field}", lang, reason=reason)


def current_game(rules_id: str, lang: str) -> play_model.Game | None:
    """The game the URL describes (rebuilt only when the URL changed), or None for the setup
    form. A bad address shows a message naming the problem and offers a new game."""
    game: play_model.Game | None = S.get("play_game")
    if game is not None and not url_arrival():
        # A rerun: the session's game is the truth (the browser's URL may still lack the last
        # move); only the sidebar's profile may have changed under it.
        seats, seed = ",".join(game.setup.bots), str(game.setup.seed)
        moves = game.code()
    else:  # arriving (first run, a link, the browser's back or forward): the URL says
        seats = url_value("seats", lang=lang)
        seed = url_value("seed", lang=lang)
        moves = url_value("moves", lang=lang) or ""
    if seats is None and seed is None:
        if moves:
            st.warning(tr("bad.moves_alone", lang), icon="⚠️")
        return None
    try:
        setup = play_model.parse_setup(house_code(rules_id) or rules_id, current_options(rules_id),
                               seats or "",
                               seed if seed is not None else "")
    except play_model.SetupError as error:
        st.error(_problem(error, lang), icon=":material/error:")
        _offer_new_game(lang, None)
        return None
    if game is None or url_arrival():
        try:  # a seed changed by hand under the moves: named, not replayed on another deal
            setup.check_moves(url_value("check", lang=lang), moves)
        except play_model.SetupError:
            st.error(t("played.mismatch", lang, value=str(setup.seed)), icon=":material/error:")
            _offer_new_game(lang, setup)
            return None
    ours = game is not None and moves.strip() in (game.code(), S.get("play_url"))
    if game is not None and game.setup.rules != setup.rules and ours:
        # The sidebar changed the profile or an option under a game: a new table for them.
        clear_game()
        st.info(tr("rules_changed", lang), icon=":material/info:")
        return None
    # The address may lag behind the bots' turns (see _set_game): that is still our game.
    if game is None or game.setup != setup or not ours:
        try:
            game = play_model.load(setup, moves).catch_up()
        except play_model.SetupError as error:
            st.error(_problem(error, lang), icon=":material/error:")
            _offer_new_game(lang, setup)
            return None
        _reset_for(game)
        S.play_game = game
        S.play_url = moves.strip()
        played.arrived(game)
    played.watch_face_up(face_up())  # once shown face up, his game never counts
    return game


def _reset_for(game: play_model.Game) -> None:
    """A game arrives from the URL (a reload, a link): its finished hands count as seen, but
    for one that has just ended (you have not played in the next deal yet, though the bots
    before you may have): it shows again, with its review."""
    state = game.state
    deciding = state.phase is Phase.RETURN  # a return is decided on the hand's end screen
    if state.sheet.playing[seat_coach.HUMAN]:
        fresh = not any(game.states[i].hand == state.hand for i in game.human_decisions)
    else:  # out of the game: the deal is fresh until anyone plays in it
        fresh = state.turns == 0
    just_ended = bool(state.results) and not game.over and (fresh or deciding)
    S.play_ack = len(state.results) - just_ended
    S.play_verdicts = {}
    S.play_last = None
    S.play_hint = False
    S.play_armed = False
    S.play_review_at = None
    S.play_closing = None


def _offer_new_game(lang: str, setup: play_model.Setup | None) -> None:
    left, right = st.columns(2)
    if setup is not None:
        left.button(tr("restart_deal", lang), on_click=start, args=(setup,),
                    kwargs={"origin": "link"}, icon=":material/replay:")
    right.button(tr("new_game", lang), on_click=clear_game, icon=":material/restart_alt:")


def start(setup: play_model.Setup, origin: str = "new") -> None:
    """Deal a new game for ``setup``, the learner's from now on, and put it in the URL
    (``origin``: ``link`` when the deal came from an address)."""
    game = play_model.new_game(setup)
    _reset_for(game)
    S.play_ack = 0
    played.started(game, origin=origin, face_up=face_up())
    st.query_params.update({**setup.query(), "check": setup.check})
    _set_game(game)


def clear_game() -> None:
    for name in ("seats", "seed", "moves", "check"):
        if name in st.query_params:
            del st.query_params[name]
    S.pop("play_game", None)
    played.forget()


# --- The setup form --------------------------------------------------------------------------------


def setup_form(rules_id: str, lang: str) -> None:
    """Choose the number of opponents and their levels, then deal."""
    rules = current_rules(rules_id)
    low, high = rules.players
    most = min(high - 1, play_model.MAX_OPPONENTS)
    fewest = max(1, low - 1)
    st.subheader(tr("setup.title", lang))
    count = st.slider(tr("setup.opponents", lang), fewest, most, min(max(2, fewest), most),
                      key="play_opponents") if most > fewest else fewest
    levels = []
    columns = st.columns(most)
    # the level rated nearest his Play rating (greedy, the ladder's 1500, for a newcomer)
    suggested, found = play_rating.suggested(rules_id, BOT_NAMES)
    for i in range(count):
        levels.append(columns[i].selectbox(
            tr("bot_name", lang, n=i + 1, level="").strip(" ()·"), BOT_NAMES,
            index=BOT_NAMES.index(suggested or "greedy"), key=f"play_level_{i}",
            format_func=lambda name: tr(f"level.{name}", lang)))
    if suggested is not None:
        st.caption(play_rating.suggestion_text(suggested, found, lang))
    st.caption(tr("setup.levels_help", lang))
    seed = st.number_input(tr("setup.seed", lang), 0, play_model.MAX_SEED, key="play_seed_input",
                           value=S.setdefault("play_seed_default", random.randrange(10**6)),
                           help=tr("setup.seed_help", lang))
    if st.button(tr("setup.deal", lang), type="primary", icon=":material/playing_cards:"):
        start(play_model.parse_setup(house_code(rules_id) or rules_id, current_options(rules_id),
                             ",".join(levels), str(seed)))
        S.pop("play_seed_default", None)
        st.rerun()


# --- Settings (sidebar) ----------------------------------------------------------------------------


def settings(lang: str) -> None:
    with st.sidebar:
        st.subheader(tr("settings", lang))
        st.toggle(tr("coach_switch", lang), value=True, key="play_coach",
                  help=tr("coach_switch_help", lang))
        if "play_teacher" not in S:  # a teacher's link may open the table face up
            S.play_teacher = st.query_params.get("teacher") == "1"
        st.toggle(tr("teacher_switch", lang), key="play_teacher",
                  help=tr("teacher_switch_help", lang), on_change=_teacher_to_url)
        st.toggle(tr("arrange_switch", lang), value=True, key="play_auto_arrange",
                  help=tr("arrange_switch_help", lang))
        st.segmented_control(tr("pace", lang), list(play_model.PACES), default=DEFAULT_PACE,
                             key="play_pace", required=True,
                             format_func=lambda p: tr(f"pace.{p}", lang),
                             help=tr("pace_help", lang))


def _teacher_to_url() -> None:
    if S.get("play_teacher"):
        st.query_params["teacher"] = "1"
    elif "teacher" in st.query_params:
        del st.query_params["teacher"]


def pace() -> float:
    return play_model.PACES.get(S.get("play_pace") or DEFAULT_PACE, play_model.PACES[DEFAULT_PACE])


def coach_on() -> bool:
    return bool(S.get("play_coach", True))


def face_up() -> bool:
    return bool(S.get("play_teacher", False))


# --- Your moves -----------------------------------------------------------------------------------


def results_pending(game: play_model.Game) -> bool:
    """A hand finished that you have not yet looked at (the bots wait meanwhile). Your return
    decision is taken on the end screen of the hand just finished (the one that put you out,
    or in Barajamos any later one while you may come back): it shows again."""
    results = game.state.results
    if game.your_turn and game.state.phase is Phase.RETURN:
        S.play_ack = min(int(S.get("play_ack", 0)), len(results) - 1)
    return len(results) > int(S.get("play_ack", 0))


def shown_hand(game: play_model.Game) -> int:
    """The hand the page is about: the finished one while its end is shown, else the current."""
    if results_pending(game):
        return game.state.results[int(S.get("play_ack", 0))].hand
    return game.state.hand


def your_move(action: Action, *, asked: bool = False) -> None:
    """Play one of your actions: graded by the coach (when on) before it is applied. A close
    where several arrangements close equally well waits for your choice of what to show
    (:func:`close_showing`) unless ``asked``."""
    game: play_model.Game = S.play_game
    if (not asked and isinstance(action, Discard) and action.close
            and len(closing.choices_in(game.state, action.card)) > 1):
        S.play_closing = action.card.code()
        S.play_armed = False
        return
    S.play_closing = None
    index = len(game.actions)
    verdict = seat_coach.grade_action(game.state, action) if coach_on() else None
    try:
        game = game.play(action)
    except ValueError:
        return  # a stale click (the page already moved on): nothing to do
    if verdict is not None:
        S.play_verdicts = {**S.get("play_verdicts", {}), index: verdict}
        S.play_last = index
    S.play_hint = False
    S.play_armed = False
    S.play_bot_clock = time.monotonic()
    _set_game(game)


def on_draw_action() -> None:
    name = clicked_action(DRAW_KEY)
    game: play_model.Game = S.play_game
    if not game.your_turn or game.state.phase is not Phase.DRAW:
        return
    if name == "draw-stock":
        your_move(Draw(STOCK))
    elif name == "draw-pile" and game.state.top is not None:
        your_move(Draw(PILE))


def on_hand_action() -> None:
    if clicked_action(HAND_KEY) == "close" and play_model.closing_cards(S.play_game):
        S.play_armed = not S.get("play_armed", False)


def on_card() -> None:
    code = clicked_card(HAND_KEY)
    game: play_model.Game = S.play_game
    if (code is None or not game.your_turn or game.state.phase is not Phase.DISCARD
            or closing_question(game) is not None):  # the hand waits for what you show
        return
    card = Card.parse(code)
    close = bool(S.get("play_armed")) and card in play_model.closing_cards(game)
    your_move(Discard(card, close))


def closing_question(game: play_model.Game) -> Card | None:
    """The card you close with while the page asks what you show (None: no question)."""
    code = S.get("play_closing")
    if code is None or not game.your_turn or game.state.phase is not Phase.DISCARD:
        return None
    card = Card.parse(code)
    return card if card in play_model.closing_cards(game) else None


def close_showing(index: int) -> None:
    """Close with the card asked about, showing its closing choice ``index`` (0: ours)."""
    game: play_model.Game = S.play_game
    card = closing_question(game)
    if card is None:
        return
    options = closing.choices_in(game.state, card)
    shown = options[index] if 0 < index < len(options) else None
    your_move(Discard(card, close=True, shown=shown), asked=True)


def cancel_close() -> None:
    S.play_closing = None


def play_hint() -> None:
    """Play the coach's best move for you."""
    game: play_model.Game = S.play_game
    if game.your_turn and game.state.phase is not Phase.RETURN:
        your_move(seat_coach.hint(game.state)[0])


def ask_hint() -> None:
    S.play_hint = True


def arrange_now() -> None:
    S.play_arranged = hand_signature(S.play_game)


def hand_signature(game: play_model.Game) -> tuple[str, ...]:
    return tuple(sorted(card.code() for card in game.state.hands[seat_coach.HUMAN] or ()))


def take_back() -> None:
    game: play_model.Game = S.play_game.take_back()
    S.play_verdicts = {i: v for i, v in S.get("play_verdicts", {}).items()
                       if i < len(game.actions)}
    S.play_last = max(S.play_verdicts, default=None)
    S.play_ack = min(S.get("play_ack", 0), len(game.state.results))
    S.play_hint = S.play_armed = False
    S.play_closing = None
    _set_game(game)


def next_deal() -> None:
    S.play_ack = len(S.play_game.state.results)
    S.play_review_at = None
    S.play_bot_clock = time.monotonic()


def decide_return(spend: bool) -> None:
    game: play_model.Game = S.play_game
    if game.your_turn and game.state.phase is Phase.RETURN:
        your_move(Return(spend))


def play_to_the_end() -> None:
    """Once you are out for good: let the bots finish the game at once."""
    game: play_model.Game = S.play_game.play_bots()
    S.play_ack = len(game.state.results)
    _set_game(game, write_url=False)


# --- The bots' turns ---------------------------------------------------------------------------------


def bots_play(game: play_model.Game) -> play_model.Game:
    """With the instant pace: every bot action until you are to act or a hand ends."""
    while game.bot_to_move and not results_pending(game):
        game = game.play_bot_turn()
    if game is not S.play_game:
        _set_game(game, write_url=False)
    return game


def bot_tick() -> play_model.Game:
    """One bot turn per tick of the fragment's timer (the timer is the pace). The run that
    follows your own move is not a tick: it shows your move first (the clock says so)."""
    game: play_model.Game = S.play_game
    now = time.monotonic()
    # Half the pace: a timer tick always qualifies, however long the last run took.
    due = now - S.get("play_bot_clock", 0.0) >= pace() * 0.5
    if game.bot_to_move and not results_pending(game) and due:
        S.play_bot_clock = now
        game = game.play_bot_turn()
        _set_game(game, write_url=False)
    return game


def paced(draw: Callable[[], None], game: play_model.Game) -> None:
    """Run ``draw`` in a fragment that reruns at the chosen pace while the bots play; when they
    are done the whole page reruns once (to show your turn or the end of the hand)."""
    if game.bot_to_move and not results_pending(game) and pace() > 0:
        def ticking() -> None:
            before = S.play_game
            after = bot_tick()
            if after is not before and (not after.bot_to_move or results_pending(after)):
                st.rerun(scope="app")
            draw()
        st.fragment(ticking, run_every=pace())()
    else:
        draw()
