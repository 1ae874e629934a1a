"""The rules tour as data: RULES.md's worked hands, our examples, notes, swaps, translations."""

from __future__ import annotations

import re

import pytest

from chinchon.engine.cards import Card, hand_code, parse_hand
from chinchon.engine.layoffs import Action, resolve
from chinchon.engine.melds import MeldKind
from chinchon.engine.rules import OURS, PROFILE_IDS, RulesError, get_rules
from chinchon.engine.solver import Outcome
from chinchon.views import tour
from chinchon.views.i18n import LANGUAGES, card_name, forms, has_text, placeholders, t
from chinchon.views.tour import TaskKind, held, steps, task

# RULES.md, "The worked hands in the sources": hand -> (loose points, outcome, score).
WORKED = {
    "barajamos": {
        "7o 7c 7b 9e 10e 11e 4o": (4, Outcome.POINTS, 4),
        "5o 5c 5e 1b 2b 3b 10o": (10, Outcome.CANNOT_CLOSE, None),
        "3c 4c 5c 6c 6o 6e 1b": (1, Outcome.POINTS, 1),
        "11o 12o 1o 5c 5e 5b 2c": (26, Outcome.CANNOT_CLOSE, None),
        "7o 8o 9o 10o 2c 2e 2b": (0, Outcome.MINUS_TEN, -10),
        "3e 4e 5e 6e 7e 8e 9e": (0, Outcome.CHINCHON, None),
    },
}


def examples(rules_id: str) -> list[tour.Example]:
    return [ex for step in tour.steps(rules_id) for ex in step.examples]


def all_keys(rules_id: str) -> set[str]:
    keys: set[str] = set()
    for step in tour.steps(rules_id):
        keys |= {step.title, *step.paragraphs, *step.notes}
        keys |= {ex.caption for ex in step.examples} | {ex.note for ex in step.examples if ex.note}
        keys |= {ex.caption for ex in step.layoffs}
    return keys


@pytest.mark.parametrize("hand, expected", sorted(WORKED["barajamos"].items()))
def test_barajamos_worked_hands_are_in_the_tour_and_solved_as_the_source_says(
    hand: str, expected: tuple[int, Outcome, int | None]
) -> None:
    rules = get_rules("barajamos")
    found = [ex for ex in examples("barajamos") if hand_code(ex.hand) == hand]
    assert len(found) == 1, hand
    example = found[0]
    assert example.source == "barajamos-fr.txt"
    analysis = tour.solve(example, rules).analysis
    assert (analysis.loose_points, analysis.outcome, analysis.score) == expected


def test_barajamos_six_of_copas_goes_with_the_sixes() -> None:
    (example,) = [ex for ex in examples("barajamos") if Card.parse("6c") in ex.hand]
    arrangement = tour.solve(example, get_rules("barajamos")).analysis.arrangement
    group = next(m for m in arrangement.melds if m.kind is MeldKind.GROUP)
    assert Card.parse("6c") in group.cards and arrangement.loose == parse_hand("1b")


def test_fournier_minus_ten_after_drawing_and_discarding() -> None:
    rules = get_rules("fournier")
    (example,) = [ex for ex in examples("fournier") if ex.drawn is not None]
    assert example.source == "fournier-pt.txt"
    assert hand_code(example.hand) == "3c 4c 5c 7b 7o 7e 1o"
    assert example.drawn == Card.parse("6c") and example.discard == Card.parse("1o")
    solved = tour.solve(example, rules)
    assert Card.parse("1o") not in solved.hand and len(solved.hand) == 7
    assert solved.analysis.outcome is Outcome.MINUS_TEN
    assert example.total is not None and solved.analysis.score is not None
    assert example.total + solved.analysis.score == 14
    assert solved.discards is not None and solved.discards.best == Card.parse("1o")


def test_barajamos_layoff_example_follows_the_source() -> None:
    rules = get_rules("barajamos")
    (example,) = tour.layoff_examples("barajamos")
    assert example.source == "barajamos-fr.txt"
    end = resolve(example.closer, example.opponents, rules)
    laid = {move.cards[0].code(): move.result.code() for move in end.steps
            if move.action is Action.LAY_OFF}
    assert laid["7e"] == "7o 7c 7e 7b"
    assert laid["12e"] == "9e 10e 11e 12e"


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_every_layoff_example_resolves_with_some_layoff(rules_id: str) -> None:
    rules = get_rules(rules_id)
    for example in tour.layoff_examples(rules_id):
        end = resolve(example.closer, example.opponents, rules)
        assert any(move.action is Action.LAY_OFF for move in end.steps)


def test_fournier_layoff_example_needs_a_second_round() -> None:
    (example,) = tour.layoff_examples("fournier")
    end = resolve(example.closer, example.opponents, get_rules("fournier"))
    assert max(move.round for move in end.steps) == 2


@pytest.mark.parametrize("rules_id", ["jeux-de-cartes", "ludoteka"])
def test_profiles_without_worked_hands_show_only_our_examples(rules_id: str) -> None:
    assert all(ex.is_ours for ex in examples(rules_id))
    assert all(ex.is_ours for ex in tour.layoff_examples(rules_id))


def outcomes(rules_id: str) -> set[Outcome]:
    found = set()
    for ex in examples(rules_id):
        found.add(tour.solve(ex, tour.example_rules(ex, rules_id)).analysis.outcome)
    return found


@pytest.mark.parametrize("rules_id", ["jeux-de-cartes", "ludoteka"])
def test_illustrative_hands_cover_the_rules(rules_id: str) -> None:
    rules = get_rules(rules_id)
    assert {Outcome.POINTS, Outcome.MINUS_TEN, Outcome.CHINCHON} <= outcomes(rules_id)
    one_loose = [tour.solve(ex, rules).analysis for ex in examples(rules_id) if not ex.options]
    closes = [a for a in one_loose if a.outcome is Outcome.POINTS]
    assert closes and all(len(a.arrangement.loose) == 1 for a in closes)
    assert any(a.loose_points == rules.close_limit for a in closes)
    # The 7 -> sota run of the 40-card deck is shown on a real hand.
    assert any(
        any(Card(7, m.suit) in m.cards and Card(10, m.suit) in m.cards for m in a.arrangement.melds
            if m.kind is MeldKind.RUN)
        for a in one_loose
    )


def test_ludoteka_shows_jokers_first_round_and_limit() -> None:
    assert Outcome.CHINCHON_WITH_JOKER in outcomes("ludoteka")
    context = [ex for ex in examples("ludoteka") if ex.first_round or ex.total is not None]
    rules = get_rules("ludoteka")
    for ex in context:
        assert not tour.solve(ex, rules).analysis.can_close
        assert tour.solve(tour.Example(ex.hand, ex.caption), rules).analysis.can_close
    assert {ex.first_round for ex in context} == {True, False}


def test_jokers_step_only_for_ludoteka() -> None:
    for rules_id in PROFILE_IDS:
        ids = [step.id for step in tour.steps(rules_id)]
        assert ("jokers" in ids) == (rules_id == "ludoteka")
        assert ids[0] == "deck" and ids[-1] == "scoring"


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_sources_and_legality(rules_id: str) -> None:
    rules = get_rules(rules_id)
    for ex in examples(rules_id):
        assert ex.source is None or ex.source in rules.sources
        ex_rules = tour.example_rules(ex, rules_id)
        ex_rules.deck.check_hand(tour.held(ex))


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_every_suggested_swap_is_legal_and_the_first_changes_something(rules_id: str) -> None:
    for ex in examples(rules_id):
        ex_rules = tour.example_rules(ex, rules_id)
        assert ex.swaps, ex.caption
        for out, into in ex.swaps:
            assert into in tour.swap_choices(tour.held(ex), ex_rules)
            tour.compare(ex, ex_rules, out, into)
        # The swap the page shows first teaches something; later ones may show that nothing
        # changes (a caballo for a rey where every figure costs 10).
        change = tour.compare(ex, ex_rules, *ex.swaps[0])
        assert change.points_delta or change.outcome_changed or change.melds_changed


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_every_reading_of_ours_has_a_note(rules_id: str) -> None:
    rules = get_rules(rules_id)
    notes = [note for step in tour.steps(rules_id) for note in step.notes]
    assert len(notes) == len(set(notes))
    for name, cite in rules.citations.items():
        if OURS in cite and (name != "joker_points" or rules_id == "ludoteka"):
            assert f"tour.note.{rules_id}.{name}" in notes


def test_specific_readings_are_explained() -> None:
    notes = {note for rid in PROFILE_IDS for step in tour.steps(rid) for note in step.notes}
    assert "tour.note.jeux-de-cartes.deck" in notes  # footnote 1
    assert "tour.note.ludoteka.joker_run_score" in notes  # footnote 2
    assert "tour.note.jeux-de-cartes.close_all_seven" in notes  # footnote 3
    eleven = [ex for ex in examples("barajamos") if ex.note]
    assert [hand_code(ex.hand) for ex in eleven] == ["11o 12o 1o 5c 5e 5b 2c"]


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_tour_string_exists_and_fills(rules_id: str, lang: str) -> None:
    params = tour.rule_params(get_rules(rules_id))
    for key in all_keys(rules_id):
        assert has_text(key, lang), (lang, key)
        for text in forms(key, lang).values():
            assert placeholders(text) <= set(params), key
        assert t(key, lang, **params)


def test_paragraphs_quote_the_rules_numbers() -> None:
    for rules_id in PROFILE_IDS:
        rules = get_rules(rules_id)
        params = tour.rule_params(rules)
        (close,) = [s for s in tour.steps(rules_id) if s.id == "close"]
        assert str(rules.close_limit) in t(close.paragraphs[0], "en", **params)
        (scoring,) = [s for s in tour.steps(rules_id) if s.id == "scoring"]
        assert str(rules.limit) in t(scoring.paragraphs[0], "en", **params)


def test_swap_errors_name_the_card() -> None:
    rules = get_rules("fournier")
    hand = parse_hand("6c 7c 10c 2o 2e 2b 1o")
    with pytest.raises(tour.SwapError, match="'5o' is not in the hand"):
        tour.swap(hand, Card.parse("5o"), Card.parse("5c"), rules)
    with pytest.raises(tour.SwapError, match="'8o'"):
        tour.swap(hand, Card.parse("1o"), Card.parse("8o"), rules)
    with pytest.raises(tour.SwapError, match="'2e'"):
        tour.swap(hand, Card.parse("1o"), Card.parse("2e"), rules)


def test_swap_choices_respect_copies() -> None:
    hand = parse_hand("5o 5c 5e 1b 2b 3b 2c")
    one = tour.swap_choices(hand, get_rules("jeux-de-cartes"))
    two = tour.swap_choices(hand, get_rules("jeux-de-cartes", decks=2))
    assert Card.parse("5o") not in one and Card.parse("5o") in two
    assert len(one) == 40 - 7 and len(two) == 40


def test_unknown_profile() -> None:
    with pytest.raises(RulesError, match="'nope'"):
        tour.steps("nope")


def stood_for(example: tour.Example, rules_id: str) -> set[Card]:
    """The cards the jokers of the solved hand stand for: named under their meld."""
    arrangement = tour.solve(example, tour.example_rules(example, rules_id)).analysis.arrangement
    return {named for meld in arrangement.melds
            for card, named in zip(meld.cards, meld.stands_for, strict=True) if card.is_joker}


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_every_card_a_caption_names_is_on_screen(rules_id: str) -> None:
    """A caption that names a card shows it: the hand held (with the drawn card), or every
    hand of an end of hand (the page draws the closer's melds and loose cards, and each
    opponent's seven)."""
    # "joker" names no one card ("a joker stands for the 5"): the named cards only.
    names = {card_name(c.code(), "en"): c for c in get_rules("ludoteka", deck=48)
             .deck.distinct_cards()}
    for step in steps(rules_id):
        shown: list[tuple[str, set[Card]]] = [
            (t(ex.caption, "en"), set(held(ex)) | stood_for(ex, rules_id))
            for ex in step.examples]
        shown += [(t(ex.caption, "en"), {*ex.closer, *(c for h in ex.opponents for c in h)})
                  for ex in step.layoffs]
        for caption, cards in shown:
            for name, card in names.items():
                if re.search(rf"\b{re.escape(name)}\b", caption):
                    assert card in cards, (rules_id, step.id, caption, name)


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_every_step_has_a_task_the_solver_answers(rules_id: str) -> None:
    rules = get_rules(rules_id)
    for step in steps(rules_id):
        task_ = task(step, rules)
        assert task_.answers, step.id
        if task_.by_card:
            offered = {c.code() for row in task_.rows for c in row}
            assert task_.answers <= offered and task_.answers != offered, step.id
        else:
            assert task_.answers <= set(task_.choices) and len(task_.choices) > 1, step.id
        for answer in task_.answers:
            assert task_.check(answer)
        wrong = ({c.code() for row in task_.rows for c in row} | set(task_.choices)) - \
            task_.answers
        assert wrong and not any(task_.check(w) for w in wrong), step.id


def test_task_answers_are_the_solvers() -> None:
    rules = get_rules("barajamos")
    by_id = {step.id: step for step in steps("barajamos")}
    # RULES.md: the 6 of copas goes with the sixes, so the ace of bastos is the loose card.
    assert task(by_id["melds"], rules).answers == {"1b"}
    assert task(by_id["points"], rules).answers == {"10o"}  # the sota counts 10 here
    assert task(by_id["close"], rules).answers == {"yes"}  # 4 loose points, 5 allowed
    assert task(by_id["scoring"], rules).answers == {"70"}
    assert task(by_id["deck"], rules).answers == {"48"}
    laid = task(by_id["layoffs"], rules)
    assert laid.kind is TaskKind.LAID_OFF and laid.answers == {"7e", "12e"}
    fournier = {step.id: step for step in steps("fournier")}
    throw = task(fournier["minus_ten"], get_rules("fournier"))
    assert throw.kind is TaskKind.THROW and throw.answers == {"1o"}
    ludoteka = {step.id: step for step in steps("ludoteka")}
    assert task(ludoteka["close"], get_rules("ludoteka")).answers == {"yes"}


# --- What the page decides: screens, keys, what waits for the answer, the words of a swap -----


def test_read_step_takes_a_screen_of_the_tour_only() -> None:
    end = tour.end_screen(steps("fournier"))
    assert end == len(steps("fournier")) + 1
    assert [tour.read_step(raw, end) for raw in ("1", f" {end} ", "0", str(end + 1), "2x", "")
            ] == [1, end, None, None, None, None]


def test_key_screen_steps_within_the_tour() -> None:
    end = 9
    assert [tour.key_screen(action, 1, end) for action in ("back", "first", "next", "last")
            ] == [1, 1, 2, 9]
    assert tour.key_screen("next", end, end) == end and tour.key_screen("dance", 4, end) == 4
    assert [tour.screen_within(s, end) for s in (-3, 0, 5, 12)] == [1, 1, 5, 9]


def test_ticks_and_missed_follow_the_steps_answered() -> None:
    found = steps("ludoteka")
    done = {found[0].id, found[2].id}
    marks = tour.ticks(found, done).split()
    assert marks[:3] == ["✓", "○", "✓"] and len(marks) == len(found)
    assert tour.missed(found, done) == tuple(i for i in range(1, len(found) + 1) if i not in (1, 3))
    assert tour.missed(found, {s.id for s in found}) == ()


def test_the_first_hand_waits_for_the_answer_but_not_on_the_layoff_step() -> None:
    rules = get_rules("barajamos")
    by_id = {step.id: step for step in steps("barajamos")}
    close = by_id["close"]
    assert tour.hides_first_example(close, task(close, rules).kind, answered=False)
    assert not tour.hides_first_example(close, task(close, rules).kind, answered=True)
    layoffs = by_id["layoffs"]
    assert not tour.hides_first_example(layoffs, task(layoffs, rules).kind, answered=False)
    deck = by_id["deck"]
    assert tour.hides_first_example(deck, TaskKind.DECK, False) is bool(deck.examples)


def test_verdict_reason_names_the_context_that_forbids_closing() -> None:
    rules = get_rules("ludoteka")
    close = next(step for step in steps("ludoteka") if step.id == "close")
    reasons = [tour.verdict_reason(tour.solve(ex, rules).analysis, ex) for ex in close.examples]
    assert reasons == [tour.VerdictReason.CAN_CLOSE, tour.VerdictReason.FIRST_ROUND,
                       tour.VerdictReason.OVER_LIMIT]
    loose = next(ex for ex in examples("barajamos") if hand_code(ex.hand).startswith("11o"))
    analysis = tour.solve(loose, get_rules("barajamos")).analysis
    assert tour.verdict_reason(analysis, loose) is tour.VerdictReason.CANNOT_CLOSE


def test_swap_defaults_start_from_the_first_suggested_swap() -> None:
    rules = get_rules("fournier")
    for example in examples("fournier"):
        choices = tour.swap_choices(held(example), rules)
        out, index = tour.swap_defaults(example, choices)
        assert out in held(example)
        if example.swaps and example.swaps[0][1] in choices:
            assert (out, choices[index]) == example.swaps[0]


def test_change_note_says_what_a_swap_changed() -> None:
    rules = get_rules("barajamos")
    example = next(ex for ex in examples("barajamos") if hand_code(ex.hand).startswith("7o 7c"))
    # The loose 4 of oros out, the rey of oros in: 10 loose points, not 4.
    more = tour.compare(example, rules, Card.parse("4o"), Card.parse("12o"))
    assert tour.change_note(more) == "points"
    # The 4 of oros for the 4 of copas: nothing changes.
    same = tour.compare(example, rules, Card.parse("4o"), Card.parse("4c"))
    assert tour.change_note(same) == "nothing"


def test_discard_is_best_compares_the_examples_discard_with_the_best() -> None:
    rules = get_rules("fournier")
    (example,) = [ex for ex in examples("fournier") if ex.drawn is not None]
    assert tour.solve(example, rules).discard_is_best  # the source throws the best card
    other = tour.Example(example.hand, example.caption, drawn=example.drawn,
                         discard=Card.parse("3c"))
    assert not tour.solve(other, rules).discard_is_best
    assert tour.solve(examples("fournier")[0], rules).discard_is_best  # no draw


def test_layoff_link_query_opens_the_same_hands_on_the_layoff_page() -> None:
    from urllib.parse import parse_qs

    example = tour.layoff_examples("barajamos")[0]
    query = parse_qs(tour.layoff_link_query(example, "barajamos", "es"))
    assert query["lang"] == ["es"] and query["rules"] == ["barajamos"]
    # parse_qs reads "+" as a space, as Streamlit reads the address.
    assert parse_hand(query["closer"][0]) == example.closer
    assert tuple(parse_hand(opp) for opp in query["opp"]) == example.opponents
