"""The puzzle page under AppTest: it runs, the URL picks the puzzle (and its rules and
options), the first puzzles follow the sidebar and start easy, bad ids get a message, take
questions are judged and explained above "Next puzzle", the close question comes second, the
hint costs the streak. (Clicking a card face needs a browser: tests/browser/test_puzzles_page.py.)"""

from __future__ import annotations

import datetime

from streamlit.testing.v1 import AppTest

from chinchon.puzzles import (
    TAKE,
    daily_puzzle,
    find_puzzle,
    load_all,
    offers_close,
    pool,
    solve,
)
from chinchon.views.i18n import fmt_date
from chinchon.views.puzzle import title
from tests.support.pages import open_page

PAGE = "pages/5_Puzzles.py"


def open_puzzles(**query: str) -> AppTest:
    return open_page(PAGE, **query)


def texts(at: AppTest) -> str:
    kinds = ("title", "subheader", "markdown", "caption", "success", "error", "warning", "info")
    return "\n".join(str(e.value) for kind in kinds for e in at.get(kind))


def take_puzzle(closing: bool | None = None):
    """A one-deck take question (whose right answer closes, or not, when ``closing`` says)."""
    for p in load_all(check=False):
        if p.question == "take" and not p.options:
            solution = solve(p)
            if closing is None or offers_close(solution, solution.answers[0]) == closing:
                return p
    raise AssertionError("no such take puzzle shipped")


def answer_labels(puzzle) -> tuple[str, str]:
    solution = solve(puzzle)
    right = "Take the" if solution.answers == (TAKE,) else "Draw from the stock"
    wrong = "Draw from the stock" if right == "Take the" else "Take the"
    return right, wrong


def answer_name(puzzle) -> str:
    """The right answer as the page words it after "Right:"."""
    from chinchon.views.puzzle import move_name

    name = move_name(solve(puzzle).answers[0], puzzle, "en")
    return name if name.startswith(("take", "draw")) else name.the()


def click(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label.startswith(label)).click()
    return at.run()


def status(at: AppTest) -> str:
    """The streak and score part of the caption under the title."""
    line = next(c.value for c in at.caption if "Streak" in c.value)
    return line[line.index("Streak"):]


def test_page_runs_and_puts_a_puzzle_of_the_profile_in_the_url() -> None:
    at = open_puzzles(rules="ludoteka")
    assert not at.exception
    assert at.query_params["puzzle"].startswith("ludoteka")
    assert title(find_puzzle(at.query_params["puzzle"]), "en") in texts(at)


def test_the_title_waits_for_the_answer_then_names_the_theme_and_number() -> None:
    puzzle = next(p for p in load_all(check=False) if "keep-run-open" in p.themes
                  and p.rules_id == "barajamos" and not p.options)
    at = open_puzzles(puzzle=puzzle.id, lang="en")
    assert at.subheader[0].value == "Your move"  # the theme would give the answer away
    difficulty = f"{puzzle.difficulty.capitalize()} · "
    assert "Keep the run open" not in texts(at) and difficulty not in texts(at)
    at = click(at, "Show the solution")
    number = int(puzzle.id.rsplit("-", 1)[1])
    assert at.subheader[0].value == f"Keep the run open · #{number}"
    assert puzzle.id not in at.subheader[0].value
    assert difficulty in texts(at)


def test_first_puzzles_follow_the_sidebar_options_and_start_easy() -> None:
    for _ in range(3):  # the pick is random: every pick must fit
        at = open_puzzles(rules="barajamos", lang="en")
        first = find_puzzle(at.query_params["puzzle"])
        assert first.options == () and first.difficulty == "easy", first.id
    at = open_puzzles(rules="barajamos", decks="2", lang="en")
    assert find_puzzle(at.query_params["puzzle"]).options == (("decks", 2),)
    assert at.sidebar.toggle[0].value  # the sidebar still says two decks


def test_options_without_a_pack_say_so_and_keep_the_puzzle() -> None:
    at = open_puzzles(rules="ludoteka", deck="48", jokers="2", lang="en")
    first = at.query_params["puzzle"]
    assert any("No puzzle ships yet" in i.value for i in at.info)
    at = click(at, "Hint")  # a rerun keeps the puzzle
    assert at.query_params["puzzle"] == first and not at.exception


def test_url_picks_the_puzzle_and_its_profile_and_options() -> None:
    puzzle = next(p for p in load_all(check=False) if p.rules_id == "fournier")
    at = open_puzzles(puzzle=puzzle.id, rules="barajamos")
    assert not at.exception
    assert at.subheader[0].value == title(puzzle, "en")
    assert at.query_params["rules"] == "fournier"  # the link's puzzle brings its rules
    assert at.sidebar.selectbox[1].value == "fournier"
    two = next(p for p in load_all(check=False) if p.options == (("decks", 2),)
               and p.rules_id == "barajamos")
    at = open_puzzles(puzzle=two.id)
    assert at.query_params["puzzle"] == two.id and at.query_params["decks"] == "2"
    assert at.sidebar.toggle[0].value


def test_unknown_puzzle_id_says_so_and_offers_another() -> None:
    at = open_puzzles(puzzle="no-such-9", lang="fr")
    assert not at.exception
    assert any("no-such-9" in e.value and "Il n'y a pas" in e.value for e in at.error)
    assert at.query_params["puzzle"] != "no-such-9"
    assert at.subheader[0].value == title(find_puzzle(at.query_params["puzzle"]), "fr")


def test_take_question_wrong_then_right_then_explanation_above_next() -> None:
    puzzle = take_puzzle(closing=False)
    right, wrong = answer_labels(puzzle)
    at = open_puzzles(puzzle=puzzle.id, lang="en")
    at = click(at, wrong)
    assert not at.exception and any("Not the best" in e.value for e in at.error)
    assert not at.table  # not explained yet: try again, a hint, the solution, or move on
    assert [b.label for b in at.button if b.key == "pz_next_after_miss"] == ["Next puzzle"]
    at = click(at, right)
    assert [s.value for s in at.success if s.value.startswith("Right:")] == [
        f"Right: {answer_name(puzzle)} is the best move, solved at the 2nd try: not rated as"
        " solved."]
    lesson = next(i.value for i in at.info if "Take the top card only" in i.value)
    assert "stock" in lesson
    assert "What your move (" in texts(at)  # the wrong move is compared with the best
    assert "Every move compared" in [e.label for e in at.expander]
    assert len(at.table) == 1 and len(at.table[0].value) == 2
    assert status(at) == "Streak 0 · solved 0 of 1"  # the first answer was wrong
    labels = [b.label for b in at.button]
    assert labels.index("Next puzzle") < labels.index("Another puzzle")


def test_numbers_agree_between_sentence_and_table() -> None:
    puzzle = next(p for p in load_all(check=False) if p.criterion == "close-chance"
                  and not p.options and p.rules_id == "barajamos")
    at = click(open_puzzles(puzzle=puzzle.id, lang="es"), "Ver la solución")
    lesson = next(i.value for i in at.info if "%" in i.value)
    table = at.table[0].value
    chances = set(table[next(c for c in table.columns if "Prob." in c)])
    shown = [c for c in chances if c in lesson]
    assert len(shown) >= 1, (lesson, chances)
    assert all("," in c or c.endswith("\u00a0%") for c in chances)  # Spanish decimals


def test_the_close_question_comes_after_the_right_move() -> None:
    puzzle = take_puzzle(closing=True)
    at = open_puzzles(puzzle=puzzle.id, lang="en")
    at = click(at, "Take the")
    assert any(s.value.startswith("Right:") for s in at.success)
    assert "You may close now — close?" in texts(at)
    assert "Every move compared" not in [e.label for e in at.expander]  # not yet explained
    at = click(at, "Play on")
    assert any("Your card was right and counts" in w.value for w in at.warning)
    assert status(at) == "Streak 1 · solved 1 of 1"  # not closing does not undo the card
    assert "Every move compared" in [e.label for e in at.expander]


def test_right_first_time_scores_and_the_hint_costs_the_streak() -> None:
    puzzle = take_puzzle(closing=False)
    right, _ = answer_labels(puzzle)
    at = click(open_puzzles(puzzle=puzzle.id, lang="en"), right)
    assert status(at) == "Streak 1 · solved 1 of 1"
    at = click(at, "Next puzzle")
    assert at.query_params["puzzle"] != puzzle.id
    at = click(at, "Hint")
    assert status(at) == "Streak 0 · solved 1 of 1"
    assert any("ringed in your hand" in i.value or "If you take" in i.value for i in at.info)
    at = click(at, "Show the solution")
    assert "Every move compared" in [e.label for e in at.expander]
    assert status(at) == "Streak 0 · solved 1 of 2"


def test_spanish_and_filters() -> None:
    at = open_puzzles(lang="es", rules="jeux-de-cartes")
    assert not at.exception
    at.selectbox(key="pz_level").set_value("hard").run()
    at = click(at, "Otro problema")
    assert not at.exception
    assert find_puzzle(at.query_params["puzzle"]).difficulty == "hard"
    assert "Difícil" not in texts(at)  # the difficulty waits for the answer
    at = click(at, "Ver la solución")
    assert "Difícil" in texts(at)


def test_take_hint_gives_the_points_after_taking() -> None:
    puzzle = take_puzzle()
    points = solve(puzzle).option("take").loose_points
    at = click(open_puzzles(puzzle=puzzle.id, lang="en"), "Hint")
    assert any(f"you keep {points} loose points" in i.value for i in at.info), [
        i.value for i in at.info]


def test_daily_puzzle_is_the_one_of_the_date() -> None:
    at = click(open_puzzles(rules="fournier", lang="en"), "Puzzle of the day")
    today = datetime.date.today()
    assert at.query_params["puzzle"] == daily_puzzle(today, pool("fournier", options={})).id
    assert f"Puzzle of the day, {fmt_date(today, 'en')}." in texts(at)


def test_daily_puzzle_writes_the_date_in_the_pages_language() -> None:
    at = click(open_puzzles(rules="fournier", lang="es"), "Problema del día")
    today = datetime.date.today()
    assert f"Problema del día, {fmt_date(today, 'es')}." in texts(at)
    assert today.isoformat() not in texts(at)


def test_no_text_of_the_page_points_to_the_sidebar() -> None:
    at = click(open_puzzles(rules="barajamos", lang="en"), "Show the solution")
    main = "\n".join(str(e.value) for kind in ("markdown", "caption", "info", "warning")
                     for e in at.main.get(kind))
    assert "sidebar" not in main.lower()


def test_house_rules_judge_the_puzzle_live_not_its_stored_answer() -> None:
    """Under barajamos+close=all-melded taking the top no longer closes: the page judges the
    shipped puzzle by the house rules (recomputed), and says it plays them."""
    from dataclasses import replace

    code = "barajamos+close=all-melded"
    puzzle = find_puzzle("barajamos-026")
    shipped, house = solve(puzzle).answers, solve(replace(puzzle, rules_id=code)).answers
    assert shipped != house and house == ("stock",)
    at = open_puzzles(puzzle=puzzle.id, rules=code, lang="en")
    assert not at.exception
    assert at.query_params["rules"] == code
    assert any(code in e.value for e in at.info)
    at = click(at, "Draw from the stock")
    assert any(s.value.startswith("Right:") for s in at.success)
