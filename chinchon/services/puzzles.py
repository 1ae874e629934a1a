"""The Puzzles page without Streamlit: which puzzle comes next (a miss being retried, else one
near the learner's rating), and answering one (judged, the first answer recorded through the
session's outbox, the streak and score kept).

Every function takes the session's state (``st.session_state`` on the site, a dict in tests);
its ``pz_*`` keys are the page's. A shipped puzzle is rated; a position opened from a game
(:data:`chinchon.puzzles.POSITION_ID`) is not.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from sqlalchemy.exc import SQLAlchemyError

from chinchon import puzzles as pz
from chinchon.puzzles.criteria import Solution
from chinchon.ratings import glicko2
from chinchon.services import State, progress
from chinchon.store.rows.attempts import SEED_RATINGS
from chinchon.store.store import Store

#: Rated attempts under a profile before a learner leaves the easy puzzles.
NEW_LEARNER_GAMES = 5
#: The "easier / harder" settings: how far from the learner's rating the next puzzle is aimed.
SHIFTS = {"easier": -300.0, "normal": 0.0, "harder": 300.0}
#: The next puzzle is drawn among this many unplayed puzzles nearest the aim.
NEAREST = 6
#: The session key of the easier / harder setting.
SHIFT_KEY = "progress_shift"
#: The filters' "any theme / any difficulty".
ANY = "any"
#: Key → action: 1–8 a card of the hand, T take, S the stock, H a hint, N the next puzzle.
KEYS = {**{str(n): str(n) for n in range(1, 9)},
        "t": pz.TAKE, "T": pz.TAKE, "s": pz.STOCK, "S": pz.STOCK,
        "h": "hint", "H": "hint", "n": "next", "N": "next"}


class PuzzleLike(Protocol):
    """What the choice of a puzzle needs of ``chinchon.puzzles.Puzzle``."""

    @property
    def id(self) -> str: ...

    @property
    def difficulty(self) -> str: ...

    @property
    def themes(self) -> tuple[str, ...]: ...


def puzzle_rating(puzzle: PuzzleLike, ratings: Mapping[str, glicko2.Rating]) -> float:
    """A puzzle's rating so far, or its seed from the pack's difficulty."""
    known = ratings.get(puzzle.id)
    return known.rating if known else SEED_RATINGS.get(puzzle.difficulty, 1500.0)


def choose_puzzle(candidates: Sequence[PuzzleLike], *, learner: glicko2.Rating | None,
                  games: int, ratings: Mapping[str, glicko2.Rating], played: set[str],
                  current: str | None, rng: random.Random, shift: str = "normal"
                  ) -> PuzzleLike | None:
    """The next puzzle: one of the :data:`NEAREST` unplayed puzzles rated nearest the learner's
    rating moved by ``shift`` (:data:`SHIFTS`); a new learner (fewer than
    :data:`NEW_LEARNER_GAMES` rated attempts) gets easy ones, aimed at the easy seed rating.
    Played puzzles come back only when every one has been played.

    >>> from types import SimpleNamespace as P
    >>> pool = [P(id=f"p{n}", difficulty=d, themes=()) for n, d in enumerate(
    ...     ["hard", "easy", "medium"])]
    >>> choose_puzzle(pool, learner=None, games=0, ratings={}, played=set(), current=None,
    ...               rng=random.Random(1)).id
    'p1'
    >>> choose_puzzle(pool, learner=glicko2.Rating(1900), games=9, ratings={}, played=set(),
    ...               current=None, rng=random.Random(1)).id in {"p0", "p1", "p2"}
    True
    """
    pool = [p for p in candidates if p.id != current] or list(candidates)
    if not pool:
        return None
    new = games < NEW_LEARNER_GAMES
    if new:
        pool = [p for p in pool if p.difficulty == "easy"] or pool
    pool = [p for p in pool if p.id not in played] or pool
    # A new learner's rating says little yet: aim at the easy puzzles' level instead.
    base = SEED_RATINGS["easy"] if new or learner is None else learner.rating
    aim = base + SHIFTS.get(shift, 0.0)
    ties = {p.id: rng.random() for p in pool}  # equally near: any of them, not the first ids
    nearest = sorted(pool, key=lambda p: (abs(puzzle_rating(p, ratings) - aim), ties[p.id]))
    return rng.choice(nearest[:NEAREST])


def next_puzzle(state: State, store: Store | None, candidates: Sequence[pz.Puzzle],
                current: str | None, rules_id: str, options: Mapping[str, int],
                rng: random.Random) -> pz.Puzzle | None:
    """The next puzzle: a miss being retried first; else one near the learner's rating
    (shifted by the easier/harder setting) among ``candidates`` of the sidebar's ``options``;
    a new learner starts on easy ones. While the database is away, from the pack's
    difficulties."""
    queue: list[str] = state.get(progress.MISSES) or []
    shipped = pz.shipped()
    while queue:
        wanted = shipped.get(queue.pop(0))
        if wanted is not None and wanted.id != current:
            return wanted
    pool = [p for p in candidates if dict(p.options) == dict(options)] or list(candidates)
    learner_id = progress.learner(state)
    rating, games, played, ratings = None, 0, set(), {}
    if store is not None:
        try:
            ratings = store.puzzle_ratings([p.id for p in pool])
            if learner_id is not None:
                info = store.learner_ratings(learner_id).get(rules_id)
                if info is not None:
                    rating, games = info.rating, info.games
                played = {a.puzzle_id for a in store.attempts(learner_id, rules_id=rules_id)}
        except SQLAlchemyError:  # choose from the pack's difficulties meanwhile
            pass
    chosen = choose_puzzle(pool, learner=rating, games=games, ratings=ratings, played=played,
                           current=current, rng=rng, shift=state.get(SHIFT_KEY) or "normal")
    return shipped.get(chosen.id) if chosen is not None else None


# --- The puzzle on screen ----------------------------------------------------------------------


def init_counts(state: State) -> None:
    """The session's streak and score start at zero."""
    for name in ("pz_streak", "pz_solved", "pz_played"):
        state.setdefault(name, 0)


def start(state: State, puzzle: pz.Puzzle | None) -> dict[str, str] | None:
    """Show ``puzzle`` from scratch; returns the URL values that name it (its id, or a
    position's cards), None when there is no puzzle (the page says so)."""
    if puzzle is None:
        state["pz_empty"] = True
        return None
    state.update(pz_id=puzzle.id, pz_tried=[], pz_done=False, pz_hint=False, pz_counted=False,
                 pz_last=None, pz_empty=False, pz_daily=None, pz_asking=None, pz_closed=None,
                 pz_tries=0, pz_clean=False, pz_late=False)
    state["pz_position"] = puzzle if puzzle.id == pz.POSITION_ID else None
    if state["pz_position"] is not None:
        return pz.position_query(puzzle.hand, puzzle.top, puzzle.seen, puzzle.criterion)
    return {"puzzle": puzzle.id}


def current(state: State) -> pz.Puzzle | None:
    """The puzzle of the session, if any (a position opened from a game, or a shipped one)."""
    if state.get("pz_id") == pz.POSITION_ID:
        position: pz.Puzzle | None = state.get("pz_position")
        return position
    return pz.shipped().get(state.get("pz_id", ""))


def on_screen(state: State) -> pz.Puzzle:
    """The puzzle being solved: a shipped one, or the position opened from a game."""
    position: pz.Puzzle | None = state.get("pz_position")
    if position is not None and state.get("pz_id") == pz.POSITION_ID:
        return position
    return pz.find_puzzle(state["pz_id"])


def rated(state: State) -> bool:
    """A shipped puzzle counts (streak, score, rating); a position from your game does not."""
    return state.get("pz_id") != pz.POSITION_ID


def candidates(state: State, rules_id: str, options: Mapping[str, int]) -> list[pz.Puzzle]:
    """The puzzles of these rules and options, the filters applied; with no filter on the
    difficulty, the level the player has reached (easy first)."""
    theme, level = state.get("pz_theme", ANY), state.get("pz_level", ANY)
    chosen = pz.pool(rules_id, None if theme == ANY else theme,
                     None if level == ANY else level, options=options)
    reached = pz.level_for(state["pz_solved"])
    if level == ANY and reached is not None:
        chosen = [p for p in chosen if p.difficulty == reached] or chosen
    return chosen


def daily(rules_id: str, options: Mapping[str, int], today: datetime.date) -> pz.Puzzle:
    """The daily puzzle of these rules (of these options when one ships for them)."""
    return pz.daily_puzzle(today, pz.pool(rules_id, options=options) or pz.pool(rules_id))


def can_answer(state: State) -> bool:
    return not state["pz_done"] and not state.get("pz_asking")


@dataclass(frozen=True)
class Answered:
    """What an answer did: its verdict, and whether it was a game's position whose answer the
    page keeps as class work when an assignment holds it (``class_work``)."""

    verdict: str
    class_work: bool = False


def _count(state: State, store: Store | None, answer: str | None, correct: bool) -> None:
    """Record the first answer to the shipped puzzle on screen (before the page says right
    or wrong) and count it as played."""
    progress.record_attempt(state, store, pz.find_puzzle(state["pz_id"]), answer, correct,
                            state["pz_hint"], state.get("pz_daily"))
    state["pz_counted"], state["pz_played"] = True, state["pz_played"] + 1


def answer(state: State, store: Store | None, solution: Solution, move: str) -> Answered:
    """Answer the puzzle on screen (``solution``: its solution as the table plays it) with
    ``move``: judged; the first answer scores (a hint already cost the streak)."""
    verdict = pz.judge(solution, move)
    state["pz_tries"] = state.get("pz_tries", 0) + 1
    state["pz_late"] = state["pz_counted"]  # the rating already has this puzzle's first answer
    class_work = False
    if not state["pz_counted"] and not rated(state):
        state["pz_counted"], class_work = True, True
    if not state["pz_counted"]:
        _count(state, store, move, verdict == "right")
        good = verdict == "right" and not state["pz_hint"]
        state["pz_clean"] = good  # what the rating counts: solved at the first try, no hint
        state["pz_solved"] += good
        state["pz_streak"] = state["pz_streak"] + 1 if good else 0
    if verdict == "wrong":
        state["pz_tried"] = [*state["pz_tried"], move]
    elif pz.offers_close(solution, move):
        state["pz_asking"] = move  # the second question: close now?
    else:
        state["pz_done"] = True
    state["pz_last"] = (verdict, move)
    return Answered(verdict, class_work)


def answer_close(state: State, close: bool) -> None:
    """The second question's answer: close now, or not."""
    state.update(pz_closed=close, pz_asking=None, pz_done=True)


def give_hint(state: State) -> None:
    """A hint: two moves, one right; it costs the streak."""
    state["pz_hint"], state["pz_streak"] = True, 0


def reveal(state: State, store: Store | None) -> bool:
    """Show the solution (a try spent, the streak lost); True when the puzzle is a game's
    position whose answer the page keeps as class work."""
    class_work = False
    if not state["pz_counted"] and rated(state):
        _count(state, store, None, False)
    elif not state["pz_counted"]:
        state["pz_counted"], class_work = True, True
    state["pz_tries"] = state.get("pz_tries", 0) + 1  # seeing the solution spends a try
    state.update(pz_done=True, pz_streak=0, pz_last=None, pz_asking=None)
    return class_work


def retry(state: State) -> None:
    """The same puzzle again, from scratch (it no longer counts)."""
    state.update(pz_tried=[], pz_done=False, pz_last=None, pz_hint=False, pz_asking=None,
                 pz_closed=None)


def shown_hand(state: State, puzzle: pz.Puzzle) -> list[str]:
    """The hand's codes in the order the page lays them out (what the number keys count)."""
    order = pz.number_order if state.get("pz_by_number") else pz.card_order
    return [card.code() for card in sorted(puzzle.hand, key=order)]


def key_move(state: State, puzzle: pz.Puzzle, action: str) -> str | None:
    """The move a key of :data:`KEYS` makes on ``puzzle`` (take, draw, a card by its place),
    None when it makes none now."""
    if not can_answer(state):
        return None
    if puzzle.question == "take" and action in (pz.TAKE, pz.STOCK):
        return action
    if puzzle.question == "discard" and action.isdigit():
        shown = shown_hand(state, puzzle)
        if 1 <= int(action) <= len(shown):
            return shown[int(action) - 1]
    return None

