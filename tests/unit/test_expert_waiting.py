"""Close now or wait for −10 or a chinchón (``chinchon.game.waiting``), and greedy's
decisions unchanged by its faster leaves (``draws.discard_leaves``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from chinchon.engine.cards import Card, parse_hand
from chinchon.engine.draws import discard_leaves, unseen_cards
from chinchon.engine.rules import Rules, get_rules
from chinchon.engine.solver import Outcome, analyze, fewest_loose_points
from chinchon.game import waiting
from chinchon.game.actions import Discard, Draw
from chinchon.game.bots import GreedyBot, RandomBot, greedy_discard, takes_top
from chinchon.game.expert import ExpertBot
from chinchon.game.seat_view import View, view
from chinchon.game.state import Phase, apply, new_game
from chinchon.game.waiting import count_draws, decide
from tests.unit.test_bots import placed

# A six-card run of oros and the 1c: he may close with 1 point (ludoteka: one loose card up to
# 4) after throwing the 12e, or keep the same seven and wait for the 7o (a chinchón).
RUN_OF_SIX = "1o 2o 3o 4o 5o 6o 1c 12e"


# 3-4-5 of oros, three reyes, the 2c loose: the 11e thrown, he closes with 2 points (the
# 2o, the 6o or the 12e would meld all seven).
TWO_LOOSE = "3o 4o 5o 12c 12o 12b 2c 11e"


def spot(rules_id: str, hand: str, turns: int, totals: tuple[int, ...] = (0, 0),
         pile: str = "3e 11b") -> View:
    """Seat 0's view in his DISCARD phase holding ``hand`` (its last card drawn from the
    stock), ``turns`` turns into the hand, one seat per total."""
    state = placed(rules_id, hand, pile, phase=Phase.DISCARD, drawn=hand.split()[-1],
                   totals=totals, turns=turns, stock="7b 10b")
    return view(state, 0)


def shuffled_deck(rules: Rules, rng: random.Random) -> list[Card]:
    cards = list(rules.deck.cards())
    rng.shuffle(cards)
    return cards


def random_holdings(rules: Rules, size: int, count: int
                    ) -> Iterator[tuple[tuple[Card, ...], Counter[Card]]]:
    """``count`` random hands of ``size`` cards (seeded by the profile), each with its unseen
    cards after three more are seen."""
    rng = random.Random(rules.id)
    for _ in range(count):
        cards = shuffled_deck(rules, rng)
        yield tuple(cards[:size]), unseen_cards(rules, cards[:size], cards[size:size + 3])


def test_waiting_is_right_when_closing_now_would_put_him_out() -> None:
    # Fournier: closing with the 2c loose takes 99 over 100.
    near = spot("fournier", TWO_LOOSE, turns=6, totals=(99, 0))
    decision = decide(near)
    assert decision.waits and decision.keep == Card.parse("11e")
    assert ExpertBot().choose(near) == Discard(Card.parse("11e"))


def test_a_chinchon_one_card_away_is_not_worth_the_measured_risk(monkeypatch) -> None:
    """Late in a ludoteka hand he may close with 1 point or wait for the 7o (a chinchón wins
    the game). With the others' chance to close as fitted to bot games he waited; played out
    from bot games such waits lost points and games (benchmarks/wait_rollouts.py), and with
    the measured risk he closes."""
    late = spot("ludoteka", RUN_OF_SIX, turns=16)
    assert not decide(late).waits
    assert ExpertBot().choose(late) == Discard(Card.parse("12e"), close=True)
    monkeypatch.setattr(waiting, "WAIT_RISK", 1.0)
    decision = decide(late)
    assert decision.waits and decision.keep == Card.parse("12e")


def test_closing_now_is_right_early_while_the_others_still_hold_many_points() -> None:
    early = spot("ludoteka", RUN_OF_SIX, turns=2)
    decision = decide(early)
    assert not decision.waits and decision.close_now > decision.wait
    assert ExpertBot().choose(early) == Discard(Card.parse("12e"), close=True)


def test_closing_now_is_right_when_it_may_put_an_opponent_out() -> None:
    near = spot("ludoteka", RUN_OF_SIX, turns=16, totals=(0, 96))
    assert not decide(near).waits
    assert decide(near).close_now > decide(spot("ludoteka", RUN_OF_SIX, turns=16)).close_now


def test_a_chinchon_in_hand_closes_at_once() -> None:
    seven = spot("ludoteka", "1o 2o 3o 4o 5o 6o 7o 12e", turns=16)
    assert not decide(seven).waits
    assert ExpertBot().choose(seven) == Discard(Card.parse("12e"), close=True)


def test_closing_over_the_limit_is_right_when_all_go_out_and_the_lowest_total_wins() -> None:
    # Fournier, he at 99 and his opponent at 97: closing puts him out, but very likely the
    # opponent too, and then the lowest total (his, closing with 2) wins the game.
    both = spot("fournier", TWO_LOOSE, turns=6, totals=(99, 97))
    assert not decide(both).waits
    assert ExpertBot().choose(both) == Discard(Card.parse("11e"), close=True)
    choice = ExpertBot(waiting=False).choose(both)  # the older rule holds any such close
    assert isinstance(choice, Discard) and not choice.close


def test_closing_over_the_limit_is_held_where_all_going_out_is_a_draw() -> None:
    # Barajamos, all three at the limit's edge: the same close puts everybody out, a draw.
    edge = spot("barajamos", TWO_LOOSE, turns=6, totals=(69, 68, 68))
    decision = decide(edge)
    assert decision.waits and decision.keep == Card.parse("11e")
    assert ExpertBot().choose(edge) == Discard(Card.parse("11e"))


def test_the_nowait_expert_closes_at_once_below_the_limit() -> None:
    early = spot("ludoteka", RUN_OF_SIX, turns=2)
    assert ExpertBot(waiting=False).choose(early) == Discard(Card.parse("12e"), close=True)


@pytest.mark.parametrize("rules_id, options", [("ludoteka", {}), ("jeux-de-cartes", {}),
                                               ("barajamos", {"decks": 2}),
                                               ("ludoteka", {"jokers": 2})])
def test_melded_and_chinchon_draws_match_a_count_card_by_card(rules_id, options) -> None:
    """count_draws against every unseen card tried one by one with the full analysis of each
    discard (a normal turn)."""
    rules = get_rules(rules_id, **options)
    for kept, unseen in random_holdings(rules, 7, 6):
        melded = chinchons = 0
        for card, copies in unseen.items():
            eight = (*kept, card)
            outcomes = {analyze(eight[:i] + eight[i + 1:], rules).outcome for i in range(8)
                        if analyze(eight[:i] + eight[i + 1:], rules).loose_points == 0}
            melded += copies * bool(outcomes)
            chinchons += copies * (Outcome.CHINCHON in outcomes)
        found = count_draws(kept, unseen, rules)
        assert (found.cards, found.melded, found.chinchons) == (
            sum(unseen.values()), melded, chinchons)
    run = parse_hand("1o 2o 3o 4o 5o 6o 1c")
    draws = count_draws(run, unseen_cards(get_rules("ludoteka"), run),
                        get_rules("ludoteka"))
    assert draws.chinchons == 1  # the 7o (the 40-card deck has no 8 for the other end)


# --- greedy: the same decisions, faster -----------------------------------------------------


def _old_takes_top(seen: View) -> bool:
    """Greedy's take-or-draw as it was written before ``discard_leaves``."""
    top, hand, rules = seen.top, seen.hand, seen.rules
    if top is None:
        return False
    now = fewest_loose_points(hand, rules)
    return min(fewest_loose_points((*hand[:i], *hand[i + 1:], top), rules)
               for i in range(len(hand))) < now


def _positions(rules_id: str, options: dict[str, int], seats: int) -> list[View]:
    """Every decision of seeded games among random players (so greedy's own changes do not
    change the positions)."""
    rules = get_rules(rules_id, players=seats, **options)
    found: list[View] = []
    for seed in range(2):
        bots = [RandomBot(f"{seed}:{seat}") for seat in range(seats)]
        state = new_game(rules, seats, seed)
        for _ in range(150):
            if state.is_over:
                break
            seen = view(state, state.turn)
            if state.phase in (Phase.DRAW, Phase.DISCARD):
                found.append(seen)
            state = apply(state, bots[state.turn].choose(seen))
    return found


@pytest.mark.parametrize("rules_id, options, seats", [
    ("jeux-de-cartes", {}, 5), ("ludoteka", {"jokers": 2}, 2), ("barajamos", {}, 3),
    ("barajamos+jokers=2", {}, 5)])
def test_greedy_decisions_are_unchanged_by_the_faster_leaves(rules_id, options, seats) -> None:
    positions = _positions(rules_id, options, seats)
    assert len(positions) >= 100
    bot = GreedyBot()
    for seen in positions:
        if seen.phase is Phase.DRAW:
            assert takes_top(seen) == _old_takes_top(seen)
            assert bot.choose(seen) == Draw("pile" if _old_takes_top(seen) else "stock")
        else:
            hand, rules = seen.hand, seen.rules
            old = {card: fewest_loose_points(hand[:i] + hand[i + 1:], rules)
                   for i, card in reversed(list(enumerate(hand)))}
            assert discard_leaves(hand, rules) == tuple(old[card] for card in hand)
            assert seen.leaves == {card: old[card] for card in dict.fromkeys(hand)}
            if not any(isinstance(a, Discard) and a.close for a in seen.legal):
                best = min(dict.fromkeys(hand), key=lambda c: (old[c], -rules.points(c)))
                assert greedy_discard(seen) == Discard(best)


@pytest.mark.parametrize("rules_id, options", [("fournier", {}), ("ludoteka", {"jokers": 2}),
                                               ("jeux-de-cartes", {"decks": 2})])
def test_one_discard_evaluation_is_draw_odds_of_each_seven_kept(rules_id, options) -> None:
    from chinchon.engine.draws import discard_odds, draw_odds

    rules = get_rules(rules_id, **options)
    for hand, unseen in random_holdings(rules, 8, 5):
        assert discard_odds(hand, unseen, rules) == tuple(
            draw_odds(hand[:i] + hand[i + 1:], unseen, rules) for i in range(8))


def test_waiting_is_right_when_closing_puts_him_out_and_a_draw_can_keep_him_in() -> None:
    """Barajamos to 70: closing with the 4b loose takes 68 to 72 (out, against both others);
    an ace or a two drawn lets him close under the limit, so he waits; at 60 he closes."""
    hand = "1o 2o 3o 5c 5e 5b 4b 12e"
    near = view(placed("barajamos", hand, "", phase=Phase.DISCARD, drawn="12e", total=68,
                       players=3), 0)
    decision = decide(near)
    assert decision.waits and decision.keep == Card.parse("12e")
    kept = parse_hand("1o 2o 3o 5c 5e 5b 4b")
    draws = count_draws(kept, near.unseen(), near.rules, score=4)
    assert sum(copies for score, copies in draws.scores.items() if score <= 2) > 0
    far = view(placed("barajamos", hand, "", phase=Phase.DISCARD, drawn="12e", total=60,
                      players=3), 0)
    assert not decide(far).waits
    assert ExpertBot().choose(far) == Discard(Card.parse("12e"), close=True)


@pytest.mark.parametrize("code", [
    "jeux-de-cartes+decks=2", "ludoteka+jokers=2", "fournier+close=one-loose:3+jokers=2",
    "barajamos+close=all-melded+decks=2", "ludoteka+jokers=ace-of-oros",
    "ludoteka+jokers=2+joker-points=0+close=all-melded"])
def test_eight_cards_close_from_one_meld_search_as_the_discard_table_says(code) -> None:
    """``best_of_eight`` for two decks or jokers (the draw counts' inner loop) against the
    solver's full discard table, on random hands half of which hold a run of 3 to 7."""
    from chinchon.engine.draws import best_of_eight, clear_memo
    from chinchon.engine.solver import analyze_discards

    clear_memo()
    rules = get_rules(code)
    cards = list(rules.deck.cards())
    rng = random.Random(code)
    closing = 0
    for k in range(300):
        hand = rng.sample(cards, 8)
        if k % 2:
            start = rng.choice([c for c in cards if not c.is_joker])
            suit = sorted((c for c in cards if not c.is_joker and c.suit == start.suit),
                          key=lambda c: rules.deck.run_order.index(c.rank))
            at = suit.index(start)
            run = suit[at:at + rng.choice((3, 4, 5, 6, 7))]
            hand = run + rng.sample([c for c in cards if c not in run], 8 - len(run))
        rows = analyze_discards(hand, rules).rows
        expected = (min(row.loose_points for row in rows), any(row.can_close for row in rows))
        assert best_of_eight(hand, rules) == expected, hand
        closing += expected[1]
    assert closing >= 10  # the closes are tried, not only the hopeless hands
