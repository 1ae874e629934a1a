"""Ratings that every layer may use: Glicko-2 (:mod:`chinchon.ratings.glicko2`), pure
functions that import nothing else of the package (the puzzles' ratings in the store and the
bots' ladder in the game both rate with it)."""
