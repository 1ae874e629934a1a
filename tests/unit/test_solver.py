"""The solver: the sources' worked hands, special cases, bad input, and property tests against
the brute-force reference in ``reference.py`` for every profile and option."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chinchon.engine.cards import JOKER, Card, CardError, HandError, parse_hand
from chinchon.engine.melds import Meld, MeldError, check_meld
from chinchon.engine.rules import Rules, get_rules
from chinchon.engine.solver import (
    Arrangement,
    CloseError,
    HandAnalysis,
    Outcome,
    analyze,
    analyze_discards,
    arrangement_of,
    can_close,
    close,
    fewest_loose_points,
    loose_points_of_mask,
)
from harness.reference import (
    discards_problems,
    hand_problems,
    solve,
    solve_discards,
    table_of,
    verdict,
)
from tests.unit.test_rules import COMBOS

BARAJAMOS = get_rules("barajamos")
FOURNIER = get_rules("fournier")
JDC = get_rules("jeux-de-cartes")
LUDOTEKA = get_rules("ludoteka")
LUDOTEKA_JOKERS = get_rules("ludoteka", jokers=2)


def hand(text: str) -> tuple[Card, ...]:
    return parse_hand(text)


# --- The worked hands of RULES.md ---------------------------------------------------------------


@pytest.mark.parametrize(("text", "points", "outcome", "score"), [
    ("7o 7c 7b 9e 10e 11e 4o", 4, Outcome.POINTS, 4),
    ("5o 5c 5e 1b 2b 3b 10o", 10, Outcome.CANNOT_CLOSE, None),
    ("3c 4c 5c 6c 6o 6e 1b", 1, Outcome.POINTS, 1),
    ("11o 12o 1o 5c 5e 5b 2c", 26, Outcome.CANNOT_CLOSE, None),
    ("7o 8o 9o 10o 2c 2e 2b", 0, Outcome.MINUS_TEN, -10),
    ("3e 4e 5e 6e 7e 8e 9e", 0, Outcome.CHINCHON, None),
])
def test_barajamos_worked_hands(text: str, points: int, outcome: Outcome,
                                score: int | None) -> None:
    analysis = analyze(hand(text), BARAJAMOS)
    assert analysis.loose_points == points == fewest_loose_points(hand(text), BARAJAMOS)
    assert (analysis.outcome, analysis.score) == (outcome, score)
    assert analysis.can_close is (outcome is not Outcome.CANNOT_CLOSE)


def test_barajamos_worked_arrangements() -> None:
    assert analyze(hand("7o 7c 7b 9e 10e 11e 4o"), BARAJAMOS).arrangement.code() == \
        "7o 7c 7b | 9e 10e 11e / 4o"
    # The 6 of copas goes with the sixes, not with the run of copas.
    assert analyze(hand("3c 4c 5c 6c 6o 6e 1b"), BARAJAMOS).arrangement.code() == \
        "6o 6c 6e | 3c 4c 5c / 1b"
    assert analyze(hand("3e 4e 5e 6e 7e 8e 9e"), BARAJAMOS).arrangement.is_seven_run()


def test_barajamos_worked_lay_off() -> None:
    melds = analyze(hand("7o 7c 7b 9e 10e 11e 4o"), BARAJAMOS).arrangement.melds
    sevens, run = melds
    assert sevens.add(Card(7, "e"), BARAJAMOS).code() == "7o 7c 7e 7b"
    assert run.add(Card(12, "e"), BARAJAMOS).code() == "9e 10e 11e 12e"


def test_fournier_worked_discard() -> None:
    discards = analyze_discards(hand("3c 4c 5c 7b 7o 7e 1o 6c"), FOURNIER)
    assert discards.best == Card(1, "o")
    row = discards.rows[discards.best_index]
    assert (row.outcome, row.score) == (Outcome.MINUS_TEN, -10)
    assert row.arrangement.code() == "7o 7e 7b | 3c 4c 5c 6c"
    assert 24 + row.score == 14


# --- Cases the reference is built to catch ------------------------------------------------------


@pytest.mark.parametrize(("rules", "text", "points"), [
    (BARAJAMOS, "5o 5c 5e 5b 4o 6o 4c", 4),      # split the four fives: 4o-5o-6o and 5c 5e 5b
    (FOURNIER, "6o 7o 10o 1b 2b 3b 5c", 5),      # 6-7-10 is a run in the 40-card deck
    (FOURNIER, "7o 11o 12o 1b 2b 3b 4b", 26),    # ... and 7-11-12 is not (7 + 9 + 10)
    (BARAJAMOS, "7o 10o 11o 12o 1b 2b 3b", 7),   # in the 48-card deck 7 and 10 are apart
    (JDC, "3o 3c 3e 4o 5o 4c 5c", 3),            # two runs beat the three threes
])
def test_traps(rules: Rules, text: str, points: int) -> None:
    assert fewest_loose_points(hand(text), rules) == points
    assert analyze(hand(text), rules).loose_points == points
    assert solve(hand(text), table_of(rules)).fewest == points


def test_every_optimal_arrangement_is_listed() -> None:
    codes = [a.code() for a in analyze(hand("3c 4c 5c 6c 6o 6e 6b"), BARAJAMOS).arrangements]
    assert sorted(codes) == ["6o 6c 6e 6b | 3c 4c 5c", "6o 6e 6b | 3c 4c 5c 6c"]


def test_identical_cards_do_not_repeat_an_arrangement() -> None:
    """Two decks: melding either 3b leaves the same loose cards (a bug once: listed twice)."""
    analysis = analyze(hand("2b 2c 3b 1e 3b 1o 1b"), get_rules("barajamos", decks=2))
    assert [a.code() for a in analysis.arrangements] == ["1b 2b 3b / 2c 1e 3b 1o"]
    assert analysis.loose_points == 2 + 1 + 3 + 1


def test_a_non_optimal_arrangement_allows_the_close() -> None:
    """Ludoteka with jokers: the fewest points leave two aces loose (2 points, two cards), but
    putting the aces with a joker leaves one loose 4 alone, which may close."""
    analysis = analyze(hand("1c 1e JK JK 4o 6o 10o"), LUDOTEKA_JOKERS)
    assert analysis.loose_points == 2
    assert [a.code() for a in analysis.arrangements] == ["4o JK=5o 6o JK=7o 10o / 1c 1e"]
    assert (analysis.outcome, analysis.score) == (Outcome.POINTS, 4)
    assert analysis.close is not None and analysis.close.arrangement.loose == (Card(4, "o"),)
    assert can_close(hand("1c 1e JK JK 4o 6o 10o"), LUDOTEKA_JOKERS, total=96)
    assert not can_close(hand("1c 1e JK JK 4o 6o 10o"), LUDOTEKA_JOKERS, total=97)


def test_one_loose_card_rules() -> None:
    # Jeux de cartes: one loose 3 may close, one loose 4 may not, nor two loose aces.
    assert can_close(hand("1o 2o 3o 5c 5e 5b 3e"), JDC)
    assert not can_close(hand("1o 2o 3o 5c 5e 5b 4e"), JDC)
    two_aces = hand("2o 3o 4o 5o 6o 1b 1e")
    assert analyze(two_aces, JDC).loose_points == 2
    assert not can_close(two_aces, JDC)
    # ... while Barajamos and Fournier count points: two loose aces may close.
    assert close(two_aces, BARAJAMOS).score == 2
    assert close(two_aces, FOURNIER).score == 2
    assert not can_close(hand("2o 3o 4o 5o 6o 1b 5e"), BARAJAMOS)


def test_chinchon_effects() -> None:
    seven = hand("1c 2c 3c 4c 5c 6c 7c")
    assert (analyze(seven, FOURNIER).outcome, analyze(seven, FOURNIER).score) == \
        (Outcome.MINUS_TEN, -10)
    assert (analyze(seven, JDC).outcome, analyze(seven, JDC).score) == (Outcome.CHINCHON, -10)
    assert (analyze(seven, LUDOTEKA).outcome, analyze(seven, LUDOTEKA).score) == \
        (Outcome.CHINCHON, None)
    with_joker = hand("1c 2c JK 4c 5c 6c 7c")
    analysis = analyze(with_joker, LUDOTEKA_JOKERS)
    assert (analysis.outcome, analysis.score) == (Outcome.CHINCHON_WITH_JOKER, -25)
    # A run of six and a joker in a 40-card deck: 6-7-10 keeps it one run.
    assert analyze(hand("3c 4c 5c 6c 7c 10c JK"), LUDOTEKA_JOKERS).outcome is \
        Outcome.CHINCHON_WITH_JOKER
    # Two runs of one suit side by side are one run: still a chinchón.
    assert analyze(hand("1c 2c 3c 4c 5c 6c 7c"), BARAJAMOS).arrangements[0].is_seven_run()


def test_ludoteka_first_round_and_limit() -> None:
    minus_ten = hand("7o 7c 7b 1e 2e 3e 4e")
    assert can_close(minus_ten, LUDOTEKA)
    assert not can_close(minus_ten, LUDOTEKA, first_round=True)
    assert can_close(minus_ten, BARAJAMOS, first_round=True)
    assert can_close(minus_ten, LUDOTEKA, total=100)
    one_four = hand("7o 7c 7b 1e 2e 3e 4o")
    assert can_close(one_four, LUDOTEKA, total=96)      # exactly 100 stays in
    assert not can_close(one_four, LUDOTEKA, total=97)
    assert can_close(one_four, JDC, total=1000) is False  # 4 is over Jeux de cartes' 3
    assert can_close(one_four, get_rules("ludoteka", limit=120), total=116)
    with pytest.raises(CloseError, match="first round"):
        close(minus_ten, LUDOTEKA, first_round=True)
    with pytest.raises(CloseError, match="over 100 from 97"):
        close(one_four, LUDOTEKA, total=97)
    discards = analyze_discards(hand("7o 7c 7b 1e 2e 3e 4o 2c"), LUDOTEKA, total=97)
    assert not discards.rows[-1].can_close and discards.rows[-2].can_close
    assert discards.best == Card(4, "o")
    assert analyze_discards(hand("7o 7c 7b 1e 2e 3e 4o 2c"), LUDOTEKA).rows[-1].can_close


def test_discard_table_order() -> None:
    # Chinchón beats -10, which beats closing on points, which beats fewest points.
    chart = analyze_discards(hand("1c 2c 3c 4c 5c 6c 7c 7o"), BARAJAMOS)
    assert chart.best == Card(7, "o") and chart.rows[chart.best_index].outcome is Outcome.CHINCHON
    chart = analyze_discards(hand("1c 2c 3c 4c 5c 6c 7c JK"), LUDOTEKA_JOKERS)
    assert chart.best == JOKER
    json = chart.to_json()
    assert json["best"] == "JK" and [d["card"] for d in json["discards"]] == \
        ["1c", "2c", "3c", "4c", "5c", "6c", "7c", "JK"]


# --- Notation and agreement of the pairs ---------------------------------------------------------


def test_arrangement_notation() -> None:
    text = "7o 7c 7b | 9e 10e 11e / 4o"
    arrangement = Arrangement.parse(text, BARAJAMOS)
    assert arrangement.code() == text and arrangement.loose_points(BARAJAMOS) == 4
    rules = BARAJAMOS  # repr names `rules`
    assert eval(repr(arrangement)) == arrangement
    assert Arrangement.parse("/ 1o 2c", rules).code() == "/ 1o 2c"
    two_decks = get_rules("barajamos", decks=2)
    assert Arrangement.parse("7o 7c 7b / 7o", two_decks).loose == (Card(7, "o"),)
    rules = LUDOTEKA_JOKERS
    joker = Arrangement.parse("JK=1o 1c 1e | 6o JK=7o 10o / 4o", rules)
    assert eval(repr(joker)) == joker


@pytest.mark.parametrize(("text", "rules", "error", "quoted"), [
    ("7o 7c 7e | 9e 10e 12e / 4o", BARAJAMOS, MeldError, "'9e 10e 12e'"),
    ("7o 7c | 9e 10e 11e", BARAJAMOS, MeldError, "'7o 7c '"),
    ("JK=7o 7c 7b / 4o", BARAJAMOS, MeldError, "no jokers"),
    ("7o 7c 7b / 4x", BARAJAMOS, CardError, "'4x'"),
    # Cards the deck cannot give (a bug once: the loose cards and repeats went unchecked).
    ("7o 7c 7b / 8o", FOURNIER, CardError, "'8o'"),
    ("7o 7c 7b | 7o 8o 9o", BARAJAMOS, HandError, "'7o'"),
    ("7o 7c 7b / 7o", BARAJAMOS, HandError, "'7o'"),
    ("JK=7o 7c 7b | JK=1e 2e 3e / JK", LUDOTEKA_JOKERS, HandError, "'JK'"),
])
def test_bad_arrangement(text: str, rules: Rules, error: type, quoted: str) -> None:
    with pytest.raises(error, match=quoted):
        Arrangement.parse(text, rules)


def test_arrangement_of() -> None:
    melds = [Meld.parse("7o 7c 7b")]
    assert arrangement_of(hand("7o 4o 7c 7b"), melds).code() == "7o 7c 7b / 4o"
    with pytest.raises(HandError, match=r"'7b'.*'7o 7c 7b'"):
        arrangement_of(hand("7o 4o 7c 5b"), melds)


BAD_HANDS = [
    (BARAJAMOS, "7o 7c 7b 9e 10e 11e 4x", CardError, "'4x'"),
    (FOURNIER, "8o 7c 7b 9e 10e 11e 4o", CardError, "'8o'"),
    (FOURNIER, "7o 7c 7b 1e 2e 3e 9o", CardError, "'9o'"),
    (BARAJAMOS, "7o 7o 7b 9e 10e 11e 4o", HandError, "'7o'"),
    (get_rules("barajamos", decks=2), "7o 7o 7o 9e 10e 11e 4o", HandError, "'7o'"),
    (LUDOTEKA_JOKERS, "JK JK JK 1o 2o 3o 4o", HandError, "'JK'"),
    (LUDOTEKA, "JK 7c 7b 1e 2e 3e 4o", CardError, "'JK'"),
    (BARAJAMOS, "7o 7c 7b 9e 10e 11e", HandError, "'7o 7c 7b 9e 10e 11e'"),
    (BARAJAMOS, "7o 7c 7b 9e 10e 11e 4o 5o", HandError, "not 8"),
]


@pytest.mark.parametrize(("rules", "text", "error", "quoted"), BAD_HANDS)
def test_bad_seven_card_hands(rules: Rules, text: str, error: type, quoted: str) -> None:
    for solve_it in (analyze, can_close, close):
        with pytest.raises(error, match=quoted):
            solve_it(parse_hand(text), rules)
    if len(text.split()) == 7:  # fewest_loose_points also takes 3 to 8 cards
        with pytest.raises(error, match=quoted):
            fewest_loose_points(parse_hand(text), rules)


@pytest.mark.parametrize(("rules", "text", "error", "quoted"), [
    (FOURNIER, "8o 7c 7b 9e 10e 11e 4o 1o", CardError, "'8o'"),
    (BARAJAMOS, "7o 7o 7b 9e 10e 11e 4o 1o", HandError, "'7o'"),
    (LUDOTEKA_JOKERS, "JK JK JK 1o 2o 3o 4o 1c", HandError, "'JK'"),
    (LUDOTEKA, "JK 7c 7b 1e 2e 3e 4o 1c", CardError, "'JK'"),
    (BARAJAMOS, "7o 7c 7b 9e 10e 11e 4o", HandError, "not 7"),
])
def test_bad_eight_card_hands(rules: Rules, text: str, error: type, quoted: str) -> None:
    with pytest.raises(error, match=quoted):
        analyze_discards(parse_hand(text), rules)


def test_fewest_loose_points_sizes() -> None:
    with pytest.raises(HandError, match=r"at most 8.*not 9"):
        fewest_loose_points(hand("1o 2o 3o 4o 5o 6o 7o 8o 9o"), get_rules("barajamos", decks=2))
    with pytest.raises(HandError, match="not 6"):
        analyze_discards(hand("1o 2o 3o 4o 5o 6o"), BARAJAMOS)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(get_rules("barajamos").deck.cards()), max_size=8, unique=True))
def test_fewest_loose_points_of_any_size(cards: list[Card]) -> None:
    """0 to 8 cards; without identical cards, two decks meld exactly as one (a bug once: the
    one-deck path took fewer than 3 cards and the two-deck path refused them)."""
    fewest = fewest_loose_points(cards, BARAJAMOS)
    assert fewest == fewest_loose_points(cards, get_rules("barajamos", decks=2))
    assert fewest == solve(cards, table_of(BARAJAMOS)).fewest


# --- Property tests against the reference --------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn, rules: Rules, size: int) -> tuple[Card, ...]:
    """Random hands, dense hands (3-4 adjacent numbers across the suits: groups and runs
    overlap) and run hands (one suit's window, jokers sprinkled: chinchones)."""
    ranks = rules.deck.ranks
    kind = draw(st.sampled_from(("random", "dense", "runs")))
    pool = list(rules.deck.cards())
    if kind == "dense":
        width = draw(st.sampled_from((3, 4)))
        start = draw(st.integers(0, len(ranks) - width))
        pool = [c for c in pool if c.is_joker or c.rank in ranks[start:start + width]]
    elif kind == "runs":
        suit = draw(st.sampled_from("oceb"))
        start = draw(st.integers(0, len(ranks) - 7))
        window = ranks[max(0, start - 1):start + 8]
        pool = [c for c in pool if c.is_joker or (c.suit == suit and c.rank in window)] + \
            [c for c in pool if c.rank in window and c.suit != suit][:1]
    pool = pool if len(pool) >= size else list(rules.deck.cards())
    chosen = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size,
                           unique=True))
    return tuple(pool[i] for i in chosen)


@st.composite
def context(draw: st.DrawFn) -> tuple[bool, int | None]:
    return draw(st.booleans()), draw(st.none() | st.integers(0, 100))


def check_objects(analysis: HandAnalysis, rules: Rules) -> None:
    """What the JSON cannot show: the library's own objects are consistent."""
    cards = Counter(analysis.hand)
    for arrangement in analysis.arrangements:
        assert Counter(arrangement.cards()) == cards
        assert arrangement.loose_points(rules) == analysis.loose_points
        assert all(check_meld(meld, rules) == meld for meld in arrangement.melds)
        assert Arrangement.parse(arrangement.code(), rules) == arrangement
    if analysis.close is not None:
        assert Counter(analysis.close.arrangement.cards()) == cards
        assert analysis.close.outcome is not Outcome.CANNOT_CLOSE


@pytest.mark.parametrize("rules", COMBOS, ids=repr)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_seven_cards_against_reference(rules: Rules, data: st.DataObject) -> None:
    cards = data.draw(hands(rules, 7))
    first_round, total = data.draw(context())
    analysis = analyze(cards, rules, first_round=first_round, total=total)
    table = table_of(rules)
    solution = solve(cards, table)
    assert hand_problems(cards, analysis.to_json(), solution, table, first_round, total) == []
    check_objects(analysis, rules)
    assert fewest_loose_points(cards, rules) == solution.fewest
    if rules.deck.copies == 1 and not rules.deck.jokers:
        assert loose_points_of_mask(sum(c.bit for c in cards), rules) == solution.fewest
    allowed = can_close(cards, rules, first_round=first_round, total=total)
    assert allowed == verdict(solution, table, first_round, total).can_close
    if allowed:
        assert close(cards, rules, first_round=first_round, total=total) == analysis.close
    else:
        with pytest.raises(CloseError, match=repr(" ".join(c.code() for c in cards))):
            close(cards, rules, first_round=first_round, total=total)


@pytest.mark.parametrize("rules", COMBOS, ids=repr)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_eight_cards_against_reference(rules: Rules, data: st.DataObject) -> None:
    cards = data.draw(hands(rules, 8))
    first_round, total = data.draw(context())
    discards = analyze_discards(cards, rules, first_round=first_round, total=total)
    ref = table_of(rules)
    solutions = solve_discards(cards, ref)
    assert discards_problems(cards, discards.to_json(), solutions, ref, first_round, total) == []
    for i, row in enumerate(discards.rows):
        assert row.hand == cards[:i] + cards[i + 1:]
        check_objects(row, rules)
        assert hand_problems(row.hand, row.to_json(), solutions[i], ref, first_round, total) == []
