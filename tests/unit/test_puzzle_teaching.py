"""What the puzzle page teaches: judging (the close is a second question), the draws that
help, the compared move, the lesson in the theme's words, titles, the one number format."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from chinchon.engine.cards import Card, parse_hand
from chinchon.engine.draws import unseen_cards
from chinchon.engine.solver import analyze, fewest_loose_points
from chinchon.puzzles import (
    THEMES,
    Puzzle,
    card_order,
    compared_move,
    find_puzzle,
    helping_draws,
    judge,
    judge_close,
    level_for,
    load_all,
    main_theme,
    naive_moves,
    number_order,
    offers_close,
    solve,
)
from chinchon.views import i18n
from chinchon.views.i18n import card_name
from chinchon.views.puzzle import comparison, either, explain, percent, points, title

NEAR = Puzzle("t-1", "barajamos", parse_hand("1o 2o 3o 5c 5e 5b 4c 4e"))


def test_a_right_card_stays_right_whatever_the_close_answer():
    solution = solve(NEAR)
    assert judge(solution, "4c") == judge(solution, "4e") == "right"
    assert judge(solution, "1o") == "wrong"
    assert offers_close(solution, "4c") and not offers_close(solution, "1o")
    assert judge_close(solution, True) == "right" and judge_close(solution, False) == "wrong"


def test_no_close_question_where_closing_is_impossible():
    puzzle = next(p for p in load_all(check=False) if p.criterion == "close-chance")
    solution = solve(puzzle)
    assert not any(offers_close(solution, m) for m in solution.answers)


def _brute_draws(puzzle, kept):
    rules = puzzle.rules
    closing, improving = [], []
    now = fewest_loose_points(kept, rules)
    for card in unseen_cards(rules, puzzle.hand, puzzle.visible):
        eight = (*kept, card)
        hands = list(combinations(eight, 7))
        if any(analyze(h, rules).can_close for h in hands):
            closing.append(card)
        elif min(fewest_loose_points(h, rules) for h in hands) < now:
            improving.append(card)
    return sorted(closing, key=card_order), sorted(improving, key=card_order)


@pytest.mark.parametrize("index", range(0, 600, 97))
def test_helping_draws_match_a_brute_force_count(index):
    puzzle = [p for p in load_all(check=False) if p.question == "discard"][index]
    solution = solve(puzzle)
    for move in (solution.answers[0], compared_move(solution)):
        kept = solution.option(move).kept
        draws = helping_draws(puzzle, kept)
        assert (list(draws.closing), list(draws.improving)) == _brute_draws(puzzle, kept)
        copies = sum(draws.copies[c] for c in draws.closing)
        if puzzle.criterion == "close-chance":  # the pictures are the cards the odds count
            assert Fraction(copies, solution.unseen) == solution.option(move).close_chance


def test_the_compared_move_is_the_players_then_the_tempting_one():
    solution = solve(NEAR)
    assert compared_move(solution, ["1o", "5b"]) == "5b"
    assert compared_move(solution, []) in solution.runners_up or (
        compared_move(solution, []) in naive_moves(NEAR))
    assert compared_move(solution, []) not in solution.answers


def test_hands_sort_by_suit_then_rank_or_by_number():
    hand = parse_hand("12c 3o 7c 3c 1b JK 10o")
    assert [c.code() for c in sorted(hand, key=card_order)] == [
        "3o", "10o", "3c", "7c", "12c", "1b", "JK"]
    assert [c.code() for c in sorted(hand, key=number_order)] == [
        "1b", "3o", "3c", "7c", "10o", "12c", "JK"]


def test_difficulty_grows_with_the_puzzles_solved():
    assert [level_for(n) for n in range(10)] == ["easy"] * 3 + ["medium"] * 5 + [None] * 2


def test_every_theme_has_a_name_and_a_lesson_in_every_language():
    for lang in i18n.LANGUAGES:
        table = i18n.catalog(lang)
        for theme in THEMES:  # a take question's lesson is "take"
            lesson = "take" if theme == "take-or-draw" else theme
            assert f"puzzles.theme.{theme}" in table and f"puzzles.lesson.{lesson}" in table
        for kind in ("take", "fewest-points", "close-chance"):
            assert f"puzzles.lesson.{kind}" in table


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_puzzle_explains_itself_and_its_numbers_agree(lang):
    for puzzle in load_all(check=False)[::23]:
        solution = solve(puzzle)
        shown = explain(solution, [], lang)
        assert shown.lesson and "{" not in shown.lesson
        assert shown.best.arrangement.cards() == tuple(solution.best.kept) or sorted(
            shown.best.arrangement.cards()) == sorted(solution.best.kept)
        frame = comparison(solution, lang)
        best_row = frame.iloc[next(i for i, m in enumerate(frame.iloc[:, 0])
                                   if m.startswith("★"))]
        if puzzle.criterion == "close-chance" and puzzle.question == "discard":
            # the sentence quotes the very figure the table shows
            chance = best_row[i18n.t("puzzles.col.chance", lang)]
            assert chance == percent(solution.best.close_chance, lang)
            assert chance in shown.lesson
        elif puzzle.question == "discard" and shown.lesson.count(
                points(solution.best.loose_points, lang)):
            assert best_row[i18n.t("puzzles.col.points", lang)] == points(
                solution.best.loose_points, lang)
        assert title(puzzle, lang) == i18n.t("puzzles.your_move", lang)  # until answered
        named = title(puzzle, lang, answered=True)
        number = named.rsplit(" ", 1)[-1].lstrip("#")
        assert number == str(int(puzzle.id.rsplit("-", 1)[1]))
        theme = main_theme(puzzle)
        if theme:
            assert named.startswith(i18n.t(f"puzzles.theme.{theme}", lang))


def test_percent_and_points_are_the_one_format():
    assert percent(Fraction(1, 3), "en") == "33.3%"
    assert percent(Fraction(16, 100), "fr") == "16\u00a0%"
    assert percent(Fraction(21, 200), "pt") == "10,5%"
    assert points(Fraction(25, 2), "es") == "12,5" and points(Fraction(4), "en") == "4"


def test_a_jokers_puzzle_is_explained_too():
    puzzle = next(p for p in load_all(check=False) if ("jokers", 2) in p.options)
    shown = explain(solve(puzzle), [], "en")
    assert Card.parse("JK") in puzzle.rules.deck.cards() and shown.lesson


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_tie_is_one_sentence_naming_every_card(lang):
    """Two cards as good as each other: the comparison names both at once, never "only … lets
    you close" with the other one left for a note."""
    tied = [p for p in load_all(check=False) if p.question == "discard"
            and len(solve(p).answers) > 1]
    assert tied
    for puzzle in tied[::9]:
        solution = solve(puzzle)
        lesson = explain(solution, [], lang).lesson
        both = either(solution.answers, puzzle, lang)
        assert both in lesson, (puzzle.id, lesson)
        for move in solution.answers:
            assert card_name(move, lang).the() in both
        assert "Only" not in lesson and "Equally good" not in lesson


def test_the_tie_reads_as_the_issue_asks():
    solution = solve(find_puzzle("barajamos-033"))
    assert solution.answers == ("3o", "3b")
    assert ("Throwing either the 3 of oros or the 3 of bastos lets you close now (a close with"
            " 3 points)") in explain(solution, [], "en").lesson
    assert "Tirando el 3 de oros o el 3 de bastos puedes cerrar ya" in explain(
        solution, [], "es").lesson
