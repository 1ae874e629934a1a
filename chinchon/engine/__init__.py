"""The engine: cards, rules, melds, the exact solver, draws, lay-offs, scoring and odds.

Pure Python: nothing here imports Streamlit, a database or the page models.
"""
