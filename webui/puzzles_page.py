"""The Puzzles page's drawing and its callbacks: the position, the hand, the verdicts, the
close question, the actions and the explanation. What an answer *does* (judged, recorded,
counted) and which puzzle comes next is :mod:`chinchon.services.puzzles`; the explanation's
words are :mod:`chinchon.views.puzzle`.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

import streamlit as st

from chinchon import puzzles as pz
from chinchon.puzzles.criteria import Solution
from chinchon.services import puzzles as service
from chinchon.services.puzzles import ANY, KEYS
from chinchon.views import puzzle as view
from chinchon.views.i18n import card_name, fmt_date, t
from webui import progress
from webui.card_buttons import card_buttons, clicked_card
from webui.cards import show_arrangement, show_cards
from webui.classes import position_attempt as class_position
from webui.classes import puzzle_tools as class_tools
from webui.keys import keys_hint, step_keys
from webui.ui import current_options, house_code, offered_options, option_defaults
from webui.url_state import literal, url_value


def follow_link() -> tuple[str | None, pz.Puzzle | None]:
    """The URL's ``puzzle`` as typed and the shipped puzzle it names. A shared link carries
    its own profile and options: they win over the sidebar's, so call this before the
    sidebar is drawn. Read on arriving only: on a rerun the browser's URL may still hold the
    previous puzzle."""
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
    return raw_id, linked


def at_table(puzzle: pz.Puzzle) -> pz.Puzzle:
    """The puzzle as the table plays it: under its house rules the answers are recomputed."""
    return puzzle.under(house_code(puzzle.rules_id))


def show(puzzle: pz.Puzzle | None) -> None:
    """Start ``puzzle`` and put its id (a position: its cards) in the URL."""
    query = service.start(st.session_state, puzzle)
    if query is None:
        return
    for name in ("puzzle", *pz.POSITION_FIELDS):
        if name not in query:
            st.query_params.pop(name, None)
    st.query_params.update(query)


@dataclass(frozen=True)
class PuzzlesPage:
    """The page under the sidebar's language and rules; its methods are the page's parts and
    its buttons' callbacks."""

    lang: str
    rules_id: str

    def tr(self, key: str, **kw: object) -> str:
        return t(f"puzzles.{key}", self.lang, **kw)

    # --- Which puzzle ------------------------------------------------------------------------

    def asked_position(self, linked: pz.Puzzle | None) -> pz.Puzzle | None:
        """The position of the URL's ``hand=`` (with ``top=``, ``seen=``, ``criterion=``), a
        warning naming a bad value."""
        raw = {name: url_value(name, "pz_id", lang=self.lang) for name in pz.POSITION_FIELDS}
        if raw["hand"] is None or linked is not None:
            return None
        try:
            return pz.position_puzzle(self.rules_id, current_options(self.rules_id), raw)
        except pz.PositionError as error:
            st.warning(self.tr("bad_position", field=literal(error.field),
                               value=literal(error.value)), icon="⚠️")
            return None

    @property
    def options(self) -> dict[str, int]:
        return current_options(self.rules_id)

    def shipped_for_options(self) -> bool:
        return bool(pz.pool(self.rules_id, options=self.options))

    def candidates(self) -> list[pz.Puzzle]:
        return service.candidates(st.session_state, self.rules_id, self.options)

    def choose(self, raw_id: str | None, linked: pz.Puzzle | None,
               asked: pz.Puzzle | None) -> pz.Puzzle:
        """The puzzle to show, as the table plays it: the link's, the URL's position, the
        session's, or the next one when the session's does not fit the sidebar's rules."""
        state = st.session_state
        current = service.current(state)
        if raw_id and linked is None:
            st.error(self.tr("unknown", id=literal(raw_id)), icon=":material/search_off:")
        if linked is not None and linked.id != state.get("pz_id"):
            show(linked)
        elif asked is not None and asked != current:
            show(asked)
        elif (current is None or current.rules_id != self.rules_id
              or (dict(current.options) != self.options and self.shipped_for_options())):
            self.next_one()
            if state.get("pz_empty"):  # no puzzle ships for these options: one of the profile's
                show(pz.next_puzzle(pz.pool(self.rules_id), None, random.Random()))
        return at_table(service.on_screen(state))

    # --- Callbacks ---------------------------------------------------------------------------

    def next_one(self) -> None:
        """A miss being retried, else a puzzle near the learner's rating."""
        progress.learner()
        show(service.next_puzzle(st.session_state, progress.store(), self.candidates(),
                                 st.session_state.get("pz_id"), self.rules_id, self.options,
                                 random.Random()))

    def daily(self) -> None:
        today = datetime.date.today()
        show(service.daily(self.rules_id, self.options, today))
        st.session_state.pz_daily = today.isoformat()

    def answer(self, move: str) -> None:
        state = st.session_state
        puzzle = service.on_screen(state)
        progress.learner()  # the cookie's learner, before the first answer is recorded
        answered = service.answer(state, progress.store(), pz.solve(at_table(puzzle)), move)
        if answered.class_work:  # a game's position given as class work is kept as an attempt
            class_position(puzzle, move, answered.verdict == "right", state.pz_hint)

    def answer_close(self, close: bool) -> None:
        service.answer_close(st.session_state, close)

    def on_card(self) -> None:
        code = clicked_card("pz_cards")
        if code is not None and service.can_answer(st.session_state):
            self.answer(code)

    def give_hint(self) -> None:
        service.give_hint(st.session_state)

    def reveal(self) -> None:
        state = st.session_state
        progress.learner()
        if service.reveal(state, progress.store()):  # a position: kept only when class work
            class_position(service.on_screen(state), None, False, state.pz_hint)

    def retry(self) -> None:
        service.retry(st.session_state)

    def on_key(self, action: str) -> None:
        """A key of :data:`KEYS`: a card of the hand by its place, take or draw, a hint, next."""
        state = st.session_state
        if action == "next":
            self.next_one()
        elif action == "hint":
            if service.can_answer(state) and not state.pz_hint:
                self.give_hint()
        else:
            move = service.key_move(state, service.on_screen(state), action)
            if move is not None:
                self.answer(move)

    # --- Drawing -----------------------------------------------------------------------------

    def heading(self, puzzle: pz.Puzzle) -> None:
        """Title, notes, house rules and options, the question. The theme and the difficulty
        would give the answer away: they wait until it is solved."""
        state, tr, lang = st.session_state, self.tr, self.lang
        done = state.pz_done
        st.subheader(view.title(puzzle, lang, answered=done), anchor=False)
        rules = puzzle.rules
        notes = [tr("rules_note", rules=t(f"profile.{rules.id}.name", lang)),
                 tr("status", streak=state.pz_streak, solved=state.pz_solved,
                    played=state.pz_played)]
        if not service.rated(state):
            notes.insert(1, tr("position_note"))
        elif done:
            notes.insert(1, tr(f"difficulty.{puzzle.difficulty}"))
        if state.get("pz_daily"):
            notes.insert(0, tr("daily_note",
                               date=fmt_date(datetime.date.fromisoformat(state.pz_daily), lang)))
        st.caption(" · ".join(notes))
        if house_code(rules.id) is not None:
            st.info(t("house.puzzle_note", lang, code=rules.code()), icon=":material/home:")
        if puzzle.options:
            st.info(tr("options_note", options=", ".join(tr(f"option.{k}", value=v)
                                                         for k, v in puzzle.options)))
        st.markdown(f"**{tr(f'question.{puzzle.question}', card=self.top_name(puzzle))}** "
                    + tr(f"criterion.{puzzle.criterion}"))

    def top_name(self, puzzle: pz.Puzzle) -> str:
        return card_name(puzzle.top.code(), self.lang) if puzzle.top else ""

    def hand(self, puzzle: pz.Puzzle, solution: Solution) -> tuple[set[str], list[str]]:
        """The hand (and for a take question the pile's top, take and draw); returns the
        hinted moves and the hand's codes as laid out."""
        state, tr, lang = st.session_state, self.tr, self.lang
        done, asking = state.pz_done, state.get("pz_asking")
        hint = set(pz.hint_moves(solution)) if state.pz_hint and not done else set()
        marks = dict.fromkeys(state.pz_tried, "wrong")
        if done or asking:
            marks.update(dict.fromkeys(solution.answers if done else [asking], "right"))
        hand_codes = service.shown_hand(state, puzzle)
        if puzzle.question == "discard":
            card_buttons([hand_codes], lang, key="pz_cards", label=tr("your_hand"),
                         on_click=self.on_card, states=marks, disabled=done or bool(asking),
                         highlight=hint, fit=True)
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
            c1.button(tr("take", card=self.top_name(puzzle)), on_click=self.answer,
                      args=(pz.TAKE,), disabled=done or bool(asking),
                      icon=":material/back_hand:", width="stretch")
            c2.button(tr("stock"), on_click=self.answer, args=(pz.STOCK,),
                      disabled=done or bool(asking), icon=":material/style:", width="stretch")
        st.toggle(tr("by_number"), key="pz_by_number")
        return hint, hand_codes

    def feedback(self, puzzle: pz.Puzzle, solution: Solution, hint: set[str]) -> None:
        """The verdict, the rating, the close question and its verdict, the hint."""
        state, tr, lang = st.session_state, self.tr, self.lang
        last = state.get("pz_last")
        if last:
            verdict, move = last
            name = view.move_name(move, puzzle, lang)
            if verdict == "right":
                # Found after a miss (or a shown solution): right, but the rating counted it.
                later = (service.rated(state) and state.get("pz_late")
                         and not state.get("pz_clean"))
                st.success(tr("right_retry", move=name, n=state.pz_tries) if later
                           else tr("right", move=name), icon=":material/check_circle:")
            else:
                st.error(tr("wrong", move=name), icon=":material/close:")
        if state.pz_counted and service.rated(state):  # the rating after the first answer
            progress.rating_widget(lang, self.rules_id)
        asking = state.get("pz_asking")
        if asking:
            option = solution.option(asking)
            with st.container(border=True):
                st.markdown("**" + tr("close_question") + "** " + tr(
                    "close_detail", outcome=view.outcome_text(option.outcome, option.score, lang)))
                q1, q2 = st.columns(2)
                q1.button(tr("close_yes"), on_click=self.answer_close, args=(True,),
                          type="primary", icon=":material/done_all:", width="stretch",
                          key="pz_close_yes")
                q2.button(tr("close_no"), on_click=self.answer_close, args=(False,),
                          width="stretch", key="pz_close_no")
        if state.pz_done and state.get("pz_closed") is not None:
            close_verdict = pz.judge_close(solution, state.pz_closed)
            outcome = view.outcome_text(solution.best.outcome, solution.best.score, lang)
            if close_verdict == "right":
                st.success(tr("closed_right", outcome=outcome), icon=":material/done_all:")
            else:
                st.warning(tr("closed_wrong", outcome=outcome))
        if hint:
            if puzzle.question == "take":
                st.info(tr("hint_take", card=self.top_name(puzzle),
                           points=solution.option(pz.TAKE).loose_points),
                        icon=":material/lightbulb:")
            else:
                st.info(tr("hint_cards"), icon=":material/lightbulb:")

    def filters(self) -> None:
        tr = self.tr
        with st.popover(tr("filters"), icon=":material/tune:", width="stretch"):
            st.selectbox(tr("theme"), [ANY, *pz.THEMES], key="pz_theme",
                         format_func=lambda th: tr("any") if th == ANY else tr(f"theme.{th}"))
            st.selectbox(tr("difficulty"), [ANY, *pz.DIFFICULTIES], key="pz_level",
                         format_func=lambda lv: tr("any") if lv == ANY else tr(f"difficulty.{lv}"))
            st.button(tr("another"), on_click=self.next_one, icon=":material/shuffle:",
                      width="stretch")
            st.button(tr("daily"), on_click=self.daily, icon=":material/today:",
                      width="stretch")

    def actions(self) -> None:
        """While answering: a hint, the solution, moving on after a miss, the filters."""
        state, tr = st.session_state, self.tr
        if state.get("pz_asking"):
            self.filters()
        elif not state.pz_done:
            missed = bool(state.pz_tried)  # after a miss, moving on is offered as well
            actions = st.columns(4 if missed else 3)
            actions[0].button(tr("hint"), on_click=self.give_hint, disabled=state.pz_hint,
                              help=tr("hint_help"), icon=":material/lightbulb:", width="stretch")
            actions[1].button(tr("solution"), on_click=self.reveal, icon=":material/visibility:",
                              width="stretch")
            if missed:
                actions[2].button(tr("next"), on_click=self.next_one,
                                  icon=":material/skip_next:", width="stretch",
                                  key="pz_next_after_miss")
            with actions[-1]:
                self.filters()
        if state.get("pz_empty"):
            st.warning(tr("none"))

    def explanation(self, puzzle: pz.Puzzle, solution: Solution) -> None:
        """Once answered: the lesson, the best move's and yours, above "Next puzzle"."""
        state, tr, lang = st.session_state, self.tr, self.lang
        if not state.pz_done:
            return
        shown = view.explain(solution, state.pz_tried, lang)
        st.info(shown.lesson, icon=":material/school:")
        for kept, heading in ((shown.best, tr("after_best", move=shown.best.name)),
                              (shown.other, tr("after_mine" if shown.other_is_mine
                                               else "after_other",
                                               move=shown.other.name if shown.other else ""))):
            if kept is None:
                continue
            with st.container(border=True):
                st.markdown(f"**{heading}**")
                show_arrangement(kept.arrangement, puzzle.rules, lang, width=52)
                st.caption(kept.draws_text)
                if kept.pictured:
                    show_cards(view.card_codes(kept.pictured), lang, width=40, gap=4,
                               labels=[f"×{kept.draws.copies[c]}" if kept.draws.copies[c] > 1
                                       else None for c in kept.pictured])
        n1, n2 = st.columns(2)
        n1.button(tr("next"), on_click=self.next_one, type="primary",
                  icon=":material/skip_next:", width="stretch", key="pz_next_after")
        n2.button(tr("retry"), on_click=self.retry, icon=":material/replay:", width="stretch")
        with st.expander(tr("explanation")):
            if puzzle.themes:
                st.caption(tr("themes_note", themes=", ".join(tr(f"theme.{th}")
                                                              for th in puzzle.themes)))
            st.plotly_chart(view.chart(solution, lang), width="stretch",
                            config={"displayModeBar": False})
            st.table(view.comparison(solution, lang).set_index(tr("col.move")))
            st.caption(tr("table_note"))
        self.filters()

    def footer(self, puzzle: pz.Puzzle, hand_codes: list[str]) -> None:
        """The cards seen, the keys, the class tools, the page's intro."""
        tr = self.tr
        if puzzle.seen:
            with st.expander(f"{tr('seen')} ({len(puzzle.seen)})"):
                show_cards([c.code() for c in puzzle.seen], self.lang, width=40, gap=4)
        step_keys("pz_keys", self.on_key, KEYS)
        keys_hint(tr(f"keys.{puzzle.question}", n=len(hand_codes)), caption=True)
        class_tools(puzzle, self.candidates(), self.lang)  # add to an assignment, worksheet
        st.caption(tr("intro"))
