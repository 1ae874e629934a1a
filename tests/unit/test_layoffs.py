"""chinchon.engine.layoffs: the end of a hand under each profile, checked against a brute force."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chinchon.engine.cards import JOKER, Card, HandError, parse_hand
from chinchon.engine.layoffs import (
    Action,
    HandEnd,
    LayoffError,
    Role,
    best_play,
    no_closer,
    resolve,
)
from chinchon.engine.melds import Meld, MeldError, find_meld
from chinchon.engine.rules import LayoffStyle, Rules, get_rules
from chinchon.engine.solver import Arrangement, CloseError, Outcome, close, close_as
from harness.reference_layoffs import fewest_loose_points as reference_loose
from harness.reference_layoffs import random_meld, random_pair, take, useful_cards

BARAJAMOS = get_rules("barajamos")
FOURNIER = get_rules("fournier")
JDC = get_rules("jeux-de-cartes")
LUDOTEKA = get_rules("ludoteka")

#: Every profile with the options that change lay-offs (two decks, jokers, the 48 deck).
VARIANTS: dict[str, tuple[Rules, ...]] = {
    "barajamos": (BARAJAMOS, get_rules("barajamos", decks=2)),
    "fournier": (FOURNIER,),
    "jeux-de-cartes": (JDC, get_rules("jeux-de-cartes", decks=2)),
    "ludoteka": (LUDOTEKA, get_rules("ludoteka", jokers=2),
                 get_rules("ludoteka", deck=48, jokers=2)),
}
ALL_VARIANTS = [rules for variants in VARIANTS.values() for rules in variants]


def hand(text: str) -> tuple[Card, ...]:
    return parse_hand(text)


def codes(meld: Meld) -> str:
    return meld.code()


def reference_table(end: HandEnd) -> tuple[Meld, ...]:
    """The melds one opponent may lay off onto, read from RULES.md independently of the code."""
    rules = end.rules
    assert end.close is not None
    kept_loose = bool(end.close.arrangement.loose)
    if rules.layoffs is LayoffStyle.IF_CLOSER_LOOSE and not kept_loose:
        return ()
    if not kept_loose:  # -10 or a chinchón: never onto the closer's melds
        return ()
    return end.close.arrangement.melds


def check_pair(rules: Rules, closer: tuple[Card, ...], opponent: tuple[Card, ...]) -> None:
    end = resolve(closer, [opponent], rules)
    expected = reference_loose(opponent, reference_table(end), rules)
    assert end.players[1].loose_points == expected, (rules, closer, opponent)
    check_consistent(end)


def check_consistent(end: HandEnd) -> None:
    """Every card accounted for once; the table replays from the steps; scores add up."""
    rules = end.rules
    assert end.table_after(len(end.steps)) == end.table
    for index, player in enumerate(end.players):
        own = [card for meld in player.melds for card in meld.cards]
        laid = [layoff.card for layoff in player.laid_off]
        assert sorted(own + laid + list(player.loose)) == sorted(player.hand)
        assert player.loose_points == sum(rules.points(card) for card in player.loose)
        for layoff in player.laid_off:
            assert layoff.card in end.table[layoff.meld].cards
        assert [end.owners[i] for i in player.meld_indices] == [index] * len(player.melds)
    on_table = sorted(card for meld in end.table for card in meld.cards)
    shown = sorted(card for p in end.players
                   for card in [*(c for m in p.melds for c in m.cards),
                                *(lo.card for lo in p.laid_off)])
    assert on_table == shown


# --- The worked examples of RULES.md ----------------------------------------------------------


def test_barajamos_layoff_example() -> None:
    end = resolve(hand("7o 7c 7b 9e 10e 11e 4o"),
                  [hand("7e 1c 3c 5o 8b 2b 6o"), hand("12e 1o 2o 4b 6c 8c 3e")], BARAJAMOS)
    assert [codes(m) for m in end.table] == ["7o 7c 7e 7b", "9e 10e 11e 12e"]
    assert [lo.card.code() for lo in end.players[1].laid_off] == ["7e"]
    assert [lo.card.code() for lo in end.players[2].laid_off] == ["12e"]
    assert end.players[0].score == 4


def test_fournier_minus_ten_example_no_layoffs_on_closer() -> None:
    # 3c 4c 5c 7b 7o 7e 1o draws 6c and discards 1o face down.
    end = resolve(hand("3c 4c 5c 6c 7b 7o 7e"), [hand("2c 7c 10c 1e 4e 11b 12b")], FOURNIER)
    assert end.outcome is Outcome.MINUS_TEN
    assert end.players[0].score == -10
    assert end.players[1].laid_off == ()
    assert end.players[1].loose_points == 2 + 7 + 8 + 1 + 4 + 9 + 10


# --- Chains, priorities and each profile's rules ----------------------------------------------


def test_chain_two_then_one_onto_a_run() -> None:
    # Greedy tries the 1 first, fails and stops; the 2 must go first.
    end = resolve(hand("3c 4c 5c 7o 7e 7b 1b"), [hand("1c 2c 12o 11e 9b 10e 8o")], BARAJAMOS)
    assert [lo.card.code() for lo in end.players[1].laid_off] == ["2c", "1c"]
    assert codes(end.table[1]) == "1c 2c 3c 4c 5c"


def test_a_card_worth_more_laid_off_than_melded() -> None:
    # Alone, the four 8s are a group and 9e stays loose; against 5e 6e 7e the 8e is worth more
    # laid off, because the 9e follows it.
    end = resolve(hand("5e 6e 7e 1o 1c 1b 2o"), [hand("8o 8c 8e 8b 9e 12o 11c")], BARAJAMOS)
    opponent = end.players[1]
    assert opponent.melds == (Meld.parse("8o 8c 8b"),)
    assert [lo.card.code() for lo in opponent.laid_off] == ["8e", "9e"]
    assert opponent.loose_points == 12 + 11


def test_barajamos_no_layoffs_on_closer_after_minus_ten_but_on_earlier_opponents() -> None:
    end = resolve(hand("7o 7c 7b 9e 10e 11e 12e"),
                  [hand("1o 2o 3o 5b 8c 9c 11c"), hand("4o 7e 1e 2e 4b 6b 10b")], BARAJAMOS)
    assert end.outcome is Outcome.MINUS_TEN
    assert end.players[1].melds == (Meld.parse("1o 2o 3o"),)
    # 7e fits the closer's sevens, but they are closed; 4o goes on opponent 1's run.
    assert [(lo.card.code(), lo.meld) for lo in end.players[2].laid_off] == [("4o", 2)]


def test_ludoteka_no_layoffs_when_closer_melded_everything() -> None:
    end = resolve(hand("3c 4c 5c 7o 7e 7b 7c"), [hand("6c 2c 1o 2o 3o 4e 5e")], LUDOTEKA)
    assert end.outcome is Outcome.MINUS_TEN
    assert all(step.action is Action.SHOW for step in end.steps)


def test_ludoteka_layoffs_when_closer_kept_a_card() -> None:
    end = resolve(hand("3c 4c 5c 7o 7e 7b 1b"), [hand("6c 2c 11o 12o 3o 4e 5e")], LUDOTEKA)
    assert sorted(lo.card.code() for lo in end.players[1].laid_off) == ["2c", "6c"]


def test_ludoteka_joker_laid_off_saves_25() -> None:
    rules = get_rules("ludoteka", jokers=2)
    end = resolve(hand("3c 4c 5c 7o 7e 7b 1b"), [hand("JK 12o 11e 10b 2e 6o 5b")], rules)
    assert [lo.card for lo in end.players[1].laid_off] == [JOKER]
    assert end.players[1].loose_points == 10 + 10 + 10 + 2 + 6 + 5


def test_jeux_de_cartes_only_onto_the_closer_melds_and_closer_lays_off_last() -> None:
    end = resolve(hand("3c 4c 5c 7o 7e 7b 1c"),
                  [hand("1o 2o 3o 10e 11e 12e 2c"), hand("4o 1b 10b 11b 12b 5e 6e")], JDC)
    # Opponent 2's 4o would fit opponent 1's run, but only the closer's melds take cards.
    assert end.players[2].laid_off == ()
    assert [lo.card.code() for lo in end.players[1].laid_off] == ["2c"]
    # Then the closer's 1c fits the run that opponent 1 extended.
    assert [lo.card.code() for lo in end.players[0].laid_off] == ["1c"]
    assert end.players[0].score == 0 and end.players[0].loose == ()
    assert end.steps[-1].player == 0 and end.steps[-1].round == 2


def test_jeux_de_cartes_no_layoffs_at_all_after_minus_ten() -> None:
    end = resolve(hand("3c 4c 5c 6c 7o 7e 7b"), [hand("2c 7c 1o 11e 12e 10b 4b")], JDC)
    assert end.outcome is Outcome.MINUS_TEN
    assert end.players[1].laid_off == ()


def test_jeux_de_cartes_two_decks_identical_card_goes_to_first_after_closer() -> None:
    rules = get_rules("jeux-de-cartes+decks=2")  # two decks at any table (a house rule)
    end = resolve(hand("3c 4c 5c 7o 7e 7b 1o"),
                  [hand("6c 1e 11o 12b 2b 4e 5o"), hand("6c 2e 11e 12o 3b 5e 6o")], rules)
    assert [lo.card.code() for lo in end.players[1].laid_off] == ["6c"]
    assert end.players[2].laid_off == ()


def test_fournier_rounds_lay_off_onto_later_opponents_melds() -> None:
    # Opponent 1 holds 4e, which fits only opponent 2's run 5e 6e 7e, shown after him:
    # in round two he lays it off.
    end = resolve(hand("1c 2c 3c 10o 10c 10b 1o"),
                  [hand("4e 12o 12c 11b 2b 6b 5b"), hand("5e 6e 7e 3o 4o 11c 2o")], FOURNIER)
    layoff = end.players[1].laid_off
    assert [lo.card.code() for lo in layoff] == ["4e"]
    assert end.owners[layoff[0].meld] == 2
    assert any(step.round == 2 for step in end.steps)


def test_barajamos_one_pass_no_layoff_onto_later_opponents() -> None:
    end = resolve(hand("1c 2c 3c 10o 10c 10b 1o"),
                  [hand("4e 12o 12c 11b 2b 6b 5b"), hand("5e 6e 7e 3o 4o 11c 2o")], BARAJAMOS)
    assert end.players[1].laid_off == ()


def test_fournier_no_layoffs_on_closer_when_all_seven_melded() -> None:
    end = resolve(hand("1c 2c 3c 10o 10c 10b 10e"), [hand("4c 12o 12c 11b 2b 6o 5b")], FOURNIER)
    assert end.players[1].laid_off == ()


def test_imposed_worse_arrangement_for_the_closer_is_scored() -> None:
    arrangement = Arrangement.parse("1c 2c 3c | 5o 5e 5b / 4o", BARAJAMOS)
    end = resolve(arrangement, [hand("4c 6e 12o 12c 11b 2b 8o")], BARAJAMOS)
    assert end.players[0].imposed and end.players[0].score == 4


def test_imposed_opponent_arrangement_keeps_his_melds() -> None:
    mine = Arrangement.parse("1o 2o 3o / 4o 12e 11b 9c", BARAJAMOS)
    end = resolve(hand("5o 6o 7o 10e 10c 10b 1e"), [mine], BARAJAMOS)
    opponent = end.players[1]
    assert opponent.imposed and opponent.melds == (Meld.parse("1o 2o 3o"),)
    # He could have shown 1o-4o; imposed, he still lays 4o onto the closer's run.
    assert [lo.card.code() for lo in opponent.laid_off] == ["4o"]


def test_closer_who_may_not_close() -> None:
    with pytest.raises(CloseError, match="may not close"):
        resolve(hand("5o 5c 5e 1b 2b 3b 10o"), [hand("4c 6e 12o 12c 11b 2c 8o")], BARAJAMOS)
    with pytest.raises(CloseError, match="may not close"):
        close_as(Arrangement.parse("5o 5c 5e / 1b 2b 3b 10o", BARAJAMOS), BARAJAMOS)


def test_ludoteka_closer_over_the_limit_may_not_close() -> None:
    closer = hand("3c 4c 5c 7o 7e 7b 4b")
    with pytest.raises(CloseError, match="over the limit"):
        close_as(close(closer, LUDOTEKA).arrangement, LUDOTEKA, total=97)
    with pytest.raises(CloseError):
        resolve(closer, [hand("6c 2c 11o 12o 3o 4e 5e")], LUDOTEKA, total=97)
    assert resolve(closer, [hand("6c 2c 11o 12o 3o 4e 5e")], LUDOTEKA, total=96)


def test_bad_inputs() -> None:
    with pytest.raises(HandError, match="appears 2 times"):
        resolve(hand("7o 7c 7b 9e 10e 11e 4o"), [hand("7o 1c 3c 5o 8b 2b 6o")], BARAJAMOS)
    with pytest.raises(HandError, match="7 cards"):
        resolve(hand("7o 7c 7b 9e 10e 11e 4o"), [hand("1c 3c 5o 8b 2b 6o")], BARAJAMOS)
    with pytest.raises(LayoffError, match="opponent"):
        resolve(hand("7o 7c 7b 9e 10e 11e 4o"), [], BARAJAMOS)
    with pytest.raises(LayoffError, match="2 to 4 players"):
        resolve(hand("7o 7c 7b 1e 2e 3e 4o"), [hand("1c 2c 3c 4c 5c 6c 7c")] * 4, FOURNIER)
    with pytest.raises(MeldError):
        Arrangement.parse("7o 7c 8b / 1o 2o 3o 4o", BARAJAMOS)
    with pytest.raises(HandError, match="not in the hand"):
        best_play(hand("1o 2o 4o 5c 6c 8e 9e"), [], BARAJAMOS, melds=[Meld.parse("1o 2o 3o")])


def test_no_closer_everyone_scores_his_loose_points() -> None:
    end = no_closer([hand("1o 2o 3o 5c 6c 10e 11e"), hand("4o 7c 7e 7b 1b 2b 12b")], LUDOTEKA)
    assert [p.role for p in end.players] == [Role.PLAYER, Role.PLAYER]
    assert [p.score for p in end.players] == [5 + 6 + 10 + 10, 4 + 1 + 2 + 10]
    assert all(not p.laid_off for p in end.players)


def test_to_json_shape() -> None:
    data = resolve(hand("7o 7c 7b 9e 10e 11e 4o"), [hand("7e 1c 3c 5o 8b 2b 6o")],
                   BARAJAMOS).to_json()
    assert data["table"] == [["7o", "7c", "7e", "7b"], ["9e", "10e", "11e"]]
    assert data["players"][1]["laid_off"] == [{"card": "7e", "meld": 0}]
    assert data["players"][0]["role"] == "closer" and data["players"][0]["score"] == 4


# --- Against the brute-force reference ---------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(ALL_VARIANTS))
def test_opponent_matches_reference(seed: int, rules: Rules) -> None:
    closer, opponent = random_pair(random.Random(seed), rules)
    check_pair(rules, closer, opponent)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(ALL_VARIANTS))
def test_best_play_matches_reference_on_any_table(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    pool = list(rules.deck.cards())
    rng.shuffle(pool)
    table = []
    for _ in range(rng.randrange(0, 5)):
        meld = random_meld(rng, pool, rules, rng.choice([3, 3, 4, 5]))
        if meld:
            found = find_meld(meld, rules)
            assert found is not None
            table.append(found)
    useful = [card for card in useful_cards(rules, tuple(table)) if card in pool]
    rng.shuffle(useful)
    player = [card for card in useful[:rng.randrange(0, 7)] if take(pool, card)]
    player += [pool.pop() for _ in range(7 - len(player))]
    play = best_play(player, table, rules)
    assert play.loose_points(rules) == reference_loose(player, table, rules)


@pytest.mark.slow
@pytest.mark.parametrize("profile", list(VARIANTS))
def test_2000_random_pairs_match_reference(profile: str) -> None:
    rng = random.Random(20261129)
    variants = VARIANTS[profile]
    for i in range(2000):
        rules = variants[i % len(variants)]
        closer, opponent = random_pair(rng, rules)
        check_pair(rules, closer, opponent)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(ALL_VARIANTS),
       opponents=st.integers(1, 3))
def test_many_opponents_consistent(seed: int, rules: Rules, opponents: int) -> None:
    rng = random.Random(seed)
    closer, _ = random_pair(rng, rules)
    pool = list(rules.deck.cards())
    for card in closer:
        pool.remove(card)
    rng.shuffle(pool)
    hands = [tuple(pool.pop() for _ in range(7)) for _ in range(opponents)]
    end = resolve(closer, hands, rules)
    check_consistent(end)
    # The first opponent plays exactly as if he were alone; fournier's later rounds may help him.
    alone = resolve(closer, hands[:1], rules).players[1].loose_points
    if rules.layoffs is LayoffStyle.ROUNDS:
        assert end.players[1].loose_points <= alone
    else:
        assert end.players[1].loose_points == alone
