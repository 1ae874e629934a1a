"""Odds: exact figures over every dealt hand, per profile, from the shipped enumeration.

The ludoteka deck (40 or 48, ``?deck=48``) is the sidebar's option; the figures cover one deck
without jokers, so a second deck or jokers chosen there are set aside here.
"""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from chinchon.engine.odds import (
    Odds,
    can_rank,
    closing_totals,
    enumerate_odds,
    shipped_decks,
    shipped_odds,
    uncounted,
)
from chinchon.engine.rules import PROFILE_IDS, CloseRule, get_rules
from chinchon.views.i18n import fmt_number, fmt_percent, number_separators, t
from webui.ui import current_rules, house_code, setup_page

MELDED, CLOSE, OTHER = "#1f7a4d", "#7fb896", "#c9b27c"
# Each profile's line in the comparison chart (ludoteka's two decks share a hue).
LINES = {("barajamos", 48): "#b0413e", ("fournier", 40): "#2f6fb3",
         ("jeux-de-cartes", 40): "#6b4a12", ("ludoteka", 40): "#1f7a4d",
         ("ludoteka", 48): "#7fb896"}

lang, rules_id = setup_page("odds")


def number(value: float, lang: str, decimals: int = 0) -> str:
    """``value`` as the language writes it (Babel): ``1 234,5`` in French."""
    return fmt_number(value, lang, decimals)


def percent(share: float, lang: str) -> str:
    digits = 2 if share >= 0.01 else 3 if share >= 0.0001 else 5
    return fmt_percent(share, lang, digits)


def label(odds: Odds) -> str:
    name = t(f"profile.{odds.rules_id}.name", lang)
    return f"{name} ({t('odds.deck_cards', lang, n=odds.deck)})"


@st.cache_data(max_entries=32, show_spinner=False)
def house_odds(code: str) -> Odds:
    """House rules with one deck and no jokers are counted exactly, here and now (a second)."""
    return enumerate_odds(get_rules(code))


chosen = current_rules(rules_id)
countable = chosen.deck.copies == 1 and not chosen.deck.has_jokers
house = house_code(rules_id) is not None  # the house page's rules, not the sidebar's options
counted_live = house and countable and not can_rank(chosen)
if counted_live:
    rules = chosen
    with st.spinner(t("odds.house_counting", lang)):
        odds = house_odds(chosen.code())
else:
    # The figures are for one deck without jokers: keep only the chosen deck size.
    rules = get_rules(rules_id, **{k: v for k, v in chosen.options.items() if k == "deck"})
    odds = shipped_odds(rules)

st.title(t("page.odds", lang))
st.markdown(t("odds.intro", lang, hands=number(odds.hands, lang), deck=odds.deck))

if counted_live:
    st.info(t("odds.house_counted", lang, code=chosen.code()), icon=":material/home:")
elif house and not countable:
    st.info(t("odds.house_aside", lang, code=chosen.code(), deck=odds.deck,
              profile=t(f"profile.{rules_id}.name", lang)), icon=":material/info:")
elif not can_rank(chosen):
    st.info(t("odds.options_aside", lang, deck=odds.deck), icon=":material/info:")
not_counted = uncounted(chosen)
if not_counted is not None:  # say which profile is not counted, and why
    st.caption(t(f"odds.why.{not_counted[0]}", lang, deals=number(not_counted[1], lang)))

st.subheader(label(odds), divider="green")
likely = odds.most_likely_loose
figures = [
    ("odds.metric.close", odds.can_close), ("odds.metric.minus_ten", odds.minus_ten),
    ("odds.metric.seven_run", odds.seven_run)]
columns = st.columns(4)
for column, (key, count) in zip(columns, figures, strict=False):
    one_in = odds.one_in(count)
    column.metric(t(key, lang), percent(odds.share(count), lang),
                  delta=t("odds.one_in", lang, n=number(one_in, lang)) if one_in else None,
                  delta_color="off", delta_arrow="off",
                  help=t("odds.metric.count", lang, count=number(count, lang),
                         hands=number(odds.hands, lang)))
columns[3].metric(t("odds.metric.likely", lang), t("odds.points", lang, n=likely),
                  delta=percent(odds.share(odds.loose_points[likely]), lang),
                  delta_color="off", delta_arrow="off",
                  help=t("odds.metric.mean", lang, mean=number(odds.mean_loose, lang, 1)))
st.caption(t(f"odds.close_rule.{rules.close_rule.value}", lang, limit=rules.close_limit))

log_scale = st.toggle(t("odds.chart.log", lang), key="odds_log", help=t("odds.chart.log_help", lang))
closing = closing_totals(rules)
kinds = [("odds.legend.melded", MELDED, lambda p: p == 0),
         ("odds.legend.other", OTHER, lambda p: p not in closing)]
if rules.close_rule is CloseRule.POINTS:
    kinds.insert(1, ("odds.legend.close", CLOSE, lambda p: p in closing and p > 0))
figure = go.Figure()
for key, colour, belongs in kinds:
    totals = [p for p, n in enumerate(odds.loose_points) if n and belongs(p)]
    figure.add_trace(go.Bar(
        x=totals, y=[100 * odds.share(odds.loose_points[p]) for p in totals],
        name=t(key, lang, limit=rules.close_limit), marker_color=colour,
        customdata=[number(odds.loose_points[p], lang) for p in totals],
        hovertemplate=t("odds.chart.hover", lang) + "<extra></extra>"))
figure.update_layout(separators=number_separators(lang),
    title=t("odds.chart.title", lang), xaxis_title=t("odds.chart.x", lang),
    yaxis_title=t("odds.chart.y", lang), yaxis_type="log" if log_scale else "linear",
    height=400, margin={"t": 50, "b": 10},
    plot_bgcolor="#fffdf7", bargap=0.12, barmode="overlay",
    legend={"orientation": "h", "y": 1.02, "x": 1, "xanchor": "right", "yanchor": "bottom"})
st.plotly_chart(figure, config={"displayModeBar": False}, key="odds_distribution")

st.subheader(t("odds.compare.title", lang), divider="green")
every = [shipped_odds(get_rules(pid, deck=d) if len(shipped_decks(pid)) > 1 else get_rules(pid))
         for pid in PROFILE_IDS for d in shipped_decks(pid)]
compare = go.Figure()
for other in every:
    current = (other.rules_id, other.deck) == (odds.rules_id, odds.deck)
    compare.add_trace(go.Scatter(
        x=list(range(len(other.loose_points))), y=[100 * s for s in other.at_most()],
        name=label(other), mode="lines", line={"color": LINES[(other.rules_id, other.deck)],
                                               "width": 4 if current else 2}))
compare.update_layout(separators=number_separators(lang),
    xaxis_title=t("odds.chart.x", lang), yaxis_title=t("odds.compare.y", lang), height=380,
    margin={"t": 20, "b": 10}, plot_bgcolor="#fffdf7", hovermode="x unified",
    legend={"orientation": "h", "y": -0.25})
st.plotly_chart(compare, config={"displayModeBar": False}, key="odds_compare")
for i, first in enumerate(every):
    for second in every[i + 1:]:
        if first.loose_points == second.loose_points:
            st.caption(t("odds.compare.same", lang, first=label(first), second=label(second)))
st.dataframe(
    {t("odds.table.profile", lang): [label(o) for o in every],
     t("odds.table.hands", lang): [number(o.hands, lang) for o in every],
     t("odds.metric.close", lang): [percent(o.share(o.can_close), lang) for o in every],
     t("odds.metric.minus_ten", lang): [percent(o.share(o.minus_ten), lang) for o in every],
     t("odds.metric.seven_run", lang): [number(o.seven_run, lang) for o in every],
     t("odds.metric.likely", lang): [o.most_likely_loose for o in every],
     t("odds.table.mean", lang): [number(o.mean_loose, lang, 1) for o in every]},
    hide_index=True)

with st.expander(t("odds.method.title", lang)):
    st.markdown(t("odds.method.body", lang))
