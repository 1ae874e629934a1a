"""The Odds page under AppTest: runs, follows the URL's profile, deck and language."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from chinchon.engine.odds import shipped_odds
from chinchon.engine.rules import get_rules
from tests.support.pages import open_page

PAGE = "pages/6_Odds.py"


def _run(**query: str) -> AppTest:
    return open_page(PAGE, **query)


def _metrics(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}

def test_runs_and_shows_barajamos_by_default() -> None:
    at = _run(lang="en")
    assert not at.exception and not at.warning
    odds = shipped_odds(get_rules("barajamos"))
    metrics = _metrics(at)
    assert metrics["Seven-card run"] == f"{100 * odds.share(24):.5f}%"
    assert metrics["Most likely loose total"] == f"{odds.most_likely_loose} points"
    assert "73,629,072" in at.markdown[0].value
    assert len(at.get("plotly_chart")) == 2
    # Same deck and same loose-card points: the enumeration gives the same distribution.
    assert any(c.value.startswith("Jeux de cartes (40 cards) and Ludoteka (40 cards)")
               for c in at.caption)

@pytest.mark.parametrize("rules_id", ["fournier", "jeux-de-cartes"])
def test_profile_from_the_url_changes_the_figures(rules_id: str) -> None:
    base = _metrics(_run(lang="en"))
    at = _run(lang="en", rules=rules_id)
    assert not at.exception
    odds = shipped_odds(get_rules(rules_id))
    metrics = _metrics(at)
    assert metrics != base
    assert metrics["May close at once"] == f"{100 * odds.share(odds.can_close):.3f}%"
    assert "18,643,560" in at.markdown[0].value
    assert at.query_params["rules"] == rules_id and "deck" not in at.query_params

def test_ludoteka_deck_from_the_url_and_the_control() -> None:
    at = _run(lang="en", rules="ludoteka", deck="48")
    assert not at.exception
    assert "73,629,072" in at.markdown[0].value
    odds48 = shipped_odds(get_rules("ludoteka", deck=48))
    assert _metrics(at)["May close at once"] == f"{100 * odds48.share(odds48.can_close):.3f}%"
    # One control for the ludoteka deck: the sidebar's option (only 48 goes in the URL).
    (control,) = at.sidebar.segmented_control
    control.set_value(40).run()
    assert not at.exception
    assert "deck" not in at.query_params
    assert "18,643,560" in at.markdown[0].value
    control = at.sidebar.segmented_control[0]
    control.set_value(48).run()
    assert at.query_params["deck"] == "48"
    assert "73,629,072" in at.markdown[0].value


def test_two_decks_or_jokers_are_set_aside_with_a_note() -> None:
    at = _run(lang="en", rules="ludoteka", deck="48", jokers="2")
    assert not at.exception and not at.warning
    assert "73,629,072" in at.markdown[0].value
    assert any("one 48-card deck without jokers" in i.value for i in at.info)
    at = _run(lang="en", rules="barajamos")
    assert not at.info
    at.sidebar.toggle[0].set_value(True).run()
    assert at.query_params["decks"] == "2"
    assert "73,629,072" in at.markdown[0].value
    assert any("one 48-card deck without jokers" in i.value for i in at.info)

def test_bad_deck_warns_and_falls_back() -> None:
    at = _run(lang="en", rules="ludoteka", deck="52")
    assert not at.exception
    assert any("52" in w.value and "`deck`" in w.value for w in at.warning)
    assert "18,643,560" in at.markdown[0].value

@pytest.mark.parametrize(("lang", "title", "count"), [
    ("es", "Puede cerrar enseguida", "73.629.072"),
    ("fr", "Peut fermer d'emblée", "73\u202f629\u202f072"),
    ("pt", "Pode fechar logo", "73\u00a0629\u00a0072"),  # European Portuguese groups with spaces
])
def test_languages(lang: str, title: str, count: str) -> None:
    at = _run(lang=lang)
    assert not at.exception
    assert title in _metrics(at)
    assert count in at.markdown[0].value


def test_log_scale_toggle() -> None:
    at = _run(lang="en", rules="fournier")
    assert '"type":"log"' not in at.get("plotly_chart")[0].proto.spec.replace(" ", "")
    at.toggle(key="odds_log").set_value(True).run()
    assert not at.exception
    assert '"type":"log"' in at.get("plotly_chart")[0].proto.spec.replace(" ", "")


@pytest.mark.parametrize("query, why, deals", [
    ({"rules": "barajamos", "decks": "2"}, "with two decks every card comes twice",
     "11,919,192,480"),
    ({"rules": "ludoteka", "jokers": "2"}, "a joker may stand in", "26,978,328"),
    ({"rules": "barajamos+jokers=ace-of-oros+limit=100"}, "a joker may stand in", "73,629,072")])
def test_profiles_not_counted_say_why_by_name(query, why, deals) -> None:
    at = _run(lang="en", **query)
    assert not at.exception and not at.warning
    caption = next(c.value for c in at.caption if c.value.startswith("Why not counted"))
    assert why in caption and caption.endswith(f"{deals}.")


def test_counted_profiles_give_no_reason() -> None:
    at = _run(lang="en", rules="fournier+figures=10-10-10")
    assert not at.exception
    assert not any(c.value.startswith("Why not counted") for c in at.caption)
