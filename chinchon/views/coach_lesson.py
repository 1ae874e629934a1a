"""Why a graded decision is better or worse, in Chinchón terms: the meld the better card keeps or
the worse card breaks, the loose figure held too long, the pile card that completes a meld, the
next player collecting a suit, and the outs (the unseen cards that would let you close) as
cards with how many are still unseen.

The facts come from the puzzles' explainer (:func:`chinchon.puzzles.helping_draws`, the
solver's arrangements); this module only picks which one tells the story and words it.

>>> from chinchon.engine.cards import parse_hand
>>> from chinchon.engine.rules import get_rules
>>> from chinchon.views import coach
>>> spot = coach.Position(get_rules("barajamos"), parse_hand("3c 4c 5c 7o 7e 9b 11b 2e"))
>>> found = lesson(coach.grade_discard(spot, "3c"))
>>> found.key, [c.code() for c in found.values["meld"]]
('breaks', ['3c', '4c', '5c'])
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from chinchon.engine.cards import Card
from chinchon.engine.melds import Meld
from chinchon.engine.solver import analyze
from chinchon.puzzles import STOCK, TAKE, helping_draws
from chinchon.views import coach
from chinchon.views.i18n import card_name, fmt_number, t

#: Ranks that are figures in the Spanish deck (sota, caballo, rey): ten points each where a
#: figure counts ten.
FIGURES = (10, 11, 12)
#: Outs are pictured up to this many distinct cards (beyond, the count says more).
MAX_PICTURED = 10
#: Every lesson :func:`lesson` may give (the sentences are ``coach.lesson.KEY``).
LESSONS = ("pile_meld", "pile_none", "breaks", "figure", "feeds", "outs", "outs_best",
           "no_outs")


@dataclass(frozen=True)
class Lesson:
    """What to say beyond the grade's numbers: a sentence key (under ``coach.lesson.``) and its
    values (card codes, cards, melds, counts), the outs after the move the lesson is about
    (the better move, or yours when it was best), and how many copies of them may come."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)
    outs: tuple[Card, ...] = ()
    #: How many of the outs may still come from the stock (two decks: copies counted).
    copies: int = 0
    #: How many cards may come from the stock at all.
    unseen: int = 0
    #: The move the outs follow (a card code, ``take`` or ``stock``).
    outs_after: str = ""

    @property
    def pictured(self) -> tuple[Card, ...]:
        """The outs to show as cards (none when there are too many to be worth a picture)."""
        return self.outs if len(self.outs) <= MAX_PICTURED else ()


def lesson(verdict: coach.Verdict, watched: Sequence[Card] = (), watcher: str = "") -> Lesson:
    """The lesson of ``verdict``. ``watched``: the cards the next player took from the pile
    (and still holds), named ``watcher``: a discard that feeds them is pointed out."""
    return _lesson(verdict, tuple(watched), watcher)


@lru_cache(maxsize=1024)  # the Play page draws the last grade's lesson at every rerun
def _lesson(verdict: coach.Verdict, watched: tuple[Card, ...], watcher: str) -> Lesson:
    position = verdict.position
    puzzle = coach.as_puzzle(position)
    chosen, better = verdict.chosen, verdict.better
    about = chosen if verdict.is_best else better
    draws = helping_draws(puzzle, about.kept)
    mine = helping_draws(puzzle, chosen.kept)
    copies = sum(draws.copies[c] for c in draws.closing)
    unseen = sum(draws.copies.values())
    values: dict[str, Any] = {"move": chosen.move.action, "best": better.move.action,
                              "count": copies, "mine": sum(mine.copies[c] for c in mine.closing),
                              "unseen": unseen}

    def found(key: str, **more: Any) -> Lesson:
        outs = () if closes else draws.closing
        return Lesson(key, {**values, **more}, outs, copies if outs else 0, unseen,
                      about.move.action)

    # A hand that closes already needs no outs: the close is the lesson (the grade's sentence).
    closes = analyze(about.kept, position.rules).can_close

    def outs_key() -> str:
        return "" if closes else _outs_key(verdict, draws.closing)

    if position.decision == "draw":
        if position.top is None:
            return found(outs_key())
        top = position.top
        meld = _meld_with(top, about.kept, position) if about.move.action == TAKE else None
        if meld is not None:
            return found("pile_meld", top=top, meld=meld.cards)
        if chosen.move.action == TAKE and not verdict.is_best:
            return found("pile_none", top=top)
        return found(outs_key())
    thrown = Card.parse(chosen.move.action)
    if not verdict.is_best:
        meld = _meld_with(thrown, better.kept, position)
        if meld is not None:
            return found("breaks", meld=meld.cards)
        best_card = Card.parse(better.move.action)
        if best_card.rank in FIGURES and not best_card.is_joker and (
                _meld_with(best_card, chosen.kept, position) is None):
            return found("figure", value=position.rules.points(best_card))
        fed = _feeds(thrown, watched) if not _feeds(best_card, watched) else ()
        if fed:
            return found("feeds", who=watcher, cards=fed)
    return found(outs_key())


def _outs_key(verdict: coach.Verdict, closing: Sequence[Card]) -> str:
    if not closing:
        return "no_outs"
    return "outs_best" if verdict.is_best else "outs"


def _meld_with(card: Card, cards: Sequence[Card], position: coach.Position) -> Meld | None:
    """The meld of the best arrangement of ``cards`` that holds ``card`` (None: it is loose
    there)."""
    if card not in cards:
        return None
    melds = analyze(tuple(cards), position.rules).arrangement.melds
    return next((m for m in melds if card in m.cards), None)


def _feeds(card: Card, watched: Sequence[Card]) -> tuple[Card, ...]:
    """The watched cards ``card`` would go with (same rank, or same suit two ranks apart at
    most), when there are two of them: he is collecting that group or suit."""
    if card.is_joker:
        return ()
    near = tuple(c for c in watched if not c.is_joker and (
        c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2)))
    return near if len(near) >= 2 else ()


# --- Words ---------------------------------------------------------------------------------------


def move_words(move: str, top: Card | None, lang: str, *, verb: bool = False) -> str:
    """A move in words: "taking the 7 of oros", "drawing from the stock", a card's name (with
    ``verb``: "throwing the 7 of oros")."""
    if move == TAKE:
        return t("coach.move.take", lang, card=card_name(top.code(), lang) if top else "")
    if move == STOCK:
        return t("coach.move.stock", lang)
    name = card_name(move, lang)
    return t("coach.move.throw", lang, card=name) if verb else name


def cards_words(cards: Sequence[Card], lang: str) -> str:
    return ", ".join(card_name(card.code(), lang) for card in cards)


def lesson_text(found: Lesson, top: Card | None, lang: str) -> str:
    """The lesson's sentence in ``lang`` (empty when there is none): cards by name, counts as
    whole numbers."""
    if not found.key:
        return ""
    values = found.values
    shown: dict[str, Any] = {
        "move": move_words(values["move"], top, lang),
        "best": move_words(values["best"], top, lang),
        "count": values["count"], "mine": values["mine"], "unseen": values["unseen"],
        "after": move_words(found.outs_after, top, lang, verb=True),
    }
    if found.key == "outs":
        shown["move"] = move_words(values["move"], top, lang, verb=True)
    if "meld" in values:
        shown["meld"] = cards_words(values["meld"], lang)
    if "top" in values:
        shown["top"] = card_name(values["top"].code(), lang)
    if "cards" in values:
        shown["cards"] = cards_words(values["cards"], lang)
        shown["who"] = values["who"]
    if "value" in values:
        shown["value"] = shown["count"] = values["value"]
    return t(f"coach.lesson.{found.key}", lang, **shown)


def about_points(value: Any, lang: str) -> str:
    """Points as a whole number: "21", or "about 21" for an expectation that is not whole."""
    whole = math.floor(value + Fraction(1, 2))  # half up, as fmt_number rounds
    if whole == value:
        return fmt_number(whole, lang, digits=0)
    return t("coach.about", lang, n=fmt_number(whole, lang, digits=0))


__all__ = ["FIGURES", "LESSONS", "MAX_PICTURED", "Lesson", "about_points", "cards_words", "lesson",
           "lesson_text", "move_words"]
