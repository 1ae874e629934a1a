"""The Lay-off page's model: its first hands and rules, reading typed hands, dealing, the
sheet's actions and rows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from chinchon.engine.cards import Card, parse_hand
from chinchon.engine.rules import PROFILE_IDS, get_rules
from chinchon.engine.scoring import EntryKind, ScoreSheet
from chinchon.engine.solver import Outcome, analyze, can_close
from chinchon.views import layoff_steps as lt

CLOSER = "7o 7c 7b 9e 10e 11e 4o"
OPPS = ["7e 1c 2c 3c 5o 5b 8o", "12e 6o 6c 6b 2b 3b 11b"]


def test_good_hands_read_cleanly() -> None:
    reading = lt.read_hands(CLOSER, OPPS, get_rules("barajamos", players=3))
    assert reading.ok and [len(h) for h in reading.hands] == [7, 7, 7]


def test_every_problem_is_named_with_its_player() -> None:
    rules = get_rules("fournier", players=3)
    reading = lt.read_hands("7o 7c 7b 8e 10e 11e 4o", ["zz 7o 1c 2c 3c 5o 5b 6o", "12e,2b+3b"],
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
    reading = lt.read_hands(CLOSER, opps, rules)
    assert [(p.player, p.value) for p in reading.problems] == [(4, "7o"), (4, "6")]


def test_a_long_bad_token_is_shortened() -> None:
    reading = lt.read_hands("x" * 80, [], get_rules("fournier"))
    assert len(reading.problems[0].value) == 24


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_deal_seats_deals_a_closer_and_distinct_cards(rules_id: str) -> None:
    rules = get_rules(rules_id)
    hands = lt.deal_seats(rules, 2, seed=11)
    assert can_close(hands[0], rules)
    rules.deck.check_hand([card for hand in hands for card in hand])
    assert lt.deal_seats(rules, 2, seed=11) == hands != lt.deal_seats(rules, 2, seed=12)


def test_hands_query_round_trips() -> None:
    rules = get_rules("barajamos", players=3)
    reading = lt.read_hands(CLOSER, OPPS, rules)
    query = lt.hands_query(reading.hands)
    assert query["closer"] == CLOSER.replace(" ", "+")
    again = lt.read_hands(str(query["closer"]), list(query["opp"]), rules)
    assert again.hands == reading.hands


def test_sheet_rows_number_hands_only() -> None:
    """A return is a note on the next hand's line, never a numbered row of its own."""
    rules = get_rules("barajamos", players=3)
    sheet = ScoreSheet.start(rules, 3)
    hands = dict(enumerate(lt.read_hands(CLOSER, OPPS, rules).hands))
    sheet, _ = sheet.close(0, hands)
    sheet = sheet.score_close(0, sheet.history[0].outcome, {0: 0, 1: 60, 2: 1})  # type: ignore[arg-type]
    sheet = sheet.spend_return(1)
    rows = lt.sheet_rows(sheet)
    # The return waits for hand 3: its line is the hand to come, numbered as that hand.
    assert [(r.number, r.kind) for r in rows] == [
        (1, EntryKind.CLOSE), (2, EntryKind.CLOSE), (3, EntryKind.RETURN)]
    assert rows[0].added == (4, 18, 16) and rows[1].eliminated == (1,)
    back_at = max(rows[1].totals[0], rows[1].totals[2])
    assert rows[2].comebacks == ((1, back_at),) and rows[2].added == (None, None, None)
    # Once hand 3 is played, the return is a note on its line and no row is left over.
    sheet = sheet.score_close(0, sheet.history[0].outcome, {0: 0, 1: 2, 2: 1})  # type: ignore[arg-type]
    rows = lt.sheet_rows(sheet)
    assert [(r.number, r.kind) for r in rows] == [
        (1, EntryKind.CLOSE), (2, EntryKind.CLOSE), (3, EntryKind.CLOSE)]
    assert rows[2].comebacks == ((1, back_at),) and rows[1].comebacks == ()


# --- Picking by clicks -------------------------------------------------------------------------


def card(code: str) -> Card:
    return Card.parse(code)


def test_pick_adds_to_the_seat_being_edited_only() -> None:
    rules = get_rules("barajamos", players=3)
    done = lt.pick([CLOSER, "1c 2c", ""], 2, card("5o"), rules)
    assert done.texts == (CLOSER, "1c 2c", "5o") and done.held_by is None and not done.full


def test_pick_takes_a_held_card_back_out_keeping_the_other_tokens() -> None:
    rules = get_rules("fournier", players=2)
    done = lt.pick(["7o zz 7c", "1c"], 0, card("7o"), rules)
    assert done.texts == ("zz 7c", "1c")


def test_pick_refuses_a_card_another_seat_holds_with_one_deck() -> None:
    rules = get_rules("barajamos", players=3)
    texts = [CLOSER, *OPPS]
    done = lt.pick(texts, 2, card("7e"), rules)
    assert done.texts == tuple(texts) and done.held_by == 1


def test_pick_allows_the_second_copy_with_two_decks() -> None:
    rules = get_rules("barajamos", players=5)
    done = lt.pick([CLOSER, "", "", "", ""], 3, card("7o"), rules)
    assert done.texts[3] == "7o" and done.held_by is None
    again = lt.pick(done.texts, 4, card("7o"), rules)
    assert again.held_by == 0 and again.texts == done.texts
    # Both copies are held: a click by a seat holding one puts his back.
    assert lt.pick(done.texts, 3, card("7o"), rules).texts[3] == ""


def test_pick_takes_the_second_copy_then_puts_both_back_as_the_hand_lab_does() -> None:
    rules = get_rules("barajamos", players=5)
    texts = ["", "1o 7o", "", "", ""]
    twice = lt.pick(texts, 1, card("7o"), rules).texts
    assert twice[1] == "1o 7o 7o"
    assert lt.pick(twice, 1, card("7o"), rules).texts[1] == "1o"


def test_pick_puts_back_a_card_from_a_full_hand_with_a_spare_copy() -> None:
    rules = get_rules("barajamos", players=5)
    texts = [CLOSER, "", "", "", ""]
    assert lt.pick(texts, 0, card("4o"), rules).texts[0] == "7o 7c 7b 9e 10e 11e"


def test_pick_refuses_an_eighth_card() -> None:
    rules = get_rules("barajamos", players=3)
    done = lt.pick([CLOSER, *OPPS], 0, card("1o"), rules)
    assert done.full and done.texts == (CLOSER, *OPPS)


def test_pick_marks_every_seats_cards_as_held() -> None:
    rules = get_rules("barajamos", players=3)
    reading = lt.read_hands(CLOSER, OPPS, rules)
    assert len(reading.held) == 21 and card("12e") in reading.held


# --- Cards outside the deck (a profile change) -------------------------------------------------


def test_outside_deck_gathers_the_cards_once_and_drops_the_counts_they_explain() -> None:
    rules = get_rules("fournier", players=3)
    reading = lt.read_hands("7o 7c 7b 9e 10e 11e 4o", ["7e 1c 2c 3c 5o 5b 8o", "8o zz"], rules)
    found = lt.outside_deck(reading)
    assert found.cards == ("9e", "8o") and found.deck_48
    assert [(p.player, p.kind) for p in found.rest] == [(2, lt.ProblemKind.UNKNOWN_CARD)]


def test_outside_deck_a_joker_is_not_a_48_card_deck() -> None:
    rules = get_rules("ludoteka", players=2)
    found = lt.outside_deck(lt.read_hands("JK 1o 2o 3o 4o 5o 6o", ["8b"], rules))
    assert found.cards == ("JK", "8b") and not found.deck_48


def test_outside_deck_of_clean_hands_is_empty() -> None:
    found = lt.outside_deck(lt.read_hands(CLOSER, OPPS, get_rules("barajamos", players=3)))
    assert found == lt.Outside((), False, ())


# --- A hand with no closer ---------------------------------------------------------------------


def test_deal_hands_plays_a_hand_with_no_closer_on_the_sheet() -> None:
    rules = get_rules("ludoteka", players=3)
    hands = lt.deal_hands(rules, 3, seed=4)
    rules.deck.check_hand([c for hand in hands for c in hand])
    sheet, end = ScoreSheet.start(rules, 3).stock_ran_out(dict(enumerate(hands)))
    assert sheet.history[0].kind is EntryKind.NO_CLOSER
    assert sheet.totals == tuple(p.loose_points for p in end.players)


# --- The sheet's refusals, by the error's type ------------------------------------------------


def refusal_of(action: Callable[[], object], sheet: ScoreSheet, **context: Any) -> lt.Refusal:
    with pytest.raises(ValueError) as caught:
        action()
    return lt.refusal(caught.value, sheet, **context)


def test_refusal_of_a_closer_over_ludotekas_limit_quotes_his_numbers() -> None:
    rules = get_rules("ludoteka", players=2)
    sheet = replace(ScoreSheet.start(rules, 2), totals=(98, 10))
    hand = parse_hand("1o 2o 3o 4c 4e 4b 3c")
    hands = {0: hand, 1: parse_hand("7o 7c 5e 6b 10b 11c 12o")}
    found = refusal_of(lambda: sheet.close(0, hands), sheet, seat=0, hand=hand, hands=2)
    assert found == lt.Refusal(lt.RefusalKind.OVER_LIMIT, 0,
                               (("points", 3), ("total", 98), ("limit", 100)))


def test_refusal_of_a_closer_who_cannot_close() -> None:
    rules = get_rules("barajamos", players=3)
    sheet = ScoreSheet.start(rules, 3)
    hand = parse_hand("1o 3o 5e 7b 9o 11c 12o")
    hands = {0: hand, 1: parse_hand(OPPS[0]), 2: parse_hand(OPPS[1])}
    found = refusal_of(lambda: sheet.close(0, hands), sheet, seat=0, hand=hand, hands=3)
    assert found.kind is lt.RefusalKind.CANNOT_CLOSE
    assert dict(found.numbers)["points"] == analyze(hand, rules).loose_points


def test_refusals_of_a_finished_game_and_of_returns() -> None:
    rules = get_rules("fournier", players=2)
    sheet = ScoreSheet.start(rules, 2).score_close(0, Outcome.POINTS, {0: 0, 1: 101})
    assert refusal_of(lambda: sheet.score_no_closer({0: 1}), sheet) == lt.Refusal(
        lt.RefusalKind.GAME_OVER, 0)
    live = ScoreSheet.start(rules, 3).score_close(0, Outcome.POINTS, {0: 0, 1: 101, 2: 3})
    assert refusal_of(lambda: live.spend_return(1), live, seat=1).kind is (
        lt.RefusalKind.NO_RETURNS)
    assert refusal_of(lambda: live.spend_return(2), live, seat=2).kind is lt.RefusalKind.STILL_IN
    assert refusal_of(lambda: live.close(1, {}), live, seat=1) == lt.Refusal(
        lt.RefusalKind.SEAT_OUT, 1)
    assert refusal_of(lambda: live.close(0, {0: ()}), live, seat=0, hands=1) == lt.Refusal(
        lt.RefusalKind.SEATS, None, (("count", 1), ("players", 2)))


def test_refusals_of_used_returns_and_too_few_players() -> None:
    rules = get_rules("barajamos", players=3)
    sheet = ScoreSheet.start(rules, 3)
    for _ in range(2):
        sheet = sheet.score_close(0, Outcome.POINTS, {s: (0 if s == 0 else 1) for s in
                                                      sheet.in_game} | {1: 80})
        sheet = sheet.spend_return(1)
    sheet = sheet.score_close(0, Outcome.POINTS, {0: 0, 1: 80, 2: 0})
    assert refusal_of(lambda: sheet.spend_return(1), sheet, seat=1) == lt.Refusal(
        lt.RefusalKind.RETURNS_USED, 1, (("count", 2),))
    alone = ScoreSheet.start(get_rules("jeux-de-cartes", players=3), 3).score_close(
        0, Outcome.POINTS, {0: 0, 1: 101, 2: 101})
    assert alone.finished  # the last player in wins: nobody comes back
    assert refusal_of(lambda: alone.spend_return(1), alone, seat=1).kind is (
        lt.RefusalKind.GAME_OVER)


def test_refusal_of_an_unexpected_error_says_so_without_its_english_text() -> None:
    sheet = ScoreSheet.start(get_rules("barajamos"), 3)
    assert lt.refusal(ValueError("whatever"), sheet).kind is lt.RefusalKind.OTHER


# --- The page's setup -----------------------------------------------------------------------


def test_first_texts_prefer_the_address_then_the_session_then_the_tours_example() -> None:
    from chinchon.views.tour import layoff_examples

    assert lt.first_texts("7o+7c 7b", ["1e+2e", " 3e "], ["x"], "barajamos") == [
        "7o 7c 7b", "1e 2e", "3e"]
    assert lt.first_texts(None, ["1e"], None, "barajamos") == ["", "1e"]
    assert lt.first_texts(None, [], ["7o", ""], "barajamos") == ["7o", ""]
    example = layoff_examples("ludoteka")[0]
    texts = lt.first_texts(None, [], None, "ludoteka")
    assert [parse_hand(text) for text in texts] == [example.closer, *example.opponents]


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_opponents_range_seats_the_profiles_players_and_at_most_five(rules_id: str) -> None:
    low, high = get_rules(rules_id).players
    fewest, most, _ = lt.opponents_range((low, high), 2)
    assert (fewest, most) == (max(1, low - 1), min(high - 1, lt.MAX_OPPONENTS))
    assert [lt.opponents_range((low, high), n)[2] for n in (0, fewest, most, 99)] == [
        fewest, fewest, most, most]


def test_page_rules_keep_the_sidebars_options_but_the_decks() -> None:
    assert lt.page_rules("barajamos", {"decks": 2}, 2) == get_rules("barajamos", players=3)
    assert lt.page_rules("barajamos", {}, 5).deck.copies == 2  # six players: two decks
    rules = lt.page_rules("ludoteka", {"deck": 48, "jokers": 2}, 1)
    assert (rules.deck.size, rules.deck.jokers) == (48, 2)
    house = lt.page_rules("fournier+limit=50", {}, 1)
    assert house.limit == 50


def test_sheet_key_changes_with_the_rules_players_and_deck() -> None:
    keys = {lt.sheet_key(get_rules("ludoteka", **options), players)
            for options in ({}, {"deck": 48}, {"jokers": 2}) for players in (2, 3)}
    assert len(keys) == 6


# --- The sheet's actions --------------------------------------------------------------------


def test_add_hand_scores_the_typed_hand_in_turn_order_from_the_closer() -> None:
    rules = get_rules("barajamos", players=3)
    hands = lt.read_hands(CLOSER, OPPS, rules).hands
    sheet = ScoreSheet.start(rules, 3)
    done = lt.add_hand(sheet, 1, hands)
    expected, _ = sheet.close(1, {1: hands[0], 2: hands[1], 0: hands[2]})
    assert done == lt.SheetResult(expected)


def test_add_hand_refuses_a_closer_who_cannot_close_and_keeps_the_sheet() -> None:
    rules = get_rules("barajamos", players=3)
    hand = parse_hand("1o 3o 5e 7b 9o 11c 12o")
    sheet = ScoreSheet.start(rules, 3)
    done = lt.add_hand(sheet, 0, [hand, parse_hand(OPPS[0]), parse_hand(OPPS[1])])
    assert done.sheet is sheet and done.refusal is not None
    assert done.refusal.kind is lt.RefusalKind.CANNOT_CLOSE


def test_add_random_hand_is_seeded_by_the_page_and_the_hands_played() -> None:
    sheet = ScoreSheet.start(get_rules("fournier"), 3)
    first = lt.add_random_hand(sheet, 7)
    assert first.refusal is None and len(first.sheet.history) == 1
    assert first == lt.add_random_hand(sheet, 7)
    second = lt.add_random_hand(first.sheet, 7)
    assert len(second.sheet.history) == 2
    assert second.sheet.history[1] != first.sheet.history[0]


def test_spend_return_and_its_refusal() -> None:
    rules = get_rules("barajamos", players=3)
    sheet = ScoreSheet.start(rules, 3).score_close(0, Outcome.POINTS, {0: 0, 1: 101, 2: 3})
    assert lt.spend_return(sheet, 1) == lt.SheetResult(sheet.spend_return(1))
    refused = lt.spend_return(sheet, 2)
    assert refused.sheet is sheet and refused.refusal == lt.Refusal(lt.RefusalKind.STILL_IN, 2)


def test_no_closer_deals_a_hand_that_ends_with_the_stock() -> None:
    rules = get_rules("ludoteka", players=3)
    done = lt.no_closer(ScoreSheet.start(rules, 3), 4)
    assert done.refusal is None and done.sheet.history[0].kind is EntryKind.NO_CLOSER
    over = ScoreSheet.start(rules, 2).score_close(0, Outcome.POINTS, {0: 0, 1: 101})
    assert lt.no_closer(over, 4).refusal == lt.Refusal(lt.RefusalKind.GAME_OVER, 0)
