"""The Play page under AppTest: whole games played to their end through the page's own
controls under each profile, the setup form, bad addresses, reloads, Back, the switches.

AppTest cannot click inside the card component (the browser test does): here you play with
"Play the best move for me", a real control of the page, at the "at once" pace.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from chinchon.views import play as play_model
from chinchon.views import seat_coach
from tests.support.pages import open_page

PAGE = "pages/9_Play.py"
#: Far more clicks than any of these games needs (a guard against a page that stops moving).
MOST_CLICKS = 1500


def _buttons(at: AppTest) -> dict[str, object]:
    return {b.key: b for b in at.button if b.key}


def _instant(at: AppTest) -> AppTest:
    group = next((g for g in at.get("button_group") if g.key == "play_pace"), None)
    assert group is not None, "the pace control is missing"
    at = group.set_value("instant").run()
    assert at.session_state["play_pace"] == "instant"
    return at


def _play_to_the_end(at: AppTest, *, back_once: bool = False) -> tuple[AppTest, int]:
    """Click through the game: your best move, the next deal, a return when offered."""
    clicks = 0
    went_back = not back_once
    while "play_new_after" not in _buttons(at):
        assert not at.exception, at.exception[0].message
        keys = _buttons(at)
        if not went_back and "play_back" in keys and not keys["play_back"].disabled:
            before = at.query_params.get("moves", "")
            at = keys["play_back"].click().run()
            assert len(at.query_params.get("moves", "")) <= len(before)
            went_back = True
            continue
        for key in ("play_return_yes", "play_next_deal", "play_see_end", "play_to_end",
                    "play_close_confirm", "play_hint_move"):  # confirm: what a close shows
            if key in keys and not keys[key].disabled:
                at = keys[key].click().run()
                clicks += 1
                break
        else:
            raise AssertionError(f"the page offers no way on: {sorted(keys)}")
        assert clicks < MOST_CLICKS
    return at, clicks


@pytest.mark.parametrize(("rules_id", "seats"), [
    ("barajamos", "greedy,expert"), ("fournier", "expert"), ("jeux-de-cartes", "greedy"),
    ("ludoteka", "greedy,random")])
def test_a_whole_game_to_its_end(rules_id, seats):
    at = _instant(open_page(PAGE, rules=rules_id, seats=seats, seed="3", lang="en"))
    at, clicks = _play_to_the_end(at, back_once=rules_id == "fournier")
    assert clicks > 10
    # The address ends at your last move; the bots' turns after it follow from the seed.
    game = play_model.load(play_model.parse_setup(rules_id, {}, seats, "3"), at.query_params["moves"])
    game = game.play_bots()
    assert game.over
    texts = [m.value for m in (*at.success, *at.info)]
    winner = game.state.winner
    if winner == seat_coach.HUMAN:
        assert "You win the game!" in texts
    elif winner is not None:
        level = seats.split(",")[winner - 1]
        assert f"Bot {winner} ({level}) wins the game." in texts
    # The review: every decision was the coach's best move, so the accuracy is 100%.
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Accuracy"] == "100%" and metrics["blunder"] == "0"
    assert at.table, "the score sheet is a table"
    # The game's review: one small card per decision (a phone wraps them, never cuts them).
    cards = sum(h.proto.body.count("data-decision=") for h in at.get("html"))
    assert cards == len(game.human_decisions)


def test_the_setup_form_deals_a_game():
    at = open_page(PAGE, rules="fournier", lang="en")
    assert not at.exception
    deal = next(b for b in at.button if b.label == "Deal")
    at = deal.click().run()
    assert at.query_params["seats"] and at.query_params["seed"].isdigit()
    assert "play_hint_move" in _buttons(at)


def test_a_link_opens_the_deal_with_you_in_the_first_seat():
    at = open_page(PAGE, rules="ludoteka", seats="greedy,random", seed="41", lang="en")
    assert not at.exception
    html = " ".join(h.value for h in at.get("html") if hasattr(h, "value"))
    assert "Bot 1 (greedy)" in html and "Bot 2 (random)" in html
    game = play_model.new_game(play_model.parse_setup("ludoteka", {}, "greedy,random", "41"))
    held = game.state.hands[seat_coach.HUMAN]
    assert len(held) == 7


@pytest.mark.parametrize(("query", "words"), [
    ({"seats": "greedy,wizard", "seed": "1"}, "`wizard` is not a bot"),
    ({"seats": "greedy", "seed": "abc"}, "`abc` is not a whole number"),
    ({"seats": "greedy,greedy,greedy,greedy", "seed": "1"}, "2 to 4 players"),
    ({"seats": "greedy", "seed": "1", "moves": "!!"}, "`!!` is not the page's moves code"),
    ({"seats": "greedy", "seed": "1", "moves": "_w"}, "move 1 (hand 1) picks choice 16"),
])
def test_a_bad_address_names_the_problem_and_offers_a_new_game(query, words):
    at = open_page(PAGE, rules="fournier", lang="en", **query)
    assert not at.exception
    assert any(words in e.value for e in at.error), [e.value for e in at.error]
    labels = [b.label for b in at.button]
    assert "New game" in labels
    at = next(b for b in at.button if b.label == "New game").click().run()
    assert "seats" not in at.query_params and not at.exception


def test_markup_in_a_bad_address_is_not_rendered():
    at = open_page(PAGE, rules="fournier", lang="en", seats="<b>x</b>", seed="1")
    assert any("is not a bot" in e.value for e in at.error)
    assert all("<b>" not in e.value or "`" in e.value for e in at.error)


def test_a_reload_resumes_the_game_where_it_was():
    at = _instant(open_page(PAGE, rules="fournier", seats="greedy", seed="9", lang="en"))
    for _ in range(7):
        at = _buttons(at)["play_hint_move"].click().run()
    moves = at.query_params["moves"]
    again = open_page(PAGE, rules="fournier", seats="greedy", seed="9", moves=moves, lang="en")
    assert not again.exception and again.query_params["moves"] == moves
    shown = [c.value for c in again.caption]
    game = play_model.load(play_model.parse_setup("fournier", {}, "greedy", "9"), moves).catch_up()
    assert f"Hand {game.state.hand} · Fournier · deal 9" in shown


def test_the_coach_grades_and_the_switch_turns_it_off():
    at = _instant(open_page(PAGE, rules="fournier", seats="greedy", seed="2", lang="en"))
    at = _buttons(at)["play_hint_move"].click().run()
    assert any('data-grade="best"' in h.value for h in at.get("html") if hasattr(h, "value"))
    at = _buttons(at)["play_hint_button"].click().run()
    assert any(i.value.startswith("The coach's best move:") for i in at.info)
    at = at.toggle(key="play_coach").set_value(False).run()
    assert "The coach is off (side panel, » on a phone)." in [c.value for c in at.caption]
    assert "play_hint_button" not in _buttons(at)


def test_the_teacher_switch_shows_every_hand():
    at = open_page(PAGE, rules="fournier", seats="greedy", seed="2", lang="en")
    game = play_model.new_game(play_model.parse_setup("fournier", {}, "greedy", "2")).play_bots()
    bot_card = game.state.hands[1][0]
    from chinchon.views.i18n import card_name

    name = card_name(bot_card.code(), "en")
    html = lambda at: " ".join(h.value for h in at.get("html") if hasattr(h, "value"))  # noqa: E731
    assert f'alt="{name}"' not in html(at) or bot_card in game.state.hands[0]
    at = at.toggle(key="play_teacher").set_value(True).run()
    assert f'alt="{name}"' in html(at)


@pytest.mark.parametrize("lang", ["es", "fr", "pt"])
def test_the_table_speaks_every_language(lang):
    at = open_page(PAGE, rules="barajamos", seats="greedy,expert", seed="5", lang=lang)
    assert not at.exception
    from chinchon.views.i18n import t

    assert at.title[0].value == t("page.play", lang)
    assert t("play.hint", lang) in [b.label for b in at.button]


def test_changing_the_profile_under_a_game_offers_a_new_table():
    at = _instant(open_page(PAGE, rules="fournier", seats="greedy", seed="2", lang="en"))
    at = _buttons(at)["play_hint_move"].click().run()
    at = at.selectbox(key="_rules_select").set_value("ludoteka").run()
    assert not at.exception and not at.error
    assert any(i.value.startswith("The rules changed") for i in at.info)
    assert "seats" not in at.query_params and "moves" not in at.query_params
    assert any(b.label == "Deal" for b in at.button)


def test_every_coach_sentence_renders_in_every_language():
    """Each reason's sentence, with real numbers and cards, in the four languages."""
    from chinchon.engine.cards import Card, parse_hand
    from chinchon.engine.rules import get_rules
    from chinchon.views import coach
    from chinchon.views.i18n import LANGUAGES
    from webui.play_board import verdict_sentence

    spots = [
        coach.Position(get_rules("barajamos"), parse_hand("3c 4c 5c 7o 7e 9b 11b 2e")),
        coach.Position(get_rules("barajamos"), parse_hand("7o 7c 7b 9e 10e 11e 4o 1c")),
        coach.Position(get_rules("barajamos"), parse_hand("7o 7c 7b 9e 10e 11e 4o"),
                       top=Card.parse("12e")),
        coach.Position(get_rules("fournier"), parse_hand("1o 2o 5c 5e 6b 10b 12c"),
                       top=Card.parse("5o")),
        coach.Position(get_rules("fournier"), parse_hand("3c 4c 5c 7b 7o 7e 1o")),
    ]
    reasons = set()
    for spot in spots:
        for evaluation in coach.evaluate(spot):
            verdict = coach.grade(spot, evaluation.move)
            reasons.add(verdict.reason)
            for lang in LANGUAGES:
                text = verdict_sentence(verdict, lang)
                assert text and "{" not in text, (lang, verdict.reason, text)
    assert len(reasons) >= 8, reasons


def _return_position() -> tuple[str, str]:
    """A barajamos game where you went out and may come back (random moves of yours)."""
    import random

    from chinchon.game.state import Phase, legal_actions

    for seed in range(1, 100):
        game = play_model.new_game(play_model.parse_setup("barajamos", {}, "greedy,greedy", str(seed)))
        rng = random.Random(seed)
        for _ in range(600):
            game = game.play_bots()
            if game.over:
                break
            if game.state.phase is Phase.RETURN:
                return str(seed), game.code()
            game = game.play(rng.choice(legal_actions(game.state)))
    raise AssertionError("no return decision found")


def test_the_return_decision_when_you_are_out():
    seed, moves = _return_position()
    at = open_page(PAGE, rules="barajamos", seats="greedy,greedy", seed=seed, moves=moves,
                   lang="en")
    assert not at.exception
    assert any(i.value.startswith("You are out.") for i in at.info)
    keys = _buttons(at)
    assert "play_return_yes" in keys and "play_return_no" in keys
    assert "play_next_deal" not in keys  # the decision comes first
    at = keys["play_return_yes"].click().run()
    game = play_model.load(play_model.parse_setup("barajamos", {}, "greedy,greedy", seed),
                   at.query_params["moves"])
    assert game.actions[-1].code() == "return"
    assert game.state.sheet.returns_used[seat_coach.HUMAN] == 1


def test_a_teachers_link_opens_the_table_face_up():
    at = open_page(PAGE, rules="fournier", seats="greedy", seed="2", lang="en", teacher="1")
    assert at.toggle(key="play_teacher").value is True
    at = at.toggle(key="play_teacher").set_value(False).run()
    assert "teacher" not in at.query_params
    at = at.toggle(key="play_teacher").set_value(True).run()
    assert at.query_params["teacher"] == "1"


def test_a_bots_draw_moves_from_the_stock_or_the_pile_then_his_throw() -> None:
    """Item 6: the bot whose turn just ended is drawn moving, whichever source he drew from;
    his throw moves after his draw (the pile's animation waits for it)."""
    from chinchon.game.actions import PILE, STOCK
    from webui import play_board as wt

    game = play_model.new_game(play_model.parse_setup("barajamos", {}, "greedy,greedy", "573763")).catch_up()
    assert wt._just_drew(game) == (2, PILE)  # the deal's first round: bot 2 took the pile card
    sources = set()
    while not game.state.results and len(sources) < 2:
        game = game.play(seat_coach.hint(game.state)[0])
        while game.bot_to_move and not game.state.results:
            game = game.play_bot_turn()
            drew = wt._just_drew(game)
            assert drew is not None and drew[0] == game.states[-2].turn
            sources.add(drew[1])
    assert sources == {STOCK, PILE}
    assert wt._just_drew(game.play(seat_coach.hint(game.state)[0])) is None  # your own draw: no motion
    css = wt._motion_css("play-pile-moving", 0.45, 0.45)
    assert "0.45s ease-out 0.45s backwards" in css and ".play-pile-moving > div > img" in css
    assert wt._motion_css("play-pile-moving", 0.0) == ""  # the instant pace moves nothing
