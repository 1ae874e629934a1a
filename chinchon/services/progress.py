"""A learner's progress as a session holds it, without Streamlit: who the learner is, the
:class:`Outbox` of what the database has not taken yet, recording an answer, his ratings and
figures, and "continue on another device" / "forget me".

Every function takes the session's state (a mutable mapping: ``st.session_state`` on the site,
a dict in tests) and the store (None while the database is away). The keys are the site's
session keys, which the pages and their tests read.

>>> state: dict = {}
>>> learner_or_new(state) == state[LEARNER] and outbox(state).learners == [state[LEARNER]]
True
"""

from __future__ import annotations

import datetime
import time
import uuid
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace

from sqlalchemy.exc import SQLAlchemyError

from chinchon import puzzles as pz
from chinchon.services import State
from chinchon.store.rows.attempts import Attempt, LearnerRatingInfo, Recorded
from chinchon.store.rows.played import Played
from chinchon.store.store import (
    GameRecord,
    LearnerError,
    Store,
    TransferCodeError,
    UnknownLearner,
    check_learner_id,
)
from chinchon.views.progress import daily_done, streak

LEARNER = "progress_learner"  # the learner id of this session (None: none yet)
CLEAR = "progress_clear_cookie"  # the cookie holds an id we refused: delete it
NOTICE = "progress_notice"  # (kind, id as typed) of a refused cookie, shown once
OUTBOX = "progress_outbox"
LAST = "progress_last"  # the latest Recorded of this session
SHOWN = "progress_shown"  # (puzzle id, monotonic time) of the puzzle being timed
MISSES = "progress_misses"  # puzzle ids still to retry, in order
COUNTED = "progress_counts_restored"
CODE = "progress_code"  # the transfer code made in this session


@dataclass
class Outbox:
    """Attempts, games (and learners minted by the page) not written yet, in order. A session
    keeps one: :meth:`flush` writes what it can and keeps the rest for the next try, so a
    database that is down or full loses nothing while the session lives."""

    learners: list[str] = field(default_factory=list)
    attempts: list[Attempt] = field(default_factory=list)
    games: list[GameRecord] = field(default_factory=list)
    #: Games of the Play page by id, each at its latest step (a later step replaces one queued).
    played: dict[str, Played] = field(default_factory=dict)
    #: The last database error (its type), None after a flush that wrote everything.
    error: str | None = None
    #: Attempts refused for good (their learner was forgotten, a bad field): not retried.
    refused: list[Attempt] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.attempts) + len(self.games) + len(self.played)

    def add_learner(self, learner_id: str) -> None:
        self.learners.append(learner_id)

    def add(self, attempt: Attempt) -> None:
        self.attempts.append(attempt)

    def add_game(self, game: GameRecord) -> None:
        self.games.append(game)

    def add_played(self, game: Played) -> None:
        queued = self.played.get(game.id)
        if queued is not None and queued.teacher:
            game = replace(game, teacher=True)
        self.played[game.id] = game

    def drop_learner(self, learner_id: str) -> None:
        """Forget everything queued for ``learner_id`` (he was forgotten)."""
        self.attempts = [a for a in self.attempts if a.learner_id != learner_id]
        self.games = [g for g in self.games if g.learner_id != learner_id]
        self.played = {k: g for k, g in self.played.items() if g.learner_id != learner_id}
        self.learners = [x for x in self.learners if x != learner_id]

    def flush(self, store: Store | None, on_written: Callable[[Recorded], None] | None = None
              ) -> list[Recorded]:
        """Write everything in order; stop at the first database error and keep the rest."""
        written: list[Recorded] = []
        if store is None:
            self.error = self.error or "no database"
            return written
        try:
            while self.learners:
                store.new_learner(self.learners[0])
                self.learners.pop(0)
            while self.attempts:
                attempt = self.attempts[0]
                try:
                    recorded = store.record_attempt(attempt)
                except ValueError:  # its learner was forgotten, or a field cannot be stored
                    self.refused.append(self.attempts.pop(0))
                    continue
                self.attempts.pop(0)
                written.append(recorded)
                if on_written is not None:
                    on_written(recorded)
            while self.games:
                try:
                    store.record_game(self.games[0])
                except ValueError:  # its learner was forgotten meanwhile
                    self.games.pop(0)
                    continue
                self.games.pop(0)
            while self.played:
                game = next(iter(self.played.values()))
                with suppress(ValueError):  # its learner was forgotten meanwhile
                    store.save_played(game)
                self.played.pop(game.id)
        except SQLAlchemyError as error:
            self.error = type(error).__name__
            return written
        self.error = None
        return written


# --- Who the learner is ----------------------------------------------------------------------


def outbox(state: State) -> Outbox:
    """The session's outbox (made on first use)."""
    box: Outbox = state.setdefault(OUTBOX, Outbox())
    return box


def learner(state: State) -> str | None:
    """The session's learner id (None: no attempt recorded yet in this browser)."""
    value: str | None = state.get(LEARNER)
    return value


def adopt_cookie(state: State, store: Store | None, raw: str | None) -> bool:
    """Adopt the cookie's learner id ``raw`` if it is one of ours; a bad or foreign one is
    refused (a notice to show, the cookie to clear). False when the database failed mid-check
    (try again at the next run)."""
    if not raw:
        return True
    try:
        learner_id = check_learner_id(raw)
        if store is not None:  # away: trust a well-formed id until the first write says
            store.check_learner(learner_id)
    except LearnerError as error:
        state[NOTICE] = ("foreign" if isinstance(error, UnknownLearner) else "bad", raw)
        state[CLEAR] = True
        return True
    except SQLAlchemyError:
        return False
    state[LEARNER] = learner_id
    return True


def adopt(state: State, learner_id: str) -> None:
    """Continue as ``learner_id`` (from a transfer code) in this session from now on."""
    state.update({LEARNER: learner_id, CLEAR: False, NOTICE: None, COUNTED: False, MISSES: []})


def mint(state: State) -> str:
    """A fresh learner for this session, queued for the database."""
    learner_id = uuid.uuid4().hex
    outbox(state).add_learner(learner_id)
    state.update({LEARNER: learner_id, CLEAR: False})
    return learner_id


def learner_or_new(state: State) -> str:
    """The session's learner, minted now if he has none (his first attempt or game)."""
    return learner(state) or mint(state)


def cookie_value(state: State) -> str | None:
    """The id the browser's cookie should hold: not one the database does not hold yet (a
    reload must not meet a stranger)."""
    value = learner(state)
    return None if value in outbox(state).learners else value


def forget(state: State, store: Store | None) -> int:
    """Delete every row of this session's learner, and what is queued for him; rows removed."""
    learner_id = learner(state)
    if learner_id is None or store is None:
        return 0
    removed = store.forget(learner_id)
    outbox(state).drop_learner(learner_id)
    state.update({LEARNER: None, CLEAR: True, LAST: None, MISSES: []})
    return removed


# --- Writing -----------------------------------------------------------------------------------


def flush(state: State, store: Store | None) -> None:
    """Write whatever the session still holds; remember the latest attempt written. A learner
    forgotten meanwhile (another tab, another device) is dropped, with a notice."""
    box = outbox(state)
    if len(box) or box.learners:
        for recorded in box.flush(store):
            state[LAST] = recorded
    if box.refused:
        refused = {a.learner_id for a in box.refused}
        box.refused.clear()
        if state.get(LEARNER) in refused:
            state.update({NOTICE: ("foreign", state[LEARNER]), LEARNER: None,
                          CLEAR: True, COUNTED: False})


def not_saved(state: State, store: Store | None) -> bool:
    """Whether the session holds what the database did not take (the banner's warning)."""
    box = outbox(state)
    return bool(len(box) or box.learners or (box.error and store is None and learner(state)))


def puzzle_shown(state: State, puzzle_id: str, clock: Callable[[], float] = time.monotonic
                 ) -> None:
    """Start the clock of the puzzle on screen (a new id restarts it)."""
    shown = state.get(SHOWN)
    if not shown or shown[0] != puzzle_id:
        state[SHOWN] = (puzzle_id, clock())


def seconds_on(state: State, puzzle_id: str, clock: Callable[[], float] = time.monotonic
               ) -> float | None:
    """Seconds since ``puzzle_id`` came on screen (None: it is not the one timed)."""
    shown = state.get(SHOWN)
    return round(clock() - shown[1], 1) if shown and shown[0] == puzzle_id else None


def record_attempt(state: State, store: Store | None, puzzle: pz.Puzzle, answer: str | None,
                   correct: bool, hint: bool, daily: str | None = None, *,
                   as_id: str | None = None, rated: bool = True) -> Recorded | None:
    """Keep the answer to ``puzzle`` (``answer`` None: the solution was shown) and write it
    now, under the id ``as_id`` when given (a position's own); returns it as stored, or None
    while the database is away (it stays queued). ``rated``: whether it may move ratings."""
    learner_id = learner_or_new(state)
    day = datetime.date.fromisoformat(daily) if daily else None
    made = Attempt.new(learner_id, as_id or puzzle.id, puzzle.rules_id, answer, correct,
                       hint=hint, difficulty=puzzle.difficulty or "medium", daily=day,
                       seconds=seconds_on(state, puzzle.id), rated=rated)
    outbox(state).add(made)
    flush(state, store)
    last = last_attempt(state)
    return last if last is not None and last.id == made.id else None


def last_attempt(state: State) -> Recorded | None:
    """The latest attempt this session wrote."""
    last: Recorded | None = state.get(LAST)
    return last


# --- What the pages show ---------------------------------------------------------------------


def restore_counts(state: State, store: Store | None) -> None:
    """Once per session, the Puzzles page's streak and score (``pz_streak``, ``pz_solved``,
    ``pz_played``) from the stored attempts, so they survive a reload."""
    learner_id = learner(state)
    if state.get(COUNTED) or store is None or len(outbox(state)):
        return  # done, or the database is away or behind: the session's counts stand
    if learner_id is None:
        state[COUNTED] = True  # a new visitor: nothing stored to restore
        return
    try:
        attempts = store.attempts(learner_id)
    except SQLAlchemyError:  # the database is away: keep the session's counts
        return
    state[COUNTED] = True
    state.update(pz_streak=streak(attempts), pz_solved=sum(a.clean for a in attempts),
                 pz_played=len(attempts))


@dataclass(frozen=True)
class RatingNow:
    """The learner's puzzle rating under one profile as the Puzzles page shows it."""

    info: LearnerRatingInfo | None
    #: The change the session's latest attempt under these rules made (None: none).
    change: float | None
    daily_done: bool

    @property
    def games(self) -> int:
        return self.info.games if self.info is not None else 0


def rating_now(state: State, store: Store | None, rules_id: str, today: datetime.date
               ) -> RatingNow:
    """The learner's rating under ``rules_id``, its latest change in this session, and
    whether ``today``'s daily puzzle is solved (unknown while the database is away)."""
    learner_id, info, done_today = learner(state), None, False
    if learner_id is not None and store is not None:
        try:
            info = store.learner_ratings(learner_id).get(rules_id)
            recent = store.attempts(learner_id, limit=50)
        except SQLAlchemyError:  # shown as unknown while the database is away
            info, recent = None, []
        done_today = daily_done(recent, today)
    last = last_attempt(state)
    change = last.change if last is not None and last.rules_id == rules_id else None
    return RatingNow(info, change, done_today)


@dataclass(frozen=True)
class LearnerData:
    """What the My progress page shows of this learner, read at once."""

    attempts: list[Recorded]
    #: The games of the Play page that count (played here, finished, never face up).
    games: list[Played]
    ratings: dict[str, LearnerRatingInfo]


def learner_data(state: State, store: Store | None) -> LearnerData | None:
    """This learner's attempts, games and ratings (empty for a new visitor); None while the
    database is away."""
    learner_id = learner(state)
    if store is None:
        return None
    if learner_id is None:
        return LearnerData([], [], {})
    try:
        return LearnerData(store.attempts(learner_id),
                           store.played_games(learner_id, counted=True),
                           store.learner_ratings(learner_id))
    except SQLAlchemyError:
        return None


def start_misses(state: State, puzzle_ids: Sequence[str]) -> None:
    """Serve ``puzzle_ids`` first, in order, as the next puzzles ("retry my misses")."""
    state[MISSES] = list(puzzle_ids)


# --- "Continue on another device" and "forget me" ----------------------------------------------


@dataclass(frozen=True)
class Notice:
    """What an action has to say: a kind (``success``, ``error``), a text's key and values;
    ``typed``: what the user typed, which the text quotes as its ``value`` (the page quotes
    it, never as markup)."""

    kind: str
    key: str
    values: dict[str, object] = field(default_factory=dict)
    typed: str | None = None


UNAVAILABLE = Notice("error", "progress.code_unavailable")


def make_code(state: State, store: Store | None) -> Notice | None:
    """A new transfer code for this learner (written first if still queued), kept in the
    session; the learner gets a fresh id first: a copy of the old id, made anywhere before, no
    longer continues as this learner. A notice when no code can be made."""
    flush(state, store)
    learner_id, box = learner(state), outbox(state)
    if learner_id is None or store is None or box.learners or len(box):
        return UNAVAILABLE
    try:
        fresh = store.rotate_learner(learner_id)
        state[LEARNER] = fresh
        state[CODE] = store.transfer_code(fresh)
    except (SQLAlchemyError, LearnerError):
        return UNAVAILABLE
    return None


def transfer_code(state: State) -> str | None:
    """The transfer code made in this session."""
    code: str | None = state.get(CODE)
    return code


def redeem(state: State, store: Store | None, raw: str) -> Notice:
    """Continue as the learner of the code ``raw``; what to say about it."""
    if store is None:
        return UNAVAILABLE
    try:
        learner_id = store.redeem_code(raw)
    except TransferCodeError as error:
        return Notice("error", f"progress.code_{error.reason}", typed=raw)
    except SQLAlchemyError:
        return UNAVAILABLE
    adopt(state, learner_id)
    return Notice("success", "progress.code_redeemed")


def forget_me(state: State, store: Store | None) -> Notice:
    """Delete every row of this learner; what to say about it."""
    if store is None:
        return Notice("error", "progress.forget_failed")
    try:
        removed = forget(state, store)
    except SQLAlchemyError:
        return Notice("error", "progress.forget_failed")
    state[CODE] = None
    return Notice("success", "progress.forgotten", {"count": removed, "rows": removed})
