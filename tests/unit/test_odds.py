"""Exact odds of every dealt hand: the enumerator, the batch look-ups, the shipped figures."""

from __future__ import annotations

import io
import json
import math
import random
from collections import Counter
from itertools import combinations

import numpy as np
import pytest

from chinchon import cli
from chinchon.engine.cards import SUITS, Card, parse_hand
from chinchon.engine.odds import (
    SHIPPED,
    Odds,
    OddsError,
    can_close_masks,
    can_rank,
    enumerate_odds,
    loose_points_of_masks,
    masks_of_hands,
    odds_table,
    rank_of,
    shipped_odds,
)
from chinchon.engine.rules import Rules, get_rules
from chinchon.engine.solver import analyze, fewest_loose_points


def _rules(rules_id: str, deck: int) -> Rules:
    return get_rules(rules_id, deck=deck) if rules_id == "ludoteka" else get_rules(rules_id)


SHIPPED_RULES = [pytest.param(_rules(i, d), id=f"{i}-{d}") for i, d in SHIPPED]


def _brute_force(rules: Rules, ranks: tuple[int, ...]) -> Odds:
    """Every hand of the reduced deck through the plain solver, one by one."""
    cards = [Card(rank, suit) for suit in SUITS for rank in ranks]
    loose: Counter[int] = Counter()
    closes = minus_ten = seven_run = hands = 0
    for hand in combinations(cards, 7):
        analysis = analyze(hand, rules)
        hands += 1
        loose[analysis.loose_points] += 1
        closes += analysis.can_close
        minus_ten += analysis.loose_points == 0
        seven_run += analysis.arrangement.is_seven_run()
    histogram = tuple(loose[p] for p in range(max(loose) + 1))
    return Odds(rules.id, len(cards), hands, histogram, closes, minus_ten, seven_run)


@pytest.mark.slow
@pytest.mark.parametrize(("rules_id", "deck", "ranks"), [
    ("jeux-de-cartes", 40, (5, 6, 7, 10, 11)),  # 7 and 10 are next to each other
    ("fournier", 40, (1, 2, 3, 11, 12)),
    ("barajamos", 48, (7, 8, 9, 10, 12)),
    ("ludoteka", 48, (1, 2, 3, 4, 9)),
])
def test_reduced_deck_matches_brute_force(rules_id: str, deck: int, ranks: tuple[int, ...]
                                          ) -> None:
    rules = _rules(rules_id, deck)
    fast = enumerate_odds(rules, ranks=ranks)
    assert fast == _brute_force(rules, ranks)
    assert fast.hands == math.comb(4 * len(ranks), 7)


@pytest.mark.parametrize("rules", SHIPPED_RULES)
def test_shipped_figures_equal_a_fresh_enumeration(rules: Rules) -> None:
    fresh = enumerate_odds(rules)
    assert shipped_odds(rules) == fresh
    assert fresh.hands == math.comb(rules.deck.size, 7) == sum(fresh.loose_points)
    assert fresh.seven_run == 4 * (len(rules.deck.ranks) - 6)
    # Every card is worth at least a point, so no loose points means every card melded.
    assert fresh.minus_ten == fresh.loose_points[0]
    assert fresh.minus_ten <= fresh.can_close


def test_two_workers_count_the_same() -> None:
    rules = get_rules("fournier")
    assert enumerate_odds(rules, workers=2) == enumerate_odds(rules)


@pytest.mark.parametrize("rules", SHIPPED_RULES)
def test_seven_runs_by_the_plain_solver(rules: Rules) -> None:
    """Seven cards of one suit that the solver calls a chinchón, counted one by one."""
    count = sum(analyze(tuple(Card(rank, suit) for rank in ranks), rules)
                .arrangement.is_seven_run()
                for suit in SUITS for ranks in combinations(rules.deck.ranks, 7))
    assert count == shipped_odds(rules).seven_run == 4 * (len(rules.deck.ranks) - 6)


def _within(observed: int, n: int, p: float, sigmas: float = 4.0) -> bool:
    sigma = math.sqrt(max(p * (1 - p), 1e-12) / n)
    return abs(observed / n - p) <= sigmas * sigma + 1 / n


@pytest.mark.parametrize("rules", SHIPPED_RULES)
def test_shipped_figures_agree_with_a_random_sample(rules: Rules) -> None:
    odds = shipped_odds(rules)
    rng = random.Random(f"odds-{rules.id}-{rules.deck.size}")
    cards = list(rules.deck.distinct_cards())
    n = 4000
    analyses = [analyze(rng.sample(cards, 7), rules) for _ in range(n)]
    assert _within(sum(a.can_close for a in analyses), n, odds.share(odds.can_close))
    assert _within(sum(a.loose_points == 0 for a in analyses), n, odds.share(odds.minus_ten))
    for points in (10, 20, 30, 40, 50):
        at_most = odds.hands - odds.more_than(points)
        assert _within(sum(a.loose_points <= points for a in analyses), n, odds.share(at_most))
    mean = odds.mean_loose
    sd = math.sqrt(sum(c * (p - mean) ** 2 for p, c in enumerate(odds.loose_points))
                   / odds.hands)
    sample_mean = sum(a.loose_points for a in analyses) / n
    assert abs(sample_mean - mean) <= 4 * sd / math.sqrt(n)


def _hands_with_groups(rules: Rules, rng: random.Random, n: int) -> list[list[Card]]:
    """Random hands, half of them forced to hold a number in three or four suits."""
    cards = list(rules.deck.distinct_cards())
    hands = [rng.sample(cards, 7) for _ in range(n // 2)]
    for _ in range(n - n // 2):
        rank = rng.choice(rules.deck.ranks)
        same = [c for c in cards if c.rank == rank]
        rest = [c for c in cards if c.rank != rank]
        k = rng.choice((3, 4))
        hands.append(rng.sample(same, k) + rng.sample(rest, 7 - k))
    return hands


@pytest.mark.parametrize("rules", SHIPPED_RULES)
def test_batch_look_ups_match_the_solver(rules: Rules) -> None:
    rng = random.Random(7)
    hands = _hands_with_groups(rules, rng, 3000)
    masks = masks_of_hands(hands)
    loose = loose_points_of_masks(masks, rules)
    closes = can_close_masks(masks, rules)
    for hand, points, may in zip(hands, loose, closes, strict=True):
        analysis = analyze(hand, rules)
        assert (points, may) == (analysis.loose_points, analysis.can_close), hand
    eight = [rng.sample(list(rules.deck.distinct_cards()), 8) for _ in range(1000)]
    assert list(loose_points_of_masks(masks_of_hands(eight), rules)) == [
        fewest_loose_points(hand, rules) for hand in eight]


def test_two_groups_and_no_loose_card() -> None:
    rules = get_rules("fournier")
    hands = ["5o 5c 5e 5b 2o 2c 2b", "5o 5c 5e 2o 2c 2b 1e", "1o 2o 3o 4o 5o 6o 7o"]
    assert list(loose_points_of_masks(masks_of_hands(hands), rules)) == [0, 1, 0]


@pytest.mark.parametrize(("rules_id", "hand", "may_close"), [
    # The four threes as one group leave 4o 5o 1c; three of them and 3o-4o-5o leave 1c alone.
    ("jeux-de-cartes", "3o 3c 3e 3b 4o 5o 1c", True),
    # Two points loose, but on two cards: only a points rule lets it close.
    ("ludoteka", "1o 1c 5e 6e 7e 10e 11e", False),
    ("fournier", "1o 1c 5e 6e 7e 10e 11e", True),
    # One loose card: 4 is too much for jeux de cartes, enough for ludoteka.
    ("jeux-de-cartes", "4o 1c 2c 3c 5e 5b 5o", False),
    ("ludoteka", "4o 1c 2c 3c 5e 5b 5o", True),
])
def test_close_of_crafted_hands(rules_id: str, hand: str, may_close: bool) -> None:
    rules = get_rules(rules_id)
    assert analyze(parse_hand(hand), rules).can_close is may_close
    assert can_close_masks(masks_of_hands([hand]), rules).tolist() == [may_close]


def test_bad_masks_and_unsupported_games() -> None:
    rules = get_rules("fournier")
    with pytest.raises(OddsError, match="index 1"):
        loose_points_of_masks([Card.parse("1o").bit, Card.parse("8o").bit], rules)
    with pytest.raises(OddsError, match="at most 8 cards"):
        loose_points_of_masks([(1 << 9) - 1], get_rules("barajamos"))
    two_decks = get_rules("barajamos", decks=2)
    assert not can_rank(two_decks)
    with pytest.raises(OddsError, match="one deck without jokers"):
        loose_points_of_masks([0], two_decks)
    with pytest.raises(OddsError, match="no shipped odds"):
        rank_of(parse_hand("1o 2o 3o 4o 5o 6o 7o"), get_rules("ludoteka", jokers=2))
    with pytest.raises(OddsError, match="ranks"):
        enumerate_odds(rules, ranks=(8, 9))


def test_rank_of_a_hand() -> None:
    rules = get_rules("barajamos")
    odds = shipped_odds(rules)
    rank = rank_of(parse_hand("11o 12o 1o 5c 5e 5b 2c"), rules)
    assert rank.loose_points == 26
    assert rank.same == odds.loose_points[26]
    assert rank.worse == sum(odds.loose_points[27:])
    assert 0.9 < rank.beats < 0.91
    best = rank_of(parse_hand("3e 4e 5e 6e 7e 8e 9e"), rules)
    assert best.worse + best.same == odds.hands and best.ties == odds.share(odds.minus_ten)
    with pytest.raises(ValueError, match="8o"):
        rank_of(parse_hand("8o 1o 2o 3o 4o 5o 6o"), get_rules("fournier"))


def test_odds_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert cli.main(["odds", "--rules", "ludoteka", "--deck", "48", "--json"], out, out) == 0
    data = json.loads(out.getvalue())
    assert list(data) == ["hands", "loose_points", "can_close", "minus_ten", "seven_run"]
    assert data == shipped_odds(get_rules("ludoteka", deck=48)).to_json()
    assert "100.0%" in capsys.readouterr().err  # progress went to standard error


def test_odds_command_table() -> None:
    out = io.StringIO()
    assert cli.main(["odds", "--rules", "fournier"], out, out) == 0
    assert out.getvalue().strip() == odds_table(shipped_odds(get_rules("fournier")))
    assert "18,643,560" in out.getvalue()


@pytest.mark.parametrize(("argv", "message"), [
    (["odds", "--rules", "barajamos", "--deck", "40"], "no option 'deck'"),
    (["odds", "--rules", "nope"], "unknown rule profile 'nope'"),
    (["odds", "--rules", "ludoteka", "--deck", "44"], "44"),
    (["odds", "--rules", "fournier", "--workers", "0"], "--workers"),
])
def test_odds_command_bad_input(argv: list[str], message: str,
                                capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(argv, io.StringIO(), io.StringIO())
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error:") and message in err and "\n" not in err


def test_odds_json_round_trip() -> None:
    odds = shipped_odds(get_rules("jeux-de-cartes"))
    assert Odds.from_json(odds.to_json(), odds.rules_id, odds.deck) == odds
    assert odds.loose_points[odds.most_likely_loose] == max(odds.loose_points)
    assert np.isclose(sum(odds.share(c) for c in odds.loose_points), 1.0)


@pytest.mark.parametrize("code, why", [
    ("barajamos+decks=2", "two decks, whose identical cards"),
    ("ludoteka+jokers=2", "a joker, which melds in any suit"),
    ("fournier+jokers=ace-of-oros", "a joker, which melds in any suit")])
def test_the_odds_command_names_a_profile_it_cannot_count_and_why(code, why, capsys):
    from chinchon.cli import main
    from chinchon.engine.odds import OddsError, enumerate_odds, uncounted

    with pytest.raises(SystemExit) as exit_info:
        main(["odds", "--rules", code])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and why in err
    assert get_rules(code).code() in err
    with pytest.raises(OddsError, match="exact odds cover one deck"):
        enumerate_odds(get_rules(code))
    assert uncounted(get_rules(code)) is not None
