"""The bots decide from a view: greedy's three rules, expert's close and wait, random's legality,
reproducible choices, and the positions generator."""

from __future__ import annotations

from dataclasses import replace

import pytest

from chinchon.engine.cards import Card, parse_hand
from chinchon.engine.rules import get_rules
from chinchon.game.actions import Discard, Draw, Return
from chinchon.game.bots import BotError, GreedyBot, RandomBot, StalledGameError
from chinchon.game.expert import ExpertBot
from chinchon.game.players import BOT_NAMES, make_bot, play_game
from chinchon.game.positions import game_positions
from chinchon.game.seat_view import view
from chinchon.game.state import GameState, Phase, new_game


def placed(rules_id: str, hand: str, pile: str, *, phase: Phase = Phase.DRAW, drawn: str = "",
           total: int = 0, players: int = 2, totals: tuple[int, ...] | None = None,
           turns: int = 5, stock: str = "1c 2c 3c") -> GameState:
    """Seat 0 to play holding ``hand``, the others holding filler cards; ``totals`` (one per
    seat) overrides ``total`` and ``players``."""
    if totals is not None:
        players = len(totals)
    rules = get_rules(rules_id, players=players)
    state = new_game(rules, players, seed=1)
    others = ["4c 4e 4b 6c 6e 6b 7c", "8c 8e 8b 9c 9e 9b 10c"]
    hands = (parse_hand(hand), *(parse_hand(h) for h in others[:players - 1]))
    totals = (total, *([0] * (players - 1))) if totals is None else totals
    sheet = replace(state.sheet, totals=totals)
    return replace(state, hands=hands, pile=parse_hand(pile), stock=parse_hand(stock),
                   phase=phase, turn=0, turns=turns, sheet=sheet,
                   drawn=Card.parse(drawn) if drawn else None,
                   drew_from="stock" if drawn else None)


def test_greedy_takes_the_top_only_if_it_lowers_his_loose_points() -> None:
    bot = GreedyBot()
    assert bot.choose(view(placed("fournier", "1o 2o 5c 5e 12b 11e 10b", "3o"), 0)) == \
        Draw("pile")
    assert bot.choose(view(placed("fournier", "1o 2o 5c 5e 12b 11e 10b", "12c"), 0)) == \
        Draw("stock")


def test_greedy_throws_the_card_that_leaves_the_fewest_points() -> None:
    state = placed("fournier", "1o 2o 3o 5c 5e 12b 11e 1b", "", phase=Phase.DISCARD,
                   drawn="1b")
    assert GreedyBot().choose(view(state, 0)) == Discard(Card.parse("12b"))


def test_greedy_closes_as_soon_as_he_may() -> None:
    state = placed("fournier", "1o 2o 3o 5c 5e 5b 2b 12e", "", phase=Phase.DISCARD, drawn="12e")
    assert GreedyBot().choose(view(state, 0)) == Discard(Card.parse("12e"), close=True)


def test_expert_closes_when_he_may() -> None:
    state = placed("fournier", "1o 2o 3o 5c 5e 5b 2b 12e", "", phase=Phase.DISCARD, drawn="12e")
    assert ExpertBot().choose(view(state, 0)) == Discard(Card.parse("12e"), close=True)


def test_expert_nowait_keeps_the_older_rule_waiting_only_when_closing_takes_him_over() -> None:
    older = make_bot("expert-nowait")
    assert older.name == "expert-nowait" and "expert-nowait" not in BOT_NAMES
    state = placed("barajamos", "1o 2o 3o 5c 5e 5b 2b 12e", "", phase=Phase.DISCARD,
                   drawn="12e", total=69, players=3)
    choice = older.choose(view(state, 0))
    assert isinstance(choice, Discard) and not choice.close
    state = placed("barajamos", "1o 2o 3o 5c 5e 5b 2b 12e", "", phase=Phase.DISCARD,
                   drawn="12e", total=68, players=3)
    assert older.choose(view(state, 0)) == Discard(Card.parse("12e"), close=True)


def test_expert_takes_a_top_card_that_lets_him_close() -> None:
    state = placed("fournier", "1o 2o 3o 5c 5e 2b 12e", "5b")
    assert ExpertBot().choose(view(state, 0)) == Draw("pile")


@pytest.mark.parametrize("name", BOT_NAMES)
def test_every_bot_plays_legal_moves_and_the_same_seed_gives_the_same_game(name: str) -> None:
    rules = get_rules("ludoteka")
    one = play_game(rules, [name, "greedy"], seed=3)
    two = play_game(rules, [name, "greedy"], seed=3)
    assert one.is_over and one.actions() == two.actions()


def test_bots_take_a_return_when_they_may() -> None:
    state = placed("barajamos", "1o 2o 3o 5c 5e 5b 2b", "", players=3)
    state = replace(state, phase=Phase.RETURN, turn=0)
    for bot in (GreedyBot(), ExpertBot()):
        assert bot.choose(view(state, 0)) == Return(True)
    assert RandomBot(1).choose(view(state, 0)) in (Return(True), Return(False))


def test_an_unknown_bot_is_refused() -> None:
    with pytest.raises(BotError, match="unknown bot 'wizard'"):
        make_bot("wizard")


def test_a_game_that_goes_on_too_long_stops_with_an_error() -> None:
    with pytest.raises(StalledGameError, match="still going after 10 actions"):
        play_game(get_rules("fournier"), ["random", "random"], seed=1, max_actions=10)


def test_positions_come_from_real_games_with_their_context() -> None:
    found = list(game_positions(get_rules("ludoteka"), ["expert", "greedy"], seed=2))
    assert {p.kind for p in found} == {"take", "discard"}
    for position in found:
        assert len(position.hand) == (7 if position.kind == "take" else 8)
        assert not set(position.hand) & set(position.seen)
        if position.kind == "discard":
            assert position.drawn in position.hand and isinstance(position.chosen, Discard)
        assert position.first_round == (position.turn <= 2)


def test_advance_lets_the_bots_play_until_the_human_must_act() -> None:
    from chinchon.game.players import advance, bots_for
    from chinchon.game.state import apply, legal_actions

    rules = get_rules("fournier", players=3)
    greedy, expert = bots_for(["greedy", "expert"], 9)
    seats = {1: greedy, 2: expert}
    state = advance(new_game(rules, ["you", "greedy", "expert"], 9), seats)
    for _ in range(40):
        if state.is_over:
            break
        assert state.turn == 0
        state = advance(apply(state, legal_actions(state)[0]), seats)
    assert state.turn == 0 or state.is_over
