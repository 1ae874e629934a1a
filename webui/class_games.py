"""The played games a teacher may turn into class work (a lesson, an assignment): his own Play
games and his students' since they joined, and the coach's mistakes of one of them."""

from __future__ import annotations

from chinchon.engine.cards import Card
from chinchon.store.classes import Classes
from chinchon.store.played import Played
from chinchon.store.rows.classes import ClassInfo
from chinchon.views.i18n import fmt_date
from chinchon.views.mistakes import game_of, mistake_hands, mistake_links
from webui import progress
from webui.class_common import tr


def class_games(book: Classes, info: ClassInfo, key: str, *, profile: str | None = None
                ) -> dict[str, tuple[str, Played]]:
    """The games work may be made from: the teacher's own Play games (this browser's
    learner) and his students' since they joined, each with who played it (the teacher: an
    empty name), newest first; only those of the ``profile`` when given."""
    found: dict[str, tuple[str, Played]] = {}
    mine = progress.learner()
    if mine is not None:
        found.update({g.id: ("", g) for g in book.store.played_games(mine)
                      if g.actions and g.seat == 0})
    for member, games in book.members_games(info.id, key):
        found.update({g.id: (member.nickname, g) for g in games if g.seat == 0})
    if profile is not None:
        found = {k: v for k, v in found.items() if v[1].rules_id.split("+")[0] == profile}
    return dict(sorted(found.items(), key=lambda item: item[1][1].updated_at, reverse=True))


def game_name(choice: tuple[str, Played], lang: str) -> str:
    nickname, game = choice
    when = fmt_date(game.updated_at.date(), lang, "short")
    who = nickname or tr("lesson.my_game", lang)
    return tr("lesson.game_name", lang, who=who, date=when, rules=game.rules_id,
              moves=game.actions)


def game_mistakes(game: Played) -> tuple[tuple[Card, ...], ...]:
    """The eight cards before each throw of ``game`` the coach grades a mistake or worse;
    ``ValueError`` when the game can no longer be replayed."""
    return mistake_hands(game_of(game.setup, game.moves))


def game_mistake_links(game: Played) -> tuple[dict[str, str], ...]:
    """Those mistakes as the Puzzles page's link values (rules, cards held and seen);
    ``ValueError`` when the game can no longer be replayed."""
    return mistake_links(game_of(game.setup, game.moves))
