"""The hand lab's view model: reading typed hands, the close badge, discards, profiles, deals."""

from __future__ import annotations

from collections import Counter

import pytest

from chinchon.engine.cards import Card, parse_hand
from chinchon.engine.rules import PROFILE_IDS, get_rules
from chinchon.engine.solver import analyze, fewest_loose_points
from chinchon.views.handlab import (
    BEST,
    EXAMPLES,
    MAX_CARDS,
    MAX_PROBLEMS,
    DealError,
    KeyMove,
    ProblemKind,
    VerdictKind,
    compare_profiles,
    deal_closer,
    deal_hand,
    deck_rows,
    discard_chart_html,
    discard_frame,
    key_move,
    lab_view,
    layoffs_against,
    pick,
    projector_hand,
    read_closer_melds,
    read_hand,
    shown_problems,
    teacher_nav,
    teacher_step,
    teacher_steps,
    toggle,
    verdict,
)

BARAJAMOS = get_rules("barajamos")
FOURNIER = get_rules("fournier")


def codes(cards: tuple[Card, ...]) -> list[str]:
    return [card.code() for card in cards]


# --- read_hand ----------------------------------------------------------------------------------


def test_read_hand_keeps_order_and_accepts_url_separators() -> None:
    reading = read_hand(" 7o+7C, 7b  9e ", BARAJAMOS)
    assert codes(reading.cards) == ["7o", "7c", "7b", "9e"]
    assert reading.problems == ()
    assert reading.code() == "7o 7c 7b 9e"


@pytest.mark.parametrize(("text", "kind", "value"), [
    ("7o 13o 7c", ProblemKind.UNKNOWN_CARD, "13o"),
    ("7o <b>x</b> 7c", ProblemKind.UNKNOWN_CARD, "<b>x</b>"),
    ("7o 8o 7c", ProblemKind.NOT_IN_DECK, "8o"),
    ("7o 7c 7O", ProblemKind.DUPLICATE, "7o"),
    ("7o 7c JK", ProblemKind.NOT_IN_DECK, "JK"),
])
def test_read_hand_names_each_bad_token_and_keeps_the_rest(text: str, kind: ProblemKind,
                                                           value: str) -> None:
    reading = read_hand(text, FOURNIER)
    assert [(p.kind, p.value) for p in reading.problems] == [(kind, value)]
    assert codes(reading.cards) == ["7o", "7c"]


def test_read_hand_stops_after_eight_cards() -> None:
    reading = read_hand("1o 2o 3o 4o 5o 6o 7o 10o 11o 12o", FOURNIER)
    assert len(reading.cards) == MAX_CARDS
    assert [(p.kind, p.value) for p in reading.problems] == [
        (ProblemKind.TOO_MANY, "11o"), (ProblemKind.TOO_MANY, "12o")]


def test_read_hand_quotes_a_long_token_shortened() -> None:
    (problem,) = read_hand("x" * 500, FOURNIER).problems
    assert problem.kind is ProblemKind.UNKNOWN_CARD
    assert len(problem.value) < 30 and problem.value.endswith("…")


def test_read_hand_allows_copies_the_deck_has() -> None:
    two_decks = get_rules("barajamos", decks=2)
    assert read_hand("7o 7o 7c", two_decks).problems == ()
    assert [p.kind for p in read_hand("7o 7o 7o", two_decks).problems] == [ProblemKind.DUPLICATE]
    jokers = get_rules("ludoteka", jokers=2)
    assert codes(read_hand("JK jk 5c", jokers).cards) == ["JK", "JK", "5c"]
    assert [p.value for p in read_hand("JK JK JK", jokers).problems] == ["JK"]


def test_read_hand_of_nothing() -> None:
    assert read_hand("   ", FOURNIER).cards == ()


# --- picking ------------------------------------------------------------------------------------


def test_toggle_adds_removes_and_respects_room() -> None:
    assert toggle("7o 7c", Card.parse("7b"), FOURNIER) == "7o 7c 7b"
    assert toggle("7o+7c", Card.parse("7o"), FOURNIER) == "7c"
    assert toggle("", Card.parse("1e"), FOURNIER) == "1e"
    full = "1o 2o 3o 4o 5o 6o 7o 10o"
    assert toggle(full, Card.parse("1c"), FOURNIER) == full
    assert toggle(full, Card.parse("1o"), FOURNIER) == full[3:]
    assert toggle("7o 7c", Card.parse("8o"), FOURNIER) == "7o 7c"


def test_toggle_keeps_what_the_user_typed() -> None:
    # A bad token stays for the user to fix; a card typed twice goes at once (one deck).
    assert toggle("7o zz 7c", Card.parse("1b"), FOURNIER) == "7o zz 7c 1b"
    assert toggle("7o zz 7O 7c", Card.parse("7o"), FOURNIER) == "zz 7c"
    # Two decks hold two sevens of oros: a click takes the second, the next puts both back.
    two_decks = get_rules("barajamos", decks=2)
    assert toggle("7o zz 7c", Card.parse("7o"), two_decks) == "7o zz 7c 7o"
    assert toggle("7o 7c 7o", Card.parse("7o"), two_decks) == "7c"
    # A full hand has no room for the second copy: the click puts the one held back.
    full = "7o 1c 2c 3c 4c 5c 6c 8c"
    assert toggle(full, Card.parse("7o"), two_decks) == full[3:]


def test_toggle_cycles_the_two_jokers() -> None:
    jokers = get_rules("ludoteka", jokers=2)
    joker = Card.parse("JK")
    assert toggle("5c", joker, jokers) == "5c JK"
    assert toggle("5c JK", joker, jokers) == "5c JK JK"
    assert toggle("5c jk JK", joker, jokers) == "5c"
    assert toggle("5c", joker, FOURNIER) == "5c"  # no jokers in this deck


def test_deck_rows_follow_the_deck() -> None:
    assert [len(row) for row in deck_rows(FOURNIER)] == [10] * 4
    assert [len(row) for row in deck_rows(BARAJAMOS)] == [12] * 4
    rows = deck_rows(get_rules("ludoteka", jokers=2))
    assert codes(rows[-1]) == ["JK"]
    assert {card.suit for card in rows[1]} == {"c"}
    every = [card for row in deck_rows(BARAJAMOS) for card in row]
    assert sorted(every) == sorted(BARAJAMOS.deck.distinct_cards())


# --- the solver's answers -----------------------------------------------------------------------


@pytest.mark.parametrize(("rules_id", "hand", "kind", "score", "loose"), [
    ("barajamos", "7o 7c 7b 9e 10e 11e 4o", VerdictKind.POINTS, 4, 4),
    ("barajamos", "5o 5c 5e 1b 2b 3b 10o", VerdictKind.CANNOT_CLOSE, None, 10),
    ("barajamos", "7o 8o 9o 10o 2c 2e 2b", VerdictKind.MINUS_TEN, -10, 0),
    ("barajamos", "3e 4e 5e 6e 7e 8e 9e", VerdictKind.CHINCHON_WINS, None, 0),
    ("fournier", "3e 4e 5e 6e 7e 10e 11e", VerdictKind.CHINCHON_MINUS_TEN, -10, 0),
    ("jeux-de-cartes", "3e 4e 5e 6e 7e 10e 11e", VerdictKind.CHINCHON_OTHERS_100, -10, 0),
    ("jeux-de-cartes", "7o 7c 7b 5e 6e 10e 1o", VerdictKind.CANNOT_CLOSE, None, 22),
])
def test_verdict_of_the_worked_hands(rules_id: str, hand: str, kind: VerdictKind,
                                     score: int | None, loose: int) -> None:
    rules = get_rules(rules_id)
    view = lab_view(read_hand(hand, rules).cards, rules)
    assert view.complete and view.discards is None
    assert view.analysis is not None
    found = verdict(view.analysis)
    assert (found.kind, found.score, found.loose_points) == (kind, score, loose)
    assert found.can_close == (kind is not VerdictKind.CANNOT_CLOSE)
    assert found.close_limit == rules.close_limit


def test_verdict_of_a_seven_run_with_a_joker_under_ludoteka() -> None:
    rules = get_rules("ludoteka", jokers=2)
    view = lab_view(read_hand("1c 2c 3c JK 5c 6c 7c", rules).cards, rules)
    assert view.analysis is not None
    assert verdict(view.analysis).kind is VerdictKind.CHINCHON_WITH_JOKER
    assert verdict(view.analysis).score == -25


def test_the_verdict_changes_with_the_profile() -> None:
    # One loose 4: five points or fewer closes, but not "one loose card worth 3 or less".
    hand = "1o 2o 3o 5c 5e 5b 4e"
    kinds = {}
    for rules_id in PROFILE_IDS:
        rules = get_rules(rules_id)
        analysis = lab_view(read_hand(hand, rules).cards, rules).analysis
        assert analysis is not None
        kinds[rules_id] = verdict(analysis).kind
    assert kinds == {"barajamos": VerdictKind.POINTS, "fournier": VerdictKind.POINTS,
                     "jeux-de-cartes": VerdictKind.CANNOT_CLOSE, "ludoteka": VerdictKind.POINTS}


def test_ties_are_all_listed() -> None:
    # The 6 of copas may sit in the run or with the sixes: both leave the ace of bastos.
    view = lab_view(parse_hand("3c 4c 5c 6c 6o 6e 6b"), BARAJAMOS)
    assert view.tied
    assert view.analysis is not None
    assert {a.code() for a in view.analysis.arrangements} >= {"6o 6c 6e 6b | 3c 4c 5c"}


def test_too_few_cards_give_an_incomplete_view() -> None:
    view = lab_view(parse_hand("7o 7c 7b"), BARAJAMOS)
    assert not view.complete and view.analysis is None and view.discarded is None


def test_eight_cards_give_the_discards_of_the_fournier_example() -> None:
    view = lab_view(parse_hand("3c 4c 5c 7b 7o 7e 1o 6c"), FOURNIER)
    assert view.discards is not None and view.discarded == Card.parse("1o")
    assert view.analysis is not None and verdict(view.analysis).kind is VerdictKind.MINUS_TEN
    frame = discard_frame(view.discards)
    assert list(frame.columns) == ["card", "points_left", "can_close", "outcome", "score",
                                   "best"]
    assert frame.loc[frame["best"], "card"].tolist() == ["1o"]
    for _, row in frame.iterrows():
        left = [c for c in view.hand if c.code() != row["card"]]
        assert row["points_left"] == fewest_loose_points(left, FOURNIER)
        assert row["can_close"] == analyze(left, FOURNIER).can_close


def test_discard_chart_draws_each_card_under_its_bar_and_stars_the_best() -> None:
    view = lab_view(parse_hand("7o 7c 7b 9e 10e 11e 1o 1c"), BARAJAMOS)
    assert view.discards is not None
    frame = discard_frame(view.discards)
    names = [f"name-{code}" for code in frame["card"]]
    chart = discard_chart_html(frame, names=names, title="<T>")
    bars = chart.split('role="listitem"')[1:]
    assert len(bars) == 8 and "&lt;T&gt;" in chart and "<T>" not in chart
    for bar, name, points, best in zip(bars, names, frame["points_left"], frame["best"],
                                       strict=True):
        assert f'title="{name}: {points}"' in bar and f'alt="{name}"' in bar
        assert ("★" in bar) == bool(best) and (BEST in bar) == bool(best)
    # The highest bar is the tallest; a bar of 0 points still shows.
    heights = [int(bar.split("height:")[1].split("px")[0]) for bar in bars]
    assert heights.index(max(heights)) == list(frame["points_left"]).index(
        max(frame["points_left"]))
    assert min(heights) >= 3


def test_discard_frame_marks_every_equal_best() -> None:
    # Two loose aces of different suits: throwing either leaves the same 1 point.
    view = lab_view(parse_hand("7o 7c 7b 9e 10e 11e 1o 1c"), BARAJAMOS)
    assert view.discards is not None
    frame = discard_frame(view.discards)
    assert sorted(frame.loc[frame["best"], "card"]) == ["1c", "1o"]
    assert frame["score"].isna().tolist() == (~frame["can_close"]).tolist()


def test_compare_profiles_reads_the_hand_in_each_deck() -> None:
    cells = compare_profiles("8o 9o 10o 2c 2e 2b 7o")
    assert [cell.rules.id for cell in cells] == list(PROFILE_IDS)
    by_id = {cell.rules.id: cell for cell in cells}
    assert by_id["barajamos"].problems == () and by_id["barajamos"].view.complete
    fournier = by_id["fournier"]
    assert [(p.kind, p.value) for p in fournier.problems] == [
        (ProblemKind.NOT_IN_DECK, "8o"), (ProblemKind.NOT_IN_DECK, "9o")]
    assert not fournier.view.complete


# --- examples -----------------------------------------------------------------------------------


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_each_example_shows_what_its_name_says_under_every_profile(rules_id: str) -> None:
    rules = get_rules(rules_id)
    views = {}
    for name, text in EXAMPLES.items():
        reading = read_hand(text, rules)
        assert reading.problems == (), (name, reading.problems)
        views[name] = lab_view(reading.cards, rules)
    kinds = {name: verdict(view.analysis).kind for name, view in views.items()
             if view.analysis is not None}
    assert kinds["closes"] is VerdictKind.POINTS
    assert kinds["not_yet"] is VerdictKind.CANNOT_CLOSE
    assert kinds["minus_ten"] is VerdictKind.MINUS_TEN
    assert kinds["chinchon"].value.startswith("chinchon")
    assert views["tie"].tied and not views["closes"].tied
    assert views["eight"].discards is not None


# --- the lay-off panel --------------------------------------------------------------------------

CLOSER = "7o 7c 7b | 9e 10e 11e / 4o"


def test_read_closer_melds_and_lay_off_the_barajamos_example() -> None:
    mine = parse_hand("7e 12e 1o 3c 5b 8o 2e")
    closer = read_closer_melds(CLOSER, mine, BARAJAMOS)
    assert closer.problem is None and closer.arrangement is not None
    end = layoffs_against(closer.arrangement, mine, BARAJAMOS)
    me = end.players[1]
    assert sorted(lay.card.code() for lay in me.laid_off) == ["12e", "7e"]
    assert me.loose_points == 19
    assert [meld.code() for meld in end.table] == ["7o 7c 7e 7b", "9e 10e 11e 12e"]


@pytest.mark.parametrize(("text", "kind", "value"), [
    ("7o 7c 8b | 9e 10e 11e / 4o", ProblemKind.BAD_MELD, "7o 7c 8b"),
    ("7o 7c 7b / 4o", ProblemKind.CLOSER_SIZE, "4"),
    ("7o 7c 7b | 9e 10e 11e / zz", ProblemKind.UNKNOWN_CARD, "zz"),
    ("7o 7c 7b | 9e 10e 11e / 1o", ProblemKind.SHARED_CARD, "1o"),
    ("7o 7c 7b | 9e 10e 11e / 4o 4o", ProblemKind.DUPLICATE, "4o"),
    ("7o 7c 7b / 4o 5o 6c 1b", ProblemKind.CLOSER_CANNOT_CLOSE, "7o 7c 7b / 4o 5o 6c 1b"),
])
def test_read_closer_melds_names_the_problem(text: str, kind: ProblemKind, value: str) -> None:
    closer = read_closer_melds(text, parse_hand("7e 12e 1o 3c 5b 8o 2e"), BARAJAMOS)
    assert closer.arrangement is None and closer.problem is not None
    assert (closer.problem.kind, closer.problem.value) == (kind, value)


def test_read_closer_melds_checks_the_deck() -> None:
    table = read_closer_melds("1o 2o 3o | 5c 5e 5b / 8o", (), FOURNIER)
    assert table.problem is not None
    assert (table.problem.kind, table.problem.value) == (ProblemKind.NOT_IN_DECK, "8o")


# --- deals --------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_deal_closer_deals_a_hand_that_closes(rules_id: str) -> None:
    rules = get_rules(rules_id)
    mine = deal_hand(rules, 3, 7)
    closer = deal_closer(rules, 11, avoid=mine)
    assert closer == deal_closer(rules, 11, avoid=mine)
    cards = closer.cards()
    assert len(cards) == 7 and not set(cards) & set(mine)
    assert analyze(cards, rules).can_close
    assert closer.loose_points(rules) <= rules.close_limit


def test_deal_closer_says_when_too_few_cards_are_left() -> None:
    avoid = FOURNIER.deck.cards()[6:]
    with pytest.raises(DealError, match="only 6 cards"):
        deal_closer(FOURNIER, 1, avoid=avoid)


def test_deal_hand_is_seeded_and_avoids_cards() -> None:
    mine = parse_hand("7o 7c 7b")
    hand = deal_hand(BARAJAMOS, 5, 8, avoid=mine)
    assert len(hand) == 8 and not set(hand) & set(mine)
    assert hand == deal_hand(BARAJAMOS, 5, 8, avoid=mine)
    assert max(Counter(hand).values()) == 1
    with pytest.raises(DealError, match="7 or 8"):
        deal_hand(BARAJAMOS, 5, 6)


# --- What the page decides: clicks, problems named, teacher mode's screens and keys ------------


def test_pick_takes_a_card_and_says_when_the_hand_is_full() -> None:
    eight = "1o 2o 3o 4o 5o 6o 7o 1c"
    assert pick("7o 7c", Card.parse("7b"), BARAJAMOS).text == "7o 7c 7b"
    full = pick(eight, Card.parse("2c"), BARAJAMOS)
    assert full.full and full.text == eight  # nothing taken
    back = pick(eight, Card.parse("1c"), BARAJAMOS)  # a held card goes back, even when full
    assert not back.full and read_hand(back.text, BARAJAMOS).cards == parse_hand(eight)[:7]


def test_shown_problems_names_each_distinct_problem_then_counts_the_rest() -> None:
    text = "7o " * 3 + " ".join(f"x{i}" for i in range(10))
    named, more = shown_problems(read_hand(text, BARAJAMOS).problems)
    assert [p.value for p in named] == ["7o", *(f"x{i}" for i in range(MAX_PROBLEMS - 1))]
    assert more == 1 + 10 - MAX_PROBLEMS
    assert shown_problems(()) == ((), 0)


def test_teacher_step_stays_within_the_screens() -> None:
    steps = teacher_steps(lab_view(parse_hand("3c 4c 5c 7b 7o 7e 1o 6c"), FOURNIER))
    assert [teacher_step(s, steps) for s in (-1, 0, 5, 6, 99)] == [0, 0, 5, 5, 5]
    assert teacher_step(3, ()) == 0


@pytest.mark.parametrize(("action", "step", "move"), [
    ("next", 0, KeyMove(1)), ("next", 3, KeyMove(3, hand=1)), ("back", 2, KeyMove(1)),
    ("back", 0, KeyMove(0, hand=-1)), ("first", 2, KeyMove(0)), ("last", 0, KeyMove(3)),
    ("other", 2, KeyMove(2)),
])
def test_key_move_of_each_key_on_four_screens(action: str, step: int, move: KeyMove) -> None:
    assert key_move(action, step, 4) == move


def test_teacher_nav_moves_to_the_lessons_hands_only_at_the_ends() -> None:
    # Outside a lesson: Back to the screen before, forward while there is a next screen.
    assert [teacher_nav(s, 3).forward for s in range(3)] == ["step", "step", None]
    assert not any(teacher_nav(s, 3).back_to_hand for s in range(3))
    # Hand 2 of 3 of a lesson: Back from the first screen is the hand before, past the last
    # screen the next hand; the last hand has none after it.
    assert teacher_nav(0, 3, (1, 3)).back_to_hand and not teacher_nav(1, 3, (1, 3)).back_to_hand
    assert teacher_nav(2, 3, (1, 3)).forward == "hand"
    assert teacher_nav(2, 3, (2, 3)).forward is None
    assert not teacher_nav(0, 3, (0, 3)).back_to_hand


def test_projector_hand_hides_on_the_throws_screen_and_rings_after_the_question() -> None:
    steps = teacher_steps(lab_view(parse_hand("3c 4c 5c 7b 7o 7e 1o 6c"), FOURNIER))
    shown = [projector_hand(8, steps, i) for i in range(len(steps))]
    assert [(h.shown, h.ring_throw) for h in shown] == [
        (True, False), (False, True), (True, True), (True, True), (True, True), (True, True)]
    assert projector_hand(0, (), 0).shown is False
