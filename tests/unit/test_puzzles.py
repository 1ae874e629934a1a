"""Puzzles: the exact draw-ahead counts, the criteria, the pack format, and every shipped pack."""

from __future__ import annotations

import datetime
import random
import re
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chinchon.engine.cards import Card, parse_hand
from chinchon.engine.draws import SeenError, best_of_eight, draw_odds, unseen_cards
from chinchon.engine.rules import PROFILE_IDS, get_rules
from chinchon.engine.solver import Outcome
from chinchon.puzzles import (
    CLOSE_CHANCE_MARGIN,
    CRITERIA,
    DIFFICULTIES,
    POINTS_MARGIN,
    THEMES,
    Position,
    Puzzle,
    PuzzleError,
    check_packs,
    daily_puzzle,
    dull_reason,
    find_puzzle,
    game_positions,
    generate,
    load_all,
    load_pack,
    naive_moves,
    pack_paths,
    pack_text,
    pool,
    read_pack,
    rejected_before_drawing,
    simulated_positions,
    solve,
    trivial,
    verify,
)
from harness import reference

RULES = [get_rules(rid) for rid in PROFILE_IDS]
OPTIONED = [get_rules("barajamos", decks=2), get_rules("ludoteka", jokers=2),
            get_rules("ludoteka", deck=48), get_rules("jeux-de-cartes", decks=2)]


def near_close_hand(rules, rng):
    """Seven cards built around one or two melds, so that closing is often in reach."""
    deck = list(rules.deck.cards())
    suit = rng.choice("ocbe")
    ranks = rules.deck.ranks
    start = rng.randrange(len(ranks) - 4)
    hand = [Card(ranks[start + i], suit) for i in range(rng.choice((3, 4)))]
    rank = rng.choice([r for r in ranks if r not in ranks[start:start + 4]])
    hand += [Card(rank, s) for s in "ocbe" if s != suit][:3]
    rest = [c for c in deck if c not in hand]
    rng.shuffle(rest)
    return tuple((hand + rest)[:7])


# --- The exact draw-ahead counts --------------------------------------------------------------


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), which=st.integers(0, 3), seen=st.integers(0, 12))
def test_draw_odds_match_the_brute_force_reference(seed, which, seen):
    rules = RULES[which]
    rng = random.Random(seed)
    hand = near_close_hand(rules, rng)
    rest = [c for c in rules.deck.cards() if c not in hand]
    rng.shuffle(rest)
    unseen = unseen_cards(rules, hand, rest[:seen])
    odds = draw_odds(hand, unseen, rules)
    expected = reference.draw_odds(hand, unseen, reference.table_of(rules))
    assert (odds.cards, odds.closing, odds.points) == expected


@pytest.mark.parametrize("rules", OPTIONED, ids=repr)
def test_draw_odds_with_two_decks_or_jokers_match_the_reference(rules):
    rng = random.Random(7)
    deck = list(rules.deck.cards())
    rng.shuffle(deck)
    hand = tuple(deck[:7])
    unseen = unseen_cards(rules, hand, deck[7:30])  # keep the reference quick
    odds = draw_odds(hand, unseen, rules)
    expected = reference.draw_odds(hand, unseen, reference.table_of(rules))
    assert (odds.cards, odds.closing, odds.points) == expected


def test_one_loose_card_rule_counts_the_loose_cards_not_only_the_points():
    # Jeux de cartes: 1o 2e loose is 3 points but two loose cards, so no close.
    rules = get_rules("jeux-de-cartes")
    hand = parse_hand("3c 4c 5c 6c 7c 1o 2e 12b")
    assert best_of_eight(hand, rules) == (3, False)
    assert best_of_eight(parse_hand("4c 5c 6c 7e 7o 7b 1o 12e"), rules) == (1, True)
    # Barajamos counts points only: the same three loose points close.
    assert best_of_eight(hand, get_rules("barajamos")) == (3, True)


def test_unseen_cards_count_copies_and_reject_impossible_sightings():
    rules = get_rules("barajamos", decks=2)
    hand = parse_hand("7o 7o 1c 2c 3c 4c 5c")
    unseen = unseen_cards(rules, hand, parse_hand("1c"))
    assert unseen[Card.parse("7o")] == 0 and unseen[Card.parse("1c")] == 0
    assert unseen[Card.parse("8o")] == 2 and sum(unseen.values()) == 96 - 8
    with pytest.raises(SeenError, match="'7o'"):
        unseen_cards(rules, hand, parse_hand("7o"))
    with pytest.raises(SeenError, match="'3c'"):
        unseen_cards(get_rules("fournier"), parse_hand("3c 4c 5c 6c 7c 1o 2o"),
                     parse_hand("3c"))


def test_close_chance_is_an_exact_fraction():
    rules = get_rules("fournier")
    hand = parse_hand("3c 4c 5c 7b 7o 7e 1o")
    odds = draw_odds(hand, unseen_cards(rules, hand), rules)
    # Any draw lets him throw 1o or keep it (1 point): he can always close.
    assert odds.close_chance == 1 and odds.cards == 33
    assert isinstance(odds.expected_points, Fraction)


# --- Solving puzzles --------------------------------------------------------------------------


def test_equivalent_discards_are_all_accepted_and_count_as_one():
    puzzle = Puzzle("t-1", "barajamos", parse_hand("1o 2o 3o 5c 5e 5b 12c 12e"),
                    criterion="fewest-points")
    solution = solve(puzzle)
    assert solution.answers == ("12c", "12e")
    assert solution.is_correct("12e") and not solution.is_correct("1o")
    assert solution.problem() is None  # the next best keeps a rey: far worse


def test_every_discard_equal_is_not_a_puzzle():
    # Two decks: throwing either 5c leaves the same hand; all other discards are worse, but
    # the margin rule still groups the two copies as one answer.
    puzzle = Puzzle("t-2", "barajamos", parse_hand("5c 5c 1o 2o 3o 7e 8e 9e"), options=(
        ("decks", 2),))
    solution = solve(puzzle)
    assert solution.answers == ("5c",)
    assert solution.problem() is None


def test_thin_margins_are_rejected_with_a_reason():
    # 9b and 8e leave 2 points apart at best? Here they differ by one: not a clear answer.
    puzzle = Puzzle("t-3", "barajamos", parse_hand("1o 2o 3o 5c 5e 5b 9b 8e"))
    solution = solve(puzzle)
    assert solution.answers == ("9b",) and solution.margin == 1 < POINTS_MARGIN
    assert "only 1.00 points fewer" in solution.problem()


def test_close_chance_rejects_a_position_that_closes_at_once():
    puzzle = Puzzle("t-4", "barajamos", parse_hand("1o 2o 3o 5c 5e 5b 9b 4e"),
                    criterion="close-chance")
    assert "closes at once" in solve(puzzle).problem()


def test_take_question_compares_the_top_card_with_the_stock():
    # The top 12c makes a group of reyes and leaves one loose card: take it and close.
    puzzle = Puzzle("t-5", "fournier", parse_hand("5c 7b 6b 3o 12b 5b 12o"), question="take",
                    top=Card.parse("12c"))
    solution = solve(puzzle)
    take, stock = solution.options
    assert solution.answers == ("take",) and take.outcome is Outcome.POINTS
    assert take.loose_points == 3 and stock.outcome is Outcome.CANNOT_CLOSE
    assert 0 < stock.close_chance < 1


def test_close_chance_margin_is_the_probability_difference():
    for puzzle in load_all(check=False):
        if puzzle.criterion == "close-chance":
            solution = solve(puzzle)
            assert solution.margin == solution.best.close_chance - solution.second.close_chance
            assert solution.margin >= CLOSE_CHANCE_MARGIN
            break


def test_naive_player_throws_the_highest_card_in_no_meld():
    puzzle = Puzzle("t-6", "barajamos", parse_hand("3c 4c 5c 7o 7e 9b 11b 2e"))
    assert naive_moves(puzzle) == ("11b",)
    assert trivial(solve(puzzle))  # the one loose figure: nothing to learn


# --- The pack format --------------------------------------------------------------------------


def test_parse_and_code_round_trip_and_repr_pastes_back():
    for puzzle in load_all(check=False)[::40]:
        again = Puzzle.parse(puzzle.code())
        assert again == puzzle and again.code() == puzzle.code()
        assert eval(repr(puzzle), {"Puzzle": Puzzle}) == puzzle


GOOD = """\
# a comment block
id: demo-1
rules: barajamos
hand: 1o 2o 3o 5c 5e 5b 4c 4e
question: discard
criterion: fewest-points
themes: close-now, break-pair
difficulty: easy
answer: 4c 4e
"""


def test_read_pack_names_file_and_line_of_a_bad_block():
    assert [p.id for p in read_pack(GOOD, "good.txt")] == ["demo-1"]
    cases = {
        "colour: red": "good.txt:10: expected 'key: value'",
        "hand: 1o 2o 3o": "good.txt:2: puzzle 'demo-1': a 'discard' question holds 8 cards",
        "criterion: luck": "good.txt:2: puzzle 'demo-1': criterion is one of",
        "themes: luck": "good.txt:2: puzzle 'demo-1': unknown theme 'luck'",
        "rules: poker": "good.txt:2: puzzle 'demo-1': unknown rule profile 'poker'",
        "options: decks=3": "good.txt:2: puzzle 'demo-1': Barajamos takes decks 1 or 2, not 3",
        "seen: 1o": "good.txt:2: puzzle 'demo-1': card '1o' is held or seen more often",
        "answer: 4c\nanswer: 4e": "good.txt:10: 'answer' given twice",
    }
    for extra, message in cases.items():
        key = extra.split(":")[0]
        text = "\n".join(line for line in GOOD.splitlines()
                         if not line.startswith(f"{key}:") or key == "answer") + "\n" + extra
        if key == "answer":
            text = GOOD.replace("answer: 4c 4e\n", "") + extra
        with pytest.raises(PuzzleError, match=re.escape(message)):
            read_pack(text, "good.txt")
    with pytest.raises(PuzzleError, match=re.escape("good.txt:2: puzzle 'demo-1': unknown card 'Zz'")):
        read_pack(GOOD.replace("4e\nquestion", "Zz\nquestion"), "good.txt")
    with pytest.raises(PuzzleError, match="lacks criterion"):
        read_pack(GOOD.replace("criterion: fewest-points\n", ""), "good.txt")


def test_loading_recomputes_and_rejects_a_wrong_stored_answer(tmp_path):
    path = tmp_path / "pack.txt"
    path.write_text(GOOD.replace("answer: 4c 4e", "answer: 1o"), encoding="utf-8")
    assert load_pack(path, check=False)[0].answer == ("1o",)  # read, never trusted
    with pytest.raises(PuzzleError, match=r"pack.txt:2: puzzle 'demo-1': the pack says 1o, "
                                          r"the solver accepts 4c 4e"):
        load_pack(path)
    path.write_text(GOOD, encoding="utf-8")
    assert verify(load_pack(path)[0]) == []


def test_loading_rejects_a_thin_margin_and_wrong_tags(tmp_path):
    path = tmp_path / "pack.txt"
    thin = GOOD.replace("4c 4e\nquestion", "9b 8e\nquestion").replace(
        "answer: 4c 4e", "answer: 9b")
    path.write_text(thin, encoding="utf-8")
    with pytest.raises(PuzzleError, match=r"not a valid puzzle: the best leaves only 1\.00"):
        load_pack(path)
    path.write_text(GOOD.replace("difficulty: easy", "difficulty: hard"), encoding="utf-8")
    with pytest.raises(PuzzleError, match="difficulty hard should be easy"):
        load_pack(path)


def test_missing_pack_file_is_a_clear_error(tmp_path):
    with pytest.raises(PuzzleError, match="cannot read puzzle pack"):
        load_pack(tmp_path / "nope.txt")


def test_duplicate_ids_across_packs_are_rejected(tmp_path):
    (tmp_path / "a.txt").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.txt").write_text(GOOD, encoding="utf-8")
    with pytest.raises(PuzzleError, match="'demo-1' is also used in"):
        load_all(tmp_path)
    report = check_packs(pack_paths(tmp_path))
    assert not report.ok and "also used in" in report.summary()


# --- Generation -------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_generation_is_reproducible_valid_and_not_trivial(rules):
    first = generate(rules, 6, seed=11)
    assert first == generate(rules, 6, seed=11)
    assert first != generate(rules, 6, seed=12)
    assert len({p.id for p in first}) == 6
    for puzzle in first:
        solution = solve(puzzle)
        assert verify(puzzle) == [] and not trivial(solution)
    again = read_pack(pack_text(first, "header line"))
    assert again == tuple(first)


# --- The shipped packs ------------------------------------------------------------------------


@pytest.mark.slow
def test_every_shipped_pack_checks():
    report = check_packs(pack_paths())
    assert report.ok, report.summary()


def test_shipped_packs_are_large_and_balanced():
    puzzles = load_all(check=False)
    for rules_id in PROFILE_IDS:
        default = [p for p in puzzles if p.rules_id == rules_id and not p.options]
        assert len(default) >= 150, rules_id
        kinds = Counter(p.criterion for p in default)
        for criterion in CRITERIA:
            assert kinds[criterion] >= 0.4 * len(default), (rules_id, kinds)
        assert {p.difficulty for p in default} == set(DIFFICULTIES)
    assert {t for p in puzzles for t in p.themes} == set(THEMES)
    assert any(p.options for p in puzzles)


def test_every_shipped_puzzle_is_worth_keeping():
    """The README's criteria, restated from the solution: a fewest-points puzzle is near a
    close (some discard closes) or its naive move is wrong; close-chance puzzles have no close
    now and a clear margin; no answer is "throw your highest card" when it is a loose figure;
    no close is forced."""
    for puzzle in load_all(check=False):
        solution = solve(puzzle)
        assert dull_reason(solution) is None, puzzle.id
        closing = [o.outcome is not Outcome.CANNOT_CLOSE for o in solution.options]
        naive_right = set(naive_moves(puzzle)) <= set(solution.answers)
        if puzzle.question == "take":
            assert not naive_right or solution.best.outcome is not Outcome.CANNOT_CLOSE
            continue
        assert sum(closing) < len(closing) - 1, puzzle.id
        if puzzle.criterion == "fewest-points":
            assert any(closing) or not naive_right, puzzle.id
        else:
            assert not any(closing) and solution.margin >= CLOSE_CHANCE_MARGIN, puzzle.id
        if naive_right:
            assert not any(Card.parse(m).is_figure for m in solution.answers), puzzle.id


def test_fewest_points_far_from_a_close_with_the_naive_answer_is_dull():
    far = Puzzle("t-9", "barajamos", parse_hand("1o 2o 3o 5c 5e 5b 9c 7e"))
    solution = solve(far)
    assert solution.problem() is None and solution.answers == ("9c",)
    assert "judge it by close-chance" in dull_reason(solution)
    near = Puzzle("t-10", "barajamos", parse_hand("1o 2o 3o 5c 5e 5b 4c 4e"))
    assert dull_reason(solve(near)) is None  # throwing a 4 closes


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_the_generators_quick_rejection_only_drops_what_the_solver_rejects(rules):
    rng = random.Random(7)
    checked = 0
    for position in simulated_positions(rules, rng):
        if position.drawn is None:
            continue
        for criterion in CRITERIA:
            puzzle = Puzzle("q-1", rules.id, position.hand, "discard", criterion,
                            seen=(*position.seen, position.top))
            if rejected_before_drawing(puzzle):
                solution = solve(puzzle)
                assert solution.problem() is not None or dull_reason(solution) is not None
                checked += 1
    assert checked > 0


def test_every_profile_has_easy_puzzles_for_a_first_visit():
    for rules_id in PROFILE_IDS:
        easy = pool(rules_id, difficulty="easy", options={})
        assert len(easy) >= 20, rules_id


def test_generation_takes_its_positions_from_a_pluggable_source():
    rules = get_rules("barajamos")
    hand = parse_hand("1o 2o 3o 5c 5e 5b 4c 4e")
    calls = []

    def source(rules_, rng):
        calls.append(rules_)
        yield Position(hand, Card.parse("9b"), (), hand[-1])

    [puzzle] = generate(rules, 1, seed=3, source=source)
    assert calls and calls[0] == rules
    assert sorted(puzzle.hand) == sorted(hand) and puzzle.answer == ("4c", "4e")
    assert puzzle.seen == (Card.parse("9b"),) and verify(puzzle) == []


def test_game_positions_come_from_real_games_and_normal_turns():
    rules = get_rules("ludoteka")
    positions = list(game_positions(rules, random.Random(3)))
    assert len(positions) > 10
    for position in positions:
        assert len(position.hand) == (7 if position.drawn is None else 8)
        assert position.drawn is None or position.drawn in position.hand
        visible = position.seen + ((position.top,) if position.top else ())
        unseen_cards(rules, position.hand, visible)  # no card held or seen twice
    assert positions == list(game_positions(rules, random.Random(3)))


def test_game_positions_leave_out_ludotekas_first_round(monkeypatch):
    from chinchon.game import positions as played

    rules = get_rules("ludoteka")
    real = list(played.game_positions(rules, ["greedy", "greedy"], seed=1))
    assert any(p.first_round for p in real)
    monkeypatch.setattr(played, "game_positions", lambda *args, **kwargs: iter(real))
    kept = list(game_positions(rules, random.Random(0)))
    wanted = [p for p in real if not p.first_round
              and (p.kind == "take" or p.drew_from == "stock")
              and p.total + rules.close_limit <= rules.limit]
    assert len(kept) == len(wanted) > 0


def test_find_and_daily_puzzle():
    puzzle = load_all(check=False)[0]
    assert find_puzzle(puzzle.id) == puzzle
    with pytest.raises(PuzzleError, match="no puzzle with id 'nope-1'"):
        find_puzzle("nope-1")
    day = datetime.date(2026, 11, 29)
    assert daily_puzzle(day) == daily_puzzle(day)
    days = {daily_puzzle(day + datetime.timedelta(days=n)).id for n in range(20)}
    assert len(days) > 10


def test_code_leaves_out_unset_keys():
    puzzle = replace(load_all(check=False)[0], answer=(), themes=(), difficulty="")
    text = puzzle.code()
    assert "answer" not in text and "themes" not in text and "difficulty" not in text
    assert Puzzle.parse(text) == puzzle


def test_a_puzzle_may_name_house_rules_by_their_code_and_a_bad_code_is_named():
    from chinchon.puzzles import Puzzle, PuzzleError, check_puzzle

    text = ("id: house-1\nrules: fournier+figures=10-10-10\nhand: 1o 2o 3o 5c 5e 5b 4c 12e\n"
            "question: discard\ncriterion: fewest-points\n")
    puzzle = Puzzle.parse(text)
    check_puzzle(puzzle)
    assert puzzle.rules.figure_points == (10, 10, 10)
    for bad, named in (("fournier+figures=1-2-3", "figures"), ("nosuch+limit=9", "nosuch")):
        with pytest.raises(PuzzleError, match=named):
            check_puzzle(Puzzle.parse(text.replace("fournier+figures=10-10-10", bad)))


def test_a_wild_ace_puzzle_reads_back_as_it_was_generated() -> None:
    """Under jokers=ace-of-oros a game deals the ace of oros as the joker; read back from its
    pack it is the joker too, so its themes and difficulty are judged alike (this block came
    from ``puzzles generate --rules barajamos+limit=100+jokers=ace-of-oros -n 12``, whose
    ``puzzles check`` failed on it: read back, the ace was a plain ace next to the 2 of oros)."""
    from chinchon.puzzles import Puzzle, verify

    puzzle = Puzzle.parse("""
id: barajamos-jokers-ace-of-oros-limit-100-006
rules: barajamos+jokers=ace-of-oros+limit=100
hand: 2o 5o 5c 3e 7o 2e 1o 1e
seen: 12c 10o 6e 12b 11b 8e 12e 9b 7b 11e 8b
question: discard
criterion: fewest-points
themes: close-now, break-pair, keep-run-open, double-out
difficulty: hard
answer: 5c 7o
""")
    assert [card.is_joker for card in puzzle.hand] == [False] * 6 + [True, False]
    assert verify(puzzle) == []
