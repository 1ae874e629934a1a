"""Rules tour: the selected profile's rules as a lesson, one step per screen, each with a task.

Every hand is solved live, and every task is checked by the library (``tour.task``); the last
screen leads to the profile's puzzles.
"""

from __future__ import annotations

from urllib.parse import urlencode

import streamlit as st

from chinchon.engine.cards import Card, hand_code
from chinchon.engine.layoffs import resolve
from chinchon.engine.rules import Rules, get_rules
from chinchon.engine.solver import HandAnalysis, analyze
from chinchon.views import disclosures, tour
from chinchon.views.handlab import verdict
from chinchon.views.i18n import card_name, t
from chinchon.views.sources import Footnotes
from webui.card_buttons import card_buttons, clicked_card
from webui.cards import LAID_RING, show_arrangement, show_cards
from webui.classes import finish_tours as class_tours
from webui.hand_end import show_table_at, step_lines
from webui.keys import STEP_KEYS, step_keys
from webui.ui import find_page, house_code, setup_page, show_footnotes
from webui.url_state import literal

lang, rules_id = setup_page("rules_tour")
rules = get_rules(rules_id)
house = house_code(rules_id) is not None  # the tour explains the profile as written
params = tour.rule_params(rules)
profile = t(f"profile.{rules_id}.name", lang)
all_steps = tour.steps(rules_id)
END = len(all_steps) + 1  # the screen after the last step: where to go next
notes = Footnotes()
at_key, done_key = f"tour-{rules_id}-at", f"tour-{rules_id}-done"


def go(screen: int) -> None:
    st.session_state[at_key] = min(max(screen, 1), END)


def on_key(action: str) -> None:
    screen = st.session_state.get(at_key, 1)
    go({"next": screen + 1, "back": screen - 1, "first": 1, "last": END}.get(action, screen))


def step_from_url() -> None:
    """``?step=N`` opens that screen (1 to the end screen); a bad value is named and ignored."""
    raw = st.query_params.get("step")
    if raw is None or raw == st.session_state.get(f"{at_key}-url"):
        return
    st.session_state[f"{at_key}-url"] = raw
    if raw.strip().isdigit() and 1 <= int(raw) <= END:
        st.session_state[at_key] = int(raw)
    else:
        st.warning(t("tour.bad_step", lang, value=literal(raw), last=END), icon="⚠️")


def cite(fields: tuple[str, ...]) -> str:
    found = [rules.citations[name] for name in fields if name in rules.citations]
    return notes.marks(found or rules.sources)


def say_verdict(analysis: HandAnalysis, example: tour.Example) -> None:
    """The close badge in words, naming the game context when that is what forbids closing."""
    v = verdict(analysis)
    points, score = analysis.loose_points, analysis.score
    if v.can_close:
        st.success(t(f"tour.verdict.{v.kind.value}", lang, points=points, score=score),
                   icon=":material/check_circle:")
        return
    free = analyze(analysis.hand, analysis.rules)  # the same hand out of context
    if free.can_close and example.first_round:
        st.warning(t("tour.verdict.first_round", lang, points=points),
                   icon=":material/hourglass_top:")
    elif free.can_close and example.total is not None:
        st.warning(t("tour.verdict.over_limit", lang, points=points, total=example.total,
                     limit=rules.limit), icon=":material/block:")
    else:
        st.error(t("tour.verdict.cannot_close", lang, points=points),
                 icon=":material/do_not_touch:")


def show_provenance(example: tour.Example | tour.LayoffExample) -> None:
    """Whether a hand comes from a source (named by its publisher and mark) or is ours."""
    if example.is_ours:
        st.caption(":material/edit: " + t("tour.ours", lang))
    else:
        assert example.source is not None
        name = notes.named([example.source])
        st.caption(":material/menu_book: " + t("tour.from_source", lang, source=name))


def show_example(step: tour.Step, index: int, example: tour.Example) -> None:
    ex_rules = tour.example_rules(example, rules_id)
    with st.container(border=True):
        show_provenance(example)
        st.markdown(f"**{t(example.caption, lang)}**")
        solved = tour.solve(example, ex_rules)
        if example.drawn is not None:
            show_cards([c.code() for c in tour.held(example)], lang, width=56,
                       highlights=[None] * len(example.hand) + [LAID_RING])
            discard = example.discard or solved.table.best  # type: ignore[union-attr]
            st.markdown(t("tour.drawn", lang, drawn=card_name(example.drawn.code(), lang),
                          discard=card_name(discard.code(), lang)))
        show_arrangement(solved.analysis.arrangement, ex_rules, lang)
        say_verdict(solved.analysis, example)
        if solved.table is not None:
            best = solved.table.rows[solved.table.best_index]
            if (best.outcome, best.score, best.loose_points) == (
                    solved.analysis.outcome, solved.analysis.score, solved.analysis.loose_points):
                st.caption(t("tour.best_discard_yes", lang))
            else:
                st.caption(t("tour.best_discard_no", lang,
                             card=card_name(solved.table.best.code(), lang)))
        if example.total is not None and solved.analysis.score is not None:
            st.markdown(t("tour.total", lang, before=example.total,
                          after=example.total + solved.analysis.score))
        if example.note:
            st.info(t(example.note, lang), icon=":material/edit_note:")
        try_it(step, index, example, ex_rules)


def card_label(card: Card) -> str:
    return card_name(card.code(), lang)


def try_it(step: tour.Step, index: int, example: tour.Example, ex_rules: Rules) -> None:
    held = tour.held(example)
    out_default, in_default = example.swaps[0] if example.swaps else (held[-1], None)
    key = f"try-{rules_id}-{step.id}-{index}"
    with st.expander(t("tour.try_it", lang), icon=":material/swap_horiz:"):
        left, right = st.columns(2)
        out = left.selectbox(t("tour.swap_out", lang), held, index=held.index(out_default),
                             format_func=card_label, key=f"{key}-out")
        choices = tour.swap_choices(held, ex_rules)
        into = right.selectbox(t("tour.swap_in", lang), choices,
                               index=choices.index(in_default) if in_default in choices else 0,
                               format_func=card_label, key=f"{key}-in")
        try:
            change = tour.compare(example, ex_rules, out, into)
        except tour.SwapError as err:
            st.warning(t("tour.swap_error", lang, error=str(err)))
            return
        show_arrangement(change.after.arrangement, ex_rules, lang, width=52)
        say_verdict(change.after, example)
        if change.points_delta:
            st.caption(t("tour.change.points", lang, before=change.before.loose_points,
                         after=change.after.loose_points))
        elif not change.outcome_changed and not change.melds_changed:
            st.caption(t("tour.change.nothing", lang))
        elif change.melds_changed:
            st.caption(t("tour.change.melds", lang))


def show_layoff(example: tour.LayoffExample) -> None:
    with st.container(border=True):
        show_provenance(example)
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
        link = urlencode({"lang": lang, "rules": rules_id,
                          "closer": hand_code(example.closer).replace(" ", "+")}, safe="+")
        link += "".join("&opp=" + hand_code(hand).replace(" ", "+")
                        for hand in example.opponents)
        st.markdown(f"[{t('tour.layoff.open', lang)}](Layoff_table?{link})")


def show_task(step: tour.Step, task: tour.Task) -> bool:
    """The step's question; True once answered right (the tick), then the solver's view."""
    key = f"task-{rules_id}-{step.id}"
    answer = st.session_state.get(f"{key}-answer")
    right = answer is not None and task.check(answer)
    with st.container(border=True, key=f"tour_task_{step.id}"):
        st.markdown(f"**{t(f'tour.task.{task.kind.value}', lang)}**")
        if task.kind is tour.TaskKind.CLOSE and step.examples and not right:
            # The hand asked about, as dealt: its melds and verdict wait for the answer.
            st.caption(t("tour.hand_to_judge", lang))
            show_cards([c.code() for c in tour.held(step.examples[0])], lang, width=56)
        if task.by_card:
            def on_card() -> None:
                code = clicked_card(key)
                if code is not None:
                    st.session_state[f"{key}-answer"] = code
                    if task.check(code):
                        st.session_state.setdefault(done_key, set()).add(step.id)

            states = {} if answer is None else {answer: "right" if right else "wrong"}
            card_buttons([[c.code() for c in row] for row in task.rows], lang, key=key,
                         label=t(f"tour.task.{task.kind.value}", lang), on_click=on_card,
                         states=states, width=58, gap=6)
        else:
            def on_choice() -> None:
                chosen = st.session_state.get(f"{key}-choice")
                if chosen is not None:
                    st.session_state[f"{key}-answer"] = chosen
                    if task.check(chosen):
                        st.session_state.setdefault(done_key, set()).add(step.id)

            st.pills(t(f"tour.task.{task.kind.value}", lang), task.choices, key=f"{key}-choice",
                     on_change=on_choice, label_visibility="collapsed",
                     format_func=lambda c: t(f"tour.choice.{c}", lang) if c in ("yes", "no")
                     else c)
        if right:
            st.success(t("tour.task.right", lang), icon=":material/check_circle:")
        elif answer is not None:
            shown = card_name(answer, lang) if task.by_card else (
                t(f"tour.choice.{answer}", lang) if answer in ("yes", "no") else answer)
            st.warning(t("tour.task.wrong", lang, answer=shown), icon=":material/replay:")
    return right


def show_rule(step: tour.Step) -> None:
    """The step's rule in words, its sources, our readings and what the sources leave open."""
    for key in step.paragraphs:
        st.markdown(t(key, lang, **params))
    st.caption(t("tour.cite", lang, cites=cite(step.fields)))
    for note in step.notes:
        st.info(t(note, lang), icon=":material/edit_note:")
    for item in disclosures.for_step(rules_id, step.id, house=house):
        extra = f" {t('disclose.choosable', lang)}" if item.choosable else ""
        st.info(f"{t('disclose.prefix', lang, source=notes.named([item.source]))} "
                f"{t(disclosures.text_key(item), lang)}{extra}", icon=":material/edit_note:")


def show_step(number: int, step: tour.Step) -> None:
    done = step.id in st.session_state.get(done_key, set())
    st.header(f"{number}. {t(step.title, lang)}" + (" ✓" if done else ""), divider="green")
    # Ask before telling: the question comes first; the rule that answers it follows (folded
    # away until answered right), and no hand is solved before then.
    task = tour.task(step, rules)
    answered = show_task(step, task)  # right: a wrong answer is tried again first
    if answered:
        show_rule(step)
    else:
        with st.expander(t("tour.read_rule", lang), icon=":material/menu_book:"):
            show_rule(step)
    # The hand asked about waits; the lay-off step asks about the table its hands end on.
    hidden = not answered and task.kind is not tour.TaskKind.LAID_OFF and bool(step.examples)
    if hidden:
        st.caption(t("tour.answer_first", lang))
    for index, example in enumerate(step.examples):
        if not (hidden and index == 0):
            show_example(step, index, example)
    for example in step.layoffs:
        show_layoff(example)


def show_end() -> None:
    done = st.session_state.get(done_key, set())
    st.header(t("tour.end.title", lang, profile=profile), divider="green")
    st.markdown(t("tour.end.body", lang, done=len(done), total=len(all_steps)))
    query = {"lang": lang, "rules": rules_id}
    with st.container(horizontal=True):
        for page, label, icon in (("puzzles", "tour.end.puzzles", ":material/extension:"),
                                  ("hand_lab", "tour.end.hand_lab", ":material/back_hand:")):
            path = find_page(page)
            if path is not None:
                st.page_link(path, label=t(label, lang, profile=profile), icon=icon,
                             query_params=query)
    missed = [i for i, step in enumerate(all_steps, 1) if step.id not in done]
    if missed:
        st.caption(t("tour.end.missed", lang, steps=", ".join(map(str, missed))))


st.title(t("page.rules_tour", lang))
step_from_url()
screen = min(max(int(st.session_state.get(at_key, 1)), 1), END)
done = st.session_state.get(done_key, set())
ticks = " ".join(("✓" if step.id in done else "○") for step in all_steps)
st.progress(min(screen, len(all_steps)) / len(all_steps),
            text=t("tour.progress", lang, step=min(screen, len(all_steps)),
                   total=len(all_steps), ticks=ticks))
with st.container(horizontal=True, key="tour_nav"):
    st.button(t("tour.back", lang), icon=":material/arrow_back:", on_click=go,
              args=(screen - 1,), disabled=screen == 1, key="tour-back")
    if screen < END:
        label = "tour.next" if screen < len(all_steps) else "tour.finish"
        st.button(t(label, lang), icon=":material/arrow_forward:", type="primary",
                  on_click=go, args=(screen + 1,), key="tour-next")
step_keys("tour-keys", on_key, {k: a for k, a in STEP_KEYS.items() if k != " "})
if screen == 1:
    st.markdown(t("tour.intro", lang, profile=profile))
if screen < END:
    show_step(screen, all_steps[screen - 1])
else:
    show_end()
if screen >= len(all_steps) and not st.session_state.get(f"{at_key}-class"):
    # classes (issue 21): reaching the last step does the class's tour of this profile
    st.session_state[f"{at_key}-class"] = True
    if class_tours(rules_id):
        st.success(t("class.tour_marked", lang), icon=":material/task_alt:")
st.query_params["step"] = str(screen)
st.session_state[f"{at_key}-url"] = str(screen)
show_footnotes(notes, lang)
