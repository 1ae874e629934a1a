"""Puzzles: throw the right card; the solver judges live and explains every move.

``puzzle=ID`` opens a shipped puzzle; ``hand=`` (with ``top=``, ``seen=``, ``criterion=``) opens
a position met in a game as an ad-hoc puzzle (``chinchon.puzzles.position_puzzle``), judged
live the same way but not rated.
"""

from __future__ import annotations

import datetime
import random

import streamlit as st

from chinchon import puzzles as pz
from chinchon.views import puzzle as view
from chinchon.views.i18n import card_name, fmt_date, t
from webui import progress  # progress (issue 11)
from webui.card_buttons import card_buttons, clicked_card
from webui.cards import show_arrangement, show_cards
from webui.classes import position_attempt as class_position  # classes (issue 21)
from webui.classes import puzzle_tools as class_tools
from webui.keys import keys_hint, step_keys
from webui.ui import (
    current_options,
    house_code,
    offered_options,
    option_defaults,
    setup_page,
)
from webui.url_state import literal, url_value

ANY = "any"

# A shared link carries its own profile and options: they win over the sidebar's before the
# sidebar is drawn. Read on arriving only: on a rerun the browser's URL may still hold the
# previous puzzle.
raw_id = url_value("puzzle", "pz_id")
linked = pz.shipped().get(raw_id.strip()) if raw_id else None
if linked is not None and linked.id != st.session_state.get("pz_id"):
    # A house code for the puzzle's own profile stays: the table's rules judge the puzzle.
    asked = st.query_params.get("rules", "")
    if asked.replace(" ", "+").split("+")[0] != linked.rules_id:
        st.query_params["rules"] = linked.rules_id
    for name in offered_options(linked.rules_id):
        value = dict(linked.options).get(name, option_defaults(linked.rules_id)[name])
        st.query_params[name] = str(value)
lang, rules_id = setup_page("puzzles")
state = st.session_state
raw_position = {name: url_value(name, "pz_id", lang=lang) for name in pz.POSITION_FIELDS}
asked_position: pz.Puzzle | None = None
if raw_position["hand"] is not None and linked is None:
    try:
        asked_position = pz.position_puzzle(rules_id, current_options(rules_id), raw_position)
    except pz.PositionError as error:
        st.warning(t("puzzles.bad_position", lang, field=literal(error.field),
                     value=literal(error.value)), icon="⚠️")
for name, value in (("pz_streak", 0), ("pz_solved", 0), ("pz_played", 0)):
    state.setdefault(name, value)
progress.banner(lang)  # progress (issue 11): write queued attempts; say when not saving
progress.restore_counts()  # progress (issue 11): streak and score survive a reload


def tr(key: str, **kw: object) -> str:
    return t(f"puzzles.{key}", lang, **kw)


def start(puzzle: pz.Puzzle | None) -> None:
    """Show ``puzzle`` from scratch and put its id (a position: its cards) in the URL."""
    if puzzle is None:
        state.pz_empty = True
        return
    state.update(pz_id=puzzle.id, pz_tried=[], pz_done=False, pz_hint=False, pz_counted=False,
                 pz_last=None, pz_empty=False, pz_daily=None, pz_asking=None, pz_closed=None,
                 pz_tries=0, pz_clean=False, pz_late=False)
    state.pz_position = puzzle if puzzle.id == pz.POSITION_ID else None
    if state.pz_position is not None:
        st.query_params.pop("puzzle", None)
        st.query_params.update(pz.position_query(puzzle.hand, puzzle.top, puzzle.seen,
                                                 puzzle.criterion))
        return
    for name in pz.POSITION_FIELDS:
        st.query_params.pop(name, None)
    st.query_params["puzzle"] = puzzle.id


def on_screen() -> pz.Puzzle:
    """The puzzle being solved: a shipped one, or the position opened from a game."""
    position = state.get("pz_position")
    if position is not None and state.get("pz_id") == pz.POSITION_ID:
        return position
    return pz.find_puzzle(state.pz_id)


def rated() -> bool:
    """A shipped puzzle counts (streak, score, rating); a position from your game does not."""
    return state.get("pz_id") != pz.POSITION_ID


def candidates() -> list[pz.Puzzle]:
    """The puzzles of the sidebar's rules and options, the filters applied; with no filter on
    the difficulty, the level the player has reached (easy first)."""
    theme, level = state.get("pz_theme", ANY), state.get("pz_level", ANY)
    chosen = pz.pool(rules_id, None if theme == ANY else theme,
                     None if level == ANY else level, options=current_options(rules_id))
    reached = pz.level_for(state.pz_solved)
    if level == ANY and reached is not None:
        chosen = [p for p in chosen if p.difficulty == reached] or chosen
    return chosen


def next_one() -> None:
    # progress (issue 11): a miss being retried, else a puzzle near the learner's rating
    start(progress.next_puzzle(candidates(), state.get("pz_id"), rules_id))


def daily() -> None:
    today = datetime.date.today()
    start(pz.daily_puzzle(today, pz.pool(rules_id, options=current_options(rules_id))
                          or pz.pool(rules_id)))
    state.pz_daily = today.isoformat()


def at_table(puzzle: pz.Puzzle) -> pz.Puzzle:
    """The puzzle as the table plays it: under its house rules the answers are recomputed."""
    return puzzle.under(house_code(puzzle.rules_id))


def answer(move: str) -> None:
    solution = pz.solve(at_table(on_screen()))
    verdict = pz.judge(solution, move)
    state.pz_tries = state.get("pz_tries", 0) + 1
    state.pz_late = state.pz_counted  # the rating already has this puzzle's first answer
    if not state.pz_counted and not rated():
        state.pz_counted = True
        # classes (issue 21): a game's position given as class work is kept as an attempt
        class_position(on_screen(), move, verdict == "right", state.pz_hint)
    if not state.pz_counted:  # the first answer scores; a hint already cost the streak
        # progress (issue 11): written before the page says right or wrong
        progress.record_attempt(pz.find_puzzle(state.pz_id), move, verdict == "right",
                                state.pz_hint, state.get("pz_daily"))
        state.pz_counted, state.pz_played = True, state.pz_played + 1
        good = verdict == "right" and not state.pz_hint
        state.pz_clean = good  # what the rating counts: solved at the first try, no hint
        state.pz_solved += good
        state.pz_streak = state.pz_streak + 1 if good else 0
    if verdict == "wrong":
        state.pz_tried = [*state.pz_tried, move]
    elif pz.offers_close(solution, move):
        state.pz_asking = move  # the second question: close now?
    else:
        state.pz_done = True
    state.pz_last = (verdict, move)


def answer_close(close: bool) -> None:
    state.update(pz_closed=close, pz_asking=None, pz_done=True)


def on_card() -> None:
    code = clicked_card("pz_cards")
    if code is not None and not state.pz_done and not state.pz_asking:
        answer(code)


def give_hint() -> None:
    state.pz_hint, state.pz_streak = True, 0


def can_answer() -> bool:
    return not state.pz_done and not state.get("pz_asking")


def on_key(action: str) -> None:
    """A key of :data:`KEYS`: a card of the hand by its place, take or draw, a hint, next."""
    if action == "next":
        next_one()
    elif action == "hint":
        if can_answer() and not state.pz_hint:
            give_hint()
    elif can_answer():
        puzzle = on_screen()
        if puzzle.question == "take" and action in (pz.TAKE, pz.STOCK):
            answer(action)
        elif puzzle.question == "discard" and action.isdigit():
            shown = shown_hand(puzzle)
            if 1 <= int(action) <= len(shown):
                answer(shown[int(action) - 1])


def shown_hand(puzzle: pz.Puzzle) -> list[str]:
    """The hand's codes in the order the page lays them out (what the number keys count)."""
    order = pz.number_order if state.get("pz_by_number") else pz.card_order
    return [card.code() for card in sorted(puzzle.hand, key=order)]


#: Key → action: 1–8 a card of the hand, T take, S the stock, H a hint, N the next puzzle.
KEYS = {**{str(n): str(n) for n in range(1, 9)},
        "t": pz.TAKE, "T": pz.TAKE, "s": pz.STOCK, "S": pz.STOCK,
        "h": "hint", "H": "hint", "n": "next", "N": "next"}


def reveal() -> None:
    if not state.pz_counted and rated():
        progress.record_attempt(pz.find_puzzle(state.pz_id), None, False,  # progress (issue 11)
                                state.pz_hint, state.get("pz_daily"))
        state.pz_counted, state.pz_played = True, state.pz_played + 1
    elif not state.pz_counted:  # a position: kept only when class work (issue 21)
        state.pz_counted = True
        class_position(on_screen(), None, False, state.pz_hint)
    state.pz_tries = state.get("pz_tries", 0) + 1  # seeing the solution spends a try
    state.update(pz_done=True, pz_streak=0, pz_last=None, pz_asking=None)


def retry() -> None:
    state.update(pz_tried=[], pz_done=False, pz_last=None, pz_hint=False, pz_asking=None,
                 pz_closed=None)


# --- Which puzzle --------------------------------------------------------------------------------
current = (state.get("pz_position") if state.get("pz_id") == pz.POSITION_ID
           else pz.shipped().get(state.get("pz_id", "")))
shipped_for_options = bool(pz.pool(rules_id, options=current_options(rules_id)))
if raw_id and linked is None:
    st.error(tr("unknown", id=literal(raw_id)), icon=":material/search_off:")
if linked is not None and linked.id != state.get("pz_id"):
    start(linked)
elif asked_position is not None and asked_position != current:
    start(asked_position)
elif (current is None or current.rules_id != rules_id
      or (dict(current.options) != current_options(rules_id) and shipped_for_options)):
    next_one()
    if state.get("pz_empty"):  # no puzzle ships for these options: one of the profile's
        start(pz.next_puzzle(pz.pool(rules_id), None, random.Random()))
puzzle = at_table(on_screen())
progress.puzzle_shown(puzzle.id)  # progress (issue 11): the clock of this attempt
if not shipped_for_options:
    st.info(tr("no_pack"), icon=":material/info:")
with st.spinner(tr("solving")):  # shown only if it takes a while (two decks, jokers)
    solution = pz.solve(puzzle)
done, asking = state.pz_done, state.get("pz_asking")

# --- The position: title, question, hand ---------------------------------------------------------
# The theme and the difficulty would give the answer away: they wait until it is solved.
st.subheader(view.title(puzzle, lang, answered=done), anchor=False)
rules = puzzle.rules
notes = [tr("rules_note", rules=t(f"profile.{rules.id}.name", lang)),
         tr("status", streak=state.pz_streak, solved=state.pz_solved, played=state.pz_played)]
if not rated():
    notes.insert(1, tr("position_note"))
elif done:
    notes.insert(1, tr(f"difficulty.{puzzle.difficulty}"))
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

hint = set(pz.hint_moves(solution)) if state.pz_hint and not done else set()
marks = dict.fromkeys(state.pz_tried, "wrong")
if done or asking:
    marks.update(dict.fromkeys(solution.answers if done else [asking], "right"))
hand_codes = shown_hand(puzzle)
if puzzle.question == "discard":
    card_buttons([hand_codes], lang, key="pz_cards", label=tr("your_hand"), on_click=on_card,
                 states=marks, disabled=done or bool(asking), highlight=hint, fit=True)
else:
    hand_col, top_col = st.columns([7, 2])
    with hand_col:
        st.caption(tr("your_hand"))
        card_buttons([hand_codes], lang, key="pz_take_hand", label=tr("your_hand"),
                     on_click=lambda: None, disabled=True, width=72, fit=True)
    with top_col:
        st.caption(tr("top"))
        show_cards([puzzle.top.code() if puzzle.top else ""], lang, width=72,
                   highlights=[view.GREEN if done and pz.TAKE in solution.answers
                               else "#e0a21b" if hint else None])
    c1, c2 = st.columns(2)
    c1.button(tr("take", card=top_name), on_click=answer, args=(pz.TAKE,),
              disabled=done or bool(asking), icon=":material/back_hand:", width="stretch")
    c2.button(tr("stock"), on_click=answer, args=(pz.STOCK,), disabled=done or bool(asking),
              icon=":material/style:", width="stretch")
st.toggle(tr("by_number"), key="pz_by_number")

# --- Feedback and the second question -------------------------------------------------------------
last = state.get("pz_last")
if last:
    verdict, move = last
    if verdict == "right":
        # Found after a miss (or a shown solution): right, but the rating counted the miss.
        later = rated() and state.get("pz_late") and not state.get("pz_clean")
        st.success(tr("right_retry", move=view.move_name(move, puzzle, lang),
                      n=state.pz_tries) if later
                   else tr("right", move=view.move_name(move, puzzle, lang)),
                   icon=":material/check_circle:")
    else:
        st.error(tr("wrong", move=view.move_name(move, puzzle, lang)), icon=":material/close:")
if state.pz_counted and rated():  # progress (issue 11): the rating and its change after the first answer
    progress.rating_widget(lang, rules_id)
if asking:
    option = solution.option(asking)
    with st.container(border=True):
        st.markdown("**" + tr("close_question") + "** "
                    + tr("close_detail", outcome=view.outcome_text(option.outcome, option.score,
                                                                    lang)))
        q1, q2 = st.columns(2)
        q1.button(tr("close_yes"), on_click=answer_close, args=(True,), type="primary",
                  icon=":material/done_all:", width="stretch", key="pz_close_yes")
        q2.button(tr("close_no"), on_click=answer_close, args=(False,), width="stretch",
                  key="pz_close_no")
if done and state.get("pz_closed") is not None:
    close_verdict = pz.judge_close(solution, state.pz_closed)
    outcome = view.outcome_text(solution.best.outcome, solution.best.score, lang)
    if close_verdict == "right":
        st.success(tr("closed_right", outcome=outcome), icon=":material/done_all:")
    else:
        st.warning(tr("closed_wrong", outcome=outcome))
if hint:
    if puzzle.question == "take":
        st.info(tr("hint_take", card=top_name, points=solution.option(pz.TAKE).loose_points),
                icon=":material/lightbulb:")
    else:
        st.info(tr("hint_cards"), icon=":material/lightbulb:")


def filters() -> None:
    with st.popover(tr("filters"), icon=":material/tune:", width="stretch"):
        st.selectbox(tr("theme"), [ANY, *pz.THEMES], key="pz_theme",
                     format_func=lambda th: tr("any") if th == ANY else tr(f"theme.{th}"))
        st.selectbox(tr("difficulty"), [ANY, *pz.DIFFICULTIES], key="pz_level",
                     format_func=lambda lv: tr("any") if lv == ANY else tr(f"difficulty.{lv}"))
        st.button(tr("another"), on_click=next_one, icon=":material/shuffle:", width="stretch")
        st.button(tr("daily"), on_click=daily, icon=":material/today:", width="stretch")


if asking:
    filters()
elif not done:
    missed = bool(state.pz_tried)  # after a miss, moving on is offered as well as trying again
    actions = st.columns(4 if missed else 3)
    actions[0].button(tr("hint"), on_click=give_hint, disabled=state.pz_hint,
                      help=tr("hint_help"), icon=":material/lightbulb:", width="stretch")
    actions[1].button(tr("solution"), on_click=reveal, icon=":material/visibility:",
                      width="stretch")
    if missed:
        actions[2].button(tr("next"), on_click=next_one, icon=":material/skip_next:",
                          width="stretch", key="pz_next_after_miss")
    with actions[-1]:
        filters()
if state.get("pz_empty"):
    st.warning(tr("none"))

# --- The explanation, above "Next puzzle" ---------------------------------------------------------
if done:
    shown = view.explain(solution, state.pz_tried, lang)
    st.info(shown.lesson, icon=":material/school:")
    for kept, heading in ((shown.best, tr("after_best", move=shown.best.name)),
                          (shown.other, tr("after_mine" if shown.other_is_mine else "after_other",
                                           move=shown.other.name if shown.other else ""))):
        if kept is None:
            continue
        with st.container(border=True):
            st.markdown(f"**{heading}**")
            show_arrangement(kept.arrangement, rules, lang, width=52)
            st.caption(kept.draws_text)
            if kept.pictured:
                show_cards(view.card_codes(kept.pictured), lang, width=40, gap=4,
                           labels=[f"×{kept.draws.copies[c]}" if kept.draws.copies[c] > 1
                                   else None for c in kept.pictured])
    n1, n2 = st.columns(2)
    n1.button(tr("next"), on_click=next_one, type="primary", icon=":material/skip_next:",
              width="stretch", key="pz_next_after")
    n2.button(tr("retry"), on_click=retry, icon=":material/replay:", width="stretch")
    with st.expander(tr("explanation")):
        if puzzle.themes:
            st.caption(tr("themes_note", themes=", ".join(tr(f"theme.{th}")
                                                          for th in puzzle.themes)))
        st.plotly_chart(view.chart(solution, lang), width="stretch",
                        config={"displayModeBar": False})
        st.table(view.comparison(solution, lang).set_index(tr("col.move")))
        st.caption(tr("table_note"))
    filters()

if puzzle.seen:
    with st.expander(f"{tr('seen')} ({len(puzzle.seen)})"):
        show_cards([c.code() for c in puzzle.seen], lang, width=40, gap=4)
step_keys("pz_keys", on_key, KEYS)
keys_hint(tr(f"keys.{puzzle.question}", n=len(hand_codes)), caption=True)  # keyboards only
class_tools(puzzle, candidates(), lang)  # classes (issue 21): add to an assignment, worksheet
st.caption(tr("intro"))
