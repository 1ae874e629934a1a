"""The Play page's state: the game in the session and the address, the setup form, the game's
settings, your moves and the bots' paced turns. What each of them does is
:mod:`chinchon.services.play`; this module reads and writes the session and the URL around it.

Session keys start with ``play_``. The game's address is the URL's ``rules`` (and options),
``seats`` (the bots' levels), ``seed`` and ``moves`` (:func:`chinchon.views.play.encode`).
The drawing is :mod:`webui.play_board`; the end of a hand and the review :mod:`webui.play_review`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import fields, replace

import streamlit as st

from chinchon.engine.cards import Card
from chinchon.game.actions import Action
from chinchon.game.players import BOT_NAMES
from chinchon.services import play as play_service
from chinchon.views import play as play_model
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

_FIELDS = tuple(f.name for f in fields(play_service.PlayState))


def session_state() -> play_service.PlayState:
    """The session's Play state (:class:`chinchon.services.play.PlayState`)."""
    return play_service.PlayState(**{name: S[f"play_{name}"] for name in _FIELDS
                                     if f"play_{name}" in S})


def _keep(state: play_service.PlayState, before: play_service.PlayState) -> None:
    """Write the fields of ``state`` that changed since ``before`` to their session keys."""
    for name in _FIELDS:
        value = getattr(state, name)
        if value is not getattr(before, name):
            S[f"play_{name}"] = value


def _apply(moved: play_service.Moved, before: play_service.PlayState) -> None:
    _keep(moved.state, before)
    if moved.write and moved.state.game is not None:
        _write_game(moved.state.game)


def _write_game(game: play_model.Game) -> None:
    """Write ``game`` to the store and its moves to the address. Each address written is a
    browser history entry, so only your own moves write one: the bots' turns that follow are
    decided by the seed and the moves (a reload replays them at once), and the browser's Back
    takes back your last move."""
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


def _address(game: play_model.Game | None, lang: str) -> play_service.Address:
    """The game's URL values, read (and any bad one warned about) only when the address is
    the truth: on arrival, or without a game."""
    if game is not None and not url_arrival():
        return play_service.Address(None, None, "")
    return play_service.Address(url_value("seats", lang=lang), url_value("seed", lang=lang),
                                url_value("moves", lang=lang) or "",
                                lambda: url_value("check", lang=lang))


def current_game(rules_id: str, lang: str) -> play_model.Game | None:
    """The game the URL describes (rebuilt only when the URL changed), or None for the setup
    form. A bad address shows a message naming the problem and offers a new game."""
    before = session_state()
    arrival = play_service.read_game(before, _address(before.game, lang),
                                     house_code(rules_id) or rules_id,
                                     current_options(rules_id), arriving=url_arrival())
    if arrival.shown == "moves_alone":
        st.warning(tr("bad.moves_alone", lang), icon="⚠️")
    elif arrival.shown == "problem" and arrival.problem is not None:
        st.error(_problem(arrival.problem, lang), icon=":material/error:")
        _offer_new_game(lang, arrival.offer)
    elif arrival.shown == "mismatch" and arrival.offer is not None:
        st.error(t("played.mismatch", lang, value=str(arrival.offer.seed)),
                 icon=":material/error:")
        _offer_new_game(lang, arrival.offer)
    elif arrival.shown == "rules_changed":
        # The sidebar changed the profile or an option under a game: a new game for them.
        clear_game()
        st.info(tr("rules_changed", lang), icon=":material/info:")
    game = arrival.game
    if game is None:
        return None
    _keep(arrival.state, before)
    if arrival.arrived:
        played.arrived(game)
    played.watch_face_up(face_up())  # once shown face up, his game never counts
    return game


def _offer_new_game(lang: str, setup: play_model.Setup | None) -> None:
    left, right = st.columns(2)
    if setup is not None:
        left.button(tr("restart_deal", lang), on_click=start, args=(setup,),
                    kwargs={"origin": "link"}, icon=":material/replay:")
    right.button(tr("new_game", lang), on_click=clear_game, icon=":material/restart_alt:")


def start(setup: play_model.Setup, origin: str = "new") -> None:
    """Deal a new game for ``setup``, the learner's from now on, and put it in the URL
    (``origin``: ``link`` when the deal came from an address)."""
    before = session_state()
    state = play_service.start(setup, before)
    game = state.game
    assert game is not None  # start deals one
    _keep(state, before)
    played.started(game, origin=origin, face_up=face_up())
    st.query_params.update({**setup.query(), "check": setup.check})
    _write_game(game)


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
        if "play_teacher" not in S:  # a teacher's link may open the game face up
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
    """A hand finished that you have not yet looked at (the bots wait meanwhile); a return
    decision shows the end of its hand again (:func:`chinchon.services.play.acknowledged`)."""
    ack = int(S.get("play_ack", 0))
    seen = play_service.acknowledged(game, ack)
    if seen != ack:
        S.play_ack = seen
    return play_service.results_pending(game, seen)


def shown_hand(game: play_model.Game) -> int:
    """The hand the page is about: the finished one while its end is shown, else the current."""
    results_pending(game)  # the end of a hand to decide a return on shows again
    return play_service.shown_hand(game, int(S.get("play_ack", 0)))


def your_move(action: Action | None) -> None:
    """Play one of your actions (None: nothing to play), graded by the coach when it is on."""
    if action is None:
        return
    before = session_state()
    _apply(play_service.your_move(before, action, coach=coach_on(), now=time.monotonic()),
           before)


def on_draw_action() -> None:
    your_move(play_service.draw_action(S.play_game, clicked_action(DRAW_KEY)))


def on_hand_action() -> None:
    armed = bool(S.get("play_armed", False))
    after = play_service.armed_after(S.play_game, clicked_action(HAND_KEY), armed)
    if after != armed:
        S.play_armed = after


def on_card() -> None:
    your_move(play_service.card_action(session_state(), clicked_card(HAND_KEY)))


def closing_question(game: play_model.Game) -> Card | None:
    """The card you close with while the page asks what you show (None: no question)."""
    return play_service.closing_question(game, S.get("play_closing"))


def close_showing(index: int) -> None:
    """Close with the card asked about, showing its closing choice ``index`` (0: ours)."""
    before = session_state()
    _apply(play_service.close_showing(before, index, coach=coach_on(), now=time.monotonic()),
           before)


def cancel_close() -> None:
    S.play_closing = None


def play_hint() -> None:
    """Play the coach's best move for you."""
    your_move(play_service.hint_move(S.play_game))


def ask_hint() -> None:
    S.play_hint = True


def arrange_now() -> None:
    S.play_arranged = play_service.hand_signature(S.play_game)


def take_back() -> None:
    before = session_state()
    _apply(play_service.take_back(before), before)


def next_deal() -> None:
    before = session_state()
    _keep(play_service.next_deal(before, now=time.monotonic()), before)


def decide_return(spend: bool) -> None:
    your_move(play_service.return_move(S.play_game, spend))


def play_to_the_end() -> None:
    """Once you are out for good: let the bots finish the game at once."""
    before = session_state()
    _keep(play_service.play_to_the_end(before), before)


# --- The bots' turns ---------------------------------------------------------------------------------


def bots_play(game: play_model.Game) -> play_model.Game:
    """With the instant pace: every bot action until you are to act or a hand ends."""
    before = replace(session_state(), game=game)
    after = play_service.bots_play(before)
    _keep(after, session_state())
    assert after.game is not None
    return after.game


def bot_tick() -> play_model.Game:
    """One bot turn per tick of the fragment's timer (the timer is the pace)."""
    before = session_state()
    after = play_service.bot_tick(before, now=time.monotonic(), pace=pace())
    _keep(after, before)
    assert after.game is not None
    return after.game


def paced(draw: Callable[[], None], game: play_model.Game) -> None:
    """Run ``draw`` in a fragment that reruns at the chosen pace while the bots play; when they
    are done the whole page reruns once (to show your turn or the end of the hand)."""
    if play_service.ticking(game, int(S.get("play_ack", 0)), pace()):
        def ticking() -> None:
            before = S.play_game
            after = bot_tick()
            if play_service.bots_done(before, after, int(S.get("play_ack", 0))):
                st.rerun(scope="app")
            draw()
        st.fragment(ticking, run_every=pace())()
    else:
        draw()
