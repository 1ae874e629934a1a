"""The house-rules editor's page model: options, their choices, the code, the summary.

The page starts from a profile, lets the table change any option of
:data:`~chinchon.engine.rules.HOUSE_KEYS` and shows the rules summary (the variants rows of
the base profile next to the house profile, changed rows flagged). Every value goes through
:func:`~chinchon.engine.rules.get_rules`, so the page can only build codes the library reads.

>>> values = house_values(get_rules("barajamos"))
>>> values["limit"], values["jokers"]
('70', '0')
>>> build_code("barajamos", {**values, "limit": "100", "jokers": "ace-of-oros"})
'barajamos+jokers=ace-of-oros+limit=100'
>>> [row.key for row in summary(get_rules("barajamos+limit=100"), "en") if row.changed]
['elimination']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from chinchon.engine.rules import (
    HOUSE_CHOICES,
    HOUSE_KEYS,
    Rules,
    get_rules,
    house_values,
)
from chinchon.views.i18n import t
from chinchon.views.variants import compare

__all__ = ["CLOSE_KINDS", "NUMBER_KEYS", "SummaryRow", "build_code", "choice_label",
           "house_values", "house_words", "labelled_choices", "summary"]

#: Keys that take a whole number, with the range the page offers (the library checks it too).
NUMBER_KEYS: dict[str, tuple[int, int]] = {"joker-points": (0, 100), "minus-ten": (-100, 0),
                                           "limit": (1, 1000), "returns": (0, 20)}
#: The kinds of close condition (``close=kind:N`` or ``close=all-melded``).
CLOSE_KINDS = ("points", "one-loose", "all-melded")


def build_code(base: str, values: Mapping[str, str]) -> str:
    """The canonical code of ``base`` with ``values`` (empty values keep the profile's own);
    :class:`~chinchon.engine.rules.HouseRulesError` names a value that is wrong."""
    parts = [f"{key}={values[key]}" for key in HOUSE_KEYS if values.get(key)]
    if values.get("deck") == "48":
        parts = [part for part in parts if not part.startswith("seven-ten=")]
    return get_rules("+".join([base, *parts])).code()


def choice_label(key: str, value: str) -> str:
    """The i18n key naming a choice of ``key`` (the page passes the value when it is a number
    or a figure list that needs no words)."""
    return f"house.value.{key}.{value}"


def labelled_choices(key: str) -> tuple[str, ...]:
    """The choices of a key that has words for its values (figures and deck show as numbers)."""
    return HOUSE_CHOICES[key] if key in ("jokers", "chinchon", "decks") else ()


@dataclass(frozen=True)
class SummaryRow:
    key: str
    label: str
    base: str
    house: str
    changed: bool


@lru_cache(maxsize=256)  # the Play page's header words it at every rerun (13-29 ms a call)
def summary(rules: Rules, lang: str) -> tuple[SummaryRow, ...]:
    """The variants rows of ``rules``' base profile and of ``rules`` side by side."""
    base = get_rules(rules.id)
    rows = compare(lang, (base, rules)) if rules != base else compare(lang, (base,))
    found = []
    for row in rows:
        if row.key == "source":
            continue
        before = row.cells[base.code()].text
        after = row.cells[rules.code()].text
        found.append(SummaryRow(row.key, row.label, before, after, before != after))
    return tuple(found)


def house_words(rules: Rules, lang: str) -> str:
    """What ``rules`` changes from its profile, in words ("Jokers: the ace of oros is the
    joker; Elimination: above 100"), or "" when it plays the profile as written.

    >>> house_words(get_rules("barajamos+limit=100"), "en")
    'Elimination: above 100 (exactly 100 stays in)'
    """
    return "; ".join(t("house.change", lang, label=row.label, value=row.house)
                     for row in summary(rules, lang) if row.changed)
