"""The Play table's model (chinchon.views.play): setups from the URL, the dense moves, replay,
taking back, what the table shows, and the coach's positions from one seat's view."""

from __future__ import annotations

import random

import pytest

from chinchon.engine.rules import PROFILE_IDS
from chinchon.game.actions import Discard, Draw, Return
from chinchon.game.state import Phase, legal_actions
from chinchon.views import play as play_model
from chinchon.views import seat_coach


def _played(rules_id: str, bots: str = "greedy", seed: int = 4, moves: int = 60,
            options: dict[str, int] | None = None) -> play_model.Game:
    """A game where you play random legal moves and the bots answer, ``moves`` of yours."""
    game = play_model.new_game(play_model.parse_setup(rules_id, options or {}, bots, str(seed)))
    rng = random.Random(seed)
    for _ in range(moves):
        game = game.play_bots()
        if game.over:
            break
        game = game.play(rng.choice(legal_actions(game.state)))
    return game


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_moves_round_trip_through_the_dense_code(rules_id):
    game = _played(rules_id, "greedy,random", moves=80)
    code = game.code()
    again = play_model.load(game.setup, code)
    assert again.actions == game.actions and again.code() == code
    assert again.state.totals == game.state.totals and again.state.hands == game.state.hands
    # Half a byte per move (base64: 4 characters per 3 bytes), far under the 8 KB budget.
    assert len(code) <= (len(game.actions) + 1) // 2 * 4 / 3 + 4


def test_a_whole_game_fits_far_under_8_kb():
    # Random bots rarely close: a long game of six players (thousands of moves).
    game = _played("jeux-de-cartes", "random,random,random,random,random", seed=2, moves=2000)
    assert game.over and len(game.actions) > 3000
    assert len(game.code()) < 4096


def test_encode_uses_a_byte_when_a_state_has_more_than_15_actions():
    assert play_model.encode([15], [16]) == "Dw"
    assert play_model.encode([3, 1], [4, 2]) == "MQ"


@pytest.mark.parametrize(("seats", "seed", "field", "message"), [
    ("", "1", "seats", "at least one bot"),
    ("greedy,wizard", "1", "seats", "unknown bot 'wizard'"),
    ("greedy,greedy,greedy,greedy", "1", "seats", "2 to 4 players"),
    ("greedy", "-3", "seed", "not '-3'"),
    ("greedy", "12x", "seed", "not '12x'"),
    ("greedy", "99999999999", "seed", "whole number"),
])
def test_bad_setups_name_the_field_and_the_value(seats, seed, field, message):
    with pytest.raises(play_model.SetupError, match=message) as caught:
        play_model.parse_setup("fournier", {}, seats, seed)
    assert caught.value.field == field and isinstance(caught.value, ValueError)


def test_barajamos_needs_three_players():
    with pytest.raises(play_model.SetupError, match="3 to 6 players"):
        play_model.parse_setup("barajamos", {}, "expert", "1")
    assert play_model.parse_setup("barajamos", {}, "expert,random", "1").rules.deck.copies == 1
    assert play_model.parse_setup("barajamos", {}, "greedy," * 4 + "greedy", "1").rules.deck.copies == 2


@pytest.mark.parametrize(("code", "message"), [
    ("!!", "not base64url"),
    ("A", "not base64url"),
    ("_w", "picks action 16, but only 2 are legal"),  # 0xFF: the first state has 2 actions
])
def test_bad_moves_name_the_move(code, message):
    setup = play_model.parse_setup("fournier", {}, "greedy", "1")
    with pytest.raises(play_model.SetupError, match=message) as caught:
        play_model.load(setup, code)
    assert caught.value.field == "moves"


def test_moves_past_the_end_of_the_game_are_refused():
    game = _played("fournier", moves=400)
    assert game.over
    too_long = play_model.encode([*game.picks, 0, 0], [*game.sizes, 2, 2])
    with pytest.raises(play_model.SetupError, match="already over"):
        play_model.load(game.setup, too_long)


def test_take_back_returns_to_before_your_last_action():
    game = play_model.new_game(play_model.parse_setup("fournier", {}, "greedy", "3")).play_bots()
    assert game.your_turn and game.state.phase is Phase.DRAW
    drawn = game.play(Draw("stock"))
    assert drawn.take_back().code() == game.code()
    card = drawn.state.hands[seat_coach.HUMAN][0]
    thrown = drawn.play(Discard(card)).play_bots()
    back = thrown.take_back()
    assert back.code() == drawn.code() and back.state.phase is Phase.DISCARD
    assert play_model.new_game(game.setup).take_back().actions == ()


def test_bots_decide_from_their_view_and_replay_the_same_choice():
    setup = play_model.parse_setup("ludoteka", {}, "random", "8")
    one = play_model.new_game(setup).play_bots().play(Draw("stock"))
    one = one.play(Discard(one.state.hands[seat_coach.HUMAN][0])).play_bots()
    two = play_model.load(setup, one.code())
    while one.bot_to_move or two.bot_to_move:  # pragma: no cover - only if a hand ended
        one, two = one.play_bot(), two.play_bot()
    assert one.code() == two.code()


def test_seats_hide_the_bots_cards_unless_face_up():
    game = _played("jeux-de-cartes", "greedy,greedy", moves=3)
    hidden, shown = play_model.seats(game), play_model.seats(game, face_up=True)
    assert hidden[0].hand == game.state.hands[0]
    assert all(info.hand is None for info in hidden[1:])
    assert [info.hand for info in shown] == list(game.state.hands)
    for info in hidden:
        assert info.taken == tuple(c for who, c in game.state.taken if who == info.seat)


def test_turn_notes_hide_stock_cards_of_the_others():
    game = _played("fournier", "greedy", moves=10)
    for note in play_model.turns_since(game, 0):
        if note.seat != seat_coach.HUMAN and note.source == "stock":
            assert note.card is None
    assert all(n.card is not None for n in play_model.turns_since(game, 0, face_up=True))


def test_keep_points_and_closing_cards_after_drawing():
    game = play_model.new_game(play_model.parse_setup("barajamos", {}, "greedy,greedy", "5")).play_bots()
    assert play_model.keep_points(game) == {} and play_model.closing_cards(game) == ()
    drawn = game.play(Draw("stock"))
    discards = drawn.state.discards
    assert play_model.keep_points(drawn) == {c: r.loose_points for c, r in zip(discards.hand, discards.rows,
                                                                      strict=True)}
    closes = {a.card for a in legal_actions(drawn.state) if isinstance(a, Discard) and a.close}
    assert set(play_model.closing_cards(drawn)) == closes
    block = play_model.close_block(drawn)
    assert (block is None) == bool(closes)
    if block is not None:
        kind, values = block
        assert kind is play_model.Block.POINTS and values["points"] == min(r.loose_points
                                                                  for r in discards.rows)


def test_ludoteka_first_round_blocks_the_close():
    game = play_model.new_game(play_model.parse_setup("ludoteka", {}, "greedy", "1"))
    game = game.play_bots().play(Draw("stock"))
    if game.state.first_round:
        assert play_model.close_block(game) == (play_model.Block.FIRST_ROUND, {})


def test_arranged_hand_groups_the_solvers_melds():
    game = _played("fournier", moves=8)
    held = game.state.hands[seat_coach.HUMAN]
    groups = play_model.hand_groups(game, arranged=True)
    assert sorted(c for g in groups for c in g) == sorted(held)
    assert play_model.hand_groups(game, arranged=False) == (tuple(held),)


def test_coach_positions_come_from_your_view_only():
    game = play_model.new_game(play_model.parse_setup("fournier", {}, "greedy", "6")).play_bots()
    state = game.state
    draw = seat_coach.position(state)
    assert draw.hand == state.hands[seat_coach.HUMAN] and draw.top == state.top
    assert state.top not in draw.seen
    others = set(state.hands[1])
    assert not others & set(draw.seen) - {c for _, c in state.taken}
    drawn = game.play(Draw("stock"))
    discard = seat_coach.position(drawn.state)
    assert len(discard.hand) == 8 and discard.top is None
    graded = seat_coach.grade_action(drawn.state, seat_coach.hint(drawn.state)[0])
    assert graded is not None and graded.grade == "best"
    assert seat_coach.grade_action(drawn.state, Return(True)) is None


def test_review_grades_every_decision_of_yours():
    game = _played("fournier", moves=12)
    indexes = play_model.decisions(game)
    assert all(game.states[i].turn == seat_coach.HUMAN for i in indexes)
    assert all(not isinstance(game.actions[i], Return) for i in indexes)
    graded = play_model.verdicts(game, indexes)
    assert set(graded) == set(indexes)
    hand_one = play_model.decisions(game, hand=1)
    assert all(game.states[i].hand == 1 for i in hand_one)


def test_every_problem_is_worded_with_its_values():
    from chinchon.views import i18n

    for kind, values in play_model.PROBLEMS.items():
        for lang in i18n.LANGUAGES:
            text = i18n.catalog(lang)[f"play.problem.{kind}"]
            assert i18n.placeholders(text) == set(values), (kind, lang)
    with pytest.raises(play_model.SetupError) as caught:
        play_model.parse_setup("fournier", {}, "greedy,wizard", "1")
    assert caught.value.kind == "unknown_bot" and caught.value.values == {"value": "wizard"}


def test_catch_up_plays_the_bots_up_to_your_turn_or_a_hands_end():
    game = play_model.new_game(play_model.parse_setup("barajamos", {}, "greedy,expert", "3"))
    caught = game.catch_up()
    assert caught.your_turn or len(caught.state.results) == 1 or caught.over
    assert caught.catch_up() is caught  # nothing left for the bots
    assert all(caught.states[i].turn != seat_coach.HUMAN for i in range(len(caught.actions)))


def test_two_decks_round_trip_and_the_coach_grades_twin_cards():
    game = _played("barajamos", "greedy,greedy,expert,random,random", seed=7, moves=25)
    assert game.setup.rules.deck.copies == 2
    again = play_model.load(game.setup, game.code())
    assert again.state.hands == game.state.hands and again.code() == game.code()
    graded = play_model.verdicts(game, play_model.decisions(game)[:6])
    assert graded and all(v.grade in ("best", "good", "inaccuracy", "mistake", "blunder")
                          for v in graded.values())
