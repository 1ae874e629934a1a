"""The bots' ladder (issue 22 item 3): the slipping levels, the ratings recomputed from the
shipped match lines, and a learner's Play rating from a few known games."""

from __future__ import annotations

import math

import pytest

from chinchon.engine.rules import get_rules
from chinchon.game import ladder
from chinchon.game.bots import GreedyBot
from chinchon.game.levels import SLIPS, SlippingBot
from chinchon.game.names import BOT_NAMES, MATCH_ONLY
from chinchon.game.players import _MAKERS, make_bot, play_game
from chinchon.game.seat_view import view
from chinchon.game.state import apply, new_game
from chinchon.ratings.glicko2 import SCALE, Rating, expected_score
from chinchon.store.rows.played import Played
from chinchon.views.play_rating import bot_seats, play_ratings
from harness.ladder import pairings

LEARNER = "0" * 32


# --- The levels --------------------------------------------------------------------------------


def test_every_offered_level_is_made_by_name_and_the_slips_sit_between_random_and_greedy() -> None:
    assert set(_MAKERS) == set(BOT_NAMES) | set(MATCH_ONLY)
    slipping = [name for name in BOT_NAMES if name in SLIPS]
    assert slipping == list(SLIPS)
    assert BOT_NAMES.index("random") < BOT_NAMES.index(slipping[0])
    assert BOT_NAMES.index(slipping[-1]) < BOT_NAMES.index("greedy")
    slips = [SLIPS[name] for name in slipping]
    assert slips == sorted(slips, reverse=True)  # weakest first: the most slips first


@pytest.mark.parametrize("name", list(SLIPS))
def test_a_level_plays_the_same_game_from_the_same_seed(name: str) -> None:
    rules = get_rules("fournier")
    first = play_game(rules, [name, "greedy"], seed=11)
    again = play_game(rules, [name, "greedy"], seed=11)
    assert (first.totals, first.winner) == (again.totals, again.winner)
    assert make_bot(name, 1).name == name


def test_a_level_that_never_slips_plays_as_greedy_and_one_that_always_slips_does_not() -> None:
    state = new_game(get_rules("fournier"), ["a", "b"], 5)
    steady, greedy, wild = SlippingBot("x", 0.0, 3), GreedyBot(3), SlippingBot("y", 1.0, 3)
    differ = 0
    for _ in range(80):
        if state.is_over:
            break
        seen = view(state, state.turn)
        chosen = greedy.choose(seen)
        assert steady.choose(seen) == chosen
        differ += wild.choose(seen) != chosen
        state = apply(state, chosen)
    assert differ > 0


def test_a_slip_outside_zero_to_one_is_named() -> None:
    with pytest.raises(ValueError, match=r"1\.5"):
        SlippingBot("x", 1.5)


# --- The ladder --------------------------------------------------------------------------------


def test_the_shipped_ratings_are_those_of_the_shipped_match_lines() -> None:
    lines = ladder.read_lines()
    shipped = ladder.load()
    assert lines and set(shipped) == set(BOT_NAMES) - {n for n in BOT_NAMES if n not in shipped}
    recomputed = ladder.rate(lines)
    assert list(recomputed) == list(shipped)  # weakest first, the same order
    for name, level in shipped.items():
        again = recomputed[name]
        assert again.games == level.games
        assert again.rating.rating == pytest.approx(level.rating.rating, abs=0.05)
        assert again.rating.rd == pytest.approx(level.rating.rd, abs=0.05)
    assert shipped[ladder.ANCHOR].rating.rating == 1500.0


def test_every_level_offered_is_on_the_ladder_and_stronger_levels_rate_higher() -> None:
    shipped = ladder.load()
    rated = [name for name in BOT_NAMES if name in shipped]
    # a level added to BOT_NAMES but not rated yet is the only one allowed off the ladder
    assert len(rated) >= len(BOT_NAMES) - 1
    values = [shipped[name].rating.rating for name in rated]
    assert values == sorted(values)


def test_the_ratings_balance_the_results_and_the_scale_is_shifted_to_the_anchor() -> None:
    """Level ``a`` wins 240 of 300 games against greedy: at the fixed point each side's
    results balance the expected scores and the prior (checked by hand), so the ratings expect
    about the 80% that was played; greedy sits at 1500, the deviation is Glicko-2's."""
    lines = [{"seed": n, "seats": ["a", "greedy"] if n % 2 else ["greedy", "a"],
              "totals": [10, 101] if (n < 240) == bool(n % 2) else [101, 10],
              "winner": 0 if (n < 240) == bool(n % 2) else 1} for n in range(300)]
    found = ladder.rate(lines)
    a, greedy = found["a"].rating, found["greedy"].rating
    assert greedy.rating == 1500.0 and found["a"].games == found["greedy"].games == 300
    assert expected_score(a, greedy) == pytest.approx(0.8, abs=0.01)
    # by hand, on Glicko-2's scale (greedy's side is the mirror image before the shift)
    half = (a.rating - greedy.rating) / SCALE / 2
    e = 1 / (1 + math.exp(-2 * half))
    prior = (350 / SCALE) ** -2
    assert 240 * (1 - e) - 60 * e - prior * half == pytest.approx(0, abs=1e-6)
    information = prior + 300 * e * (1 - e)
    assert a.rd == pytest.approx(SCALE / math.sqrt(information), abs=0.01)
    again = ladder.rate(list(reversed(lines)))  # the lines' order does not matter
    assert again["a"].rating.rating == pytest.approx(a.rating, abs=1e-9)


def test_a_three_seat_game_counts_pairwise_and_a_bad_line_is_named() -> None:
    line = {"seed": 1, "seats": ["a", "b", "a"], "totals": [30, 60, 101], "winner": 0}
    assert sorted(ladder.results(line)) == [("a", "b", 0.0), ("a", "b", 1.0),
                                            ("b", "a", 0.0), ("b", "a", 1.0)]
    with pytest.raises(ladder.LadderError, match="seats"):
        ladder.results({"seed": 1, "seats": ["a"], "totals": [1, 2], "winner": 0})
    with pytest.raises(ladder.LadderError, match="anchor"):
        ladder.rate([{"seed": 1, "seats": ["a", "b"], "totals": [1, 2], "winner": 0}])


def test_adding_a_level_plays_only_its_neighbours() -> None:
    levels = ["a", "b", "c", "d", "e"]
    assert pairings(levels, 2, only="e") == [("c", "e"), ("d", "e")]
    assert pairings(levels, 1, only="c") == [("b", "c"), ("c", "d")]
    assert len(pairings(levels, 2)) == 4 + 3


def test_the_nearest_level_to_a_rating() -> None:
    shipped = ladder.load()
    for name in BOT_NAMES:
        if name in shipped:
            assert ladder.nearest(shipped[name].rating.rating, shipped, BOT_NAMES) == name
    assert ladder.nearest(1500.0, {}, BOT_NAMES) is None


# --- The learner's Play rating ---------------------------------------------------------------------


def finished(seats: str, winner: int | None, totals: list[int], *, teacher: bool = False,
             rules: str = "fournier", origin: str = "new",
             levels: list[str | None] | None = None) -> Played:
    count = len(totals)
    setup = {"seats": seats} if origin != "table" else {"table": "1", "seat": "0", "key": "k"}
    game = Played.new(LEARNER, rules, setup, "d1", seats=count, origin=origin)
    result: dict[str, object] = {"winner": winner, "totals": totals}
    if levels is not None:
        result["levels"] = levels
    return game.finish("", 10, result, None, teacher=teacher)


LEVELS = {"low": ladder.Level("low", Rating(1400, 30), 100),
          "mid": ladder.Level("mid", Rating(1550, 100), 100),
          "top": ladder.Level("top", Rating(1700, 300), 100)}


def test_the_play_rating_of_glickmans_example() -> None:
    """Glickman's worked example as one game at a table of four: the learner (1500 ± 200)
    beats the 1400 bot (a lower total), loses to the 1550 (a lower total than his) and to the
    1700 (the winner); the paper's answer is 1464.06 ± 151.52."""
    game = finished("low,mid,top", 3, [50, 80, 30, 20])
    start = {"fournier": Rating(1500, 200, 0.06)}
    found = play_ratings([game], LEVELS, start=start)["fournier"]
    assert (round(found.rating.rating, 2), round(found.rating.rd, 2)) == (1464.05, 151.52)
    assert found.games == 1


def test_two_known_games_recomputed_by_hand() -> None:
    """A newcomer beats a 1500 ± 50 bot, then a house-rules game of the same profile loses to
    it: Glicko-2's steps 2–8 by hand (the volatility barely moves in one game: kept at 0.06)."""
    even = {"even": ladder.Level("even", Rating(1500, 50), 100)}
    games = [finished("even", 0, [20, 101]),
             finished("even", 1, [105, 40], rules="fournier+figures=8-9-10")]
    found = play_ratings(games, even)
    assert list(found) == ["fournier"] and found["fournier"].games == 2

    def by_hand(mu: float, phi: float, score: float) -> tuple[float, float]:
        phi_j = 50 / SCALE
        g = 1 / math.sqrt(1 + 3 * phi_j ** 2 / math.pi ** 2)
        e = 1 / (1 + math.exp(-g * (mu - 0.0)))
        v = 1 / (g * g * e * (1 - e))
        phi_new = 1 / math.sqrt(1 / (phi * phi + 0.06 ** 2) + 1 / v)
        return mu + phi_new ** 2 * g * (score - e), phi_new

    mu, phi = by_hand(*by_hand(0.0, 350 / SCALE, 1.0), 0.0)
    assert found["fournier"].rating.rating == pytest.approx(1500 + SCALE * mu, abs=0.5)
    assert found["fournier"].rating.rd == pytest.approx(SCALE * phi, abs=0.5)


def test_a_teacher_mode_game_a_person_and_an_unrated_bot_never_count() -> None:
    won = finished("low", 0, [10, 101])
    shown = finished("low", 0, [10, 101], teacher=True)
    assert play_ratings([shown], LEVELS) == {}
    assert play_ratings([won, shown], LEVELS) == play_ratings([won], LEVELS)
    # at a table: only the bot seats count; a table game kept before it named them, none
    table = finished("", 0, [10, 70, 101], origin="table", levels=[None, None, "low"])
    assert bot_seats(table) == {2: "low"}
    assert play_ratings([table], LEVELS)["fournier"].rating == play_ratings(
        [won], LEVELS)["fournier"].rating
    assert play_ratings([finished("", 0, [10, 101], origin="table")], LEVELS) == {}
    assert play_ratings([finished("master", 0, [10, 101])], LEVELS) == {}
