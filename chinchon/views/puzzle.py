"""The puzzle page's view: titles, the explanation after an answer, and the comparison of
every move, worded in the reader's language from what :mod:`chinchon.puzzles` computes.

Every number the page shows goes through :func:`percent` or :func:`points` (``t()`` writes the
numbers of a sentence with the same ``fmt_number``), so the sentence, the chart and the table
always agree.

>>> puzzle = find_puzzle("barajamos-001")
>>> title(puzzle, "en"), title(puzzle, "en", answered=True).endswith("· #1")
('Your move', True)
>>> percent(Fraction(21, 200), "en"), percent(Fraction(21, 200), "es"), points(Fraction(7), "fr")
('10.5%', '10,5\\xa0%', '7')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pandas as pd
import plotly.graph_objects as go
from babel.lists import format_list

from chinchon.engine.cards import Card
from chinchon.engine.solver import Arrangement, Outcome, analyze
from chinchon.puzzles import (
    POSITION_ID,
    STOCK,
    TAKE,
    Draws,
    Option,
    Puzzle,
    Solution,
    card_order,
    compared_move,
    find_puzzle,  # noqa: F401  (doctests)
    helping_draws,
    lesson,
    main_theme,
    number_of,
    position_query,
    why,
)
from chinchon.views.coach import Position, rules_query
from chinchon.views.i18n import (
    CardName,
    card_name,
    fmt_number,
    fmt_percent,
    locale,
    number_separators,
    t,
)
from chinchon.views.svg import card_data_uri

GREEN, GREY = "#1f7a4d", "#cdc7ba"
#: Improving draws are pictured up to this many (beyond, a count says more than a wall of cards).
MAX_PICTURED = 10


def percent(value: Fraction, lang: str) -> str:
    """A probability as a percentage with at most one decimal: the one way the page writes it."""
    return fmt_percent(value, lang, digits=1)


def points(value: Fraction, lang: str) -> str:
    """A number of points (an expectation has at most one decimal), as ``t()`` writes it."""
    return fmt_number(value, lang, digits=1)


def tr(key: str, lang: str, **values: object) -> str:
    return t(f"puzzles.{key}", lang, **values)


def move_name(move: str, puzzle: Puzzle, lang: str) -> str:
    """A move in words: a card's name, "take the …" or "draw from the stock"."""
    if move == STOCK:
        return tr("move.stock", lang)
    if move == TAKE:
        return tr("move.take", lang, card=card_name(puzzle.top.code(), lang) if puzzle.top else "")
    return card_name(move, lang)


def outcome_text(outcome: Outcome | str, score: int | None, lang: str) -> str:
    return tr(f"outcome.{Outcome(outcome).value}", lang, score=score)


def title(puzzle: Puzzle, lang: str, answered: bool = False) -> str:
    """"Your move" until ``answered`` (the theme would give the answer away), then the puzzle's
    theme and number, e.g. "Keep the run open · #77" (a position opened from a game: says so)."""
    if puzzle.id == POSITION_ID:
        return tr("position_title", lang)
    if not answered:
        return tr("your_move", lang)
    theme = main_theme(puzzle)
    name = tr(f"theme.{theme}", lang) if theme else tr(f"kind.{puzzle.criterion}", lang)
    return tr("title_theme", lang, theme=name, number=number_of(puzzle))


# --- The explanation ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kept:
    """What one move leaves: its name, the seven cards' melds, its close (None: no close), the
    draws that would help, and the words under them."""

    move: str
    name: str
    arrangement: Arrangement
    close: str | None
    draws: Draws
    draws_text: str
    #: The draws to picture under the text (the closing ones, else a few improving ones).
    pictured: tuple[Card, ...]


@dataclass(frozen=True)
class Explanation:
    lesson: str
    best: Kept
    other: Kept | None
    #: Whether ``other`` is the player's own (wrong) move rather than the tempting one.
    other_is_mine: bool


def _kept(solution: Solution, move: str, lang: str) -> Kept:
    puzzle = solution.puzzle
    rules = puzzle.rules
    option = solution.option(move)
    analysis = analyze(option.kept, rules)
    close = (outcome_text(option.outcome, option.score, lang)
             if option.outcome is not Outcome.CANNOT_CLOSE else None)
    draws = helping_draws(puzzle, option.kept)
    pictured: tuple[Card, ...] = ()
    if close is not None:
        text = tr("draws.close_now", lang, outcome=close)
    elif draws.closing:
        text = tr("draws.closing_one" if len(draws.closing) == 1 else "draws.closing", lang,
                  n=len(draws.closing))
        pictured = draws.closing
    elif len(draws.improving) > MAX_PICTURED:
        text = tr("draws.improving_many", lang, n=len(draws.improving))
    elif draws.improving:
        text = tr("draws.improving_one" if len(draws.improving) == 1 else "draws.improving",
                  lang, n=len(draws.improving))
        pictured = draws.improving
    else:
        text = tr("draws.none", lang)
    return Kept(move, move_name(move, puzzle, lang), analysis.arrangement, close, draws, text,
                pictured)


def either(moves: Sequence[str], puzzle: Puzzle, lang: str) -> str:
    """Equally good moves as one phrase, articles included: "either the 2 of espadas or the 2
    of oros" (it fills a ``{best:the}`` slot as it is).

    >>> either(["2e", "2o"], find_puzzle("barajamos-001"), "es")
    'el 2 de espadas o el 2 de oros'
    """
    names = [move_name(m, puzzle, lang) for m in moves]
    with_article = [n.the() if isinstance(n, CardName) else n for n in names]
    return tr("either", lang, moves=format_list(with_article, style="or", locale=locale(lang)))


def _shown(values: dict[str, Any], solution: Solution, lang: str,
           ties: bool = False) -> dict[str, Any]:
    """The values of a ``why``/``lesson`` message, worded: cards named, numbers formatted; with
    ``ties``, a best move tied with others names them all (the comparison is true of each)."""
    puzzle = solution.puzzle
    shown: dict[str, Any] = dict(values)
    for key in ("best", "second", "other"):
        if key in values:
            shown[key] = move_name(values[key], puzzle, lang)
    if ties and len(solution.answers) > 1 and values.get("best") in solution.answers:
        shown["best"] = either(solution.answers, puzzle, lang)
    for key in ("top", "naive", "neighbour", "card", "twin"):
        if values.get(key):
            shown[key] = card_name(values[key], lang)
    for side in ("best", "second"):
        if f"{side}_outcome" in values:
            shown[f"{side}_outcome"] = outcome_text(values[f"{side}_outcome"],
                                                    values[f"{side}_score"], lang)
    # Chances become percentages; points and counts stay numbers, so that t() writes them as
    # points() does and picks the plural form from them.
    for key, value in values.items():
        if isinstance(value, Fraction) and key.endswith("chance"):
            shown[key] = percent(value, lang)
    return shown


def explain(solution: Solution, tried: Sequence[str], lang: str) -> Explanation:
    """What the page shows above "Next puzzle" once the puzzle is solved (or revealed)."""
    other = compared_move(solution, tried)
    lead_key, lead_values = lesson(solution, other)
    why_key, why_values = why(solution, None if other in solution.answers else other)
    text = (tr(f"lesson.{lead_key}", lang, **_shown(lead_values, solution, lang)) + " "
            + tr(f"why.{why_key}", lang, **_shown(why_values, solution, lang, ties=True)))
    best = _kept(solution, solution.answers[0], lang)
    compared = None if other in solution.answers else _kept(solution, other, lang)
    return Explanation(text, best, compared, other in tried)


# --- Every move compared --------------------------------------------------------------------------


def _distinct_options(solution: Solution) -> list[Option]:
    """One option per distinct move, cards in the order the hand is laid out."""
    options = list({o.move: o for o in solution.options}.values())
    if solution.puzzle.question == "discard":
        options.sort(key=lambda o: card_order(Card.parse(o.move)))
    return options


def comparison(solution: Solution, lang: str) -> pd.DataFrame:
    """One row per distinct move, the answers starred; every figure worded by this module.
    Four narrow columns, so that the table fits a phone."""
    puzzle = solution.puzzle
    options = _distinct_options(solution)
    frame = {tr("col.move", lang): [("★ " if o.move in solution.answers else "")
                                    + move_name(o.move, puzzle, lang) for o in options]}
    chances = [percent(o.close_chance, lang) for o in options]
    loose = [points(o.loose_points, lang) for o in options]
    if puzzle.criterion == "close-chance":
        frame[tr("col.chance", lang)] = chances
        frame[tr("col.expected", lang)] = [points(o.expected_points, lang) for o in options]
        frame[tr("col.points", lang)] = loose
    else:
        frame[tr("col.points", lang)] = loose
        frame[tr("col.close", lang)] = [outcome_text(o.outcome, o.score, lang)
                                        if o.outcome is not Outcome.CANNOT_CLOSE else "—"
                                        for o in options]
        frame[tr("col.chance", lang)] = chances
    return pd.DataFrame(frame)


def chart(solution: Solution, lang: str) -> go.Figure:
    """A bar per distinct move (the card's face under it), the answers in green."""
    puzzle = solution.puzzle
    options = _distinct_options(solution)
    chance = puzzle.criterion == "close-chance"
    values = [float(o.close_chance * 100 if chance else o.loose_points) for o in options]
    labels = [percent(o.close_chance, lang) if chance else points(o.loose_points, lang)
              for o in options]
    names = [move_name(o.move, puzzle, lang) for o in options]
    figure = go.Figure(go.Bar(
        x=list(range(len(options))), y=values, text=labels, textposition="outside",
        cliponaxis=False, hovertext=[f"{n}: {v}" for n, v in zip(names, labels, strict=True)],
        hoverinfo="text",
        marker_color=[GREEN if o.move in solution.answers else GREY for o in options]))
    images = [] if puzzle.question == "take" else [
        {"source": card_data_uri(o.move, width=48, lang=lang), "xref": "x", "yref": "paper", "x": x,
         "y": -0.03, "sizex": 0.62, "sizey": 0.4, "xanchor": "center", "yanchor": "top"}
        for x, o in enumerate(options)]
    figure.update_layout(
        separators=number_separators(lang),
        title={"text": tr("chart.chance" if chance else "chart.points", lang),
               "font": {"size": 15}},
        height=320, bargap=0.35, images=images, dragmode=False,
        margin={"t": 40, "b": 90 if images else 40, "l": 36, "r": 8},
        yaxis={"range": [0, max(1.0, max(values)) * 1.25], "fixedrange": True},
        xaxis={"showticklabels": not images, "tickvals": list(range(len(options))),
               "ticktext": names, "fixedrange": True})
    return figure


def card_codes(cards: Sequence[Card]) -> list[str]:
    return [card.code() for card in cards]


def position_link(position: Position) -> dict[str, str]:
    """The Puzzles page's URL values that open a coach's position as a puzzle: the rules and
    their deck options, the cards held, the pile's top and the cards seen."""
    return {**rules_query(position.rules),
            **position_query(position.hand, position.top, position.seen)}
