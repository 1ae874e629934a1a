"""The store against SQLite and PostgreSQL: migrations, attempts and ratings, identity,
forgetting, 20 concurrent writers counting every row, and a database that goes away."""

from __future__ import annotations

import datetime
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import event, func, select, update
from sqlalchemy.exc import SQLAlchemyError

from chinchon.ratings.glicko2 import Rating, duel, idle
from chinchon.services.progress import Outbox
from chinchon.store.database import head_revision, make_engine
from chinchon.store.rows.attempts import Attempt
from chinchon.store.schema import Base, Game, Learner, LearnerRating, PuzzleAttempt, PuzzleRating
from chinchon.store.store import (
    SEED_RD,
    AttemptError,
    GameRecord,
    LearnerError,
    Store,
    TransferCodeError,
    UnknownLearner,
)
from harness.postgres import Cluster

WRITERS = 20
PER_WRITER = 15
PUZZLES = [f"barajamos-{n:03d}" for n in range(1, 6)]


def new_database(backend: str, request: pytest.FixtureRequest, tmp_path: Path,
                 name: str = "store") -> str:
    """The URL of a new, empty database: a SQLite file ``name`` or a PostgreSQL database."""
    if backend == "sqlite":
        return f"sqlite:///{tmp_path}/{name}.db"
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.create_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return new_database(request.param, request, tmp_path)


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    opened = Store(url)
    yield opened
    opened.close()


def attempt(learner: str, puzzle: str = "barajamos-001", correct: bool = True, **more: object
            ) -> Attempt:
    return Attempt.new(learner, puzzle, "barajamos", "1o" if correct else "2o", correct,
                       difficulty="easy", **more)  # type: ignore[arg-type]


def test_migrations_build_exactly_the_models(store: Store) -> None:
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection)
        assert context.get_current_revision() == head_revision()
        assert compare_metadata(context, Base.metadata) == []


def test_opening_again_is_harmless(url: str) -> None:
    for _ in range(2):
        Store(url).close()


# A new SQLite file lost this race about one time in ten ("database is locked" while switching
# it to WAL): several rounds, each on a new database, so that a regression shows.
START_RACES = 12


def start_at_once(url: str, servers: int = 4) -> list[BaseException]:
    errors: list[BaseException] = []
    barrier = threading.Barrier(servers)

    def open_store() -> None:
        barrier.wait()
        try:
            Store(url).close()
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=open_store) for _ in range(servers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_servers_starting_at_once_migrate_once(backend: str, tmp_path: Path,
                                               request: pytest.FixtureRequest) -> None:
    rounds = START_RACES if backend == "sqlite" else 2
    for race in range(rounds):
        url = new_database(backend, request, tmp_path, f"store-{race}")
        assert start_at_once(url) == [], f"round {race}"
        with make_engine(url).connect() as connection:
            context = MigrationContext.configure(connection)
            assert context.get_current_revision() == head_revision()


def test_a_first_attempt_moves_both_ratings_a_second_does_not(store: Store) -> None:
    learner = store.new_learner()
    first = store.record_attempt(attempt(learner, correct=False))
    assert first.first and first.learner_before == 1500
    assert first.learner_after is not None and first.learner_after < 1500
    assert first.puzzle_before == 1200  # an easy puzzle's seed
    assert first.puzzle_after is not None and first.puzzle_after > 1200
    again = store.record_attempt(attempt(learner, correct=True))
    assert not again.first and again.change is None
    rating = store.learner_ratings(learner)["barajamos"]
    assert rating.games == 1 and rating.rating.rating == pytest.approx(first.learner_after)
    assert store.puzzle_ratings(["barajamos-001"])["barajamos-001"].rating == pytest.approx(
        first.puzzle_after)
    assert [a.first for a in store.attempts(learner)] == [True, False]


def test_a_deviation_grows_while_the_learner_is_away(store: Store) -> None:
    learner = store.new_learner()
    store.record_attempt(attempt(learner, "barajamos-001"))
    kept = store.learner_ratings(learner)["barajamos"].rating
    with store.engine.begin() as connection:
        then = connection.scalar(select(LearnerRating.updated_at))
        connection.execute(update(LearnerRating).values(
            updated_at=then - datetime.timedelta(days=30)))
    back = store.record_attempt(Attempt.new(learner, "barajamos-002", "barajamos", "1o", True,
                                            difficulty="medium"))
    expected = duel(idle(kept, 30), Rating(1500, SEED_RD), 1.0)[0]
    assert back.learner_after == pytest.approx(expected.rating, abs=0.01)
    assert store.learner_ratings(learner)["barajamos"].rating.rd == pytest.approx(expected.rd,
                                                                                  abs=0.01)


def test_a_hinted_solve_counts_as_a_loss_for_the_rating(store: Store) -> None:
    learner = store.new_learner()
    hinted = store.record_attempt(attempt(learner, correct=True, hint=True))
    assert hinted.correct and hinted.hint and not hinted.clean
    assert hinted.change is not None and hinted.change < 0


def test_writing_the_same_attempt_twice_keeps_one_row(store: Store) -> None:
    learner = store.new_learner()
    made = attempt(learner)
    assert store.record_attempt(made) == store.record_attempt(made)
    assert store.count_attempts([learner]) == 1


def test_fields_are_kept(store: Store) -> None:
    learner = store.new_learner()
    day = datetime.date(2026, 12, 1)
    made = attempt(learner, daily=day, seconds=12.5, correct=False)
    kept = store.attempts(learner)[0] if store.record_attempt(made) else None
    assert kept is not None
    assert (kept.answer, kept.correct, kept.hint, kept.daily, kept.seconds) == (
        "2o", False, False, day, 12.5)


def test_bad_and_foreign_learner_ids_are_refused(store: Store) -> None:
    with pytest.raises(LearnerError, match="not a learner id: '<script>'"):
        store.check_learner("<script>")
    with pytest.raises(LearnerError, match="not a learner id"):
        store.check_learner("A" * 32)  # capitals are not ours
    foreign = "0123456789abcdef" * 2
    with pytest.raises(UnknownLearner, match="no such learner here: '0123456789abcdef"):
        store.check_learner(foreign)
    with pytest.raises(UnknownLearner):
        store.record_attempt(attempt(foreign))
    assert store.count_attempts() == 0
    long = "x" * 500
    with pytest.raises(LearnerError) as error:
        store.check_learner(long)
    assert len(str(error.value)) < 80


def test_bad_attempt_fields_are_refused(store: Store) -> None:
    learner = store.new_learner()
    for bad in (Attempt.new(learner, "../etc", "barajamos", "1o", True),
                Attempt.new(learner, "p-1", "barajamos", "1o; drop", True),
                Attempt.new(learner, "p-1", "barajamos", "1o", True, difficulty="silly")):
        with pytest.raises(AttemptError):
            store.record_attempt(bad)


def test_continue_on_another_device(store: Store) -> None:
    learner = store.new_learner()
    code = store.transfer_code(learner)
    assert len(code) == 9 and code[4] == "-"
    assert store.redeem_code(f"  {code.lower()} ") == learner
    with pytest.raises(TransferCodeError, match="no such transfer code"):
        store.redeem_code(code)  # single use
    with pytest.raises(TransferCodeError, match="not a transfer code: 'hello'"):
        store.redeem_code("hello")
    old = store.transfer_code(learner)
    with store.engine.begin() as connection:
        connection.execute(update(Learner).values(
            transfer_expires=datetime.datetime(2000, 1, 1)))
    with pytest.raises(TransferCodeError, match="expired"):
        store.redeem_code(old)


def test_forget_me_deletes_every_row_of_the_learner(store: Store) -> None:
    gone, kept = store.new_learner(), store.new_learner()
    for learner in (gone, kept):
        for puzzle in PUZZLES[:3]:
            store.record_attempt(attempt(learner, puzzle))
        store.record_game(GameRecord(uuid.uuid4().hex, learner, "barajamos", {}, 2, 0,
                                     "1. ...", {"actions": []}, {"winner": 0}, 0.9))
    store.transfer_code(gone)
    assert store.forget(gone) == 3 + 1 + 1 + 1
    with store.engine.connect() as connection:
        for table in (PuzzleAttempt, Game, LearnerRating):
            assert connection.scalar(select(func.count()).select_from(table).where(
                table.learner_id == gone)) == 0
        assert connection.scalar(select(func.count()).select_from(Learner).where(
            Learner.id == gone)) == 0
    assert not store.has_learner(gone)
    assert len(store.attempts(kept)) == 3 and len(store.games(kept)) == 1


def test_a_rotated_learner_keeps_every_row_under_a_fresh_id(store: Store) -> None:
    learner, other = store.new_learner(), store.new_learner()
    for who in (learner, other):
        for puzzle in PUZZLES[:3]:
            store.record_attempt(attempt(who, puzzle))
        store.record_game(GameRecord(uuid.uuid4().hex, who, "barajamos", {}, 2, 0,
                                     "1. ...", {"actions": []}, {"winner": 0}, 0.9))
    before = (store.attempts(learner), store.learner_ratings(learner), store.games(learner))
    fresh = store.rotate_learner(learner)
    assert fresh != learner and store.has_learner(fresh) and not store.has_learner(learner)
    assert [a.id for a in store.attempts(fresh)] == [a.id for a in before[0]]
    assert store.learner_ratings(fresh) == before[1]
    assert [g.id for g in store.games(fresh)] == [g.id for g in before[2]]
    code = store.transfer_code(fresh)
    assert store.redeem_code(code) == fresh
    with pytest.raises(UnknownLearner):  # the old id names nobody now
        store.record_attempt(attempt(learner, PUZZLES[3]))
    assert len(store.attempts(other)) == 3 and len(store.games(other)) == 1


def test_games_for_the_play_page(store: Store) -> None:
    learner = store.new_learner()
    game = GameRecord("a" * 32, learner, "ludoteka", {"jokers": 2}, 3, 1, "seed 7 ...",
                      {"seed": 7, "actions": [1, 2]}, {"scores": [10, 55, 101]}, 0.82,
                      {"moves": [{"grade": "best"}]})
    store.record_game(game)
    store.record_game(game)
    (back,) = store.games(learner)
    assert (back.options, back.record, back.review, back.accuracy) == (
        {"jokers": 2}, {"seed": 7, "actions": [1, 2]}, {"moves": [{"grade": "best"}]}, 0.82)


def test_twenty_concurrent_writers_lose_no_row(store: Store) -> None:
    learners = [store.new_learner() for _ in range(WRITERS)]
    errors: list[BaseException] = []
    start = threading.Barrier(WRITERS)

    def write(learner: str) -> None:
        try:
            start.wait()
            for n in range(PER_WRITER):
                store.record_attempt(attempt(learner, PUZZLES[n % len(PUZZLES)], n % 3 != 0))
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=write, args=(learner,)) for learner in learners]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert store.count_attempts() == WRITERS * PER_WRITER
    with store.engine.connect() as connection:
        firsts = connection.scalar(select(func.count()).select_from(PuzzleAttempt).where(
            PuzzleAttempt.first))
        # Every first attempt moved its puzzle's rating once: no update was lost.
        games = connection.scalar(select(func.sum(PuzzleRating.games)))
        learner_games = connection.scalar(select(func.sum(LearnerRating.games)))
    assert firsts == games == learner_games == WRITERS * len(PUZZLES)


def test_the_outbox_keeps_attempts_while_postgresql_is_down(postgres: Cluster) -> None:
    store = Store(postgres.create_database())
    learner = store.new_learner()
    outbox = Outbox()
    outbox.add(attempt(learner, "barajamos-001"))
    assert len(outbox.flush(store)) == 1 and outbox.error is None
    postgres.stop()
    try:
        outbox.add(attempt(learner, "barajamos-002"))
        outbox.add(attempt(learner, "barajamos-003"))
        assert outbox.flush(store) == []
        assert outbox.error == "OperationalError" and len(outbox) == 2
    finally:
        postgres.start()
    written = outbox.flush(store)
    assert [r.puzzle_id for r in written] == ["barajamos-002", "barajamos-003"]
    assert outbox.error is None and len(outbox) == 0
    assert store.count_attempts([learner]) == 3
    store.close()


def test_the_outbox_keeps_attempts_while_sqlite_is_full(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/full.db")
    store = Store(engine=engine)
    learner = store.new_learner()
    with engine.connect() as connection:
        pages = connection.exec_driver_sql("PRAGMA page_count").scalar()
    limit = {"pages": int(pages or 1)}

    @event.listens_for(engine, "connect")
    def cap(dbapi_connection: object, _record: object) -> None:
        dbapi_connection.execute(f"PRAGMA max_page_count={limit['pages']}")  # type: ignore[attr-defined]

    engine.dispose()  # new connections get the cap: the file cannot grow
    outbox = Outbox()
    for n in range(40):
        outbox.add(attempt(learner, f"barajamos-{n:03d}"))
    outbox.flush(store)
    assert outbox.error is not None and len(outbox) > 0
    limit["pages"] = 1_000_000
    engine.dispose()
    outbox.flush(store)
    assert outbox.error is None and len(outbox) == 0
    assert store.count_attempts([learner]) == 40
    store.close()


def test_the_outbox_without_a_database_keeps_everything() -> None:
    outbox = Outbox()
    outbox.add_learner("1" * 32)
    outbox.add(attempt("1" * 32))
    assert outbox.flush(None) == [] and len(outbox) == 1 and outbox.error


def test_the_outbox_keeps_games_too(postgres: Cluster) -> None:
    store = Store(postgres.create_database())
    learner = store.new_learner()
    outbox = Outbox()
    postgres.stop()
    try:
        outbox.add_game(GameRecord(uuid.uuid4().hex, learner, "barajamos", {}, 2, 0, "g",
                                   {"seed": 1}, {"winner": 1}, 0.5))
        outbox.flush(store)
        assert len(outbox) == 1 and outbox.error
    finally:
        postgres.start()
    outbox.flush(store)
    assert len(outbox) == 0 and [g.record for g in store.games(learner)] == [{"seed": 1}]
    store.close()


def test_the_outbox_drops_attempts_of_a_forgotten_learner(store: Store) -> None:
    learner = store.new_learner()
    outbox = Outbox()
    outbox.add(attempt(learner))
    store.forget(learner)
    assert outbox.flush(store) == [] and len(outbox.refused) == 1 and len(outbox) == 0


def test_the_outbox_creates_a_learner_minted_by_the_page(store: Store) -> None:
    outbox = Outbox()
    minted = "2" * 32
    outbox.add_learner(minted)
    outbox.add(attempt(minted))
    assert len(outbox.flush(store)) == 1 and store.has_learner(minted)


def test_a_database_that_is_down_raises_a_database_error() -> None:
    with pytest.raises(SQLAlchemyError):
        Store("postgresql+psycopg://nobody@127.0.0.1:1/none")


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/wal.db")
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30_000
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
