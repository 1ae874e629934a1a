"""The store: attempts recorded per second, one writer and 20 concurrent writers, on SQLite
(a WAL file in a temporary folder) and on PostgreSQL (a throwaway durable cluster, fsync on,
from harness/postgres.py; skipped without the server binaries).

Each writer is a thread with its own learner, recording attempts at a few shared puzzles, so
first attempts (which move two ratings under row locks) and repeats mix as on the site.
Run ``python -m benchmarks.bench_store``.
"""

from __future__ import annotations

import sys
import tempfile
import threading
import time
from pathlib import Path

from chinchon.store.rows.attempts import Attempt
from chinchon.store.store import Store

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from harness.postgres import Cluster, find_bin

WRITERS = 20
PER_WRITER = 40
PUZZLES = [f"barajamos-{n:03d}" for n in range(1, 21)]


def rate(store: Store, writers: int, per_writer: int) -> float:
    """Attempts a second with ``writers`` threads writing ``per_writer`` attempts each."""
    learners = [store.new_learner() for _ in range(writers)]
    barrier = threading.Barrier(writers + 1)
    failures: list[BaseException] = []

    def write(learner: str) -> None:
        barrier.wait()
        try:
            for n in range(per_writer):
                store.record_attempt(Attempt.new(learner, PUZZLES[n % len(PUZZLES)],
                                                 "barajamos", "1o", n % 3 != 0,
                                                 difficulty="medium"))
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=write, args=(learner,)) for learner in learners]
    for thread in threads:
        thread.start()
    barrier.wait()
    start = time.perf_counter()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    if failures:
        raise failures[0]
    written = store.count_attempts(learners)
    if written != writers * per_writer:
        raise AssertionError(f"{written} rows for {writers * per_writer} attempts")
    return written / elapsed


def report(name: str, store: Store) -> None:
    one = rate(store, 1, PER_WRITER * 4)
    many = rate(store, WRITERS, PER_WRITER)
    print(f"{name:<12}{one:>14,.0f}{many:>18,.0f}{many / one:>8.2f}", flush=True)


def main() -> None:
    print(f"store: attempts recorded per second ({WRITERS} writers x {PER_WRITER} attempts; "
          f"every row counted afterwards)")
    print(f"{'database':<12}{'1 writer/s':>14}{f'{WRITERS} writers/s':>18}{'ratio':>8}")
    with tempfile.TemporaryDirectory(prefix="bench-store-") as folder:
        store = Store(f"sqlite:///{folder}/bench.db")
        report("sqlite", store)
        store.close()
    bin_dir = find_bin()
    if bin_dir is None:
        print("postgresql  skipped: no server binaries (see .ci/run)")
        return
    cluster = Cluster(bin_dir, durable=True)
    try:
        store = Store(cluster.create_database("bench"))
        report("postgresql", store)
        store.close()
    finally:
        cluster.stop(remove=True)


if __name__ == "__main__":
    main()
