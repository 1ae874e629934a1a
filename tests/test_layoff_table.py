"""The lay-off table's model: reading typed hands, dealing, the sheet's rows."""

from __future__ import annotations

import pytest

from chinchon import layoff_table as lt
from chinchon.rules import PROFILE_IDS, get_rules
from chinchon.scoring import EntryKind, ScoreSheet
from chinchon.solver import can_close

CLOSER = "7o 7c 7b 9e 10e 11e 4o"
OPPS = ["7e 1c 2c 3c 5o 5b 8o", "12e 6o 6c 6b 2b 3b 11b"]


def test_a_good_table_reads_cleanly() -> None:
    reading = lt.read_table(CLOSER, OPPS, get_rules("barajamos", players=3))
    assert reading.ok and [len(h) for h in reading.hands] == [7, 7, 7]


def test_every_problem_is_named_with_its_player() -> None:
    rules = get_rules("fournier", players=3)
    reading = lt.read_table("7o 7c 7b 8e 10e 11e 4o", ["zz 7o 1c 2c 3c 5o 5b 6o", "12e,2b+3b"],
                            rules)
    found = [(p.player, p.kind, p.value) for p in reading.problems]
    assert found == [
        (0, lt.ProblemKind.NOT_IN_DECK, "8e"), (0, lt.ProblemKind.COUNT, "6"),
        (1, lt.ProblemKind.UNKNOWN_CARD, "zz"), (1, lt.ProblemKind.DUPLICATE, "7o"),
        (1, lt.ProblemKind.COUNT, "6"), (2, lt.ProblemKind.COUNT, "3"),
    ]  # fmt: skip


def test_two_decks_allow_one_duplicate_across_hands() -> None:
    rules = get_rules("barajamos", players=5)
    opps = ["7o 1c 2c 3c 5o 5b 8o", "12e 6o 6c 6b 2b 3b 11b", "1o 2o 3o 4e 5e 6e 9b",
            "7o 1b 1e 2e 3e 4b 5c"]
    reading = lt.read_table(CLOSER, opps, rules)
    assert [(p.player, p.value) for p in reading.problems] == [(4, "7o"), (4, "6")]


def test_a_long_bad_token_is_shortened() -> None:
    reading = lt.read_table("x" * 80, [], get_rules("fournier"))
    assert len(reading.problems[0].value) == 24


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_deal_table_deals_a_closer_and_distinct_cards(rules_id: str) -> None:
    rules = get_rules(rules_id)
    hands = lt.deal_table(rules, 2, seed=11)
    assert can_close(hands[0], rules)
    rules.deck.check_hand([card for hand in hands for card in hand])
    assert lt.deal_table(rules, 2, seed=11) == hands != lt.deal_table(rules, 2, seed=12)


def test_table_query_round_trips() -> None:
    rules = get_rules("barajamos", players=3)
    reading = lt.read_table(CLOSER, OPPS, rules)
    query = lt.table_query(reading.hands)
    assert query["closer"] == CLOSER.replace(" ", "+")
    again = lt.read_table(str(query["closer"]), list(query["opp"]), rules)
    assert again.hands == reading.hands


def test_sheet_rows_number_hands_and_returns() -> None:
    rules = get_rules("barajamos", players=3)
    sheet = ScoreSheet.start(rules, 3)
    hands = dict(enumerate(lt.read_table(CLOSER, OPPS, rules).hands))
    sheet, _ = sheet.close(0, hands)
    sheet = sheet.score_close(0, sheet.history[0].outcome, {0: 0, 1: 60, 2: 1})  # type: ignore[arg-type]
    sheet = sheet.spend_return(1)
    rows = lt.sheet_rows(sheet)
    assert [(r.number, r.kind) for r in rows] == [
        (1, EntryKind.CLOSE), (2, EntryKind.CLOSE), (3, EntryKind.RETURN)]
    assert rows[0].added == (4, 18, 16) and rows[1].eliminated == (1,)
    assert rows[2].returned == 1 and rows[2].totals[1] == max(rows[1].totals[0], rows[1].totals[2])


def test_module_doctests() -> None:
    import doctest

    import chinchon.layoff_table

    result = doctest.testmod(chinchon.layoff_table)
    assert result.attempted and not result.failed
