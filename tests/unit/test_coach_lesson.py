"""The coach's lessons in Chinchón terms, the close line, the pile with who threw each card, and
the words they use (library and views, no page)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from chinchon.engine.cards import Card, parse_hand
from chinchon.engine.draws import best_of_eight, unseen_cards
from chinchon.engine.rules import get_rules
from chinchon.game.actions import Discard
from chinchon.views import coach, seat_coach
from chinchon.views import coach_lesson as cl
from chinchon.views import play as play_model
from chinchon.views import review as rv
from chinchon.views.close_now import close_offers
from chinchon.views.house import house_words
from chinchon.views.i18n import LANGUAGES

BARAJAMOS = get_rules("barajamos")


def _spot(hand: str, top: str | None = None, rules_id: str = "barajamos") -> coach.Position:
    return coach.Position(get_rules(rules_id), parse_hand(hand),
                          Card.parse(top) if top else None)


def test_throwing_a_card_of_a_run_breaks_it() -> None:
    verdict = coach.grade_discard(_spot("3c 4c 5c 7o 7e 9b 11b 2e"), "4c")
    found = cl.lesson(verdict)
    assert found.key == "breaks"
    assert [c.code() for c in found.values["meld"]] == ["3c", "4c", "5c"]
    text = cl.lesson_text(found, None, "en")
    assert text == ("Throwing the 4 of copas breaks a meld: 3 of copas, 4 of copas, 5 of copas. "
                    "Throwing the caballo of bastos keeps it.")


def test_keeping_a_loose_figure_is_named_with_its_points() -> None:
    verdict = coach.grade_discard(_spot("3c 4c 5c 7o 7e 9b 11b 2e"), "2e")
    found = cl.lesson(verdict)
    # Barajamos counts a figure at its number: the caballo costs 11.
    assert found.key == "figure" and found.values["value"] == BARAJAMOS.points(Card.parse("11b"))
    assert "the caballo of bastos adds 11 points" in cl.lesson_text(found, None, "en")


def test_a_pile_card_that_completes_a_meld() -> None:
    spot = _spot("7o 7c 7b 9e 10e 11e 4o", top="12e")
    found = cl.lesson(coach.grade_draw(spot, "stock"))
    assert found.key == "pile_meld"
    assert [c.code() for c in found.values["meld"]] == ["9e", "10e", "11e", "12e"]
    assert cl.lesson_text(found, spot.top, "es").startswith("Cogiendo el rey de espadas")


def test_feeding_the_next_player_who_collects_a_suit() -> None:
    verdict = coach.grade_discard(_spot("3c 4c 5c 7o 7e 9b 11b 2e"), "2e")
    watched = parse_hand("1e 3e")  # he took them from the pile: the 2 of espadas goes with them
    assert cl.lesson(verdict, watched, "Bot 1").key == "figure"  # the figure comes first
    verdict = coach.grade_discard(_spot("3c 4c 5c 7o 7e 9b 11b 2e"), "9b")
    found = cl.lesson(verdict, parse_hand("8b 10b"), "Bot 1")
    assert found.key in ("figure", "feeds")
    spot = _spot("1o 1c 1e 5b 6b 7b 12c 2e")
    verdicts = [coach.grade_discard(spot, e.move.action) for e in coach.evaluate(spot)
                if not e.move.close]
    fed = [cl.lesson(v, parse_hand("3e 4e"), "Bot 1") for v in verdicts]
    feeds = [f for f in fed if f.key == "feeds"]
    for found in feeds:
        assert found.values["move"] == "2e"
        assert "Bot 1 took 3 of espadas, 4 of espadas from the pile" in cl.lesson_text(
            found, None, "en")


def test_outs_are_the_unseen_cards_that_close_counted_with_their_copies() -> None:
    spot = _spot("1o 2o 3o 5c 5e 6b 6c 12b")
    verdict = coach.grade_discard(spot, coach.best_moves(spot)[0].action)
    found = cl.lesson(verdict)
    unseen = unseen_cards(BARAJAMOS, spot.hand, ())
    kept = verdict.chosen.kept
    closing = [card for card in unseen if best_of_eight((*kept, card), BARAJAMOS)[1]]
    assert sorted(found.outs) == sorted(closing)
    assert found.copies == sum(unseen[c] for c in closing)
    assert found.unseen == sum(unseen.values()) == len(BARAJAMOS.deck.cards()) - 8
    if found.outs:
        assert found.key == "outs_best"
        assert f"{found.copies} of the {found.unseen} unseen cards" in cl.lesson_text(found, None, "en")


@pytest.mark.parametrize(("value", "lang", "text"), [
    (Fraction(21), "en", "21"), (Fraction(211, 10), "en", "about 21"),
    (Fraction(207, 10), "es", "unos 21"), (Fraction(-10), "fr", "−10"),
    (Fraction(5, 2), "pt", "cerca de 3")])
def test_points_are_whole_numbers(value: Fraction, lang: str, text: str) -> None:
    assert cl.about_points(value, lang) == text


def test_every_lesson_renders_in_every_language() -> None:
    spots = [_spot("3c 4c 5c 7o 7e 9b 11b 2e"), _spot("7o 7c 7b 9e 10e 11e 4o", top="12e"),
             _spot("1o 2o 5c 5e 6b 10b 12c", top="5o", rules_id="fournier"),
             _spot("1o 1c 1e 5b 6b 7b 12c 2e")]
    keys = set()
    for spot in spots:
        for evaluation in coach.evaluate(spot):
            verdict = coach.grade(spot, evaluation.move)
            found = cl.lesson(verdict, parse_hand("3e 4e"), "Bot 1")
            keys.add(found.key)
            for lang in LANGUAGES:
                text = cl.lesson_text(found, spot.top, lang)
                assert "{" not in text and (text or not found.key), (lang, found.key)
    assert {"breaks", "figure", "pile_meld"} <= keys, keys


def test_the_close_offers_are_the_legal_closes_best_first() -> None:
    setup = play_model.parse_setup("barajamos", {}, "greedy,greedy", "3")
    game = play_model.load(setup, "EwUGAwMWBwcQBwYWBwcUARMTHw")
    offers = close_offers(game)
    assert [(o.card.code(), o.outcome.value, o.score) for o in offers] == [("8e", "points", 2)]
    assert {o.card for o in offers} == set(play_model.closing_cards(game))
    from webui.play_board import close_offer_text  # the words of the line, in each language
    assert close_offer_text(offers, "en") == "You can close now with the 8 of espadas (2 points)."
    assert close_offer_text(offers, "es") == "Puedes cerrar ya con el 8 de espadas (2 puntos)."


def test_the_pile_tells_who_threw_each_card_through_whole_games() -> None:
    for seed in range(1, 6):
        game = play_model.new_game(play_model.parse_setup("fournier", {}, "greedy,greedy", str(seed)))
        while not game.over and len(game.actions) < 400:
            game = game.play(seat_coach.hint(game.state)[0]) if game.your_turn else game.play_bot()
        for index in range(1, len(game.actions)):
            pile = rv.pile_at(game, index)
            assert [card for card, _ in pile] == list(game.states[index].pile)
            before = game.actions[index - 1]
            same_hand = game.states[index - 1].hand == game.states[index].hand
            if isinstance(before, Discard) and not before.close and same_hand and pile:
                assert pile[-1] == (before.card, game.states[index - 1].turn)


def test_mistakes_and_blunders_first() -> None:
    spot = _spot("3c 4c 5c 7o 7e 9b 11b 2e")
    graded = {i: coach.grade_discard(spot, code) for i, code in enumerate(["11b", "3c", "7o"])}
    assert [graded[i].grade for i in range(3)] == ["best", "blunder", "mistake"]
    assert rv.ordered([0, 1, 2], graded, worst_first=True) == (1, 2, 0)
    assert rv.ordered([0, 1, 2], graded, worst_first=False) == (0, 1, 2)


def test_house_rules_in_words() -> None:
    rules = get_rules("barajamos+jokers=ace-of-oros+limit=100")
    words = house_words(rules, "en")
    assert "the ace of oros is the joker" in words and "above 100" in words
    assert house_words(get_rules("barajamos"), "en") == ""
    # French sets a space before a colon; English does not.
    assert ": " in words and " : " not in words
    french = house_words(rules, "fr")
    assert french.count(" : ") == 2 and french.count(":") == 2, french
