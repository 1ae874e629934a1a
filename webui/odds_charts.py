"""The Odds page's two charts, built once a process for each set of figures and language.

A chart is a pure function of the odds, the rules, the language and the scale, and plotly's
``update_layout`` (which parses its keyword names path by path) was a tenth of the server's
script time under load: the figures are kept here (:func:`functools.lru_cache`) and handed to
``st.plotly_chart``, which reads them (``to_dict``) without changing them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import plotly.graph_objects as go

from chinchon.engine.odds import Odds, closing_totals
from chinchon.engine.rules import CloseRule, Rules
from chinchon.views.i18n import fmt_number, number_separators, t

MELDED, CLOSE, OTHER = "#1f7a4d", "#7fb896", "#c9b27c"
# Each profile's line in the comparison chart (ludoteka's two decks share a hue).
LINES = {("barajamos", 48): "#b0413e", ("fournier", 40): "#2f6fb3",
         ("jeux-de-cartes", 40): "#6b4a12", ("ludoteka", 40): "#1f7a4d",
         ("ludoteka", 48): "#7fb896"}


def label(odds: Odds, lang: str) -> str:
    """The profile and deck of a set of figures: "Barajamos (48 cards)"."""
    name = t(f"profile.{odds.rules_id}.name", lang)
    return f"{name} ({t('odds.deck_cards', lang, n=odds.deck)})"


@lru_cache(maxsize=64)
def distribution(odds: Odds, rules: Rules, lang: str, log_scale: bool) -> go.Figure:
    """The share of hands by fewest loose points, coloured by what the hand may do."""
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
            customdata=[fmt_number(odds.loose_points[p], lang) for p in totals],
            hovertemplate=t("odds.chart.hover", lang) + "<extra></extra>"))
    figure.update_layout(separators=number_separators(lang),
        title=t("odds.chart.title", lang), xaxis_title=t("odds.chart.x", lang),
        yaxis_title=t("odds.chart.y", lang), yaxis_type="log" if log_scale else "linear",
        height=400, margin={"t": 50, "b": 10},
        plot_bgcolor="#fffdf7", bargap=0.12, barmode="overlay",
        legend={"orientation": "h", "y": 1.02, "x": 1, "xanchor": "right", "yanchor": "bottom"})
    return figure


@lru_cache(maxsize=64)
def comparison(every: Sequence[Odds], current: tuple[str, int], lang: str) -> go.Figure:
    """Each profile's share of hands with at most N loose points, ``current``'s line bold."""
    figure = go.Figure()
    for other in every:
        key = (other.rules_id, other.deck)
        figure.add_trace(go.Scatter(
            x=list(range(len(other.loose_points))), y=[100 * s for s in other.at_most()],
            name=label(other, lang), mode="lines",
            line={"color": LINES[key], "width": 4 if key == current else 2}))
    figure.update_layout(separators=number_separators(lang),
        xaxis_title=t("odds.chart.x", lang), yaxis_title=t("odds.compare.y", lang), height=380,
        margin={"t": 20, "b": 10}, plot_bgcolor="#fffdf7", hovermode="x unified",
        legend={"orientation": "h", "y": -0.25})
    return figure
