"""chinchon.game.state: one test per rule of the deal, the turn, the empty stock, the first round,
the near-limit close, returns and the end of the game, per profile; views hide what they must."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from chinchon.engine.cards import Card, parse_hand
from chinchon.engine.rules import Rules, get_rules
from chinchon.game.actions import Discard, Draw, Return
from chinchon.game.players import play_game
from chinchon.game.seat_view import view
from chinchon.game.state import (
    GameError,
    GameState,
    IllegalActionError,
    Phase,
    apply,
    can_apply,
    legal_actions,
    new_game,
    replay,
    why_illegal,
)

PROFILES = ["barajamos", "fournier", "jeux-de-cartes", "ludoteka"]


def table(rules_id: str, players: int, **options: int) -> Rules:
    return get_rules(rules_id, players=players, **options)


def rigged(state: GameState, hands: list[str | None], stock: str, pile: str, *, turn: int = 0,
           phase: Phase = Phase.DRAW, totals: tuple[int, ...] | None = None, turns: int = 10,
           runouts: int = 0) -> GameState:
    """``state`` with the cards placed by hand (the rest of the deck must be accounted for by
    the caller only when conservation is tested)."""
    sheet = state.sheet if totals is None else replace(state.sheet, totals=totals)
    return replace(state, hands=tuple(None if h is None else parse_hand(h) for h in hands),
                   stock=parse_hand(stock), pile=parse_hand(pile), turn=turn, phase=phase,
                   sheet=sheet, turns=turns, runouts=runouts, drawn=None, drew_from=None)


def with_drawn(state: GameState, card: str, source: str = "stock") -> GameState:
    return replace(state, drawn=Card.parse(card), drew_from=source)


# --- The deck and the deal -----------------------------------------------------------------------


@pytest.mark.parametrize(("rules_id", "players", "copies"), [
    ("barajamos", 3, 1), ("barajamos", 4, 1), ("barajamos", 5, 2), ("barajamos", 6, 2),
    ("fournier", 4, 1), ("jeux-de-cartes", 4, 1), ("jeux-de-cartes", 5, 2),
    ("jeux-de-cartes", 8, 2), ("ludoteka", 4, 1)])
def test_deck_follows_the_player_count(rules_id: str, players: int, copies: int) -> None:
    assert table(rules_id, players).deck.copies == copies


def test_a_decks_option_still_forces_one_deck() -> None:
    rules = table("barajamos", 5, decks=1)
    assert rules.deck.copies == 1
    new_game(rules, 5, seed=1)  # 48 cards deal 35 and an upcard


def test_a_deck_too_small_for_the_table_is_refused() -> None:
    with pytest.raises(GameError, match="cannot deal 7 cards each to 6 players"):
        new_game(table("jeux-de-cartes", 6, decks=1), 6)


@pytest.mark.parametrize("players", [2, 7])
def test_barajamos_is_for_three_to_six_players(players: int) -> None:
    with pytest.raises(GameError, match="Barajamos is for 3 to 6 players"):
        new_game(get_rules("barajamos"), players)


@pytest.mark.parametrize("rules_id", PROFILES)
def test_the_deal_gives_seven_each_and_an_upcard(rules_id: str) -> None:
    rules = table(rules_id, 4)
    state = new_game(rules, 4, seed=5)
    assert all(len(held or ()) == 7 for held in state.hands)
    assert len(state.pile) == 1
    assert len(state.stock) == len(rules.deck) - 29
    assert state.cards_in_play() == Counter(rules.deck.cards())
    assert state.phase is Phase.DRAW and state.turn == state.first


def test_the_same_seed_deals_the_same_game_and_another_seed_another() -> None:
    rules = get_rules("fournier")
    assert new_game(rules, 2, seed=4).hands == new_game(rules, 2, seed=4).hands
    assert new_game(rules, 2, seed=4).hands != new_game(rules, 2, seed=5).hands


# --- The turn ------------------------------------------------------------------------------------


def test_a_turn_is_a_draw_then_a_discard() -> None:
    state = new_game(get_rules("fournier"), 2, seed=1)
    seat = state.turn
    assert legal_actions(state) == [Draw("stock"), Draw("pile")]
    top = state.top
    state = apply(state, Draw("pile"))
    assert state.hands[seat][-1] == top and len(state.hands[seat]) == 8
    assert state.known[seat] == (top,) and state.taken == ((seat, top),)
    card = state.hands[seat][0]
    state = apply(state, Discard(card))
    assert state.pile[-1] == card and state.turn == 1 - seat and state.phase is Phase.DRAW
    assert state.turns == 1


def test_an_illegal_action_names_the_move_and_why() -> None:
    state = new_game(get_rules("fournier"), 2, seed=1)
    seat = state.turn
    with pytest.raises(IllegalActionError, match=f"illegal move '7o' in hand 1: seat {seat} must "
                                                 "draw, not discard"):
        apply(state, Discard(Card.parse("7o")))
    state = apply(state, Draw("stock"))
    assert not can_apply(state, Draw("stock"))
    missing = next(c for c in get_rules("fournier").deck.cards() if c not in state.hands[seat])
    assert f"does not hold {missing.code()}" in (why_illegal(state, Discard(missing)) or "")


def test_closing_is_legal_only_when_the_rules_allow_it() -> None:
    state = new_game(get_rules("fournier"), 2, seed=1)
    state = rigged(state, [None, "1o 2o 3o 5c 5e 5b 12b 4c"], "", "7o", turn=1,
                   phase=Phase.DISCARD)
    state = with_drawn(replace(state, hands=(parse_hand("1c 2c 3c 4e 6e 7e 10e"),
                                             state.hands[1])), "4c")
    closes = [a for a in legal_actions(state) if isinstance(a, Discard) and a.close]
    assert closes == [Discard(Card.parse("12b"), close=True)]
    with pytest.raises(IllegalActionError, match=r"may not close: .*loose points, more than 5"):
        apply(state, Discard(Card.parse("1o"), close=True))


# --- The empty stock -----------------------------------------------------------------------------


def empty_stock(rules_id: str, runouts: int = 0) -> GameState:
    rules = get_rules(rules_id, players=3)
    state = new_game(rules, 3, seed=2)
    deck = list(rules.deck.cards())
    hands = [deck[0:7], deck[7:14], deck[14:21]]
    pile = deck[21:]
    return replace(state, hands=tuple(tuple(h) for h in hands), stock=(), pile=tuple(pile),
                   turn=0, phase=Phase.DRAW, turns=9, runouts=runouts)


def test_barajamos_empty_stock_shuffles_the_whole_pile() -> None:
    state = empty_stock("barajamos")
    before = len(state.pile)
    after = apply(state, Draw("stock"))
    assert after.pile == () and len(after.stock) == before - 1 and after.runouts == 1
    assert after.cards_in_play() == state.cards_in_play()


def test_fournier_empty_stock_keeps_the_top_card() -> None:
    state = empty_stock("fournier")
    top = state.top
    after = apply(state, Draw("stock"))
    assert after.pile == (top,) and len(after.stock) == len(state.pile) - 2


@pytest.mark.parametrize("rules_id", ["jeux-de-cartes", "ludoteka"])
def test_jeux_de_cartes_and_ludoteka_empty_stock_shuffle_the_discards(rules_id: str) -> None:
    after = apply(empty_stock(rules_id), Draw("stock"))
    assert after.pile == () and after.phase is Phase.DISCARD


def test_ludoteka_fourth_empty_stock_ends_the_hand_with_no_closer() -> None:
    state = empty_stock("ludoteka", runouts=3)
    after = apply(state, Draw("stock"))
    result = after.results[-1]
    assert result.closer is None and result.hand == 1 and result.seat == 0
    assert all(player.laid_off == () for player in result.end.players)
    assert result.scores == tuple(p.loose_points for p in result.end.players)
    assert after.hand == 2 or after.phase is not Phase.DRAW


def test_ludoteka_third_empty_stock_still_rebuilds() -> None:
    after = apply(empty_stock("ludoteka", runouts=2), Draw("stock"))
    assert after.runouts == 3 and after.phase is Phase.DISCARD


def test_a_rebuilt_stock_comes_from_the_seed() -> None:
    one = apply(empty_stock("barajamos"), Draw("stock"))
    two = apply(empty_stock("barajamos"), Draw("stock"))
    assert one.stock == two.stock


# --- The first round and the near-limit close ----------------------------------------------------


def closing_turn(rules_id: str, *, turns: int, total: int = 0, hand: str = "1o 2o 3o 5c 5e 5b "
                 "1b 12e") -> GameState:
    rules = get_rules(rules_id, players=3)
    state = new_game(rules, 3, seed=1)
    state = rigged(state, [hand, "4c 4e 4b 6c 6e 6b 7c", "10o 10c 10e 11o 11c 11e 12o"], "", "",
                   phase=Phase.DISCARD, turns=turns, totals=(total, 0, 0))
    return with_drawn(state, "12e")


def test_ludoteka_never_closes_in_the_first_round() -> None:
    state = closing_turn("ludoteka", turns=1)
    assert state.first_round
    assert not any(isinstance(a, Discard) and a.close for a in legal_actions(state))
    with pytest.raises(IllegalActionError, match="nobody closes in the first round"):
        apply(state, Discard(Card.parse("12e"), close=True))


@pytest.mark.parametrize("rules_id", ["barajamos", "fournier", "jeux-de-cartes"])
def test_other_profiles_close_in_the_first_round(rules_id: str) -> None:
    state = closing_turn(rules_id, turns=0)
    assert can_apply(state, Discard(Card.parse("12e"), close=True))


def test_ludoteka_closes_after_the_first_round() -> None:
    state = closing_turn("ludoteka", turns=3)
    assert can_apply(state, Discard(Card.parse("12e"), close=True))


def test_ludoteka_near_the_limit_a_loose_card_may_not_take_the_closer_over() -> None:
    state = closing_turn("ludoteka", turns=3, total=100)
    with pytest.raises(IllegalActionError, match="without going over 100 from 100"):
        apply(state, Discard(Card.parse("12e"), close=True))
    state = closing_turn("ludoteka", turns=3, total=100, hand="1o 2o 3o 5c 5e 5b 4o 12e")
    after = apply(state, Discard(Card.parse("12e"), close=True))
    assert after.results[-1].scores[0] == -10


def test_a_close_goes_through_the_lay_off_engine_and_the_score_sheet() -> None:
    state = closing_turn("barajamos", turns=3)
    after = apply(state, Discard(Card.parse("12e"), close=True))
    result = after.results[-1]
    assert result.closer == 0 and result.closed_card == Card.parse("12e")
    assert result.end.players[0].score == 1
    assert [p.loose_points for p in result.end.players] == [1, 7, 12]
    assert result.totals == (1, 7, 12)
    assert after.hand == 2 and after.first == (state.first + 1) % 3


def test_the_closers_face_down_card_stays_out_of_the_others_views() -> None:
    state = closing_turn("barajamos", turns=3)
    after = apply(state, Discard(Card.parse("12e"), close=True))
    assert after.results[-1].closed_card == Card.parse("12e")  # the table's end screen
    assert view(after, 0).results[-1].closed_card == Card.parse("12e")  # he threw it
    for seat in (1, 2):
        seen = view(after, seat).results[-1]
        assert seen.closed_card is None
        assert seen.end == after.results[-1].end and seen.closer == 0


# --- Rotation, returns and the end of the game ---------------------------------------------------


@pytest.mark.parametrize("rules_id", PROFILES)
def test_the_start_passes_to_the_next_seat_in(rules_id: str) -> None:
    rules = table(rules_id, 3)
    final = play_game(rules, ["greedy"] * 3, seed=11)
    starts = [result.first for result in final.results]
    for before, after, result in zip(starts, starts[1:], final.results, strict=False):
        playing = [added is not None for added in result.scores]
        # the next seat after ``before`` that is in the next hand
        nxt = next((before + k) % 3 for k in range(1, 4)
                   if final.results[final.results.index(result) + 1].scores[(before + k) % 3]
                   is not None)
        assert after == nxt, (starts, playing)


def out_after_hand(rules_id: str, players: int) -> GameState:
    """Seat 2 (or 1) goes out with a close by seat 0."""
    rules = get_rules(rules_id, players=players)
    state = new_game(rules, players, seed=3)
    loser = players - 1
    hands = ["1o 2o 3o 5c 5e 5b 1b 12e", "4c 4e 4b 6c 6e 6b 7c"][:players - 1]
    hands.append("10o 10c 11e 12b 7o 2e 3b")  # nothing melds: over any limit from 90 (60)
    totals = tuple(90 if seat == loser else 10 for seat in range(players))
    if rules.limit == 70:
        totals = tuple(60 if seat == loser else 10 for seat in range(players))
    state = rigged(state, hands, "", "", phase=Phase.DISCARD, turns=5, totals=totals)
    state = with_drawn(state, "12e")
    return apply(state, Discard(Card.parse("12e"), close=True))


def test_barajamos_the_eliminated_player_decides_on_a_return() -> None:
    state = out_after_hand("barajamos", 3)
    assert state.phase is Phase.RETURN and state.turn == 2
    assert legal_actions(state) == [Return(True), Return(False)]
    seen = view(state, 2)
    assert seen.returns_left == 2 and seen.legal == (Return(True), Return(False))
    back = apply(state, Return(True))
    assert back.sheet.playing[2] and back.totals[2] == max(back.totals[0], back.totals[1])
    assert back.hand == 2 and back.hands[2] is not None
    out = apply(state, Return(False))
    assert not out.sheet.playing[2] and out.hands[2] is None and out.hand == 2


def test_fournier_has_no_returns() -> None:
    state = out_after_hand("fournier", 3)
    assert state.phase is Phase.DRAW and state.hand == 2 and state.hands[2] is None


def test_ludoteka_has_no_returns_by_default() -> None:
    state = out_after_hand("ludoteka", 3)
    assert state.phase is Phase.DRAW and state.hands[2] is None


def test_jeux_de_cartes_returns_are_unlimited() -> None:
    state = out_after_hand("jeux-de-cartes", 3)
    assert state.phase is Phase.RETURN and view(state, 2).returns_left is None


@pytest.mark.parametrize("rules_id", ["fournier", "jeux-de-cartes", "ludoteka"])
def test_end_of_game_when_one_player_is_left(rules_id: str) -> None:
    state = out_after_hand(rules_id, 2)
    assert state.phase is Phase.OVER and state.winner == 0 and state.is_over
    assert legal_actions(state) == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        apply(state, Draw("stock"))


def test_barajamos_chinchon_wins_the_game_at_once() -> None:
    rules = get_rules("barajamos", players=3)
    state = new_game(rules, 3, seed=3)
    state = rigged(state, ["3e 4e 5e 6e 7e 8e 9e 12o", "4c 4o 4b 6c 6o 6b 7c",
                           "10o 10c 10e 11o 11c 11e 12c"], "", "", phase=Phase.DISCARD, turns=5)
    state = with_drawn(state, "12o")
    after = apply(state, Discard(Card.parse("12o"), close=True))
    assert after.is_over and after.winner == 0


# --- Views and replays ---------------------------------------------------------------------------


def test_a_view_shows_own_cards_counts_and_pile_takes_only() -> None:
    state = new_game(get_rules("fournier"), 2, seed=8)
    state = apply(state, Draw("pile"))
    taker = state.turn
    taken = state.drawn
    mine, theirs = view(state, taker), view(state, 1 - taker)
    assert mine.hand == state.hands[taker] and theirs.hand == state.hands[1 - taker]
    assert theirs.counts[taker] == 8 and theirs.known[taker] == (taken,)
    assert theirs.drawn is None and mine.drawn == taken and theirs.legal == ()
    assert taken in theirs.seen and sum(theirs.unseen().values()) == 40 - 7 - 1
    assert not hasattr(theirs, "stock")


def test_a_seed_and_the_actions_rebuild_every_state() -> None:
    final = play_game(get_rules("jeux-de-cartes", players=3), ["greedy", "random", "greedy"], 4)
    states = list(replay(final.rules, final.names, final.seed, final.actions()))
    assert states[-1] == final and states[-1].events() == final.events()


def test_a_hand_result_names_the_seat_of_each_player() -> None:
    final = play_game(get_rules("barajamos", players=4), ["greedy", "random"] * 2, seed=6)
    for result in final.results:
        seats = result.player_seats
        assert len(seats) == len(result.end.players)
        if result.closer is not None:
            assert seats[0] == result.closer
        for seat, player in zip(seats, result.end.players, strict=True):
            assert result.scores[seat] == player.score or result.closer == seat
