"""The engine: what one hand is. Cards, rules, melds, the exact solver, draws, lay-offs,
scoring and odds, with the memo and errors they share.

Pure Python: nothing here imports Streamlit, a database, the page models or the game
(:mod:`chinchon.game`, which is built on this package).
"""
