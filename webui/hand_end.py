"""The end of a hand and the score sheet, drawn the same way on every page that shows them.

``show_hand_end`` replays a resolved :class:`~chinchon.engine.layoffs.HandEnd` step by step
(the closer's melds, each player's melds and lay-offs, the scores); ``show_score_sheet``
draws the running totals with the limit, from :func:`chinchon.views.layoff_steps.sheet_rows`.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from chinchon.engine.cards import Card
from chinchon.engine.layoffs import Action, HandEnd
from chinchon.engine.melds import Meld
from chinchon.engine.scoring import EntryKind, ScoreSheet
from chinchon.engine.solver import Arrangement
from chinchon.views import layoff_steps as lt
from chinchon.views.i18n import card_name, fmt_number, fmt_signed, number_separators, t
from webui.cards import LAID_RING, cards_text, show_arrangement, show_score_table, show_table
from webui.stepper import step_controls

OVER_STYLE = "color: #b3261e; font-weight: 700"


def arrangement_text(arrangement: Arrangement, lang: str) -> str:
    """What a closer shows, by card names (a joker by the card it stands for): melds apart by
    " | ", then " / " and the loose cards."""
    def meld_text(meld: Meld) -> str:
        return ", ".join(t("cards.label.joker_as", lang, card=card_name(named.code(), lang))
                         if card.is_joker else card_name(card.code(), lang)
                         for card, named in zip(meld.cards, meld.stands_for, strict=True))

    text = " | ".join(meld_text(meld) for meld in arrangement.melds)
    return text + (f" / {cards_text(arrangement.loose, lang)}" if arrangement.loose else "")


def step_lines(end: HandEnd, who: Sequence[str], lang: str, step: int, *,
               bold_last: bool = True, you: str | None = None) -> str:
    """The first ``step`` shows and lay-offs as a numbered markdown list, cards by name (never
    codes), the latest in bold unless ``bold_last`` is off; ``who[i]`` names ``end.players[i]``,
    and the player named ``you`` is addressed as "you" (the verb agrees)."""
    lines = []
    for number, move in enumerate(end.steps[:step], 1):
        name, meld = who[move.player], cards_text(move.result.cards, lang)
        mine = "you_" if you is not None and name == you else ""
        if move.action is Action.SHOW:
            text = t(f"layoffs.step.{mine}show", lang, who=name, meld=meld)
        else:
            card = card_name(move.cards[0].code(), lang)
            text = t(f"layoffs.step.{mine}lay_off", lang, who=name, card=card, meld=meld)
        if move.round > 1:
            text += f" *({t('layoffs.step.round', lang, n=move.round)})*"
        lines.append(f"{number}. {'**' + text + '**' if bold_last and number == step else text}")
    return "\n".join(lines)


def show_table_at(end: HandEnd, owners: Sequence[str], lang: str, step: int, *,
                  width: int = 52) -> None:
    """The melds laid down after ``step`` moves, the cards laid off so far ringed;
    ``owners[i]`` names ``end.players[i]``."""
    melds = end.table_after(step)
    if not melds:
        return
    laid: list[list[Card]] = [[] for _ in melds]
    for move in end.steps[:step]:
        if move.action is Action.LAY_OFF:
            laid[move.meld].extend(move.cards)
    show_table(melds, [owners[o] for o in end.owners[: len(melds)]], lang, laid=laid,
               width=width)
    if any(laid):
        st.caption(t("layoffs.ring_hint", lang, colour=LAID_RING))


def show_scores(end: HandEnd, names: Sequence[str], lang: str) -> None:
    """Each player's melds, lay-offs and loose cards as pictures, his points and what he adds."""
    show_score_table(end, names, lang, wins=t("layoffs.wins", lang), headers=[
        t(f"layoffs.col.{c}", lang)
        for c in ("player", "melds", "laid_off", "loose", "points", "adds")])


def show_hand_end(end: HandEnd, names: Sequence[str], lang: str, *, key: str,
                  width: int = 52, you: str | None = None, keys: bool = False) -> None:
    """The closer's melds and outcome, then every show and lay-off step by step (⏮ ◀ ▶ ⏭,
    from the first; the arrow keys too with ``keys``), the melds laid down as they stand after
    that step, and each player's score. ``names[i]`` names ``end.players[i]``; the player
    named ``you`` is addressed as "you"."""
    rules = end.rules
    closing = end.close
    if closing is not None:
        st.markdown(f"**{names[0]}**")
        show_arrangement(closing.arrangement, rules, lang, width=width)
        st.markdown(t(f"layoffs.outcome.{closing.outcome.value}", lang, score=closing.score,
                      points=closing.arrangement.loose_points(rules)))
    step = len(end.steps)
    if len(end.steps) > 1:  # the replay starts at its first step, as on the Lay-off table
        step = step_controls(key, len(end.steps), lang, keys=keys)
    lines = step_lines(end, names, lang, step, you=you)
    if lines:
        st.markdown(lines)
    show_table_at(end, names, lang, step, width=width)
    show_scores(end, names, lang)


def row_label(row: lt.SheetRow, names: Sequence[str], lang: str, you: int | None = None) -> str:
    """"Hand 3", "Hand 3 (no closer)", with its returns as notes: "Hand 3 · you come back at
    55" (seat ``you`` is addressed as "you"); a hand still to come says so."""
    key = ("review.hand_to_come" if row.kind is EntryKind.RETURN
           else f"layoffs.entry.{row.kind.value}")
    notes = [t("review.you_come_back" if seat == you else "review.comes_back", lang,
               who=names[seat], total=total) for seat, total in row.comebacks]
    return " · ".join([t(key, lang, n=row.number), *notes])


def show_score_sheet(sheet: ScoreSheet, names: Sequence[str], lang: str, *,
                     chart: bool = True, you: int | None = None) -> None:
    """Every line of the sheet (one per hand, returns as notes; what each hand added, the
    totals, over the limit in red) and a chart of the totals against the limit; seat ``you``
    is addressed as "you"."""
    rows = lt.sheet_rows(sheet)
    if not rows:
        return
    limit = sheet.rules.limit
    frame = pd.DataFrame(
        [[fmt_signed(a, lang) if a is not None else "" for a in row.added]
         + [fmt_number(total, lang) for total in row.totals] for row in rows],
        index=[row_label(row, names, lang, you) for row in rows],
        columns=[*(f"{s} (+)" for s in names), *(f"{s} Σ" for s in names)])
    marks = pd.DataFrame(
        [[""] * len(names) + [OVER_STYLE if total > limit else "" for total in row.totals]
         for row in rows], index=frame.index, columns=frame.columns)
    st.table(frame.style.apply(lambda _: marks, axis=None))
    if not chart:
        return
    figure = go.Figure()
    for seat, name in enumerate(names):
        figure.add_trace(go.Scatter(x=[0, *(r.number for r in rows)],
                                    y=[0, *(r.totals[seat] for r in rows)],
                                    mode="lines+markers", name=name))
    figure.add_hline(y=limit, line_dash="dash", line_color="#b3261e",
                     annotation_text=t("layoffs.limit", lang, limit=limit))
    figure.update_xaxes(dtick=1)
    figure.update_layout(separators=number_separators(lang),
                         xaxis_title=t("layoffs.chart_x", lang),
                         yaxis_title=t("layoffs.chart_y", lang), height=320,
                         margin={"l": 10, "r": 10, "t": 30, "b": 10})
    st.plotly_chart(figure, width="stretch", config={"displayModeBar": False})
