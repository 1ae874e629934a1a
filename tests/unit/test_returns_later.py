"""Barajamos returns at any summary (issue 24, item 2): a seat out is asked again at every
summary while he has a token and at least two players are in; a refusal is not final; the
record says at which summary the token was spent and replays the game."""

from __future__ import annotations

import random
from functools import cache

import pytest

from chinchon.engine.rules import get_rules
from chinchon.game.actions import Action, Return
from chinchon.game.bots import GreedyBot
from chinchon.game.players import play_game
from chinchon.game.records import GameRecord, read_record
from chinchon.game.seat_view import View
from chinchon.game.state import Decided, HandResult, Phase, apply, legal_actions
from chinchon.views import play as play_model
from chinchon.views import seat_coach
from tests.support.pages import open_page


class RefusesOnce(GreedyBot):
    """Greedy, but refuses the first return he is offered and spends the next one."""

    name = "refuses-once"

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed)
        self.asked = 0

    def choose(self, view: View) -> Action:
        if view.phase is Phase.RETURN:
            self.asked += 1
            return Return(self.asked > 1)
        return super().choose(view)


def _refused_then_spent(seed: int):
    """A 4-seat Barajamos game where seat 3 refuses at one summary and spends later."""
    bots = [GreedyBot(f"{seed}:{seat}") for seat in range(3)] + [RefusesOnce(seed)]
    final = play_game(get_rules("barajamos"), (), seed=seed, bots=bots)
    decisions = [(hand, event.spend) for hand, event in _decisions(final) if event.seat == 3]
    return final, decisions


def _decisions(final):
    """``(hand, Decided)`` pairs: each decision with the hand whose summary it was made at."""
    hand = 0
    for event in final.events():
        if isinstance(event, HandResult):
            hand = event.hand
        elif isinstance(event, Decided):
            yield hand, event


@cache
def _a_game_with_a_later_return():
    for seed in range(40):
        final, decisions = _refused_then_spent(seed)
        if len(decisions) >= 2 and not decisions[0][1] and decisions[1][1]:
            return final, decisions
    raise AssertionError("no seed where seat 3 refused and could return later")


def test_a_refused_return_is_offered_again_and_spent_at_a_later_summary():
    final, decisions = _a_game_with_a_later_return()
    (out_at, refused), (back_at, spent) = decisions[:2]
    assert not refused and spent and back_at > out_at
    # He went out with hand out_at, and was asked again at the very next summary.
    result = final.results[out_at - 1]
    assert 3 in result.out and back_at == out_at + 1
    spend = next(e for e in final.sheet.history if e.returned == 3)
    assert spend.totals[3] == max(final.results[back_at - 1].totals[s] for s in range(4)
                                  if final.results[back_at - 1].scores[s] is not None)
    # The record says so: the refusal under the hand that put him out, the return under the
    # later one; both notations replay the very same game.
    record = GameRecord.of(final)
    text = record.code()
    blocks = text.split("\nHand ")
    assert "seat 3 stays out" in blocks[out_at] and "seat 3 returns" in blocks[back_at]
    assert "seat 3 returns" not in blocks[out_at]
    for again in (GameRecord.parse(text), GameRecord.from_json(record.to_json()),
                  read_record(text)):
        assert again == record and again.final.sheet == final.sheet
    assert record.to_json()["hands"][back_at - 1]["returns"] == [3]


def test_an_old_record_silent_on_the_later_summaries_still_reads():
    """Before, a refusal was final: such a record has no line at the later summaries. It
    reads as the seat staying out, which is what that game did."""
    for seed in range(40):
        bots = [GreedyBot(f"{seed}:{seat}") for seat in range(3)] + [_Never()]
        final = play_game(get_rules("barajamos"), (), seed=seed, bots=bots)
        asked = [hand for hand, e in _decisions(final) if e.seat == 3]
        if len(asked) >= 2:
            break
    else:
        raise AssertionError("no game where seat 3 was asked twice")
    text = GameRecord.of(final).code()
    blocks = text.split("\nHand ")
    first = asked[0]
    old = "\nHand ".join(blocks[:first + 1] + [block.replace("  seat 3 stays out\n", "")
                                               for block in blocks[first + 1:]])
    assert old.count("seat 3 stays out") == 1
    again = GameRecord.parse(old)
    assert again.final.sheet == final.sheet and again.actions == GameRecord.of(final).actions


class _Never(GreedyBot):
    name = "never"

    def choose(self, view: View) -> Action:
        return Return(False) if view.phase is Phase.RETURN else super().choose(view)


def test_only_while_at_least_two_are_in_and_a_token_is_left():
    final, _ = _a_game_with_a_later_return()
    for hand, event in _decisions(final):
        before = final.results[hand - 1]
        playing = [s for s, added in enumerate(before.scores) if added is not None
                   and s not in before.out]
        assert len(playing) >= 2, (hand, event)
    used = final.sheet.returns_used
    assert all(n <= 2 for n in used)


@pytest.mark.parametrize("rules_id", ["jeux-de-cartes", "ludoteka"])
def test_the_other_profiles_ask_at_the_summary_that_put_you_out_only(rules_id):
    rules = get_rules(rules_id)
    assert not rules.returns_later
    if rules_id == "ludoteka":
        rules = get_rules("ludoteka", returns=2)
    bots = [GreedyBot(f"x:{seat}") for seat in range(3)] + [_Never()]
    for seed in range(20):
        final = play_game(rules, (), seed=seed, bots=bots)
        for hand, event in _decisions(final):
            assert event.seat in final.results[hand - 1].out


def test_a_refusal_then_the_next_summary_asks_again():
    """Step by step: after refusing, the next hand's summary is a RETURN phase for him."""
    final, _ = _a_game_with_a_later_return()
    record = GameRecord.of(final)
    states = list(record.states())
    refusing = next(i for i, s in enumerate(states[:-1])
                    if s.phase is Phase.RETURN and s.turn == 3)
    after = apply(states[refusing], Return(False))
    assert after.phase is not Phase.RETURN or after.turn != 3
    later = next(s for s in states[refusing + 2:] if s.phase is Phase.RETURN and s.turn == 3)
    assert later.hand > states[refusing].hand
    assert later.sheet.can_return(3)


def _refused_at_the_play_table() -> tuple[str, str]:
    """A Play-page Barajamos game where you went out, stayed out, and are asked again: the
    seed and the moves up to your refusal (your moves random until then)."""
    for seed in range(1, 100):
        game = play_model.new_game(play_model.parse_setup("barajamos", {}, "greedy,greedy", str(seed)))
        rng = random.Random(seed)
        refused = None
        for _ in range(800):
            game = game.play_bots()
            if game.over:
                break
            if game.state.phase is Phase.RETURN:
                if refused is not None:
                    return str(seed), refused
                game = game.play(Return(False))
                refused = game.code()
                continue
            game = game.play(rng.choice(legal_actions(game.state)))
    raise AssertionError("no game where you refused and were asked again")


def test_the_play_page_asks_again_at_a_later_summary():
    seed, moves = _refused_at_the_play_table()
    at = open_page("pages/9_Play.py", rules="barajamos", seats="greedy,greedy", seed=seed,
                   moves=moves, lang="en")
    for _ in range(60):  # the bots play the hands you sit out; you look at each summary
        assert not at.exception, at.exception[0].message
        keys = {b.key: b for b in at.button if b.key}
        if "play_return_yes" in keys:
            break
        key = next(k for k in ("play_next_deal", "play_to_end") if k in keys)
        at = keys[key].click().run()
    else:
        raise AssertionError("the page never asked again")
    assert any(i.value.startswith("You are out.") for i in at.info)
    at = keys["play_return_yes"].click().run()
    game = play_model.load(play_model.parse_setup("barajamos", {}, "greedy,greedy", seed),
                   at.query_params["moves"])
    spends = [a for a in game.actions if isinstance(a, Return)]
    assert [a.spend for a in spends][-2:] == [False, True]
    assert game.state.sheet.returns_used[seat_coach.HUMAN] == 1 and game.state.sheet.playing[seat_coach.HUMAN]
