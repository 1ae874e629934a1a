"""chinchon.engine.scoring: one test per score-sheet rule of RULES.md, and whole games per profile."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from chinchon.engine.cards import Card, parse_hand
from chinchon.engine.layoffs import Holding
from chinchon.engine.rules import Rules, get_rules
from chinchon.engine.scoring import (
    EntryKind,
    GameOverError,
    ReturnError,
    ScoreError,
    ScoreSheet,
    SeatError,
    stock_runs_out_ends_hand,
)
from chinchon.engine.solver import Arrangement, CloseError, Outcome, analyze
from harness.reference_layoffs import random_pair

BARAJAMOS = get_rules("barajamos")
FOURNIER = get_rules("fournier")
JDC = get_rules("jeux-de-cartes")
LUDOTEKA = get_rules("ludoteka")
PROFILES = [BARAJAMOS, FOURNIER, JDC, LUDOTEKA]
P = Outcome.POINTS


def sheet_at(rules: Rules, totals: list[int]) -> ScoreSheet:
    """A sheet whose players already have these totals (all within the limit)."""
    assert all(total <= rules.limit for total in totals)
    return replace(ScoreSheet.start(rules, len(totals)), totals=tuple(totals))


def hand(text: str) -> tuple[Card, ...]:
    return parse_hand(text)


# --- All seven melded, chinchón -----------------------------------------------------------------


@pytest.mark.parametrize("rules", PROFILES, ids=lambda r: r.id)
def test_all_seven_melded_scores_minus_ten(rules: Rules) -> None:
    sheet = sheet_at(rules, [5, 20, 30] if rules.players[0] >= 3 else [5, 20])
    sheet = sheet.score_close(0, Outcome.MINUS_TEN, {s: 0 if s == 0 else 7 for s in sheet.in_game})
    assert sheet.totals[0] == -5
    assert sheet.totals[1] == 27


def test_barajamos_minus_ten_goes_below_zero() -> None:
    sheet = ScoreSheet.start(BARAJAMOS, 3)
    sheet = sheet.score_close(1, Outcome.MINUS_TEN, {0: 4, 1: 0, 2: 9})
    assert sheet.totals == (4, -10, 9)


def test_fournier_minus_ten_example_24_becomes_14() -> None:
    sheet = sheet_at(FOURNIER, [24, 30])
    sheet, end = sheet.close(0, {0: hand("3c 4c 5c 6c 7b 7o 7e"),
                                 1: hand("2c 7c 10c 1e 4e 11b 12b")})
    assert end.outcome is Outcome.MINUS_TEN
    assert sheet.totals == (14, 30 + 2 + 7 + 8 + 1 + 4 + 9 + 10)


def test_barajamos_chinchon_wins_the_game() -> None:
    sheet = ScoreSheet.start(BARAJAMOS, 3)
    sheet, _ = sheet.close(2, {0: hand("1o 2o 4o 5c 6c 8b 9b"), 1: hand("1c 2c 4c 5o 6o 8o 9o"),
                               2: hand("3e 4e 5e 6e 7e 8e 9e")})
    assert sheet.finished and sheet.winner == 2
    assert sheet.totals[2] == 0


def test_ludoteka_pure_chinchon_wins_the_game() -> None:
    sheet = ScoreSheet.start(LUDOTEKA, 2).score_close(1, Outcome.CHINCHON, {0: 30, 1: 0})
    assert sheet.finished and sheet.winner == 1


def test_ludoteka_chinchon_with_joker_scores_minus_25() -> None:
    rules = get_rules("ludoteka", jokers=2)
    sheet = ScoreSheet.start(rules, 2)
    sheet, end = sheet.close(0, {0: hand("1e 2e 3e JK 5e 6e 7e"),
                                 1: hand("1o 2o 4o 5c 6c 11b 12b")})
    assert end.outcome is Outcome.CHINCHON_WITH_JOKER
    assert sheet.totals[0] == -25 and not sheet.finished


def test_fournier_chinchon_is_only_minus_ten() -> None:
    sheet = ScoreSheet.start(FOURNIER, 2)
    sheet, end = sheet.close(0, {0: hand("1e 2e 3e 4e 5e 6e 7e"),
                                 1: hand("1o 2o 4o 5c 6c 11b 12b")})
    assert end.outcome is Outcome.MINUS_TEN
    assert sheet.totals == (-10, 1 + 2 + 4 + 5 + 6 + 9 + 10) and not sheet.finished


def test_jeux_de_cartes_chinchon_adds_100_to_others() -> None:
    sheet = ScoreSheet.start(JDC, 3)
    sheet, end = sheet.close(0, {0: hand("1e 2e 3e 4e 5e 6e 7e"), 1: hand("1o 2o 3o 5c 6c 7b 1b"),
                                 2: hand("2c 2b 4o 6o 10c 11b 12b")})
    assert end.outcome is Outcome.CHINCHON
    assert sheet.totals == (-10, 100 + 5 + 6 + 7 + 1, 100 + 2 + 2 + 4 + 6 + 30)
    # Above 100: both opponents are out, and the closer, last one in, wins.
    assert sheet.finished and sheet.winner == 0


def test_jeux_de_cartes_chinchon_adds_100_only_to_players_still_in() -> None:
    sheet = sheet_at(JDC, [0, 95, 0, 0]).score_close(0, P, {0: 0, 1: 10, 2: 0, 3: 0})
    assert sheet.in_game == (0, 2, 3)
    sheet = sheet.score_close(0, Outcome.CHINCHON, {0: 0, 2: 3, 3: 0})
    assert sheet.totals == (-10, 105, 103, 100)
    assert sheet.in_game == (0, 3) and not sheet.finished


# --- Elimination -------------------------------------------------------------------------------


def test_barajamos_above_70_is_out() -> None:
    sheet = sheet_at(BARAJAMOS, [0, 60, 10]).score_close(0, P, {0: 1, 1: 11, 2: 5})
    assert sheet.totals[1] == 71 and sheet.in_game == (0, 2)
    assert sheet.history[-1].eliminated == (1,)


def test_barajamos_exactly_70_stays_in() -> None:
    sheet = sheet_at(BARAJAMOS, [0, 60, 10]).score_close(0, P, {0: 1, 1: 10, 2: 5})
    assert sheet.totals[1] == 70 and sheet.in_game == (0, 1, 2)


@pytest.mark.parametrize("rules", [FOURNIER, JDC, LUDOTEKA], ids=lambda r: r.id)
def test_above_100_is_out_exactly_100_stays_in(rules: Rules) -> None:
    sheet = sheet_at(rules, [0, 90, 90, 10])
    sheet = sheet.score_close(0, P, {0: 1, 1: 10, 2: 11, 3: 0})
    assert sheet.totals[1:3] == (100, 101) and sheet.in_game == (0, 1, 3)


def test_ludoteka_above_the_agreed_limit_is_out() -> None:
    rules = get_rules("ludoteka", limit=50)
    sheet = ScoreSheet.start(rules, 3).score_close(0, P, {0: 2, 1: 50, 2: 51})
    assert sheet.in_game == (0, 1)


@pytest.mark.parametrize("rules", PROFILES, ids=lambda r: r.id)
def test_last_player_in_wins(rules: Rules) -> None:
    sheet = sheet_at(rules, [rules.limit - 5, rules.limit - 5, 10])
    sheet = sheet.score_close(2, P, {0: 6, 1: 30, 2: 1})
    assert sheet.finished and sheet.winner == 2 and sheet.in_game == (2,)


# --- Returns -----------------------------------------------------------------------------------


def test_barajamos_two_returns_per_player() -> None:
    sheet = sheet_at(BARAJAMOS, [0, 0, 65, 0])
    for _ in range(2):
        sheet = sheet.score_close(0, P, {s: (9 if s == 2 else 1) for s in sheet.in_game})
        assert 2 not in sheet.in_game
        sheet = sheet.spend_return(2)
        sheet = sheet_with_total(sheet, 2, 65)
    sheet = sheet.score_close(0, P, {s: (9 if s == 2 else 1) for s in sheet.in_game})
    assert sheet.returns_left(2) == 0 and not sheet.can_return(2)
    with pytest.raises(ReturnError, match="used all 2 returns"):
        sheet.spend_return(2)


def sheet_with_total(sheet: ScoreSheet, seat: int, total: int) -> ScoreSheet:
    """Hands where only ``seat`` scores, until his total is ``total`` (or more)."""
    while sheet.totals[seat] < total:
        step = min(total - sheet.totals[seat], 40)
        closer = next(s for s in sheet.in_game if s != seat)
        sheet = sheet.score_close(closer, P, {s: (step if s == seat else 0)
                                              for s in sheet.in_game})
    return sheet


def test_barajamos_return_at_the_highest_score_among_players_in() -> None:
    sheet = sheet_at(BARAJAMOS, [12, 33, 69, 50]).score_close(0, P, {0: 0, 1: 0, 2: 5, 3: 0})
    assert 2 not in sheet.in_game
    back = sheet.spend_return(2)
    assert back.totals[2] == 50 and 2 in back.in_game
    assert back.history[-1].kind is EntryKind.RETURN and back.returns_left(2) == 1


def test_barajamos_return_only_while_two_players_are_in() -> None:
    sheet = sheet_at(BARAJAMOS, [0, 69, 69]).score_close(0, P, {0: 0, 1: 2, 2: 2})
    assert sheet.finished and sheet.winner == 0
    with pytest.raises(ReturnError, match="over"):
        sheet.spend_return(1)


def test_fournier_no_returns() -> None:
    sheet = sheet_at(FOURNIER, [0, 99, 10]).score_close(0, P, {0: 0, 1: 5, 2: 0})
    assert sheet.returns_left(1) == 0
    with pytest.raises(ReturnError, match="no returns"):
        sheet.spend_return(1)


def test_jeux_de_cartes_returns_as_often_as_he_likes_at_the_highest_score() -> None:
    sheet = sheet_at(JDC, [0, 40, 95])
    for stake in range(1, 5):
        sheet = sheet.score_close(0, P, {0: 0, 1: 0, 2: 10})
        assert sheet.returns_left(2) is None
        sheet = sheet.spend_return(2)
        assert sheet.totals[2] == 40 and sheet.returns_used[2] == stake
        sheet = sheet_with_total(sheet, 2, 95)


def test_jeux_de_cartes_return_only_while_two_players_are_in() -> None:
    sheet = sheet_at(JDC, [0, 95, 95]).score_close(0, P, {0: 0, 1: 10, 2: 10})
    with pytest.raises(ReturnError):
        sheet.spend_return(1)


def test_ludoteka_configured_number_of_returns() -> None:
    rules = get_rules("ludoteka", returns=1)
    sheet = sheet_at(rules, [0, 10, 98]).score_close(0, P, {0: 0, 1: 0, 2: 10})
    sheet = sheet.spend_return(2)
    assert sheet.totals[2] == 10
    sheet = sheet_with_total(sheet, 2, 101)
    with pytest.raises(ReturnError, match="used all 1 returns"):
        sheet.spend_return(2)


def test_ludoteka_default_no_returns() -> None:
    sheet = sheet_at(LUDOTEKA, [0, 10, 98]).score_close(0, P, {0: 0, 1: 0, 2: 10})
    with pytest.raises(ReturnError, match="no returns"):
        sheet.spend_return(2)


def test_ludoteka_no_returns_in_a_two_player_game() -> None:
    rules = get_rules("ludoteka", returns=3)
    sheet = ScoreSheet.start(rules, 2)
    assert sheet.returns_left(0) == 0
    sheet = ScoreSheet.start(rules, 3).score_close(0, P, {0: 0, 1: 0, 2: 101})
    assert sheet.returns_left(2) == 3 and sheet.can_return(2)
    two = ScoreSheet.start(rules, 2).score_close(0, P, {0: 0, 1: 101})
    assert two.finished  # the last player in has won: nothing to come back to


# --- Everybody out at once ---------------------------------------------------------------------


def test_barajamos_everybody_out_is_a_draw() -> None:
    sheet = sheet_at(BARAJAMOS, [68, 60, 60])
    sheet = sheet.score_close(0, P, {0: 3, 1: 20, 2: 30})
    assert sheet.finished and sheet.draw and sheet.winner is None


def test_fournier_everybody_out_lowest_total_wins() -> None:
    sheet = sheet_at(FOURNIER, [98, 90, 90])
    sheet = sheet.score_close(0, P, {0: 5, 1: 20, 2: 30})
    assert sheet.finished and sheet.winner == 0


def test_fournier_everybody_out_tied_players_play_on() -> None:
    sheet = sheet_at(FOURNIER, [98, 90, 90])
    sheet = sheet.score_close(0, P, {0: 5, 1: 13, 2: 30})
    assert not sheet.finished and sheet.in_game == (0, 1)
    sheet = sheet.score_close(1, P, {0: 10, 1: 2})
    assert sheet.finished and sheet.winner == 1


def test_jeux_de_cartes_everybody_out_lowest_total_wins() -> None:
    sheet = sheet_at(JDC, [95, 99, 90])
    sheet = sheet.score_close(1, Outcome.CHINCHON, {0: 0, 1: 0, 2: 3})
    # The closer of a chinchón went to 89; the others over 100: he is the last one in.
    assert sheet.winner == 1
    sheet = sheet_at(JDC, [99, 99, 90]).score_close(0, P, {0: 3, 1: 20, 2: 30})
    assert sheet.finished and sheet.winner == 0


def test_ludoteka_closer_wins_when_his_close_eliminates_all_opponents_even_with_returns() -> None:
    rules = get_rules("ludoteka", returns=2)
    sheet = sheet_at(rules, [10, 95, 90]).score_close(0, P, {0: 2, 1: 20, 2: 30})
    assert sheet.finished and sheet.winner == 0
    with pytest.raises(ReturnError, match="over"):
        sheet.spend_return(1)


# --- Closing near the limit; the stock running out ---------------------------------------------


def test_ludoteka_closer_may_not_close_with_a_loose_card_over_the_limit() -> None:
    sheet = sheet_at(LUDOTEKA, [97, 10])
    hands: dict[int, Holding] = {0: hand("3c 4c 5c 7o 7e 7b 4b"), 1: hand("6c 2c 11o 12o 3o 4e 5e")}
    assert not sheet.may_close(0, hands[0])
    with pytest.raises(CloseError, match="may not close"):
        sheet.close(0, hands)
    with pytest.raises(ScoreError, match="over the limit"):
        sheet.score_close(0, P, {0: 4, 1: 10})
    # At 96 the same close is allowed and he stays in at exactly 100.
    sheet = sheet_at(LUDOTEKA, [96, 10])
    sheet, _ = sheet.close(0, hands)
    assert sheet.totals[0] == 100 and 0 in sheet.in_game


def test_ludoteka_stock_runs_out_fourth_time_everyone_scores_loose_points() -> None:
    sheet = ScoreSheet.start(LUDOTEKA, 2)
    sheet, end = sheet.stock_ran_out({0: hand("1o 2o 3o 5c 6c 10e 11e"),
                                      1: hand("4o 7c 7e 7b 1b 2b 12b")})
    assert sheet.totals == (31, 17)
    assert sheet.history[-1].kind is EntryKind.NO_CLOSER and sheet.history[-1].closer is None
    assert all(not player.laid_off for player in end.players)


@pytest.mark.parametrize("rules", [BARAJAMOS, FOURNIER, JDC], ids=lambda r: r.id)
def test_stock_runs_out_reshuffles_elsewhere(rules: Rules) -> None:
    sheet = ScoreSheet.start(rules, 3)
    with pytest.raises(ScoreError, match="reshuffled"):
        sheet.score_no_closer({0: 1, 1: 2, 2: 3})


# --- Illegal actions ---------------------------------------------------------------------------


def test_scoring_a_hand_after_the_game_ended() -> None:
    sheet = ScoreSheet.start(BARAJAMOS, 3).score_close(0, Outcome.CHINCHON, {0: 0, 1: 3, 2: 4})
    with pytest.raises(GameOverError, match="over"):
        sheet.score_close(1, P, {0: 0, 1: 0, 2: 0})


def test_returning_while_still_in() -> None:
    with pytest.raises(ReturnError, match="still in"):
        ScoreSheet.start(BARAJAMOS, 3).spend_return(1)


def test_bad_seats_and_scores() -> None:
    sheet = ScoreSheet.start(BARAJAMOS, 3)
    with pytest.raises(SeatError, match="no seat 5"):
        sheet.score_close(5, P, {0: 0, 1: 0, 2: 0})
    with pytest.raises(SeatError, match="seats in the game"):
        sheet.score_close(0, P, {0: 0, 1: 0})
    with pytest.raises(ScoreError, match="at most 5"):
        sheet.score_close(0, P, {0: 6, 1: 0, 2: 0})
    with pytest.raises(ScoreError, match="every card melded"):
        sheet.score_close(0, Outcome.MINUS_TEN, {0: 3, 1: 0, 2: 0})
    with pytest.raises(ScoreError, match="no seven-card run with a joker"):
        sheet.score_close(0, Outcome.CHINCHON_WITH_JOKER, {0: 0, 1: 0, 2: 0})
    out = sheet.score_close(0, P, {0: 0, 1: 71, 2: 0})
    with pytest.raises(SeatError, match="out of the game"):
        out.score_close(1, P, {0: 0, 2: 0})


def test_player_count_checked() -> None:
    with pytest.raises(ScoreError, match="3 to 6 players"):
        ScoreSheet.start(BARAJAMOS, ["Ana", "Blas"])


def test_turn_order_skips_players_out() -> None:
    sheet = ScoreSheet.start(BARAJAMOS, 4).score_close(0, P, {0: 0, 1: 0, 2: 80, 3: 0})
    assert sheet.turn_order(1) == (3, 0)


# --- Whole games -------------------------------------------------------------------------------


def deal(rng: random.Random, rules: Rules, closer: int, seats: tuple[int, ...]
         ) -> dict[int, Holding]:
    """A closer who may close (rarely a chinchón, which ends most games at once) and seven
    cards for everybody else, drawn from the cheaper cards so that games last a while."""
    while True:
        closer_hand, _ = random_pair(rng, rules)
        if rng.random() < 0.05 or not analyze(closer_hand, rules).arrangement.is_seven_run():
            break
    pool = list(rules.deck.cards())
    for card in closer_hand:
        pool.remove(card)
    rng.shuffle(pool)
    pool.sort(key=rules.points)
    cheap = pool[:len(pool) * 2 // 3]
    rng.shuffle(cheap)
    hands: dict[int, Holding] = {seat: tuple(cheap.pop() for _ in range(7))
                                 for seat in seats if seat != closer}
    hands[closer] = closer_hand
    return hands


@pytest.mark.parametrize("rules,players", [
    (BARAJAMOS, 4), (get_rules("barajamos", decks=2), 6), (FOURNIER, 3), (JDC, 4),
    (get_rules("jeux-de-cartes", decks=2), 5), (get_rules("ludoteka", returns=1), 3),
    (get_rules("ludoteka", jokers=2), 4)], ids=lambda v: getattr(v, "id", str(v)))
def test_whole_game(rules: Rules, players: int) -> None:
    rng = random.Random(f"{rules!r} {players}")
    sheet = ScoreSheet.start(rules, players)
    seat = 0
    for _ in range(300):
        if sheet.finished:
            break
        before = sheet
        seats = sheet.in_game
        closer = next(s for s in [*range(seat, players), *range(seat)] if s in seats)
        seat = (closer + 1) % players
        hands = deal(rng, rules, closer, seats)
        if rules.stock_runs_out_end and rng.random() < 0.1:
            sheet, end = sheet.stock_ran_out(hands)
        elif not sheet.may_close(closer, hands[closer]):
            continue  # ludoteka: this close would take him over the limit
        else:
            sheet, end = sheet.close(closer, hands)
        entry = sheet.history[-1]
        # Every seat in the hand added exactly what the end of the hand says.
        order = (closer, *before.turn_order(closer)) if end.close else seats
        for index, seat_id in enumerate(order):
            added = entry.added[seat_id]
            assert added is not None
            if end.close is None or index:
                chinchon = end.outcome is Outcome.CHINCHON and rules.id == "jeux-de-cartes"
                assert added == end.players[index].loose_points + (100 if chinchon else 0)
            elif end.players[0].score is not None:
                assert added == end.players[0].score
            assert sheet.totals[seat_id] == before.totals[seat_id] + added
        if rules.id != "fournier":  # fournier's tied players play on above the limit
            assert all(sheet.totals[s] <= rules.limit for s in sheet.in_game)
        for s in range(players):
            if sheet.can_return(s) and rng.random() < 0.7:
                sheet = sheet.spend_return(s)
                assert sheet.totals[s] == max(sheet.totals[t] for t in sheet.in_game)
    assert sheet.finished
    if sheet.winner is not None:
        assert sheet.winner in before.in_game
    else:
        assert rules.id in ("barajamos", "jeux-de-cartes", "ludoteka")


def test_may_close_judges_an_imposed_arrangement() -> None:
    sheet = ScoreSheet.start(BARAJAMOS, 3)
    assert sheet.may_close(0, hand("7o 7c 7b 9e 10e 11e 4o"))
    assert sheet.may_close(0, Arrangement.parse("7o 7c 7b | 9e 10e 11e / 4o", BARAJAMOS))
    assert not sheet.may_close(0, Arrangement.parse("7o 7c 7b / 9e 10e 11e 4o", BARAJAMOS))


def test_barajamos_next_hand_starts_with_the_next_player_still_in() -> None:
    sheet = ScoreSheet.start(BARAJAMOS, 4).score_close(0, P, {0: 0, 1: 80, 2: 0, 3: 0})
    assert sheet.next_in(0) == 2 and sheet.next_in(1) == 2 and sheet.next_in(3) == 0


def test_ludoteka_hand_ends_with_no_closer_the_4th_time_the_stock_runs_out() -> None:
    assert [stock_runs_out_ends_hand(LUDOTEKA, times) for times in (1, 2, 3, 4)] == [
        False, False, False, True]
    for rules in (BARAJAMOS, FOURNIER, JDC):
        assert not stock_runs_out_ends_hand(rules, 10)
