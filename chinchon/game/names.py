"""The names of the bots a table offers, weakest first, in a module of their own: the command
line's help lists them without loading the game (:mod:`chinchon.game.players` makes them)."""

#: The bots a table offers. The six between random and greedy slip (:mod:`chinchon.game.levels`).
BOT_NAMES = ("random", "beginner", "apprentice", "casual", "regular", "skilled", "steady",
             "greedy", "expert", "master")
#: Made by name for matches only: the expert before he weighed waiting for −10.
MATCH_ONLY = ("expert-nowait",)
#: A seat at a table with people: taken by a person, or by a bot of one of these levels.
PERSON = "person"
SEAT_KINDS = (PERSON, *BOT_NAMES)
#: Master's budget per decision, in milliseconds, at the Play page, at tables and by default on
#: the command line (``--think``).
DEFAULT_THINK_MS = 300
