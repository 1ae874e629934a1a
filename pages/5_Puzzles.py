"""Puzzles: throw the right card; the solver judges live and explains every move."""

from __future__ import annotations

import datetime
import random
from dataclasses import replace
from fractions import Fraction

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from chinchon import puzzles as pz
from chinchon.engine.solver import Outcome
from chinchon.views.i18n import (
    card_name,
    fmt_date,
    fmt_number,
    fmt_percent,
    number_separators,
    t,
)
from chinchon.views.svg import card_data_uri
from webui.card_buttons import card_buttons, clicked_card
from webui.ui import house_code, literal, setup_page, show_cards, url_value

GREEN, GREY = "#1f7a4d", "#cdc7ba"
ANY = "any"

# A shared link carries its own profile: it wins over the sidebar's before the sidebar is drawn.
# Read on arriving only: on a rerun the browser's URL may still hold the previous puzzle.
raw_id = url_value("puzzle", "pz_id")
linked = pz.shipped().get(raw_id.strip()) if raw_id else None
if linked is not None and linked.id != st.session_state.get("pz_id"):
    # A house code for the puzzle's own profile stays: the table's rules judge the puzzle.
    asked = st.query_params.get("rules", "")
    if asked.replace(" ", "+").split("+")[0] != linked.rules_id:
        st.query_params["rules"] = linked.rules_id
lang, rules_id = setup_page("puzzles")
state = st.session_state
for name, value in (("pz_streak", 0), ("pz_solved", 0), ("pz_played", 0)):
    state.setdefault(name, value)


def tr(key: str, **kw: object) -> str:
    return t(f"puzzles.{key}", lang, **kw)


def move_name(move: str, puzzle: pz.Puzzle) -> str:
    if move == pz.STOCK:
        return tr("move.stock")
    if move == pz.TAKE:
        return tr("move.take", card=card_name(puzzle.top.code(), lang) if puzzle.top else "")
    return card_name(move, lang)


def start(puzzle: pz.Puzzle | None) -> None:
    """Show ``puzzle`` from scratch and put its id in the URL."""
    if puzzle is None:
        state.pz_empty = True
        return
    state.update(pz_id=puzzle.id, pz_tried=[], pz_done=False, pz_hint=False, pz_counted=False,
                 pz_last=None, pz_empty=False, pz_daily=None, pz_close=False)
    st.query_params["puzzle"] = puzzle.id


def filtered() -> list[pz.Puzzle]:
    theme, level = state.get("pz_theme", ANY), state.get("pz_level", ANY)
    return pz.pool(rules_id, None if theme == ANY else theme, None if level == ANY else level)


def next_one() -> None:
    start(pz.next_puzzle(filtered(), state.get("pz_id"), random.Random()))


def daily() -> None:
    today = datetime.date.today()
    start(pz.daily_puzzle(today, pz.pool(rules_id)))
    state.pz_daily = today.isoformat()


def at_table(puzzle: pz.Puzzle) -> pz.Puzzle:
    """The puzzle as the table plays it: under its house rules the answers are recomputed."""
    code = house_code(puzzle.rules_id)
    return replace(puzzle, rules_id=code) if code else puzzle


def answer(move: str, close: bool = False) -> None:
    solution = pz.solve(at_table(pz.find_puzzle(state.pz_id)))
    verdict = pz.judge(solution, move, close)
    if not state.pz_counted:  # the first answer scores; a hint already cost the streak
        state.pz_counted, state.pz_played = True, state.pz_played + 1
        good = verdict == "right" and not state.pz_hint
        state.pz_solved += good
        state.pz_streak = state.pz_streak + 1 if good else 0
    if verdict == "wrong":
        state.pz_tried = [*state.pz_tried, move]
    state.pz_done = verdict == "right"
    state.pz_last = (verdict, move)


def on_card() -> None:
    code = clicked_card("pz_cards")
    if code is not None and not state.pz_done:
        answer(code, bool(state.get("pz_close")))


def give_hint() -> None:
    state.pz_hint, state.pz_streak = True, 0


def reveal() -> None:
    if not state.pz_counted:
        state.pz_counted, state.pz_played = True, state.pz_played + 1
    state.update(pz_done=True, pz_streak=0, pz_last=None)


def retry() -> None:
    state.update(pz_tried=[], pz_done=False, pz_last=None, pz_hint=False, pz_close=False)


def percent(value: Fraction) -> str:
    """One decimal everywhere, so that the sentence, the chart and the table agree."""
    return fmt_percent(value, lang, digits=1)


def outcome_text(outcome: str, score: int | None) -> str:
    return tr(f"outcome.{outcome}", score=score)


# --- Which puzzle --------------------------------------------------------------------------------
current = pz.shipped().get(state.get("pz_id", ""))
if raw_id and linked is None:
    st.error(tr("unknown", id=literal(raw_id)), icon=":material/search_off:")
if linked is not None and linked.id != state.get("pz_id"):
    start(linked)
elif current is None or current.rules_id != rules_id:
    next_one()
puzzle = at_table(pz.find_puzzle(state.pz_id))
with st.spinner(tr("solving")):  # shown only if it takes a while (two decks, jokers)
    solution = pz.solve(puzzle)
rules = puzzle.rules

st.title(tr("title"))
st.caption(tr("intro"))
left, mid, right = st.columns([5, 5, 9], vertical_alignment="bottom")
left.selectbox(tr("theme"), [ANY, *pz.THEMES], key="pz_theme",
               format_func=lambda th: tr("any") if th == ANY else tr(f"theme.{th}"))
mid.selectbox(tr("difficulty"), [ANY, *pz.DIFFICULTIES], key="pz_level",
              format_func=lambda lv: tr("any") if lv == ANY else tr(f"difficulty.{lv}"))
with right:
    b1, b2 = st.columns(2)
    b1.button(tr("next"), on_click=next_one, type="primary", icon=":material/skip_next:",
              width="stretch")
    b2.button(tr("daily"), on_click=daily, icon=":material/today:", width="stretch")
if state.get("pz_empty"):
    st.warning(tr("none"))

# --- The position --------------------------------------------------------------------------------
heading, m1, m2 = st.columns([6, 1, 1], vertical_alignment="bottom")
heading.subheader(tr("heading", id=puzzle.id))
m1.metric(tr("streak"), state.pz_streak)
m2.metric(tr("score"), tr("score_value", solved=state.pz_solved, played=state.pz_played))
notes = [tr("rules_note", rules=t(f"profile.{rules.id}.name", lang)),
         tr(f"difficulty.{puzzle.difficulty}")]
if state.get("pz_daily"):
    notes.insert(0, tr("daily_note", date=fmt_date(datetime.date.fromisoformat(state.pz_daily),
                                                   lang)))
st.caption(" · ".join(notes))
if house_code(rules.id) is not None:
    st.info(t("house.puzzle_note", lang, code=rules.code()), icon=":material/home:")
if puzzle.options:
    st.info(tr("options_note", options=", ".join(tr(f"option.{k}", value=v)
                                                   for k, v in puzzle.options)))
top_name = card_name(puzzle.top.code(), lang) if puzzle.top else ""
st.markdown(f"**{tr(f'question.{puzzle.question}', card=top_name)}** "
            + tr(f"criterion.{puzzle.criterion}"))

done = state.pz_done
marks = dict.fromkeys(state.pz_tried, "wrong")
if done:
    marks.update(dict.fromkeys(solution.answers, "right"))
hand_codes = [card.code() for card in puzzle.hand]
if puzzle.question == "discard":
    st.caption(tr("your_hand") + " · " + tr("click"))
    card_buttons([hand_codes], lang, key="pz_cards", label=tr("your_hand"), on_click=on_card,
                 states=marks, disabled=done)
    if puzzle.criterion == "fewest-points":
        st.toggle(tr("close_toggle"), key="pz_close", disabled=done)
else:
    hand_col, top_col = st.columns([7, 2])
    with hand_col:
        st.caption(tr("your_hand"))
        show_cards(hand_codes, lang, width=84)
    with top_col:
        st.caption(tr("top"))
        show_cards([puzzle.top.code() if puzzle.top else ""], lang, width=84,
                   highlights=[GREEN if done and pz.TAKE in solution.answers else None])
    c1, c2, _ = st.columns([2, 2, 4])
    c1.button(tr("take", card=top_name), on_click=answer, args=(pz.TAKE,), disabled=done,
              icon=":material/back_hand:", width="stretch")
    c2.button(tr("stock"), on_click=answer, args=(pz.STOCK,), disabled=done,
              icon=":material/style:", width="stretch")
if puzzle.seen:
    with st.expander(f"{tr('seen')} ({len(puzzle.seen)})"):
        show_cards([c.code() for c in puzzle.seen], lang, width=40, gap=4)

# --- Feedback --------------------------------------------------------------------------------------
last = state.get("pz_last")
if last:
    verdict, move = last
    if verdict == "right":
        st.success(tr("right", move=move_name(move, puzzle)), icon=":material/check_circle:")
    elif verdict == "close":
        st.warning(tr("should_close" if pz.should_close(solution) else "should_not_close"))
    else:
        st.error(tr("wrong", move=move_name(move, puzzle)), icon=":material/close:")
if state.pz_hint and not done and puzzle.question == "take":
    st.info(tr("hint_take", card=top_name, points=solution.option(pz.TAKE).loose_points),
            icon=":material/lightbulb:")
elif state.pz_hint and not done:
    first, second = (move_name(m, puzzle) for m in pz.hint_moves(solution))
    st.info(tr("hint_text", first=first, second=second), icon=":material/lightbulb:")
a1, a2, a3, _ = st.columns([2, 2, 2, 3])
if not done:
    a1.button(tr("hint"), on_click=give_hint, disabled=state.pz_hint, help=tr("hint_help"),
              icon=":material/lightbulb:", width="stretch")
    a2.button(tr("solution"), on_click=reveal, icon=":material/visibility:",
              width="stretch")
else:
    a1.button(tr("retry"), on_click=retry, icon=":material/replay:", width="stretch")
    a2.button(tr("next"), on_click=next_one, type="primary", icon=":material/skip_next:",
              width="stretch", key="pz_next_after")

# --- The explanation -------------------------------------------------------------------------------
if done:
    st.subheader(tr("explanation"))
    key, values = pz.why(solution)
    names = {k: move_name(values[k], puzzle) for k in ("best", "second")}
    if "top" in values:
        names["top"] = card_name(values["top"], lang)
    shown = {**values, **names,
             "best_outcome": outcome_text(values["best_outcome"], values["best_score"]),
             "second_outcome": outcome_text(values["second_outcome"], values["second_score"])}
    # Points and counts stay numbers: t() writes them in the language and picks the plural.
    for k in ("best_chance", "second_chance", "stock_chance"):
        if k in values:
            shown[k] = percent(values[k])
    st.info(tr(f"why.{key}", **shown), icon=":material/school:")
    others = [move_name(m, puzzle) for m in solution.answers[1:]]
    if others:
        st.caption(tr("right_also", moves=", ".join(others)))
    if puzzle.themes:
        st.caption(tr("themes_note", themes=", ".join(tr(f"theme.{th}") for th in puzzle.themes)))
    options = list({o.move: o for o in solution.options}.values())
    frame = pd.DataFrame({
        tr("col.best"): ["★" if o.move in solution.answers else "" for o in options],
        tr("col.move"): [move_name(o.move, puzzle) for o in options],
        tr("col.points"): [float(o.loose_points) for o in options],
        tr("col.close"): [outcome_text(o.outcome.value, o.score)
                          if o.outcome is not Outcome.CANNOT_CLOSE else "—" for o in options],
        tr("col.chance"): [float(o.close_chance) * 100 for o in options],
        tr("col.expected"): [float(o.expected_points) for o in options],
    })
    chance = puzzle.criterion == "close-chance"
    ys = frame[tr("col.chance") if chance else tr("col.points")]
    figure = go.Figure(go.Bar(
        x=list(range(len(options))), y=ys,
        text=[fmt_percent(y / 100, lang, 1) if chance else fmt_number(y, lang) for y in ys],
        textposition="outside", cliponaxis=False, hovertext=frame[tr("col.move")],
        hoverinfo="text+y",
        marker_color=[GREEN if o.move in solution.answers else GREY for o in options]))
    images = [] if puzzle.question == "take" else [
        {"source": card_data_uri(o.move, width=48, lang=lang), "xref": "x", "yref": "paper", "x": x,
         "y": -0.03, "sizex": 0.62, "sizey": 0.4, "xanchor": "center", "yanchor": "top"}
        for x, o in enumerate(options)]
    figure.update_layout(separators=number_separators(lang),
        title=tr("chart.chance" if chance else "chart.points"), height=340, bargap=0.35,
        margin={"t": 48, "b": 100 if images else 40, "l": 48, "r": 8}, images=images,
        yaxis={"range": [0, max(1.0, float(ys.max())) * 1.25]},
        xaxis={"showticklabels": not images, "tickvals": list(range(len(options))),
               "ticktext": list(frame[tr("col.move")])})
    st.plotly_chart(figure, width="stretch")
    # The table shows the numbers as the sentence does, in the page's language.
    table = frame.assign(**{
        tr("col.chance"): [percent(o.close_chance) for o in options],
        tr("col.expected"): [fmt_number(o.expected_points, lang, 2) for o in options],
        tr("col.points"): [fmt_number(o.loose_points, lang) for o in options]})
    st.dataframe(table, hide_index=True, width="stretch")
