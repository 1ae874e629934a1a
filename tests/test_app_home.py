"""The home page under AppTest: runs cleanly, follows the URL, warns about bad values."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages import APP, open_page


def _run(**query: str) -> AppTest:
    return open_page(**query)


def _texts(at: AppTest) -> str:
    parts = [e.value for kind in ("title", "header", "subheader", "markdown", "caption")
             for e in at.get(kind)]  # fmt: skip
    return "\n".join(str(p) for p in parts)


def test_home_runs_in_english_by_default() -> None:
    at = _run()
    assert not at.exception
    assert at.title[0].value == "Chinchón Lab"
    assert "What is Chinchón?" in _texts(at)
    assert not at.warning
    assert at.query_params == {"lang": "en", "rules": "barajamos"}
    html = at.get("html")
    assert html and 'src="app/static/cards/en/11c.svg"' in html[0].proto.body


@pytest.mark.parametrize(
    ("lang", "heading"),
    [("es", "¿Qué es el chinchón?"), ("fr", "Qu'est-ce que le chinchón ?"),
     ("pt", "O que é o chinchón?")],
)  # fmt: skip
def test_lang_query_param(lang: str, heading: str) -> None:
    at = _run(lang=lang)
    assert not at.exception
    assert heading in _texts(at)
    assert at.sidebar.selectbox[0].value == lang


def test_browser_locale_when_url_is_silent() -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    at.context["locale"] = "pt-BR"
    at.run()
    assert "O que é o chinchón?" in _texts(at)
    assert at.query_params["lang"] == "pt"


def test_bad_values_warn_and_fall_back() -> None:
    at = _run(lang="xx", rules="nope")
    assert not at.exception
    warnings = [w.value for w in at.warning]
    assert any("xx" in w for w in warnings), warnings
    assert any("nope" in w for w in warnings), warnings
    assert at.query_params == {"lang": "en", "rules": "barajamos"}


def test_url_value_is_quoted_as_code_not_markup() -> None:
    at = _run(lang="<img src=x>`")
    assert not at.exception
    assert "`` <img src=x>` ``" in at.warning[0].value  # the backtick kept, inside the code


def test_rules_query_param_selects_profile() -> None:
    at = _run(rules="ludoteka", lang="es")
    assert at.sidebar.selectbox[1].value == "ludoteka"
    assert "**Ludoteka** — *tu elección actual*" in _texts(at)


def test_sidebar_changes_reach_the_url_and_the_page() -> None:
    at = _run(lang="en")
    at.sidebar.selectbox[0].select("fr").run()
    assert not at.exception
    assert at.query_params["lang"] == "fr"
    assert "Qu'est-ce que le chinchón ?" in _texts(at)
    at.sidebar.selectbox[1].select("fournier").run()
    assert at.query_params == {"lang": "fr", "rules": "fournier"}
    assert at.session_state["rules"] == "fournier"


def test_sidebar_links_are_translated_and_carry_the_state() -> None:
    at = _run(lang="pt", rules="fournier")
    links = at.sidebar.get("page_link")
    assert links and links[0].proto.label == "Início"
    for link in links:
        assert link.proto.query_string == "lang=pt&rules=fournier"
