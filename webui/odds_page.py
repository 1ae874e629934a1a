"""The Odds page's Streamlit side: the figures counted once a process for house rules, the
headline metrics and every profile's figures side by side, numbers as the language writes them
(the page, ``pages/6_Odds.py``, lays them out; the charts are :mod:`webui.odds_charts`, what it
shows :mod:`chinchon.views.odds`)."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from chinchon.engine.odds import Odds, enumerate_odds, shipped_odds
from chinchon.engine.rules import get_rules
from chinchon.views import odds as odds_view
from chinchon.views.i18n import fmt_number, fmt_percent, t
from webui.odds_charts import label


def number(value: float, lang: str, decimals: int = 0) -> str:
    """``value`` as the language writes it (Babel): ``1 234,5`` in French."""
    return fmt_number(value, lang, decimals)


def percent(share: float, lang: str) -> str:
    return fmt_percent(share, lang, odds_view.percent_digits(share))


@st.cache_data(max_entries=32, show_spinner=False)
def _house_odds(code: str) -> Odds:
    """House rules with one deck and no jokers are counted exactly, here and now (a second)."""
    return enumerate_odds(get_rules(code))


def figures(shown: odds_view.Shown, lang: str) -> Odds:
    """The figures of the rules shown: counted live (with a spinner), else shipped."""
    if not shown.live:
        return shipped_odds(shown.rules)
    with st.spinner(t("odds.house_counting", lang)):
        return _house_odds(shown.rules.code())


def show_aside(shown: odds_view.Shown, chosen_code: str, odds: Odds, rules_id: str,
               lang: str) -> None:
    """What the figures are when they are not those of the rules chosen."""
    if shown.aside is odds_view.Aside.HOUSE_COUNTED:
        st.info(t("odds.house_counted", lang, code=chosen_code), icon=":material/home:")
    elif shown.aside is odds_view.Aside.HOUSE_ASIDE:
        st.info(t("odds.house_aside", lang, code=chosen_code, deck=odds.deck,
                  profile=t(f"profile.{rules_id}.name", lang)), icon=":material/info:")
    elif shown.aside is odds_view.Aside.OPTIONS_ASIDE:
        st.info(t("odds.options_aside", lang, deck=odds.deck), icon=":material/info:")


def show_headlines(odds: Odds, lang: str) -> None:
    """May close, −10, the seven-card run (each as a share, "one in N" and its count), and the
    most likely loose total."""
    columns = st.columns(4)
    for column, (key, count) in zip(columns, odds_view.headlines(odds), strict=False):
        one_in = odds.one_in(count)
        column.metric(t(key, lang), percent(odds.share(count), lang),
                      delta=t("odds.one_in", lang, n=number(one_in, lang)) if one_in else None,
                      delta_color="off", delta_arrow="off",
                      help=t("odds.metric.count", lang, count=number(count, lang),
                             hands=number(odds.hands, lang)))
    likely = odds.most_likely_loose
    columns[3].metric(t("odds.metric.likely", lang), t("odds.points", lang, n=likely),
                      delta=percent(odds.share(odds.loose_points[likely]), lang),
                      delta_color="off", delta_arrow="off",
                      help=t("odds.metric.mean", lang, mean=number(odds.mean_loose, lang, 1)))


def show_every(every: Sequence[Odds], lang: str) -> None:
    """Which profiles deal alike, then every profile's figures side by side."""
    for first, second in odds_view.alike(every):
        st.caption(t("odds.compare.same", lang, first=label(first, lang),
                     second=label(second, lang)))
    st.dataframe(
        {t("odds.table.profile", lang): [label(o, lang) for o in every],
         t("odds.table.hands", lang): [number(o.hands, lang) for o in every],
         t("odds.metric.close", lang): [percent(o.share(o.can_close), lang) for o in every],
         t("odds.metric.minus_ten", lang): [percent(o.share(o.minus_ten), lang) for o in every],
         t("odds.metric.seven_run", lang): [number(o.seven_run, lang) for o in every],
         t("odds.metric.likely", lang): [o.most_likely_loose for o in every],
         t("odds.table.mean", lang): [number(o.mean_loose, lang, 1) for o in every]},
        hide_index=True)
