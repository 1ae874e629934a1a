"""The command line's start-up: how long each command takes to answer one small request, the
interpreter's own start (``python -c pass``) printed beside it, and how many of the project's
and its dependencies' modules it loaded.

Each command runs ``RUNS`` times; the figure is the median CPU time of the child process
(user + system: the machine is shared, and wall time measures the neighbours), with the median
wall time beside it. ``analyze`` and ``close`` load no game, bots or store
(``tests/unit/test_cli_imports.py`` checks it); ``play`` loads the game and the bots.
Run ``python -m benchmarks.bench_cli``.
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 15
HAND = ["3c", "4c", "5c", "7b", "7o", "7e", "1o"]
CLOSE = json.dumps({"rules": "fournier", "closer": ["1o", "2o", "3o", "4o", "5c", "5e", "5b"],
                    "opponents": [["6o", "7c", "7e", "7b", "10c", "11c", "12c"]]})
COMMANDS: list[tuple[str, list[str], str]] = [
    ("python -c pass", ["-c", "pass"], ""),
    ("--version", ["-m", "chinchon", "--version"], ""),
    ("analyze (7 cards)", ["-m", "chinchon", "analyze", "--rules", "fournier", *HAND], ""),
    ("close (one request)", ["-m", "chinchon", "close"], CLOSE),
    ("play (greedy v random)", ["-m", "chinchon", "play", "--rules", "fournier", "--seats",
                                "greedy,random", "--seed", "1"], ""),
]
COUNT_MODULES = "import sys, runpy; sys.argv = {argv!r}; " \
    "import io, contextlib\n" \
    "with contextlib.redirect_stdout(io.StringIO()):\n" \
    "    try: runpy.run_module('chinchon', run_name='__main__')\n" \
    "    except SystemExit: pass\n" \
    "print(len(sys.modules))"


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_command(args: list[str], stdin: str) -> tuple[float, float]:
    """Median CPU and wall seconds of ``python ARGS`` over ``RUNS`` runs."""
    cpus, walls = [], []
    for _ in range(RUNS):
        cpu, wall = _children_cpu(), time.perf_counter()
        subprocess.run([sys.executable, *args], input=stdin, text=True, check=True,
                       capture_output=True, cwd=ROOT)
        cpus.append(_children_cpu() - cpu)
        walls.append(time.perf_counter() - wall)
    return statistics.median(cpus), statistics.median(walls)


def modules_loaded(args: list[str], stdin: str) -> int | None:
    if args[:1] != ["-m"]:
        return None
    code = COUNT_MODULES.format(argv=["chinchon", *args[2:]])
    done = subprocess.run([sys.executable, "-c", code], input=stdin, text=True, check=True,
                          capture_output=True, cwd=ROOT)
    return int(done.stdout.split()[-1])


def main() -> None:
    print(f"Command line start-up, median of {RUNS} runs (CPU of the child; wall beside it):")
    base = None
    for label, args, stdin in COMMANDS:
        cpu, wall = time_command(args, stdin)
        base = cpu if base is None else base
        count = modules_loaded(args, stdin)
        modules = f"{count:>5} modules" if count is not None else " " * 13
        print(f"  {label:24} {cpu * 1000:7.0f} ms CPU  {wall * 1000:7.0f} ms wall  {modules}"
              f"  (+{(cpu - base) * 1000:.0f} ms over the interpreter)", flush=True)


if __name__ == "__main__":
    main()
