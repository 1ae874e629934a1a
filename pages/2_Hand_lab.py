"""Hand lab: pick seven or eight cards and watch the solver meld, close, discard and lay off.

The rules are the sidebar's profile with its options (two decks, the ludoteka deck, jokers).
"""

from __future__ import annotations

import random

import pandas as pd
import streamlit as st

from chinchon.engine.cards import Card, hand_code
from chinchon.engine.odds import can_rank, rank_of
from chinchon.engine.solver import HandAnalysis
from chinchon.views import handlab as hl
from chinchon.views.i18n import card_name, fmt_percent, t
from webui import class_lessons as lessons
from webui.card_buttons import card_picker, clicked_card
from webui.cards import (
    LAID_RING,
    LOOSE_RING,
    show_arrangement,
    show_card_groups,
    show_cards,
    show_faces,
)
from webui.faces import face_url
from webui.keys import step_keys
from webui.ui import current_rules, page_css, setup_page
from webui.url_state import literal, url_value

DEFAULT_HAND = "3c 4c 5c 6c 6o 6e 1b"
#: Card widths: the deck (a row per suit fits beside the hand), the hand kept in view, teacher.
PICKER_WIDTH = {40: 46, 48: 40}
SUMMARY_WIDTH = 38
TEACHER_WIDTH = 104
THROW_RING = "#b3261e"  # the card to throw away: red, unlike the loose cards' gold
MAX_PROBLEMS = 6
BADGES = {"cannot_close": ("gray", ":material/block:"), "points": ("green", None),
          "minus_ten": ("blue", None)}

# Teacher mode starts with the sidebar folded away: the projector gets the full width.
_teaching = st.session_state.get("hl_teacher", st.query_params.get("teacher")) == "1"
lang, rules_id = setup_page("hand_lab", sidebar="collapsed" if _teaching else "auto")
rules = current_rules(rules_id)


def tr(key: str, **kw: object) -> str:
    return t(f"handlab.{key}", lang, **kw)


# --- State: the session is the truth, the URL shares it (read on arriving, written each run) ----
def from_url(name: str, default: str) -> None:
    key = f"hl_{name}"
    url = url_value(name, key, lang=lang)  # None on a rerun: the browser's URL may lag behind
    if url is not None:
        st.session_state[key] = url
    elif key not in st.session_state:
        st.session_state[key] = default


def to_url(name: str) -> None:
    value = str(st.session_state[f"hl_{name}"]).strip()
    if value and st.query_params.get(name) != value:
        st.query_params[name] = value
    elif not value and name in st.query_params:
        del st.query_params[name]


def text_box(name: str, label: str, **kw: object) -> None:
    """A text input editing ``hl_<name>``; its own key may be dropped on a page change."""
    st.session_state[f"hl_{name}_box"] = st.session_state[f"hl_{name}"]
    st.text_input(label, key=f"hl_{name}_box", max_chars=200, **kw,
                  on_change=lambda: st.session_state.update(
                      {f"hl_{name}": st.session_state[f"hl_{name}_box"]}))


def percent(share: float) -> str:
    """``0.9996`` as ``99.9%`` (``99,9 %`` in French): rounded down, so 100% means every hand."""
    return fmt_percent(share, lang, digits=1, round_down=True)


def on_pick() -> None:
    code = clicked_card("hl_picker")
    if code is None:
        return
    card, before = Card.parse(code), st.session_state.hl_hand
    held = hl.read_hand(before, rules).cards
    if len(held) >= hl.MAX_CARDS and card not in held:
        st.session_state.hl_notice = "full"  # a 9th card: say why nothing was taken
    st.session_state.hl_hand = hl.toggle(before, card, rules)


def take_example() -> None:
    name = st.session_state.hl_example
    if name is not None:
        st.session_state.hl_hand = hl.EXAMPLES[name]
        st.session_state.hl_example = None  # a menu of starting points, not a lasting choice


def deal(size: int) -> None:
    st.session_state.hl_hand = hand_code(hl.deal_hand(rules, random.randrange(1 << 30), size))


def deal_closer(mine: tuple[Card, ...]) -> None:
    st.session_state.hl_table = hl.deal_closer(rules, random.randrange(1 << 30), avoid=mine).code()


def set_teacher() -> None:
    st.session_state.hl_teacher = "1" if st.session_state.hl_teacher_box else ""
    st.session_state.hl_step = 0


def go_to_step(step: int) -> None:
    st.session_state.hl_step = step


def other_hand(delta: int) -> bool:
    """In a lesson, go ``delta`` hands on (its first screen); False when there is none."""
    if lesson is None or not 0 <= lesson.lesson.step + delta < len(lesson.lesson.hands):
        return False
    lessons.move(lesson, delta)
    return True


def on_key(action: str) -> None:
    """Teacher mode's keyboard: → or Space next, ← back, Home the question, End the last;
    in a lesson, past the last screen the next hand and before the first the one before."""
    last = max(0, st.session_state.get("hl_steps", 1) - 1)
    step = st.session_state.get("hl_step", 0)
    if (action == "next" and step >= last and other_hand(1)) or (
            action == "back" and step == 0 and other_hand(-1)):
        return
    moves = {"next": step + 1, "back": step - 1, "first": 0, "last": last}
    st.session_state.hl_step = min(max(moves.get(action, step), 0), last)


def show_verdict(analysis: HandAnalysis, *, callout: bool = False) -> None:
    """The close badge: a callout in the lab's own section, coloured text in comparisons."""
    verdict = hl.verdict(analysis)
    text = tr(f"verdict.{verdict.kind.value}", score=verdict.score)
    color, icon = BADGES.get(verdict.kind.value, ("violet", ":material/star:"))
    icon = icon or ":material/check_circle:"
    if not callout:  # a narrow column: coloured text wraps where a badge would be cut
        st.markdown(f":{color}[{icon} {text}]")
    else:
        text = f"**{text}**"
        box = st.warning if not verdict.can_close else st.success if color == "green" else st.info
        box(text, icon=icon)



# Sticky panels: the hand and its verdict stay in view while the deck is clicked (beside the deck
# on a wide screen, above it on a phone); teacher mode's buttons stay above the fold.
page_css("""
[data-testid="stColumn"]:has(.st-key-hl_summary) { position: sticky; top: 3.9rem;
  align-self: flex-start; z-index: 3; }
@media (max-width: 640px) {
  h1 { font-size: 2rem; }
  [data-testid="stColumn"]:has(.st-key-hl_summary) { order: -1; top: 3.5rem;
    background: #fbf8f1; box-shadow: 0 6px 8px -6px rgba(0,0,0,.25); padding-bottom: 4px; }
  /* A teacher's open lesson box would cover the deck: the panel then scrolls with the page. */
  [data-testid="stColumn"]:has(.st-key-hl_summary):has(.st-key-class_lab_box details[open]) {
    position: static; }
  .st-key-hl_summary h3 { font-size: 1.1rem; padding: 0; }
  .st-key-hl_summary [data-testid="stElementContainer"]:has([data-testid="stMetric"]) {
    display: none; }
}
.st-key-hl_teacher_nav { position: sticky; top: 3.4rem; z-index: 5; background: #fbf8f1;
  padding: 4px 0; }
.st-key-hl_teacher_nav button p { font-size: 1.35rem; }
.st-key-hl_keys { display: none; }
.st-key-hl_example [data-testid="stButtonGroup"] div { flex-wrap: wrap; overflow: visible; }
.st-key-hl_projector p, .st-key-hl_projector li, .st-key-hl_projector figure,
.st-key-hl_projector [data-testid="stMarkdownContainer"] { font-size: 1.75rem; line-height: 1.35; }
.st-key-hl_projector h2 { font-size: 2.9rem; }
.st-key-hl_projector h3 { font-size: 2.3rem; }
.st-key-hl_projector [data-testid="stMetricValue"] { font-size: 4.5rem; }
.st-key-hl_projector [data-testid="stMetricLabel"] p { font-size: 1.75rem; }
.st-key-hl_projector figcaption { font-size: 1.4rem !important; }
@media (max-width: 640px) {
  .st-key-hl_teacher_nav button p { font-size: 1rem; white-space: normal; }
  .st-key-hl_projector img { width: 40px !important; height: auto !important; }
  .st-key-hl_projector p, .st-key-hl_projector figure { font-size: 1.15rem; }
  .st-key-hl_projector h2 { font-size: 1.6rem; }
}
""")

from_url("hand", DEFAULT_HAND)
from_url("table", "")
from_url("teacher", "")
teacher = st.session_state.hl_teacher == "1"
# A lesson (its link names the class, the teacher key and the lesson): the hand it is on.
lesson = lessons.running(lang)
if lesson is not None:
    lessons.follow(lesson, "hl_hand", "hl_step")
if st.session_state.get("hl_step_hand") != st.session_state.hl_hand:
    st.session_state.hl_step = 0  # a new hand starts the reveal again
st.session_state.hl_step_hand = st.session_state.hl_hand
reading = hl.read_hand(st.session_state.hl_hand, rules)
view = hl.lab_view(reading.cards, rules)
analysis = view.analysis
notice = st.session_state.pop("hl_notice", None)


def show_problems() -> None:
    problems = list(dict.fromkeys(reading.problems))  # one line per distinct problem
    if problems:
        lines = [tr(f"problem.{p.kind.value}", value=literal(p.value), name=rules.name,
                    size=rules.deck.size) for p in problems[:MAX_PROBLEMS]]
        if len(problems) > MAX_PROBLEMS:
            lines.append(tr("problem.more", count=len(problems) - MAX_PROBLEMS))
        st.error("  \n".join(lines))


def show_picker() -> None:
    """The deck to click, the examples, the typed hand and the deal buttons."""
    st.subheader(tr("pick.title"))
    card_picker(rules, reading.cards, lang=lang, label=tr("pick.label"), key="hl_picker",
                on_click=on_pick, width=PICKER_WIDTH[rules.deck.size])
    st.caption(tr("pick.body", name=rules.name, size=rules.deck.size))
    if rules.deck.copies > 1:  # how a click picks the second copy of a card
        st.caption(tr("pick.copies"))
    if rules.deck.jokers > 1:
        st.caption(tr("pick.jokers"))
    st.pills(tr("examples"), list(hl.EXAMPLES), key="hl_example", on_change=take_example,
             format_func=lambda name: tr(f"example.{name}"))
    text_box("hand", tr("pick.typed"), placeholder="7o 7c 7b 9e 10e 11e 4o",
             help=tr("pick.typed_help"))
    with st.container(horizontal=True):
        st.button(tr("pick.deal7"), on_click=deal, args=(7,), icon=":material/playing_cards:")
        st.button(tr("pick.deal8"), on_click=deal, args=(8,), icon=":material/playing_cards:")
        st.button(tr("pick.clear"), on_click=st.session_state.update, kwargs={"hl_hand": ""},
                  type="tertiary", icon=":material/backspace:")


def show_hand(width: int, *, ring_throw: bool = True) -> None:
    """The cards held; with eight, the best throw ringed in red (unless asked, not told)."""
    codes = [c.code() for c in reading.cards]
    best = view.discarded.code() if view.discarded is not None and ring_throw else None
    show_faces(codes, lang, width=width, gap=4,
               highlights=[THROW_RING if code == best else None for code in codes])


def show_summary() -> None:
    """What a click changes, kept in view: the hand, its loose points, the close."""
    st.subheader(tr("hand.title"))
    if notice == "full":
        st.warning(tr("pick.full", count=hl.MAX_CARDS), icon=":material/front_hand:")
    if reading.cards:
        show_hand(SUMMARY_WIDTH)
    if analysis is None:
        st.info(tr("hand.need", count=7 - len(reading.cards)), icon=":material/info:")
        return
    if view.discarded is not None:
        st.markdown(tr("summary.throw", card=card_name(view.discarded.code(), lang)))
    st.metric(tr("points.label"), analysis.loose_points, help=tr("points.help"))
    show_verdict(analysis, callout=True)


def show_discards(*, big: bool = False) -> None:
    """Eight cards: the points each throw leaves, as bars with the cards under them."""
    assert view.discards is not None and view.discarded is not None
    frame = hl.discard_frame(view.discards)
    st.html(hl.discard_chart_html(
        frame, names=[card_name(code, lang) for code in frame["card"]],
        title=tr("discard.chart"), card_width=88 if big else 48, bar_height=150 if big else 110,
        lang=lang, face_url=face_url))
    if not big:
        # A plain table: drawn at once, and its cells wrap instead of being cut.
        st.table(pd.DataFrame(
            {tr("discard.card"): [("★ " if best else "") + card_name(code, lang)
                                  for code, best in zip(frame["card"], frame["best"],
                                                        strict=True)],
             tr("discard.points"): frame["points_left"],
             tr("discard.outcome"): [tr(f"outcome.{o}", score=score) for o, score in
                                     zip(frame["outcome"], frame["score"], strict=True)]}),
            hide_index=True)
    st.markdown(tr("discard.then", card=card_name(view.discarded.code(), lang)))


def show_melds(width: int) -> None:
    assert analysis is not None
    show_arrangement(analysis.arrangement, rules, lang, width=width)
    if view.tied:
        st.markdown(tr("melds.ties", count=len(analysis.arrangements)))
        for other in analysis.arrangements[1:]:
            show_arrangement(other, rules, lang, width=width // 2)


def show_close_rule() -> None:
    assert analysis is not None
    st.markdown(tr(f"close.rule.{rules.close_rule.value}", name=rules.name,
                   limit=rules.close_limit, points=analysis.loose_points,
                   count=analysis.loose_points))


def show_compare() -> None:
    """The same hand under every profile, side by side."""
    st.subheader(tr("compare.title"))
    if not st.toggle(tr("compare.toggle"), key="hl_compare"):
        return
    st.markdown(tr("compare.body"))
    st.caption(tr("compare.defaults"))
    cells = hl.compare_profiles(st.session_state.hl_hand)
    for column, cell in zip(st.columns(len(cells)), cells, strict=True):
        with column.container(border=True, height="stretch"):
            st.markdown(f"**{t(f'profile.{cell.rules.id}.name', lang)}**")
            other = cell.view.analysis
            if cell.problems or other is None:
                st.caption(tr("compare.not_here", size=cell.rules.deck.size))
                continue
            if cell.view.discarded is not None:
                st.caption(tr("compare.discard",
                              card=card_name(cell.view.discarded.code(), lang)))
            melds = [[c.code() for c in m.cards] for m in other.arrangement.melds]
            loose = [[c.code() for c in other.arrangement.loose]] if other.arrangement.loose else []
            show_card_groups(melds + loose, lang, width=30,
                             highlights=[None] * len(melds) + [LOOSE_RING] * len(loose))
            st.markdown(tr("compare.points", points=other.loose_points))
            show_verdict(other)


def show_layoffs(width: int) -> None:
    """Someone else closed: his table, and what this hand shows and lays off."""
    assert analysis is not None
    st.markdown(tr("layoffs.body") + " " + tr(f"layoffs.rule.{rules.layoffs.value}"))
    left, right = st.columns([3, 1], vertical_alignment="bottom")
    with left:
        text_box("table", tr("layoffs.typed"), placeholder="7o 7c 7b | 9e 10e 11e / 4o",
                 help=tr("layoffs.typed_help"))
    right.button(tr("layoffs.deal"), on_click=deal_closer, args=(view.hand,),
                 icon=":material/shuffle:")
    table = hl.read_closer_melds(st.session_state.hl_table, view.hand, rules)
    if not st.session_state.hl_table.strip():
        st.caption(tr("layoffs.empty"))
        return
    if table.problem is not None:
        st.error(tr(f"problem.{table.problem.kind.value}", value=literal(table.problem.value),
                    name=rules.name, size=rules.deck.size))
        return
    assert table.arrangement is not None
    end = hl.layoffs_against(table.arrangement, analysis.hand, rules)
    st.markdown(tr("layoffs.closer"))
    show_arrangement(table.arrangement, rules, lang, width=width)
    me = end.players[1]
    if me.melds:
        st.markdown(tr("layoffs.mine"))
        show_card_groups([[c.code() for c in m.cards] for m in me.melds], lang, width=width)
    for lay in me.laid_off:
        meld = end.table[lay.meld]
        st.markdown(tr("layoffs.onto", card=card_name(lay.card.code(), lang)))
        show_cards([c.code() for c in meld.cards], lang, width=width,
                   highlights=[LAID_RING if c == lay.card else None for c in meld.cards])
    if not me.laid_off:
        st.markdown(tr("layoffs.none"))
    if me.loose:
        st.markdown(tr("layoffs.left"))
        show_cards([c.code() for c in me.loose], lang, width=width,
                   highlights=[LOOSE_RING] * len(me.loose))
    st.metric(tr("layoffs.after"), me.loose_points,
              delta=me.loose_points - analysis.loose_points, delta_color="inverse")


def show_teacher_step(name: str) -> None:
    """One screen of teacher mode: the question, or one answer (replacing the one before)."""
    assert analysis is not None
    if name.startswith("ask_"):
        st.header(tr(f"teacher.{name}"))
        return
    st.header(tr(f"teacher.title.{name}"))
    if name == "throw":
        show_discards(big=True)
    elif name == "melds":
        show_melds(TEACHER_WIDTH)
    elif name == "points":
        loose = [c.code() for c in analysis.arrangement.loose]
        if loose:
            show_cards(loose, lang, width=TEACHER_WIDTH, highlights=[LOOSE_RING] * len(loose))
        st.metric(tr("points.label"), analysis.loose_points)
    elif name == "close":
        show_verdict(analysis, callout=True)
        show_close_rule()
    else:
        show_layoffs(TEACHER_WIDTH * 3 // 4)


title, mode = st.columns([5, 2], vertical_alignment="bottom")
title.title(t("page.hand_lab", lang))
st.session_state.hl_teacher_box = teacher
mode.toggle(tr("teacher.toggle"), key="hl_teacher_box", on_change=set_teacher,
            help=tr("teacher.help"))

if not teacher:
    with st.expander(tr("intro.title"), icon=":material/help:"):
        st.markdown(tr("intro"))
    show_problems()
    deck_side, summary_side = st.columns([3, 2], gap="medium")
    with summary_side, st.container(key="hl_summary"):
        show_summary()
        lessons.add_to_lesson(reading.cards, lang)
    with deck_side:
        show_picker()
    if analysis is not None:
        if view.discards is not None:
            st.subheader(tr("discard.title"))
            st.markdown(tr("discard.body"))
            show_discards()
        st.subheader(tr("melds.title"))
        st.markdown(tr("melds.body"))
        show_melds(64)
        if can_rank(rules):
            st.caption(tr("points.rank", share=percent(rank_of(analysis.hand, rules).beats)))
        st.subheader(tr("close.title"))
        show_close_rule()
        show_compare()
        st.subheader(tr("layoffs.title"))
        show_layoffs(48)
else:
    steps = hl.teacher_steps(view)
    st.session_state.hl_steps = len(steps)
    step = min(st.session_state.get("hl_step", 0), max(0, len(steps) - 1))
    if steps:
        with st.container(key="hl_teacher_nav"):
            progress = tr("teacher.progress", step=step + 1, total=len(steps))
            if lesson is not None:  # one bar for the whole lesson: the hand, then its step
                progress = f"{lessons.where_text(lesson, lang)} · {progress}"
            st.progress((step + 1) / len(steps), text=progress)
            more = lesson is not None and lesson.lesson.step + 1 < len(lesson.lesson.hands)
            with st.container(horizontal=True):
                if step == 0 and lesson is not None and lesson.lesson.step > 0:
                    st.button(t("class.lesson.previous", lang), on_click=other_hand,
                              args=(-1,), icon=":material/arrow_back:", key="hl_back")
                else:
                    st.button(tr("teacher.back"), on_click=go_to_step, args=(step - 1,),
                              disabled=step == 0, icon=":material/arrow_back:", key="hl_back")
                if step + 1 < len(steps):
                    st.button(tr(f"teacher.next.{steps[step + 1]}"), type="primary",
                              on_click=go_to_step, args=(step + 1,), key="hl_next",
                              icon=":material/arrow_forward:")
                elif more:
                    st.button(t("class.lesson.next", lang), type="primary", on_click=other_hand,
                              args=(1,), key="hl_next", icon=":material/skip_next:")
                if lesson is not None:
                    lessons.ask_button(lesson, lang)
                st.button(tr("teacher.restart"), on_click=go_to_step, args=(0,),
                          icon=":material/replay:", key="hl_restart", type="tertiary")
            st.caption(tr("teacher.keys"))
        step_keys("hl_keys", on_key)
    show_problems()
    with st.container(key="hl_projector"):
        # The throw's chart draws the eight cards itself, under their bars.
        if reading.cards and (not steps or steps[step] != "throw"):
            show_hand(TEACHER_WIDTH, ring_throw=bool(steps) and not steps[step].startswith("ask"))
        if not steps:
            st.info(tr("hand.need", count=7 - len(reading.cards)), icon=":material/info:")
        else:
            show_teacher_step(steps[step])
    if lesson is not None:
        lessons.live_status(lesson, lang)
    else:
        with st.expander(tr("pick.again"), expanded=not steps):
            show_picker()
    lessons.add_to_lesson(reading.cards, lang)
for name in ("hand", "table", "teacher"):
    to_url(name)
