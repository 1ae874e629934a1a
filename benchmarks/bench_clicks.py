"""Click-to-settled times in a real browser: the hand lab's deck picker, clicked card by card.

Starts ``streamlit run app.py`` on a free port, opens the hand lab in Debian's chromium
(Playwright, ``executable_path=/usr/bin/chromium``) at 1366×900 and clicks cards of the deck:
seven cards one by one, the eighth (the discard chart appears), then the eighth out and in
again, and a ninth click on a full hand. A click is *settled* when the app's script has finished
and the page, its component shadow roots included, has not changed for ``QUIET_MS``; the time
printed is from the click to the last change, with the bytes the page received for it. The
target (issue 12): median ≤ 300 ms, worst ≤ 600 ms. Run ``python -m benchmarks.bench_clicks``
(``--runs N`` repeats the sequence; ``--against DIR`` measures another checkout of the app in
turn, under the same load, and prints the ratios).
"""

from __future__ import annotations

import argparse
import os
import statistics
from pathlib import Path
from typing import Any

from harness.server import ROOT, StreamlitServer

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
QUIET_MS = 250
TARGET_MEDIAN_MS, TARGET_WORST_MS = 300.0, 600.0
SEVEN = ("3c", "4c", "5c", "7b", "7o", "7e", "1o")
EIGHTH = "6c"
NINTH = "12b"

# Every DOM change, in the page and in each component's shadow root, stamps the time.
_WATCH = """
() => {
  window.__last = performance.now();
  const stamp = () => {
    window.__last = performance.now();
    if (window.__onchange) window.__onchange();  // another benchmark's hook (bench_play_clicks)
  };
  const seen = (window.__watched = window.__watched || new WeakSet());
  const watch = (root) => {
    if (seen.has(root)) return;
    seen.add(root);
    new MutationObserver(stamp).observe(root, {subtree: true, childList: true,
                                                attributes: true, characterData: true});
  };
  watch(document.body);
  for (const el of document.querySelectorAll("*")) if (el.shadowRoot) watch(el.shadowRoot);
}
"""
_SETTLED = f"""
() => {{
  const app = document.querySelector('[data-testid="stApp"]');
  return app && app.dataset.testScriptState === "notRunning" && window.__last > window.__t0
    && performance.now() - window.__last > {QUIET_MS};
}}
"""


def _wait_idle(page: Any) -> None:
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
    page.wait_for_timeout(400)
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')


class _Received:
    """Bytes the page receives over Streamlit's websocket (what a click costs on the wire)."""

    def __init__(self, page: Any) -> None:
        self.bytes = 0
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: Any) -> None:
        self.bytes += len(payload)


def click_ms(page: Any, code: str, received: _Received) -> tuple[float, int]:
    """Click the deck's card ``code``: the milliseconds until the page last changed, and the
    bytes received for it."""
    page.evaluate(_WATCH)
    before = received.bytes
    page.locator(f'button[data-card="{code}"]').first.evaluate(
        "b => { window.__t0 = performance.now(); b.click(); }")
    page.wait_for_function(_SETTLED, polling=50, timeout=30_000)
    return float(page.evaluate("() => window.__last - window.__t0")), received.bytes - before


def run_once(page: Any, url: str, received: _Received) -> list[tuple[str, float, int]]:
    """One sequence of clicks from an empty hand: (what, ms, bytes) per click."""
    page.goto(f"{url}/Hand_lab?hand=&rules=barajamos&lang=en")
    _wait_idle(page)
    page.wait_for_selector('button[data-card="1o"]')
    clicks = [(f"card {i}", code) for i, code in enumerate(SEVEN, 1)]
    clicks += [("8th card", EIGHTH), ("9th card (full)", NINTH)]
    clicks += [("8th card out", EIGHTH), ("8th card in", EIGHTH)] * 2
    return [(what, *click_ms(page, code, received)) for what, code in clicks]


def measure(root: Path, runs: int) -> list[list[tuple[str, float, int]]]:
    """``runs`` click sequences against a fresh server of the app in ``root``."""
    from playwright.sync_api import sync_playwright

    with StreamlitServer(root) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 900}, locale="en-US")
        received = _Received(page)
        found = [run_once(page, server.url, received) for _ in range(runs)]
        browser.close()
    return found


def _summary(runs: list[list[tuple[str, float, int]]]) -> tuple[float, float, float]:
    every = [ms for run in runs for _, ms, _ in run]
    kb = [b / 1000 for run in runs for _, _, b in run]
    return statistics.median(every), max(every), statistics.median(kb)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", type=Path, default=None,
                        help="another checkout of the app (e.g. the commit before issue 12), "
                             "measured in turn with this one under the same load")
    args = parser.parse_args(argv)
    if not os.access(CHROMIUM, os.X_OK):
        print(f"bench_clicks skipped: no browser at {CHROMIUM} (set CHROMIUM_PATH)")
        return
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    runs = measure(ROOT, args.runs)
    print(f"hand lab, click to settled page (chromium 1366x900, quiet {QUIET_MS} ms), "
          f"{args.runs} runs, ms (kB received); load average {load} on {os.cpu_count()} cores")
    print(f"{'click':<18}" + "".join(f"{'run ' + str(i + 1):>15}" for i in range(args.runs)))
    for i, (what, _, _) in enumerate(runs[0]):
        print(f"{what:<18}" + "".join(f"{run[i][1]:>7.0f} ({run[i][2] / 1000:>4.0f})"
                                      for run in runs))
    median, worst, kb = _summary(runs)
    print(f"all {sum(map(len, runs))} clicks: median {median:.0f} ms "
          f"({median / TARGET_MEDIAN_MS:.2f}x the {TARGET_MEDIAN_MS:.0f} ms target), worst "
          f"{worst:.0f} ms ({worst / TARGET_WORST_MS:.2f}x the {TARGET_WORST_MS:.0f} ms target), "
          f"median {kb:.1f} kB received per click")
    if args.against is not None:
        base = _summary(measure(args.against, args.runs))
        print(f"{args.against}: median {base[0]:.0f} ms, worst {base[1]:.0f} ms, median "
              f"{base[2]:.1f} kB per click; this tree / that one: median "
              f"{median / base[0]:.2f}x, worst {worst / base[1]:.2f}x, kB {kb / base[2]:.2f}x")


if __name__ == "__main__":
    main()
