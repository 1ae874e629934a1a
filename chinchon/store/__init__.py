"""The database side of Chinchón Lab: learners, puzzle attempts, ratings, games, tables
with people (:mod:`chinchon.store.tables`).

The engine never imports this package; pages reach it through ``webui/progress.py`` and the
command line through ``python -m chinchon db upgrade``. See :mod:`chinchon.store.store` for
the store itself, :mod:`chinchon.ratings.glicko2` for the ratings and
:mod:`chinchon.store.progress` for what the progress page computes from the rows.
"""

from chinchon.ratings.glicko2 import Rating, RatingError
from chinchon.store.class_lessons import Lesson, LessonHand, Lessons
from chinchon.store.class_live import LiveQuestions
from chinchon.store.classes import ClassError, Classes
from chinchon.store.database import (
    DEFAULT_PATH,
    ENV_VAR,
    DatabaseUrlError,
    database_url,
    make_engine,
    upgrade,
)
from chinchon.store.played import PlayedError
from chinchon.store.store import (
    Attempt,
    AttemptError,
    GameRecord,
    LearnerError,
    LearnerRatingInfo,
    Recorded,
    Store,
    TransferCodeError,
    UnknownLearner,
    check_learner_id,
)
from chinchon.store.table_schema import PlaySeat, PlayTable  # noqa: F401  (in Base.metadata)

__all__ = [
    "DEFAULT_PATH", "ENV_VAR", "Attempt", "AttemptError", "ClassError", "Classes",
    "DatabaseUrlError", "GameRecord", "LearnerError", "LearnerRatingInfo", "Lesson", "LessonHand",
    "Lessons", "LiveQuestions",
    "PlayedError", "Rating", "RatingError", "Recorded", "Store", "TransferCodeError",
    "UnknownLearner", "check_learner_id", "database_url", "make_engine", "upgrade",
]
