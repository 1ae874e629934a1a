"""``python -m benchmarks [NAME ...]``: run the ``main()`` of every ``benchmarks/bench_*.py``
module in name order, or only the ones named (``solver`` or ``bench_solver``)."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
from pathlib import Path


def bench_modules() -> list[str]:
    """Every benchmark module's name, in order."""
    here = str(Path(__file__).resolve().parent)
    return sorted(info.name for info in pkgutil.iter_modules([here])
                  if info.name.startswith("bench_"))


def main(argv: list[str] | None = None) -> int:
    available = bench_modules()
    names = sys.argv[1:] if argv is None else argv
    wanted = [name if name.startswith("bench_") else f"bench_{name}" for name in names]
    for name in wanted:
        if name not in available:
            print(f"error: no benchmark {name!r}: choose from {', '.join(available)}",
                  file=sys.stderr)
            return 2
    for name in wanted or available:
        module = importlib.import_module(f"benchmarks.{name}")
        run = getattr(module, "main", None)
        if run is None:
            print(f"== {name}: no main(), skipped", flush=True)
            continue
        print(f"== {name}", flush=True)
        start = time.perf_counter()
        saved, sys.argv = sys.argv, [f"benchmarks.{name}"]  # our arguments are not theirs
        try:
            run()
        finally:
            sys.argv = saved
        print(f"== {name}: {time.perf_counter() - start:.1f} s\n", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
