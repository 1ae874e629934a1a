"""The played games a teacher may turn into class work (a lesson, an assignment), as the
form's choices name them; which games they are is
:func:`chinchon.services.classes.class_games`."""

from __future__ import annotations

from chinchon.services import classes as service
from chinchon.store.classes import Classes
from chinchon.store.rows.classes import ClassInfo
from chinchon.store.rows.played import Played
from chinchon.views.i18n import fmt_date
from webui import progress
from webui.class_common import tr


def class_games(book: Classes, info: ClassInfo, key: str, *, profile: str | None = None
                ) -> dict[str, tuple[str, Played]]:
    """The games work may be made from: this browser's learner's (the teacher's) and the
    students' since they joined, newest first; only those of the ``profile`` when given."""
    return service.class_games(book, info.id, key, progress.learner(), profile=profile)


def game_name(choice: tuple[str, Played], lang: str) -> str:
    nickname, game = choice
    when = fmt_date(game.updated_at.date(), lang, "short")
    who = nickname or tr("lesson.my_game", lang)
    return tr("lesson.game_name", lang, who=who, date=when, rules=game.rules_id,
              moves=game.actions)
