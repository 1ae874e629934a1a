"""Odds: exact figures over every dealt hand, per profile, from the shipped enumeration.

The ludoteka deck (40 or 48, ``?deck=48``) is the sidebar's option; the figures cover one deck
without jokers, so a second deck or jokers chosen there are set aside here.
"""

from __future__ import annotations

import streamlit as st

from chinchon.engine.odds import (
    Odds,
    can_rank,
    enumerate_odds,
    shipped_decks,
    shipped_odds,
    uncounted,
)
from chinchon.engine.rules import PROFILE_IDS, get_rules
from chinchon.views.i18n import fmt_number, fmt_percent, t
from webui import odds_charts
from webui.ui import current_rules, house_code, setup_page

lang, rules_id = setup_page("odds")


def number(value: float, lang: str, decimals: int = 0) -> str:
    """``value`` as the language writes it (Babel): ``1 234,5`` in French."""
    return fmt_number(value, lang, decimals)


def percent(share: float, lang: str) -> str:
    digits = 2 if share >= 0.01 else 3 if share >= 0.0001 else 5
    return fmt_percent(share, lang, digits)


def label(odds: Odds) -> str:
    return odds_charts.label(odds, lang)


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
figure = odds_charts.distribution(odds, rules, lang, bool(log_scale))
st.plotly_chart(figure, config={"displayModeBar": False}, key="odds_distribution")

st.subheader(t("odds.compare.title", lang), divider="green")
every = [shipped_odds(get_rules(pid, deck=d) if len(shipped_decks(pid)) > 1 else get_rules(pid))
         for pid in PROFILE_IDS for d in shipped_decks(pid)]
compare = odds_charts.comparison(tuple(every), (odds.rules_id, odds.deck), lang)
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
