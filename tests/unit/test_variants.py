"""The profiles compared: cells from the Rules, citations, disagreements, translations."""

from __future__ import annotations

import pytest

from chinchon.engine.rules import OURS, PROFILE_IDS, all_profiles, get_rules
from chinchon.views.i18n import LANGUAGES
from chinchon.views.variants import ROWS, compare, disagreements

RULES_MD_ROWS = {
    "source", "players", "deck", "two_decks", "jokers", "points", "run_order", "group",
    "run_two_decks", "close", "all_melded", "chinchon", "layoffs", "chained", "elimination",
    "reentry", "everybody_out", "rotation", "stock",
}


def rows_by_key(lang: str = "en") -> dict[str, object]:
    return {row.key: row for row in compare(lang)}


def test_one_row_per_parameter_of_rules_md() -> None:
    assert {spec.key for spec in ROWS} == RULES_MD_ROWS
    assert len(ROWS) == len(RULES_MD_ROWS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_cell_is_filled_in_every_language(lang: str) -> None:
    for row in compare(lang):
        assert row.label and set(row.cells) == set(PROFILE_IDS)
        assert all(cell.text and cell.citations for cell in row.cells.values())
        assert (row.explanation is not None) == row.disagree
        if row.explanation is not None:
            assert row.explanation.strip()


def test_cells_quote_the_rules_values() -> None:
    rows = {row.key: row for row in compare("en")}
    for rules in all_profiles():
        assert str(rules.limit) in rows["elimination"].cells[rules.id].text
        assert str(rules.close_limit) in rows["close"].cells[rules.id].text
        sota, caballo, rey = rules.figure_points
        assert f"sota {sota}, caballo {caballo}, rey {rey}" in rows["points"].cells[rules.id].text
        low, high = rules.players
        assert rows["players"].cells[rules.id].text == f"{low}–{high}"


def test_run_order_row_follows_the_deck() -> None:
    rows = {row.key: row for row in compare("en")}
    assert rows["run_order"].cells["barajamos"].text.startswith("1–2–3–4–5–6–7–8–9–10")
    assert rows["run_order"].cells["fournier"].text.startswith("1–2–3–4–5–6–7–10–11–12")


def test_computed_rows_come_from_the_meld_code() -> None:
    rows = {row.key: row for row in compare("en")}
    assert "identical" in rows["group"].cells["barajamos"].text
    assert rows["run_two_decks"].cells["jeux-de-cartes"].text == "never two identical cards"
    assert rows["run_two_decks"].cells["fournier"].text.startswith("—")
    assert all(cell.text.startswith("yes") for cell in rows["chained"].cells.values())


def test_disagreements_are_judged_on_values() -> None:
    keys = {row.key for row in disagreements("en")}
    assert {"players", "deck", "points", "close", "chinchon", "layoffs", "elimination"} <= keys
    assert not {"source", "all_melded", "chained", "group", "run_two_decks"} & keys


def test_identical_profiles_never_disagree_and_one_change_is_found() -> None:
    same = (get_rules("ludoteka"), get_rules("ludoteka"))
    assert not any(row.disagree for row in compare("en", same))
    limits = (get_rules("ludoteka"), get_rules("ludoteka", limit=70))
    flagged = {row.key for row in compare("en", limits) if row.disagree}
    assert flagged == {"elimination"}


def test_cells_cite_sources_and_flag_our_readings() -> None:
    rows = {row.key: row for row in compare("en")}
    for row in rows.values():
        for rules in all_profiles():
            for cite in row.cells[rules.id].citations:
                assert OURS in cite or cite.split(" ")[0] in rules.sources, cite
    assert rows["deck"].cells["jeux-de-cartes"].ours  # footnote 1
    assert rows["chinchon"].cells["ludoteka"].ours  # footnote 2
    assert rows["everybody_out"].cells["jeux-de-cartes"].ours  # footnote 3
    assert not rows["deck"].cells["barajamos"].ours
    assert not rows["jokers"].cells["barajamos"].ours  # no jokers: their value is not cited


def test_french_uses_its_own_separator() -> None:
    rows = {row.key: row for row in compare("fr")}
    assert " ; " in rows["close"].cells["ludoteka"].text
