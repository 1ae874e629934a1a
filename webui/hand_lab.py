"""The hand lab's Streamlit side: its state in the session and the address, the callbacks of
its buttons and keys, and the drawing of each section (the page, ``pages/2_Hand_lab.py``, lays
them out). What each section shows is computed by :mod:`chinchon.views.handlab`.

Session keys start with ``hl_``: ``hl_hand`` (the typed hand), ``hl_table`` (the closer's melds
typed in the lay-off section, the address's ``table``), ``hl_teacher`` ("1" in teacher mode),
``hl_step`` (teacher mode's screen). The address holds ``hand``, ``table`` and ``teacher``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import streamlit as st

from chinchon.engine.cards import Card, hand_code
from chinchon.engine.odds import can_rank, rank_of
from chinchon.engine.rules import Rules
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
from webui.url_state import literal, url_value

S = st.session_state
#: The page's style rules: sticky panels, teacher mode's larger type.
CSS = Path(__file__).with_name("hand_lab.css").read_text()
#: Card widths: the deck (a row per suit fits beside the hand), the hand kept in view, teacher.
PICKER_WIDTH = {40: 46, 48: 40}
SUMMARY_WIDTH = 38
TEACHER_WIDTH = 104
THROW_RING = "#b3261e"  # the card to throw away: red, unlike the loose cards' gold
BADGES = {"cannot_close": ("gray", ":material/block:"), "points": ("green", None),
          "minus_ten": ("blue", None)}
#: The address's values, each kept in the session as ``hl_<name>``.
ADDRESS = (("hand", hl.DEFAULT_HAND), ("table", ""), ("teacher", ""))


def tr(key: str, lang: str, **values: object) -> str:
    return t(f"handlab.{key}", lang, **values)


# --- State: the session is the truth, the address shares it (read on arriving, written each run)


def teaching() -> bool:
    """Whether teacher mode is on (asked before the page is set up: the sidebar folds away)."""
    return bool(S.get("hl_teacher", st.query_params.get("teacher")) == "1")


def _from_url(name: str, default: str, lang: str) -> None:
    key = f"hl_{name}"
    url = url_value(name, key, lang=lang)  # None on a rerun: the browser's URL may lag behind
    if url is not None:
        S[key] = url
    elif key not in S:
        S[key] = default


def _to_url(name: str) -> None:
    value = str(S[f"hl_{name}"]).strip()
    if value and st.query_params.get(name) != value:
        st.query_params[name] = value
    elif not value and name in st.query_params:
        del st.query_params[name]


def write_address() -> None:
    """The session's hand, closer and mode into the address (after the page is drawn)."""
    for name, _ in ADDRESS:
        _to_url(name)


@dataclass(frozen=True)
class Lab:
    """What one run of the page shows: the typed hand read, its view, the lesson it follows."""

    lang: str
    rules: Rules
    reading: hl.HandReading
    view: hl.LabView
    lesson: lessons.Running | None
    #: What the last click has to say ("full": a ninth card was clicked), shown once.
    notice: str | None

    @property
    def analysis(self) -> HandAnalysis | None:
        return self.view.analysis

    @property
    def teacher(self) -> bool:
        return bool(S.hl_teacher == "1")


def open_lab(rules: Rules, lang: str) -> Lab:
    """Read the address on arriving, follow a running lesson, and solve the hand."""
    for name, default in ADDRESS:
        _from_url(name, default, lang)
    # A lesson (its link names the class, the teacher key and the lesson): the hand it is on.
    lesson = lessons.running(lang)
    if lesson is not None:
        lessons.follow(lesson, "hl_hand", "hl_step")
    if S.get("hl_step_hand") != S.hl_hand:
        S.hl_step = 0  # a new hand starts the reveal again
    S.hl_step_hand = S.hl_hand
    reading = hl.read_hand(S.hl_hand, rules)
    return Lab(lang, rules, reading, hl.lab_view(reading.cards, rules), lesson,
               S.pop("hl_notice", None))


def _text_box(name: str, label: str, *, placeholder: str, help: str) -> None:
    """A text input editing ``hl_<name>``; its own key may be dropped on a page change."""
    S[f"hl_{name}_box"] = S[f"hl_{name}"]
    st.text_input(label, key=f"hl_{name}_box", max_chars=200, placeholder=placeholder,
                  help=help, on_change=lambda: S.update({f"hl_{name}": S[f"hl_{name}_box"]}))


# --- Callbacks ---------------------------------------------------------------------------------


def _on_pick(rules: Rules) -> None:
    code = clicked_card("hl_picker")
    if code is None:
        return
    picked = hl.pick(S.hl_hand, Card.parse(code), rules)
    if picked.full:
        S.hl_notice = "full"  # a 9th card: say why nothing was taken
    S.hl_hand = picked.text


def _take_example() -> None:
    name = S.hl_example
    if name is not None:
        S.hl_hand = hl.EXAMPLES[name]
        S.hl_example = None  # a menu of starting points, not a lasting choice


def _deal(rules: Rules, size: int) -> None:
    S.hl_hand = hand_code(hl.deal_hand(rules, random.randrange(1 << 30), size))


def _deal_closer(rules: Rules, mine: tuple[Card, ...]) -> None:
    S.hl_table = hl.deal_closer(rules, random.randrange(1 << 30), avoid=mine).code()


def _set_teacher() -> None:
    S.hl_teacher = "1" if S.hl_teacher_box else ""
    S.hl_step = 0


def _go_to_step(step: int) -> None:
    S.hl_step = step


def _other_hand(lesson: lessons.Running | None, delta: int) -> bool:
    """In a lesson, go ``delta`` hands on (its first screen); False when there is none."""
    if lesson is None or not 0 <= lesson.lesson.step + delta < len(lesson.lesson.hands):
        return False
    lessons.move(lesson, delta)
    return True


def _to_hand(lesson: lessons.Running | None, delta: int) -> None:
    _other_hand(lesson, delta)


def _on_key(lesson: lessons.Running | None, action: str) -> None:
    move = hl.key_move(action, S.get("hl_step", 0), S.get("hl_steps", 1))
    if move.hand and _other_hand(lesson, move.hand):
        return
    S.hl_step = move.step


# --- Drawing -----------------------------------------------------------------------------------


def teacher_toggle(lab: Lab) -> None:
    """The teacher mode switch (its box follows the mode kept in the session)."""
    S.hl_teacher_box = lab.teacher
    st.toggle(tr("teacher.toggle", lab.lang), key="hl_teacher_box", on_change=_set_teacher,
              help=tr("teacher.help", lab.lang))


def show_verdict(analysis: HandAnalysis, lang: str, *, callout: bool = False) -> None:
    """The close badge: a callout in the lab's own section, coloured text in comparisons."""
    verdict = hl.verdict(analysis)
    text = tr(f"verdict.{verdict.kind.value}", lang, score=verdict.score)
    color, icon = BADGES.get(verdict.kind.value, ("violet", ":material/star:"))
    icon = icon or ":material/check_circle:"
    if not callout:  # a narrow column: coloured text wraps where a badge would be cut
        st.markdown(f":{color}[{icon} {text}]")
    else:
        text = f"**{text}**"
        box = st.warning if not verdict.can_close else st.success if color == "green" else st.info
        box(text, icon=icon)


def show_problems(lab: Lab) -> None:
    """One line per distinct bad token, each quoted; past a few, how many more."""
    named, more = hl.shown_problems(lab.reading.problems)
    if not named:
        return
    rules = lab.rules
    lines = [tr(f"problem.{p.kind.value}", lab.lang, value=literal(p.value), name=rules.name,
                size=rules.deck.size) for p in named]
    if more:
        lines.append(tr("problem.more", lab.lang, count=more))
    st.error("  \n".join(lines))


def show_picker(lab: Lab) -> None:
    """The deck to click, the examples, the typed hand and the deal buttons."""
    lang, rules = lab.lang, lab.rules
    st.subheader(tr("pick.title", lang))
    card_picker(rules, lab.reading.cards, lang=lang, label=tr("pick.label", lang),
                key="hl_picker", on_click=lambda: _on_pick(rules),
                width=PICKER_WIDTH[rules.deck.size])
    st.caption(tr("pick.body", lang, name=rules.name, size=rules.deck.size))
    if rules.deck.copies > 1:  # how a click picks the second copy of a card
        st.caption(tr("pick.copies", lang))
    if rules.deck.jokers > 1:
        st.caption(tr("pick.jokers", lang))
    st.pills(tr("examples", lang), list(hl.EXAMPLES), key="hl_example", on_change=_take_example,
             format_func=lambda name: tr(f"example.{name}", lang))
    _text_box("hand", tr("pick.typed", lang), placeholder="7o 7c 7b 9e 10e 11e 4o",
              help=tr("pick.typed_help", lang))
    with st.container(horizontal=True):
        for size in (7, 8):
            st.button(tr(f"pick.deal{size}", lang), on_click=_deal, args=(rules, size),
                      icon=":material/playing_cards:")
        st.button(tr("pick.clear", lang), on_click=S.update, kwargs={"hl_hand": ""},
                  type="tertiary", icon=":material/backspace:")


def show_hand(lab: Lab, width: int, *, ring_throw: bool = True) -> None:
    """The cards held; with eight, the best throw ringed in red (unless asked, not told)."""
    codes = [c.code() for c in lab.reading.cards]
    thrown = lab.view.discarded
    best = thrown.code() if thrown is not None and ring_throw else None
    show_faces(codes, lab.lang, width=width, gap=4,
               highlights=[THROW_RING if code == best else None for code in codes])


def show_summary(lab: Lab) -> None:
    """What a click changes, kept in view: the hand, its loose points, the close."""
    lang, analysis = lab.lang, lab.analysis
    st.subheader(tr("hand.title", lang))
    if lab.notice == "full":
        st.warning(tr("pick.full", lang, count=hl.MAX_CARDS), icon=":material/front_hand:")
    if lab.reading.cards:
        show_hand(lab, SUMMARY_WIDTH)
    if analysis is None:
        st.info(tr("hand.need", lang, count=7 - len(lab.reading.cards)), icon=":material/info:")
        return
    if lab.view.discarded is not None:
        st.markdown(tr("summary.throw", lang, card=card_name(lab.view.discarded.code(), lang)))
    st.metric(tr("points.label", lang), analysis.loose_points, help=tr("points.help", lang))
    show_verdict(analysis, lang, callout=True)


def show_discards(lab: Lab, *, big: bool = False) -> None:
    """Eight cards: the points each throw leaves, as bars with the cards under them."""
    lang, view = lab.lang, lab.view
    assert view.discards is not None and view.discarded is not None
    frame = hl.discard_frame(view.discards)
    st.html(hl.discard_chart_html(
        frame, names=[card_name(code, lang) for code in frame["card"]],
        title=tr("discard.chart", lang), card_width=88 if big else 48,
        bar_height=150 if big else 110, lang=lang, face_url=face_url))
    if not big:
        # A plain st.table: drawn at once, and its cells wrap instead of being cut.
        st.table(pd.DataFrame(
            {tr("discard.card", lang): [("★ " if best else "") + card_name(code, lang)
                                        for code, best in zip(frame["card"], frame["best"],
                                                              strict=True)],
             tr("discard.points", lang): frame["points_left"],
             tr("discard.outcome", lang): [tr(f"outcome.{o}", lang, score=score) for o, score
                                           in zip(frame["outcome"], frame["score"],
                                                  strict=True)]}),
            hide_index=True)
    st.markdown(tr("discard.then", lang, card=card_name(view.discarded.code(), lang)))


def show_melds(lab: Lab, width: int) -> None:
    analysis = lab.analysis
    assert analysis is not None
    show_arrangement(analysis.arrangement, lab.rules, lab.lang, width=width)
    if lab.view.tied:
        st.markdown(tr("melds.ties", lab.lang, count=len(analysis.arrangements)))
        for other in analysis.arrangements[1:]:
            show_arrangement(other, lab.rules, lab.lang, width=width // 2)


def show_close_rule(lab: Lab) -> None:
    rules, analysis = lab.rules, lab.analysis
    assert analysis is not None
    st.markdown(tr(f"close.rule.{rules.close_rule.value}", lab.lang, name=rules.name,
                   limit=rules.close_limit, points=analysis.loose_points,
                   count=analysis.loose_points))


def show_rank(lab: Lab) -> None:
    """Where the hand ranks among all dealt hands, when the odds are counted for these rules."""
    if lab.analysis is not None and can_rank(lab.rules):
        # Rounded down, so 100% means every hand.
        share = fmt_percent(rank_of(lab.analysis.hand, lab.rules).beats, lab.lang, digits=1,
                            round_down=True)
        st.caption(tr("points.rank", lab.lang, share=share))


def show_compare(lab: Lab) -> None:
    """The same hand under every profile, side by side."""
    lang = lab.lang
    st.subheader(tr("compare.title", lang))
    if not st.toggle(tr("compare.toggle", lang), key="hl_compare"):
        return
    st.markdown(tr("compare.body", lang))
    st.caption(tr("compare.defaults", lang))
    cells = hl.compare_profiles(S.hl_hand)
    for column, cell in zip(st.columns(len(cells)), cells, strict=True):
        with column.container(border=True, height="stretch"):
            st.markdown(f"**{t(f'profile.{cell.rules.id}.name', lang)}**")
            other = cell.view.analysis
            if cell.problems or other is None:
                st.caption(tr("compare.not_here", lang, size=cell.rules.deck.size))
                continue
            if cell.view.discarded is not None:
                st.caption(tr("compare.discard", lang,
                              card=card_name(cell.view.discarded.code(), lang)))
            melds = [[c.code() for c in m.cards] for m in other.arrangement.melds]
            loose = [[c.code() for c in other.arrangement.loose]] if other.arrangement.loose else []
            show_card_groups(melds + loose, lang, width=30,
                             highlights=[None] * len(melds) + [LOOSE_RING] * len(loose))
            st.markdown(tr("compare.points", lang, points=other.loose_points))
            show_verdict(other, lang)


def show_layoffs(lab: Lab, width: int) -> None:
    """Someone else closed: his melds and loose cards, and what this hand shows and lays off."""
    lang, rules, analysis = lab.lang, lab.rules, lab.analysis
    assert analysis is not None
    st.markdown(tr("layoffs.body", lang) + " " + tr(f"layoffs.rule.{rules.layoffs.value}", lang))
    left, right = st.columns([3, 1], vertical_alignment="bottom")
    with left:
        _text_box("table", tr("layoffs.typed", lang),
                  placeholder="7o 7c 7b | 9e 10e 11e / 4o", help=tr("layoffs.typed_help", lang))
    right.button(tr("layoffs.deal", lang), on_click=_deal_closer, args=(rules, lab.view.hand),
                 icon=":material/shuffle:")
    closer = hl.read_closer_melds(S.hl_table, lab.view.hand, rules)
    if not S.hl_table.strip():
        st.caption(tr("layoffs.empty", lang))
        return
    if closer.problem is not None:
        st.error(tr(f"problem.{closer.problem.kind.value}", lang,
                    value=literal(closer.problem.value), name=rules.name, size=rules.deck.size))
        return
    assert closer.arrangement is not None
    end = hl.layoffs_against(closer.arrangement, analysis.hand, rules)
    st.markdown(tr("layoffs.closer", lang))
    show_arrangement(closer.arrangement, rules, lang, width=width)
    me = end.players[1]
    if me.melds:
        st.markdown(tr("layoffs.mine", lang))
        show_card_groups([[c.code() for c in m.cards] for m in me.melds], lang, width=width)
    for lay in me.laid_off:
        meld = end.table[lay.meld]
        st.markdown(tr("layoffs.onto", lang, card=card_name(lay.card.code(), lang)))
        show_cards([c.code() for c in meld.cards], lang, width=width,
                   highlights=[LAID_RING if c == lay.card else None for c in meld.cards])
    if not me.laid_off:
        st.markdown(tr("layoffs.none", lang))
    if me.loose:
        st.markdown(tr("layoffs.left", lang))
        show_cards([c.code() for c in me.loose], lang, width=width,
                   highlights=[LOOSE_RING] * len(me.loose))
    st.metric(tr("layoffs.after", lang), me.loose_points,
              delta=me.loose_points - analysis.loose_points, delta_color="inverse")


# --- Teacher mode --------------------------------------------------------------------------------


def teacher_screen(lab: Lab) -> tuple[tuple[str, ...], int]:
    """Teacher mode's screens for this hand and the one shown (kept for the keyboard)."""
    steps = hl.teacher_steps(lab.view)
    S.hl_steps = len(steps)
    return steps, hl.teacher_step(S.get("hl_step", 0), steps)


def teacher_nav(lab: Lab, steps: tuple[str, ...], step: int) -> None:
    """The progress bar, Back, the next screen (or the lesson's next hand), ask the class,
    start again; the keyboard does the same."""
    lang, lesson = lab.lang, lab.lesson
    with st.container(key="hl_teacher_nav"):
        progress = tr("teacher.progress", lang, step=step + 1, total=len(steps))
        if lesson is not None:  # one bar for the whole lesson: the hand, then its step
            progress = f"{lessons.where_text(lesson, lang)} · {progress}"
        st.progress((step + 1) / len(steps), text=progress)
        at = (lesson.lesson.step, len(lesson.lesson.hands)) if lesson is not None else None
        nav = hl.teacher_nav(step, len(steps), at)
        with st.container(horizontal=True):
            if nav.back_to_hand:
                st.button(t("class.lesson.previous", lang), on_click=_to_hand,
                          args=(lesson, -1), icon=":material/arrow_back:", key="hl_back")
            else:
                st.button(tr("teacher.back", lang), on_click=_go_to_step, args=(step - 1,),
                          disabled=step == 0, icon=":material/arrow_back:", key="hl_back")
            if nav.forward == "step":
                st.button(tr(f"teacher.next.{steps[step + 1]}", lang), type="primary",
                          on_click=_go_to_step, args=(step + 1,), key="hl_next",
                          icon=":material/arrow_forward:")
            elif nav.forward == "hand":
                st.button(t("class.lesson.next", lang), type="primary", on_click=_to_hand,
                          args=(lesson, 1), key="hl_next", icon=":material/skip_next:")
            if lesson is not None:
                lessons.ask_button(lesson, lang)
            st.button(tr("teacher.restart", lang), on_click=_go_to_step, args=(0,),
                      icon=":material/replay:", key="hl_restart", type="tertiary")
        st.caption(tr("teacher.keys", lang))
    step_keys("hl_keys", lambda action: _on_key(lesson, action))


def show_teacher_step(lab: Lab, name: str) -> None:
    """One screen of teacher mode: the question, or one answer (replacing the one before)."""
    lang, analysis = lab.lang, lab.analysis
    assert analysis is not None
    if name.startswith("ask_"):
        st.header(tr(f"teacher.{name}", lang))
        return
    st.header(tr(f"teacher.title.{name}", lang))
    if name == "throw":
        show_discards(lab, big=True)
    elif name == "melds":
        show_melds(lab, TEACHER_WIDTH)
    elif name == "points":
        loose = [c.code() for c in analysis.arrangement.loose]
        if loose:
            show_cards(loose, lang, width=TEACHER_WIDTH, highlights=[LOOSE_RING] * len(loose))
        st.metric(tr("points.label", lang), analysis.loose_points)
    elif name == "close":
        show_verdict(analysis, lang, callout=True)
        show_close_rule(lab)
    else:
        show_layoffs(lab, TEACHER_WIDTH * 3 // 4)


def show_projector(lab: Lab, steps: tuple[str, ...], step: int) -> None:
    """Teacher mode's screen in large type: the hand, then the question or one answer."""
    with st.container(key="hl_projector"):
        hand = hl.projector_hand(len(lab.reading.cards), steps, step)
        if hand.shown:
            show_hand(lab, TEACHER_WIDTH, ring_throw=hand.ring_throw)
        if not steps:
            st.info(tr("hand.need", lab.lang, count=7 - len(lab.reading.cards)),
                    icon=":material/info:")
        else:
            show_teacher_step(lab, steps[step])
