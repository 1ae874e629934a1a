"""Rules tour: the selected profile's rules step by step, each shown on hands solved live."""

from __future__ import annotations

from urllib.parse import urlencode

import streamlit as st

from chinchon.engine.cards import Card, hand_code
from chinchon.engine.layoffs import Action, resolve
from chinchon.engine.rules import Rules, get_rules
from chinchon.engine.solver import HandAnalysis, analyze
from chinchon.views import disclosures, tour
from chinchon.views.handlab import verdict
from chinchon.views.i18n import card_name, t
from webui.ui import (
    LAID_RING,
    citation_text,
    house_code,
    setup_page,
    show_arrangement,
    show_cards,
    show_table,
)

lang, rules_id = setup_page("rules_tour")
rules = get_rules(rules_id)
house = house_code(rules_id) is not None  # the tour explains the profile as written
params = tour.rule_params(rules)
profile = t(f"profile.{rules_id}.name", lang)


def cite(fields: tuple[str, ...], rules: Rules) -> str:
    found = [part for name in fields for part in rules.citations.get(name, "").split("; ") if part]
    return citation_text(found or rules.sources, lang)


def say_verdict(analysis: HandAnalysis, example: tour.Example) -> None:
    """The close badge in words, naming the game context when that is what forbids closing."""
    v = verdict(analysis)
    points, score = analysis.loose_points, analysis.score
    if v.can_close:
        st.success(
            t(f"tour.verdict.{v.kind.value}", lang, points=points, score=score),
            icon=":material/check_circle:",
        )
        return
    free = analyze(analysis.hand, analysis.rules)  # the same hand out of context
    if free.can_close and example.first_round:
        st.warning(
            t("tour.verdict.first_round", lang, points=points), icon=":material/hourglass_top:"
        )
    elif free.can_close and example.total is not None:
        st.warning(
            t(
                "tour.verdict.over_limit",
                lang,
                points=points,
                total=example.total,
                limit=rules.limit,
            ),
            icon=":material/block:",
        )
    else:
        st.error(
            t("tour.verdict.cannot_close", lang, points=points), icon=":material/do_not_touch:"
        )


def card_label(card: Card) -> str:
    return f"{card_name(card.code(), lang)} ({card.code()})"


def show_provenance(example: tour.Example | tour.LayoffExample) -> None:
    """Whether a hand comes from a source (named) or is ours."""
    if example.is_ours:
        st.caption(":material/edit: " + t("tour.ours", lang))
    else:
        st.caption(":material/menu_book: " + t("tour.from_source", lang, source=example.source))


def show_example(step: tour.Step, index: int, example: tour.Example) -> None:
    ex_rules = tour.example_rules(example, rules_id)
    with st.container(border=True):
        show_provenance(example)
        st.markdown(f"**{t(example.caption, lang)}**")
        solved = tour.solve(example, ex_rules)
        if example.drawn is not None:
            show_cards(
                [c.code() for c in tour.held(example)],
                lang,
                width=56,
                highlights=[None] * len(example.hand) + [LAID_RING],
            )
            discard = example.discard or solved.table.best  # type: ignore[union-attr]
            st.markdown(
                t(
                    "tour.drawn",
                    lang,
                    drawn=card_name(example.drawn.code(), lang),
                    discard=card_name(discard.code(), lang),
                )
            )
        show_arrangement(solved.analysis.arrangement, ex_rules, lang)
        say_verdict(solved.analysis, example)
        if solved.table is not None:
            best = solved.table.rows[solved.table.best_index]
            if (best.outcome, best.score, best.loose_points) == (
                solved.analysis.outcome,
                solved.analysis.score,
                solved.analysis.loose_points,
            ):
                st.caption(t("tour.best_discard_yes", lang))
            else:
                st.caption(
                    t("tour.best_discard_no", lang, card=card_name(solved.table.best.code(), lang))
                )
        if example.total is not None and solved.analysis.score is not None:
            st.markdown(
                t(
                    "tour.total",
                    lang,
                    before=example.total,
                    after=example.total + solved.analysis.score,
                )
            )
        if example.note:
            st.info(t(example.note, lang), icon=":material/edit_note:")
        try_it(step, index, example, ex_rules)


def try_it(step: tour.Step, index: int, example: tour.Example, ex_rules: Rules) -> None:
    held = tour.held(example)
    out_default, in_default = example.swaps[0] if example.swaps else (held[-1], None)
    key = f"try-{rules_id}-{step.id}-{index}"
    with st.expander(
        t("tour.try_it", lang), expanded=bool(example.swaps), icon=":material/swap_horiz:"
    ):
        left, right = st.columns(2)
        out = left.selectbox(
            t("tour.swap_out", lang),
            held,
            index=held.index(out_default),
            format_func=card_label,
            key=f"{key}-out",
        )
        choices = tour.swap_choices(held, ex_rules)
        into = right.selectbox(
            t("tour.swap_in", lang),
            choices,
            index=choices.index(in_default) if in_default in choices else 0,
            format_func=card_label,
            key=f"{key}-in",
        )
        try:
            change = tour.compare(example, ex_rules, out, into)
        except tour.SwapError as err:
            st.warning(t("tour.swap_error", lang, error=str(err)))
            return
        show_arrangement(change.after.arrangement, ex_rules, lang, width=52)
        say_verdict(change.after, example)
        if change.points_delta:
            st.caption(
                t(
                    "tour.change.points",
                    lang,
                    before=change.before.loose_points,
                    after=change.after.loose_points,
                )
            )
        elif not change.outcome_changed and not change.melds_changed:
            st.caption(t("tour.change.nothing", lang))
        elif change.melds_changed:
            st.caption(t("tour.change.melds", lang))


def show_layoff(example: tour.LayoffExample) -> None:
    with st.container(border=True):
        show_provenance(example)
        st.markdown(f"**{t(example.caption, lang)}**")
        end = resolve(example.closer, example.opponents, rules)
        names = [t("layoffs.closer", lang)] + [
            t("layoffs.opponent", lang, n=i) for i in range(1, len(example.opponents) + 1)
        ]
        lines = []
        for number, step in enumerate(end.steps, 1):
            who = names[step.player]
            if step.action is Action.SHOW:
                text = t("layoffs.step.show", lang, who=who, meld=f"`{step.result.code()}`")
            else:
                text = t(
                    "layoffs.step.lay_off",
                    lang,
                    who=who,
                    card=card_name(step.cards[0].code(), lang),
                    meld=f"`{step.result.code()}`",
                )
            if step.round > 1:
                text += f" *({t('layoffs.step.round', lang, n=step.round)})*"
            lines.append(f"{number}. {text}")
        st.markdown("\n".join(lines))
        laid: list[list[Card]] = [[] for _ in end.table]
        for step in end.steps:
            if step.action is Action.LAY_OFF:
                laid[step.meld].extend(step.cards)
        show_table(end.table, [names[o] for o in end.owners], lang, laid=laid)
        st.markdown(
            "  \n".join(
                t("layoffs.player_line", lang, who=names[i], points=player.loose_points)
                for i, player in enumerate(end.players)
            )
        )
        query = {
            "lang": lang,
            "rules": rules_id,
            "closer": hand_code(example.closer).replace(" ", "+"),
        }
        link = urlencode(query, safe="+") + "".join(
            "&opp=" + hand_code(hand).replace(" ", "+") for hand in example.opponents
        )
        st.markdown(f"[{t('tour.layoff.open', lang)}](Layoff_table?{link})")


st.title(t("page.rules_tour", lang))
st.markdown(t("tour.intro", lang, profile=profile))
st.caption(t("tour.sources", lang, sources=", ".join(rules.sources)))
all_steps = tour.steps(rules_id)
st.markdown(
    " · ".join(
        f"**{i}** [{t(step.title, lang)}](#step-{step.id})" for i, step in enumerate(all_steps, 1)
    )
)

for number, step in enumerate(all_steps, 1):
    st.header(f"{number}. {t(step.title, lang)}", divider="green", anchor=f"step-{step.id}")
    for key in step.paragraphs:
        st.markdown(t(key, lang, **params))
    st.caption(t("tour.cite", lang, cites=cite(step.fields, rules)))
    for note in step.notes:
        st.info(t(note, lang), icon=":material/edit_note:")
    for item in disclosures.for_step(rules_id, step.id, house=house):
        extra = f" {t('disclose.choosable', lang)}" if item.choosable else ""
        st.info(f"{t('disclose.prefix', lang, source=item.source)} "
                f"{t(disclosures.text_key(item), lang)}{extra}", icon=":material/edit_note:")
    for index, example in enumerate(step.examples):
        show_example(step, index, example)
    for example in step.layoffs:
        show_layoff(example)
