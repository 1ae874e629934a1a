"""A live question under load (issue 21), for :mod:`benchmarks.bench_load` ``--live N``.

One projector and ``N`` students' phones, each a light client of Streamlit's websocket protocol
(:class:`harness.streamlit_protocol.FragmentClient`): the projector on the class's
``/Class?class=…&key=…&view=projector`` page, each phone on ``/Class?class=…`` with its own
learner cookie, both following the fragment timer their page asks for (a poll a second), as a
browser does. For each of ``--live-rounds`` questions the benchmark asks a shipped puzzle
(straight in the store, as the teacher's button does); once the projector shows "Answered: 0",
each phone waits a think time and throws a card of its hand, twice (a double tap).

Measured: from each throw (the phone's rerun request sent) to the first projector page whose
count includes it (answers ranked by the time the store wrote them): median, p95 and max; and
answers lost or doubled: each question's stored answers, the projector's last count and each
student's attempts against the throws the phones made.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.load_tables import percentile
from harness.streamlit_protocol import FragmentClient, open_stream

_ANSWERED = re.compile(r"Answered: \*\*(\d+)\*\* of (\d+)")
#: The issue's promise: a student's answer shows on the projector within 2 s.
TARGET_MAX = 2.0
#: Seconds a round may take before the benchmark gives up waiting for the last answers.
ROUND_LIMIT = 30.0
LIVE_KEY = "class_live_cards"


@dataclass
class Shared:
    """What every client of a run writes: each round's throws and when the projector first
    showed each count."""

    students: int
    round: int = -1
    open: bool = False
    done: bool = False
    #: (round, learner) -> the wall-clock time of his throw (time.time(): the store's clock).
    thrown: dict[tuple[int, str], float] = field(default_factory=dict)
    #: (round, count) -> when the projector first showed that many answers.
    shown: dict[tuple[int, int], float] = field(default_factory=dict)
    last_count: dict[int, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


class LiveClient(FragmentClient):
    """The Class page: the projector's count, or a phone's card component."""

    answered: int | None = None

    def _shown(self, element: Any) -> None:
        super()._shown(element)
        if element.WhichOneof("type") == "markdown":
            found = _ANSWERED.search(element.markdown.body)
            if found:
                self.answered = int(found.group(1))


async def _client(url: str, query: str, cookie: str | None, seed: int) -> tuple[Any, LiveClient]:
    headers = {"Cookie": f"chinchon_learner={cookie}"} if cookie else {}
    ws = await open_stream(url, headers)
    client = LiveClient(ws, random.Random(seed), query)
    await client.rerun(page="")  # the home page first, as a visit starts
    client.query = query
    await client.open("Class")
    return ws, client


async def projector(url: str, query: str, shared: Shared) -> None:
    try:
        ws, client = await _client(url, query, None, 0)
        async with ws:
            while not shared.done:
                count, now = client.answered, time.time()
                if count is not None and shared.round >= 0:
                    if not shared.open and count == 0:
                        shared.open = True  # the new question is on the screen: throw now
                    if shared.open:
                        for k in range(shared.last_count.get(shared.round, 0) + 1, count + 1):
                            shared.shown.setdefault((shared.round, k), now)
                        shared.last_count[shared.round] = count
                if client.widgets.exceptions:
                    shared.errors.append("projector: " + client.widgets.exceptions[0][:200])
                    client.widgets.exceptions.clear()
                await asyncio.sleep(client.interval)
                client.answered = None
                await client.poll()
    except Exception as error:  # every failure is a figure of the run
        shared.errors.append(f"projector: {type(error).__name__}: {str(error)[:160]}")


async def phone(url: str, query: str, learner: str, think: tuple[float, float],
                shared: Shared, seed: int) -> None:
    try:
        ws, client = await _client(url, query, learner, seed)
        async with ws:
            answered = -1
            while not shared.done:
                cards = client.component(LIVE_KEY)
                if (shared.open and answered < shared.round and cards is not None
                        and not cards[1].get("disabled")):
                    answered = shared.round
                    await asyncio.sleep(client.rng.uniform(*think))
                    codes = [code for row in cards[1].get("rows", []) for code in row]
                    card = client.rng.choice(codes)
                    shared.thrown[(answered, learner)] = time.time()
                    for _ in range(2):  # a double tap: counted once
                        await client.trigger(LIVE_KEY, "clicked", card)
                    continue
                if client.widgets.exceptions:
                    shared.errors.append("phone: " + client.widgets.exceptions[0][:200])
                    client.widgets.exceptions.clear()
                await asyncio.sleep(client.interval)
                await client.poll()
    except Exception as error:
        shared.errors.append(f"phone {learner[:8]}: {type(error).__name__}: {str(error)[:160]}")


async def _rounds(live: Any, class_id: str, key: str, puzzles: list[str], shared: Shared,
                  clients: list[asyncio.Task[None]]) -> list[Any]:
    """Ask each puzzle in turn; the next once the projector counted every student (or
    :data:`ROUND_LIMIT` passed). The questions asked."""
    asked = []
    await asyncio.sleep(3.0)  # every page open and polling
    for number, puzzle in enumerate(puzzles):
        shared.open = False
        asked.append(live.ask(class_id, key, puzzle))
        shared.round = number
        limit = time.monotonic() + ROUND_LIMIT
        while (shared.last_count.get(number, 0) < shared.students and time.monotonic() < limit
               and not all(task.done() for task in clients)):
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.5)  # a late double tap would still be counted
    shared.done = True
    await asyncio.gather(*clients)
    return asked


def run_live(students: int, rounds: int, think: tuple[float, float],
             root: Path | None = None) -> int:
    """The live benchmark; prints its figures; 1 on an error or an answer lost or doubled."""
    from chinchon import puzzles as pz
    from chinchon.store.class_live import AnswerRow, LiveQuestions
    from chinchon.store.classes import Classes
    from chinchon.store.store import Store
    from harness.server import ROOT, StreamlitServer

    url = f"sqlite:///{tempfile.mkdtemp(prefix='chinchon-bench-live-')}/live.db"
    store = Store(url)
    classes = Classes(store)
    made = classes.create("Bench", "barajamos", "en")
    learners = [store.new_learner() for _ in range(students)]
    for n, learner in enumerate(learners):
        classes.join(made.join_code, learner, f"s{n}")
    puzzles = [p.id for p in pz.pool("barajamos") if p.question == "discard"][:rounds]
    live = LiveQuestions(classes)
    server = StreamlitServer(root or ROOT, env={"CHINCHON_DB_URL": url}).start()
    try:
        print(f"a live question: 1 projector and {students} phones, {len(puzzles)} questions "
              f"(SQLite); think {think[0]}-{think[1]} s; {os.cpu_count()} cores, load average "
              f"{os.getloadavg()[0]:.1f}")
        shared = Shared(students)
        cpu0, started = server.cpu_seconds(), time.monotonic()

        async def everything() -> list[Any]:
            board = f"class={made.id}&key={made.key}&view=projector&lang=en"
            tasks = [asyncio.create_task(projector(server.url, board, shared))]
            tasks += [asyncio.create_task(phone(server.url, f"class={made.id}&lang=en", learner,
                                                think, shared, n))
                      for n, learner in enumerate(learners)]
            return await _rounds(live, made.id, made.key, puzzles, shared, tasks)

        asked = asyncio.run(everything())
        wall, cpu = time.monotonic() - started, server.cpu_seconds() - cpu0
        latencies, lost = [], 0
        with classes._session() as session:
            for number, question in enumerate(asked):
                rows = sorted(session.query(AnswerRow).filter_by(question_id=question.id),
                              key=lambda r: r.created_at)
                threw = {who for (n, who) in shared.thrown if n == number}
                lost += abs(len(rows) - len(threw))
                lost += abs(shared.last_count.get(number, 0) - len(rows))
                for rank, row in enumerate(rows, start=1):
                    shown = shared.shown.get((number, rank))
                    thrown = shared.thrown.get((number, row.learner_id))
                    if shown is None or thrown is None:
                        continue
                    latencies.append(max(shown - thrown, 0.0))
        attempts = sum(abs(len(store.attempts(learner)) - sum(
            who == learner for (_, who) in shared.thrown)) for learner in learners)
        median = statistics.median(latencies) if latencies else float("nan")
        print(f"answers {len(shared.thrown)}, seen on the projector {len(latencies)}: median "
              f"{median * 1000:.0f} ms, p95 {percentile(latencies, 0.95) * 1000:.0f} ms, max "
              f"{max(latencies, default=float('nan')) * 1000:.0f} ms")
        print(f"answers lost or doubled: {lost} (stored, counted on the projector, thrown); "
              f"attempts lost or doubled: {attempts}; errors {len(shared.errors)}")
        print(f"server CPU {cpu:.1f} s in {wall:.0f} s; memory {server.rss_mb():.0f} MB")
        for error in sorted(set(shared.errors))[:5]:
            print(f"    error: {error}")
        worst = max(latencies, default=0.0)
        if worst > TARGET_MAX:
            print(f"    max {worst:.2f} s: over the {TARGET_MAX} s the issue promises")
        return 1 if shared.errors or lost or attempts or len(latencies) < len(shared.thrown) else 0
    finally:
        server.stop()
        store.close()
