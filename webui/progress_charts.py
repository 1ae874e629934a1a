"""The figures and tables of the "My progress" page, built from stored attempts (plotly and
pandas; every text comes from the translations, every number from chinchon.views.progress)."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from chinchon import puzzles as pz
from chinchon.store.rows.attempts import Recorded
from chinchon.store.rows.played import Played
from chinchon.views.i18n import card_name, fmt_number, t
from chinchon.views.progress import Day, ThemeStats

GREEN, GREY, GOLD = "#1f7a4d", "#cdc7ba", "#e0a21b"
#: The calendar's cells: no attempt, then more and more.
#: The metrics row's rule: a long label wraps, never cut.
METRICS_CSS = Path(__file__).with_name("progress_charts.css").read_text(encoding="utf-8")
CALENDAR_SCALE = [[0.0, "#ebe7de"], [0.001, "#b9dcc6"], [0.5, "#4f9f74"], [1.0, "#1f5a3a"]]


def move_name(answer: str | None, lang: str) -> str:
    """An attempt's answer in words: a card's name, take or stock, or the solution shown."""
    if answer is None:
        return t("progress.answer.solution", lang)
    if answer in (pz.TAKE, pz.STOCK):
        return t(f"progress.answer.{answer}", lang)
    return card_name(answer, lang)


def result_name(attempt: Recorded, lang: str) -> str:
    if attempt.answer is None:
        return t("progress.result.shown", lang)
    if not attempt.correct:
        return t("progress.result.wrong", lang)
    return t("progress.result.hint" if attempt.hint else "progress.result.right", lang)


def when(moment: datetime.datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M")


def history_frame(attempts: Sequence[Recorded], lang: str) -> pd.DataFrame:
    """The attempts, newest first, one row each."""
    rows = list(reversed(attempts))
    return pd.DataFrame({
        t("progress.col.time", lang): [when(a.created_at) for a in rows],
        t("progress.col.puzzle", lang): [a.puzzle_id for a in rows],
        t("progress.col.answer", lang): [move_name(a.answer, lang) for a in rows],
        t("progress.col.result", lang): [result_name(a, lang) for a in rows],
        t("progress.col.seconds", lang): [a.seconds for a in rows],
        t("progress.col.change", lang): [round(a.change) if a.change is not None else None
                                         for a in rows],
    })


def rating_figure(points: Sequence[tuple[datetime.datetime, float]], lang: str) -> go.Figure:
    """The rating after each rated attempt."""
    figure = go.Figure(go.Scatter(
        x=list(range(len(points))), y=[round(r) for _, r in points], mode="lines+markers",
        line={"color": GREEN}, hovertext=[when(m) for m, _ in points],
        hoverinfo="text+y"))
    figure.update_layout(
        title=t("progress.chart.rating", lang), height=300,
        margin={"t": 48, "b": 40, "l": 48, "r": 8},
        xaxis={"title": t("progress.chart.rated_attempts", lang), "tickformat": "d",
               "rangemode": "tozero"})
    return figure


def calendar_figure(days: Sequence[Day], lang: str) -> go.Figure:
    """One column a week, one row a weekday: attempts a day, a star on a daily puzzle solved."""
    weeks = (len(days) + 6) // 7
    z: list[list[int | None]] = [[None] * weeks for _ in range(7)]
    text: list[list[str]] = [[""] * weeks for _ in range(7)]
    hover: list[list[str]] = [[""] * weeks for _ in range(7)]
    for n, day in enumerate(days):
        week, weekday = divmod(n, 7)
        z[weekday][week] = day.attempts
        text[weekday][week] = "★" if day.daily else ""
        hover[weekday][week] = t("progress.calendar.cell", lang, date=day.date.isoformat(),
                                 count=day.attempts, attempts=day.attempts, solved=day.solved)
    figure = go.Figure(go.Heatmap(
        z=z, text=text, texttemplate="%{text}", customdata=hover,
        hovertemplate="%{customdata}<extra></extra>", colorscale=CALENDAR_SCALE,
        showscale=False, xgap=3, ygap=3,
        x=[days[7 * w].date.isoformat() for w in range(weeks)],
        y=[t(f"progress.weekday.{d}", lang) for d in range(7)]))
    figure.update_layout(
        title=t("progress.chart.calendar", lang), height=260,
        margin={"t": 48, "b": 30, "l": 48, "r": 8},
        yaxis={"autorange": "reversed"}, xaxis={"type": "category", "showgrid": False})
    return figure


def theme_figure(stats: Sequence[ThemeStats], lang: str) -> go.Figure:
    """Per theme: the share solved (bars) and the performance rating (diamonds, right axis)."""
    names = [t(f"puzzles.theme.{s.theme}", lang) for s in stats]
    figure = go.Figure()
    figure.add_bar(x=names, y=[round(s.success * 100) for s in stats], marker_color=GREEN,
                   name=t("progress.chart.success", lang),
                   text=[f"{s.solved}/{s.played}" for s in stats], textposition="outside",
                   cliponaxis=False)
    figure.add_scatter(x=names, y=[round(s.performance) for s in stats], yaxis="y2",
                       mode="markers", marker={"symbol": "diamond", "size": 12, "color": GOLD},
                       name=t("progress.chart.performance", lang))
    figure.update_layout(
        title=t("progress.chart.themes", lang), height=360, bargap=0.4,
        margin={"t": 64, "b": 80, "l": 48, "r": 56},
        yaxis={"range": [0, 115], "title": "%"},
        yaxis2={"overlaying": "y", "side": "right", "showgrid": False},
        legend={"orientation": "h", "y": 1.12})
    return figure


def accuracy_figure(games: Sequence[Played], lang: str) -> go.Figure:
    """The learner's accuracy in each counted game (the Play page's coach), by game: game 1,
    2, 3 … in the order they were finished (a game without graded decisions leaves a gap)."""
    figure = go.Figure(go.Scatter(
        x=list(range(1, len(games) + 1)),
        y=[round(100 * g.accuracy, 1) if g.accuracy is not None else None for g in games],
        mode="lines+markers", line={"color": GREEN}, connectgaps=False,
        hovertext=[f"{when(g.updated_at)} · {t(f'profile.{g.rules_id}.name', lang)}"
                   for g in games],
        hoverinfo="text+y"))
    figure.update_layout(title=t("progress.chart.accuracy", lang), height=300,
                         margin={"t": 48, "b": 40, "l": 48, "r": 8},
                         xaxis={"title": t("played.chart.game", lang), "tickformat": "d",
                                "dtick": 1 if len(games) <= 12 else None,
                                "range": [0.5, max(len(games), 1) + 0.5]},
                         yaxis={"range": [0, 105], "title": "%"})
    return figure


def replay_link(game: Played, lang: str) -> str:
    """The Play page's address (relative to this page) that opens the game to replay it, its
    review at the end."""
    if game.origin == "table":  # the seat's own page, which shows the game's end and review
        return "Tables?" + urlencode({**game.setup, "lang": lang})
    query = {**game.setup, "moves": game.moves, "lang": lang}
    if "check" not in query:
        query["check"] = game.deal
    return "Play?" + urlencode(query)


def result_text(game: Played, lang: str) -> str:
    """Who won, and the learner's final total."""
    result = game.result or {}
    winner, totals = result.get("winner"), result.get("totals") or []
    total = totals[game.seat] if game.seat < len(totals) else None
    key = "played.result.draw" if winner is None else (
        "played.result.won" if winner == game.seat else "played.result.lost")
    return t(key, lang, total="—" if total is None else fmt_number(total, lang, 0))


def games_frame(games: Sequence[Played], lang: str) -> pd.DataFrame:
    """The counted games, newest first, numbered as the accuracy chart numbers them; the
    result and the link first (a phone shows the first columns)."""
    rows = list(reversed(list(enumerate(games, 1))))
    return pd.DataFrame({
        t("played.col.game", lang): [n for n, _ in rows],
        t("played.col.result", lang): [result_text(g, lang) for _, g in rows],
        t("played.col.link", lang): [replay_link(g, lang) for _, g in rows],
        t("progress.col.accuracy", lang): [round(100 * g.accuracy, 1)
                                           if g.accuracy is not None else None for _, g in rows],
        t("progress.col.time", lang): [when(g.updated_at) for _, g in rows],
        t("progress.col.rules", lang): [t(f"profile.{g.rules_id}.name", lang) for _, g in rows],
        t("progress.col.seats", lang): [g.seats for _, g in rows],
    })


def games_columns(lang: str) -> dict[str, Any]:
    """The games table's link column: one link a row, "review and replay"."""
    return {t("played.col.link", lang): st.column_config.LinkColumn(
        display_text=t("played.link", lang))}
