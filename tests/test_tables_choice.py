"""A closer at a table with people chooses what he shows, as on the Play page: the choices come
from his own view (``chinchon.views.tables.closing_options``, the Play page's choices), the
table writes the one he picked and the end of the hand follows it.

The deal is the Play page's (ludoteka, seed 139; ``tests/test_page_play_choice.py``): its moves
are replayed at a table of two people whose seed is set to it.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import update

from chinchon.game.actions import Discard
from chinchon.store import Store
from chinchon.store.table_schema import PlayTable
from chinchon.store.tables import Tables
from chinchon.views import table as tb
from chinchon.views import tables as vt
from tests.test_page_play_choice import BEFORE_CLOSE, setup


def test_the_closer_at_a_table_picks_what_he_shows(tmp_path: Path) -> None:
    game = tb.load(setup(), BEFORE_CLOSE).catch_up()
    card = tb.hint(game.state)[0].card  # type: ignore[union-attr]
    tables = Tables(Store(f"sqlite:///{tmp_path}/choice.db"), pace=3600.0, away=3600.0)
    made = tables.create("ludoteka", {}, ["person", "person"])
    with tables.store.engine.begin() as connection:
        connection.execute(update(PlayTable).where(PlayTable.id == made.table).values(seed=139))
    for seat, key in made.keys.items():
        tables.sit(made.table, seat, key)
    for state, action in zip(game.states, game.actions, strict=False):
        tables.play(made.table, state.turn, made.keys[state.turn], action,
                    tables.version(made.table))
    page = tables.page(made.table, 0, made.keys[0])
    assert page.view.hand == game.state.hands[0]
    options = vt.closing_options(page.view, card)
    assert options == tb.closing_options(game.state, card) and len(options) == 2
    others = [c for c in page.view.hand if c != card]
    assert all(vt.closing_options(page.view, c) == () for c in others
               if Discard(c, True) not in page.view.legal)
    assert vt.closing_options(tables.page(made.table, 1, made.keys[1]).view, card) == ()
    tables.play(made.table, 0, made.keys[0], Discard(card, close=True, shown=options[1]),
                page.info.version)
    after = tables.page(made.table, 0, made.keys[0]).view
    assert after.results[-1].end.players[0].melds == options[1].melds
    assert after.results[-1].end.players[0].melds != options[0].melds
