"""The Play page's widgets: the game in the session and the URL, the table, the coach, the end
of a hand and the review. The logic lives in :mod:`chinchon.views.table` and
:mod:`chinchon.views.coach`; this module only keeps state and draws.

Session keys start with ``play_``. The game's address is the URL's ``rules`` (and options),
``seats`` (the bots' levels), ``seed`` and ``moves`` (:func:`chinchon.views.table.encode`).
"""

from __future__ import annotations

import html
import random
import time
from collections.abc import Callable, Sequence
from fractions import Fraction

import pandas as pd
import streamlit as st

from chinchon.engine.actions import PILE, STOCK, Action, Discard, Draw, Return
from chinchon.engine.bots import BOT_NAMES
from chinchon.engine.cards import Card
from chinchon.engine.game import Phase
from chinchon.engine.rules import get_rules
from chinchon.views import coach, svg
from chinchon.views import table as tb
from chinchon.views.i18n import card_name, fmt_number, fmt_percent, t
from webui.card_buttons import ActionButton, card_buttons, clicked_action, clicked_card
from webui.hand_end import show_hand_end, show_score_sheet
from webui.ui import current_options, find_page, literal, show_cards

S = st.session_state
#: Grade colours (best … blunder), readable on light and dark themes.
GRADE_COLOURS = {"best": "#1f7a4d", "good": "#3c8d5a", "inaccuracy": "#b7791f",
                 "mistake": "#c05621", "blunder": "#b3261e"}
DEFAULT_PACE = "normal"
HAND_KEY = "play_hand"
DRAW_KEY = "play_draw"


def tr(key: str, lang: str, **values: object) -> str:
    return t(f"play.{key}", lang, **values)


# --- Names and words ------------------------------------------------------------------------------


def seat_names(setup: tb.Setup, lang: str) -> list[str]:
    """"You", then "Bot 1 (greedy)" and so on, in ``lang``."""
    return [tr("you", lang), *(tr("bot_name", lang, n=i, level=tr(f"level.{level}", lang))
                               for i, level in enumerate(setup.bots, 1))]


def number(value: Fraction | int | None, lang: str) -> str:
    return "—" if value is None else fmt_number(value, lang)


def percent(value: Fraction, lang: str) -> str:
    return fmt_percent(value, lang)


#: The sentences that count points: which value picks their plural form.
_COUNTED = {"best_draw": "points", "best_discard": "points", "take": "best_points",
            "stock": "best_points", "points": "best_points", "waited": "points"}


def seat_line(total: int, count: int, lang: str) -> str:
    """"12 points · 7 cards" (each word in its plural form)."""
    return (tr("seat_points", lang, total=total, count=total) + " · "
            + tr("seat_cards", lang, count=count))


def outcome_text(outcome: str, score: int | None, lang: str) -> str:
    return t(f"puzzles.outcome.{outcome}", lang, score=score)


def move_text(move: coach.Move, top: Card | None, lang: str) -> str:
    """A coach move in words: "taking the 7 of oros", "drawing from the stock", a card name."""
    if move.action == "take":
        return t("coach.move.take", lang, card=card_name(top.code(), lang) if top else "")
    if move.action == "stock":
        return t("coach.move.stock", lang)
    return card_name(move.action, lang)


def action_text(action: Action, names: Sequence[str], seat: int, top: Card | None,
                lang: str) -> str:
    """One of your actions in words, for the review."""
    if isinstance(action, Draw):
        if action.source == PILE and top is not None:
            return tr("did.take", lang, card=card_name(top.code(), lang))
        return tr("did.stock", lang)
    if isinstance(action, Discard):
        key = "did.close" if action.close else "did.discard"
        return tr(key, lang, card=card_name(action.card.code(), lang))
    return tr("did.return" if action.spend else "did.stay_out", lang)


def verdict_sentence(verdict: coach.Verdict, lang: str) -> str:
    """The coach's one sentence why, its numbers formatted and its moves named."""
    key, values = coach.explain(verdict)
    top = verdict.position.top
    shown = dict(values)
    for name in ("move", "best"):
        code = values[name]
        shown[name] = (move_text(coach.Move(code), top, lang) if code in ("take", "stock")
                       else card_name(code, lang))
    shown["top"] = card_name(top.code(), lang) if top else ""
    for name in ("chance", "best_chance"):
        shown[name] = percent(values[name], lang)
    shown["outcome"] = outcome_text(values["outcome"], values["score"], lang)
    shown["best_outcome"] = outcome_text(values["best_outcome"], values["best_score"], lang)
    if key in _COUNTED:
        shown["count"] = values[_COUNTED[key]]
    return t(f"coach.why.{key}", lang, **shown)


# --- The game in the session and the URL -----------------------------------------------------------


def _set_game(game: tb.Game, write_url: bool = True) -> None:
    """Keep ``game`` in the session and (``write_url``) its moves in the address. Each address
    written is a browser history entry, so only your own moves write one: the bots' turns that
    follow are decided by the seed and the moves (a reload replays them at once), and the
    browser's Back takes back your last move."""
    S.play_game = game
    if not write_url:
        return
    code = game.code()
    S.play_url = code
    if code:
        st.query_params["moves"] = code
    elif "moves" in st.query_params:
        del st.query_params["moves"]


def _problem(error: tb.TableError, lang: str) -> str:
    """A bad address in words: the URL value named, the reason in ``lang``, bad text quoted."""
    values = {k: literal(str(v)) if k == "value" else v for k, v in error.values.items()}
    reason = tr(f"problem.{error.kind}", lang, **values)
    return tr(f"bad.{error.field}", lang, reason=reason)


def current_game(rules_id: str, lang: str) -> tb.Game | None:
    """The game the URL describes (rebuilt only when the URL changed), or None for the setup
    form. A bad address shows a message naming the problem and offers a new game."""
    seats = st.query_params.get("seats")
    seed = st.query_params.get("seed")
    moves = st.query_params.get("moves", "")
    if seats is None and seed is None:
        if moves:
            st.warning(tr("bad.moves_alone", lang), icon="⚠️")
        return None
    try:
        setup = tb.parse_setup(rules_id, current_options(rules_id), seats or "",
                               seed if seed is not None else "")
    except tb.TableError as error:
        st.error(_problem(error, lang), icon=":material/error:")
        _offer_new_game(lang, None)
        return None
    game: tb.Game | None = S.get("play_game")
    ours = game is not None and moves.strip() in (game.code(), S.get("play_url"))
    if game is not None and game.setup.rules != setup.rules and ours:
        # The sidebar changed the profile or an option under a game: a new table for them.
        clear_game()
        st.info(tr("rules_changed", lang), icon=":material/info:")
        return None
    # The address may lag behind the bots' turns (see _set_game): that is still our game.
    if game is None or game.setup != setup or not ours:
        try:
            game = tb.load(setup, moves).catch_up()
        except tb.TableError as error:
            st.error(_problem(error, lang), icon=":material/error:")
            _offer_new_game(lang, setup)
            return None
        _reset_for(game)
        S.play_game = game
        S.play_url = moves.strip()
    return game


def _reset_for(game: tb.Game) -> None:
    """A game arrives from the URL (a reload, a link): its finished hands count as seen, but
    for one that has just ended (nobody has played in the next deal yet): it shows again."""
    state = game.state
    deciding = state.phase is Phase.RETURN  # a return is decided on the hand's end screen
    just_ended = bool(state.results) and not game.over and (state.turns == 0 or deciding)
    S.play_ack = len(state.results) - just_ended
    S.play_verdicts = {}
    S.play_last = None
    S.play_hint = False
    S.play_armed = False
    S.play_review_at = None


def _offer_new_game(lang: str, setup: tb.Setup | None) -> None:
    left, right = st.columns(2)
    if setup is not None:
        left.button(tr("restart_deal", lang), on_click=start, args=(setup,),
                    icon=":material/replay:")
    right.button(tr("new_game", lang), on_click=clear_game, icon=":material/restart_alt:")


def start(setup: tb.Setup) -> None:
    """Deal a new game for ``setup`` and put it in the URL."""
    game = tb.new_game(setup)
    _reset_for(game)
    S.play_ack = 0
    st.query_params.update(setup.query())
    _set_game(game)


def clear_game() -> None:
    for name in ("seats", "seed", "moves"):
        if name in st.query_params:
            del st.query_params[name]
    S.pop("play_game", None)


# --- The setup form --------------------------------------------------------------------------------


def setup_form(rules_id: str, lang: str) -> None:
    """Choose the number of opponents and their levels, then deal."""
    rules = get_rules(rules_id, **current_options(rules_id))
    low, high = rules.players
    most = min(high - 1, tb.MAX_OPPONENTS)
    fewest = max(1, low - 1)
    st.subheader(tr("setup.title", lang))
    count = st.slider(tr("setup.opponents", lang), fewest, most, min(max(2, fewest), most),
                      key="play_opponents") if most > fewest else fewest
    levels = []
    columns = st.columns(most)
    for i in range(count):
        levels.append(columns[i].selectbox(
            tr("bot_name", lang, n=i + 1, level="").strip(" ()·"), BOT_NAMES,
            index=BOT_NAMES.index("greedy"), key=f"play_level_{i}",
            format_func=lambda name: tr(f"level.{name}", lang)))
    st.caption(tr("setup.levels_help", lang))
    seed = st.number_input(tr("setup.seed", lang), 0, tb.MAX_SEED, key="play_seed_input",
                           value=S.setdefault("play_seed_default", random.randrange(10**6)),
                           help=tr("setup.seed_help", lang))
    if st.button(tr("setup.deal", lang), type="primary", icon=":material/playing_cards:"):
        start(tb.parse_setup(rules_id, current_options(rules_id), ",".join(levels), str(seed)))
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
        st.toggle(tr("arrange_switch", lang), value=False, key="play_auto_arrange",
                  help=tr("arrange_switch_help", lang))
        st.segmented_control(tr("pace", lang), list(tb.PACES), default=DEFAULT_PACE,
                             key="play_pace", required=True,
                             format_func=lambda p: tr(f"pace.{p}", lang),
                             help=tr("pace_help", lang))


def _teacher_to_url() -> None:
    if S.get("play_teacher"):
        st.query_params["teacher"] = "1"
    elif "teacher" in st.query_params:
        del st.query_params["teacher"]


def pace() -> float:
    return tb.PACES.get(S.get("play_pace") or DEFAULT_PACE, tb.PACES[DEFAULT_PACE])


def coach_on() -> bool:
    return bool(S.get("play_coach", True))


def face_up() -> bool:
    return bool(S.get("play_teacher", False))


# --- Your moves -----------------------------------------------------------------------------------


def results_pending(game: tb.Game) -> bool:
    """A hand finished that you have not yet looked at (the bots wait meanwhile). Your return
    decision is taken on the end screen of the hand that put you out: it shows again."""
    results = game.state.results
    if game.your_turn and game.state.phase is Phase.RETURN:
        S.play_ack = min(int(S.get("play_ack", 0)), len(results) - 1)
    return len(results) > int(S.get("play_ack", 0))


def shown_hand(game: tb.Game) -> int:
    """The hand the page is about: the finished one while its end is shown, else the current."""
    if results_pending(game):
        return game.state.results[int(S.get("play_ack", 0))].hand
    return game.state.hand


def your_move(action: Action) -> None:
    """Play one of your actions: graded by the coach (when on) before it is applied."""
    game: tb.Game = S.play_game
    index = len(game.actions)
    verdict = tb.grade_action(game.state, action) if coach_on() else None
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
    game: tb.Game = S.play_game
    if not game.your_turn or game.state.phase is not Phase.DRAW:
        return
    if name == "draw-stock":
        your_move(Draw(STOCK))
    elif name == "draw-pile" and game.state.top is not None:
        your_move(Draw(PILE))


def on_hand_action() -> None:
    if clicked_action(HAND_KEY) == "close" and tb.closing_cards(S.play_game):
        S.play_armed = not S.get("play_armed", False)


def on_card() -> None:
    code = clicked_card(HAND_KEY)
    game: tb.Game = S.play_game
    if code is None or not game.your_turn or game.state.phase is not Phase.DISCARD:
        return
    card = Card.parse(code)
    close = bool(S.get("play_armed")) and card in tb.closing_cards(game)
    your_move(Discard(card, close))


def play_hint() -> None:
    """Play the coach's best move for you."""
    game: tb.Game = S.play_game
    if game.your_turn and game.state.phase is not Phase.RETURN:
        your_move(tb.hint(game.state)[0])


def ask_hint() -> None:
    S.play_hint = True


def arrange_now() -> None:
    S.play_arranged = _hand_signature(S.play_game)


def _hand_signature(game: tb.Game) -> tuple[str, ...]:
    return tuple(sorted(card.code() for card in game.state.hands[tb.HUMAN] or ()))


def take_back() -> None:
    game: tb.Game = S.play_game.take_back()
    S.play_verdicts = {i: v for i, v in S.get("play_verdicts", {}).items()
                       if i < len(game.actions)}
    S.play_last = max(S.play_verdicts, default=None)
    S.play_ack = min(S.get("play_ack", 0), len(game.state.results))
    S.play_hint = S.play_armed = False
    _set_game(game)


def next_deal() -> None:
    S.play_ack = len(S.play_game.state.results)
    S.play_review_at = None
    S.play_bot_clock = time.monotonic()


def decide_return(spend: bool) -> None:
    game: tb.Game = S.play_game
    if game.your_turn and game.state.phase is Phase.RETURN:
        your_move(Return(spend))


def play_to_the_end() -> None:
    """Once you are out for good: let the bots finish the game at once."""
    game: tb.Game = S.play_game.play_bots()
    S.play_ack = len(game.state.results)
    _set_game(game, write_url=False)


# --- The bots' turns ---------------------------------------------------------------------------------


def bots_play(game: tb.Game) -> tb.Game:
    """With the instant pace: every bot action until you are to act or a hand ends."""
    while game.bot_to_move and not results_pending(game):
        game = game.play_bot_turn()
    if game is not S.play_game:
        _set_game(game, write_url=False)
    return game


def bot_tick() -> tb.Game:
    """One bot turn per tick of the fragment's timer (the timer is the pace). The run that
    follows your own move is not a tick: it shows your move first (the clock says so)."""
    game: tb.Game = S.play_game
    now = time.monotonic()
    # Half the pace: a timer tick always qualifies, however long the last run took.
    due = now - S.get("play_bot_clock", 0.0) >= pace() * 0.5
    if game.bot_to_move and not results_pending(game) and due:
        S.play_bot_clock = now
        game = game.play_bot_turn()
        _set_game(game, write_url=False)
    return game


def paced(draw: Callable[[], None], game: tb.Game) -> None:
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


# --- Drawing the table --------------------------------------------------------------------------------


def _backs_html(count: int, width: int = 26) -> str:
    uri = svg.svg_data_uri(svg.back_svg(width))
    overlap = -round(width * 0.55)
    imgs = "".join(f'<img src="{uri}" width="{width}" alt="" style="margin-left:'
                   f'{overlap if i else 0}px">' for i in range(count))
    return f'<div style="display:flex;align-items:center">{imgs}</div>'


def _row(codes: Sequence[str], lang: str, width: int) -> str:
    return svg.cards_row_html(codes, width=width, gap=2,
                              alts=[card_name(code, lang) for code in codes])


def show_opponents(game: tb.Game, names: Sequence[str], lang: str) -> None:
    """One compact box per bot (it wraps on a phone): name, level, to play, cards (backs, or
    faces under the teacher's switch), points and count, and what he took from the pile."""
    boxes = []
    for info in tb.seats(game, face_up())[1:]:
        ring = "2px solid #1f7a4d" if info.to_play else "1px solid rgba(128,128,128,.35)"
        name = html.escape(names[info.seat]) + (" ▶" if info.to_play else "")
        parts = [f'<div style="font-weight:600">{name}</div>']
        if not info.playing:
            parts.append(f'<div style="opacity:.7">{html.escape(tr("out", lang))}</div>')
        elif info.hand is not None:
            parts.append(_row([c.code() for c in info.hand], lang, 30))
        elif info.count:
            parts.append(_backs_html(info.count))
        line = seat_line(info.total, info.count or 0, lang)
        parts.append(f'<div style="font-size:.85rem;opacity:.75">{html.escape(line)}</div>')
        if info.taken:
            parts.append(f'<div style="font-size:.8rem;opacity:.75">'
                         f'{html.escape(tr("took", lang))}</div>')
            parts.append(_row([c.code() for c in info.taken], lang, 24))
        boxes.append(f'<div data-seat="{info.seat}" style="border:{ring};border-radius:10px;'
                     f'padding:8px 12px;display:flex;flex-direction:column;gap:4px;'
                     f'min-width:150px;flex:1 1 150px">{"".join(parts)}</div>')
    st.html('<div style="display:flex;flex-wrap:wrap;gap:10px">' + "".join(boxes) + "</div>")


def show_draw_area(game: tb.Game, lang: str) -> None:
    state = game.state
    drawing = game.your_turn and state.phase is Phase.DRAW
    top = state.top
    actions = [ActionButton("draw-stock", tr("stock_label", lang, n=len(state.stock)),
                            disabled=not drawing, back=True, title=tr("draw_stock", lang))]
    if top is not None:
        actions.append(ActionButton("draw-pile", tr("pile_label", lang), disabled=not drawing,
                                    card=top.code(),
                                    title=tr("draw_pile", lang, card=card_name(top.code(), lang))))
    card_buttons([], lang, key=DRAW_KEY, label=tr("draw_area", lang), on_click=lambda: None,
                 actions=actions, on_action=on_draw_action, width=72)
    if drawing:
        st.caption(tr("draw_prompt", lang))


def show_turn_notes(game: tb.Game, names: Sequence[str], lang: str) -> None:
    notes = tb.last_turns(game, face_up())
    lines = []
    for note in notes[-6:]:
        if note.seat == tb.HUMAN:
            continue
        source = (tr("note.pile", lang, card=card_name(note.card.code(), lang))
                  if note.source == PILE and note.card is not None
                  else tr("note.stock_card", lang, card=card_name(note.card.code(), lang))
                  if note.card is not None else tr("note.stock", lang))
        key = "note.close" if note.close else "note.discard"
        lines.append("- " + tr(key, lang, who=names[note.seat], source=source,
                               card=card_name(note.discard.code(), lang)))
    if lines:
        st.markdown("\n".join(lines))
    elif game.bot_to_move:
        st.caption(tr("bots_thinking", lang, who=names[game.state.turn]))


def show_hand(game: tb.Game, lang: str) -> None:
    state = game.state
    held = state.hands[tb.HUMAN]
    if held is None:
        st.info(tr("you_are_out", lang))
        return
    discarding = game.your_turn and state.phase is Phase.DISCARD
    arranged = bool(S.get("play_auto_arrange")) or S.get("play_arranged") == _hand_signature(game)
    groups = tb.hand_groups(game, arranged)
    keep = tb.keep_points(game)
    closing = tb.closing_cards(game)
    armed = bool(S.get("play_armed")) and bool(closing)
    marks: dict[str, str | None] = {}
    if state.drawn is not None and discarding:
        marks[state.drawn.code()] = "new"
    if armed:
        marks.update({card.code(): "closes" for card in closing})
    if S.get("play_hint") and coach_on() and discarding:
        best = tb.hint(state)[0]
        if isinstance(best, Discard):
            marks[best.card.code()] = "hint"
    captions = {card.code(): tr("keeps", lang, points=points) for card, points in keep.items()}
    block = tb.close_block(game) if discarding else None
    close_label = tr("close_armed" if armed else "close", lang)
    actions = [ActionButton("close", close_label, disabled=not closing, primary=armed,
                            title=tr("close_help", lang))] if discarding else []
    card_buttons([[c.code() for c in g] for g in groups], lang, key=HAND_KEY,
                 label=tr("your_hand", lang), on_click=on_card, states=marks,
                 disabled=not discarding, captions=captions, actions=actions,
                 on_action=on_hand_action, inline=len(groups) > 1, width=78, gap=6)
    if discarding:
        if armed:
            st.caption(tr("close_pick", lang))
        elif block is not None:
            kind, values = block
            st.caption(tr(f"block.{kind.value}", lang, **values))
        else:
            st.caption(tr("discard_prompt", lang))


def show_controls(game: tb.Game, lang: str) -> None:
    state = game.state
    mine = game.your_turn and state.phase in (Phase.DRAW, Phase.DISCARD)
    with st.container(horizontal=True):
        if coach_on():
            st.button(tr("hint", lang), on_click=ask_hint, disabled=not mine,
                      icon=":material/lightbulb:", key="play_hint_button")
        st.button(tr("play_hint", lang), on_click=play_hint, disabled=not mine,
                  icon=":material/smart_toy:", key="play_hint_move",
                  help=tr("play_hint_help", lang))
        st.button(tr("arrange", lang), on_click=arrange_now,
                  disabled=state.hands[tb.HUMAN] is None, icon=":material/sort:",
                  key="play_arrange")
        st.button(tr("back", lang), on_click=take_back,
                  disabled=game.last_human_action() is None, icon=":material/undo:",
                  key="play_back", help=tr("back_help", lang))
    if S.get("play_hint") and coach_on() and mine:
        moves = coach.best_moves(tb.position(state))
        words = ", ".join(_coach_move_words(m, state.top, lang) for m in moves)
        st.info(tr("hint_text", lang, move=words), icon=":material/lightbulb:")


def _coach_move_words(move: coach.Move, top: Card | None, lang: str) -> str:
    words = move_text(move, top, lang)
    return tr("close_with", lang, card=words) if move.close else words


def show_verdict(verdict: coach.Verdict, lang: str, *, heading: str | None = None) -> None:
    """The grade (in its colour, with a ``data-grade`` hook), the sentence, the better move."""
    colour = GRADE_COLOURS[verdict.grade]
    word = t(f"coach.grade.{verdict.grade}", lang)
    title = heading or tr("coach_title", lang)
    st.html(f'<div data-grade="{verdict.grade}" style="display:flex;gap:10px;align-items:center">'
            f'<span style="background:{colour};color:#fff;border-radius:12px;padding:2px 12px;'
            f'font-weight:700">{word}</span><span style="opacity:.8">{title}</span></div>')
    st.markdown(verdict_sentence(verdict, lang))
    if not verdict.is_best:
        cards = verdict.better_cards()
        if cards:
            st.caption(tr("better", lang))
            show_cards(list(cards), lang, width=56)
        else:
            st.caption(tr("better_text", lang, move=_coach_move_words(
                verdict.better.move, verdict.position.top, lang)))


def show_coach(game: tb.Game, lang: str) -> None:
    last = S.get("play_last")
    verdict = S.get("play_verdicts", {}).get(last) if last is not None else None
    if not coach_on():
        st.caption(tr("coach_off", lang))
        return
    if verdict is None:
        st.caption(tr("coach_waiting", lang))
        return
    show_verdict(verdict, lang)


# --- The end of a hand, the game's end, the review ------------------------------------------------


def show_hand_over(game: tb.Game, names: Sequence[str], lang: str) -> None:
    state = game.state
    index = S.get("play_ack", 0)
    result = state.results[index]
    seats = result.player_seats
    st.header(tr("hand_over", lang, n=result.hand), divider="green")
    if result.closer is not None:
        st.markdown(tr("closed_by", lang, who=names[result.closer]))
    else:
        st.markdown(tr("no_closer", lang))
    show_hand_end(result.end, [names[s] for s in seats], lang, key=f"play_steps_{result.hand}")
    scores = ", ".join(f"{names[s]} {number(a, lang)}" for s, a in enumerate(result.scores))
    st.markdown(tr("hand_scores", lang, scores=scores))
    if result.out:
        st.warning(tr("eliminated", lang, who=", ".join(names[s] for s in result.out)))
    st.subheader(tr("sheet", lang))
    sheet = state.sheet
    show_score_sheet(sheet, names, lang, chart=False)
    if game.your_turn and state.phase is Phase.RETURN:
        left = sheet.returns_left(tb.HUMAN)
        st.info(tr("return_question", lang, left="∞" if left is None else left))
        with st.container(horizontal=True):
            st.button(tr("return_yes", lang), on_click=decide_return, args=(True,),
                      type="primary", key="play_return_yes")
            st.button(tr("return_no", lang), on_click=decide_return, args=(False,),
                      key="play_return_no")
        return
    review_panel(game, names, lang, hand=result.hand)
    if not game.over or index + 1 < len(state.results):
        st.button(tr("next_deal", lang), on_click=next_deal, type="primary",
                  icon=":material/skip_next:", key="play_next_deal")
    else:
        st.button(tr("see_end", lang), on_click=next_deal, type="primary",
                  key="play_see_end")


def show_game_over(game: tb.Game, names: Sequence[str], lang: str) -> None:
    state = game.state
    winner = state.winner
    st.header(tr("game_over", lang), divider="green")
    if winner is None:
        st.info(tr("draw_game", lang))
    elif winner == tb.HUMAN:
        st.success(tr("you_win", lang), icon=":material/trophy:")
    else:
        st.info(tr("winner", lang, who=names[winner]))
    show_score_sheet(state.sheet, names, lang)
    review_panel(game, names, lang, hand=None)
    st.button(tr("new_game", lang), on_click=clear_game, type="primary",
              icon=":material/restart_alt:", key="play_new_after")


def review_panel(game: tb.Game, names: Sequence[str], lang: str, hand: int | None) -> None:
    """Every graded decision (of one hand, or of the game), the accuracy and "next mistake"."""
    indexes = tb.decisions(game, hand)
    st.subheader(tr("review_hand" if hand is not None else "review_game", lang))
    if not indexes:
        st.caption(tr("review_empty", lang))
        return
    with st.spinner(tr("review_grading", lang)):
        graded = tb.verdicts(game, indexes, S.get("play_verdicts", {}))
    S.play_verdicts = {**S.get("play_verdicts", {}), **graded}
    summary = coach.review(graded[i] for i in indexes if i in graded)
    accuracy = summary.accuracy
    counts = summary.counts()
    cols = st.columns(len(coach.GRADES) + 1)
    cols[0].metric(tr("accuracy", lang), percent(accuracy, lang) if accuracy is not None
                   else "—")
    for col, name in zip(cols[1:], coach.GRADES, strict=True):
        col.metric(t(f"coach.grade.{name}", lang), counts[name])
    rows = []
    for number_, index in enumerate(indexes, 1):
        verdict = graded.get(index)
        state = game.states[index]
        rows.append({
            "#": number_, tr("col.hand", lang): state.hand,
            tr("col.move", lang): action_text(game.actions[index], names, tb.HUMAN, state.top,
                                              lang),
            tr("col.grade", lang): t(f"coach.grade.{verdict.grade}", lang) if verdict else "—",
            tr("col.chance", lang): float(verdict.chance_loss) * 100 if verdict else None,
            tr("col.points", lang): float(verdict.points_loss) if verdict else None})
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", column_config={
        tr("col.chance", lang): st.column_config.NumberColumn(format="%.1f%%"),
        tr("col.points", lang): st.column_config.NumberColumn(format="%.2f")})
    mistakes = [indexes[i] for i in summary.mistakes()]
    key = f"play_review_at_{hand}"
    if not mistakes:
        st.caption(tr("no_mistakes", lang))
        return
    at = S.get(key)

    def next_mistake() -> None:
        current = S.get(key)
        later = [i for i in mistakes if current is None or i > current]
        S[key] = later[0] if later else mistakes[0]

    st.button(tr("next_mistake", lang, n=len(mistakes)), on_click=next_mistake,
              icon=":material/search:", key=f"play_next_mistake_{hand}")
    if at in graded:
        verdict = graded[at]
        position = verdict.position
        st.markdown(tr("mistake_at", lang, n=indexes.index(at) + 1,
                       move=action_text(game.actions[at], names, tb.HUMAN, position.top, lang)))
        show_cards([c.code() for c in position.hand], lang, width=48)
        if position.top is not None:
            st.caption(tr("pile_top", lang, card=card_name(position.top.code(), lang)))
        show_verdict(verdict, lang, heading=tr("review_grade", lang))
        lab = find_page("hand_lab")
        if lab is not None:
            st.page_link(lab, label=tr("open_lab", lang), icon=":material/science:",
                         query_params={**coach.hand_lab_query(position), "lang": lang})


def show_table(game: tb.Game, names: Sequence[str], lang: str) -> None:
    """The whole table: opponents, the pile and the stock, the bots' turns, your hand, your
    controls and the coach."""
    show_opponents(game, names, lang)
    left, right = st.columns([2, 3], gap="medium")
    with left:
        show_draw_area(game, lang)
    with right:
        with st.container(border=True):
            show_coach(game, lang)
        show_turn_notes(game, names, lang)
    held = game.state.hands[tb.HUMAN] or ()
    line = seat_line(game.state.totals[tb.HUMAN], len(held), lang)
    st.markdown(f"**{tr('your_hand', lang)}** · {line}")
    show_hand(game, lang)
    show_controls(game, lang)
