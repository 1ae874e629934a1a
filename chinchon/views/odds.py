"""The Odds page's model: which figures the page shows for the rules chosen, how it writes a
share, the figures of every shipped profile and which of them are alike.

The figures cover one deck without jokers (:mod:`chinchon.engine.odds`): shipped for each
profile and deck, or counted live for house rules the shipped figures do not cover. Nothing
here translates; the page words each :class:`Aside` in the reader's language.

>>> shown = figures_for(get_rules("ludoteka", jokers=2), house=False)
>>> shown.rules.deck.jokers, shown.live, shown.aside.value
(0, False, 'options_aside')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from chinchon.engine.odds import Odds, can_rank, shipped_decks, shipped_odds
from chinchon.engine.rules import PROFILE_IDS, Rules, get_rules

__all__ = ["HEADLINES", "Aside", "Shown", "alike", "every_shipped", "figures_for", "headlines",
           "percent_digits"]

#: The headline figures, by their i18n label and the count of :class:`Odds` they read.
HEADLINES = (("odds.metric.close", "can_close"), ("odds.metric.minus_ten", "minus_ten"),
             ("odds.metric.seven_run", "seven_run"))


class Aside(StrEnum):
    """What the page says about the figures it shows instead of the rules chosen."""

    #: House rules with one deck and no jokers: counted exactly, here and now.
    HOUSE_COUNTED = "house_counted"
    #: House rules with a second deck or jokers: the profile's shipped figures instead.
    HOUSE_ASIDE = "house_aside"
    #: The sidebar's second deck or jokers: set aside, the deck size kept.
    OPTIONS_ASIDE = "options_aside"


@dataclass(frozen=True)
class Shown:
    """The rules whose figures the page shows, whether they are counted live (else shipped),
    and what the page says about it (None: the figures are those of the rules chosen)."""

    rules: Rules
    live: bool
    aside: Aside | None


def figures_for(chosen: Rules, *, house: bool) -> Shown:
    """The figures for ``chosen`` (``house``: the house page's rules, not only the sidebar's
    options): house rules of one deck without jokers the shipped figures do not cover are
    counted live; otherwise the profile's shipped figures, keeping only the chosen deck size.

    >>> figures_for(get_rules("fournier+limit=50"), house=True).live
    False
    >>> shown = figures_for(get_rules("fournier+figures=10-10-10"), house=True)
    >>> shown.live, shown.aside.value
    (True, 'house_counted')
    """
    countable = chosen.deck.copies == 1 and not chosen.deck.has_jokers
    if house and countable and not can_rank(chosen):
        return Shown(chosen, True, Aside.HOUSE_COUNTED)
    # The shipped figures are for one deck without jokers: keep only the chosen deck size.
    rules = get_rules(chosen.id, **{k: v for k, v in chosen.options.items() if k == "deck"})
    if house and not countable:
        return Shown(rules, False, Aside.HOUSE_ASIDE)
    if not can_rank(chosen):
        return Shown(rules, False, Aside.OPTIONS_ASIDE)
    return Shown(rules, False, None)


def percent_digits(share: float) -> int:
    """Decimals enough for a share to show: 2 from 1%, 3 from 0.01%, else 5.

    >>> percent_digits(0.25), percent_digits(0.005), percent_digits(3e-7)
    (2, 3, 5)
    """
    return 2 if share >= 0.01 else 3 if share >= 0.0001 else 5


def headlines(odds: Odds) -> tuple[tuple[str, int], ...]:
    """The headline figures of ``odds``: each label with its count of hands."""
    return tuple((label, int(getattr(odds, field))) for label, field in HEADLINES)


def every_shipped() -> tuple[Odds, ...]:
    """The shipped figures of every profile and deck, in the profiles' order.

    >>> [(o.rules_id, o.deck) for o in every_shipped()][-2:]
    [('ludoteka', 40), ('ludoteka', 48)]
    """
    return tuple(shipped_odds(get_rules(pid, deck=d) if len(shipped_decks(pid)) > 1
                              else get_rules(pid))
                 for pid in PROFILE_IDS for d in shipped_decks(pid))


def alike(every: Sequence[Odds]) -> tuple[tuple[Odds, Odds], ...]:
    """The pairs of figures with the same distribution of loose points (same deck and points),
    in order.

    >>> [(a.rules_id, b.rules_id) for a, b in alike(every_shipped())]
    [('jeux-de-cartes', 'ludoteka')]
    """
    return tuple((first, second) for i, first in enumerate(every) for second in every[i + 1:]
                 if first.loose_points == second.loose_points)
