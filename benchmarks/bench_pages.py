"""Page re-render times: every page of the site re-run by Streamlit's AppTest after a change.

For each script (``app.py`` and every file in ``pages/``) the benchmark opens the page once, then
repeats an interaction ``RUNS`` times and prints the median and the 90th percentile of

- ``run``: the whole ``AppTest.run()`` round trip (AppTest recompiles the script on every run,
  which a live server does not, so this is an upper bound), and
- ``script``: the time spent executing the page script itself.

The interaction is switching the sidebar's rule profile back and forth (every page has it); the
hand lab is timed on its own widgets: typing a hand (seven and eight cards in turn, so the
discard table and chart come and go), the four-profile comparison, and the closer's table.
Run ``python -m benchmarks.bench_pages``; the target is well under 100 ms.
"""

from __future__ import annotations

import logging
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
CLOSERS = ("7o 7c 7b | 9e 10e 11e / 4o", "4c 5c 6c | 10o 10c 10b / 1e")

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


def _compare_profiles(at: AppTest, i: int) -> None:
    at.toggle(key="hl_compare").set_value(i % 2 == 0)


def _type_closer(at: AppTest, i: int) -> None:
    at.text_input(key="hl_table_box").input(CLOSERS[i % 2])


Interaction = Callable[[AppTest, int], None]
#: What each page is timed on: the shared sidebar everywhere, the hand lab's own widgets too.
INTERACTIONS: dict[str, list[tuple[str, Interaction, dict[str, str]]]] = {
    "Hand_lab": [
        ("type 7 / 8 cards", _type_hand, {}),
        ("four profiles", _compare_profiles, {"hand": HANDS[1]}),
        ("closer's table", _type_closer, {"hand": "7e 12e 1o 3c 5b 8o 2e"}),
    ],
}


def _interactions(page: str) -> list[tuple[str, Interaction, dict[str, str]]]:
    for word, found in INTERACTIONS.items():
        if word in page:
            return found
    return [("switch profile", _change_profile, {})]


def scripts() -> list[str]:
    """``app.py`` and every page, as AppTest's ``switch_page`` takes them."""
    return ["app.py", *(f"pages/{p.name}" for p in sorted((ROOT / "pages").glob("*.py")))]


def measure(page: str, interact: Interaction, query: dict[str, str]) -> tuple[list[float],
                                                                             list[float]]:
    """``RUNS`` run and script times in seconds of ``interact`` on ``page``."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    if page != "app.py":
        at.switch_page(page)
    for key, value in {**QUERY, **query}.items():
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
    return runs, list(_script_seconds[-RUNS:])


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    # AppTest outside a server logs "missing ScriptRunContext" once per page: noise, not news.
    # (A filter, not a level: Streamlit resets its loggers' levels whenever it reads its config.)
    logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").addFilter(
        lambda record: "missing ScriptRunContext" not in record.getMessage())
    print(f"page re-render after an interaction: AppTest, median (p90) of {RUNS} runs, ms")
    print(f"{'page':<28}{'interaction':<18}{'run':>16}{'script':>16}{'vs 100 ms':>11}")
    with _timing_scripts():
        for page in scripts():
            for what, interact, query in _interactions(page):
                runs, script = measure(page, interact, query)
                run_ms = 1000 * statistics.median(runs)
                script_ms = 1000 * statistics.median(script)
                print(f"{page:<28}{what:<18}{run_ms:>9.1f} ({_ms(runs, 0.9):>4.0f})"
                      f"{script_ms:>9.1f} ({_ms(script, 0.9):>4.0f})"
                      f"{run_ms / TARGET_MS:>10.2f}x")


if __name__ == "__main__":
    main()
