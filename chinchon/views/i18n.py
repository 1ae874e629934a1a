"""Translations: one flat JSON table per language in ``chinchon/data/i18n/``, and Babel for
the words that depend on a number (plural forms), numbers, percentages and dates.

Keys are dotted names (``page.hand_lab``); values may hold ``{name}`` placeholders. Keep each
file sorted by key, one key per line, so that parallel additions merge cleanly.

- **Plurals.** A message that counts something is a *plural family*: the keys ``key.one``,
  ``key.other`` and every other CLDR category the language has (``key.many`` in es, fr and pt),
  asked for as plain ``key``. ``t`` picks the form from the ``count`` argument (``count`` need
  not appear in the text; without it, the first number the English ``.other`` text shows).
- **Numbers.** ``t`` writes every int, float, Fraction or Decimal argument with ``fmt_number``
  (``1 234`` in French, ``−10`` with a true minus sign). Pass identifiers as ``str``.
- **Cards in a sentence.** ``card_name`` returns a ``CardName``, a ``str`` that also knows its
  articles: a template writes ``{card}`` for the bare name, ``{card:the}`` for "el 9 de bastos",
  ``{card:of}`` for "du 9 de bâtons" (the language's ``card.the.*`` / ``card.of.*`` keys).

>>> t("card.name", "es", rank="7", suit_of="de oros")
'7 de oros'
>>> card_name("10e", "fr")
"valet d'épées"
>>> t("puzzles.why.points", "es", best=card_name("9b", "es"), count=1, best_points=1,
...   second=card_name("10o", "es"), second_points=4)
'Tirando el 9 de bastos te queda 1 punto suelto; la siguiente mejor, la sota de oros, deja 4.'
>>> fmt_percent(0.105, "es", digits=1), fmt_percent(0.16, "fr")
('10,5\\xa0%', '16\\xa0%')
>>> fmt_date(datetime.date(2026, 12, 1), "pt")
'1 de dezembro de 2026'
>>> choose_language(None, "pt-BR")
'pt'
"""

from __future__ import annotations

import datetime
import json
import re
import string
from collections.abc import Mapping
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cache, lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_decimal, parse_pattern

from chinchon.engine.errors import quote

__all__ = [
    "ARTICLE_SPECS",
    "BABEL_LOCALES",
    "DEFAULT_LANGUAGE",
    "FORMAT_SPECS",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "PLURAL_CATEGORIES",
    "CardName",
    "card_name",
    "catalog",
    "choose_language",
    "fmt_date",
    "fmt_number",
    "fmt_ordinal",
    "fmt_percent",
    "fmt_signed",
    "forms",
    "has_text",
    "is_language",
    "locale",
    "missing_keys",
    "missing_plural_forms",
    "number_separators",
    "placeholders",
    "plural_category",
    "plural_family",
    "t",
]

LANGUAGES: tuple[str, ...] = ("en", "es", "fr", "pt")
DEFAULT_LANGUAGE = "en"
# Each language named in itself, as a language picker shows it.
LANGUAGE_NAMES: Mapping[str, str] = MappingProxyType(
    {"en": "English", "es": "Español", "fr": "Français", "pt": "Português"}
)
# The Babel locale of each site language. Portuguese is European Portuguese throughout: its
# plural rule differs from Brazil's (0 is plural in Portugal, singular in Brazil).
BABEL_LOCALES: Mapping[str, str] = MappingProxyType(
    {"en": "en_GB", "es": "es_ES", "fr": "fr_FR", "pt": "pt_PT"}
)
PLURAL_CATEGORIES: tuple[str, ...] = ("zero", "one", "two", "few", "many", "other")
# Format specs a template may put on a card placeholder: ``{card:the}``, ``{card:of}``.
ARTICLE_SPECS: tuple[str, ...] = ("the", "of")
# And on a number: ``{n:ord}`` writes it as an ordinal ("4th", "1er"), from ``number.ordinal_*``.
FORMAT_SPECS: tuple[str, ...] = (*ARTICLE_SPECS, "ord")
MINUS = "\u2212"  # the site writes −10 with a true minus sign, as its texts do

# Kept separate from chinchon.engine.cards on purpose: naming a card must never depend on a deck.
_CARD_RE = re.compile(r"(1[0-2]|[1-9])([oceb])", re.IGNORECASE)
_NAMED_RANKS = frozenset({1, 10, 11, 12})
_NUMBER_TYPES = (int, float, Fraction, Decimal)


def _check_language(lang: str) -> None:
    if lang not in LANGUAGES:
        raise KeyError(f"unknown language {quote(lang)}; expected one of {', '.join(LANGUAGES)}")


@cache
def locale(lang: str) -> Locale:
    """The Babel locale of a site language (``pt`` is ``pt_PT``)."""
    _check_language(lang)
    return Locale.parse(BABEL_LOCALES[lang])


@cache
def catalog(lang: str) -> Mapping[str, str]:
    """The whole read-only table of ``lang``."""
    _check_language(lang)
    text = resources.files("chinchon").joinpath(f"data/i18n/{lang}.json").read_text("utf-8")
    table = json.loads(text)
    if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
        raise ValueError(f"i18n/{lang}.json must be a flat object of strings")
    return MappingProxyType(table)


# ---------------------------------------------------------------------------------- numbers


def _decimal(value: object) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, _NUMBER_TYPES):
        raise ValueError(f"not a number: {quote(value)}")
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(str(value)) if isinstance(value, float) else Decimal(value)


def _rounded(value: Decimal, digits: int, down: bool) -> Decimal:
    step = Decimal(1).scaleb(-digits)
    return value.quantize(step, rounding=ROUND_DOWN if down else ROUND_HALF_UP)


def _minus(text: str) -> str:
    return MINUS + text[1:] if text.startswith("-") else text


@lru_cache(maxsize=8192)  # pages write the same few numbers over and over
def fmt_number(value: int | float | Fraction | Decimal, lang: str, digits: int = 1) -> str:
    """``value`` in the language's digits, rounded half up to at most ``digits`` decimals.

    >>> fmt_number(1234567, "fr"), fmt_number(Fraction(21, 2), "es"), fmt_number(-10, "en")
    ('1\\u202f234\\u202f567', '10,5', '−10')
    >>> fmt_number(2.0, "pt"), fmt_number(2.25, "pt"), fmt_number(0.125, "en", digits=2)
    ('2', '2,3', '0.13')
    """
    number = _rounded(_decimal(value), digits, down=False)
    pattern = "#,##0" + ("." + "#" * digits if digits > 0 else "")
    return _minus(format_decimal(number, format=pattern, locale=locale(lang)))


def fmt_signed(value: int | float | Fraction | Decimal, lang: str, digits: int = 0) -> str:
    """A change, its sign always written (``+12``, ``−271``, ``0``): what a hand adds, a rating's
    move.

    >>> fmt_signed(12, "en"), fmt_signed(-271.4, "fr"), fmt_signed(0, "es")
    ('+12', '−271', '0')
    """
    text = fmt_number(value, lang, digits)
    return text if text.startswith(MINUS) or text == fmt_number(0, lang) else "+" + text


def fmt_percent(share: float | Fraction | Decimal, lang: str, digits: int = 0,
                round_down: bool = False) -> str:
    """A share (``0.105``) as the language writes a percentage: ``10.5%``, ``10,5 %``.

    At most ``digits`` decimals, rounded half up (or down, so that 100% means all of them).

    >>> fmt_percent(0.105, "en", 1), fmt_percent(0.105, "fr", 1), fmt_percent(0.105, "pt", 1)
    ('10.5%', '10,5\\xa0%', '10,5%')
    >>> fmt_percent(0.99996, "en", 1, round_down=True)
    '99.9%'
    """
    hundred = _rounded(_decimal(share) * 100, digits, down=round_down)
    pattern = parse_pattern(locale(lang).percent_formats[None].pattern)
    pattern.frac_prec = (0, digits)
    return _minus(pattern.apply(hundred / 100, locale(lang)))


def fmt_ordinal(value: int, lang: str) -> str:
    """``value`` as an ordinal number, by the language's CLDR ordinal rule.

    >>> [fmt_ordinal(n, "en") for n in (1, 2, 3, 4, 11, 22)], fmt_ordinal(1, "fr")
    (['1st', '2nd', '3rd', '4th', '11th', '22nd'], '1er')
    """
    category = locale(lang).ordinal_form(value)
    key = f"number.ordinal_{category}"
    table = catalog(lang)
    return table.get(key, table["number.ordinal_other"]).format(n=fmt_number(value, lang))


def number_separators(lang: str) -> str:
    """The decimal mark then the thousands separator, as a chart's ``separators`` setting wants.

    >>> number_separators("en"), number_separators("es"), number_separators("fr")
    ('.,', ',.', ',\u202f')
    """
    symbols = locale(lang).number_symbols["latn"]
    return str(symbols["decimal"]) + str(symbols["group"])


def fmt_date(day: datetime.date, lang: str, format: str = "long") -> str:
    """A date as the language writes it (Babel's ``long`` format by default).

    >>> fmt_date(datetime.date(2026, 12, 1), "en"), fmt_date(datetime.date(2026, 12, 1), "fr")
    ('1 December 2026', '1 décembre 2026')
    """
    return format_date(day, format=format, locale=locale(lang))


# ---------------------------------------------------------------------------------- plurals


@lru_cache(maxsize=8192)
def plural_category(count: int | float | Fraction | Decimal, lang: str, digits: int = 1) -> str:
    """The CLDR plural category of ``count`` in ``lang``, as ``fmt_number`` shows it (rounded
    to ``digits`` decimals, trailing zeros dropped): 1.0 and 1.04 are "1 point".

    >>> plural_category(0, "fr"), plural_category(0, "pt"), plural_category(1.0, "en")
    ('one', 'other', 'one')
    >>> plural_category(1.5, "fr"), plural_category(1.5, "en")
    ('one', 'other')
    """
    shown = abs(_rounded(_decimal(count), digits, down=False))
    whole = shown == shown.to_integral_value()
    return str(locale(lang).plural_form(int(shown) if whole else shown.normalize()))


def plural_family(key: str) -> tuple[str, str] | None:
    """``("handlab.problem.more", "one")`` for ``"handlab.problem.more.one"``, else None.

    A key is a plural form when it ends with a CLDR category and some table holds a form of
    the same family other than ``other`` (so ``layoffs.outside.other`` alone stays a key).
    """
    base, _, last = key.rpartition(".")
    if not base or last not in PLURAL_CATEGORIES:
        return None
    return (base, last) if base in _family_bases() else None


@cache
def _family_bases() -> frozenset[str]:
    return frozenset(
        base
        for lang in LANGUAGES
        for key in catalog(lang)
        for base, _, last in [key.rpartition(".")]
        if base and last in PLURAL_CATEGORIES and last != "other"
    )


def _families(lang: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for key in catalog(lang):
        family = plural_family(key)
        if family:
            found.setdefault(family[0], set()).add(family[1])
    return found


def missing_plural_forms() -> dict[str, set[str]]:
    """Per language, the plural keys it must add (``key.many``), or has but may not have.

    Every family holds exactly the language's CLDR categories, so that no count ever falls
    back to a form written for another number.
    """
    problems: dict[str, set[str]] = {}
    for lang in LANGUAGES:
        wanted = set(locale(lang).plural_form.tags) | {"other"}
        for base, have in _families(lang).items():
            wrong = {f"{base}.{c} (missing)" for c in wanted - have}
            wrong |= {f"{base}.{c} (not a category of {lang})" for c in have - wanted}
            if wrong:
                problems.setdefault(lang, set()).update(wrong)
    return problems


# ---------------------------------------------------------------------------------- messages


class CardName(str):
    """A card's name (a plain ``str``) that can also say itself with an article.

    >>> name = card_name("10o", "es")
    >>> name, name.the(), name.of(), f"{name:the}"
    ('sota de oros', 'la sota de oros', 'de la sota de oros', 'la sota de oros')
    """

    code: str
    lang: str

    def __new__(cls, text: str, code: str, lang: str) -> CardName:
        made = super().__new__(cls, text)
        made.code, made.lang = code, lang
        return made

    def _kind(self) -> str:
        if self.code.upper() == "JK":
            return "joker"
        number = int(self.code[:-1])
        return str(number) if number in _NAMED_RANKS else "n"

    def the(self) -> str:
        """The name with its definite article: ``'the 9 of bastos'``, ``"l'as d'ors"``."""
        return t(f"card.the.{self._kind()}", self.lang, name=str(self))

    def of(self) -> str:
        """The name after "of", article included: ``'du 9 de bâtons'``, ``'do ás de ouros'``."""
        return t(f"card.of.{self._kind()}", self.lang, name=str(self))

    def __format__(self, spec: str) -> str:
        if spec in ARTICLE_SPECS:
            return str(getattr(self, spec)())
        return super().__format__(spec)

    def __reduce__(self) -> tuple[Any, ...]:
        return (CardName, (str(self), self.code, self.lang))


class _Formatter(string.Formatter):
    """str.format, with localised numbers and card articles (``{card:the}``)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec == "ord" and _is_number(value):
            return fmt_ordinal(int(value), self.lang)
        if format_spec in ARTICLE_SPECS:
            # A plain string in an article slot (a list of cards, say) is shown as it is.
            return format(value, format_spec) if isinstance(value, CardName) else str(value)
        if not format_spec and _is_number(value):
            return fmt_number(value, self.lang)
        return super().format_field(value, format_spec)


def _pick_plural(key: str, lang: str, table: Mapping[str, str], params: dict[str, object]) -> str:
    count = params.get("count")
    if count is None:  # the first number the English text shows decides, in every language
        shown = [params.get(name) for name, _ in _fields(catalog(DEFAULT_LANGUAGE)[f"{key}.other"])]
        count = next((v for v in shown if _is_number(v)), None)
        if count is None:  # no number to show ("—"): the general form
            return table[f"{key}.other"]
    if not isinstance(count, _NUMBER_TYPES) or isinstance(count, bool):
        raise KeyError(f"translation {quote(key)} ({lang}) is a plural: count must be a number")
    return table.get(f"{key}.{plural_category(count, lang)}", table[f"{key}.other"])


def _is_number(value: object) -> bool:
    return isinstance(value, _NUMBER_TYPES) and not isinstance(value, bool)


def _fields(text: str) -> list[tuple[str, str]]:
    return [(name, spec or "") for _, name, spec, _ in string.Formatter().parse(text) if name]


def t(key: str, lang: str, **params: object) -> str:
    """The text of ``key`` in ``lang``, its ``{placeholders}`` filled from ``params``.

    A plural family (``key.one``, ``key.other`` …) is chosen by ``count``. Raises KeyError
    naming the key and the language when the table lacks it, or an argument is missing.

    >>> t("home.sample_loose", "fr", points=0), t("home.sample_loose", "pt", points=0)
    ('Isolée : 0 point', 'Solta: 0 pontos')
    """
    if not params:
        return _plain(key, lang)
    return _text(key, lang, params)


@lru_cache(maxsize=8192)  # a page asks for its same few hundred plain texts at every rerun
def _plain(key: str, lang: str) -> str:
    """:func:`t` of a text with no values to fill."""
    return _text(key, lang, {})


def _text(key: str, lang: str, params: dict[str, object]) -> str:
    _check_language(lang)
    table = catalog(lang)
    if key in table:
        text = table[key]
    elif key in _family_bases():
        text = _pick_plural(key, lang, table, params)
    else:
        raise KeyError(f"no translation of {quote(key)} in language {quote(lang)}")
    try:
        return _Formatter(lang).vformat(text, (), params)
    except (KeyError, IndexError) as err:
        raise KeyError(f"translation {quote(key)} ({lang}) needs the argument {err}") from None


def has_text(key: str, lang: str) -> bool:
    """True when ``t(key, lang, …)`` has a text: a plain key or a plural family."""
    return key in catalog(lang) or key in _family_bases()


def forms(key: str, lang: str) -> dict[str, str]:
    """Every text ``key`` may show in ``lang``: ``{"": text}`` for a plain key, or the plural
    forms by category (``{"one": …, "many": …, "other": …}``). Raises KeyError when missing.

    >>> sorted(forms("odds.points", "fr")), forms("page.home", "es")
    (['many', 'one', 'other'], {'': 'Inicio'})
    """
    table = catalog(lang)
    if key in table:
        return {"": table[key]}
    found = {c: table[f"{key}.{c}"] for c in PLURAL_CATEGORIES if f"{key}.{c}" in table}
    if key not in _family_bases() or not found:
        raise KeyError(f"no translation of {quote(key)} in language {quote(lang)}")
    return found


def placeholders(text: str) -> frozenset[str]:
    """The ``{names}`` a template uses (format specs such as ``:the`` left aside).

    >>> sorted(placeholders("{rank} {suit_of} {card:the}"))
    ['card', 'rank', 'suit_of']
    """
    return frozenset(name for name, _ in _fields(text))


def format_specs(text: str) -> frozenset[str]:
    """The format specs a template puts on its placeholders (``the``, ``of`` …)."""
    return frozenset(spec for _, spec in _fields(text) if spec)


def missing_keys() -> dict[str, set[str]]:
    """Per language, the keys another language has and it lacks; empty when all agree.

    English is the reference, but a key added only to another language is reported too (as
    missing in English), so every table ends up with exactly the same keys. A plural family
    counts as one key (its base name): each language has its own set of plural categories.
    """
    def names(lang: str) -> set[str]:
        return {(f[0] if (f := plural_family(k)) else k) for k in catalog(lang)}

    tables = {lang: names(lang) for lang in LANGUAGES}
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


@lru_cache(maxsize=2048)
def card_name(code: str, lang: str) -> CardName:
    """A card's name for alt texts and captions: ``'7 of oros'``, ``'sota de espadas'``.

    The result is a ``str``; in a template, ``{card:the}`` adds the article. Raises
    ValueError quoting a bad code.
    """
    text = code.strip()
    if text.upper() == "JK":
        return CardName(t("card.joker", lang), "JK", lang)
    match = _CARD_RE.fullmatch(text)
    if not match:
        raise ValueError(f"not a card code: {quote(code)}")
    number, suit = int(match.group(1)), match.group(2).lower()
    rank = t(f"card.rank.{number}", lang) if number in _NAMED_RANKS else str(number)
    name = t("card.name", lang, rank=rank, suit_of=t(f"card.suit_of.{suit}", lang))
    return CardName(name, f"{number}{suit}", lang)
