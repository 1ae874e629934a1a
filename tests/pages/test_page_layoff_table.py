"""The lay-off table page under AppTest: hands from the URL, deals, the replay, the sheet.

The replay's keys (a v2 component) are pressed in the browser tests instead.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from streamlit.testing.v1 import AppTest

from chinchon.engine.cards import parse_hand
from chinchon.engine.layoffs import resolve
from chinchon.engine.rules import PROFILE_IDS, get_rules
from chinchon.engine.scoring import ScoreSheet
from chinchon.engine.solver import analyze
from chinchon.views import layoff_steps as lt
from chinchon.views.i18n import t
from tests.support.pages import APP, open_page

LAYOFFS = "pages/3_Layoff_table.py"
VARIANTS = "pages/4_Variants.py"
CLOSER = "7o+7c+7b+9e+10e+11e+4o"
OPPS = ["7e+1c+2c+3c+5o+5b+8o", "12e+6o+6c+6b+2b+3b+11b"]
CODE = re.compile(r"\b(1[0-2]|[1-9])[oceb]\b")


def texts(at: AppTest) -> str:
    kinds = ("title", "header", "subheader", "markdown", "caption", "success", "error",
             "warning", "info")
    return "\n".join(str(e.value) for kind in kinds for e in at.get(kind))


def score_table(at: AppTest) -> str:
    return next((h.proto.body for h in at.get("html") if "chinchon-scores" in h.proto.body), "")


def replay(at: AppTest, name: str) -> str:
    """Press a replay button (first, back, next, last); the page's text after it."""
    next(b for b in at.button if (b.key or "").endswith(f"-replay-{name}")).click().run()
    assert not at.exception
    return texts(at)


def replay_lines(at: AppTest) -> list[str]:
    return [line for m in at.markdown for line in str(m.value).splitlines()
            if re.match(r"\d+\. ", line)]


def test_the_replay_starts_at_the_first_step_and_steps_both_ways() -> None:
    at = open_page(LAYOFFS, rules="barajamos", closer=CLOSER, opp=OPPS)
    steps = resolve(parse_hand(CLOSER.replace("+", " ")),
                    [parse_hand(o.replace("+", " ")) for o in OPPS], get_rules("barajamos")).steps
    assert len(replay_lines(at)) == 1 and f"Step **1** of {len(steps)}" in texts(at)
    replay(at, "next")
    assert len(replay_lines(at)) == 2
    replay(at, "last")
    assert len(replay_lines(at)) == len(steps)
    replay(at, "back")
    assert len(replay_lines(at)) == len(steps) - 1
    replay(at, "first")
    assert len(replay_lines(at)) == 1
    # A new table starts again at the first step.
    replay(at, "last")
    at.text_input(key="lt-barajamos-hand-1").set_value("8e 1c 2c 3c 5o 5b 8o").run()
    assert len(replay_lines(at)) == 1


def test_cards_are_named_or_drawn_never_written_as_codes() -> None:
    at = open_page(LAYOFFS, rules="barajamos", closer=CLOSER, opp=OPPS)
    replay(at, "last")
    for line in replay_lines(at):
        assert not CODE.search(line), line
    table = score_table(at)
    assert 'alt="7 of espadas"' in table
    assert not CODE.search(re.sub(r"<[^>]*>", " ", table))  # no code outside the markup


def test_one_name_per_seat_in_the_hands_the_replay_the_scores_and_the_sheet() -> None:
    at = open_page(LAYOFFS, rules="barajamos", closer=CLOSER, opp=OPPS)
    labels = [box.label for box in at.text_input if (box.key or "").startswith("lt-barajamos-hand-")]
    assert labels == ["Player 1 · closes", "Player 2", "Player 3"]
    text = replay(at, "last")
    assert "Opponent" not in text and "Closer" not in text
    assert all(f">Player {n}<" in score_table(at) for n in (1, 2, 3))
    next(b for b in at.button if b.label == "Add the hand above").click().run()
    assert list(at.table[-1].value.columns)[:3] == ["Player 1 (+)", "Player 2 (+)",
                                                    "Player 3 (+)"]
    # Another seat closes: the typed hands follow the turn order from him, named so.
    at.selectbox(key="sheet-barajamos-3-48-1-0-closer").set_value(1).run()
    labels = [box.label for box in at.text_input if (box.key or "").startswith("lt-barajamos-hand-")]
    assert labels == ["Player 2 · closes", "Player 3", "Player 1"]


def test_every_click_of_deal_at_random_deals_anew_and_shows_its_seed() -> None:
    at = open_page(LAYOFFS, rules="barajamos")
    deal = next(b for b in at.button if b.label == "Deal at random")
    seen = set()
    for _ in range(3):
        deal.click().run()
        assert not at.exception
        hands = tuple(at.text_input(key=f"lt-barajamos-hand-{i}").value for i in range(3))
        seed = int(at.number_input(key="lt-barajamos-seed").value)
        assert hands == tuple(" ".join(c.code() for c in h) for h in
                              lt.deal_seats(get_rules("barajamos", players=3), 2, seed))
        seen.add(hands)
    assert len(seen) == 3
    # The advanced setting deals the shown seed again: the same hands.
    next(b for b in at.button if b.label.startswith("Deal seed")).click().run()
    assert tuple(at.text_input(key=f"lt-barajamos-hand-{i}").value for i in range(3)) == hands


def test_share_this_deal_gives_a_link_with_every_hand() -> None:
    at = open_page(LAYOFFS, rules="barajamos", closer=CLOSER, opp=OPPS)
    (link,) = [c.value for c in at.code]
    assert "closer=7o+7c+7b+9e+10e+11e+4o" in link and link.count("&opp=") == 2
    assert "rules=barajamos" in link


@pytest.mark.parametrize("rules_id", PROFILE_IDS)
def test_layoff_table_runs_with_the_profiles_example(rules_id: str) -> None:
    at = open_page(LAYOFFS, rules=rules_id)
    assert not at.exception
    assert not at.error
    assert score_table(at)


def test_layoff_table_reads_the_hands_from_the_url() -> None:
    at = open_page(LAYOFFS, rules="barajamos", closer=CLOSER, opp=OPPS)
    assert not at.exception
    replay(at, "last")
    text = texts(at)
    assert ("Player 2 lays off the 7 of espadas: 7 of oros, 7 of copas, 7 of espadas, "
            "7 of bastos." in text)
    assert ("Player 3 lays off the rey of espadas: 9 of espadas, sota of espadas, "
            "caballo of espadas, rey of espadas." in text)
    assert at.text_input(key="lt-barajamos-hand-0").value == CLOSER.replace("+", " ")


def test_layoff_table_bad_cards_are_named_and_the_page_goes_on() -> None:
    at = open_page(LAYOFFS, rules="barajamos", closer="7o+7c+7b+9e+10e+11e+4x", opp=OPPS)
    assert not at.exception
    errors = " ".join(e.value for e in at.error)
    assert "`4x` is not a card" in errors and "a hand has 7 cards, not 6" in errors
    assert "Score sheet" in texts(at)
    dup = open_page(LAYOFFS, rules="barajamos", closer=CLOSER, opp=["7o+1c+2c+3c+5o+5b+8o",
                                                                     OPPS[1]])
    assert "`7o` is already held" in " ".join(e.value for e in dup.error)


def test_layoff_table_closer_who_cannot_close() -> None:
    at = open_page(LAYOFFS, rules="barajamos", closer="1o+3o+5e+7b+9o+11c+12o", opp=OPPS)
    assert not at.exception
    assert "cannot close" in " ".join(e.value for e in at.error)


def test_layoff_table_typing_changes_the_result_and_the_url() -> None:
    at = open_page(LAYOFFS, rules="barajamos", closer=CLOSER, opp=OPPS)
    at.text_input(key="lt-barajamos-hand-1").set_value("8e 1c 2c 3c 5o 5b 8o").run()
    assert not at.exception
    replay(at, "last")
    assert "lays off the 8 of espadas: 8 of espadas, 9 of espadas" in texts(at)
    assert at.query_params["opp"][0] == "8e 1c 2c 3c 5o 5b 8o"


def test_layoff_table_deal_and_score_sheet() -> None:
    at = open_page(LAYOFFS, rules="jeux-de-cartes")
    before = at.text_input(key="lt-jeux-de-cartes-hand-0").value
    at.button[0].click().run()  # deal at random
    assert not at.exception
    assert at.text_input(key="lt-jeux-de-cartes-hand-0").value != before
    random_hand = next(b for b in at.button if b.label == "Play a random hand")
    random_hand.click().run()
    assert not at.exception
    sheet = at.table[-1].value
    assert list(sheet.index) == ["Hand 1"]
    assert at.get("plotly_chart")


def test_layoff_table_adds_the_typed_hand_to_the_sheet() -> None:
    at = open_page(LAYOFFS, rules="barajamos", closer=CLOSER, opp=OPPS)
    next(b for b in at.button if b.label == "Add the hand above").click().run()
    assert not at.exception
    sheet = at.table[-1].value
    assert sheet.iloc[0].tolist()[-3:] == ["4", "18", "16"]


def test_layoff_table_plays_ludotekas_hand_with_no_closer() -> None:
    at = open_page(LAYOFFS, rules="ludoteka")
    button = next(b for b in at.button if b.label == "Stock ran out: no closer")
    button.click().run()
    assert not at.exception
    sheet = at.table[-1].value
    assert list(sheet.index) == ["Hand 1 (no closer)"]
    # The table's seed (1) deals every seat a hand; each adds his loose points, no lay-offs.
    seats = len(sheet.columns) // 2
    rules = get_rules("ludoteka", players=seats)
    hands = lt.deal_hands(rules, seats, seed=1000)
    expected = [str(analyze(hand, rules).loose_points) for hand in hands]
    assert [v.lstrip("+") for v in sheet.iloc[0].tolist()[:seats]] == expected
    assert sheet.iloc[0].tolist()[seats:] == expected


@pytest.mark.parametrize("rules_id", ["barajamos", "fournier", "jeux-de-cartes"])
def test_layoff_table_no_closer_only_under_ludoteka(rules_id: str) -> None:
    at = open_page(LAYOFFS, rules=rules_id)
    assert all("no closer" not in b.label for b in at.button)


@pytest.mark.parametrize("lang, words", [
    ("en", "Player 1 may not close: his 3 loose points would take his total of 98 over the "
           "limit of 100."),
    ("es", "Jugador 1 no puede cerrar: sus 3 puntos sueltos llevarían su total de 98 por "
           "encima del límite de 100."),
    ("fr", "Joueur 1 ne peut pas fermer"),
    ("pt", "Jogador 1 não pode fechar"),
])  # fmt: skip
def test_layoff_table_sheet_refusal_is_translated_with_its_numbers(lang: str, words: str
                                                                   ) -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    rules = get_rules("ludoteka", players=2)
    at.session_state["sheet-ludoteka-2-40-1-0"] = replace(ScoreSheet.start(rules, 2), totals=(98, 10))
    at.query_params.clear()
    for key, value in {"rules": "ludoteka", "lang": lang, "closer": "1o+2o+3o+4c+4e+4b+3c",
                       "opp": "7o+7c+5e+6b+10b+11c+12o"}.items():
        at.query_params[key] = value
    at.switch_page(LAYOFFS)
    at.run()
    add = t("layoffs.add_hand", lang)
    next(b for b in at.button if b.label == add).click().run()
    assert not at.exception
    warnings = " ".join(w.value for w in at.warning)
    assert words in warnings
    assert "would go over" not in warnings  # the library's English is not shown


def test_layoff_table_hands_for_another_deck_get_one_message_and_a_deal_button() -> None:
    closer = "7o+7c+7b+9e+10e+11e+4o"
    at = open_page(LAYOFFS, rules="fournier", closer=closer, opp=["8o+1c+2c+3c+5o+5b+6o"])
    assert not at.exception
    outside = [w.value for w in at.warning if "48-card" in w.value]
    assert len(outside) == 1 and "`9e`, `8o`" in outside[0]
    assert not at.error  # no per-player "not in the deck" or "not 6 cards"
    next(b for b in at.button if b.label == "Deal new hands").click().run()
    assert not at.exception
    assert not [w for w in at.warning if "48-card" in w.value] and not at.error
    dealt = at.text_input(key="lt-fournier-hand-0").value
    assert all(card.rank not in (8, 9) for card in parse_hand(dealt))
    assert score_table(at)  # the new deal's end of the hand is shown


def test_layoff_table_follows_the_sidebars_deck_option() -> None:
    hands = {"closer": "7o+8o+9o+10o+2c+2e+2b", "opp": "1c+2o+3c+5o+5b+6o+8b"}
    at = open_page(LAYOFFS, rules="ludoteka", deck="48", **hands)
    assert not at.exception and not at.error and not at.warning
    assert "melded all seven cards: −10" in texts(at)
    at.sidebar.segmented_control[0].set_value(40).run()
    assert not at.exception
    outside = [w.value for w in at.warning if "48-card" in w.value]
    assert len(outside) == 1 and "`8o`, `9o`, `8b`" in outside[0]


def test_layoff_table_other_problems_still_show_beside_the_deck_message() -> None:
    at = open_page(LAYOFFS, rules="fournier", closer="7o+7c+7b+9e+10e+11e+4o",
                   opp=["1c+2c+zz"])
    assert "`9e`" in " ".join(w.value for w in at.warning)
    errors = " ".join(e.value for e in at.error)
    assert "`zz` is not a card" in errors and "not 2" in errors


# --- Variants --------------------------------------------------------------------------------


def test_layoff_hands_survive_a_language_switch_and_a_visit_elsewhere() -> None:
    at = open_page(LAYOFFS, rules="barajamos", lang="en")
    at.text_input(key="lt-barajamos-hand-1").set_value("8e 1c 2c 3c 5o 5b 8o").run()
    at.sidebar.selectbox[0].set_value("es").run()
    assert at.text_input(key="lt-barajamos-hand-1").value == "8e 1c 2c 3c 5o 5b 8o"
    at.switch_page(VARIANTS)
    at.run()
    # The sidebar links carry only lang and rules: the hands come back from the session.
    at.query_params.clear()
    at.query_params["rules"] = "barajamos"
    at.switch_page(LAYOFFS)
    at.run()
    assert not at.exception
    assert at.text_input(key="lt-barajamos-hand-1").value == "8e 1c 2c 3c 5o 5b 8o"


def test_layoff_table_too_many_opponents_in_the_url() -> None:
    opps = [f"{r}o {r}c {r}e" for r in (1, 2, 3, 4)]
    at = open_page(LAYOFFS, rules="fournier", closer=CLOSER, opp=opps)
    assert not at.exception
    assert any("4 opponents" in w.value and "1 to 3 opponents" in w.value for w in at.warning)
    assert at.slider(key="lt-fournier-n").value == 3


def test_layoff_table_seats_at_most_five_opponents() -> None:
    at = open_page(LAYOFFS, rules="jeux-de-cartes")
    assert at.slider(key="lt-jeux-de-cartes-n").max == 5
