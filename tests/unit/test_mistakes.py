"""A played game's mistakes as lesson hands: a game where you always throw the first card you
may is full of them, each graded a mistake or worse by the coach on its own; a game where you
always play the coach's best move has none; a stored game is rebuilt from its setup and moves."""

from __future__ import annotations

from chinchon.game.actions import Discard
from chinchon.game.state import legal_actions
from chinchon.views import play as play_model
from chinchon.views import seat_coach
from chinchon.views.coach import GRADES
from chinchon.views.mistakes import game_of, mistake_hands

ACTIONS = 60


def played(best: bool) -> play_model.Game:
    game = play_model.new_game(play_model.parse_setup("fournier", {}, "greedy", "11"))
    while not game.over and len(game.actions) < ACTIONS:
        game = game.play_bots()
        if game.over or len(game.actions) >= ACTIONS:
            break
        game = game.play(seat_coach.hint(game.state)[0] if best else legal_actions(game.state)[0])
    return game


def test_careless_throws_are_the_mistakes_and_best_play_has_none() -> None:
    careless = played(best=False)
    hands = mistake_hands(careless)
    assert hands
    graded = {}
    for i in play_model.decisions(careless):
        verdict = seat_coach.grade_action(careless.states[i], careless.actions[i])
        if isinstance(careless.actions[i], Discard) and verdict is not None:
            graded[tuple(verdict.position.hand)] = verdict.grade
    assert all(len(hand) == 8 for hand in hands)
    assert all(GRADES.index(graded[hand]) >= GRADES.index("mistake") for hand in hands)
    assert mistake_hands(played(best=True)) == ()


def test_a_stored_game_is_rebuilt_from_its_setup_and_moves() -> None:
    game = played(best=False)
    again = game_of(game.setup.query(), game.code())
    assert again.actions == game.actions[:len(again.actions)] and again.actions
