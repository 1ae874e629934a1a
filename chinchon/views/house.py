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

__all__ = ["CARD_KEYS", "CLOSE_KINDS", "NUMBER_KEYS", "PLAY_CHOICE_KEYS", "PLAY_NUMBER_KEYS",
           "SummaryRow", "build_code", "choice_label", "choice_text", "chosen",
           "house_values", "house_words", "labelled_choices", "options", "start_values",
           "summary"]

#: Keys that take a whole number, with the range the page offers (the library checks it too).
NUMBER_KEYS: dict[str, tuple[int, int]] = {"joker-points": (0, 100), "minus-ten": (-100, 0),
                                           "limit": (1, 1000), "returns": (0, 20)}
#: The kinds of close condition (``close=kind:N`` or ``close=all-melded``).
CLOSE_KINDS = ("points", "one-loose", "all-melded")
#: The editor's columns: the cards, then the play (the close, then these choices and numbers).
CARD_KEYS = ("deck", "decks", "jokers", "figures", "joker-points", "seven-ten")
PLAY_CHOICE_KEYS = ("first-round-close", "chinchon")
PLAY_NUMBER_KEYS = ("minus-ten", "limit", "returns")
#: The editor's widgets beside one per house key: the close is a kind and a limit.
CLOSE_KIND, CLOSE_LIMIT = "close-kind", "close-limit"


def options(key: str) -> tuple[str, ...]:
    """The choices the editor offers for ``key``; "decks" may also follow the profile ("").

    >>> options("decks"), options("deck")
    (('', '1', '2'), ('40', '48'))
    """
    return ("", *HOUSE_CHOICES[key]) if key == "decks" else HOUSE_CHOICES[key]


def start_values(rules: Rules) -> dict[str, object]:
    """Each widget's first value for ``rules``: a number for the number keys (None: no limit
    on returns), a choice for the others, the close as its kind and its limit.

    >>> values = start_values(get_rules("barajamos"))
    >>> values["limit"], values["close-kind"], values["close-limit"], values["decks"]
    (70, 'points', 5, '')
    """
    values = house_values(rules)
    found: dict[str, object] = {}
    for key in CARD_KEYS + PLAY_CHOICE_KEYS:
        if key in NUMBER_KEYS:
            found[key] = int(values[key])
        else:
            choices = options(key)
            found[key] = values[key] if values[key] in choices else choices[0]
    kind, _, limit = values["close"].partition(":")
    found[CLOSE_KIND], found[CLOSE_LIMIT] = kind, int(limit or 0)
    for key in PLAY_NUMBER_KEYS:
        found[key] = int(values[key]) if values[key] else None
    return found


def chosen(widgets: Mapping[str, object]) -> dict[str, str]:
    """The house values the editor's ``widgets`` hold (by key, :data:`CLOSE_KIND` and
    :data:`CLOSE_LIMIT` for the close; a widget not drawn is missing), for :func:`build_code`.

    >>> chosen({"limit": 150.0, "close-kind": "points", "close-limit": 5, "jokers": "2"})["close"]
    'points:5'
    >>> values = chosen({"limit": 150.0, "close-kind": "all-melded", "returns": None})
    >>> values["limit"], values["close"], values["returns"], values["deck"]
    ('150', 'all-melded', '', '')
    """
    found: dict[str, str] = {}
    for key in HOUSE_KEYS:
        if key == "close":
            kind = str(widgets.get(CLOSE_KIND, "points"))
            limit = widgets.get(CLOSE_LIMIT, 0)
            found[key] = kind if kind == "all-melded" else f"{kind}:{_whole(limit)}"
        elif key in NUMBER_KEYS:
            number = widgets.get(key)
            found[key] = "" if number is None else str(_whole(number))
        else:
            found[key] = str(widgets.get(key, "") or "")
    return found


def _whole(value: object) -> int:
    """A number widget's value as a whole number (0 when empty)."""
    return int(value) if isinstance(value, (int, float)) else 0


def choice_text(key: str, value: str, lang: str, minus_ten: int = -10) -> str:
    """A choice of ``key`` in words (a number or a figure list stays as it is); the chinchón's
    choices quote the ``minus_ten`` of the rules.

    >>> choice_text("decks", "", "en"), choice_text("deck", "48", "en")
    ('as the profile says for the number of players', '48 cards')
    """
    if key == "chinchon":
        return t(f"house.value.chinchon.{value}", lang, minus_ten=minus_ten)
    if key == "decks" and not value:
        return t("house.value.decks.profile", lang)
    if key in ("first-round-close", "seven-ten"):
        return t(f"house.value.{value}", lang)
    if value in labelled_choices(key):
        return t(choice_label(key, value), lang)
    if key == "deck":
        return t("sidebar.option.cards", lang, n=value)
    return value


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
