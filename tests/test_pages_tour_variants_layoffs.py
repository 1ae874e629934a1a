"""The rules tour, lay-off table and variants pages under AppTest."""

from __future__ import annotations

from dataclasses import replace

import pytest
from streamlit.testing.v1 import AppTest

from chinchon.engine.cards import Card
from chinchon.engine.rules import PROFILE_IDS, get_rules
from chinchon.engine.scoring import ScoreSheet
from chinchon.engine.solver import analyze
from chinchon.views import layoff_table as lt
from chinchon.views.i18n import t
from tests.pages import APP, open_page

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
    assert "All seven cards melded: closing scores −10." in before  # the suggested 4o -> 8e
    at.selectbox(key=key).set_value(Card.parse("12o")).run()
    assert not at.exception
    assert "12 loose points: this hand may not close." in texts(at)


def test_tour_bad_profile_in_url_warns_and_falls_back() -> None:
    at = open_page(TOUR, rules="poker")
    assert not at.exception
    assert any("poker" in w.value for w in at.warning)
    assert at.title[0].value == "Rules tour"


# --- Lay-off table ---------------------------------------------------------------------------

CLOSER = "7o+7c+7b+9e+10e+11e+4o"
OPPS = ["7e+1c+2c+3c+5o+5b+8o", "12e+6o+6c+6b+2b+3b+11b"]


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_layoff_table_runs_with_the_profiles_example(rules_id: str) -> None:
    at = open_page(LAYOFFS, rules=rules_id)
    assert not at.exception
    assert not at.error
    assert at.dataframe  # the hand's scores


def test_layoff_table_reads_the_hands_from_the_url() -> None:
    at = open_page(LAYOFFS, rules="barajamos", closer=CLOSER, opp=OPPS)
    assert not at.exception
    text = texts(at)
    assert "Opponent 1 lays off the 7 of espadas: `7o 7c 7e 7b`." in text
    assert "Opponent 2 lays off the rey of espadas: `9e 10e 11e 12e`." in text
    assert at.text_input(key="lt-barajamos-hand-0").value == CLOSER.replace("+", " ")


def test_layoff_table_bad_cards_are_named_and_the_page_goes_on() -> None:
    at = open_page(LAYOFFS, rules="barajamos", closer="7o+7c+7b+9e+10e+11e+4x", opp=OPPS)
    assert not at.exception
    errors = " ".join(e.value for e in at.error)
    assert "`4x` is not a card" in errors and "a hand has 7 cards, not 6" in errors
    assert "Score sheet" in texts(at)
    dup = open_page(LAYOFFS, rules="barajamos", closer=CLOSER, opp=["7o+1c+2c+3c+5o+5b+8o",
                                                                     OPPS[1]])
    assert "`7o` is already held" in " ".join(e.value for e in dup.error)


def test_layoff_table_closer_who_cannot_close() -> None:
    at = open_page(LAYOFFS, rules="barajamos", closer="1o+3o+5e+7b+9o+11c+12o", opp=OPPS)
    assert not at.exception
    assert "cannot close" in " ".join(e.value for e in at.error)


def test_layoff_table_typing_changes_the_result_and_the_url() -> None:
    at = open_page(LAYOFFS, rules="barajamos", closer=CLOSER, opp=OPPS)
    at.text_input(key="lt-barajamos-hand-1").set_value("8e 1c 2c 3c 5o 5b 8o").run()
    assert not at.exception
    text = texts(at)
    assert "lays off the 8 of espadas: `8e 9e 10e 11e`" in text
    assert at.query_params["opp"][0] == "8e 1c 2c 3c 5o 5b 8o"


def test_layoff_table_deal_and_score_sheet() -> None:
    at = open_page(LAYOFFS, rules="jeux-de-cartes")
    before = at.text_input(key="lt-jeux-de-cartes-hand-0").value
    at.button[0].click().run()  # deal at random
    assert not at.exception
    assert at.text_input(key="lt-jeux-de-cartes-hand-0").value != before
    random_hand = next(b for b in at.button if b.label == "Play a random hand")
    random_hand.click().run()
    assert not at.exception
    sheet = at.dataframe[-1].value
    assert list(sheet.index) == ["Hand 1"]
    assert at.get("plotly_chart")


def test_layoff_table_adds_the_typed_hand_to_the_sheet() -> None:
    at = open_page(LAYOFFS, rules="barajamos", closer=CLOSER, opp=OPPS)
    next(b for b in at.button if b.label == "Add the hand above").click().run()
    assert not at.exception
    sheet = at.dataframe[-1].value
    assert sheet.iloc[0].tolist()[-3:] == ["4", "18", "16"]


def test_layoff_table_plays_ludotekas_hand_with_no_closer() -> None:
    at = open_page(LAYOFFS, rules="ludoteka")
    button = next(b for b in at.button if b.label == "Stock ran out: no closer")
    button.click().run()
    assert not at.exception
    sheet = at.dataframe[-1].value
    assert list(sheet.index) == ["Hand 1 (no closer)"]
    # The table's seed (1) deals every seat a hand; each adds his loose points, no lay-offs.
    seats = len(sheet.columns) // 2
    rules = get_rules("ludoteka", players=seats)
    hands = lt.deal_hands(rules, seats, seed=1000)
    expected = [str(analyze(hand, rules).loose_points) for hand in hands]
    assert [v.lstrip("+") for v in sheet.iloc[0].tolist()[:seats]] == expected
    assert sheet.iloc[0].tolist()[seats:] == expected


@pytest.mark.parametrize("rules_id", ["barajamos", "fournier", "jeux-de-cartes"])
def test_layoff_table_no_closer_only_under_ludoteka(rules_id: str) -> None:
    at = open_page(LAYOFFS, rules=rules_id)
    assert all("no closer" not in b.label for b in at.button)


@pytest.mark.parametrize("lang, words", [
    ("en", "Player 1 may not close: his 3 loose points would take his total of 98 over the "
           "limit of 100."),
    ("es", "Jugador 1 no puede cerrar: sus 3 puntos sueltos llevarían su total de 98 por "
           "encima del límite de 100."),
    ("fr", "Joueur 1 ne peut pas fermer"),
    ("pt", "Jogador 1 não pode fechar"),
])  # fmt: skip
def test_layoff_table_sheet_refusal_is_translated_with_its_numbers(lang: str, words: str
                                                                   ) -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    rules = get_rules("ludoteka", players=2)
    at.session_state["sheet-ludoteka-2-40-1-0"] = replace(ScoreSheet.start(rules, 2), totals=(98, 10))
    at.query_params.clear()
    for key, value in {"rules": "ludoteka", "lang": lang, "closer": "1o+2o+3o+4c+4e+4b+3c",
                       "opp": "7o+7c+5e+6b+10b+11c+12o"}.items():
        at.query_params[key] = value
    at.switch_page(LAYOFFS)
    at.run()
    add = t("layoffs.add_hand", lang)
    next(b for b in at.button if b.label == add).click().run()
    assert not at.exception
    warnings = " ".join(w.value for w in at.warning)
    assert words in warnings
    assert "would go over" not in warnings  # the library's English is not shown


def test_layoff_table_hands_for_another_deck_get_one_message_and_a_deal_button() -> None:
    closer = "7o+7c+7b+9e+10e+11e+4o"
    at = open_page(LAYOFFS, rules="fournier", closer=closer, opp=["8o+1c+2c+3c+5o+5b+6o"])
    assert not at.exception
    outside = [w.value for w in at.warning if "48-card" in w.value]
    assert len(outside) == 1 and "`9e`, `8o`" in outside[0]
    assert not at.error  # no per-player "not in the deck" or "not 6 cards"
    next(b for b in at.button if b.label == "Deal new hands").click().run()
    assert not at.exception
    assert not [w for w in at.warning if "48-card" in w.value] and not at.error
    dealt = at.text_input(key="lt-fournier-hand-0").value
    assert dealt and "9e" not in dealt and "Opponent 1" in texts(at)


def test_layoff_table_follows_the_sidebars_deck_option() -> None:
    hands = {"closer": "7o+8o+9o+10o+2c+2e+2b", "opp": "1c+2o+3c+5o+5b+6o+8b"}
    at = open_page(LAYOFFS, rules="ludoteka", deck="48", **hands)
    assert not at.exception and not at.error and not at.warning
    assert "melded all seven cards: −10" in texts(at)
    at.sidebar.segmented_control[0].set_value(40).run()
    assert not at.exception
    outside = [w.value for w in at.warning if "48-card" in w.value]
    assert len(outside) == 1 and "`8o`, `9o`, `8b`" in outside[0]


def test_layoff_table_other_problems_still_show_beside_the_deck_message() -> None:
    at = open_page(LAYOFFS, rules="fournier", closer="7o+7c+7b+9e+10e+11e+4o",
                   opp=["1c+2c+zz"])
    assert "`9e`" in " ".join(w.value for w in at.warning)
    errors = " ".join(e.value for e in at.error)
    assert "`zz` is not a card" in errors and "not 2" in errors


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


def test_layoff_hands_survive_a_language_switch_and_a_visit_elsewhere() -> None:
    at = open_page(LAYOFFS, rules="barajamos", lang="en")
    at.text_input(key="lt-barajamos-hand-1").set_value("8e 1c 2c 3c 5o 5b 8o").run()
    at.sidebar.selectbox[0].set_value("es").run()
    assert at.text_input(key="lt-barajamos-hand-1").value == "8e 1c 2c 3c 5o 5b 8o"
    at.switch_page(VARIANTS)
    at.run()
    # The sidebar links carry only lang and rules: the hands come back from the session.
    at.query_params.clear()
    at.query_params["rules"] = "barajamos"
    at.switch_page(LAYOFFS)
    at.run()
    assert not at.exception
    assert at.text_input(key="lt-barajamos-hand-1").value == "8e 1c 2c 3c 5o 5b 8o"


def test_layoff_table_too_many_opponents_in_the_url() -> None:
    opps = [f"{r}o {r}c {r}e" for r in (1, 2, 3, 4)]
    at = open_page(LAYOFFS, rules="fournier", closer=CLOSER, opp=opps)
    assert not at.exception
    assert any("4 opponents" in w.value and "1 to 3 opponents" in w.value for w in at.warning)
    assert at.slider(key="lt-fournier-n").value == 3


def test_layoff_table_seats_at_most_five_opponents() -> None:
    at = open_page(LAYOFFS, rules="jeux-de-cartes")
    assert at.slider(key="lt-jeux-de-cartes-n").max == 5
