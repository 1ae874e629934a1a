"""Translations: one flat JSON table per language in ``chinchon/data/i18n/``.

Keys are dotted names (``page.hand_lab``); values may hold ``{name}`` placeholders. Keep each
file sorted by key, one key per line, so that parallel additions merge cleanly.

>>> t("card.name", "es", rank="7", suit_of="de oros")
'7 de oros'
>>> card_name("10e", "fr")
"valet d'épées"
>>> choose_language(None, "pt-BR")
'pt'
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType

from chinchon.engine.errors import quote

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "card_name",
    "catalog",
    "choose_language",
    "is_language",
    "missing_keys",
    "placeholders",
    "t",
]

LANGUAGES: tuple[str, ...] = ("en", "es", "fr", "pt")
DEFAULT_LANGUAGE = "en"
# Each language named in itself, as a language picker shows it.
LANGUAGE_NAMES: Mapping[str, str] = MappingProxyType(
    {"en": "English", "es": "Español", "fr": "Français", "pt": "Português"}
)

# Kept separate from chinchon.engine.cards on purpose: naming a card must never depend on a deck.
_CARD_RE = re.compile(r"(1[0-2]|[1-9])([oceb])", re.IGNORECASE)
_NAMED_RANKS = frozenset({1, 10, 11, 12})


def _check_language(lang: str) -> None:
    if lang not in LANGUAGES:
        raise KeyError(f"unknown language {quote(lang)}; expected one of {', '.join(LANGUAGES)}")


@cache
def catalog(lang: str) -> Mapping[str, str]:
    """The whole read-only table of ``lang``."""
    _check_language(lang)
    text = resources.files("chinchon").joinpath(f"data/i18n/{lang}.json").read_text("utf-8")
    table = json.loads(text)
    if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
        raise ValueError(f"i18n/{lang}.json must be a flat object of strings")
    return MappingProxyType(table)


def t(key: str, lang: str, **kwargs: object) -> str:
    """The text of ``key`` in ``lang``, its ``{placeholders}`` filled from ``kwargs``.

    Raises KeyError naming the key and the language when the table lacks it.
    """
    try:
        text = catalog(lang)[key]
    except KeyError:
        _check_language(lang)
        raise KeyError(f"no translation of {quote(key)} in language {quote(lang)}") from None
    try:
        return text.format(**kwargs)
    except (KeyError, IndexError) as err:
        raise KeyError(f"translation {quote(key)} ({lang}) needs the argument {err}") from None


def placeholders(text: str) -> frozenset[str]:
    """The ``{names}`` a template uses.

    >>> sorted(placeholders("{rank} {suit_of}"))
    ['rank', 'suit_of']
    """
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)


def missing_keys() -> dict[str, set[str]]:
    """Per language, the keys another language has and it lacks; empty when all agree.

    English is the reference, but a key added only to another language is reported too (as
    missing in English), so every table ends up with exactly the same keys.
    """
    tables = {lang: set(catalog(lang)) for lang in LANGUAGES}
    every = set().union(*tables.values())
    return {lang: every - keys for lang, keys in tables.items() if every - keys}


def is_language(value: str | None) -> bool:
    """True for a supported language code (any case)."""
    return value is not None and value.strip().lower() in LANGUAGES


def choose_language(url_value: str | None, browser_locale: str | None) -> str:
    """The URL's language if valid, else the browser locale's (``pt-BR`` -> ``pt``), else en."""
    if url_value is not None and is_language(url_value):
        return url_value.strip().lower()
    if browser_locale:
        prefix = re.split(r"[-_]", browser_locale.strip().lower(), maxsplit=1)[0]
        if prefix in LANGUAGES:
            return prefix
    return DEFAULT_LANGUAGE


def card_name(code: str, lang: str) -> str:
    """A card's name for alt texts and captions: ``'7 of oros'``, ``'sota de espadas'``.

    Raises ValueError quoting a bad code.
    """
    text = code.strip()
    if text.upper() == "JK":
        return t("card.joker", lang)
    match = _CARD_RE.fullmatch(text)
    if not match:
        raise ValueError(f"not a card code: {quote(code)}")
    number, suit = int(match.group(1)), match.group(2).lower()
    rank = t(f"card.rank.{number}", lang) if number in _NAMED_RANKS else str(number)
    return t("card.name", lang, rank=rank, suit_of=t(f"card.suit_of.{suit}", lang))
