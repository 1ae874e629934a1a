"""Every reading the code decides that a source does not state, as data, next to its rule.

RULES.md fixes one reading per profile; where the library goes further than the sources (how
a joker is named, what a tie means, who lays off what), the site must say so. Each
:class:`Disclosure` names the rule it belongs to (a step of the rules tour and a row of the
Variants comparison), the profiles it concerns, the source it reads, and our choice as an i18n
key (``disclose.<key>``, in every language). The tests check that each text exists and that each
claim holds in the library where it can be computed.

>>> [d.key for d in for_step("fournier", "layoffs")]
['fournier_closer_not_in_rounds', 'closer_shows']
>>> for_row("ludoteka", "run_order")[0].source
'ludoteka-fr.txt'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from chinchon.engine.rules import PROFILE_IDS

__all__ = ["DISCLOSURES", "HOUSE", "Disclosure", "for_profiles", "for_row", "for_step",
           "text_key"]

#: Profiles of a disclosure that concerns house rules rather than a profile as written.
HOUSE = "house"


@dataclass(frozen=True)
class Disclosure:
    """One reading of ours: where it belongs, whom it concerns, which source it reads."""

    key: str
    #: The rules tour step (``chinchon.views.tour`` step id) it sits beside.
    step: str
    #: The variants row (``chinchon.views.variants.ROWS`` key) it sits beside.
    row: str
    #: The profiles it applies to (``HOUSE``: a house-rules option).
    profiles: tuple[str, ...]
    #: The source file read (or silent) on the point.
    source: str
    #: Whether the player may pick another reading where it matters: the closer's arrangement
    #: and the naming of his jokers, on the Lay-off page and when he closes in a game (Play).
    choosable: bool = False
    #: The i18n key of its text, where it is not ``disclose.<key>`` (see :func:`text_key`).
    text: str | None = None


_ALL = PROFILE_IDS
_J = "jeux-de-cartes-fr.txt"
_L = "ludoteka-fr.txt"
_B = "barajamos-fr.txt"
_F = "fournier-pt.txt"

DISCLOSURES: tuple[Disclosure, ...] = (
    Disclosure("jdc_everybody_out_tie", "scoring", "everybody_out", ("jeux-de-cartes",), _J),
    Disclosure("ludoteka_no_closer", "scoring", "stock", ("ludoteka",), _L),
    Disclosure("ludoteka_two_jokers_run", "jokers", "chinchon", ("ludoteka",), _L),
    Disclosure("ludoteka_joker_naming", "jokers", "jokers", ("ludoteka", HOUSE), _L,
               choosable=True),
    Disclosure("joker_renamed_in_group", "layoffs", "layoffs", ("ludoteka", HOUSE), _L),
    Disclosure("joker_place_in_run", "layoffs", "layoffs", ("ludoteka", HOUSE), _L),
    Disclosure("joker_laid_off", "layoffs", "layoffs", ("ludoteka", HOUSE), _L),
    Disclosure("no_five_group_with_joker", "melds", "group", ("ludoteka", HOUSE), _L),
    Disclosure("ludoteka_no_wrap", "melds", "run_order", ("ludoteka",), _L),
    Disclosure("jdc_closer_own_layoff", "layoffs", "layoffs", ("jeux-de-cartes",), _J),
    Disclosure("jdc_opponents_meld", "layoffs", "layoffs", ("jeux-de-cartes",), _J),
    Disclosure("jdc_two_decks_identical", "melds", "group", ("jeux-de-cartes",), _J),
    Disclosure("jdc_returns_two_in", "scoring", "reentry", ("jeux-de-cartes",), _J),
    Disclosure("fournier_closer_not_in_rounds", "layoffs", "layoffs", ("fournier",), _F),
    Disclosure("barajamos_group_of_seven", "minus_ten", "all_melded", ("barajamos",), _B),
    Disclosure("barajamos_tokens_later", "scoring", "reentry", ("barajamos",), _B),
    Disclosure("ludoteka_two_player_returns", "scoring", "reentry", ("ludoteka",), _L),
    Disclosure("closer_shows", "layoffs", "layoffs", _ALL, ", ".join((_B, _F, _J, _L)),
               choosable=True),
    Disclosure("ace_of_oros_points", "jokers", "jokers", (HOUSE,), _B),
    Disclosure("joker_seven_run", "chinchon", "chinchon", (HOUSE,), _L),
    Disclosure("jokers_two_decks", "melds", "group", (HOUSE,), _B),
    # Barajamos says any of the eight cards may be thrown; the others are silent.
    Disclosure("throw_back_taken", "close", "close", ("fournier", "jeux-de-cartes", "ludoteka"),
               ", ".join((_F, _J, _L)), text="readings.throw_back_taken"),
)


def text_key(disclosure: Disclosure) -> str:
    """The i18n key of the disclosure's text (our choice, in the reader's language)."""
    return disclosure.text or f"disclose.{disclosure.key}"


def _applies(disclosure: Disclosure, rules_id: str, house: bool) -> bool:
    return rules_id in disclosure.profiles or (house and HOUSE in disclosure.profiles)


def for_step(rules_id: str, step: str, *, house: bool = False) -> tuple[Disclosure, ...]:
    """The disclosures beside tour step ``step`` of ``rules_id`` (``house``: the table plays
    house rules, so their disclosures come too)."""
    return tuple(d for d in DISCLOSURES if d.step == step and _applies(d, rules_id, house))


def for_row(rules_id: str, row: str, *, house: bool = False) -> tuple[Disclosure, ...]:
    """The disclosures beside variants row ``row`` for ``rules_id``."""
    return tuple(d for d in DISCLOSURES if d.row == row and _applies(d, rules_id, house))


def for_profiles(rules_ids: Iterable[str], row: str, *, house: bool = False
                 ) -> tuple[Disclosure, ...]:
    """The disclosures beside variants row ``row`` for any of ``rules_ids``, each once.

    >>> [d.key for d in for_profiles(["fournier", "ludoteka"], "close")]
    ['throw_back_taken']
    >>> [d.key for d in for_profiles(["barajamos"], "group", house=True)]
    ['no_five_group_with_joker', 'jokers_two_decks']
    """
    found = {d.key: d for rules_id in rules_ids for d in for_row(rules_id, row, house=house)}
    return tuple(found.values())
