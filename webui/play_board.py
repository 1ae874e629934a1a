"""The Play page's board: the opponents, the stock and the pile, the bots' turns, your hand
with its Close and draw buttons (the one clickable-card component), your controls and the
coach's grade, and the words they use. The state lives in :mod:`webui.play_state`; the logic
in :mod:`chinchon.views.play` and :mod:`chinchon.views.coach`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pyarrow as pa  # type: ignore[import-untyped]
import streamlit as st
from babel.lists import format_list

from chinchon.engine.cards import Card
from chinchon.engine.rules import Rules
from chinchon.engine.solver import Arrangement, Outcome
from chinchon.game import closing
from chinchon.game.actions import PILE, Action, Discard, Draw
from chinchon.game.state import Phase
from chinchon.services.play import hand_signature
from chinchon.views import close_now, coach, review, seat_coach, svg
from chinchon.views import coach_lesson as lesson
from chinchon.views import play as play_model
from chinchon.views.house import house_words
from chinchon.views.i18n import card_name, fmt_number, fmt_percent, locale, t
from webui import faces
from webui.card_buttons import ActionButton, card_buttons
from webui.cards import show_arrangement, show_cards
from webui.hand_end import arrangement_text
from webui.play_state import (
    DRAW_KEY,
    HAND_KEY,
    S,
    arrange_now,
    ask_hint,
    cancel_close,
    close_showing,
    closing_question,
    coach_on,
    face_up,
    on_card,
    on_draw_action,
    on_hand_action,
    pace,
    play_hint,
    take_back,
    tr,
)

#: Grade colours (best … blunder), readable on light and dark themes.
GRADE_COLOURS = {"best": "#1f7a4d", "good": "#3c8d5a", "inaccuracy": "#b7791f",
                 "mistake": "#c05621", "blunder": "#b3261e"}

# --- Names and words ------------------------------------------------------------------------------



def _css(name: str) -> str:
    """A stylesheet beside this module, without its comments (read once, at import)."""
    text = Path(__file__).with_name(name).read_text(encoding="utf-8")
    return re.sub(r"/\*.*?\*/\s*", "", text, flags=re.DOTALL).strip()


#: The newest card's slide (``{NAME}``: the row's class, ``{TIMING}``: its animation timing).
_MOTION_CSS = _css("play_motion.css")

def seat_names(setup: play_model.Setup, lang: str) -> list[str]:
    """"You", then "Bot 1 (greedy)" and so on, in ``lang``."""
    return [tr("you", lang), *(tr("bot_name", lang, n=i, level=tr(f"level.{level}", lang))
                               for i, level in enumerate(setup.bots, 1))]


def profile_words(rules: Rules, lang: str) -> str:
    """The profile's name, and its house rules in words when the game changed some
    ("Barajamos, house rules: Jokers: the ace of oros is the joker; …")."""
    name = t(f"profile.{rules.id}.name", lang)
    changes = house_words(rules, lang)
    return t("coach.house_rules", lang, profile=name, rules=changes) if changes else name


def number(value: Fraction | int | None, lang: str) -> str:
    return "—" if value is None else fmt_number(value, lang)


def percent(value: Fraction, lang: str) -> str:
    """One decimal, as the puzzles write a chance: the sentence and the figures agree."""
    return fmt_percent(value, lang, digits=1)


#: The sentences that count points: which value picks their plural form.
_COUNTED = {"best_draw": "points", "best_discard": "points", "take": "best_points",
            "stock": "best_points", "points": "best_points", "waited": "points"}


def seat_line(total: int, count: int, lang: str) -> str:
    """"Total 12 · 7 cards" (the cards in their plural form)."""
    return tr("seat_line", lang, total=total, count=count)


def outcome_text(outcome: str, score: int | None, lang: str) -> str:
    return t(f"puzzles.outcome.{outcome}", lang, score=score)


def move_text(move: coach.Move, top: Card | None, lang: str) -> str:
    """A coach move in words: "taking the 7 of oros", "drawing from the stock", a card name."""
    return lesson.move_words(move.action, top, lang)


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
    """The coach's one sentence why, its moves named and its points whole ("about 21": the
    exact figures are in :func:`show_exact`)."""
    key, values = coach.explain(verdict)
    top = verdict.position.top
    shown = dict(values)
    for name in ("move", "best"):
        shown[name] = lesson.move_words(values[name], top, lang)
    shown["top"] = card_name(top.code(), lang) if top else ""
    for name in ("chance", "best_chance"):
        shown[name] = percent(values[name], lang)
    for name in ("points", "best_points"):
        shown[name] = lesson.about_points(values[name], lang)
    shown["outcome"] = outcome_text(values["outcome"], values["score"], lang)
    shown["best_outcome"] = outcome_text(values["best_outcome"], values["best_score"], lang)
    if key in _COUNTED:
        shown["count"] = round(values[_COUNTED[key]])
    return t(f"coach.why.{key}", lang, **shown)


def show_lesson(verdict: coach.Verdict, lang: str, *, watched: Sequence[Card] = (),
                watcher: str = "", width: int = 40) -> None:
    """The lesson under the grade: the meld, the figure, the pile card or the outs, the outs
    as card pictures (with a ``data-outs`` hook)."""
    found = lesson.lesson(verdict, watched, watcher)
    text = lesson.lesson_text(found, verdict.position.top, lang)
    if text:
        st.markdown(text)
    pictured = found.pictured
    if pictured:
        codes = [card.code() for card in pictured]
        st.html(f'<div data-outs="{" ".join(codes)}">{_row(codes, lang, width)}</div>')


def show_exact(verdict: coach.Verdict, lang: str) -> None:
    """Every move of the position with its exact close chance and expected points, one click
    away (an expander), the move played and the best marked."""
    with st.expander(t("coach.exact", lang), icon=":material/calculate:"):
        st.dataframe(_exact_rows(verdict, lang), hide_index=True, width="stretch")


@lru_cache(maxsize=512)  # drawn at every rerun of the Play page, twice (the phone's box too)
def _exact_rows(verdict: coach.Verdict, lang: str) -> pa.Table:
    """:func:`show_exact`'s rows, as the Arrow table Streamlit sends (no pandas on the way)."""
    position = verdict.position
    rows: dict[str, list[str]] = {t(f"coach.exact_col.{name}", lang): []
                                  for name in ("move", "chance", "points")}
    moves, chances, points = rows.values()
    for evaluation in coach.evaluate(position):
        mark = ("★ " if evaluation.key == verdict.better.key else "") + (
            "▸ " if evaluation.move == verdict.chosen.move else "")
        moves.append(mark + _coach_move_words(evaluation.move, position.top, lang))
        chances.append(percent(evaluation.chance, lang))
        points.append(fmt_number(evaluation.points, lang, 2))
    return pa.table(rows)


# --- Drawing the board --------------------------------------------------------------------------------


def _backs_html(count: int, width: int = 26) -> str:
    uri = faces.back_url()
    overlap = -round(width * 0.55)
    imgs = "".join(f'<img src="{uri}" width="{width}" alt="" style="margin-left:'
                   f'{overlap if i else 0}px">' for i in range(count))
    return f'<div style="display:flex;align-items:center">{imgs}</div>'


def wild_codes(rules: Rules) -> tuple[str, ...]:
    """The codes of the cards that play as jokers in this game (their faces are marked)."""
    return ("1o",) if rules.deck.wild_ace else ()


def _row(codes: Sequence[str], lang: str, width: int, wild: Sequence[str] = ()) -> str:
    return svg.cards_row_html(codes, width=width, gap=2, lang=lang,
                              face_url=faces.wild_face_url(frozenset(wild)),
                              alts=[card_name(code, lang) for code in codes])


#: The pile's last cards shown fanned (all of them are in a drawer).
PILE_SHOWN = 6


def show_discards(game: play_model.Game, names: Sequence[str], lang: str, *, index: int | None = None,
                  moving: float = 0.0, after: float = 0.0, width: int = 52) -> None:
    """The discard pile before action ``index`` (default: now): its last cards fanned with who
    threw each, the whole pile in a drawer. ``moving``: the newest card slides onto the pile
    in that many seconds, ``after`` seconds from now (a bot's throw shown at the game's
    pace, after his draw)."""
    at = len(game.actions) if index is None else index
    pile = review.pile_at(game, at)
    if not pile:
        st.caption(t("review.pile_empty", lang))
        return

    def thrower(seat: int | None) -> str:
        return names[seat] if seat is not None else t("review.dealt", lang)

    def row(cards: Sequence[tuple[Card, int | None]], width: int) -> str:
        codes = [card.code() for card, _ in cards]
        return svg.cards_row_html(codes, width=width, gap=4, lang=lang,
                                  face_url=faces.wild_face_url(wild_codes(game.setup.rules)),
                                  labels=[thrower(seat) for _, seat in cards],
                                  alts=[card_name(code, lang) for code in codes])

    st.caption(t("review.pile" if index is not None else "review.pile_now", lang,
                 count=len(pile)))
    motion = _motion_css("play-pile-moving", moving, after)
    codes = " ".join(card.code() for card, _ in pile)
    st.html(f'{motion}<div data-pile="{codes}" class="{"play-pile-moving" if motion else ""}">'
            f'{row(pile[-PILE_SHOWN:], width)}</div>')
    if len(pile) > PILE_SHOWN:
        with st.expander(t("review.whole_pile", lang, count=len(pile))):
            st.html(row(pile, 40))


def show_opponents(game: play_model.Game, names: Sequence[str], lang: str) -> None:
    """One compact box per bot (it wraps on a phone): name, level, to play, cards (backs, or
    faces under the teacher's switch) with what he took from the pile beside them, points and
    count. The bot whose turn just ended is shown moving at the pace: the card he drew slides
    in (from the stock: his newest back; from the pile: the card taken), then his throw slides
    onto the pile (:func:`show_discards`)."""
    boxes = []
    wild = wild_codes(game.setup.rules)
    drew = _just_drew(game)
    for info in play_model.seats(game, face_up())[1:]:
        ring = "2px solid #1f7a4d" if info.to_play else "1px solid rgba(128,128,128,.35)"
        name = html.escape(names[info.seat]) + (" ▶" if info.to_play else "")
        parts = [f'<div style="font-weight:600">{name}</div>']
        cards = []
        moving = drew is not None and drew[0] == info.seat
        if not info.playing:
            parts.append(f'<div style="opacity:.7">{html.escape(tr("out", lang))}</div>')
        elif info.hand is not None:
            cards.append(_row([c.code() for c in info.hand], lang, 30, wild))
        elif info.count:
            stock = moving and drew is not None and drew[1] != PILE
            cards.append(f'<div class="{"play-draw-moving" if stock else ""}">'
                         f'{_backs_html(info.count)}</div>')
        if info.taken:
            taken = "play-draw-moving" if moving and drew is not None and drew[1] == PILE else ""
            cards.append(f'<div title="{html.escape(tr("took", lang))}"><div style="font-size:'
                         f'.75rem;opacity:.75">{html.escape(tr("took", lang))}</div>'
                         f'<div class="{taken}">{_row([c.code() for c in info.taken], lang, 34, wild)}'
                         f'</div></div>')
        if cards:
            parts.append('<div style="display:flex;flex-wrap:wrap;gap:4px 14px;'
                         f'align-items:flex-end">{"".join(cards)}</div>')
        line = seat_line(info.total, info.count or 0, lang)
        parts.append(f'<div style="font-size:.85rem;opacity:.75">{html.escape(line)}</div>')
        boxes.append(f'<div data-seat="{info.seat}" style="border:{ring};border-radius:10px;'
                     f'padding:6px 12px;display:flex;flex-direction:column;gap:3px;'
                     f'min-width:150px;flex:1 1 150px">{"".join(parts)}</div>')
    motion = _motion_css("play-draw-moving", pace() / 2) if drew is not None else ""
    st.html(motion + '<div style="display:flex;flex-wrap:wrap;gap:10px">' + "".join(boxes)
            + "</div>")


def _just_drew(game: play_model.Game) -> tuple[int, str] | None:
    """The bot whose turn just ended (a draw, then a throw) and where he drew from (its draw
    is shown as a movement), else None."""
    actions = game.actions
    if len(actions) < 2 or not isinstance(actions[-1], Discard):
        return None
    seat = game.states[-2].turn
    draw = actions[-2]
    if not isinstance(draw, Draw) or game.states[-3].turn != seat or seat == seat_coach.HUMAN:
        return None
    return seat, draw.source


def _motion_css(name: str, seconds: float, delay: float = 0.0) -> str:
    """The newest card of a row of class ``name`` slides in over ``seconds`` (the pace), after
    ``delay`` seconds (hidden until then): the last figure of a card row, or the last back of
    a row of backs (a card drawn from the stock)."""
    if seconds <= 0:
        return ""
    timing = f"{seconds:.2f}s ease-out {delay:.2f}s backwards"
    return f"<style>{_MOTION_CSS.replace('{NAME}', name).replace('{TIMING}', timing)}</style>"


def show_draw_area(game: play_model.Game, lang: str) -> None:
    state = game.state
    drawing = game.your_turn and state.phase is Phase.DRAW
    top = state.top
    hinted = None
    if drawing and S.get("play_hint") and coach_on():
        hinted = "draw-pile" if Draw(PILE) in seat_coach.hint(state) else "draw-stock"
    actions = [ActionButton("draw-stock", tr("stock_label", lang, n=len(state.stock)),
                            disabled=not drawing, back=True, title=tr("draw_stock", lang),
                            state="hint" if hinted == "draw-stock" else None)]
    if top is not None:
        actions.append(ActionButton("draw-pile", tr("pile_label", lang), disabled=not drawing,
                                    card=top.code(),
                                    title=tr("draw_pile", lang, card=card_name(top.code(), lang)),
                                    state="hint" if hinted == "draw-pile" else None))
    card_buttons([], lang, key=DRAW_KEY, label=tr("draw_area", lang), on_click=lambda: None,
                 actions=actions, on_action=on_draw_action, width=72,
                 wild=wild_codes(game.setup.rules))
    if drawing:
        st.caption(tr("draw_prompt", lang))


def show_turn_notes(game: play_model.Game, names: Sequence[str], lang: str) -> None:
    notes = play_model.last_turns(game, face_up())
    lines = []
    for note in notes[-6:]:
        if note.seat == seat_coach.HUMAN:
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


def show_hand(game: play_model.Game, lang: str) -> None:
    state = game.state
    held = state.hands[seat_coach.HUMAN]
    if held is None:
        st.info(tr("you_are_out", lang))
        return
    discarding = game.your_turn and state.phase is Phase.DISCARD
    arranged = bool(S.get("play_auto_arrange")) or S.get("play_arranged") == hand_signature(game)
    groups = play_model.hand_groups(game, arranged)
    keep = play_model.keep_points(game)
    closing = play_model.closing_cards(game)
    armed = bool(S.get("play_armed")) and bool(closing)
    # While the page asks what you show, the hand waits: Cancel gives it back.
    asked = closing_question(game) if discarding else None
    marks: dict[str, str | None] = {}
    if state.drawn is not None and discarding:
        marks[state.drawn.code()] = "new"
    offers = close_now.close_offers(game) if discarding and asked is None else ()
    if armed or offers:  # the cards that close are ringed as soon as you may close
        marks.update({card.code(): "closes" for card in closing})
    if asked is not None:
        marks[asked.code()] = "closes"
    if S.get("play_hint") and coach_on() and discarding:
        best = seat_coach.hint(state)[0]
        if isinstance(best, Discard):
            marks[best.card.code()] = "hint"
    captions = {card.code(): tr("keeps", lang, points=points) for card, points in keep.items()}
    block = play_model.close_block(game) if discarding else None
    close_label = tr("close_armed" if armed else "close", lang)
    actions = [ActionButton("close", close_label, disabled=not closing or asked is not None,
                            primary=bool(offers) or armed,
                            title=tr("close_help", lang))] if discarding else []
    card_buttons([[c.code() for c in g] for g in groups], lang, key=HAND_KEY,
                 label=tr("your_hand", lang), on_click=on_card, states=marks,
                 disabled=not discarding or asked is not None, captions=captions,
                 actions=actions,
                 on_action=on_hand_action, inline=len(groups) > 1, width=78, gap=6,
                 fit=len(groups) == 1, wild=wild_codes(game.setup.rules))
    if discarding:
        if asked is not None:
            show_closing_question(game, asked, lang)
        elif armed:
            st.caption(tr("close_pick", lang))
        elif offers:
            show_close_offer(game, offers, lang)
        elif block is not None:
            kind, values = block
            st.caption(tr(f"block.{kind.value}", lang, **values))
        else:
            st.caption(tr("discard_prompt", lang))


def close_offer_text(offers: Sequence[close_now.CloseOffer], lang: str) -> str:
    """"You can close now with the 4 of copas (3 points)" (or with one of several cards)."""
    def one(offer: close_now.CloseOffer) -> str:
        score = (t("coach.close_score", lang, score=offer.score, count=offer.score)
                 if offer.outcome is Outcome.POINTS and offer.score is not None
                 else outcome_text(offer.outcome.value, offer.score, lang))
        return t("coach.close_card", lang, card=card_name(offer.card.code(), lang), score=score)

    return t("coach.close_now", lang, cards=format_list([one(o) for o in offers], style="or",
                                                         locale=locale(lang)))


def show_close_offer(game: play_model.Game, offers: Sequence[close_now.CloseOffer], lang: str) -> None:
    """The close line (a ``data-close-offer`` hook naming the cards), and, with the coach on,
    the expert's advice when waiting for −10 or a chinchón is the better bet."""
    codes = " ".join(offer.card.code() for offer in offers)
    st.html(f'<div data-close-offer="{codes}" style="background:rgba(31,122,77,.12);'
            f'border-left:4px solid #1f7a4d;border-radius:6px;padding:8px 12px;'
            f'font-weight:600">{html.escape(close_offer_text(offers, lang))} '
            f'<span style="font-weight:400;opacity:.8">{html.escape(t("coach.close_how", lang))}'
            f'</span></div>')
    if not coach_on():
        return
    keep = close_now.wait_advice(game)
    if keep is not None:
        advice = t("coach.wait_better", lang, card=card_name(keep.code(), lang))
        st.html(f'<div data-wait-advice="{keep.code()}" style="border-left:4px solid #b7791f;'
                f'padding:6px 12px">{html.escape(advice)}</div>')


def show_closing_question(game: play_model.Game, card: Card, lang: str) -> None:
    """You close with ``card`` and several arrangements close equally well: which you show."""
    ask_what_to_show(closing.choices_in(game.state, card), card, game.setup.rules, lang,
                     key="play", stamp=len(game.actions), on_confirm=close_showing,
                     on_cancel=cancel_close)


def ask_what_to_show(options: Sequence[Arrangement], card: Card, rules: Rules, lang: str, *,
                     key: str, stamp: int, on_confirm: Callable[[int], None],
                     on_cancel: Callable[[], None]) -> None:
    """The closer's question (the Play page's and a table's): of the ``options`` that close
    equally well with ``card``, which one he shows (ours preselected), as card names and
    pictures, and why it matters. ``on_confirm`` gets the chosen index (0: ours); the widgets'
    keys start with ``key`` and the radio's carries ``stamp`` (the move number), so that a
    later close asks afresh."""
    ours = t("layoffs.ours", lang)
    with st.container(border=True):
        st.markdown(f"**{tr('shows_question', lang, card=card_name(card.code(), lang))}**")
        st.caption(tr("shows_why", lang))
        index = st.radio(tr("shows_label", lang), range(len(options)), index=0,
                         key=f"{key}_shows_{stamp}_{card.code()}",
                         format_func=lambda i: arrangement_text(options[i], lang)
                         + (f" ({ours})" if i == 0 else ""))
        show_arrangement(options[index or 0], rules, lang, width=52)
        with st.container(horizontal=True):
            st.button(tr("shows_confirm", lang), on_click=on_confirm, args=(index or 0,),
                      type="primary", icon=":material/done_all:", key=f"{key}_close_confirm")
            st.button(tr("shows_cancel", lang), on_click=on_cancel, key=f"{key}_close_cancel")


def show_controls(game: play_model.Game, lang: str) -> None:
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
                  disabled=state.hands[seat_coach.HUMAN] is None, icon=":material/sort:",
                  key="play_arrange")
        st.button(tr("back", lang), on_click=take_back,
                  disabled=game.last_human_action() is None, icon=":material/undo:",
                  key="play_back", help=tr("back_help", lang))
    if S.get("play_hint") and coach_on() and mine:
        moves = coach.best_moves(seat_coach.position(state))
        words = ", ".join(_coach_move_words(m, state.top, lang) for m in moves)
        st.info(tr("hint_text", lang, move=words), icon=":material/lightbulb:")


def _coach_move_words(move: coach.Move, top: Card | None, lang: str) -> str:
    words = move_text(move, top, lang)
    return tr("close_with", lang, card=words) if move.close else words


def show_verdict(verdict: coach.Verdict, lang: str, *, heading: str | None = None,
                 watched: Sequence[Card] = (), watcher: str = "") -> None:
    """The grade (in its colour, with a ``data-grade`` hook), the sentence, its lesson (cards
    ``watched`` by the next player, named ``watcher``, are pointed out), the better move and
    the exact figures."""
    colour = GRADE_COLOURS[verdict.grade]
    word = t(f"coach.grade.{verdict.grade}", lang)
    title = heading or tr("coach_title", lang)
    st.html(f'<div data-grade="{verdict.grade}" style="display:flex;gap:10px;align-items:center">'
            f'<span style="background:{colour};color:#fff;border-radius:12px;padding:2px 12px;'
            f'font-weight:700;white-space:nowrap">{word}</span><span style="opacity:.8">{title}</span></div>')
    st.markdown(verdict_sentence(verdict, lang))
    show_lesson(verdict, lang, watched=watched, watcher=watcher)
    if not verdict.is_best:
        cards = verdict.better_cards()
        if cards:
            st.caption(tr("better", lang))
            show_cards(list(cards), lang, width=56)
        else:
            st.caption(tr("better_text", lang, move=_coach_move_words(
                verdict.better.move, verdict.position.top, lang)))
    show_exact(verdict, lang)


def show_coach(game: play_model.Game, lang: str, names: Sequence[str] = ()) -> None:
    last = S.get("play_last")
    verdict = S.get("play_verdicts", {}).get(last) if last is not None else None
    if not coach_on():
        st.caption(tr("coach_off", lang))
        return
    if verdict is None:
        st.caption(tr("coach_waiting", lang))
        return
    watcher = play_model.next_seat(game.state, seat_coach.HUMAN)
    watched = play_model.seats(game)[watcher].taken if watcher is not None else ()
    show_verdict(verdict, lang, watched=watched,
                 watcher=names[watcher] if watcher is not None and names else "")


COACH_BOX = "play_coach"
#: The narrow coach box on a phone, the wide one above; a smaller title (the file says why).
_NARROW_CSS = _css("play_board.css").replace("{COACH_BOX}", COACH_BOX)


def show_board(game: play_model.Game, names: Sequence[str], lang: str) -> None:
    """The whole board: opponents, the stock and the pile with the discards so far, the coach
    and the bots' turns, your hand, your controls."""
    st.html(f"<style>{_NARROW_CSS}</style>")
    show_opponents(game, names, lang)
    left, right = st.columns([2, 3], gap="medium")
    with left:
        show_draw_area(game, lang)
        last = len(game.actions) - 1
        thrown_by_bot = (last >= 0 and isinstance(game.actions[last], Discard)
                         and game.states[last].turn != seat_coach.HUMAN)
        half = pace() / 2 if thrown_by_bot else 0.0  # his draw moves first, then his throw
        show_discards(game, names, lang, moving=half, after=half, width=34)
    with right:
        with st.container(border=True, key=f"{COACH_BOX}_wide"):
            show_coach(game, lang, names)
        show_turn_notes(game, names, lang)
    held = game.state.hands[seat_coach.HUMAN] or ()
    line = seat_line(game.state.totals[seat_coach.HUMAN], len(held), lang)
    st.markdown(f"**{tr('your_hand', lang)}** · {line}")
    show_hand(game, lang)
    # On a phone the columns stack and the coach would push your hand below the fold: there
    # the coach's box shows under the hand instead (CSS picks one of the two boxes).
    with st.container(border=True, key=f"{COACH_BOX}_narrow"):
        show_coach(game, lang, names)
    show_controls(game, lang)
