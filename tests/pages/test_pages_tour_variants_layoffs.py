"""The rules tour and variants pages under AppTest (the lay-off table: test_page_layoff_table)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from chinchon.engine.cards import Card
from chinchon.engine.rules import PROFILE_IDS, get_rules
from chinchon.views import tour
from chinchon.views.i18n import t
from tests.support.pages import open_page

TOUR = "pages/1_Rules_tour.py"
LAYOFFS = "pages/3_Layoff_table.py"
VARIANTS = "pages/4_Variants.py"


def texts(at: AppTest) -> str:
    kinds = ("title", "header", "subheader", "markdown", "caption", "success", "error",
             "warning", "info")
    return "\n".join(str(e.value) for kind in kinds for e in at.get(kind))


# --- Rules tour ------------------------------------------------------------------------------


def progress(at: AppTest) -> str:
    return " ".join(p.proto.text for p in at.get("progress"))


def answer_right(at: AppTest, rules_id: str, number: int) -> AppTest:
    """Answer the yes / no (or number) question of step ``number`` as the library says."""
    step = tour.steps(rules_id)[number - 1]
    task = tour.task(step, get_rules(rules_id))
    at.pills(key=f"task-{rules_id}-{step.id}-choice").set_value(sorted(task.answers)[0]).run()
    assert not at.exception
    return at


def next_step(at: AppTest) -> AppTest:
    next(b for b in at.button if b.key == "tour-next").click().run()
    assert not at.exception
    return at


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_tour_is_one_step_per_screen_and_ends_at_the_profiles_puzzles(rules_id: str) -> None:
    at = open_page(TOUR, rules=rules_id)
    assert not at.exception
    assert at.title[0].value == "Rules tour"
    steps = tour.steps(rules_id)
    for number, step in enumerate(steps, 1):
        assert f"Step {number} of {len(steps)}" in progress(at)
        assert [h.value for h in at.header] == [f"{number}. {t(step.title, 'en')}"]
        assert at.query_params["step"] == str(number)
        next_step(at)
    # The end: links to the puzzles (and the lab) of this very profile.
    assert next(h.value for h in at.header).startswith("You have toured")
    links = [link.proto for link in at.get("page_link") if "Puzzles under" in link.proto.label]
    assert len(links) == 1 and links[0].page == "Puzzles"
    assert f"rules={rules_id}" in links[0].query_string
    assert not [b for b in at.button if b.key == "tour-next"]
    next(b for b in at.button if b.key == "tour-back").click().run()
    assert f"Step {len(steps)} of {len(steps)}" in progress(at)


def test_tour_shows_the_sources_worked_hands_live_and_cites_them_by_title() -> None:
    at = open_page(TOUR, rules="barajamos", step="4")  # closing: a yes / no question first
    assert "4 loose points" not in texts(at)  # the hand is solved once answered
    text = texts(answer_right(at, "barajamos", 4))
    assert "4 loose points: this hand may close, and the closer adds 4." in text
    assert "A worked hand from Barajamos ¹" in text
    assert "¹ Barajamos, “Règles du Chinchón” (in French)" in text
    assert "barajamos-fr.txt" not in text
    text = texts(open_page(TOUR, rules="barajamos", step="2"))
    assert "26 loose points: this hand may not close." in text  # the second hand: shown
    assert "Chinchón! Closing with it wins the game." in texts(
        answer_right(open_page(TOUR, rules="barajamos", step="6"), "barajamos", 6))


def test_tour_asks_before_telling_on_a_card_task() -> None:
    # Melds: "click a loose card" on the first hand; its solution waits for the answer.
    at = open_page(TOUR, rules="barajamos", step="2")
    text = texts(at)
    assert "click a card that stays loose" in text
    assert "Answer the question above" in text
    assert t("tour.ex.six_with_sixes", "en") not in text


def test_tour_asks_before_telling_on_a_yes_no_question() -> None:
    """Closing: the question and the hand as dealt come first; the rule is folded away under
    it, and the hand's melds and verdict appear once answered right."""
    at = open_page(TOUR, rules="barajamos", step="4")
    body = [str(e.value) for e in at.main.get("markdown")]
    question = next(i for i, v in enumerate(body) if "may the hand below close?" in v)
    rule = next(i for i, v in enumerate(body) if "You may close the hand when" in v)
    assert question < rule
    (fold,) = [e for e in at.expander if e.label.startswith("The rule, if you want it")]
    assert any("You may close the hand when" in str(m.value) for m in fold.get("markdown"))
    assert "this hand may close" not in texts(at)
    step = tour.steps("barajamos")[3]
    wrong = ({"yes", "no"} - tour.task(step, get_rules("barajamos")).answers).pop()
    at.pills(key="task-barajamos-close-choice").set_value(wrong).run()
    assert "this hand may close" not in texts(at)  # a wrong answer is tried again first
    at = answer_right(at, "barajamos", 4)
    assert "this hand may close" in texts(at)
    assert not [e for e in at.expander if e.label.startswith("The rule, if you want it")]


def test_tour_notes_our_readings() -> None:
    text = texts(open_page(TOUR, rules="jeux-de-cartes", step="1"))
    assert "We read it as the Spanish 40-card deck" in text
    assert "✎ Our reading" in text


@pytest.mark.parametrize("lang", ["es", "fr", "pt"])
def test_tour_speaks_the_url_language(lang: str) -> None:
    at = answer_right(open_page(TOUR, rules="fournier", lang=lang, step="6"), "fournier", 6)
    assert at.title[0].value == t("page.rules_tour", lang) != t("page.rules_tour", "en")
    assert t("tour.verdict.chinchon_minus_ten", lang, score=-10) in texts(at)
    assert "fournier-pt.txt" not in texts(at)
    assert t("sources.language.pt", lang) in texts(at)


def test_tour_try_it_swap_changes_the_result() -> None:
    at = answer_right(open_page(TOUR, rules="barajamos", step="4"), "barajamos", 4)
    key = "try-barajamos-close-0-in"
    assert "12 loose points: this hand may not close." in texts(at)  # the suggested 4o -> 12o
    at.selectbox(key=key).set_value(Card.parse("8e")).run()
    assert not at.exception
    assert "All seven cards melded: closing scores −10." in texts(at)


def test_tour_bad_step_in_the_url_is_named_and_the_tour_starts() -> None:
    at = open_page(TOUR, rules="barajamos", step="99<b>")
    assert not at.exception
    assert any("`99<b>`" in w.value for w in at.warning)
    assert "Step 1 of" in progress(at)


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
