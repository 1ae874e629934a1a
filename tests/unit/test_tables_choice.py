"""A closer at a table with people chooses what he shows, as on the Play page: the choices come
from his own view (``chinchon.views.tables.closing_options``, the Play page's choices), the
table writes the one he picked and the end of the hand follows it.

The deal is the Play page's (ludoteka, seed 139; ``tests/pages/test_page_play_choice.py``): its moves
are replayed at a table of two people whose seed is set to it.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import update

from chinchon.engine.cards import Card
from chinchon.game import closing
from chinchon.game.actions import Discard
from chinchon.store.rows.tables import Made
from chinchon.store.store import Store
from chinchon.store.table_schema import PlayTable
from chinchon.store.tables import Tables
from chinchon.views import play as play_model
from chinchon.views import seat_coach
from chinchon.views import tables as vt
from tests.pages.test_page_play_choice import BEFORE_CLOSE, setup


def table_at_the_close(tables: Tables) -> tuple[Made, Card]:
    """A table of two people (seed 139) at seat 0's discard where he may close with a card
    that shows two ways: the Play page's moves, played through the table's door."""
    game = play_model.load(setup(), BEFORE_CLOSE).catch_up()
    best = seat_coach.hint(game.state)[0]
    assert isinstance(best, Discard) and best.close
    made = tables.create("ludoteka", {}, ["person", "person"])
    with tables.store.engine.begin() as connection:
        connection.execute(update(PlayTable).where(PlayTable.id == made.table).values(seed=139))
    for seat, key in made.keys.items():
        tables.sit(made.table, seat, key)
    for state, action in zip(game.states, game.actions, strict=False):
        tables.play(made.table, state.turn, made.keys[state.turn], action,
                    tables.version(made.table))
    assert tables.page(made.table, 0, made.keys[0]).view.hand == game.state.hands[0]
    return made, best.card


def test_the_closer_at_a_table_picks_what_he_shows(tmp_path: Path) -> None:
    tables = Tables(Store(f"sqlite:///{tmp_path}/choice.db"), pace=3600.0, away=3600.0)
    made, card = table_at_the_close(tables)
    game = play_model.load(setup(), BEFORE_CLOSE).catch_up()
    page = tables.page(made.table, 0, made.keys[0])
    options = vt.closing_options(page.view, card)
    assert options == closing.choices_in(game.state, card) and len(options) == 2
    assert all(vt.closing_options(page.view, c) == () for c in page.view.hand
               if Discard(c, True) not in page.view.legal)
    assert vt.closing_options(tables.page(made.table, 1, made.keys[1]).view, card) == ()
    tables.play(made.table, 0, made.keys[0], Discard(card, close=True, shown=options[1]),
                page.info.version)
    after = tables.page(made.table, 0, made.keys[0]).view
    assert after.results[-1].end.players[0].melds == options[1].melds
    assert after.results[-1].end.players[0].melds != options[0].melds


def test_a_seat_sees_the_points_each_throw_keeps_as_on_the_play_page(tmp_path: Path) -> None:
    tables = Tables(Store(f"sqlite:///{tmp_path}/keep.db"), pace=3600.0, away=3600.0)
    made, _ = table_at_the_close(tables)
    game = play_model.load(setup(), BEFORE_CLOSE).catch_up()
    keep = vt.keep_points(tables.page(made.table, 0, made.keys[0]).view)
    assert keep == play_model.keep_points(game) and len(set(keep.values())) > 1
    assert vt.keep_points(tables.page(made.table, 1, made.keys[1]).view) == {}
