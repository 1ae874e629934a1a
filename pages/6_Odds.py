"""Odds: exact figures over every dealt hand, per profile, from the shipped enumeration.

The ludoteka deck (40 or 48, ``?deck=48``) is the sidebar's option; the figures cover one deck
without jokers, so a second deck or jokers chosen there are set aside here.
"""

from __future__ import annotations

import streamlit as st

from chinchon.engine.odds import uncounted
from chinchon.views import odds as odds_view
from chinchon.views.i18n import t
from webui import odds_charts, odds_page
from webui.ui import current_rules, house_code, setup_page

lang, rules_id = setup_page("odds")
chosen = current_rules(rules_id)
# The house page's rules, not the sidebar's options, may be counted here and now.
shown = odds_view.figures_for(chosen, house=house_code(rules_id) is not None)
rules = shown.rules
odds = odds_page.figures(shown, lang)

st.title(t("page.odds", lang))
st.markdown(t("odds.intro", lang, hands=odds_page.number(odds.hands, lang), deck=odds.deck))
odds_page.show_aside(shown, chosen.code(), odds, rules_id, lang)
not_counted = uncounted(chosen)
if not_counted is not None:  # say which profile is not counted, and why
    st.caption(t(f"odds.why.{not_counted[0]}", lang,
                 deals=odds_page.number(not_counted[1], lang)))

st.subheader(odds_charts.label(odds, lang), divider="green")
odds_page.show_headlines(odds, lang)
st.caption(t(f"odds.close_rule.{rules.close_rule.value}", lang, limit=rules.close_limit))

log_scale = st.toggle(t("odds.chart.log", lang), key="odds_log", help=t("odds.chart.log_help", lang))
figure = odds_charts.distribution(odds, rules, lang, bool(log_scale))
st.plotly_chart(figure, config={"displayModeBar": False}, key="odds_distribution")

st.subheader(t("odds.compare.title", lang), divider="green")
every = odds_view.every_shipped()
compare = odds_charts.comparison(every, (odds.rules_id, odds.deck), lang)
st.plotly_chart(compare, config={"displayModeBar": False}, key="odds_compare")
odds_page.show_every(every, lang)

with st.expander(t("odds.method.title", lang)):
    st.markdown(t("odds.method.body", lang))
