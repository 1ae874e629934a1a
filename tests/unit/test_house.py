"""House rules: the text code, every option through the solver, the lay-offs and the score
sheet, the brute-force reference under random house profiles, decks that follow the table."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chinchon.engine.cards import ACE_JOKER, Card, parse_hand
from chinchon.engine.layoffs import resolve
from chinchon.engine.rules import (
    HOUSE_CHOICES,
    HOUSE_KEYS,
    PROFILE_IDS,
    ChinchonEffect,
    CloseRule,
    HouseRulesError,
    Rules,
    RulesError,
    get_rules,
    parse_house,
)
from chinchon.engine.scoring import ScoreSheet
from chinchon.engine.solver import Outcome, analyze, analyze_discards
from chinchon.views import house
from chinchon.views.i18n import t
from harness.reference import hand_problems, solve, table_of, verdict
from harness.reference_layoffs import random_pair
from tests.unit.test_layoffs import check_pair
from tests.unit.test_solver import check_objects, context, hands

# --- The code ----------------------------------------------------------------------------------


@st.composite
def house_parts(draw: st.DrawFn) -> tuple[str, dict[str, str]]:
    """A base profile and a random set of house parts (values valid for their key)."""
    base = draw(st.sampled_from(PROFILE_IDS))
    parts: dict[str, str] = {}
    for key in HOUSE_KEYS:
        if not draw(st.booleans()):
            continue
        if key in HOUSE_CHOICES:
            parts[key] = draw(st.sampled_from(HOUSE_CHOICES[key]))
        elif key == "close":
            parts[key] = draw(st.sampled_from(("points:0", "points:5", "points:9", "one-loose:2",
                                               "one-loose:5", "all-melded")))
        elif key == "joker-points":
            parts[key] = str(draw(st.integers(0, 50)))
        elif key == "minus-ten":
            parts[key] = str(draw(st.integers(-40, 0)))
        elif key == "limit":
            parts[key] = str(draw(st.integers(1, 300)))
        else:
            parts[key] = str(draw(st.integers(0, 5)))
    deck = parts.get("deck", "48" if base == "barajamos" else "40")
    if deck == "48":
        parts.pop("seven-ten", None)
    return base, parts


def code_of(base: str, parts: dict[str, str], order: list[str]) -> str:
    return "+".join([base, *(f"{key}={parts[key]}" for key in order)])


@settings(max_examples=300, deadline=None)
@given(drawn=house_parts(), seed=st.integers(0, 1000))
def test_code_round_trips(drawn: tuple[str, dict[str, str]], seed: int) -> None:
    base, parts = drawn
    order = list(parts)
    random.Random(seed).shuffle(order)
    rules = get_rules(code_of(base, parts, order))
    canonical = rules.code()
    assert get_rules(canonical) == rules
    assert get_rules(canonical).code() == canonical
    assert eval(repr(rules)) == rules
    assert canonical.split("+")[0] == base == rules.id
    # Canonical order is HOUSE_KEYS' order; parts equal to the base's are dropped.
    keys = [part.split("=")[0] for part in canonical.split("+")[1:]]
    assert keys == [key for key in HOUSE_KEYS if key in keys]
    assert set(keys) <= set(parts)
    assert get_rules(canonical.replace("+", " ")) == rules  # a URL may turn + into a space


def test_issue_example() -> None:
    rules = get_rules("barajamos+limit=100+jokers=ace-of-oros")
    assert rules.limit == 100 and rules.deck.wild_ace and rules.id == "barajamos"
    assert rules.code() == "barajamos+jokers=ace-of-oros+limit=100"
    assert get_rules("barajamos").code() == "barajamos"
    assert get_rules("barajamos+limit=70").code() == "barajamos"  # the base's own value


@pytest.mark.parametrize(("code", "part"), [
    ("chinchon+limit=100", "chinchon"),
    ("Barajamos", "Barajamos"),
    ("barajamos+", ""),
    ("barajamos++limit=100", ""),
    ("barajamos+limit", "limit"),
    ("barajamos+colour=red", "colour=red"),
    ("barajamos+limit=100+limit=90", "limit=90"),
    ("barajamos+limit=0", "limit=0"),
    ("barajamos+limit=ten", "limit=ten"),
    ("barajamos+limit=1.5", "limit=1.5"),
    ("barajamos+deck=44", "deck=44"),
    ("barajamos+decks=3", "decks=3"),
    ("barajamos+jokers=1", "jokers=1"),
    ("barajamos+jokers=ace-of-copas", "jokers=ace-of-copas"),
    ("barajamos+figures=10-11", "figures=10-11"),
    ("barajamos+joker-points=-5", "joker-points=-5"),
    ("barajamos+close=points", "close=points"),
    ("barajamos+close=some:3", "close=some:3"),
    ("barajamos+close=all-melded:2", "close=all-melded:2"),
    ("barajamos+first-round-close=maybe", "first-round-close=maybe"),
    ("barajamos+minus-ten=10", "minus-ten=10"),
    ("barajamos+chinchon=loses", "chinchon=loses"),
    ("barajamos+returns=-1", "returns=-1"),
    ("barajamos+seven-ten=yes", "seven-ten=yes"),
    ("fournier+seven-ten=perhaps", "seven-ten=perhaps"),
    ("ludoteka+deck=48+seven-ten=no", "seven-ten=no"),
])
def test_bad_codes_are_refused_by_name(code: str, part: str) -> None:
    with pytest.raises(HouseRulesError) as caught:
        get_rules(code)
    assert caught.value.part == part
    assert repr(part) in str(caught.value)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, RulesError)


def test_every_key_and_choice_is_listed() -> None:
    assert HOUSE_KEYS == ("deck", "decks", "jokers", "figures", "joker-points", "close",
                          "first-round-close", "minus-ten", "chinchon", "limit", "returns",
                          "seven-ten")
    for key, values in HOUSE_CHOICES.items():
        for value in values:
            parse_house(f"ludoteka+{key}={value}")


# --- Each option through analyze, lay-offs and the score sheet ---------------------------------


def hand(text: str) -> tuple[Card, ...]:
    return parse_hand(text)


def test_deck_option() -> None:
    rules = get_rules("fournier+deck=48")
    assert analyze(hand("7o 8o 9o 2c 2e 2b 5c"), rules).loose_points == 5
    with pytest.raises(ValueError, match="8o"):
        analyze(hand("7o 8o 9o 2c 2e 2b 5c"), get_rules("fournier"))


def test_decks_option_fixes_two_decks_at_any_table() -> None:
    rules = get_rules("fournier+decks=2")
    assert analyze(hand("5o 5o 5c 1b 2b 3b 4e"), rules).loose_points == 4
    assert ScoreSheet.start(rules, 2).rules.deck.copies == 2
    assert ScoreSheet.start(get_rules("barajamos+decks=1"), 6).rules.deck.copies == 1


def test_jokers_option() -> None:
    rules = get_rules("barajamos+jokers=2")
    analysis = analyze(hand("7o 7c JK 9e 10e 11e 4o"), rules)
    assert analysis.loose_points == 4 and analysis.can_close


def test_ace_of_oros_is_the_joker() -> None:
    rules = get_rules("fournier+jokers=ace-of-oros")
    analysis = analyze(hand("1o 3c 4c 7e 7b 12o 2b"), rules)
    # 1o names 7o (three sevens) rather than 5c (3c 4c 5c): 3c 4c 12o 2b stay loose.
    assert analysis.loose_points == 3 + 4 + 10 + 2
    assert analysis.hand[0] is ACE_JOKER and analysis.hand[0].code() == "1o"
    assert any("1o=" in meld.code() for meld in analysis.arrangement.melds)
    assert rules.points(ACE_JOKER) == 25  # loose, it costs what a joker costs
    assert analyze(hand("1o 2o 3o 4c 5c 6c 7e"), get_rules("fournier")).loose_points == 7
    # JK is not in this deck: the ace of oros is the only joker.
    with pytest.raises(ValueError, match="JK"):
        analyze(hand("JK 2o 3o 4c 5c 6c 7e"), rules)


def test_figures_option() -> None:
    hand_ = hand("10o 11c 12e 1b 2b 3b 4b")
    assert analyze(hand_, get_rules("barajamos")).loose_points == 33
    assert analyze(hand_, get_rules("barajamos+figures=8-9-10")).loose_points == 27
    assert analyze(hand_, get_rules("barajamos+figures=10-10-10")).loose_points == 30


def test_joker_points_option() -> None:
    rules = get_rules("ludoteka+jokers=2+joker-points=50")
    # No two real cards here make a meld with the joker: it stays loose.
    assert analyze(hand("JK 1o 4c 7e 10b 12o 2b"), rules).loose_points == 50 + 1 + 4 + 7 + 22


def test_close_option_points() -> None:
    rules = get_rules("jeux-de-cartes+close=points:6")
    analysis = analyze(hand("1o 2o 3o 4c 4e 4b 6b"), rules)
    assert analysis.close is not None and analysis.score == 6
    two_loose = analyze(hand("1o 2o 3o 4o 5o 1c 2c"), rules)  # two loose cards, 3 points
    assert two_loose.can_close
    assert not analyze(hand("1o 2o 3o 4o 5o 1c 2c"), get_rules("jeux-de-cartes")).can_close


def test_close_option_one_loose() -> None:
    rules = get_rules("barajamos+close=one-loose:2")
    assert analyze(hand("1o 2o 3o 5c 5e 5b 2c"), rules).can_close
    assert not analyze(hand("1o 2o 3o 5c 5e 5b 3c"), rules).can_close
    assert not analyze(hand("1o 2o 3o 4c 4e 4b 1c"), get_rules("barajamos+close=one-loose:0")
                       ).can_close


def test_close_option_all_melded() -> None:
    rules = get_rules("barajamos+close=all-melded")
    assert rules.close_rule is CloseRule.ALL_MELDED
    assert not analyze(hand("1o 2o 3o 5c 5e 5b 1c"), rules).can_close
    assert analyze(hand("1o 2o 3o 5c 5e 5b 5o"), rules).outcome is Outcome.MINUS_TEN
    row = analyze_discards(hand("1o 2o 3o 5c 5e 5b 5o 9e"), rules).rows[-1]
    assert row.outcome is Outcome.MINUS_TEN


def test_first_round_close_option() -> None:
    cards = hand("1o 2o 3o 5c 5e 5b 1c")
    assert not analyze(cards, get_rules("barajamos+first-round-close=no"),
                       first_round=True).can_close
    assert analyze(cards, get_rules("barajamos+first-round-close=no")).can_close
    assert analyze(cards, get_rules("ludoteka+first-round-close=yes"), first_round=True).can_close


def test_minus_ten_option() -> None:
    rules = get_rules("barajamos+minus-ten=-20")
    analysis = analyze(hand("7o 8o 9o 10o 2c 2e 2b"), rules)
    assert (analysis.outcome, analysis.score) == (Outcome.MINUS_TEN, -20)
    sheet = ScoreSheet.start(rules, 3).score_close(0, Outcome.MINUS_TEN, {0: 0, 1: 5, 2: 9})
    assert sheet.totals == (-20, 5, 9)


SEVEN_RUN = "3e 4e 5e 6e 7e 8e 9e"


@pytest.mark.parametrize(("effect", "score", "others"), [
    ("wins", None, None), ("minus-ten", -10, 0), ("minus-25", -25, 0),
    ("others-pay-100", -10, 100)])
def test_chinchon_option(effect: str, score: int | None, others: int | None) -> None:
    rules = get_rules(f"barajamos+chinchon={effect}+limit=200")
    analysis = analyze(hand(SEVEN_RUN), rules)
    outcome = Outcome.MINUS_TEN if effect == "minus-ten" else Outcome.CHINCHON
    assert (analysis.outcome, analysis.score) == (outcome, score)
    sheet = ScoreSheet.start(rules, 3).score_close(0, outcome, {0: 0, 1: 5, 2: 9})
    if effect == "wins":
        assert sheet.finished and sheet.winner == 0
    else:
        assert others is not None and score is not None
        assert sheet.totals == (score, 5 + others, 9 + others) and not sheet.finished
    end = resolve(hand(SEVEN_RUN), [hand("10e 1o 1c 2b 4b 6b 11b"),
                                    hand("2e 3o 3c 5b 7b 9b 12b")], rules)
    assert end.outcome is outcome and end.players[0].score == score


def test_chinchon_effect_names() -> None:
    assert get_rules("fournier+chinchon=minus-25").chinchon_effect is ChinchonEffect.MINUS_25


def test_limit_option() -> None:
    rules = get_rules("barajamos+limit=100")
    sheet = ScoreSheet.start(rules, 3).score_close(0, Outcome.POINTS, {0: 3, 1: 90, 2: 101})
    assert sheet.in_game == (0, 1)
    base = ScoreSheet.start(get_rules("barajamos"), 3).score_close(
        0, Outcome.POINTS, {0: 3, 1: 90, 2: 50})
    assert base.in_game == (0, 2)


def test_returns_option() -> None:
    sheet = ScoreSheet.start(get_rules("fournier+returns=1"), 3)
    sheet = sheet.score_close(0, Outcome.POINTS, {0: 3, 1: 40, 2: 101})
    assert sheet.returns_left(2) == 1
    sheet = sheet.spend_return(2)
    assert sheet.totals == (3, 40, 40) and sheet.returns_left(2) == 0
    none = ScoreSheet.start(get_rules("barajamos+returns=0"), 3).score_close(
        0, Outcome.POINTS, {0: 3, 1: 40, 2: 71})
    assert not none.can_return(2)


def test_seven_ten_option() -> None:
    cards = hand("6c 7c 10c 2o 2e 2b 1o")
    assert analyze(cards, get_rules("fournier")).loose_points == 1
    broken = get_rules("fournier+seven-ten=no")
    assert analyze(cards, broken).loose_points == 6 + 7 + 8 + 1
    assert analyze(hand("5c 6c 7c 10c 11c 12c 1o"), broken).loose_points == 1
    # Lay-offs: 10c does not extend 5c 6c 7c across the break.
    end = resolve(hand("5c 6c 7c 2o 2e 2b 1b"), [hand("10c 4e 4o 11b 12b 5o 1e")], broken)
    assert all(lo.card.code() != "10c" for lo in end.players[1].laid_off)
    end = resolve(hand("5c 6c 7c 2o 2e 2b 1b"), [hand("10c 4e 4o 11b 12b 3o 1e")],
                  get_rules("fournier"))
    assert any(lo.card.code() == "10c" for lo in end.players[1].laid_off)


def test_ace_of_oros_lays_off_as_a_joker() -> None:
    rules = get_rules("barajamos+jokers=ace-of-oros")
    end = resolve(hand("3c 4c 5c 7o 7e 7b 1b"), [hand("1o 9e 11o 12b 2b 4e 5o"),
                                                hand("10e 2e 11e 12o 3b 5e 6o")], rules)
    laid = [lo.card.code() for lo in end.players[1].laid_off]
    assert "1o" in laid


# --- The reference under random house profiles -------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(drawn=house_parts(), data=st.data())
def test_solver_matches_reference_under_house_rules(drawn: tuple[str, dict[str, str]],
                                                    data: st.DataObject) -> None:
    base, parts = drawn
    rules = get_rules(code_of(base, parts, list(parts)))
    cards = data.draw(hands(rules, 7))
    first_round, total = data.draw(context())
    analysis = analyze(cards, rules, first_round=first_round, total=total)
    table = table_of(rules)
    solution = solve(cards, table)
    assert hand_problems(cards, analysis.to_json(), solution, table, first_round, total) == []
    assert analysis.can_close == verdict(solution, table, first_round, total).can_close
    check_objects(analysis, rules)


# --- Decks follow the table --------------------------------------------------------------------


@pytest.mark.parametrize(("rules_id", "players", "copies"), [
    ("barajamos", 3, 1), ("barajamos", 4, 1), ("barajamos", 5, 2), ("barajamos", 6, 2),
    ("jeux-de-cartes", 4, 1), ("jeux-de-cartes", 5, 2), ("fournier", 4, 1), ("ludoteka", 4, 1)])
def test_decks_follow_the_players(rules_id: str, players: int, copies: int) -> None:
    rules = get_rules(rules_id)
    assert ScoreSheet.start(rules, players).rules.deck.copies == copies
    assert rules.for_players(players).deck.copies == copies
    assert rules.for_players(players).code() == rules_id


def test_five_seat_barajamos_lays_off_with_two_decks() -> None:
    rules = get_rules("barajamos")
    hands_ = [hand("3c 4c 5c 7o 7e 7b 1o"), hand("6c 1e 11o 12b 2b 4e 5o"),
              hand("6c 2e 11e 12o 3b 5e 6o"), hand("8e 9e 12e 1b 2c 3o 4o"),
              hand("9o 10o 10b 11b 12c 2o 8b")]
    end = resolve(hands_[0], hands_[1:], rules)
    assert end.rules.deck.copies == 2
    assert [lo.card.code() for lo in end.players[1].laid_off] == ["6c"]
    with pytest.raises(ValueError, match="6c"):  # three seats: one deck, one 6c
        resolve(hands_[0], hands_[1:3], rules)


def test_close_command_follows_the_players() -> None:
    payload = {"rules": "barajamos", "closer": ["3c", "4c", "5c", "7o", "7e", "7b", "1o"],
               "opponents": [c.split() for c in ("6c 1e 11o 12b 2b 4e 5o",
                                                  "6c 2e 11e 12o 3b 5e 6o",
                                                  "8e 9e 12e 1b 2c 3o 4o",
                                                  "9o 10o 10b 11b 12c 2o 8b")]}
    done = subprocess.run([sys.executable, "-m", "chinchon", "close"], input=json.dumps(payload),
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"][1]["laid_off"][0]["card"] == "6c"


def test_cli_takes_a_house_code() -> None:
    done = subprocess.run([sys.executable, "-m", "chinchon", "analyze", "--rules",
                           "fournier+seven-ten=no", "6c", "7c", "10c", "2o", "2e", "2b", "1o"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["loose_points"] == 22
    bad = subprocess.run([sys.executable, "-m", "chinchon", "analyze", "--rules",
                          "fournier+limit=lots", "6c"], capture_output=True, text=True,
                         check=False)
    assert bad.returncode == 2 and "limit=lots" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1




# --- Whole bot games under house rules ---------------------------------------------------------

HOUSE_GAMES = [
    ("barajamos+limit=100+jokers=ace-of-oros", 3),
    ("fournier+seven-ten=no+close=all-melded+limit=40", 2),
    ("jeux-de-cartes+figures=10-11-12+chinchon=minus-25+returns=1", 3),
    ("ludoteka+first-round-close=yes+joker-points=10+jokers=2+minus-ten=-20", 4),
    ("barajamos+decks=2+close=one-loose:3+deck=40", 3),
]


@pytest.mark.parametrize(("code", "players"), HOUSE_GAMES)
def test_a_bot_game_plays_under_house_rules(code: str, players: int) -> None:
    from chinchon.game.players import play_game
    from chinchon.game.records import GameRecord

    rules = get_rules(code)
    final = play_game(rules, ["greedy"] * players, seed=7)
    assert final.is_over
    assert final.rules.code() == rules.code()
    assert max(final.totals) > rules.limit or final.winner is not None or final.sheet.draw
    # Every hand's scores follow the house rules: closers within the close rule, -10 as set.
    for result in final.results:
        entry = result.entry
        if entry.outcome is Outcome.MINUS_TEN and entry.closer is not None:
            assert entry.added[entry.closer] == rules.minus_ten
    record = GameRecord.of(final)
    assert code.split("+")[0] in record.code()
    assert GameRecord.parse(record.code()) == record
    assert GameRecord.from_json(record.to_json()) == record


def test_a_five_seat_barajamos_game_deals_two_decks() -> None:
    from chinchon.game.state import new_game

    state = new_game(get_rules("barajamos"), 5, seed=3)
    assert state.rules.deck.copies == 2 and state.sheet.rules.deck.copies == 2
    assert new_game(get_rules("barajamos"), 4, seed=3).rules.deck.copies == 1


#: One code per house key: a whole bot game under each, its hands checked against the rules.
ONE_PER_KEY = {
    "deck": "fournier+deck=48",
    "decks": "fournier+decks=2",
    "jokers": "jeux-de-cartes+jokers=ace-of-oros",
    "figures": "barajamos+figures=10-10-10",
    "joker-points": "ludoteka+jokers=2+joker-points=5",
    "close": "barajamos+close=one-loose:4",
    "first-round-close": "ludoteka+first-round-close=yes",
    "minus-ten": "fournier+minus-ten=-30",
    "chinchon": "jeux-de-cartes+chinchon=minus-25",
    "limit": "fournier+limit=30",
    "returns": "barajamos+returns=0",
    "seven-ten": "jeux-de-cartes+seven-ten=no",
}


def test_one_code_per_key() -> None:
    assert set(ONE_PER_KEY) == set(HOUSE_KEYS)
    for key, code in ONE_PER_KEY.items():
        assert f"{key}=" in get_rules(code).code(), code


@pytest.mark.parametrize("key", sorted(ONE_PER_KEY))
def test_each_option_through_a_whole_bot_game(key: str) -> None:
    from chinchon.engine.solver import close_as
    from chinchon.game.players import play_game

    rules = get_rules(ONE_PER_KEY[key])
    players = max(3, rules.players[0])
    final = play_game(rules, ["greedy"] * players, seed=11)
    assert final.is_over and final.rules.code() == rules.code()
    assert final.sheet.rules.deck.copies == (2 if key == "decks" else 1)
    for result in final.results:
        entry, end = result.entry, result.end
        assert end.rules.code() == rules.code()
        out = set(entry.eliminated)
        assert all(entry.totals[seat] > rules.limit for seat in out)
        if entry.closer is None:
            continue
        # The closer's shown arrangement closes under these rules, with this score.
        closer = end.players[0]
        assert end.close is not None
        checked = close_as(end.close.arrangement, rules)
        assert (checked.outcome, checked.score) == (end.close.outcome, end.close.score)
        if entry.outcome is Outcome.MINUS_TEN:
            assert entry.added[entry.closer] == rules.minus_ten
        if entry.outcome is Outcome.POINTS:
            assert closer.loose_points == entry.added[entry.closer] or closer.laid_off
    if key == "returns":
        assert all(used == 0 for used in final.sheet.returns_used)


# --- Lay-offs under house rules, against the one-player reference -------------------------------

#: House profiles whose changes the lay-off reference reads through the Rules (points, close).
LAYOFF_HOUSES = [get_rules(code) for code in (
    "barajamos+figures=8-9-10+close=points:8",
    "jeux-de-cartes+figures=10-11-12+close=points:6",
    "ludoteka+jokers=2+joker-points=10+close=one-loose:6",
    "fournier+close=one-loose:5+minus-ten=-20",
)]


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(LAYOFF_HOUSES))
def test_layoffs_match_the_reference_under_house_rules(seed: int, rules: Rules) -> None:
    closer, opponent = random_pair(random.Random(seed), rules)
    check_pair(rules, closer, opponent)


# --- The editor's widgets: where they start, the code they make --------------------------------


@settings(max_examples=200, deadline=None)
@given(drawn=house_parts())
def test_the_editors_first_values_make_the_rules_code_again(
        drawn: tuple[str, dict[str, str]]) -> None:
    base, parts = drawn
    rules = get_rules(code_of(base, parts, list(parts)))
    start = house.start_values(rules)
    for key in house.CARD_KEYS + house.PLAY_CHOICE_KEYS:
        if key not in house.NUMBER_KEYS:
            assert start[key] in house.options(key)
    # The page draws no seven-ten widget for a 48-card deck.
    widgets = {name: value for name, value in start.items()
               if not (name == "seven-ten" and start["deck"] != "40")}
    assert house.build_code(base, house.chosen(widgets)) == rules.code()


def test_chosen_reads_the_close_and_the_numbers_as_the_code_writes_them() -> None:
    values = house.chosen({"close-kind": "one-loose", "close-limit": 3.0, "limit": 150.0,
                           "returns": None, "jokers": "ace-of-oros"})
    assert (values["close"], values["limit"], values["returns"], values["jokers"]) == (
        "one-loose:3", "150", "", "ace-of-oros")
    assert house.chosen({"close-kind": "all-melded", "close-limit": 4})["close"] == "all-melded"
    assert house.chosen({})["close"] == "points:0"
    assert house.build_code("fournier", house.chosen({"limit": 150, "close-kind": "points",
                                                      "close-limit": 5})) == "fournier+limit=150"


def test_choice_text_words_every_choice_of_the_editor() -> None:
    assert house.choice_text("chinchon", "minus-ten", "en", -20) == t(
        "house.value.chinchon.minus-ten", "en", minus_ten=-20)
    assert house.choice_text("first-round-close", "no", "en") == t("house.value.no", "en")
    assert house.choice_text("jokers", "ace-of-oros", "en") == t(
        "house.value.jokers.ace-of-oros", "en")
    assert house.choice_text("figures", "8-9-10", "en") == "8-9-10"  # a figure list as is
