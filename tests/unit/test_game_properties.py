"""Property tests over random legal games, every profile and option: every game ends, no card is
created or lost at any step, every hand score and total equals an independent recomputation
(harness/reference.py and harness/reference_layoffs.py, written apart from the engine), and the
records round-trip."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from chinchon.engine.rules import ChinchonEffect, LayoffStyle, Rules, get_rules
from chinchon.engine.solver import Outcome
from chinchon.game.actions import Action, Discard
from chinchon.game.bots import GreedyBot
from chinchon.game.records import GameRecord
from chinchon.game.seat_view import view
from chinchon.game.state import GameState, HandResult, Phase, apply, legal_actions, new_game
from harness import reference
from harness.reference_layoffs import fewest_loose_points as reference_layoff_points

TABLES = [("barajamos", 3, {}), ("barajamos", 5, {}), ("barajamos", 4, {"decks": 2}),
          ("fournier", 2, {}), ("fournier", 4, {}), ("jeux-de-cartes", 2, {}),
          ("jeux-de-cartes", 5, {}), ("ludoteka", 2, {}), ("ludoteka", 3, {"jokers": 2}),
          ("ludoteka", 2, {"deck": 48}), ("ludoteka", 3, {"returns": 1})]
MAX_ACTIONS = 30_000


def random_legal_game(rules: Rules, players: int, seed: int, mix: float) -> list[GameState]:
    """Every state of a game whose moves are drawn at random among the legal ones, a share
    ``mix`` of them chosen greedily instead (pure random play takes thousands of turns)."""
    rng = random.Random(seed)
    greedy = GreedyBot(seed)
    state = new_game(rules, players, seed)
    states = [state]
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return states
        legal = legal_actions(state)
        action: Action = (greedy.choose(view(state, state.turn)) if rng.random() < mix
                          else rng.choice(legal))
        assert action in legal
        state = apply(state, action)
        states.append(state)
    raise AssertionError(f"the game did not end in {MAX_ACTIONS} actions")


def check_conservation(states: list[GameState]) -> None:
    deck = Counter(states[0].rules.deck.cards())
    for state in states:
        assert state.cards_in_play() == deck
        if state.phase in (Phase.DRAW, Phase.DISCARD):
            for seat in state.in_game:
                size = 8 if state.phase is Phase.DISCARD and seat == state.turn else 7
                assert len(state.hands[seat] or ()) == size
            for seat in range(state.seats):
                if seat not in state.in_game:
                    assert state.hands[seat] is None


def expected_scores(result: HandResult, before: tuple[int, ...], rules: Rules
                    ) -> dict[int, int] | None:
    """The hand's scores from the reference solvers (None: not recomputable here, a close with
    several opponents, whose lay-offs depend on one another)."""
    table = reference.table_of(rules)
    seats = result.player_seats
    hands = {seat: player.hand for seat, player in zip(seats, result.end.players, strict=True)}
    if result.closer is None:
        return {seat: reference.solve(hands[seat], table).fewest for seat in seats}
    closer = result.closer
    verdict = reference.verdict(reference.solve(hands[closer], table), table, False,
                                before[closer])
    assert verdict.can_close
    assert verdict.outcome == result.entry.outcome.value  # type: ignore[union-attr]
    if len(seats) != 2:
        return None
    other = seats[1]
    melds = result.end.players[0].melds
    all_seven = verdict.outcome != "points"
    layoffs = not (all_seven and rules.no_layoffs_after_minus_ten)
    onto = melds if layoffs and not all_seven else ()
    opponent = reference_layoff_points(hands[other], onto, rules)
    if verdict.outcome == "chinchon" and rules.chinchon_effect is ChinchonEffect.OTHERS_PLUS_100:
        opponent += 100
    own = verdict.score if verdict.score is not None else 0
    if (rules.layoffs is LayoffStyle.CLOSER_MELDS and verdict.outcome == "points"
            and result.end.players[0].laid_off):
        own = 0  # jeux-de-cartes: he laid his own loose card off
    return {closer: own, other: opponent}


def check_scores(final: GameState) -> None:
    rules = final.rules
    totals = [0] * final.seats
    playing = [True] * final.seats
    entries = list(final.sheet.history)
    hands = iter(final.results)
    for entry in entries:
        if entry.returned is not None:
            assert not playing[entry.returned]
            totals[entry.returned] = max(totals[s] for s in range(final.seats) if playing[s])
            playing[entry.returned] = True
        else:
            result = next(hands)
            expected = expected_scores(result, tuple(totals), rules)
            for seat in range(final.seats):
                added = result.scores[seat]
                assert (added is None) == (not playing[seat])
                if added is not None:
                    if expected is not None:
                        assert added == expected[seat], (result.hand, seat)
                    totals[seat] += added
            for seat in range(final.seats):
                if playing[seat] and totals[seat] > rules.limit:
                    playing[seat] = False
                    assert seat in result.out
            if rules.everybody_out.value == "lowest_wins_ties_play_on" and not any(playing):
                lowest = min(totals[s] for s in range(final.seats) if s in result.player_seats)
                playing = [totals[s] == lowest and s in result.player_seats
                           for s in range(final.seats)]
        assert tuple(totals) == entry.totals
    assert tuple(totals) == final.totals
    in_game = [s for s in range(final.seats) if playing[s]]
    wins_at_once = final.results[-1].entry.outcome is Outcome.CHINCHON and (
        rules.chinchon_effect is ChinchonEffect.WINS_GAME)
    if final.winner is not None and not wins_at_once and len(in_game) == 1:
        assert final.winner == in_game[0]


@settings(max_examples=40, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6),
       mix=st.sampled_from([0.5, 0.8, 0.95]))
def test_random_legal_games_end_conserve_cards_score_right_and_round_trip(
        table: tuple[str, int, dict[str, int]], seed: int, mix: float) -> None:
    rules_id, players, options = table
    rules = get_rules(rules_id, players=players, **options)
    states = random_legal_game(rules, players, seed, mix)
    final = states[-1]
    assert final.is_over
    check_conservation(states)
    check_scores(final)
    record = GameRecord.of(final)
    assert GameRecord.parse(record.code()) == record
    assert GameRecord.from_json(json.loads(json.dumps(record.to_json()))) == record
    assert record.final.totals == final.totals


@settings(max_examples=25, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6))
def test_a_view_never_shows_another_seat_s_hidden_cards(table: tuple[str, int, dict[str, int]],
                                                         seed: int) -> None:
    rules_id, players, options = table
    rules = get_rules(rules_id, players=players, **options)
    for state in random_legal_game(rules, players, seed, 0.9)[:200]:
        for seat in range(players):
            seen = view(state, seat)
            assert seen.hand == (state.hands[seat] or ())
            assert bool(seen.legal) == (seat == state.turn and not state.is_over)
            unseen = seen.unseen()
            for other in range(players):
                if other != seat:  # what he does not know stays unseen
                    hidden = Counter(state.hands[other] or ()) - Counter(state.known[other])
                    assert not hidden - unseen
            for action in seen.legal:
                assert not isinstance(action, Discard) or action.card in seen.hand
