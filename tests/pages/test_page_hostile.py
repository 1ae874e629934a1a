"""Hostile page input under AppTest (issue 14, items 2, 4, 7 and 8): a stale address on a
rerun, tampered component values, over-long and rewritable URL values."""

from __future__ import annotations

from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.support.pages import open_page
from webui.card_buttons import parse_click
from webui.url_state import MAX_URL_VALUE, literal

LAB = "pages/2_Hand_lab.py"
LAYOFFS = "pages/3_Layoff_table.py"
PUZZLES = "pages/5_Puzzles.py"
TEXT = 'key="hl_hand_box"'


def test_a_stale_address_on_a_rerun_does_not_undo_the_session() -> None:
    at = open_page(LAB, hand="1o 2o 3o", rules="barajamos", lang="en")
    at.text_input(key="hl_hand_box").set_value("7o 7c 7b 9e 10e 11e 4o").run()
    assert at.query_params["hand"] == "7o 7c 7b 9e 10e 11e 4o"
    # The browser had not yet taken the new address when the next rerun left it.
    at.query_params["hand"] = "1o 2o 3o"
    at.query_params["rules"] = "fournier"
    at.run()
    assert not at.exception
    assert at.text_input(key="hl_hand_box").value == "7o 7c 7b 9e 10e 11e 4o"
    assert at.query_params["hand"] == "7o 7c 7b 9e 10e 11e 4o"
    assert at.query_params["rules"] == "barajamos"


def test_a_navigation_still_reads_the_address() -> None:
    at = open_page(LAB, hand="1o 2o 3o", rules="barajamos", lang="en")
    at.switch_page("app.py").run()
    at.query_params.clear()
    at.query_params.update({"hand": "3c 4c 5c 6c 6o 6e 1b", "rules": "fournier", "lang": "es"})
    at.switch_page(LAB).run()
    assert not at.exception
    assert at.text_input(key="hl_hand_box").value == "3c 4c 5c 6c 6o 6e 1b"
    assert at.sidebar.selectbox[1].value == "fournier"


@pytest.mark.parametrize(("state", "expected"), [
    ({"clicked": "7o"}, ("7o", None)),
    (None, (None, None)),
    ({}, (None, None)),
    ({"clicked": None}, (None, None)),
    ({"clicked": "8o"}, (None, "8o")),  # a card the 40-card deck does not offer
    ({"clicked": "99z"}, (None, "99z")),
    ({"clicked": "<img src=x onerror=alert(1)>"}, (None, "<img src=x onerror=alert(1)>")),
    ({"clicked": 7}, (None, 7)),
    ({"clicked": ["7o"]}, (None, ["7o"])),
    ({"clicked": {"code": "7o"}}, (None, {"code": "7o"})),
    ({"clicked": "7o " * 10_000}, (None, "7o " * 10_000)),
    ("7o", (None, "7o")),
    ([1, 2], (None, [1, 2])),
])
def test_parse_click_accepts_only_offered_codes(state: Any, expected: tuple[Any, Any]) -> None:
    assert parse_click(state, {"7o", "7c", "JK"}) == expected


def _tampered_click_script() -> None:
    import streamlit as st

    from webui.card_buttons import clicked_card

    st.session_state["lang"] = "es"
    st.session_state["_pick_offered"] = (frozenset({"7o"}), frozenset())
    for value in ("99z", "<b>x</b>", 12, ["7o"], "7o" * 5000, ":material/home:"):
        st.session_state["pick"] = {"clicked": value}
        assert clicked_card("pick") is None
    st.session_state["pick"] = {"clicked": "7o"}
    assert clicked_card("pick") == "7o"


def test_a_tampered_click_is_a_named_warning_in_the_page_language() -> None:
    # A first run imports the component and the library: give it time on a busy machine.
    at = AppTest.from_function(_tampered_click_script, default_timeout=60).run()
    assert not at.exception
    warnings = [w.value for w in at.warning]
    assert len(warnings) == 6
    assert all(w.startswith("La página recibió una carta que no ofrecía") for w in warnings)
    assert "`99z`" in warnings[0] and "`<b>x</b>`" in warnings[1]
    assert "…" in warnings[4] and len(warnings[4]) < 200
    assert "\\:`material/home:`" in warnings[5]


@pytest.mark.parametrize(("page", "name"), [(LAB, "hand"), (LAB, "table"), (LAYOFFS, "closer"),
                                            (PUZZLES, "puzzle"), (LAB, "rules")])
def test_an_over_long_url_value_is_refused_with_a_named_warning(page: str, name: str) -> None:
    value = "7o+" * (MAX_URL_VALUE // 3 + 10)
    at = open_page(page, **{"rules": "barajamos", "lang": "en", name: value})
    assert not at.exception
    warnings = [w.value for w in at.warning]
    assert any(f"`{name}` is {len(value):,} characters long" in w and "…" in w
               for w in warnings), warnings
    assert all(len(w) < 400 for w in warnings)


def test_literal_keeps_the_value_as_given() -> None:
    assert literal(":material/home:") == "\\:`material/home:`"
    assert literal("`") == "`` ` ``"
    assert literal("a\nb") == "`a\\nb`"
    assert literal("x" * 100).endswith("…`")
    assert literal("") == "“”"
