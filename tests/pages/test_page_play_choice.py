"""The Play page when you close and several arrangements close equally well: the page asks
which one you show (ours preselected), the end of the hand follows your choice, the address
keeps it, and a tampered choice is named. "Next mistake" opens the position as a puzzle.

The deal (ludoteka, seed 139, one greedy bot) and the moves up to your close were found by
playing: the coach's best move there is a close with two arrangements (see
``test_the_position_is_a_close_with_a_choice``, which recomputes it).
"""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from chinchon.game import closing
from chinchon.game.actions import Discard
from chinchon.views import play as play_model
from chinchon.views import seat_coach
from tests.support.pages import open_page

PAGE = "pages/9_Play.py"
PUZZLES = "pages/5_Puzzles.py"
SEATS, SEED = "greedy", "139"
#: Your moves (with the bots' turns they imply) up to the discard where you may close.
BEFORE_CLOSE = "ExUTBwcHAgcCBwYVBwYCHw"


def setup() -> play_model.Setup:
    return play_model.parse_setup("ludoteka", {}, SEATS, SEED)


def _buttons(at: AppTest) -> dict[str, object]:
    return {b.key: b for b in at.button if b.key}


def _at_the_close() -> AppTest:
    at = open_page(PAGE, rules="ludoteka", seats=SEATS, seed=SEED, moves=BEFORE_CLOSE, lang="en")
    assert not at.exception
    group = next(g for g in at.get("button_group") if g.key == "play_pace")
    return group.set_value("instant").run()


def test_the_position_is_a_close_with_a_choice() -> None:
    game = play_model.load(setup(), BEFORE_CLOSE).catch_up()
    assert game.your_turn and game.state.phase.value == "discard"
    best = seat_coach.hint(game.state)[0]
    assert isinstance(best, Discard) and best.close
    assert len(closing.choices_in(game.state, best.card)) == 2


def test_closing_asks_what_you_show_and_the_hand_follows_the_choice() -> None:
    at = _at_the_close()
    at = _buttons(at)["play_hint_move"].click().run()
    assert not at.exception
    # The question: ours preselected, each choice in card names, why it matters.
    radio = next(r for r in at.radio if r.key and r.key.startswith("play_shows_"))
    assert radio.value == 0 and len(radio.options) == 2
    assert "(our default)" in radio.options[0] and "(our default)" not in radio.options[1]
    assert any("what the others may lay off" in c.value for c in at.caption)
    assert "moves" in at.query_params and at.query_params["moves"] == BEFORE_CLOSE
    at = radio.set_value(1).run()
    at = _buttons(at)["play_close_confirm"].click().run()
    assert not at.exception
    game = play_model.load(setup(), at.query_params["moves"])
    before = play_model.load(setup(), BEFORE_CLOSE).catch_up()
    card = game.actions[len(before.actions)].card  # type: ignore[union-attr]
    options = closing.choices_in(before.state, card)
    closed = game.actions[len(before.actions)]
    assert isinstance(closed, Discard) and closed.shown == options[1]
    shown = game.state.results[-1].end.players[0]
    assert shown.melds == options[1].melds
    # The end of the hand draws the closer's melds as he showed them: the group of three.
    # The replay starts at its first step (in bold); ▶ shows the next one.
    steps = next(m.value for m in at.markdown if m.value.startswith("1. "))
    assert steps == "1. **You show 4 of copas, 4 of espadas, 4 of bastos.**"
    hand = game.state.results[-1].hand
    at = _buttons(at)[f"play_steps_{hand}-next"].click().run()
    steps = next(m.value for m in at.markdown if m.value.startswith("1. "))
    assert steps.startswith("1. You show 4 of copas, 4 of espadas, 4 of bastos.\n"
                            "2. **You show ace of oros, 2 of oros, 3 of oros, 4 of oros.**")


def test_ours_stays_the_default_and_cancel_asks_nothing() -> None:
    at = _at_the_close()
    at = _buttons(at)["play_hint_move"].click().run()
    at = _buttons(at)["play_close_cancel"].click().run()
    assert not any(r.key and r.key.startswith("play_shows_") for r in at.radio)
    assert at.query_params["moves"] == BEFORE_CLOSE
    at = _buttons(at)["play_hint_move"].click().run()
    at = _buttons(at)["play_close_confirm"].click().run()
    game = play_model.load(setup(), at.query_params["moves"])
    assert all(not isinstance(a, Discard) or a.shown is None for a in game.actions)
    assert game.state.results, "the hand ended"


def test_a_tampered_choice_in_the_address_is_named() -> None:
    before = play_model.load(setup(), BEFORE_CLOSE).catch_up()
    best = seat_coach.hint(before.state)[0]
    assert isinstance(best, Discard)
    legal = play_model.legal_actions(before.state)
    picks = (*before.picks, legal.index(best))
    sizes = (*before.sizes, len(legal))
    code = play_model.encode(picks, sizes, (*(0,) * len(before.picks), 9))
    at = open_page(PAGE, rules="ludoteka", seats=SEATS, seed=SEED, moves=code, lang="en")
    assert not at.exception
    number = len(before.actions) + 1
    assert any(f"move {number} (hand {before.state.hand}) shows arrangement 10, but only 2 "
               f"close there" in e.value for e in at.error), [e.value for e in at.error]
    assert "New game" in [b.label for b in at.button]


def test_a_position_opens_as_a_puzzle_and_a_bad_one_is_named() -> None:
    from chinchon.views.puzzle import position_link

    game = play_model.load(setup(), BEFORE_CLOSE).catch_up()
    query = position_link(seat_coach.position(game.state))
    at = open_page(PUZZLES, **query, lang="en")
    assert not at.exception
    assert any(h.value == "A position from your game" for h in at.subheader)
    assert any("Not rated" in c.value for c in at.caption)
    assert at.query_params["hand"] == query["hand"] and "puzzle" not in at.query_params
    at = next(b for b in at.button if b.label == "Show the solution").click().run()
    assert not at.exception and at.info, "the explanation of the position"
    at = next(b for b in at.button if b.label == "Next puzzle").click().run()
    assert not at.exception and "hand" not in at.query_params and "puzzle" in at.query_params
    bad = open_page(PUZZLES, rules="ludoteka", hand="3c+4c+9z", lang="en")
    assert not bad.exception
    assert any("its `hand` value `3c+4c+9z` is not valid" in w.value for w in bad.warning), [
        w.value for w in bad.warning]


def test_next_mistake_opens_the_position_in_the_lab_or_as_a_puzzle() -> None:
    from chinchon.game.players import make_bot
    from chinchon.game.seat_view import view

    # Seed 7: the next deal starts with you, so a reload shows the end of hand 1 again.
    fournier = play_model.parse_setup("fournier", {}, "greedy", "7")
    game, me = play_model.new_game(fournier), make_bot("random", "7:me")
    while not game.state.results:  # you play at random for one hand: mistakes follow
        game = game.play(me.choose(view(game.state, 0))) if game.your_turn else game.play_bot()
    at = open_page(PAGE, rules="fournier", seats="greedy", seed="7", moves=game.code(),
                   lang="en")
    assert not at.exception
    at = _buttons(at)["play_next_mistake_1"].click().run()
    assert not at.exception
    links = {link.label: link for link in at.get("page_link")}
    assert "Open this position in the hand lab" in links
    assert "Open this position as a puzzle" in links
    query = links["Open this position as a puzzle"].proto.query_string
    assert "hand=" in query and "rules=fournier" in query
    assert links["Open this position as a puzzle"].proto.page == "Puzzles"
