"""The learner's Play rating on the pages (issue 22 item 3): computed from his counted games
(:mod:`chinchon.store.play_rating`) against the bots' ladder (:mod:`chinchon.game.ladder`);
shown on My progress beside the puzzle rating, and as the Play page's suggested level."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from chinchon.game import ladder
from chinchon.ratings.glicko2 import DEFAULT_RATING
from chinchon.store.play_rating import PlayRating, play_ratings, profile
from chinchon.store.played import Played
from chinchon.views.i18n import t
from webui import progress


@cache
def levels() -> dict[str, ladder.Level]:
    """The shipped ladder, read once per server."""
    return ladder.load()


def ratings_of(games: Sequence[Played]) -> dict[str, PlayRating]:
    return play_ratings(games, levels())


def learner_ratings() -> dict[str, PlayRating]:
    """This learner's Play ratings (none for a new visitor or while the database is away)."""
    learner_id, opened = progress.learner(), progress.store()
    if learner_id is None or opened is None:
        return {}
    try:
        return ratings_of(opened.played_games(learner_id, counted=True))
    except SQLAlchemyError:
        return {}


def metric(where: Any, found: PlayRating | None, rules_id: str, lang: str, *,
           short: bool = False) -> None:
    """One profile's Play rating as a metric ("—" before a rated game), "(provisional)" while
    its deviation is high, the deviation in its help. ``short``: "Play rating" alone, for a
    narrow column beside the puzzle rating (the page then says provisional under the row)."""
    provisional = found is None or found.rating.provisional
    label = t("ladder.play_rating_in", lang, rules=t(f"profile.{profile(rules_id)}.name", lang))
    if short:
        label = t("ladder.play_rating", lang)
    elif provisional:
        label += f" ({t('progress.provisional', lang)})"
    help_text = t("ladder.play_rating_help", lang, games=found.games if found else 0)
    if found is not None and provisional:
        help_text += "\n\n" + t("ladder.provisional_help", lang, rd=round(found.rating.rd))
    where.metric(label, f"{found.rating.rating:.0f}" if found else "—", help=help_text)


def provisional_note(found: PlayRating | None, lang: str) -> None:
    """Under a row with the short metric: the Play rating is provisional, and why."""
    if found is not None and found.rating.provisional:
        st.caption(t("ladder.provisional_help", lang, rd=round(found.rating.rd)))


def suggested(rules_id: str, offered: Sequence[str]) -> tuple[str | None, PlayRating | None]:
    """The level of ``offered`` rated nearest the learner's Play rating under ``rules_id``
    (a newcomer's 1500 before his first rated game), and that rating."""
    found = learner_ratings().get(profile(rules_id))
    rating = found.rating.rating if found else DEFAULT_RATING
    return ladder.nearest(rating, levels(), offered), found


def suggestion_text(level: str, found: PlayRating | None, lang: str) -> str:
    name = t(f"play.level.{level}", lang)
    if found is None:
        return t("ladder.suggested_new", lang, level=name)
    return t("ladder.suggested", lang, level=name, rating=f"{found.rating.rating:.0f}")
