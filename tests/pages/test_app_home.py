"""The home page under AppTest: runs cleanly, follows the URL, warns about bad values."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.support.pages import APP, open_page


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


# --- The first screen: what a newcomer can do first, where a learner left off ---------------


def _links(at: AppTest) -> list:
    return [link.proto for link in at.get("page_link")]


def test_the_first_screen_opens_four_doors_before_anything_else() -> None:
    at = _run(lang="en", rules="fournier")
    assert not at.exception
    first = [link for link in _links(at) if link.label.startswith("**")][:4]
    assert [(link.label, link.page) for link in first] == [
        ("**Learn the rules**", "Rules_tour"), ("**Solve a puzzle**", "Puzzles"),
        ("**Play a game**", "Play"), ("**Show a hand**", "Hand_lab")]
    assert all("rules=fournier" in link.query_string and "lang=en" in link.query_string
               for link in first)
    assert "teacher=1" in first[3].query_string  # the teacher's projector mode
    # They come before the sample hand and what the game is.
    body = [str(h.value) for h in at.get("subheader")]
    assert body.index("Where to start") < body.index("A hand ready to close")
    assert "Where you left off" not in _texts(at)  # a newcomer has nothing to go back to


def _as_learner(learner_id: str, **query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["progress_learner"] = learner_id  # what the browser's cookie says
    for key, value in query.items():
        at.query_params[key] = value
    return at.run()


def test_a_returning_learner_sees_his_rating_and_his_misses_first() -> None:
    import os

    from chinchon.puzzles import pool
    from chinchon.store.rows.attempts import Attempt
    from chinchon.store.store import Store

    store = Store(os.environ["CHINCHON_DB_URL"])
    learner = store.new_learner()
    ids = [p.id for p in pool("barajamos")[:3]]
    for n, puzzle_id in enumerate(ids):  # the second one missed
        store.record_attempt(Attempt.new(learner, puzzle_id, "barajamos", "1o", n != 1,
                                         difficulty="easy"))
    at = _as_learner(learner, lang="en", rules="barajamos")
    assert not at.exception
    rating = store.learner_ratings(learner)["barajamos"].rating
    assert rating.provisional
    (metric,) = at.metric
    assert (metric.label, metric.value) == ("Puzzle rating (provisional)", f"{rating.rating:.0f}")
    assert "1 missed puzzle is waiting for another try." in _texts(at)
    subheads = [str(h.value) for h in at.get("subheader")]
    assert subheads.index("Where you left off") < subheads.index("Where to start")
    next(b for b in at.button if b.key == "home_retry_misses").click().run()
    assert not at.exception
    assert at.query_params["puzzle"] == ids[1]  # the Puzzles page, on the miss


def test_a_game_in_progress_is_offered_to_continue() -> None:
    at = _run(lang="en")
    at.query_params.clear()
    for key, value in {"lang": "en", "rules": "barajamos", "seats": "greedy,greedy",
                       "seed": "7"}.items():
        at.query_params[key] = value
    at.switch_page("pages/9_Play.py").run()
    assert not at.exception
    game = at.session_state["play_game"]
    at.switch_page(APP).run()
    assert not at.exception
    assert f"Your game in progress: your total is {game.state.totals[0]}." in _texts(at)
    (link,) = [link for link in _links(at) if link.label == "**Continue the game**"]
    assert link.page == "Play" and "seed=7" in link.query_string


def test_a_game_left_unfinished_is_offered_after_the_session_is_gone() -> None:
    """A reload or another visit: the session's game is gone, the store's row of it is not."""
    import os
    from urllib.parse import parse_qs

    from chinchon.store.rows.played import Played
    from chinchon.store.store import Store
    from chinchon.views import play as play_model

    store = Store(os.environ["CHINCHON_DB_URL"])
    learner = store.new_learner()
    setup = play_model.parse_setup("barajamos", {}, "greedy,greedy", "11")
    game = play_model.load(setup, "").catch_up()
    row = Played.new(learner, setup.rules.id, setup.query(), setup.check, seats=3, origin="new")
    store.save_played(row.moved(game.code(), len(game.actions)))
    at = _as_learner(learner, lang="en", rules="barajamos")
    assert not at.exception
    assert f"Your game in progress: your total is {game.state.totals[0]}." in _texts(at)
    (link,) = [link for link in _links(at) if link.label == "**Continue the game**"]
    values = parse_qs(link.query_string)
    assert (values["seed"], values["check"]) == (["11"], [setup.check])
