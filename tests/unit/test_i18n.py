"""Translations: every language has every key, placeholders agree, language choice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chinchon.views import i18n

DATA = Path(i18n.__file__).parents[1] / "data" / "i18n"


def test_no_key_is_missing_in_any_language() -> None:
    missing = i18n.missing_keys()
    assert missing == {}, "keys to add: " + "; ".join(
        f"{lang}: {', '.join(sorted(keys))}" for lang, keys in sorted(missing.items())
    )


def test_placeholders_match_english() -> None:
    english = i18n.catalog("en")
    for lang in i18n.LANGUAGES:
        table = i18n.catalog(lang)
        for key, text in english.items():
            if key in table:
                assert i18n.placeholders(table[key]) == i18n.placeholders(text), (lang, key)


def test_no_empty_texts() -> None:
    for lang in i18n.LANGUAGES:
        empty = [k for k, v in i18n.catalog(lang).items() if not v.strip()]
        assert not empty, (lang, empty)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_files_are_sorted_one_key_per_line(lang: str) -> None:
    """Sorted keys, one per line, keep parallel additions easy to merge."""
    text = (DATA / f"{lang}.json").read_text("utf-8")
    table = json.loads(text)
    assert list(table) == sorted(table), f"{lang}.json: keys out of order"
    assert text == json.dumps(table, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def test_t_formats_and_names_missing_key_and_language() -> None:
    assert i18n.t("page.home", "es") == "Inicio"
    assert i18n.t("home.sample_loose", "en", points=3) == "Loose: 3 points"
    with pytest.raises(KeyError, match=r"no\.such\.key.*'fr'"):
        i18n.t("no.such.key", "fr")
    with pytest.raises(KeyError, match="'de'"):
        i18n.t("page.home", "de")
    with pytest.raises(KeyError, match="card"):
        i18n.t("handlab.compare.discard", "en")


@pytest.mark.parametrize(
    ("url", "locale", "expected"),
    [
        ("es", "fr-FR", "es"),
        ("PT", None, "pt"),
        (" fr ", "en-US", "fr"),
        ("xx", "pt-BR", "pt"),
        ("", "es_ES", "es"),
        (None, "fr", "fr"),
        (None, "de-DE", "en"),
        (None, None, "en"),
        ("xx", "zz", "en"),
        ("es-ES", None, "en"),  # the URL takes exact codes only
    ],
)
def test_choose_language(url: str | None, locale: str | None, expected: str) -> None:
    assert i18n.choose_language(url, locale) == expected


def test_language_names_are_native() -> None:
    assert set(i18n.LANGUAGE_NAMES) == set(i18n.LANGUAGES)
    assert i18n.LANGUAGE_NAMES["es"] == "Español"


@pytest.mark.parametrize(
    ("code", "lang", "name"),
    [
        ("7o", "en", "7 of oros"),
        ("10e", "en", "sota of espadas"),
        ("12B", "en", "rey of bastos"),
        ("7o", "es", "7 de oros"),
        ("10e", "es", "sota de espadas"),
        ("11c", "es", "caballo de copas"),
        ("7o", "fr", "7 d'ors"),
        ("10e", "fr", "valet d'épées"),
        ("12b", "fr", "roi de bâtons"),
        ("7o", "pt", "7 de ouros"),
        ("11b", "pt", "cavalo de paus"),
        ("1o", "pt", "ás de ouros"),
        ("JK", "en", "joker"),
        ("jk", "es", "comodín"),
    ],
)
def test_card_names(code: str, lang: str, name: str) -> None:
    assert i18n.card_name(code, lang) == name


def test_every_card_has_a_name_in_every_language() -> None:
    for lang in i18n.LANGUAGES:
        names = {i18n.card_name(f"{n}{s}", lang) for n in range(1, 13) for s in "oceb"}
        assert len(names) == 48


@pytest.mark.parametrize("bad", ["13o", "7x", "", "J K"])
def test_card_name_rejects_bad_codes(bad: str) -> None:
    with pytest.raises(ValueError, match="not a card code"):
        i18n.card_name(bad, "en")


def test_no_text_sends_a_phone_user_to_a_hidden_sidebar() -> None:
    """On a phone the side panel is folded away: a text that points to it says how to open it
    (the » button), and never calls it "the sidebar"."""
    words = {"en": "sidebar", "es": "barra lateral", "fr": "barre latérale", "pt": "barra lateral"}
    panels = {"en": "side panel", "es": "panel lateral", "fr": "panneau latéral",
              "pt": "painel lateral"}
    for lang in i18n.LANGUAGES:
        for key, text in i18n.catalog(lang).items():
            if key.startswith("sidebar."):
                continue  # the panel's own labels
            assert words[lang] not in text.lower(), (lang, key)
            if panels[lang] in text.lower():
                assert "»" in text, (lang, key)
