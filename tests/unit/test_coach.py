"""The coach (chinchon.views.coach): grades from the exact evaluation, checked against the
brute-force reference of harness/reference.py, the README's thresholds, closes and bad input."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from chinchon.engine.cards import Card, parse_hand
from chinchon.engine.draws import unseen_cards
from chinchon.engine.rules import get_rules
from chinchon.views import coach
from chinchon.views.coach import CoachError, Move, Position, grade, grade_discard, grade_draw
from harness import reference


def _deal(rules_id: str, seed: int, size: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A random hand of ``size`` cards and a few seen cards."""
    rules = get_rules(rules_id)
    deck = list(rules.deck.cards())
    random.Random(seed).shuffle(deck)
    return tuple(deck[:size]), tuple(deck[size:size + 5])


def _reference_values(hand: tuple[Card, ...], seen: tuple[Card, ...], rules_id: str
                      ) -> dict[str, tuple[Fraction, Fraction]]:
    """Per discard: (close chance after the next draw, expected points), by brute force."""
    rules = get_rules(rules_id)
    table = reference.table_of(rules)
    values = {}
    for i, card in enumerate(hand):
        kept = hand[:i] + hand[i + 1:]
        unseen = dict(unseen_cards(rules, hand, seen))
        cards, closing, points = reference.draw_odds(kept, unseen, table)
        values[card.code()] = (Fraction(closing, cards), Fraction(points, cards))
    return values


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_discard_losses_match_the_brute_force_reference(seed):
    hand, seen = _deal("fournier", seed, 8)
    rules = get_rules("fournier")
    position = Position(rules, hand, seen=seen)
    if any(e.move.close for e in coach.evaluate(position)):
        pytest.skip("a card closes: the close-chance measure is not the question")
    values = _reference_values(hand, seen, "fournier")
    best_chance = max(chance for chance, _ in values.values())
    best_points = min(points for chance, points in values.values() if chance == best_chance)
    for code, (chance, points) in values.items():
        verdict = grade_discard(position, code)
        assert verdict.chance_loss == best_chance - chance
        assert verdict.points_loss == max(Fraction(0), points - best_points)
        expected = "best" if (chance, points) == (best_chance, best_points) else coach.worse(
            coach.grade_for(best_chance - chance, "chance"),
            coach.grade_for(max(Fraction(0), points - best_points), "points"))
        assert verdict.grade == expected, code


def test_thresholds_bound_each_grade_inclusively():
    for measure, bounds in coach.THRESHOLDS.items():
        for name, bound in bounds.items():
            assert coach.grade_for(bound, measure) == name
            assert coach.GRADES.index(coach.grade_for(bound + Fraction(1, 1000), measure)) > (
                coach.GRADES.index(name))
    assert [row[0] for row in coach.threshold_rows()] == list(coach.GRADES)


@pytest.mark.parametrize("rules_id", ["barajamos", "jeux-de-cartes", "ludoteka"])
def test_a_larger_loss_never_earns_a_better_grade(rules_id):
    rules = get_rules(rules_id)
    for seed in range(4):
        hand, seen = _deal(rules_id, seed, 8)
        position = Position(rules, hand, seen=seen)
        moves = coach.evaluate(position)
        if any(e.move.close for e in moves):
            continue  # closing is graded by its own rule
        verdicts = [grade(position, e.move) for e in moves]
        assert {v.reason for v in verdicts} <= set(coach.REASONS)
        for a in verdicts:
            for b in verdicts:
                if a.chance_loss <= b.chance_loss and a.points_loss <= b.points_loss:
                    assert coach.GRADES.index(a.grade) <= coach.GRADES.index(b.grade)


def test_the_best_move_is_graded_best_and_the_hint_names_it():
    position = Position(get_rules("barajamos"), parse_hand("3c 4c 5c 7o 7e 9b 11b 2e"))
    assert [m.label() for m in coach.best_moves(position)] == ["11b"]
    assert grade_discard(position, "11b").is_best
    verdict = grade_discard(position, "3c")
    assert verdict.grade == "blunder" and verdict.better_cards() == ("11b",)
    key, values = coach.explain(verdict)
    assert key in ("chance", "points") and values["best"] == "11b" and values["move"] == "3c"


def test_taking_the_top_for_minus_ten_beats_the_stock():
    # barajamos worked hand: 7o 7c 7b 9e 10e 11e 4o; the pile's 12e completes a four-card run.
    position = Position(get_rules("barajamos"), parse_hand("7o 7c 7b 9e 10e 11e 4o"),
                        top=Card.parse("12e"))
    take, stock = grade_draw(position, "take"), grade_draw(position, "stock")
    assert take.grade == "best" and take.chosen.outcome.value == "minus_ten"
    assert stock.grade == "blunder" and stock.reason == "take_close"
    assert stock.better_cards() == ("12e",)


def test_closing_and_not_closing():
    # barajamos: 7o 7c 7b 9e 10e 11e 4o 1c: throw 4o and close with the 1 loose point.
    position = Position(get_rules("barajamos"), parse_hand("7o 7c 7b 9e 10e 11e 4o 1c"))
    assert [m.label() for m in coach.best_moves(position)] == ["4o+close"]
    assert grade_discard(position, "4o", close=True).is_best
    worse_close = grade_discard(position, "1c", close=True)
    assert worse_close.reason == "better_close" and worse_close.points_loss == 3
    assert worse_close.grade == coach.grade_for(Fraction(3), "points")
    waited = grade_discard(position, "4o")
    assert waited.reason in ("waited", "idle")
    assert waited.grade == coach.NOT_CLOSING["wait" if waited.reason == "waited" else "idle"]
    broken = grade_discard(position, "7o")
    assert broken.reason == "missed_close" and broken.grade == "blunder"


def test_missing_a_chinchon_is_a_blunder():
    position = Position(get_rules("barajamos"), parse_hand("3e 4e 5e 6e 7e 8e 9e 1o"))
    assert coach.best_moves(position) == (Move("1o", close=True),)
    assert grade_discard(position, "1o", close=True).chosen.outcome.value == "chinchon"
    assert grade_discard(position, "3e", close=True).grade == "blunder"


def test_ludoteka_first_round_offers_no_close():
    rules = get_rules("ludoteka")
    hand = parse_hand("1o 2o 3o 5c 5e 5b 7c 4o")
    anytime = Position(rules, hand)
    first = Position(rules, hand, first_round=True)
    assert any(e.move.close for e in coach.evaluate(anytime))
    assert not any(e.move.close for e in coach.evaluate(first))


def test_allowed_limits_the_discards():
    hand = parse_hand("3c 4c 5c 7o 7e 9b 11b 2e")
    position = Position(get_rules("barajamos"), hand, allowed=hand[:7])
    assert "2e" not in {e.move.action for e in coach.evaluate(position)}
    with pytest.raises(CoachError, match="'2e' is not a move"):
        grade_discard(position, "2e")


def test_an_empty_pile_leaves_only_the_stock():
    position = Position(get_rules("fournier"), parse_hand("3c 4c 5c 7b 7o 7e 1o"))
    verdict = grade_draw(position, "stock")
    assert verdict.is_best and [e.move.action for e in coach.evaluate(position)] == ["stock"]


@pytest.mark.parametrize(("build", "message"), [
    (lambda r: Position(r, parse_hand("1o 2o 3o")), "7 or 8 cards"),
    (lambda r: Position(r, parse_hand("1o 2o 3o 4o 5o 6o 7o 1c"), top=Card.parse("2c")),
     "no top card"),
    (lambda r: grade_discard(Position(r, parse_hand("1o 2o 3o 4o 5o 6o 7o 8o")), "1o"),
     "not a position of this deck"),
    (lambda r: grade(Position(r, parse_hand("1o 2o 3o 4o 5o 6o 7o 1c")), "<b>x"),
     "is not a move"),
    (lambda r: Move.parse("7o+closed"), "a move is take, stock"),
    (lambda r: grade_draw(Position(r, parse_hand("1o 2o 3o 4o 5o 6o 7o 1c")), "take"),
     "seven-card hand"),
])
def test_bad_positions_and_moves_are_named(build, message):
    with pytest.raises(CoachError, match=message) as caught:
        build(get_rules("fournier"))
    assert isinstance(caught.value, ValueError)


def test_review_counts_accuracy_and_next_mistake():
    position = Position(get_rules("barajamos"), parse_hand("3c 4c 5c 7o 7e 9b 11b 2e"))
    verdicts = [grade_discard(position, code) for code in ("11b", "3c", "9b", "2e")]
    summary = coach.review(verdicts)
    assert summary.counts()["best"] == 1 and sum(summary.counts().values()) == 4
    assert summary.accuracy == Fraction(2, 4)  # 11b best, 9b good
    assert summary.mistakes() == (1, 3)
    assert summary.next_mistake() == 1 and summary.next_mistake(1) == 3
    assert summary.next_mistake(3) is None
    assert coach.review([]).accuracy is None


def test_hand_lab_link_of_a_position():
    position = Position(get_rules("ludoteka", jokers=2), parse_hand("1o 2o 3o 5c 5e 5b 7c"),
                        top=Card.parse("JK"))
    assert coach.hand_lab_query(position) == {
        "rules": "ludoteka", "hand": "1o+2o+3o+5c+5e+5b+7c+JK", "jokers": "2"}


def test_every_grade_and_reason_is_worded_in_every_language():
    from chinchon.views import i18n

    for lang in i18n.LANGUAGES:
        for name in coach.GRADES:
            assert i18n.t(f"coach.grade.{name}", lang)
        for reason in coach.REASONS:
            assert i18n.has_text(f"coach.why.{reason}", lang)
    assert [i18n.t(f"coach.grade.{name}", "en") for name in coach.GRADES] == list(coach.GRADES)


def test_grades_are_unchanged_since_the_discard_evaluation_moved_into_the_engine():
    """The coach and the expert share ``draws.discard_odds``; the grades of 210 seeded positions
    (every profile, two decks, jokers, 48 cards) are still those the coach gave before."""
    import json
    from pathlib import Path

    from tests.support.coach_positions import grades

    recorded = json.loads((Path(__file__).parents[1] / "data" / "coach_grades.json").read_text())
    assert len(recorded) == 210
    assert grades() == recorded
