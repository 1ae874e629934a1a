"""The old home of the Glicko-2 functions, kept so that ``from chinchon.store.glicko2 import
Rating`` still works: they moved to :mod:`chinchon.ratings.glicko2`, which the game layer (the
bots' ladder) may import too."""

from chinchon.ratings.glicko2 import (
    DEFAULT_RATING,
    DEFAULT_RD,
    DEFAULT_VOLATILITY,
    PROVISIONAL_RD,
    SCALE,
    Rating,
    RatingError,
    duel,
    expected_score,
    idle,
    performance,
    update,
)

__all__ = ["DEFAULT_RATING", "DEFAULT_RD", "DEFAULT_VOLATILITY", "PROVISIONAL_RD", "SCALE",
           "Rating", "RatingError", "duel", "expected_score", "idle", "performance", "update"]
