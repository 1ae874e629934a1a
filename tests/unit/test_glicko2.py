"""Glicko-2 against the worked example of Glickman's paper, and its properties."""

from __future__ import annotations

import pytest

from chinchon.ratings.glicko2 import (
    Rating,
    RatingError,
    duel,
    expected_score,
    idle,
    performance,
    update,
)

PAPER_PLAYER = Rating(1500, 200, 0.06)
PAPER_GAMES = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


def test_the_papers_worked_example() -> None:
    new = update(PAPER_PLAYER, PAPER_GAMES, tau=0.5)
    # The paper prints r' = 1464.06, RD' = 151.52, sigma' = 0.05999 (from rounded steps).
    assert new.rating == pytest.approx(1464.06, abs=0.02)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_the_papers_intermediate_quantities() -> None:
    # Step 3 and 4 of the paper: E values 0.639, 0.432, 0.303.
    assert [round(expected_score(PAPER_PLAYER, o), 3) for o, _ in PAPER_GAMES] == [
        0.639, 0.432, 0.303]


def test_no_games_only_widens_the_deviation() -> None:
    new = update(PAPER_PLAYER, [])
    assert new.rating == 1500 and new.volatility == 0.06
    assert new.rd == pytest.approx(173.7178 * ((200 / 173.7178) ** 2 + 0.06**2) ** 0.5)


def test_a_duel_moves_both_sides_in_opposite_directions() -> None:
    learner, puzzle = Rating(1500, 350), Rating(1500, 250)
    won_l, won_p = duel(learner, puzzle, 1.0)
    lost_l, lost_p = duel(learner, puzzle, 0.0)
    assert won_l.rating > 1500 > won_p.rating
    assert lost_l.rating < 1500 < lost_p.rating
    assert won_l.rd < 350 and won_p.rd < 250
    # The less certain side moves further.
    assert won_l.rating - 1500 > 1500 - won_p.rating


def test_beating_a_stronger_opponent_gains_more() -> None:
    weak = update(Rating(), [(Rating(1200, 100), 1.0)])
    strong = update(Rating(), [(Rating(1800, 100), 1.0)])
    assert strong.rating > weak.rating > 1500


def test_bad_values_are_refused_with_the_value() -> None:
    with pytest.raises(RatingError, match="-5"):
        Rating(1500, -5)
    with pytest.raises(RatingError, match="2"):
        update(Rating(), [(Rating(), 2.0)])
    with pytest.raises(RatingError):
        performance([], 0)


def test_performance() -> None:
    assert performance([1500, 1500], 1) == 1500
    assert performance([1500], 1) == 1900


def test_idle_periods_widen_the_deviation_up_to_the_cap() -> None:
    player = Rating(1600, 80, 0.06)
    assert idle(player, 0) == player
    assert idle(player, 1) == update(player, [])
    assert 80 < idle(player, 30).rd < idle(player, 60).rd < 350
    assert idle(player, 10**6).rd == 350
    assert idle(Rating(1500, 400), 5).rd == 400  # never made more certain
    with pytest.raises(RatingError):
        idle(player, -1)
