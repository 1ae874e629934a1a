"""The closer's choice inside a game: which arrangement (or naming of a joker) he shows.

The engine lists the choices (:mod:`chinchon.game.closing`), ``Discard.shown`` carries one,
the game checks it and ends the hand with it; records (text and JSON) and ``replay`` carry it.
"""

from __future__ import annotations

import io
import json
import sys
from functools import cache
from pathlib import Path

import pytest

from chinchon.cli import main
from chinchon.engine.cards import Card, parse_hand
from chinchon.engine.layoffs import resolve
from chinchon.engine.rules import get_rules
from chinchon.engine.solver import Arrangement, close
from chinchon.game.actions import (
    ActionError,
    Discard,
    decode_actions,
    encode_actions,
    parse_action,
    parse_shown,
    parse_token,
)
from chinchon.game.closing import (
    ChoiceError,
    choice_index,
    chosen_arrangement,
    closing_choices,
    same_shown,
)
from chinchon.game.players import bots_for, play_game
from chinchon.game.records import GameRecord, RecordError
from chinchon.game.seat_view import view
from chinchon.game.state import (
    GameState,
    IllegalActionError,
    Phase,
    apply,
    can_apply,
    legal_actions,
    replay,
    why_illegal,
)

LUDOTEKA_JOKERS = get_rules("ludoteka", jokers=2)
CLOSER = parse_hand("3c 4c JK 7o 7e 7b 1b")
#: An opponent whose 5c fits the run only when the closer's joker is named 2c.
OPPONENT = parse_hand("5c 1o 10o 11e 12b 6b 2e")


# --- The choices -------------------------------------------------------------------------------


def test_ours_comes_first_and_the_order_is_stable() -> None:
    choices = closing_choices(CLOSER, LUDOTEKA_JOKERS)
    ours = close(CLOSER, LUDOTEKA_JOKERS).arrangement
    assert same_shown(choices[0], ours)
    assert [c.code() for c in choices] == [c.code() for c in closing_choices(
        tuple(reversed(CLOSER)), LUDOTEKA_JOKERS)]
    assert len(choices) == 2


def test_a_choice_is_found_whatever_the_order_it_is_written_in() -> None:
    written = Arrangement.parse("JK=2c 3c 4c | 7b 7o 7e / 1b", LUDOTEKA_JOKERS)
    assert choice_index(written, CLOSER, LUDOTEKA_JOKERS) == 1
    assert chosen_arrangement(written, CLOSER, LUDOTEKA_JOKERS) == closing_choices(
        CLOSER, LUDOTEKA_JOKERS)[1]


def test_an_arrangement_that_does_not_close_best_is_refused_by_name() -> None:
    worse = Arrangement.parse("7o 7e 7b / 3c 4c JK 1b", LUDOTEKA_JOKERS)
    with pytest.raises(ChoiceError, match=r"may not show '7o 7e 7b / 3c 4c JK 1b'"):
        chosen_arrangement(worse, CLOSER, LUDOTEKA_JOKERS)
    assert issubclass(ChoiceError, ValueError)


def test_the_joker_named_otherwise_changes_what_the_opponent_lays_off() -> None:
    ours, other = closing_choices(CLOSER, LUDOTEKA_JOKERS)
    as_ours = resolve(ours, [OPPONENT], LUDOTEKA_JOKERS)
    as_other = resolve(other, [OPPONENT], LUDOTEKA_JOKERS)
    assert [lay.card.code() for lay in as_ours.players[1].laid_off] == []
    assert [lay.card.code() for lay in as_other.players[1].laid_off] == ["5c"]
    assert as_other.players[1].loose_points < as_ours.players[1].loose_points


# --- The action's notation ---------------------------------------------------------------------


def test_a_close_that_shows_round_trips_as_code_token_and_repr() -> None:
    action = parse_action("close 1b showing 7o 7e 7b | JK=2c 3c 4c / 5e")
    assert parse_action(action.code()) == action
    assert parse_token(action.token()) == action
    assert decode_actions(encode_actions([action, Discard(Card.parse("7o"))])) == (
        action, Discard(Card.parse("7o")))
    assert eval(repr(action), {"Discard": Discard, "Card": Card,
                               "parse_shown": parse_shown}) == action


def test_old_codes_and_tokens_stay_as_they_were() -> None:
    action = Discard(Card.parse("12b"), close=True)
    assert (action.code(), action.token(), repr(action)) == (
        "close 12b", "c12b", "Discard(Card.parse('12b'), close=True)")


def test_only_a_close_shows_and_bad_text_is_named() -> None:
    shown = parse_shown("7o 7e 7b / 1b")
    with pytest.raises(ActionError, match="only a close"):
        Discard(Card.parse("1b"), shown=shown)
    with pytest.raises(ActionError, match="not an arrangement '7o 9z': unknown card '9z'"):
        parse_action("close 1b showing 7o 9z")


# --- In a game ----------------------------------------------------------------------------------


@cache
def closing_position() -> tuple[GameState, Discard, tuple[Arrangement, ...]]:
    """A bots' game's close where two arrangements close equally well (found, not typed)."""
    for seed in range(60):
        rules = get_rules("ludoteka", players=2)
        actions = play_game(rules, ["greedy", "greedy"], seed).actions()
        for state, action in zip(replay(rules, 2, seed, actions), actions, strict=False):
            if isinstance(action, Discard) and action.close:
                held = list(state.hands[state.turn] or ())
                held.remove(action.card)
                choices = closing_choices(held, state.rules, first_round=state.first_round,
                                          total=state.totals[state.turn])
                if len(choices) > 1:
                    return state, action, choices
    raise AssertionError("no close with a choice in 60 ludoteka games")


def test_legal_actions_offer_our_close_only() -> None:
    state, action, _ = closing_position()
    closes = [a for a in legal_actions(state) if isinstance(a, Discard) and a.close]
    assert action in closes and all(a.shown is None for a in closes)


def test_the_game_ends_the_hand_with_the_choice() -> None:
    state, action, choices = closing_position()
    chosen = Discard(action.card, close=True, shown=choices[1])
    assert can_apply(state, chosen) and why_illegal(state, chosen) is None
    after = apply(state, chosen)
    result = after.results[-1]
    closer = state.turn
    assert same_shown(Arrangement(result.end.players[0].melds, result.end.players[0].loose),
                      choices[1])
    others = list(result.player_seats[1:])
    expected = resolve(choices[1], [state.hands[s] or () for s in others], state.rules,
                       first_round=state.first_round, total=state.totals[closer])
    assert [p.loose_points for p in result.end.players] == [
        p.loose_points for p in expected.players]
    assert after.actions()[-1] == chosen


def test_ours_named_explicitly_is_the_default_close() -> None:
    state, action, choices = closing_position()
    explicit = apply(state, Discard(action.card, close=True, shown=choices[0]))
    assert explicit.actions()[-1] == action
    assert explicit.events() == apply(state, action).events()


def test_a_bad_choice_is_refused_naming_the_move_and_why() -> None:
    state, action, choices = closing_position()
    melds = choices[0].melds
    wrong = Arrangement(melds[:-1], choices[0].loose + melds[-1].cards)
    with pytest.raises(IllegalActionError, match=r"illegal move 'close .* showing .*' in hand "
                       r"\d+: seat \d closing with .* may not show"):
        apply(state, Discard(action.card, close=True, shown=wrong))
    assert not can_apply(state, Discard(action.card, close=True, shown=wrong))


# --- Records and replay -------------------------------------------------------------------------


@cache
def chosen_record() -> GameRecord:
    state, action, choices = closing_position()
    state = apply(state, Discard(action.card, close=True, shown=choices[1]))
    bots = bots_for(["greedy", "greedy"], state.seed)
    while state.phase is not Phase.OVER:
        state = apply(state, bots[state.turn].choose(view(state, state.turn)))
    return GameRecord.of(state)


def test_records_carry_the_choice_both_ways() -> None:
    record = chosen_record()
    text = record.code()
    assert any(" showing " in line for line in text.splitlines())
    assert GameRecord.parse(text) == record
    data = json.loads(json.dumps(record.to_json()))
    assert [t for h in data["hands"] for t in h["turns"] if "shown" in t]
    assert GameRecord.from_json(data) == record
    assert decode_actions(encode_actions(record.actions)) == record.actions


def test_a_bad_choice_in_a_record_names_hand_move_and_rule() -> None:
    record = chosen_record()
    _, _, choices = closing_position()
    line = next(line for line in record.code().splitlines() if " showing " in line)
    bad = line.split(" showing ")[0] + " showing " + " | ".join(
        m.code() for m in choices[1].melds[:-1]) + " / " + " ".join(
        c.code() for c in choices[1].melds[-1].cards)
    with pytest.raises(RecordError, match=r"^hand \d+, move \d+: illegal move .* may not show"):
        GameRecord.parse(record.code().replace(line, bad))
    data = record.to_json()
    turn = next(t for h in data["hands"] for t in h["turns"] if "shown" in t)
    turn["shown"] = {"melds": turn["shown"]["melds"][:1], "loose": ["1o"]}
    with pytest.raises(RecordError, match=r"^hand \d+, move \d+: "):
        GameRecord.from_json(data)
    turn["shown"] = "3c 4c"
    with pytest.raises(RecordError, match="'shown' is an object"):
        GameRecord.from_json(data)


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved, sys.stderr = sys.stderr, err
    try:
        code = main(list(argv), io.StringIO(""), out)
    except SystemExit as stop:
        code = int(stop.code or 0)
    finally:
        sys.stderr = saved
    return code, out.getvalue(), err.getvalue()


def test_replay_reads_a_record_with_a_choice_and_refuses_a_bad_one(tmp_path: Path) -> None:
    record = chosen_record()
    good = tmp_path / "game.txt"
    good.write_text(record.code())
    code, out, _ = _run("replay", str(good), "--json")
    assert code == 0 and json.loads(out)["totals"] == list(record.final.totals)
    line = next(line for line in record.code().splitlines() if " showing " in line)
    bad = tmp_path / "bad.txt"
    bad.write_text(record.code().replace(line, line + " 9z"))
    code, out, err = _run("replay", str(bad))
    assert code == 2 and out == "" and err.count("\n") == 1 and "move" in err


# --- The Play page's address --------------------------------------------------------------------


def test_the_play_address_keeps_the_choice_and_reads_old_addresses() -> None:
    from chinchon.game import closing
    from chinchon.views import play as play_model
    from chinchon.views import seat_coach

    setup = play_model.parse_setup("ludoteka", {}, "greedy", "139")
    before = play_model.load(setup, "ExUTBwcHAgcCBwYVBwYCHw").catch_up()
    best = seat_coach.hint(before.state)[0]
    assert isinstance(best, Discard) and best.close
    options = closing.choices_in(before.state, best.card)
    chosen = before.play(Discard(best.card, close=True, shown=options[1]))
    again = play_model.load(setup, chosen.code())
    assert again.actions == chosen.actions and again.code() == chosen.code()
    assert again.actions[-1] == Discard(best.card, close=True, shown=options[1])
    # Ours, chosen by name, is the old address: no escape.
    ours = before.play(Discard(best.card, close=True, shown=options[0]))
    assert ours.code() == before.play(best).code()
    assert play_model.load(setup, ours.code()).actions[-1] == best
    # Taking the close back drops its choice too.
    assert chosen.take_back().code() == before.code()
