"""What the server keeps once a process (issue 23 item 8) answers for its own arguments: the
Odds charts by language and scale, the coach's exact table and lesson, the house summary."""

from __future__ import annotations

from chinchon.engine.cards import parse_hand
from chinchon.engine.odds import shipped_odds
from chinchon.engine.rules import get_rules
from chinchon.views import coach, house
from chinchon.views import coach_lesson as lesson
from chinchon.views.i18n import t
from webui import odds_charts
from webui.play_board import _exact_rows

RULES = get_rules("barajamos")


def _verdict(card: str) -> coach.Verdict:
    position = coach.Position(RULES, parse_hand("7o 7c 7b 9e 10e 11e 4o 2c"))
    return coach.grade(position, card)


def test_the_charts_follow_the_language_and_the_scale() -> None:
    odds = shipped_odds(RULES)
    french = odds_charts.distribution(odds, RULES, "fr", False)
    english_log = odds_charts.distribution(odds, RULES, "en", True)
    assert french.layout.title.text == t("odds.chart.title", "fr")
    assert english_log.layout.title.text == t("odds.chart.title", "en")
    assert (french.layout.yaxis.type, english_log.layout.yaxis.type) == ("linear", "log")
    assert odds_charts.distribution(odds, RULES, "fr", False) is french  # kept, not rebuilt


def test_the_exact_rows_mark_the_best_move_and_the_one_played() -> None:
    verdict = _verdict("7o")  # breaking the sevens: not the best
    rows = _exact_rows(verdict, "fr").to_pydict()
    moves = rows[t("coach.exact_col.move", "fr")]
    assert len(moves) == len(coach.evaluate(verdict.position))
    assert moves[0].startswith("★") and sum("▸" in m for m in moves) == 1
    assert not any("▸" in m for m in moves[:1])
    assert _exact_rows(_verdict("4o"), "fr").to_pydict() != rows


def test_a_lesson_takes_any_sequence_of_watched_cards() -> None:
    verdict = _verdict("4o")
    watched = parse_hand("4c 4e")
    assert lesson.lesson(verdict, list(watched), "Ana") == lesson.lesson(verdict, watched, "Ana")


def test_the_house_summary_speaks_the_language_asked() -> None:
    rules = get_rules("barajamos+limit=100")
    assert house.house_words(rules, "en") != house.house_words(rules, "fr")
    assert house.house_words(rules, "en").startswith("Elimination")
