"""The game: a whole game of Chinchón as a state machine, and who plays it.

Built on :mod:`chinchon.engine` (what one hand is), which never imports this package.

- :mod:`~chinchon.game.actions`: the actions and their notation;
- :mod:`~chinchon.game.state`: the state machine (``new_game``, ``legal_actions``, ``apply``);
- :mod:`~chinchon.game.closing`: the closer's choice of arrangement;
- :mod:`~chinchon.game.seat_view`: what one seat may know;
- :mod:`~chinchon.game.bots`, :mod:`~chinchon.game.expert`, :mod:`~chinchon.game.waiting`:
  the bots; :mod:`~chinchon.game.players` seats them and plays whole games;
- :mod:`~chinchon.game.match`: duplicate matches among bots;
- :mod:`~chinchon.game.records`, :mod:`~chinchon.game.record_replay`: a game's record and its
  checking replay; :mod:`~chinchon.game.positions`: decision points taken from games.

Pure Python: nothing here imports Streamlit, a database or the page models.
"""
