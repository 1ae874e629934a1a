"""A position met in a game, opened as an ad-hoc puzzle from URL values."""

from __future__ import annotations

import pytest

from chinchon import puzzles as pz
from chinchon.engine.cards import parse_hand


def test_a_position_round_trips_through_its_url_values() -> None:
    hand, seen = parse_hand("3c 4c 5c 7o 7e 9b 11b 2e"), parse_hand("1o 12b")
    puzzle = pz.position_puzzle("barajamos", {}, pz.position_query(hand, seen=seen))
    assert (puzzle.id, puzzle.hand, puzzle.seen, puzzle.question, puzzle.criterion) == (
        pz.POSITION_ID, hand, seen, "discard", "close-chance")
    again = pz.position_puzzle("barajamos", {}, pz.position_query(
        puzzle.hand, puzzle.top, puzzle.seen, puzzle.criterion))
    assert again == puzzle
    solution = pz.solve(puzzle)  # judged live like a shipped puzzle
    assert solution.answers and all(move in {c.code() for c in hand} for move in solution.answers)


def test_seven_cards_and_a_top_ask_take_or_draw() -> None:
    puzzle = pz.position_puzzle("ludoteka", {"jokers": 2}, {
        "hand": "3c+4c+5c+7o+7e+JK+11b", "top": "7c"})
    assert puzzle.question == "take" and puzzle.criterion == "fewest-points"
    assert puzzle.rules.deck.jokers == 2


@pytest.mark.parametrize(("values", "field"), [
    ({"hand": "3c+4c+9z"}, "hand"),
    ({"hand": "3c+4c+5c+7o+7e+9b+11b"}, "hand"),
    ({"hand": "3c+4c+5c+7o+7e+9b+11b", "top": "7c+7b"}, "top"),
    ({"hand": "3c+4c+5c+7o+7e+9b+11b", "top": "zz"}, "top"),
    ({"hand": "3c+4c+5c+7o+7e+9b+11b+2e", "seen": "3c"}, "seen"),
    ({"hand": "3c+4c+5c+7o+7e+9b+11b+2e", "criterion": "luck"}, "criterion"),
    ({"hand": "3c+4c+5c+7o+7e+9b+11b", "top": "7c", "criterion": "close-chance"}, "criterion"),
])
def test_a_bad_value_is_named(values, field) -> None:
    with pytest.raises(pz.PositionError) as caught:
        pz.position_puzzle("barajamos", {}, values)
    assert caught.value.field == field
    assert caught.value.value == values[field] and isinstance(caught.value, ValueError)
