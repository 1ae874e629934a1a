"""The puzzle page under AppTest: it runs, the URL picks the puzzle, bad ids get a message,
take questions are judged, the hint costs the streak. (Clicking a card face needs a browser:
tests/e2e/test_puzzles_page.py.)"""

from __future__ import annotations

import datetime

from streamlit.testing.v1 import AppTest

from chinchon.puzzles import daily_puzzle, load_all, pool, solve
from chinchon.views.i18n import fmt_date
from tests.pages import open_page

PAGE = "pages/5_Puzzles.py"


def open_puzzles(**query: str) -> AppTest:
    return open_page(PAGE, **query)


def texts(at: AppTest) -> str:
    kinds = ("title", "subheader", "markdown", "caption", "success", "error", "warning", "info")
    return "\n".join(str(e.value) for kind in kinds for e in at.get(kind))


def take_puzzle():
    return next(p for p in load_all(check=False) if p.question == "take" and not p.options)


def click(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label.startswith(label)).click()
    return at.run()


def test_page_runs_and_puts_a_puzzle_of_the_profile_in_the_url() -> None:
    at = open_puzzles(rules="ludoteka")
    assert not at.exception
    assert at.query_params["puzzle"].startswith("ludoteka")
    assert f"Puzzle {at.query_params['puzzle']}" in texts(at)


def test_url_picks_the_puzzle_and_its_profile() -> None:
    puzzle = next(p for p in load_all(check=False) if p.rules_id == "fournier")
    at = open_puzzles(puzzle=puzzle.id, rules="barajamos")
    assert not at.exception
    assert f"Puzzle {puzzle.id}" in texts(at)
    assert at.query_params["rules"] == "fournier"  # the link's puzzle brings its rules
    assert at.sidebar.selectbox[1].value == "fournier"


def test_unknown_puzzle_id_says_so_and_offers_another() -> None:
    at = open_puzzles(puzzle="no-such-9", lang="fr")
    assert not at.exception
    assert any("no-such-9" in e.value and "Il n'y a pas" in e.value for e in at.error)
    assert at.query_params["puzzle"] != "no-such-9"
    assert "Problème " in texts(at)


def test_take_question_wrong_then_right_then_explanation() -> None:
    puzzle = take_puzzle()
    solution = solve(puzzle)
    right = "Draw from the stock" if solution.answers == ("stock",) else "Take the"
    wrong = "Take the" if right != "Take the" else "Draw from the stock"
    at = open_puzzles(puzzle=puzzle.id, lang="en")
    at = click(at, wrong)
    assert not at.exception and any("Not the best" in e.value for e in at.error)
    assert not at.dataframe
    at = click(at, right)
    assert any(s.value.startswith("Right:") for s in at.success)
    assert "Every move compared" in texts(at)
    assert len(at.dataframe) == 1 and len(at.dataframe[0].value) == 2
    assert [m.value for m in at.metric] == ["0", "0 of 1"]  # the first answer was wrong


def test_right_first_time_scores_and_the_hint_costs_the_streak() -> None:
    puzzle = take_puzzle()
    solution = solve(puzzle)
    right = "Draw from the stock" if solution.answers == ("stock",) else "Take the"
    at = click(open_puzzles(puzzle=puzzle.id, lang="en"), right)
    assert [m.value for m in at.metric] == ["1", "1 of 1"]
    at = click(at, "Next puzzle")
    assert at.query_params["puzzle"] != puzzle.id
    at = click(at, "Hint")
    assert [m.value for m in at.metric] == ["0", "1 of 1"]
    assert any("It is one of these two" in i.value or "If you take" in i.value for i in at.info)
    at = click(at, "Show the solution")
    assert "Every move compared" in texts(at)
    assert [m.value for m in at.metric] == ["0", "1 of 2"]


def test_spanish_and_filters() -> None:
    at = open_puzzles(lang="es", rules="jeux-de-cartes")
    assert not at.exception
    assert "Problemas de descarte" in texts(at)
    at.selectbox(key="pz_level").set_value("hard").run()
    at = click(at, "Siguiente problema")
    assert not at.exception
    assert "Difícil" in texts(at)


def test_take_hint_gives_the_points_after_taking() -> None:
    puzzle = take_puzzle()
    points = solve(puzzle).option("take").loose_points
    at = click(open_puzzles(puzzle=puzzle.id, lang="en"), "Hint")
    assert any(f"you keep {points} loose point" in i.value for i in at.info), [
        i.value for i in at.info]


def test_daily_puzzle_is_the_one_of_the_date() -> None:
    at = click(open_puzzles(rules="fournier", lang="en"), "Puzzle of the day")
    today = datetime.date.today()
    assert at.query_params["puzzle"] == daily_puzzle(today, pool("fournier")).id
    assert f"Puzzle of the day, {fmt_date(today, 'en')}." in texts(at)


def test_daily_puzzle_writes_the_date_in_the_pages_language() -> None:
    at = click(open_puzzles(rules="fournier", lang="es"), "Problema del día")
    today = datetime.date.today()
    assert f"Problema del día, {fmt_date(today, 'es')}." in texts(at)
    assert today.isoformat() not in texts(at)
