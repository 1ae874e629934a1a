"""Page re-render times: every page of the site re-run by Streamlit's AppTest after a change.

For each script (``app.py`` and every file in ``pages/``) the benchmark opens the page once, then
repeats an interaction ``RUNS`` times and prints the median and the 90th percentile of

- ``run``: the whole ``AppTest.run()`` round trip (AppTest recompiles the script on every run,
  which a live server does not, so this is an upper bound), and
- ``script``: the time spent executing the page script itself.

The interaction is switching the sidebar's rule profile back and forth (every page has it); on
the hand lab it is typing a hand, alternating seven and eight cards (the discard table and chart
appear and go). Run ``python -m benchmarks.bench_pages``; the target is well under 100 ms.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from streamlit.runtime.scriptrunner import script_runner
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app.py"
RUNS = 20
TARGET_MS = 100.0
QUERY = {"lang": "en", "rules": "barajamos"}
HANDS = ("7o 7c 7b 9e 10e 11e 4o", "3c 4c 5c 7b 7o 7e 1o 6c")
PROFILES = ("barajamos", "fournier")

_script_seconds: list[float] = []


@contextmanager
def _timing_scripts() -> Iterator[None]:
    """Time each script execution (the part of a run that is the page's own work)."""
    original = script_runner.exec_func_with_error_handling

    def timed(func: Any, ctx: Any) -> Any:
        start = time.perf_counter()
        try:
            return original(func, ctx)
        finally:
            _script_seconds.append(time.perf_counter() - start)

    script_runner.exec_func_with_error_handling = timed
    try:
        yield
    finally:
        script_runner.exec_func_with_error_handling = original


def _change_profile(at: AppTest, i: int) -> None:
    at.sidebar.selectbox[1].set_value(PROFILES[i % 2])


def _type_hand(at: AppTest, i: int) -> None:
    at.text_input(key="hl_hand_box").input(HANDS[i % 2])


def _interaction(page: str) -> tuple[str, Callable[[AppTest, int], None]]:
    if "Hand_lab" in page:
        return "type 7 / 8 cards", _type_hand
    return "switch profile", _change_profile


def scripts() -> list[str]:
    """``app.py`` and every page, as AppTest's ``switch_page`` takes them."""
    return ["app.py", *(f"pages/{p.name}" for p in sorted((ROOT / "pages").glob("*.py")))]


def measure(page: str) -> tuple[str, list[float], list[float]]:
    """The interaction's name, and ``RUNS`` run and script times in seconds."""
    what, interact = _interaction(page)
    at = AppTest.from_file(str(APP), default_timeout=60)
    if page != "app.py":
        at.switch_page(page)
    for key, value in QUERY.items():
        at.query_params[key] = value
    at.run()
    if at.exception:
        raise RuntimeError(f"{page} raised: {at.exception[0].value}")
    interact(at, 1)
    at.run()  # warm: both states seen once
    runs = []
    _script_seconds.clear()
    for i in range(RUNS):
        interact(at, i)
        start = time.perf_counter()
        at.run()
        runs.append(time.perf_counter() - start)
        if at.exception:
            raise RuntimeError(f"{page} raised: {at.exception[0].value}")
    return what, runs, list(_script_seconds[-RUNS:])


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    print(f"page re-render after an interaction: AppTest, median (p90) of {RUNS} runs, ms")
    print(f"{'page':<28}{'interaction':<18}{'run':>16}{'script':>16}{'vs 100 ms':>11}")
    with _timing_scripts():
        for page in scripts():
            what, runs, script = measure(page)
            run_ms = 1000 * statistics.median(runs)
            script_ms = 1000 * statistics.median(script)
            print(f"{page:<28}{what:<18}{run_ms:>9.1f} ({_ms(runs, 0.9):>4.0f})"
                  f"{script_ms:>9.1f} ({_ms(script, 0.9):>4.0f}){run_ms / TARGET_MS:>10.2f}x")


if __name__ == "__main__":
    main()
