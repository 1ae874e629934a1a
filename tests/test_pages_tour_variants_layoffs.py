"""The rules tour and variants pages under AppTest (the lay-off table: test_page_layoff_table)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from chinchon.engine.cards import Card
from chinchon.engine.rules import PROFILE_IDS
from chinchon.views.i18n import t
from tests.pages import open_page

TOUR = "pages/1_Rules_tour.py"
LAYOFFS = "pages/3_Layoff_table.py"
VARIANTS = "pages/4_Variants.py"


def texts(at: AppTest) -> str:
    kinds = ("title", "header", "subheader", "markdown", "caption", "success", "error",
             "warning", "info")
    return "\n".join(str(e.value) for kind in kinds for e in at.get(kind))


# --- Rules tour ------------------------------------------------------------------------------


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_tour_runs_for_every_profile(rules_id: str) -> None:
    at = open_page(TOUR, rules=rules_id)
    assert not at.exception
    assert at.title[0].value == "Rules tour"
    assert at.query_params["rules"] == [rules_id] or at.query_params["rules"] == rules_id


def test_tour_shows_the_sources_worked_hands_live() -> None:
    at = open_page(TOUR, rules="barajamos")
    text = texts(at)
    assert "4 loose points: this hand may close, and the closer adds 4." in text
    assert "26 loose points: this hand may not close." in text
    assert "Chinchón! Closing with it wins the game." in text
    assert "A worked hand from barajamos-fr.txt" in text


def test_tour_notes_our_readings() -> None:
    text = texts(open_page(TOUR, rules="jeux-de-cartes"))
    assert "We read it as the Spanish 40-card deck" in text
    assert "Our own example" in text


@pytest.mark.parametrize("lang", ["es", "fr", "pt"])
def test_tour_speaks_the_url_language(lang: str) -> None:
    at = open_page(TOUR, rules="fournier", lang=lang)
    assert not at.exception
    assert at.title[0].value == t("page.rules_tour", lang) != t("page.rules_tour", "en")
    assert t("tour.verdict.minus_ten", lang, score=-10) in texts(at)
    assert "Source: fournier-pt.txt" not in texts(at)


def test_tour_try_it_swap_changes_the_result() -> None:
    at = open_page(TOUR, rules="barajamos")
    key = "try-barajamos-close-0-in"
    before = texts(at)
    assert "All seven cards melded: closing scores -10." in before  # the suggested 4o -> 8e
    at.selectbox(key=key).set_value(Card.parse("12o")).run()
    assert not at.exception
    assert "12 loose points: this hand may not close." in texts(at)


def test_tour_bad_profile_in_url_warns_and_falls_back() -> None:
    at = open_page(TOUR, rules="poker")
    assert not at.exception
    assert any("poker" in w.value for w in at.warning)
    assert at.title[0].value == "Rules tour"


# --- Variants --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es", "fr", "pt"])
def test_variants_runs_in_every_language(lang: str) -> None:
    at = open_page(VARIANTS, lang=lang)
    assert not at.exception
    assert at.table


def test_variants_only_differences_toggle() -> None:
    at = open_page(VARIANTS)
    full = len(at.table[0].value)
    at.toggle(key="variants-only-diff").set_value(True).run()
    assert not at.exception
    assert 0 < len(at.table[0].value) < full
    assert "Where the sources disagree" in texts(at)


def test_variants_marks_the_current_profile() -> None:
    at = open_page(VARIANTS, rules="ludoteka")
    assert "Ludoteka (your profile)" in list(at.table[0].value.columns)
