"""The Play page's games in the store (issue 23): a game counts only when this learner plays it.

A game becomes the learner's when he deals it on the page's form, or makes the first move of a
deal opened from an address at its start. From then on each of his moves is written
(:func:`moved`, before the page shows it; while the database is away it waits in the session's
outbox) and the finished game is kept with its result and accuracy (:func:`finished`). An
address that opens a game under way is a replay: he may watch it and play on, but it never
counts; a game whose hands were ever shown face up (the teacher's switch) never counts either.
A reload finds his own game again in the store (same deal, his moves).

Session keys start with ``played_``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlencode

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from chinchon.store.played import Played
from chinchon.views import coach, seat_coach
from chinchon.views import play as play_model
from chinchon.views.i18n import t
from webui import progress

S = st.session_state
_OWN = "played_game"  # the session's game as stored, when it is this learner's (else None)
_FRESH = "played_fresh"  # a deal opened at its start: his once he makes a move
_REPLAY = "played_replay"  # opened from an address under way: never counts


def address(setup: play_model.Setup, moves: str) -> str:
    """The Play page's address that opens this game (at ``moves``), with the deal's check."""
    return "/Play?" + urlencode({**setup.query(), "moves": moves, "check": setup.check})


def own() -> Played | None:
    found: Played | None = S.get(_OWN)
    return found


def started(game: play_model.Game, *, origin: str = "new", face_up: bool = False) -> None:
    """The learner starts ``game`` here: a row for it, written now."""
    setup = game.setup
    row = Played.new(progress.learner_or_new(), setup.rules.id, setup.query(), setup.check,
                     seats=len(setup.names), seat=seat_coach.HUMAN, origin=origin)
    S.update({_FRESH: False, _REPLAY: False})
    _write(row.moved(game.code(), len(game.actions), teacher=face_up))


def moved(game: play_model.Game, face_up: bool) -> None:
    """After each of the learner's moves (and a take-back): write the game's moves, before
    the page says anything. The first move of a deal opened at its start makes it his."""
    row = own()
    if row is None:
        if S.get(_FRESH) and game.last_human_action() is not None:
            started(game, origin="link", face_up=face_up)
        return
    code = game.code()
    if row.moves != code or (face_up and not row.teacher):
        _write(row.moved(code, len(game.actions), teacher=face_up))


def finished(game: play_model.Game, face_up: bool) -> None:
    """The game is over (after its review has graded every decision): keep its result and
    the accuracy, once. Nothing for a replay."""
    row = own()
    if row is None or row.finished or not game.over:
        return
    verdicts = S.get("play_verdicts") or {}
    graded = [verdicts[i] for i in play_model.decisions(game, None) if i in verdicts]
    accuracy = coach.review(graded).accuracy if graded else None
    state = game.state
    _write(row.finish(game.code(), len(game.actions),
                      {"winner": state.winner, "totals": list(state.totals)},
                      float(accuracy) if accuracy is not None else None, teacher=face_up))


def watch_face_up(face_up: bool) -> None:
    """The hands shown face up during his game: it will not count (written at once)."""
    row = own()
    if face_up and row is not None and not row.teacher:
        _write(row.moved(row.moves, row.actions, teacher=True))


def table_game(table: int, seat: int, key: str, rules_id: str, seats: int, actions: int,
               result: Mapping[str, Any], accuracy: float | None) -> None:
    """A finished game of a table with people, played at this learner's seat: it counts (the
    table's moves were made on the server, each by the seat that made it)."""
    row = Played.new(progress.learner_or_new(), rules_id,
                     {"table": str(table), "seat": str(seat), "key": key}, f"table{table}",
                     seats=seats, origin="table", seat=seat)
    progress.outbox().add_played(row.finish("", actions, result, accuracy))
    progress.flush()


def _write(row: Played) -> None:
    S[_OWN] = row
    progress.outbox().add_played(row)
    progress.flush()


def arrived(game: play_model.Game) -> None:
    """A game arrives from the address (a reload, a link, the browser's back or forward):
    his when the session or the store holds it with his moves; a deal at its start becomes
    his at his first move; anything else is a replay."""
    row = own()
    if row is None or row.deal != game.setup.check or not _his_line(game, row.moves):
        row = _stored(game)
    S.update({_OWN: row, _FRESH: row is None and game.last_human_action() is None})
    S[_REPLAY] = row is None and not S[_FRESH]


def _stored(game: play_model.Game) -> Played | None:
    learner_id, opened = progress.learner(), progress.store()
    if learner_id is None or opened is None:
        return None
    try:
        rows = opened.played_of_deal(learner_id, game.setup.check)
    except (SQLAlchemyError, ValueError):  # away, or not a learner here: not his
        return None
    return next((r for r in rows if _his_line(game, r.moves)), None)


def _his_line(game: play_model.Game, moves: str) -> bool:
    """Whether ``game`` follows the moves he made (``moves``, as stored): the same actions as
    far as both go, and beyond his only the bots' (which the deal and his moves decide). A
    shorter game is his too: the browser's Back, or a take-back."""
    try:
        mine = play_model.load(game.setup, moves)
    except play_model.SetupError:
        return False
    common = min(len(mine.actions), len(game.actions))
    if mine.actions[:common] != game.actions[:common]:
        return False
    return all(game.states[i].turn != seat_coach.HUMAN for i in range(common, len(game.actions)))


def forget() -> None:
    """A new game (the setup form) is nobody's yet."""
    S.update({_OWN: None, _FRESH: False, _REPLAY: False})


def notice(game: play_model.Game, face_up: bool, lang: str, restart: Callable[..., None]) -> None:
    """Say when the game on screen will not count: a replay (with "Play this deal from the
    start", ``restart`` its callback) or hands shown face up."""
    row = own()
    if S.get(_REPLAY):
        st.info(t("played.replay", lang), icon=":material/replay:")
        st.button(t("played.from_start", lang), on_click=restart, args=(game.setup,),
                  kwargs={"origin": "link"}, icon=":material/restart_alt:",
                  key="played_from_start")
    elif face_up or (row is not None and row.teacher):
        st.caption(t("played.face_up", lang))
