"""Tables with people under load (issue 20), for :mod:`benchmarks.bench_load` ``--tables``.

``T`` tables of ``P`` person seats each, every seat a light client of Streamlit's websocket
protocol (:class:`harness.streamlit_protocol.FragmentClient`) on its ``/Tables?table=…&seat=…&key=…``
page. Each client does what a browser does: it follows the ``auto_rerun`` the page's fragment
asks for (a fragment rerun every ``CHINCHON_TABLE_POLL`` seconds, half a second by default),
reads the ``data-table-version`` and ``data-seat-to-play`` of the element holding the table,
and when it is his turn waits a think time and plays through the page's own components
(``draw-stock``, then a card of his hand).

Measured: from the click that makes a move (the mover's rerun request sent) to the moment each
other seat's page shows that version: p95 over every (move, other seat) pair; moves lost or
doubled (the table's actions against the moves the clients made); the server's CPU per idle
seat per minute (the same seats, nobody moving); its memory over the run. With ``--servers 2``
the tables live on one PostgreSQL cluster shared by two servers, half of each table's seats on
each server.
"""

from __future__ import annotations

import asyncio
import re
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness.streamlit_protocol import FragmentClient, Session, open_stream

_VERSION = re.compile(r'data-table-version="(\d+)" data-seat-to-play="(\d*)"')
TARGET_P95 = 1.5


@dataclass
class Shared:
    """What every client of a run writes: when each (table, version) was written, and when
    each seat first saw it."""

    written: dict[tuple[int, int], float] = field(default_factory=dict)
    seen: list[float] = field(default_factory=list)
    moves: dict[int, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    idle: bool = False


class SeatClient(FragmentClient):
    """One seat's page: the fragment's timer, the table's version and whose turn it is."""

    def __init__(self, ws: Any, rng: Any, table: int, seat: int, key: str) -> None:
        super().__init__(ws, rng, f"table={table}&seat={seat}&key={key}&lang=en")
        self.table, self.seat = table, seat
        self.version = -1
        self.to_play: int | None = None

    def _shown(self, element: Any) -> None:
        super()._shown(element)
        if element.WhichOneof("type") == "html":
            found = _VERSION.search(element.html.body)
            if found:
                self.version = int(found.group(1))
                self.to_play = int(found.group(2)) if found.group(2) else None

    async def move(self) -> bool:
        """Play one action through the page's components: draw from the stock, or throw a
        card; False when the page offers none (not drawn yet)."""
        draw = self.component("tables_draw")
        if draw is not None and any(a["action"] == "draw-stock" and not a["disabled"]
                                    for a in draw[1].get("actions", [])):
            return await self.trigger("tables_draw", "action", "draw-stock")
        hand = self.component("tables_hand")
        if hand is not None and not hand[1].get("disabled"):
            codes = [code for row in hand[1].get("rows", []) for code in row]
            return bool(codes) and await self.trigger("tables_hand", "clicked",
                                                      self.rng.choice(codes))
        return False


async def run_seat(url: str, table: int, seat: int, key: str, until: float,
                   think: tuple[float, float], shared: Shared, seed: int) -> None:
    import random

    rng = random.Random(seed)
    try:
        async with open_stream(url) as ws:
            client = SeatClient(ws, rng, table, seat, key)
            await client.rerun(page="")
            await client.open("Tables")
            seen = client.version
            next_poll = time.monotonic() + client.interval
            while time.monotonic() < until:
                if client.version > seen:
                    now = time.monotonic()
                    for version in range(max(seen, 0) + 1, client.version + 1):
                        written = shared.written.get((table, version))
                        if written is not None:  # a move of another seat, now on this page
                            shared.seen.append(now - written)
                    seen = client.version
                if client.widgets.exceptions:
                    shared.errors.append(client.widgets.exceptions[0][:200])
                    client.widgets.exceptions.clear()
                if (not shared.idle and client.to_play == seat and client.fragment):
                    await asyncio.sleep(rng.uniform(*think))
                    before = client.version
                    # From the click: the other pages may show the move before the mover's
                    # own rerun has finished.
                    shared.written[(table, before + 1)] = time.monotonic()
                    if await client.move():
                        if client.version == before + 1:
                            shared.moves[table] = shared.moves.get(table, 0) + 1
                            seen = client.version
                        else:
                            shared.written.pop((table, before + 1), None)
                        continue
                    shared.written.pop((table, before + 1), None)
                await asyncio.sleep(max(0.0, next_poll - time.monotonic()))
                if client.fragment:
                    await client.poll()
                next_poll = time.monotonic() + client.interval
    except Exception as error:  # every failure is a figure of the run
        shared.errors.append(f"seat {table}:{seat}: {type(error).__name__}: {str(error)[:160]}")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def summary(shared: Shared) -> str:
    lat = shared.seen
    median = statistics.median(lat) if lat else float("nan")
    return (f"moves {sum(shared.moves.values())}, seen by the other seats {len(lat)} times: "
            f"median {median * 1000:.0f} ms, p95 {percentile(lat, 0.95) * 1000:.0f} ms, "
            f"max {max(lat, default=float('nan')) * 1000:.0f} ms; errors {len(shared.errors)}")


async def warm_up(url: str) -> float:
    """One visit of the Tables page (a fresh server's first runs import the game and the
    coach): the seconds it took, reported apart."""
    import random

    start = time.perf_counter()
    async with open_stream(url) as ws:
        session = Session(ws, random.Random(0))
        await session.rerun(page="")
        await session.open("Tables")
    return time.perf_counter() - start


async def _run(servers: list[Any], seats: list[tuple[int, int, str]], seconds: float,
               think: tuple[float, float], shared: Shared, idle_after: float) -> float:
    """Play for ``idle_after`` seconds, then only poll until ``seconds``; the servers' CPU
    seconds at the switch."""
    until = time.monotonic() + seconds
    tasks = [asyncio.create_task(run_seat(servers[seat % len(servers)].url, table, seat, key,
                                          until, think, shared, table * 10 + seat))
             for table, seat, key in seats]
    await asyncio.sleep(idle_after)
    shared.idle = True
    switch = float(sum(server.cpu_seconds() for server in servers))
    await asyncio.gather(*tasks)
    return switch


def run_tables(tables_count: int, per_table: int, seconds: float, idle: float,
               think: tuple[float, float], servers: int = 1, root: Path | None = None) -> int:
    """The tables benchmark; prints its figures; 1 on an error or a lost or doubled move."""
    import os
    import tempfile

    from chinchon.store.store import Store
    from chinchon.store.tables import AWAY_SECONDS, Tables
    from harness.server import ROOT, StreamlitServer

    cluster = None
    if servers > 1:
        from harness.postgres import Cluster, find_bin

        bin_dir = find_bin()
        if bin_dir is None:
            print("two servers need PostgreSQL's server binaries (initdb, pg_ctl)")
            return 1
        cluster = Cluster(bin_dir)
        url = cluster.create_database()
    else:
        url = f"sqlite:///{tempfile.mkdtemp(prefix='chinchon-bench-tables-')}/tables.db"
    store = Store(url)
    found = Tables(store)
    seats = []
    for _ in range(tables_count):
        made = found.create("fournier", {}, ["person"] * per_table)
        seats += [(made.table, seat, key) for seat, key in made.keys.items()]
    running = [StreamlitServer(root or ROOT, env={"CHINCHON_DB_URL": url}).start()
               for _ in range(servers)]
    try:
        print(f"{tables_count} tables of {per_table} people on {servers} server(s) "
              f"({'PostgreSQL' if cluster else 'SQLite'}); think {think[0]}-{think[1]} s; "
              f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
        for server in running:
            print(f"warm-up (the Tables page once): {asyncio.run(warm_up(server.url)):.1f} s")
        shared = Shared()
        rss = [server.rss_mb() for server in running]
        cpu0 = [server.cpu_seconds() for server in running]
        started = time.monotonic()
        switch = asyncio.run(_run(running, seats, seconds + idle, think, shared, seconds))
        wall = time.monotonic() - started
        end = [server.cpu_seconds() for server in running]
        cpu = [e - c for e, c in zip(end, cpu0, strict=True)]
        print(summary(shared))
        # The idle part: every seat polls, nobody moves.
        idle_cpu = (sum(end) - switch) / max(idle, 1e-9) * 60 / len(seats)
        print(f"idle: {idle_cpu:.2f} server CPU seconds per seat per minute ({len(seats)} seats "
              f"polling, nobody moving, for {idle:.0f} s)")
        print(f"server CPU over the run: {sum(cpu):.1f} s in {wall:.0f} s; memory "
              + ", ".join(f"{a:.0f} -> {s.rss_mb():.0f} MB" for a, s in zip(rss, running,
                                                                          strict=True)))
        lost = taken_over = by_bots = 0
        for table in sorted({t for t, _, _ in seats}):
            made_moves = shared.moves.get(table, 0)
            info = found.info(table)
            over = sum(seat.bot_playing for seat in info.seats)
            taken_over += over
            if over:  # a bot playing a person's seat makes moves no client made
                by_bots += info.moves - made_moves
            else:
                lost += abs(info.moves - made_moves)
        print(f"moves the clients made vs the tables' actions: {lost} lost or doubled")
        if taken_over:
            print(f"    set aside: {taken_over} seats a bot took over (their page not seen for "
                  f"{AWAY_SECONDS:.0f} s: a machine too busy to poll), their tables holding "
                  f"{by_bots} actions beyond the clients' moves")
        for error in sorted(set(shared.errors))[:5]:
            print(f"    error: {error}")
        p95 = percentile(shared.seen, 0.95)
        if p95 > TARGET_P95:
            print(f"    p95 {p95:.2f} s: over the {TARGET_P95} s target")
        return 1 if shared.errors or lost else 0
    finally:
        for server in running:
            server.stop()
        store.close()
        if cluster is not None:
            cluster.stop(remove=True)

