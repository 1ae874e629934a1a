"""The Play page's service (chinchon.services.play) without Streamlit: a game dealt and read
from its address, your moves graded before they are applied, the closing question, take-backs,
finished hands, the bots' paced turns. Every deal is a fixed seed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from chinchon.engine.cards import Card
from chinchon.game import closing
from chinchon.game.actions import PILE, STOCK, Discard, Draw, Return
from chinchon.game.state import Phase, legal_actions
from chinchon.services import play
from chinchon.views import coach, seat_coach
from chinchon.views import play as play_model

#: A ludoteka deal (one greedy bot, seed 139) and your moves up to a close with two choices
#: (tests/unit/test_closing_choice.py recomputes it).
CHOICE_MOVES = "ExUTBwcHAgcCBwYVBwYCHw"


def _setup(rules_id: str = "fournier", seats: str = "greedy", seed: str = "7") -> play_model.Setup:
    return play_model.parse_setup(rules_id, {}, seats, seed)


def _at_the_choice() -> play.PlayState:
    game = play_model.load(_setup("ludoteka", "greedy", "139"), CHOICE_MOVES).catch_up()
    return replace(play.PlayState(), game=game)


def _your_turn(state: play.PlayState) -> play.PlayState:
    return play.bots_play(state)


def _until_a_hand_ends(state: play.PlayState) -> play.PlayState:
    """Your hinted moves and the bots' turns until the first hand ends."""
    while True:
        assert state.game is not None
        if state.game.state.results:
            return state
        state = play.bots_play(state)
        game = state.game
        assert game is not None
        if game.state.results:
            return state
        action = play.hint_move(game)
        assert action is not None
        state = play.your_move(state, action, coach=False, now=0.0).state


def test_start_deals_the_setup_with_nothing_seen_or_graded() -> None:
    setup = _setup()
    graded = play.your_move(_your_turn(play.start(setup)), Draw(STOCK), coach=True, now=0.0)
    assert graded.state.verdicts
    before = replace(graded.state, ack=3, hint=True, armed=True, closing="1o")
    state = play.start(setup, before)
    assert state.game == play_model.new_game(setup)
    assert (state.ack, state.verdicts, state.last, state.hint, state.armed, state.closing) == (
        0, {}, None, False, False, None)


def test_your_move_is_graded_on_the_position_before_it_is_applied() -> None:
    state = _your_turn(play.start(_setup()))
    game = state.game
    assert game is not None and game.your_turn
    action = legal_actions(game.state)[-1]
    moved = play.your_move(replace(state, hint=True, armed=True), action, coach=True, now=12.5)
    index = len(game.actions)
    assert moved.write
    assert moved.state.game == game.play(action)
    assert moved.state.verdicts == {index: seat_coach.grade_action(game.state, action)}
    assert moved.state.last == index
    assert (moved.state.hint, moved.state.armed, moved.state.bot_clock) == (False, False, 12.5)


def test_without_the_coach_a_move_is_not_graded() -> None:
    state = _your_turn(play.start(_setup()))
    assert state.game is not None
    moved = play.your_move(state, legal_actions(state.game.state)[0], coach=False, now=1.0)
    assert moved.write and moved.state.verdicts == {} and moved.state.last is None


def test_a_stale_move_changes_nothing_and_writes_nothing() -> None:
    state = _your_turn(play.start(_setup()))
    assert state.game is not None and state.game.state.phase is Phase.DRAW
    stale = Discard(Card.parse("1o"))  # a throw while you are to draw
    moved = play.your_move(replace(state, closing="1o"), stale, coach=False, now=5.0)
    assert not moved.write
    assert moved.state == replace(state, closing=None)


def test_a_close_with_several_choices_asks_what_you_show_first() -> None:
    state = _at_the_choice()
    game = state.game
    assert game is not None
    best = seat_coach.hint(game.state)[0]
    assert isinstance(best, Discard) and best.close
    asked = play.your_move(replace(state, armed=True), best, coach=True, now=1.0)
    assert not asked.write and asked.state.game is game
    assert asked.state.closing == best.card.code() and not asked.state.armed
    assert play.closing_question(game, asked.state.closing) == best.card
    # While the page asks, a click on a card throws nothing.
    assert play.card_action(asked.state, best.card.code()) is None
    options = closing.choices_in(game.state, best.card)
    shown = play.close_showing(asked.state, 1, coach=True, now=2.0)
    assert shown.write and shown.state.closing is None
    assert shown.state.game is not None
    assert shown.state.game.actions[len(game.actions)] == Discard(best.card, close=True,
                                                                  shown=options[1])
    ours = play.close_showing(asked.state, 0, coach=True, now=2.0)
    assert ours.state.game is not None and ours.state.game.actions[len(game.actions)] == best


def test_no_question_no_close() -> None:
    state = _at_the_choice()
    assert play.closing_question(state.game, None) is None  # type: ignore[arg-type]
    assert play.close_showing(state, 1, coach=True, now=0.0) == play.Moved(state)


def test_a_card_click_throws_it_and_closes_only_when_armed() -> None:
    state = _at_the_choice()
    game = state.game
    assert game is not None
    card = play_model.closing_cards(game)[0]
    assert play.card_action(state, card.code()) == Discard(card, close=False)
    assert play.card_action(replace(state, armed=True), card.code()) == Discard(card, close=True)
    assert play.card_action(state, None) is None
    assert play.armed_after(game, play.CLOSE, False) is True
    assert play.armed_after(game, play.CLOSE, True) is False
    assert play.armed_after(game, "other", True) is True


def test_the_draw_buttons_draw_only_when_you_are_to_draw() -> None:
    state = _your_turn(play.start(_setup()))
    game = state.game
    assert game is not None and game.state.phase is Phase.DRAW
    assert play.draw_action(game, play.DRAW_STOCK) == Draw(STOCK)
    assert play.draw_action(game, play.DRAW_PILE) == (Draw(PILE) if game.state.top else None)
    assert play.draw_action(game, None) is None
    after = game.play(Draw(STOCK))
    assert play.draw_action(after, play.DRAW_STOCK) is None  # now you throw


def test_take_back_drops_the_move_and_its_grade() -> None:
    state = _your_turn(play.start(_setup()))
    assert state.game is not None
    first = play.your_move(state, Draw(STOCK), coach=True, now=1.0).state
    assert first.game is not None
    second = play.your_move(first, legal_actions(first.game.state)[0], coach=True, now=2.0)
    back = play.take_back(replace(second.state, hint=True, armed=True, closing="1o"))
    assert back.write
    assert back.state.game == second.state.game.take_back()  # type: ignore[union-attr]
    assert back.state.game == first.game
    assert back.state.verdicts == first.verdicts and back.state.last == first.last
    assert (back.state.hint, back.state.armed, back.state.closing) == (False, False, None)


def test_the_bots_play_until_your_turn_and_leave_a_quiet_state_alone() -> None:
    state = play.start(_setup("barajamos", "greedy,random", "11"))
    game = state.game
    assert game is not None
    moved = play.your_move(_your_turn(state), Draw(STOCK), coach=False, now=0.0).state
    assert moved.game is not None
    thrown = play.your_move(moved, legal_actions(moved.game.state)[0], coach=False, now=0.0)
    assert thrown.state.game is not None and thrown.state.game.bot_to_move
    played = play.bots_play(thrown.state)
    assert played.game is not None and not play.bots_wait(played.game, played.ack)
    assert play.bots_play(played) is played  # nothing to play: the same state


def test_a_bot_tick_plays_one_turn_once_half_the_pace_has_passed() -> None:
    state = play.your_move(_your_turn(play.start(_setup())), Draw(STOCK), coach=False, now=10.0)
    assert state.state.game is not None
    thrown = play.your_move(state.state, legal_actions(state.state.game.state)[0], coach=False,
                            now=10.0).state
    assert thrown.game is not None and thrown.game.bot_to_move
    assert play.ticking(thrown.game, thrown.ack, 1.0)
    assert not play.ticking(thrown.game, thrown.ack, 0.0)  # instant: all at once instead
    assert play.bot_tick(thrown, now=10.4, pace=1.0) is thrown  # your move shows first
    ticked = play.bot_tick(thrown, now=10.5, pace=1.0)
    assert ticked.game == thrown.game.play_bot_turn() and ticked.bot_clock == 10.5
    assert ticked.game is not None and play.bots_done(thrown.game, ticked.game, ticked.ack)
    assert not play.bots_done(thrown.game, thrown.game, thrown.ack)


def test_a_finished_hand_shows_until_the_next_deal() -> None:
    state = _until_a_hand_ends(play.start(_setup("fournier", "greedy", "3")))
    game = state.game
    assert game is not None and len(game.state.results) == 1
    assert play.results_pending(game, state.ack)
    assert play.shown_hand(game, state.ack) == game.state.results[0].hand
    assert not play.bots_wait(game, state.ack)  # the bots wait while it shows
    after = play.next_deal(replace(state, review_at=4), now=3.0)
    assert (after.ack, after.review_at, after.bot_clock) == (1, None, 3.0)
    assert not play.results_pending(game, after.ack)
    assert play.shown_hand(game, after.ack) == game.state.hand


def test_a_hand_just_ended_shows_again_when_the_game_arrives_from_its_address() -> None:
    state = _until_a_hand_ends(play.start(_setup("fournier", "greedy", "3")))
    game = state.game
    assert game is not None
    arrived = play.arrived_state(game, replace(state, ack=1, verdicts={}, hint=True))
    assert arrived.ack == 0 and not arrived.hint
    # Once you have played in the next deal, the hand before counts as seen.
    later = play.your_move(play.bots_play(play.next_deal(state, now=0.0)),
                           Draw(STOCK), coach=False, now=0.0).state.game
    assert later is not None and play.arrived_state(later, state).ack == 1


def test_the_return_and_the_hint_are_yours_only_when_you_are_to_decide() -> None:
    state = _your_turn(play.start(_setup()))
    game = state.game
    assert game is not None
    assert play.hint_move(game) == seat_coach.hint(game.state)[0]
    assert play.return_move(game, True) is None  # no return to decide
    thrown = game.play(Draw(STOCK))
    thrown = thrown.play(legal_actions(thrown.state)[0])
    assert thrown.bot_to_move and play.hint_move(thrown) is None


def test_play_to_the_end_sees_every_hand() -> None:
    state = play.start(_setup("fournier", "greedy", "3"))
    ended = play.play_to_the_end(state)
    assert ended.game == state.game.play_bots()  # type: ignore[union-attr]
    assert ended.ack == len(ended.game.state.results)  # type: ignore[union-attr]


# --- The game from the address --------------------------------------------------------------------


def test_without_seats_or_seed_the_page_shows_the_setup_form() -> None:
    empty = play.PlayState()
    assert play.read_game(empty, play.Address(None, None, ""), "fournier", {},
                          arriving=True).shown == "none"
    alone = play.read_game(empty, play.Address(None, None, "AQ"), "fournier", {}, arriving=True)
    assert alone.shown == "moves_alone" and alone.game is None


def test_an_address_loads_its_game_with_the_bots_caught_up() -> None:
    setup = _setup()
    game = play.your_move(_your_turn(play.start(setup)), Draw(STOCK), coach=False, now=0.0)
    assert game.state.game is not None
    moves = game.state.game.code()
    address = play.Address("greedy", "7", moves + " ", lambda: setup.check)
    arrival = play.read_game(play.PlayState(), address, "fournier", {}, arriving=True)
    assert arrival.shown == "game" and arrival.arrived
    assert arrival.game == play_model.load(setup, moves).catch_up()
    assert arrival.state.url == moves
    # A rerun keeps the session's game: nothing to rebuild.
    again = play.read_game(arrival.state, play.Address(None, None, ""), "fournier", {},
                           arriving=False)
    assert again.state is arrival.state and not again.arrived


def test_a_bad_seed_is_named_and_offers_only_a_new_game() -> None:
    arrival = play.read_game(play.PlayState(), play.Address("greedy", "x7", ""), "fournier", {},
                             arriving=True)
    assert arrival.shown == "problem" and arrival.offer is None and arrival.game is None
    assert arrival.problem is not None and arrival.problem.field == "seed"


def test_bad_moves_are_named_and_offer_the_deal_again() -> None:
    setup = _setup()
    arrival = play.read_game(play.PlayState(), play.Address("greedy", "7", "!!", lambda: None),
                             "fournier", {}, arriving=True)
    assert arrival.shown == "problem" and arrival.offer == setup
    assert arrival.problem is not None and arrival.problem.field == "moves"


def test_a_seed_changed_under_the_moves_is_named_not_replayed() -> None:
    setup = _setup()
    arrival = play.read_game(play.PlayState(), play.Address("greedy", "8", "AQ",
                                                            lambda: setup.check),
                             "fournier", {}, arriving=True)
    assert arrival.shown == "mismatch" and arrival.offer == _setup(seed="8")


def test_the_check_is_read_only_when_the_address_is_the_truth() -> None:
    def never() -> str | None:
        raise AssertionError("the check was read")

    state = play.start(_setup())
    assert play.read_game(state, play.Address(None, None, "", never), "fournier", {},
                          arriving=False).game is state.game
    with pytest.raises(AssertionError, match="the check was read"):
        play.read_game(state, play.Address("greedy", "7", "", never), "fournier", {},
                       arriving=True)


def test_a_profile_changed_under_the_game_clears_it() -> None:
    state = replace(play.start(_setup()), url="")
    arrival = play.read_game(state, play.Address(None, None, ""), "ludoteka", {}, arriving=False)
    assert arrival.shown == "rules_changed" and arrival.state.game is None


def test_a_return_decision_shows_the_hand_just_finished_again() -> None:
    # In Barajamos a player past 100 may come back: play random moves until you decide one.
    setup = _setup("barajamos", "greedy,greedy", "5")
    game = play_model.new_game(setup)
    for _ in range(4000):
        game = game.play_bots()
        if game.over or game.state.phase is Phase.RETURN:
            break
        game = game.play(seat_coach.hint(game.state)[0] if len(game.state.results) % 2
                         else legal_actions(game.state)[-1])
    if game.state.phase is not Phase.RETURN:
        pytest.skip("this deal never asks you to come back")
    seen = len(game.state.results)
    assert play.acknowledged(game, seen) == seen - 1 and play.results_pending(game, seen)
    assert play.return_move(game, True) == Return(True)


# --- Whose game it is, and its result --------------------------------------------------------------


def test_a_game_follows_his_moves_and_only_the_bots_beyond_them() -> None:
    state = _your_turn(play.start(_setup()))
    assert state.game is not None
    first = state.game.play(Draw(STOCK))
    thrown = first.play(legal_actions(first.state)[0]).catch_up()
    his = thrown.prefix(len(first.actions) + 1).code()
    assert play.follows(thrown, his)  # beyond his throw only the bots played
    assert not play.follows(thrown, first.code())  # beyond his draw: his own throw
    assert play.follows(first, thrown.code())  # a shorter game (Back, a take-back) is his
    if state.game.state.top is not None:
        assert not play.follows(state.game.play(Draw(PILE)), first.code())
    assert not play.follows(first, "!!")  # moves that do not read


def test_the_final_result_keeps_the_winner_the_totals_and_the_graded_accuracy() -> None:
    moved = play.your_move(_your_turn(play.start(_setup())), Draw(STOCK), coach=True, now=0.0)
    game, verdicts = moved.state.game, moved.state.verdicts
    assert game is not None and len(verdicts) == 1
    result, accuracy = play.final_result(game, verdicts)
    assert result == {"winner": game.state.winner, "totals": list(game.state.totals)}
    expected = coach.review(verdicts.values()).accuracy
    assert expected is not None and accuracy == float(expected)
    assert play.final_result(game, {})[1] is None  # nothing graded: no accuracy
