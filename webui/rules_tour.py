"""The rules tour's Streamlit side: where the reader is (the session, the address's ``step``),
the task of each step and its callbacks, the rule, the hands, and the end screen (the page,
``pages/1_Rules_tour.py``, lays them out). The tour as data and what each screen decides is
:mod:`chinchon.views.tour`.

Session keys: ``tour-<profile>-at`` (the screen, from 1), ``tour-<profile>-done`` (the ids of
the steps answered right), ``task-<profile>-<step>-answer`` (the last answer of a step).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import streamlit as st

from chinchon.engine.cards import Card
from chinchon.engine.layoffs import resolve
from chinchon.engine.rules import Rules, get_rules
from chinchon.engine.solver import HandAnalysis
from chinchon.views import disclosures, tour
from chinchon.views.handlab import verdict
from chinchon.views.i18n import card_name, t
from chinchon.views.sources import Footnotes
from webui.card_buttons import card_buttons, clicked_card
from webui.cards import LAID_RING, show_arrangement, show_cards
from webui.classes import finish_tours
from webui.hand_end import show_table_at, step_lines
from webui.keys import STEP_KEYS, step_keys
from webui.ui import find_page, house_code
from webui.url_state import literal

S = st.session_state
#: The tour's keys: Space is left to the page (it scrolls), the arrows, Home and End step.
TOUR_KEYS = {key: action for key, action in STEP_KEYS.items() if key != " "}


@dataclass(frozen=True)
class Tour:
    """The tour of one profile as this run shows it."""

    lang: str
    rules_id: str
    rules: Rules
    steps: tuple[tour.Step, ...]
    #: The profile has house rules this session: the tour explains the profile as written.
    house: bool
    #: Every source the page marks, once (filled as the page is drawn).
    notes: Footnotes = field(default_factory=Footnotes)

    @property
    def end(self) -> int:
        return tour.end_screen(self.steps)

    @property
    def at_key(self) -> str:
        return f"tour-{self.rules_id}-at"

    @property
    def done_key(self) -> str:
        return f"tour-{self.rules_id}-done"

    @property
    def profile(self) -> str:
        return t(f"profile.{self.rules_id}.name", self.lang)

    def done(self) -> set[str]:
        found: set[str] = S.get(self.done_key, set())
        return found


def open_tour(rules_id: str, lang: str) -> Tour:
    return Tour(lang, rules_id, get_rules(rules_id), tour.steps(rules_id),
                house_code(rules_id) is not None)


# --- Where the reader is ----------------------------------------------------------------------


def _go(run: Tour, screen: int) -> None:
    S[run.at_key] = tour.screen_within(screen, run.end)


def _on_key(run: Tour, action: str) -> None:
    S[run.at_key] = tour.key_screen(action, S.get(run.at_key, 1), run.end)


def current_screen(run: Tour) -> int:
    """The screen to show: ``?step=N`` when it is new in the address (a bad value is named and
    ignored), else the session's."""
    raw = st.query_params.get("step")
    if raw is not None and raw != S.get(f"{run.at_key}-url"):
        S[f"{run.at_key}-url"] = raw
        screen = tour.read_step(raw, run.end)
        if screen is not None:
            S[run.at_key] = screen
        else:
            st.warning(t("tour.bad_step", run.lang, value=literal(raw), last=run.end), icon="⚠️")
    return tour.screen_within(int(S.get(run.at_key, 1)), run.end)


def write_screen(run: Tour, screen: int) -> None:
    st.query_params["step"] = str(screen)
    S[f"{run.at_key}-url"] = str(screen)


def navigation(run: Tour, screen: int) -> None:
    """The progress bar with a tick per step answered, Back and Next, the keys."""
    lang, count = run.lang, len(run.steps)
    at = min(screen, count)
    st.progress(at / count, text=t("tour.progress", lang, step=at, total=count,
                                   ticks=tour.ticks(run.steps, run.done())))
    with st.container(horizontal=True, key="tour_nav"):
        st.button(t("tour.back", lang), icon=":material/arrow_back:", on_click=_go,
                  args=(run, screen - 1), disabled=screen == 1, key="tour-back")
        if screen < run.end:
            label = "tour.next" if screen < count else "tour.finish"
            st.button(t(label, lang), icon=":material/arrow_forward:", type="primary",
                      on_click=_go, args=(run, screen + 1), key="tour-next")
    step_keys("tour-keys", lambda action: _on_key(run, action), TOUR_KEYS)


def mark_class_tour(run: Tour, screen: int) -> None:
    """Classes (issue 21): reaching the last step does the class's tour of this profile."""
    if screen >= len(run.steps) and not S.get(f"{run.at_key}-class"):
        S[f"{run.at_key}-class"] = True
        if finish_tours(run.rules_id):
            st.success(t("class.tour_marked", run.lang), icon=":material/task_alt:")


# --- A step's hands ---------------------------------------------------------------------------


def _say_verdict(run: Tour, analysis: HandAnalysis, example: tour.Example) -> None:
    """The close badge in words, naming the game context when that is what forbids closing."""
    lang, points = run.lang, analysis.loose_points
    reason = tour.verdict_reason(analysis, example)
    if reason is tour.VerdictReason.CAN_CLOSE:
        kind = verdict(analysis).kind.value
        st.success(t(f"tour.verdict.{kind}", lang, points=points, score=analysis.score),
                   icon=":material/check_circle:")
    elif reason is tour.VerdictReason.FIRST_ROUND:
        st.warning(t("tour.verdict.first_round", lang, points=points),
                   icon=":material/hourglass_top:")
    elif reason is tour.VerdictReason.OVER_LIMIT:
        st.warning(t("tour.verdict.over_limit", lang, points=points, total=example.total,
                     limit=run.rules.limit), icon=":material/block:")
    else:
        st.error(t("tour.verdict.cannot_close", lang, points=points),
                 icon=":material/do_not_touch:")


def _show_provenance(run: Tour, example: tour.Example | tour.LayoffExample) -> None:
    """Whether a hand comes from a source (named by its publisher and mark) or is ours."""
    if example.is_ours:
        st.caption(":material/edit: " + t("tour.ours", run.lang))
    else:
        assert example.source is not None
        name = run.notes.named([example.source])
        st.caption(":material/menu_book: " + t("tour.from_source", run.lang, source=name))


def _show_example(run: Tour, step: tour.Step, index: int, example: tour.Example) -> None:
    lang = run.lang
    ex_rules = tour.example_rules(example, run.rules_id)
    with st.container(border=True):
        _show_provenance(run, example)
        st.markdown(f"**{t(example.caption, lang)}**")
        solved = tour.solve(example, ex_rules)
        if example.drawn is not None:
            assert solved.discards is not None
            show_cards([c.code() for c in tour.held(example)], lang, width=56,
                       highlights=[None] * len(example.hand) + [LAID_RING])
            discard = example.discard or solved.discards.best
            st.markdown(t("tour.drawn", lang, drawn=card_name(example.drawn.code(), lang),
                          discard=card_name(discard.code(), lang)))
        show_arrangement(solved.analysis.arrangement, ex_rules, lang)
        _say_verdict(run, solved.analysis, example)
        if solved.discards is not None:
            if solved.discard_is_best:
                st.caption(t("tour.best_discard_yes", lang))
            else:
                st.caption(t("tour.best_discard_no", lang,
                             card=card_name(solved.discards.best.code(), lang)))
        if example.total is not None and solved.analysis.score is not None:
            st.markdown(t("tour.total", lang, before=example.total,
                          after=example.total + solved.analysis.score))
        if example.note:
            st.info(t(example.note, lang), icon=":material/edit_note:")
        _try_it(run, step, index, example, ex_rules)


def _try_it(run: Tour, step: tour.Step, index: int, example: tour.Example,
            ex_rules: Rules) -> None:
    """Swap one card of the hand and see what the solver says then."""
    lang = run.lang
    held = tour.held(example)
    choices = tour.swap_choices(held, ex_rules)
    out_default, in_index = tour.swap_defaults(example, choices)
    key = f"try-{run.rules_id}-{step.id}-{index}"

    def card_label(card: Card) -> str:
        return card_name(card.code(), lang)

    with st.expander(t("tour.try_it", lang), icon=":material/swap_horiz:"):
        left, right = st.columns(2)
        out = left.selectbox(t("tour.swap_out", lang), held, index=held.index(out_default),
                             format_func=card_label, key=f"{key}-out")
        into = right.selectbox(t("tour.swap_in", lang), choices, index=in_index,
                               format_func=card_label, key=f"{key}-in")
        try:
            change = tour.compare(example, ex_rules, out, into)
        except tour.SwapError as err:
            st.warning(t("tour.swap_error", lang, error=str(err)))
            return
        show_arrangement(change.after.arrangement, ex_rules, lang, width=52)
        _say_verdict(run, change.after, example)
        note = tour.change_note(change)
        if note == "points":
            st.caption(t("tour.change.points", lang, before=change.before.loose_points,
                         after=change.after.loose_points))
        elif note is not None:
            st.caption(t(f"tour.change.{note}", lang))


def _show_layoff(run: Tour, example: tour.LayoffExample) -> None:
    lang, rules = run.lang, run.rules
    with st.container(border=True):
        _show_provenance(run, example)
        st.markdown(f"**{t(example.caption, lang)}**")
        end = resolve(example.closer, example.opponents, rules)
        names = [t("layoffs.seat", lang, n=i + 1) for i in range(len(example.opponents) + 1)]
        # Every hand in full, so that each card the caption names is on screen.
        assert end.close is not None
        st.markdown(t("layoffs.closes", lang, who=names[0]))
        show_arrangement(end.close.arrangement, rules, lang, width=44)
        for name, hand in zip(names[1:], example.opponents, strict=True):
            st.markdown(name)
            show_cards([c.code() for c in hand], lang, width=36, gap=3)
        st.markdown(step_lines(end, names, lang, len(end.steps), bold_last=False))
        show_table_at(end, names, lang, len(end.steps), width=52)
        st.markdown("  \n".join(t("layoffs.player_line", lang, who=names[i],
                                  points=player.loose_points)
                                for i, player in enumerate(end.players)))
        link = tour.layoff_link_query(example, run.rules_id, lang)
        st.markdown(f"[{t('tour.layoff.open', lang)}](Layoff_table?{link})")


# --- A step's task and rule -------------------------------------------------------------------


def _answer(run: Tour, step: tour.Step, task: tour.Task, answer: str | None) -> None:
    """Keep ``answer`` as the step's last; a right one ticks the step."""
    if answer is None:
        return
    S[f"task-{run.rules_id}-{step.id}-answer"] = answer
    if task.check(answer):
        S.setdefault(run.done_key, set()).add(step.id)


def _choice_text(answer: str, lang: str) -> str:
    return t(f"tour.choice.{answer}", lang) if answer in ("yes", "no") else answer


def _show_task(run: Tour, step: tour.Step, task: tour.Task) -> bool:
    """The step's question; True once answered right (the tick), then the solver's view."""
    lang = run.lang
    key = f"task-{run.rules_id}-{step.id}"
    answer = S.get(f"{key}-answer")
    right = answer is not None and task.check(answer)
    question = t(f"tour.task.{task.kind.value}", lang)
    with st.container(border=True, key=f"tour_task_{step.id}"):
        st.markdown(f"**{question}**")
        if task.kind is tour.TaskKind.CLOSE and step.examples and not right:
            # The hand asked about, as dealt: its melds and verdict wait for the answer.
            st.caption(t("tour.hand_to_judge", lang))
            show_cards([c.code() for c in tour.held(step.examples[0])], lang, width=56)
        if task.by_card:
            states = {} if answer is None else {answer: "right" if right else "wrong"}
            card_buttons([[c.code() for c in row] for row in task.rows], lang, key=key,
                         label=question, states=states, width=58, gap=6,
                         on_click=lambda: _answer(run, step, task, clicked_card(key)))
        else:
            st.pills(question, task.choices, key=f"{key}-choice", label_visibility="collapsed",
                     on_change=lambda: _answer(run, step, task, S.get(f"{key}-choice")),
                     format_func=lambda choice: _choice_text(choice, lang))
        if right:
            st.success(t("tour.task.right", lang), icon=":material/check_circle:")
        elif answer is not None:
            shown = card_name(answer, lang) if task.by_card else _choice_text(answer, lang)
            st.warning(t("tour.task.wrong", lang, answer=shown), icon=":material/replay:")
    return right


def _cite(run: Tour, fields: tuple[str, ...]) -> str:
    found = [run.rules.citations[name] for name in fields if name in run.rules.citations]
    return run.notes.marks(found or run.rules.sources)


def _show_rule(run: Tour, step: tour.Step) -> None:
    """The step's rule in words, its sources, our readings and what the sources leave open."""
    lang = run.lang
    params = tour.rule_params(run.rules)
    for key in step.paragraphs:
        st.markdown(t(key, lang, **params))
    st.caption(t("tour.cite", lang, cites=_cite(run, step.fields)))
    for note in step.notes:
        st.info(t(note, lang), icon=":material/edit_note:")
    for item in disclosures.for_step(run.rules_id, step.id, house=run.house):
        extra = f" {t('disclose.choosable', lang)}" if item.choosable else ""
        st.info(f"{t('disclose.prefix', lang, source=run.notes.named([item.source]))} "
                f"{t(disclosures.text_key(item), lang)}{extra}", icon=":material/edit_note:")


def show_step(run: Tour, number: int) -> None:
    """Step ``number``: ask before telling. The question comes first; the rule that answers it
    follows (folded away until answered right), and no hand is solved before then."""
    lang, step = run.lang, run.steps[number - 1]
    done = step.id in run.done()
    st.header(f"{number}. {t(step.title, lang)}" + (" ✓" if done else ""), divider="green")
    task = tour.task(step, run.rules)
    answered = _show_task(run, step, task)  # right: a wrong answer is tried again first
    if answered:
        _show_rule(run, step)
    else:
        with st.expander(t("tour.read_rule", lang), icon=":material/menu_book:"):
            _show_rule(run, step)
    hidden = tour.hides_first_example(step, task.kind, answered)
    if hidden:
        st.caption(t("tour.answer_first", lang))
    for index, example in enumerate(step.examples):
        if not (hidden and index == 0):
            _show_example(run, step, index, example)
    for layoff in step.layoffs:
        _show_layoff(run, layoff)


def show_end(run: Tour) -> None:
    """The end screen: what was done, the profile's puzzles and hand lab, the steps missed."""
    lang, profile = run.lang, run.profile
    done = run.done()
    st.header(t("tour.end.title", lang, profile=profile), divider="green")
    st.markdown(t("tour.end.body", lang, done=len(done), total=len(run.steps)))
    query = {"lang": lang, "rules": run.rules_id}
    with st.container(horizontal=True):
        for page, label, icon in (("puzzles", "tour.end.puzzles", ":material/extension:"),
                                  ("hand_lab", "tour.end.hand_lab", ":material/back_hand:")):
            path = find_page(page)
            if path is not None:
                st.page_link(path, label=t(label, lang, profile=profile), icon=icon,
                             query_params=query)
    missed = tour.missed(run.steps, done)
    if missed:
        st.caption(t("tour.end.missed", lang, steps=", ".join(map(str, missed))))
