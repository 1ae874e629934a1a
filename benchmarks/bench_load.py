"""Load on one ``streamlit run``: N sessions, no browser, every page's common interactions.

A browser per session measures the browsers (20 headless chromiums fill two cores on their own).
Here each session is a light client of Streamlit's own websocket protocol
(:mod:`harness.streamlit_protocol`): it sends the
``BackMsg`` rerun requests a browser sends (``rerun_script`` with the page and the widget states
of a click or a typed value, built with Streamlit's protobufs) and reads the ``ForwardMsg``
stream until the script has finished, as the browser does (keeping Streamlit's message cache:
a large element seen before is sent again as a reference to its hash). Interactions, in a loop over pages:

- hand lab: type a hand (seven or eight cards), click a card of the deck, deal seven;
- lay-off table: type an opponent's hand, deal at random;
- puzzles: click a card of the hand (the answer), the next puzzle once answered;
- variants and odds: flip a toggle; rules tour: open it; each page is opened by navigation;
- play: the "at once" pace, deal a game against greedy, three of your best moves (the bots
  answer in the same run); the home page: open it.

Latency is one interaction: from the rerun request sent to the script's end (``script_finished``).
Each session waits a think time between interactions (``--think``, 0.5-1.5 s by default, as a
person clicking briskly). The server's memory (RSS of its process) is sampled every second.

``python -m benchmarks.bench_load`` runs 1, 10, 20 and 40 sessions (``--duration`` seconds
each, 30 by default), then a soak of 20 sessions (``--soak`` seconds, 300 by default; 0 skips it).
``--sessions 2 --duration 5 --soak 0`` is the smoke test's run. ``--servers 2``: two servers on
one throwaway PostgreSQL cluster, the sessions split between them, each server's figures on its
own line. ``--root DIR`` serves another checkout (the same run before and after a change).
``--tables 10 --table-seats 4`` plays tables with people instead (:mod:`benchmarks.load_tables`);
``--live 10`` a projector and ten phones answering live questions (:mod:`benchmarks.load_live`).
Target: p95 <= 1 s at 20 sessions on one server and at 40 on two, no error (an exception on a
page, a lost message, a timeout).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chinchon.views.play import PACES
from harness.server import ROOT, StreamlitServer
from harness.streamlit_protocol import Session, open_stream

TARGET_P95 = 1.0
HANDS = ("7o 7c 7b 9e 10e 11e 4o", "3c 4c 5c 7b 7o 7e 1o 6c", "1e 2e 3e 4e 5o 5c 5b",
         "10o 11o 12o 1c 1e 3b 5b", "3c 4c 5c 6c 6o 6e 1b 2b")
OPPONENTS = ("8e 1c 2c 3c 5o 5b 7b", "2o 2e 6c 6b 10c 11e 12b", "1o 4e 4b 5e 6e 11o 12c")
#: The "at once" pace among the Play page's paces: the bots answer in the same run.
PACE_AT_ONCE = list(PACES).index("instant")


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)
    #: The same latencies by page (its opening and its interactions).
    by_page: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    actions: int = 0
    #: Interactions the page did not offer at that moment (e.g. no "next" button yet).
    skipped: int = 0
    #: One session alone: the server's CPU seconds of each interaction, by page.
    cpu_by_page: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))


Action = Callable[[Session], Any]

#: (url path, interactions after opening it), in the order a session visits them.
SCRIPT: list[tuple[str, list[Action]]] = [
    ("Hand_lab", [lambda s: s.type_text("hl_hand_box", s.rng.choice(HANDS)),
                  lambda s: s.click_card("hl_picker"),
                  lambda s: s.click_card("hl_picker"),
                  lambda s: s.press("Deal 7")]),
    ("Layoff_table", [lambda s: s.type_text("hand-1", s.rng.choice(OPPONENTS)),
                      lambda s: s.press("Deal at random")]),
    ("Puzzles", [lambda s: s.click_card("pz_cards"),
                 lambda s: s.press("pz_next_after", "Next puzzle")]),
    ("Variants", [lambda s: s.toggle("variants-only-diff")]),
    ("Odds", [lambda s: s.toggle("odds_log")]),
    ("Rules_tour", []),
    ("Play", [lambda s: s.choose("play_pace", PACE_AT_ONCE),
              lambda s: s.press("Deal"),
              *[lambda s: s.press("play_hint_move", "play_next_deal", "play_see_end",
                                  "play_close_confirm", "play_new_after")] * 3]),
    ("", []),  # the home page
]


def _opener(page: str) -> Action:
    """The interaction that opens ``page`` (by navigation)."""
    def opening(session: Session) -> Any:
        return session.open(page)
    return opening


async def run_session(url: str, seed: int, until: float, think: tuple[float, float],
                      results: Results, rounds: int | None = None,
                      cpu: Callable[[], float] | None = None) -> None:
    """One session's loop over the pages; ``cpu`` (the server's CPU seconds so far, for a
    session alone on its server) times each interaction's server work too."""
    rng = random.Random(seed)
    try:
        async with open_stream(url) as ws:
            session = Session(ws, rng)
            await asyncio.sleep(rng.uniform(0, think[1]))  # sessions do not start in step
            await session.rerun(page="")  # the home page: the first request of a new visit
            start = rng.randrange(len(SCRIPT))
            step = 0
            while time.monotonic() < until and (rounds is None or step < rounds * len(SCRIPT)):
                page, actions = SCRIPT[(start + step) % len(SCRIPT)]
                step += 1
                for action in [_opener(page), *actions]:
                    if time.monotonic() >= until:
                        break
                    before = cpu() if cpu is not None else 0.0
                    took = await action(session)
                    if cpu is not None and took is not None:
                        results.cpu_by_page[page or "home"].append(cpu() - before)
                    if took is None:
                        results.skipped += 1
                        continue
                    results.latencies.append(took)
                    results.by_page[page or "home"].append(took)
                    results.actions += 1
                    if session.widgets.exceptions:
                        results.errors.append(f"{page}: {session.widgets.exceptions[0][:200]}")
                    await asyncio.sleep(rng.uniform(*think))
    except (TimeoutError, OSError, Exception) as error:
        results.errors.append(f"session {seed}: {type(error).__name__}: {str(error)[:200]}")


@dataclass
class Level:
    sessions: int
    seconds: float
    results: Results
    rss_start: float
    rss_max: float
    rss_end: float
    cpu: float
    client_cpu: float

    def line(self) -> str:
        lat = sorted(self.results.latencies) or [float("nan")]
        p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))]
        return (f"{self.sessions:>8} {self.seconds:>6.0f} {self.results.actions:>8} "
                f"{statistics.median(lat) * 1000:>8.0f} {p95 * 1000:>8.0f} {lat[-1] * 1000:>8.0f} "
                f"{len(self.results.errors):>6} {self.rss_start:>7.0f} {self.rss_max:>7.0f} "
                f"{self.rss_end:>7.0f} {self.cpu:>6.0%} {self.cpu_ms:>7.0f} {self.client_cpu:>6.0%} "
                f"{self.results.skipped:>7}")

    def pages(self) -> str:
        """Each page's latencies (its opening and interactions): median, p95 and count."""
        cpu = self.results.cpu_by_page
        return "\n".join(f"    {page:<14} median {_pct(lat, 0.5) * 1000:>6.0f} ms  "
                         f"p95 {_pct(lat, 0.95) * 1000:>6.0f} ms  n {len(lat)}"
                         + (f"  server CPU {statistics.mean(cpu[page]) * 1000:>5.1f} ms"
                            if cpu.get(page) else "")
                         for page, lat in sorted(self.results.by_page.items()))

    @property
    def cpu_ms(self) -> float:
        """The server's CPU time per interaction, in ms: what the machine's load cannot inflate."""
        return self.cpu * self.seconds * 1000 / max(self.results.actions, 1)

    @property
    def p95(self) -> float:
        lat = sorted(self.results.latencies)
        return lat[min(len(lat) - 1, int(0.95 * len(lat)))] if lat else float("inf")


def _pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def warm_up(url: str) -> float:
    """One session through every page once (a fresh server's first runs load data and
    modules): the seconds it took, reported apart."""
    results = Results()
    start = time.perf_counter()
    await run_session(url, -1, time.monotonic() + 3600, (0.0, 0.0), results, rounds=1)
    if results.errors:
        raise RuntimeError(f"warm-up failed: {results.errors[0]}")
    return time.perf_counter() - start


async def run_level(servers: Sequence[StreamlitServer], sessions: int, seconds: float,
                    think: tuple[float, float], seed: int) -> list[Level]:
    """``sessions`` sessions for ``seconds``, session ``i`` on server ``i % len(servers)``:
    one level per server."""
    results = [Results() for _ in servers]
    rss_start = [server.rss_mb() for server in servers]
    rss_max = list(rss_start)
    cpu_start, wall_start = [server.cpu_seconds() for server in servers], time.monotonic()
    client_start = time.process_time()
    until = time.monotonic() + seconds
    # A session alone on its server: each interaction's server CPU too (by page).
    alone = sessions == len(servers)
    tasks = [asyncio.create_task(run_session(
        servers[i % len(servers)].url, seed * 1000 + i, until, think, results[i % len(servers)],
        cpu=servers[i % len(servers)].cpu_seconds if alone else None))
             for i in range(sessions)]
    while not all(task.done() for task in tasks):
        await asyncio.sleep(1.0)
        rss_max = [max(high, server.rss_mb()) for high, server in zip(rss_max, servers,
                                                                        strict=True)]
    wall = max(time.monotonic() - wall_start, 1e-9)
    client = (time.process_time() - client_start) / wall
    return [Level(len(range(i, sessions, len(servers))), wall, results[i], rss_start[i],
                  rss_max[i], server.rss_mb(), (server.cpu_seconds() - cpu_start[i]) / wall,
                  client)
            for i, server in enumerate(servers)]


def merged(levels: Sequence[Level]) -> Level:
    """The servers' levels as one: every session's latencies, the servers' CPU added up."""
    results = Results()
    for level in levels:
        results.latencies += level.results.latencies
        for page, lat in level.results.by_page.items():
            results.by_page[page] += lat
        results.errors += level.results.errors
        results.actions += level.results.actions
        results.skipped += level.results.skipped
    first = levels[0]
    return Level(sum(level.sessions for level in levels), first.seconds, results,
                 sum(level.rss_start for level in levels), sum(level.rss_max for level in levels),
                 sum(level.rss_end for level in levels), sum(level.cpu for level in levels),
                 first.client_cpu)


HEADER = (f"{'sessions':>8} {'secs':>6} {'actions':>8} {'med ms':>8} {'p95 ms':>8} {'max ms':>8} "
          f"{'errors':>6} {'rss0 MB':>7} {'rssmax':>7} {'rss1':>7} {'cpu':>6} {'ms/act':>7} "
          f"{'client':>6} {'skipped':>7}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_load",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, nargs="*", default=[1, 10, 20, 40],
                        help="session counts, one level each (default 1 10 20 40; none: the soak only)")
    parser.add_argument("--duration", type=float, default=30.0,
                        help="seconds per level (default 30)")
    parser.add_argument("--soak", type=float, default=300.0,
                        help="seconds of the soak at --soak-sessions (default 300; 0: none)")
    parser.add_argument("--soak-sessions", type=int, default=20)
    parser.add_argument("--think", type=float, nargs=2, default=[0.5, 1.5], metavar=("MIN", "MAX"),
                        help="seconds a session waits between interactions (default 0.5 1.5)")
    parser.add_argument("--by-page", action="store_true",
                        help="also print each page's latency (median, p95, count) per level")
    parser.add_argument("--profile", metavar="FILE", default=None,
                        help="run the server under py-spy (pip install py-spy) and write its "
                             "flame graph to SVG (a .svg name) or its collapsed stacks")
    parser.add_argument("--tables", type=int, default=0, metavar="T",
                        help="instead: T tables of --table-seats people (benchmarks/load_tables.py)")
    parser.add_argument("--table-seats", type=int, default=4, metavar="P")
    parser.add_argument("--servers", type=int, default=1, choices=(1, 2),
                        help="2: two servers on one PostgreSQL (PostgreSQL's server binaries "
                             "needed), the sessions (with --tables: half of each table's "
                             "seats) split between them")
    parser.add_argument("--root", type=Path, default=ROOT, metavar="DIR",
                        help="the checkout the servers run (default this one): the same run "
                             "before and after a change")
    parser.add_argument("--idle", type=float, default=30.0,
                        help="with --tables: seconds of polling with nobody moving, after "
                             "--duration of play (default 30)")
    parser.add_argument("--live", type=int, default=0, metavar="N",
                        help="instead: a projector and N phones answering live questions "
                             "(benchmarks/load_live.py)")
    parser.add_argument("--live-rounds", type=int, default=5, metavar="R",
                        help="with --live: how many questions (default 5)")
    args = parser.parse_args(argv)
    if args.live:
        from benchmarks.load_live import run_live

        return run_live(args.live, args.live_rounds, tuple(args.think), args.root)
    if args.tables:
        from benchmarks.load_tables import run_tables

        return run_tables(args.tables, args.table_seats, args.duration, args.idle,
                          tuple(args.think), args.servers, args.root)
    fmt = "flamegraph" if str(args.profile).endswith(".svg") else "raw"
    prefix = ("py-spy", "record", "--nonblocking", "-r", "50", "-f", fmt, "-o", args.profile,
              "--") if args.profile else ()
    with database(args.servers) as env:
        servers = [StreamlitServer(args.root, env=env, prefix=prefix if i == 0 else ())
                   for i in range(args.servers)]
        try:
            for server in servers:
                server.start()
            return run_levels(servers, args)
        finally:
            for server in servers:
                server.stop()


@contextmanager
def database(servers: int) -> Iterator[dict[str, str]]:
    """The servers' ``CHINCHON_DB_URL``: as set (one server), or a database on a throwaway
    PostgreSQL cluster that two servers share."""
    if servers == 1:
        yield {}
        return
    from harness.postgres import Cluster, find_bin

    bin_dir = find_bin()
    if bin_dir is None:
        raise SystemExit("two servers need PostgreSQL's server binaries (initdb, pg_ctl)")
    cluster = Cluster(bin_dir)
    try:
        yield {"CHINCHON_DB_URL": cluster.create_database()}
    finally:
        cluster.stop(remove=True)


def run_levels(servers: Sequence[StreamlitServer], args: argparse.Namespace) -> int:
    """Every level of the run, one line per server (and their sum with two); 1 on an error."""
    failed = False
    target = TARGET_P95
    load = os.getloadavg()[0]
    for server in servers:
        print(f"server pid {server.pid}, {server.url} ({args.root}); think {args.think[0]}-"
              f"{args.think[1]} s; {os.cpu_count()} cores, load average {load:.1f}")
        print(f"warm-up (one session, every page once): {asyncio.run(warm_up(server.url)):.1f} s")
    print(HEADER, flush=True)
    runs = [(n, args.duration) for n in args.sessions]
    if args.soak > 0:
        runs.append((args.soak_sessions, args.soak))
    for index, (sessions, seconds) in enumerate(runs):
        levels = asyncio.run(run_level(servers, sessions, seconds, tuple(args.think), index))
        soak = " soak" if args.soak > 0 and index == len(runs) - 1 else ""
        whole = merged(levels) if len(levels) > 1 else levels[0]
        for number, level in enumerate(levels, 1):
            if len(levels) > 1:
                print(level.line() + f" server {number}", flush=True)
        print(whole.line() + soak + (" all" if len(levels) > 1 else ""), flush=True)
        if args.by_page:
            print(whole.pages(), flush=True)
        for error in sorted(set(whole.results.errors))[:5]:
            print(f"    error: {error}")
        failed |= bool(whole.results.errors)
        if sessions == 20 * len(servers) and whole.p95 > target:
            print(f"    p95 {whole.p95:.2f} s at {sessions} sessions: over the {target} s target")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
