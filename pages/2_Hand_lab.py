"""Hand lab: pick seven or eight cards and watch the solver meld, close, discard and lay off.

The rules are the sidebar's profile with its options (two decks, the ludoteka deck, jokers).
"""

from __future__ import annotations

import random

import streamlit as st

from chinchon.engine.cards import Card, hand_code
from chinchon.engine.odds import can_rank, rank_of
from chinchon.engine.solver import HandAnalysis
from chinchon.views import handlab as hl
from chinchon.views.i18n import card_name, fmt_percent, t
from webui.card_buttons import card_picker, clicked_card
from webui.ui import (
    LAID_RING,
    LOOSE_RING,
    current_rules,
    literal,
    setup_page,
    show_arrangement,
    show_card_groups,
    show_cards,
    url_value,
)

DEFAULT_HAND = "3c 4c 5c 6c 6o 6e 1b"
MAX_PROBLEMS = 6
BADGES = {"cannot_close": ("gray", ":material/block:"), "points": ("green", None),
          "minus_ten": ("blue", None)}

lang, rules_id = setup_page("hand_lab")
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
    if code is not None:
        st.session_state.hl_hand = hl.toggle(st.session_state.hl_hand, Card.parse(code), rules)


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
    st.session_state.hl_step = 1


def show_verdict(analysis: HandAnalysis, *, callout: bool = False) -> None:
    """The close badge: a callout in the lab's own section, coloured text in comparisons."""
    verdict = hl.verdict(analysis)
    text = tr(f"verdict.{verdict.kind.value}", score=verdict.score)
    color, icon = BADGES.get(verdict.kind.value, ("violet", ":material/star:"))
    icon = icon or ":material/check_circle:"
    if not callout:  # a narrow column: coloured text wraps where a badge would be cut
        st.markdown(f":{color}[{icon} {text}]")
    else:
        # A heading in teacher mode, to read from the back of the room.
        text = f"### {text}" if teacher else f"**{text}**"
        box = st.warning if not verdict.can_close else st.success if color == "green" else st.info
        box(text, icon=icon)


from_url("hand", DEFAULT_HAND)
from_url("table", "")
from_url("teacher", "")
teacher = st.session_state.hl_teacher == "1"
if st.session_state.get("hl_step_hand") != st.session_state.hl_hand:
    st.session_state.hl_step = 1  # a new hand starts the reveal again
st.session_state.hl_step_hand = st.session_state.hl_hand
step = st.session_state.hl_step if teacher else len(hl.TEACHER_STEPS)
reading = hl.read_hand(st.session_state.hl_hand, rules)
view = hl.lab_view(reading.cards, rules)
size = 104 if teacher else 64

title, mode = st.columns([5, 2], vertical_alignment="bottom")
title.title(t("page.hand_lab", lang))
st.session_state.hl_teacher_box = teacher
mode.toggle(tr("teacher.toggle"), key="hl_teacher_box", on_change=set_teacher,
            help=tr("teacher.help"))
if not teacher:
    st.markdown(tr("intro"))

# --- Your hand -----------------------------------------------------------------------------------
with st.expander(tr("pick.again"), expanded=False) if teacher else st.container():
    st.subheader(tr("pick.title"))
    st.markdown(tr("pick.body", name=rules.name, size=rules.deck.size))
    st.pills(tr("examples"), list(hl.EXAMPLES), key="hl_example", on_change=take_example,
             format_func=lambda name: tr(f"example.{name}"))
    card_picker(rules, reading.cards, lang=lang, label=tr("pick.label"), key="hl_picker",
                on_click=on_pick)
    if rules.deck.copies > 1:  # how a click picks the second copy of a card
        st.caption(tr("pick.copies"))
    if rules.deck.jokers > 1:
        st.caption(tr("pick.jokers"))
    text_box("hand", tr("pick.typed"), placeholder="7o 7c 7b 9e 10e 11e 4o",
             help=tr("pick.typed_help"))
    with st.container(horizontal=True):
        st.button(tr("pick.deal7"), on_click=deal, args=(7,), icon=":material/playing_cards:")
        st.button(tr("pick.deal8"), on_click=deal, args=(8,), icon=":material/playing_cards:")
        st.button(tr("pick.clear"), on_click=st.session_state.update, kwargs={"hl_hand": ""},
                  type="tertiary", icon=":material/backspace:")
problems = list(dict.fromkeys(reading.problems))  # one line per distinct problem
if problems:
    lines = [tr(f"problem.{p.kind.value}", value=literal(p.value), name=rules.name,
                size=rules.deck.size) for p in problems[:MAX_PROBLEMS]]
    if len(problems) > MAX_PROBLEMS:
        lines.append(tr("problem.more", count=len(problems) - MAX_PROBLEMS))
    st.error("  \n".join(lines))
st.subheader(tr("hand.title"))
if reading.cards:
    show_cards([c.code() for c in reading.cards], lang, width=size)
if view.analysis is None:
    st.info(tr("hand.need", count=7 - len(reading.cards)), icon=":material/info:")
analysis = view.analysis

# --- Eight cards: which one to throw -------------------------------------------------------------
if view.discards is not None and analysis is not None and step >= 1:
    st.subheader(tr("discard.title"))
    st.markdown(tr("discard.body"))
    frame = hl.discard_frame(view.discards)
    figure = hl.discard_figure(frame, names=[card_name(code, lang) for code in frame["card"]],
                               title=tr("discard.chart"), axis_title=tr("discard.points"),
                               lang=lang)
    st.plotly_chart(figure, config={"displayModeBar": False}, key="hl_chart")
    st.dataframe(
        {tr("discard.card"): [("★ " if best else "") + card_name(code, lang)
                              for code, best in zip(frame["card"], frame["best"], strict=True)],
         tr("discard.points"): frame["points_left"],
         tr("discard.outcome"): [tr(f"outcome.{o}", score=score) for o, score in
                                 zip(frame["outcome"], frame["score"], strict=True)]},
        hide_index=True)
    assert view.discarded is not None
    st.markdown(tr("discard.then", card=card_name(view.discarded.code(), lang)))

# --- Melds, points, the close --------------------------------------------------------------------
if analysis is not None and step >= 1:
    st.subheader(tr("melds.title"))
    st.markdown(tr("melds.body"))
    show_arrangement(analysis.arrangement, rules, lang, width=size)
    if view.tied:
        st.markdown(tr("melds.ties", count=len(analysis.arrangements)))
        for other in analysis.arrangements[1:]:
            show_arrangement(other, rules, lang, width=size // 2)
if analysis is not None and step >= 2:
    st.metric(tr("points.label"), analysis.loose_points, help=tr("points.help"))
    if can_rank(rules):
        st.caption(tr("points.rank", share=percent(rank_of(analysis.hand, rules).beats)))
if analysis is not None and step >= 3:
    st.subheader(tr("close.title"))
    show_verdict(analysis, callout=True)
    st.markdown(tr(f"close.rule.{rules.close_rule.value}", name=rules.name,
                   limit=rules.close_limit, points=analysis.loose_points,
                   count=analysis.loose_points))

# --- The same hand under every profile -----------------------------------------------------------
if analysis is not None and not teacher:
    st.subheader(tr("compare.title"))
if analysis is not None and not teacher and st.toggle(tr("compare.toggle"), key="hl_compare"):
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

# --- Lay-offs: someone else closed ---------------------------------------------------------------
if analysis is not None and step >= 4:
    st.subheader(tr("layoffs.title"))
    st.markdown(tr("layoffs.body") + " " + tr(f"layoffs.rule.{rules.layoffs.value}"))
    left, right = st.columns([3, 1], vertical_alignment="bottom")
    with left:
        text_box("table", tr("layoffs.typed"), placeholder="7o 7c 7b | 9e 10e 11e / 4o",
                 help=tr("layoffs.typed_help"))
    right.button(tr("layoffs.deal"), on_click=deal_closer, args=(view.hand,),
                 icon=":material/shuffle:")
    table = hl.read_table(st.session_state.hl_table, view.hand, rules)
    if not st.session_state.hl_table.strip():
        st.caption(tr("layoffs.empty"))
    elif table.problem is not None:
        st.error(tr(f"problem.{table.problem.kind.value}", value=literal(table.problem.value),
                    name=rules.name, size=rules.deck.size))
    elif table.arrangement is not None:
        end = hl.layoffs_against(table.arrangement, analysis.hand, rules)
        st.markdown(tr("layoffs.closer"))
        show_arrangement(table.arrangement, rules, lang, width=size * 3 // 4)
        me = end.players[1]
        if me.melds:
            st.markdown(tr("layoffs.mine"))
            show_card_groups([[c.code() for c in m.cards] for m in me.melds], lang,
                             width=size * 3 // 4)
        for lay in me.laid_off:
            meld = end.table[lay.meld]
            st.markdown(tr("layoffs.onto", card=card_name(lay.card.code(), lang)))
            show_cards([c.code() for c in meld.cards], lang, width=size * 3 // 4,
                       highlights=[LAID_RING if c == lay.card else None for c in meld.cards])
        if not me.laid_off:
            st.markdown(tr("layoffs.none"))
        if me.loose:
            st.markdown(tr("layoffs.left"))
            show_cards([c.code() for c in me.loose], lang, width=size * 3 // 4,
                       highlights=[LOOSE_RING] * len(me.loose))
        st.metric(tr("layoffs.after"), me.loose_points,
                  delta=me.loose_points - analysis.loose_points, delta_color="inverse")

# --- Teacher mode: one step at a time ------------------------------------------------------------
if teacher and analysis is not None:
    with st.container(horizontal=True):
        if step < len(hl.TEACHER_STEPS):
            st.button(tr(f"teacher.next.{hl.TEACHER_STEPS[step]}"), type="primary",
                      on_click=st.session_state.update, kwargs={"hl_step": step + 1},
                      icon=":material/arrow_downward:")
        st.button(tr("teacher.restart"), on_click=st.session_state.update,
                  kwargs={"hl_step": 1}, icon=":material/replay:")
for name in ("hand", "table", "teacher"):
    to_url(name)
