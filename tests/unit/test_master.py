"""The master bot and its samples of the hidden cards: every bot decides from the view alone,
samples hold only cards the seat cannot see (in the right numbers), the opponent model's
weights, the cost of feeding the next player, and a seed that always gives the same decision."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from chinchon.engine.cards import Card, parse_hand
from chinchon.engine.draws import best_of_eight, discard_leaves, draw_odds, unseen_cards
from chinchon.engine.rules import Rules, get_rules
from chinchon.engine.solver import fewest_loose_points
from chinchon.game.actions import Action, Discard
from chinchon.game.master import (
    AFTER_DRAW,
    MIN_SAMPLES,
    SAMPLES_PER_MS,
    MasterBot,
    Race,
    ThinkError,
    check_think,
    feeding,
    lookahead,
    race,
    samples_for,
)
from chinchon.game.names import BOT_NAMES
from chinchon.game.players import bots_for, make_bot, play_game
from chinchon.game.sampling import (
    CLOSED_WEIGHT,
    Sample,
    last_throws,
    likely,
    plausibility,
    sample,
    target_points,
    weighted,
)
from chinchon.game.seat_view import View, view
from chinchon.game.state import GameState, Phase, apply, new_game
from chinchon.game.waiting import opponent_points

TABLES = [("fournier", 2), ("barajamos", 3), ("ludoteka", 2), ("jeux-de-cartes", 3)]


def positions(rules_id: str, players: int, seed: int, every: int = 7) -> list[GameState]:
    """Every ``every``-th state of a greedy game where a seat draws or discards."""
    found: list[GameState] = []

    def watch(state: GameState, action: Action) -> None:
        if state.phase in (Phase.DRAW, Phase.DISCARD) and state.turns % every == seed % every:
            found.append(state)

    play_game(get_rules(rules_id, players=players), ["greedy"] * players, seed, watch=watch)
    return found


def reshuffled(state: GameState, rng: random.Random) -> GameState:
    """The same public state with the hidden cards dealt again: the others' cards (but those
    they took from the pile and still hold) and the stock, shuffled together."""
    seat = state.turn
    pool: list[Card] = list(state.stock)
    for other, held in enumerate(state.hands):
        if other != seat and held is not None:
            pool += list((Counter(held) - Counter(state.known[other])).elements())
    rng.shuffle(pool)
    hands = list(state.hands)
    for other, held in enumerate(state.hands):
        if other != seat and held is not None:
            need = len(held) - len(state.known[other])
            hands[other] = (*state.known[other], *pool[:need])
            pool = pool[need:]
    return replace(state, hands=tuple(hands), stock=tuple(pool))


@pytest.mark.parametrize(("rules_id", "players"), TABLES)
def test_every_bot_decides_the_same_from_the_same_view_whatever_is_hidden(
        rules_id: str, players: int) -> None:
    rng = random.Random(rules_id)
    checked = 0
    for seed in range(3):
        for state in positions(rules_id, players, seed):
            other = reshuffled(state, rng)
            mine, theirs = view(state, state.turn), view(other, other.turn)
            assert mine == theirs
            for name in BOT_NAMES:
                a = make_bot(name, f"{seed}:{name}", think_ms=0).choose(mine)
                b = make_bot(name, f"{seed}:{name}", think_ms=0).choose(theirs)
                assert a == b, (name, state, a, b)
            checked += 1
    assert checked >= 15


@pytest.mark.parametrize(("rules_id", "players"), TABLES)
def test_samples_hold_only_unseen_cards_in_the_right_numbers(rules_id: str, players: int
                                                             ) -> None:
    rng = random.Random(5)
    for state in positions(rules_id, players, 1, every=3):
        seen = view(state, state.turn)
        # One sample: pools of four hands, so a next opponent often has none that fits.
        for found in [sample(seen, rng) for _ in range(5)] + likely(seen, rng, 5) + likely(
                seen, rng, 1):
            hidden: Counter[Card] = Counter(found.stock)
            assert len(found.stock) == seen.stock_count
            for seat, held in enumerate(found.hands):
                if seat == seen.seat or seen.counts[seat] is None:
                    assert held is None
                    continue
                assert held is not None and len(held) == seen.counts[seat]
                assert not Counter(seen.known[seat]) - Counter(held)  # he keeps his pile takes
                hidden += Counter(held) - Counter(seen.known[seat])
            # Nothing he holds, nothing in the pile, nothing another seat shows: the unseen only.
            assert hidden == seen.unseen()
            whole = hidden + Counter(seen.hand) + Counter(seen.pile)
            for seat, cards in enumerate(seen.known):
                if seat != seen.seat:  # his own pile takes are in his hand
                    whole += Counter(cards)
            assert whole == state.cards_in_play()


def test_the_view_lists_every_face_up_throw_of_the_hand_in_order() -> None:
    state = new_game(get_rules("fournier"), 2, seed=3)
    throws: list[tuple[int, Card]] = []
    bots = bots_for(["greedy", "greedy"], 3)
    while state.hand == 1 and not state.is_over:
        action = bots[state.turn].choose(view(state, state.turn))
        if isinstance(action, Discard) and not action.close:
            throws.append((state.turn, action.card))
        state = apply(state, action)
        if state.hand == 1:
            assert view(state, 0).thrown == view(state, 1).thrown == tuple(throws)
    assert throws and view(state, 0).thrown != tuple(throws)  # a new hand starts afresh


def opponent_threw(hand: str, thrown: str, held: str) -> float:
    """The weight of a sample where seat 1 holds ``held`` after throwing ``thrown``."""
    state = new_game(get_rules("fournier"), 2, seed=1)
    state = replace(state, hands=(parse_hand(hand), parse_hand("1c 1e 1b 2c 2e 2b 3c")))
    seen = replace(view(state, 0), thrown=((1, Card.parse(thrown)),))
    found = Sample((None, parse_hand(held)), ())
    return plausibility(seen, found, last_throws(seen))


def test_a_sample_is_likelier_when_the_opponent_threw_what_fit_his_hand_least() -> None:
    hand = "4o 5o 6o 7c 7e 10b 11b"
    best = opponent_threw(hand, "12e", "1o 2o 3o 5c 5e 5b 12c")   # 12e his dearest loose card
    worse = opponent_threw(hand, "1c", "12o 2o 3o 5c 5e 5b 12c")  # he kept 12o, threw a 1
    assert best > worse > 0
    # Holding 1o 2o 3o 5c 5e 5b 12c plus 1b he could have closed by throwing 12c and did not.
    could = opponent_threw(hand, "1b", "1o 2o 3o 5c 5e 5b 12c")
    assert could < best * CLOSED_WEIGHT * 1.01


def fed_position() -> View:
    """Seat 0 to throw; the next player took the 4s and the 6s from the pile (two groups)."""
    state = new_game(get_rules("fournier"), 2, seed=1)
    hand = parse_hand("4o 12o 1c 2c 3c 7b 7c 10e")
    state = replace(state, hands=(hand, state.hands[1]), phase=Phase.DISCARD, turn=0, turns=6,
                    drawn=hand[-1], drew_from="stock",
                    known=((), parse_hand("4c 4e 4b 6c 6e 6b")))
    return view(state, 0)


def test_master_reads_the_race_and_does_not_feed_the_next_player() -> None:
    seen = fed_position()
    bot = MasterBot(1, think_ms=50)
    samples = bot.sampled(seen, bot.rng(seen))
    found = race(seen, [Card.parse("4o"), Card.parse("12o")], samples)
    # The 4o closes his two groups whatever his seventh card (bar the 6o: he is there already);
    # with the 12o he must draw a card that fits, or be left a low one.
    assert found.caught[0] > 0.9 and found.caught[0] > found.caught[1] + 0.05
    assert found.gain >= 0
    assert bot.choose(seen) != Discard(Card.parse("4o"))
    four, twelve = feeding(seen, [Card.parse("4o"), Card.parse("12o")], samples)
    assert four.takes == four.closes > 0.9
    assert twelve.closes < 0.5


def test_the_look_ahead_is_the_mean_over_every_draw_counted_one_by_one() -> None:
    assert AFTER_DRAW == 1  # the count below throws the cheapest card only
    rules = get_rules("fournier")
    kept = parse_hand("1o 2o 3o 5c 5e 10b 12c")
    unseen = unseen_cards(rules, kept, parse_hand("4o 7e"))
    found = Race((0.25,), gain=18.0, later=14.0)
    expected = []
    for card in unseen.elements():  # each copy one draw, each equally likely
        eight = (*kept, card)
        loose, closes = best_of_eight(eight, rules)
        if closes:
            expected.append(found.gain - loose)
            continue
        leaves = discard_leaves(eight, rules)
        seven = list(eight)
        del seven[leaves.index(min(leaves))]  # the cheapest throw (AFTER_DRAW is 1)
        odds = draw_odds(seven, unseen - Counter([card]), rules)
        points = fewest_loose_points(seven, rules)
        expected.append((1 - 0.25) * (14.0 * float(odds.close_chance)
                                      - float(odds.expected_points)) - 0.25 * points)
    assert lookahead(kept, unseen, rules, found) == pytest.approx(sum(expected) / len(expected))
    # A hand two cards from closing is worth more than one far from it.
    far = parse_hand("1o 3c 5e 7b 10o 11c 12e")
    assert lookahead(kept, unseen, rules, found) > lookahead(
        far, unseen_cards(rules, far), rules, found)


def test_likely_samples_hold_what_players_hold_at_that_stage() -> None:
    for state in positions("fournier", 2, 4, every=5):
        seen = view(state, state.turn)
        rounds = seen.turns // 2
        other = 1 - seen.seat
        uniform = weighted(seen, random.Random(1), 120)
        tilted = likely(seen, random.Random(1), 120)
        assert len(tilted) == 120 and all(found.weight == 1.0 for found in tilted)
        mean_uniform, mean_tilted = (
            sum(fewest_loose_points(one.hands[other], seen.rules) * one.weight  # type: ignore[arg-type]
                for one in found) / sum(one.weight for one in found)
            for found in (uniform, tilted))
        assert mean_tilted <= mean_uniform + 1
        if mean_uniform > opponent_points(rounds) + 5:
            assert abs(mean_tilted - opponent_points(rounds)) < 4, (rounds, mean_tilted)


def mean_loose(found: list[Sample], seat: int, rules: Rules) -> float:
    """``seat``'s fewest loose points, weighted over ``found``."""
    return sum(fewest_loose_points(one.hands[seat], rules)  # type: ignore[arg-type]
               * one.weight for one in found) / sum(one.weight for one in found)


def test_with_two_opponents_each_is_tilted_to_his_profiles_stage() -> None:
    """Each opponent is tilted in a pool of his own: neither sits well above barajamos's own fit
    (one pool of whole deals left the next player 6 points above it late in a hand), and the
    samples stay many distinct deals (that pool kept two or three from the middle of a hand)."""
    checked = 0
    distinct = []
    for state in positions("barajamos", 3, 2, every=4):
        seen = view(state, state.turn)
        target = target_points(seen.rules, seen.turns // 3)
        uniform = weighted(seen, random.Random(2), 120)
        tilted = likely(seen, random.Random(2), 120)
        if seen.turns >= 6:
            distinct.append(len({found.hands for found in tilted}))
        for other in seen.opponents:
            if mean_loose(uniform, other, seen.rules) > target + 5:
                checked += 1
                got = mean_loose(tilted, other, seen.rules)
                assert got < target + 3, (seen.turns, other, got, target)
    assert checked >= 6
    assert sorted(distinct)[len(distinct) // 2] >= 40, distinct


def test_a_seed_and_a_view_always_give_the_same_decision() -> None:
    for state in positions("fournier", 2, 2, every=2):
        seen = view(state, state.turn)
        decisions = {MasterBot(9, think_ms=10).choose(seen) for _ in range(3)}
        bot = MasterBot(9, think_ms=10)
        for earlier in positions("fournier", 2, 3, every=5)[:3]:
            bot.choose(view(earlier, earlier.turn))
        decisions.add(bot.choose(seen))  # a bot's earlier decisions change nothing
        assert len(decisions) == 1


def test_the_budget_becomes_a_fixed_number_of_samples() -> None:
    assert samples_for(0) == MIN_SAMPLES
    assert samples_for(1000) == round(1000 * SAMPLES_PER_MS)
    for bad in (-1, 10**9, 2.5, True, "20"):
        with pytest.raises(ThinkError, match="think must be a whole number"):
            check_think(bad)


def test_master_plays_whole_games_at_every_table() -> None:
    for rules_id, players in TABLES:
        seats = ["master", "expert", "master"][:players]
        final = play_game(get_rules(rules_id, players=players), seats, seed=5, think_ms=0)
        assert final.is_over


def test_the_review_notes_a_throw_the_next_player_closes_with() -> None:
    from chinchon.game.actions import Discard as Throw
    from chinchon.views.play import new_game as new_table_game
    from chinchon.views.play import parse_setup
    from chinchon.views.review import HiddenNote, hidden_note

    game = new_table_game(parse_setup("fournier", {}, "greedy", "7"))
    state = game.state
    hand = parse_hand("4o 12o 1c 2c 3c 7b 7c 10e")
    state = replace(state, hands=(hand, state.hands[1]), phase=Phase.DISCARD, turn=0, turns=6,
                    drawn=hand[-1], drew_from="stock",
                    known=((), parse_hand("4c 4e 4b 6c 6e 6b")))

    def note(card: str) -> HiddenNote | None:
        return hidden_note(replace(game, states=(state,), actions=(Throw(Card.parse(card)),)), 0)

    fed = note("4o")
    assert fed is not None and fed.kind == "feeds" and fed.chance > 0.9
    assert fed.safest is not None and fed.safest_chance < 0.15
    assert note("12o") is None and note("4o") == fed
