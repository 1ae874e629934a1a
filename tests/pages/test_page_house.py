"""The house-rules page and the house code in the URL, under AppTest."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from chinchon.views import tour
from tests.support.pages import open_page

HOUSE = "pages/8_House_rules.py"
HAND_LAB = "pages/2_Hand_lab.py"


def texts(at: AppTest) -> str:
    kinds = ("title", "header", "subheader", "markdown", "caption", "warning", "info", "code")
    return "\n".join(str(e.value) for kind in kinds for e in at.get(kind))


def rules_param(at: AppTest) -> str:
    value = at.query_params["rules"]
    return value[0] if isinstance(value, list) else value


def test_house_page_runs_and_shows_the_profile_unchanged() -> None:
    at = open_page(HOUSE, rules="barajamos", lang="en")
    assert not at.exception
    assert at.title[0].value == "House rules"
    assert "plays Barajamos as written" in texts(at)
    assert rules_param(at) == "barajamos"


def test_url_code_sets_the_house_rules() -> None:
    at = open_page(HOUSE, rules="barajamos+limit=100+jokers=ace-of-oros", lang="en")
    assert not at.exception
    assert rules_param(at) == "barajamos+jokers=ace-of-oros+limit=100"
    assert any(c.value == "barajamos+jokers=ace-of-oros+limit=100" for c in at.code)
    assert "above 100" in str([t.value for t in at.table])


def test_changing_an_option_updates_the_code_and_the_url() -> None:
    at = open_page(HOUSE, rules="fournier", lang="en")
    limit = next(n for n in at.number_input if n.label == "Elimination above")
    limit.set_value(150).run()
    assert not at.exception
    assert rules_param(at) == "fournier+limit=150"
    jokers = next(s for s in at.selectbox if s.label == "Jokers")
    jokers.set_value("ace-of-oros").run()
    assert rules_param(at) == "fournier+jokers=ace-of-oros+limit=150"
    assert "fournier+jokers=ace-of-oros+limit=150" in texts(at)


def test_bad_code_in_the_url_warns_naming_the_part() -> None:
    at = open_page(HOUSE, rules="barajamos+limit=lots", lang="en")
    assert not at.exception
    warning = " ".join(w.value for w in at.warning)
    assert "limit=lots" in warning
    assert rules_param(at) == "barajamos"


def test_every_page_plays_under_the_house_code() -> None:
    at = open_page(HAND_LAB, rules="fournier+seven-ten=no", lang="en",
                   hand="6c 7c 10c 2o 2e 2b 1o")
    assert not at.exception
    assert "this hand leaves 22" in texts(at)  # 6c 7c 10c is no run: 7 and 10 do not join
    assert rules_param(at) == "fournier+seven-ten=no"


def test_variants_shows_the_house_rules_as_a_fifth_column() -> None:
    at = open_page("pages/4_Variants.py", rules="fournier+limit=150", lang="en")
    assert not at.exception
    table = at.table[0].value
    assert len(table.columns) == 5
    assert any("House rules: Fournier" in str(c) for c in table.columns)
    assert "above 150" in table.to_string()
    assert "Readings we chose" in texts(at)


def test_tour_shows_each_reading_beside_its_rule() -> None:
    infos = ""
    for step in range(1, len(tour.steps("ludoteka")) + 1):  # the tour: one step per screen
        at = open_page("pages/1_Rules_tour.py", rules="ludoteka", lang="pt", step=str(step))
        assert not at.exception
        infos += " ".join(i.value for i in at.info)
    assert "Não consta de Ludoteka ¹" in infos  # the source by publisher and footnote mark
    assert "primeiro os buracos da sequência" in infos


LAYOFFS = "pages/3_Layoff_table.py"


def test_layoff_table_lets_the_player_choose_what_the_closer_shows() -> None:
    at = open_page(LAYOFFS, rules="ludoteka", jokers="2", lang="en",
                   closer="3c 4c JK 7o 7e 7b 1b", opp="2c 5e 6e 11b 12b 10o 4o")
    assert not at.exception
    choice = next(s for s in at.selectbox if s.label == "What the closer shows")
    # By card names (never codes), each joker by the card it stands for.
    assert choice.options == [
        "7 of oros, 7 of espadas, 7 of bastos | 3 of copas, 4 of copas, joker = 5 of copas"
        " / ace of bastos (our default)",
        "7 of oros, 7 of espadas, 7 of bastos | joker = 2 of copas, 3 of copas, 4 of copas"
        " / ace of bastos"]
    assert choice.index == 0

    def opponent_points() -> str:
        table = next(h.proto.body for h in at.get("html") if "chinchon-scores" in h.proto.body)
        return table.split("<tr>")[-1].split("<td>")[5].split("</td>")[0]

    # Ours: the opponent's 2c extends 3c 4c JK=5c downwards, so he keeps 45 points.
    assert opponent_points() == "45"
    choice.select_index(1).run()
    assert not at.exception
    # The joker named 2c: the 2c has nowhere to go, 2 more points.
    assert opponent_points() == "47"


def test_layoff_table_decks_follow_the_players() -> None:
    at = open_page(LAYOFFS, rules="barajamos", decks="2", lang="en",
                   closer="7o 7c 7b 9e 10e 11e 4o", opp=["7e 1c 2c 3c 5o 5b 8o",
                                                         "12e 1e 2e 3e 5c 6b 8b"])
    assert not at.exception
    assert any("Here the decks follow the table" in c.value and "one deck" in c.value
               for c in at.caption)


def test_puzzles_are_judged_live_under_the_house_rules() -> None:
    from dataclasses import replace

    from chinchon import puzzles as pz

    # A shipped puzzle whose best throw changes under a stricter close (the packs are
    # regenerated now and then, so the puzzle is found, not named).
    def house(p: pz.Puzzle) -> pz.Puzzle:
        return replace(p, rules_id="fournier+close=points:2")

    puzzle = next(p for p in pz.load_all(check=False)
                  if p.rules_id == "fournier" and p.question == "discard" and not p.options
                  and not set(pz.solve(p).answers) & set(pz.solve(house(p)).answers))
    at = open_page("pages/5_Puzzles.py", rules="fournier+close=points:2", puzzle=puzzle.id,
                   lang="en")
    assert not at.exception
    assert any("fournier+close=points:2" in i.value for i in at.info)


def test_odds_are_counted_for_house_rules_or_say_why_not() -> None:
    from chinchon.engine.odds import enumerate_odds, shipped_odds
    from chinchon.engine.rules import get_rules

    house = enumerate_odds(get_rules("fournier+close=all-melded"))
    assert house.can_close == house.minus_ten  # only all seven melded closes
    assert house.can_close < shipped_odds(get_rules("fournier")).can_close
    at = open_page("pages/6_Odds.py", rules="fournier+close=all-melded", lang="en")
    assert not at.exception
    assert any("Counted just now" in i.value for i in at.info)
    at = open_page("pages/6_Odds.py", rules="barajamos+jokers=ace-of-oros", lang="en")
    assert not at.exception
    assert any("play with jokers or two decks" in i.value for i in at.info)


def test_play_deals_a_game_under_the_house_rules() -> None:
    at = open_page("pages/9_Play.py", rules="fournier+limit=40+jokers=ace-of-oros", lang="en",
                   seats="greedy", seed="1")
    assert not at.exception
    game = at.session_state["play_game"]
    assert game.setup.rules.code() == "fournier+jokers=ace-of-oros+limit=40"
    assert rules_param(at) == "fournier+jokers=ace-of-oros+limit=40"


def test_hand_lab_says_what_the_house_rules_score() -> None:
    at = open_page(HAND_LAB, rules="barajamos+minus-ten=-20", lang="en",
                   hand="7o 8o 9o 10o 2c 2e 2b")
    assert not at.exception
    assert "close for −20" in texts(at)  # numbers take the typographic minus
    at = open_page(HAND_LAB, rules="barajamos+chinchon=minus-25", lang="en",
                   hand="3e 4e 5e 6e 7e 8e 9e")
    assert not at.exception
    assert "Chinchón: closing scores −25" in texts(at)
    at = open_page(HAND_LAB, rules="barajamos+close=all-melded", lang="en",
                   hand="1o 2o 3o 5c 5e 5b 1c")
    assert not at.exception
    assert "only with every card melded; this hand leaves 1 point loose" in texts(at)
    at = open_page(HAND_LAB, rules="barajamos+jokers=2", lang="en", hand="3e JK 5e 6e 7e 8e 9e")
    assert not at.exception
    assert "Every card melded: close for −10" in texts(at)  # a joker run is no chinchón
