"""The profiles compared: cells from the Rules, citations, disagreements, translations."""

from __future__ import annotations

import pytest

from chinchon.engine.rules import OURS, PROFILE_IDS, all_profiles, get_rules
from chinchon.views.i18n import LANGUAGES
from chinchon.views.variants import (
    ROWS,
    Mark,
    cell_marks,
    columns,
    compare,
    disagreements,
    shown_rows,
)

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



# --- The page's grid ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_your_profile_is_the_first_column_then_the_usual_order(rules_id: str) -> None:
    grid = columns(get_rules(rules_id), house=False)
    assert grid.yours == rules_id and grid.order[0] == rules_id
    assert grid.order[1:] == tuple(pid for pid in PROFILE_IDS if pid != rules_id)
    assert grid.profiles == all_profiles()
    # Options chosen in the sidebar are not a column of their own.
    assert columns(get_rules(rules_id, decks=2) if rules_id == "barajamos"
                   else get_rules(rules_id), house=False).order == grid.order


def test_house_rules_are_a_fifth_column_and_yours() -> None:
    house = get_rules("fournier+limit=50")
    grid = columns(house, house=True)
    assert grid.order == (house.code(), *PROFILE_IDS)
    assert grid.rules(house.code()) == house and len(grid.profiles) == 5


def test_only_differences_keeps_the_rows_where_a_column_differs_from_yours() -> None:
    grid = columns(get_rules("fournier+limit=50"), house=True)
    rows = compare("en", grid.profiles)
    assert shown_rows(rows, grid, only_differences=False) == rows
    kept = shown_rows(rows, grid, only_differences=True)
    assert 0 < len(kept) < len(rows)
    for row in rows:
        differs = any(row.differs(code, grid.yours) for code in grid.order)
        assert (row in kept) is differs


def test_cell_marks_your_column_differences_and_our_readings() -> None:
    grid = columns(get_rules("ludoteka"), house=False)
    for row in compare("en", grid.profiles):
        assert cell_marks(row, grid.yours, grid.yours)[:1] == (Mark.YOURS,)
        for code in grid.order:
            marks = cell_marks(row, code, grid.yours)
            assert (Mark.DIFFERS in marks) is row.differs(code, grid.yours)
            assert (Mark.OURS in marks) is row.cells[code].ours
