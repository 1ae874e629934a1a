"""The hand lab page under AppTest: the URL sets the hand, widgets change it, bad values warn.

Clicking inside the card picker (a v2 custom component) is tested in the browser instead.
"""

from __future__ import annotations

from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from chinchon.engine.cards import parse_hand
from chinchon.engine.odds import rank_of
from chinchon.engine.rules import get_rules
from chinchon.engine.solver import analyze_discards, fewest_loose_points
from tests.support.pages import open_page

PAGE = "pages/2_Hand_lab.py"


def open_lab(**query: str) -> AppTest:
    return open_page(PAGE, **query)


def subheaders(at: AppTest) -> list[str]:
    return [e.value for e in at.subheader]


def button(at: AppTest, label: str) -> Any:
    return next(b for b in at.button if b.label == label)


def discard_chart(at: AppTest) -> bool:
    """Whether the page drew the discard chart (HTML bars, one per card of the eight)."""
    return any("chinchon-discards" in h.proto.body for h in at.get("html"))


def loose_points(at: AppTest) -> int:
    (metric,) = [m for m in at.metric if m.label == "Loose points"]
    return int(metric.value)


def test_runs_with_the_default_hand_and_shares_it() -> None:
    at = open_lab()
    assert not at.exception
    assert at.title[0].value == "Hand lab"
    assert at.query_params["hand"] == "3c 4c 5c 6c 6o 6e 1b"
    # RULES.md: the 6 of copas belongs with the sixes, the ace of bastos stays loose.
    assert loose_points(at) == 1
    assert not at.error
    beats = rank_of(parse_hand("3c 4c 5c 6c 6o 6e 1b"), get_rules("barajamos")).beats
    share = f"{int(beats * 1000) / 10:g}%"
    assert any(c.value.startswith(f"Fewer loose points than {share} of all")
               for c in at.caption)


@pytest.mark.parametrize(("rules_id", "hand"), [
    ("barajamos", "7o 7c 7b 9e 10e 11e 4o"),
    ("barajamos", "11o 12o 1o 5c 5e 5b 2c"),
    ("fournier", "3c 4c 5c 7b 7o 7e 1o"),
    ("ludoteka", "10o 11o 12o 1c 1e 3b 5b"),
])
def test_the_url_sets_hand_and_rules(rules_id: str, hand: str) -> None:
    at = open_lab(hand=hand.replace(" ", "+"), rules=rules_id)
    assert not at.exception
    assert at.text_input(key="hl_hand_box").value == hand.replace(" ", "+")
    assert loose_points(at) == fewest_loose_points(parse_hand(hand), get_rules(rules_id))
    assert at.query_params["rules"] == rules_id


def test_changing_the_profile_changes_the_result() -> None:
    # One loose 4: five points or fewer closes, but not "one loose card worth 3 or less".
    at = open_lab(hand="1o 2o 3o 5c 5e 5b 4e", rules="barajamos")
    assert [s.value for s in at.success] == ["**You may close, scoring 4**"]
    at.sidebar.selectbox[1].set_value("jeux-de-cartes").run()
    assert not at.exception
    assert not at.success
    assert [w.value for w in at.warning] == ["**Not yet: you may not close**"]
    assert at.query_params["rules"] == "jeux-de-cartes"
    assert at.text_input(key="hl_hand_box").value == "1o 2o 3o 5c 5e 5b 4e"


def test_typing_a_hand_updates_the_page_and_the_url() -> None:
    at = open_lab(hand="1o 2o 3o", rules="barajamos")
    assert "Which card to throw?" not in subheaders(at)
    assert any("pick 4 more" in i.value for i in at.info)
    at.text_input(key="hl_hand_box").input("7o 8o 9o 10o 2c 2e 2b").run()
    assert not at.exception
    assert at.query_params["hand"] == "7o 8o 9o 10o 2c 2e 2b"
    assert loose_points(at) == 0
    assert [i.value for i in at.info] == ["**Every card melded: close for −10**"]


def test_eight_cards_show_the_discards_and_chart() -> None:
    hand = "3c 4c 5c 7b 7o 7e 1o 6c"
    at = open_lab(hand=hand, rules="fournier")
    assert not at.exception
    assert "Which card to throw?" in subheaders(at)
    (frame,) = [discards.value for discards in at.table]
    assert len(frame) == 8
    discards = analyze_discards(parse_hand(hand), get_rules("fournier"))
    assert list(frame["Points left"]) == [row.loose_points for row in discards.rows]
    starred = [name for name in frame["Discard"] if name.startswith("★")]
    assert starred == ["★ ace of oros"] and discards.best.code() == "1o"
    assert discard_chart(at)
    assert any("Best throw: ace of oros" in m.value for m in at.markdown)


def test_deal_eight_deals_eight_cards_of_the_deck() -> None:
    at = open_lab(hand="", rules="fournier")
    assert not discard_chart(at)
    button(at, "Deal 8").click().run()
    assert not at.exception
    cards = parse_hand(at.query_params["hand"])
    assert len(set(cards)) == 8
    get_rules("fournier").deck.check_hand(cards)
    assert discard_chart(at)


def test_bad_url_values_name_the_value_and_the_page_still_works() -> None:
    at = open_lab(hand="7o 7c 7b 5e 6e 7e 1o 8o 13x 7o", rules="fournier")
    assert not at.exception
    (message,) = [e.value for e in at.error]
    for value in ("`8o`", "`13x`", "`7o`"):
        assert value in message
    assert "not a card" in message and "not in the deck" in message
    # The seven good cards are still solved.
    assert loose_points(at) == 1


def test_an_unknown_profile_warns_and_falls_back() -> None:
    at = open_lab(hand="7o 7c 7b 9e 10e 11e 4o", rules="nope")
    assert not at.exception
    assert any("nope" in w.value for w in at.warning)
    assert loose_points(at) == 4


def test_markup_in_the_url_is_never_rendered() -> None:
    at = open_lab(hand="<img src=x onerror=alert(1)> 7o", rules="barajamos")
    assert not at.exception
    for html in at.get("html"):
        assert "<img src=x" not in html.proto.body and "onerror" not in html.proto.body
    assert any("onerror" in e.value for e in at.error)  # named, as plain text in a message


def test_the_hand_survives_a_language_change_and_a_page_change() -> None:
    at = open_lab(hand="7o 7c 7b 9e 10e 11e 4o", rules="barajamos")
    at.text_input(key="hl_hand_box").input("7o 7c 7b 9e 10e 11e 1o").run()
    at.sidebar.selectbox[0].set_value("es").run()
    assert not at.exception
    assert at.title[0].value == "Laboratorio de manos"
    assert at.text_input(key="hl_hand_box").value == "7o 7c 7b 9e 10e 11e 1o"
    # Leaving the page drops the hand from the address; coming back restores it from the session.
    at.query_params.pop("hand")
    at.switch_page("app.py").run()
    at.switch_page(PAGE).run()
    assert at.text_input(key="hl_hand_box").value == "7o 7c 7b 9e 10e 11e 1o"
    assert at.query_params["hand"] == "7o 7c 7b 9e 10e 11e 1o"


def test_the_profiles_side_by_side() -> None:
    at = open_lab(hand="8o 9o 10o 2c 2e 2b 7o", rules="barajamos")
    at.toggle(key="hl_compare").set_value(True).run()
    assert not at.exception
    captions = [c.value for c in at.caption]
    assert captions.count("Not a hand of this 40-card deck.") == 3
    # Barajamos' 48 cards hold the run 7-8-9-10 of oros and the twos: all seven melded.
    assert "Loose points: **0**" in [m.value for m in at.markdown]


def test_lay_offs_against_a_typed_closer() -> None:
    at = open_lab(hand="7e 12e 1o 3c 5b 8o 2e", rules="barajamos",
                  table="7o 7c 7b | 9e 10e 11e / 4o")
    assert not at.exception
    assert "When someone else closes" in subheaders(at)
    (after,) = [m for m in at.metric if m.label == "Your points after lay-offs"]
    assert int(after.value) == 19
    laid = [m.value for m in at.markdown if m.value.startswith("Laid off here")]
    assert laid == ["Laid off here: 7 of espadas", "Laid off here: rey of espadas"]


def test_bad_closer_melds_name_the_bad_meld() -> None:
    at = open_lab(hand="7e 12e 1o 3c 5b 8o 2e", rules="barajamos",
                  table="7o 7c 8b | 9e 10e 11e / 4o")
    assert not at.exception
    assert any("`7o 7c 8b`" in e.value for e in at.error)
    assert not [m for m in at.metric if m.label == "Your points after lay-offs"]


def test_deal_a_closer_fills_the_closers_melds() -> None:
    at = open_lab(hand="7e 12e 1o 3c 5b 6o 2e", rules="fournier")
    button(at, "Deal a closer").click().run()
    assert not at.exception
    assert at.query_params["table"]
    assert [m for m in at.metric if m.label == "Your points after lay-offs"]


def headers(at: AppTest) -> list[str]:
    return [e.value for e in at.header]


def next_button(at: AppTest) -> Any:
    found = [b for b in at.button if b.key == "hl_next"]
    return found[0] if found else None


def test_teacher_mode_asks_first_then_reveals_one_answer_per_screen() -> None:
    at = open_lab(hand="3c 4c 5c 7b 7o 7e 1o 6c", rules="fournier")
    at.toggle(key="hl_teacher_box").set_value(True).run()
    assert at.query_params["teacher"] == "1"
    # The hand alone and the question: no chart, no melds, no points, no verdict yet.
    assert headers(at) == ["What would you throw?"]
    assert not discard_chart(at) and not at.metric and not at.success and not at.warning
    assert any("Step 1 of 6" in p.text for p in at.get("progress"))
    screens = []
    while next_button(at) is not None:
        next_button(at).click().run()
        assert not at.exception
        screens.append(headers(at))
    assert screens == [["The best throw"], ["The best melds"], ["The loose points"],
                       ["May this hand close?"], ["Someone else closes"]]
    # Each answer replaces the last: the chart shows only on its own screen.
    assert not discard_chart(at)
    next(b for b in at.button if b.key == "hl_back").click().run()
    assert headers(at) == ["May this hand close?"]
    next(b for b in at.button if b.key == "hl_restart").click().run()
    assert headers(at) == ["What would you throw?"]


def test_a_long_bad_url_gives_a_short_message() -> None:
    at = open_lab(hand="7o " * 100 + " ".join(f"x{i}" for i in range(20)), rules="barajamos")
    assert not at.exception
    (message,) = [e.value for e in at.error]
    lines = message.split("  \n")
    assert lines[0].startswith("`7o` appears more often") and len(lines) == 7
    assert lines[-1] == "…and 15 more problems."


def test_an_example_replaces_the_hand() -> None:
    at = open_lab(hand="1o", rules="jeux-de-cartes")
    at.pills(key="hl_example").set_value("chinchon").run()
    assert not at.exception
    assert at.query_params["hand"] == "1e 2e 3e 4e 5e 6e 7e"
    assert at.pills(key="hl_example").value is None
    assert [i.value for i in at.info] == [
        "**Chinchón: you score −10 and every other player adds 100**"]


# --- The sidebar's rule options: two decks, the ludoteka deck, jokers -----------------------


def link_warnings(at: AppTest) -> list[str]:
    """The warnings about the address (the close verdict may be a warning too)."""
    return [w.value for w in at.warning if w.value.startswith("The link asks")]


def test_the_url_sets_jokers_and_the_lab_solves_with_the_joker() -> None:
    hand = "10o 11o JK 1c 1e 3b 5b"
    at = open_lab(rules="ludoteka", jokers="2", hand=hand.replace(" ", "+"))
    assert not at.exception and not link_warnings(at) and not at.error
    assert at.sidebar.toggle[0].label == "Add 2 jokers" and at.sidebar.toggle[0].value is True
    assert at.sidebar.segmented_control[0].value == 40
    assert at.query_params["jokers"] == "2" and "deck" not in at.query_params
    rules = get_rules("ludoteka", jokers=2)
    assert loose_points(at) == fewest_loose_points(parse_hand(hand), rules) == 10
    # The joker ends the run 10-11 of oros; the melds' captions name the card it stands for.
    assert any("joker = rey of oros" in h.proto.body or "joker = 7 of oros" in h.proto.body
               for h in at.get("html"))
    # No shipped odds cover a deck with jokers: no rank among dealt hands.
    assert not [c for c in at.caption if c.value.startswith("Fewer loose points than")]
    assert any(c.value.startswith("Jokers: click the joker") for c in at.caption)


def test_without_the_option_the_joker_is_not_in_the_deck() -> None:
    at = open_lab(rules="ludoteka", hand="10o+11o+JK+1c+1e+3b+5b")
    assert at.sidebar.toggle[0].value is False
    assert any("`JK` is not in the deck" in e.value for e in at.error)
    at.sidebar.toggle[0].set_value(True).run()
    assert not at.exception and not at.error
    assert at.query_params["jokers"] == "2"
    assert loose_points(at) == 10


def test_two_decks_let_a_card_be_held_twice() -> None:
    hand = "7o 7o 7c 8c 9c 10c 1b"
    at = open_lab(rules="barajamos", hand=hand)
    assert any("`7o` appears more often" in e.value for e in at.error)
    (switch,) = at.sidebar.toggle
    assert switch.label == "Play with 2 decks"
    switch.set_value(True).run()
    assert not at.exception and not at.error
    assert at.query_params["decks"] == "2"
    two = get_rules("barajamos", decks=2)
    assert loose_points(at) == fewest_loose_points(parse_hand(hand), two) == 1
    assert any(c.value.startswith("Two decks: every card is there twice") for c in at.caption)
    at.sidebar.toggle[0].set_value(False).run()
    assert "decks" not in at.query_params
    assert any("`7o` appears more often" in e.value for e in at.error)


@pytest.mark.parametrize(("query", "named"), [
    ({"rules": "ludoteka", "jokers": "3"}, ("`jokers`", "`3`", "0 / 2", "using 0")),
    ({"rules": "ludoteka", "deck": "52"}, ("`deck`", "`52`", "using 40")),
    ({"rules": "fournier", "decks": "2"}, ("`decks`", "`2`", "Fournier")),
    ({"rules": "barajamos", "jokers": "2"}, ("`jokers`", "Barajamos has no such option")),
])
def test_a_bad_option_in_the_url_warns_and_the_rest_works(
        query: dict[str, str], named: tuple[str, ...]) -> None:
    at = open_lab(hand="7o+7c+7b+1e+2e+3e+4o", **query)
    assert not at.exception
    (warning,) = link_warnings(at)
    for text in named:
        assert text in warning, warning
    option = next(name for name in ("jokers", "deck", "decks") if name in query)
    assert option not in at.query_params
    rules = get_rules(query["rules"])
    assert loose_points(at) == fewest_loose_points(parse_hand("7o 7c 7b 1e 2e 3e 4o"), rules)


def test_a_default_option_in_the_url_is_dropped_quietly() -> None:
    at = open_lab(rules="ludoteka", deck="40", jokers="0", hand="7o+7c+7b+1e+2e+3e+4o")
    assert not at.exception and not link_warnings(at)
    assert "deck" not in at.query_params and "jokers" not in at.query_params


def test_options_survive_a_page_change() -> None:
    at = open_lab(rules="ludoteka", deck="48", jokers="2", hand="8o+9o+JK+1c+1e+1b+5b")
    assert loose_points(at) == 5
    # Leaving by an address without the options: the session remembers them.
    for name in ("deck", "jokers", "hand"):
        at.query_params.pop(name)
    at.switch_page("pages/6_Odds.py").run()
    assert not at.exception
    assert "73,629,072" in at.markdown[0].value  # the 48-card deck, jokers set aside
    assert at.query_params["deck"] == "48" and at.query_params["jokers"] == "2"
    at.switch_page(PAGE).run()
    assert not at.exception and not at.error
    assert at.sidebar.segmented_control[0].value == 48 and at.sidebar.toggle[0].value is True
    assert loose_points(at) == 5


def test_a_new_profile_drops_the_options_it_lacks_without_a_warning() -> None:
    at = open_lab(rules="ludoteka", jokers="2", hand="7o+7c+7b+1e+2e+3e+4o")
    at.sidebar.selectbox[1].set_value("barajamos").run()
    assert not at.exception and not link_warnings(at)
    assert "jokers" not in at.query_params and not at.sidebar.segmented_control
    at.sidebar.toggle[0].set_value(True).run()
    at.sidebar.selectbox[1].set_value("jeux-de-cartes").run()
    assert at.query_params["decks"] == "2"  # jeux-de-cartes plays two decks too
    assert at.sidebar.toggle[0].value is True


def test_the_side_by_side_view_says_it_uses_default_options() -> None:
    at = open_lab(rules="barajamos", decks="2", hand="7o+7o+7c+8c+9c+10c+1b")
    at.toggle(key="hl_compare").set_value(True).run()
    assert not at.exception
    assert any(c.value.startswith("Each profile plays here with its default options")
               for c in at.caption)
