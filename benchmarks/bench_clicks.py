"""Click-to-settled times in a real browser: the hand lab's deck picker, clicked card by card.

Starts ``streamlit run app.py`` on a free port, opens the hand lab in Debian's chromium
(Playwright, ``executable_path=/usr/bin/chromium``) at 1366×900 and clicks cards of the deck:
seven cards one by one, the eighth (the discard chart appears), then the eighth out and in
again, and a ninth click on a full hand. A click is *settled* when the app's script has finished
and the page, its component shadow roots included, has not changed for ``QUIET_MS``; the time
printed is from the click to the last change. The target (issue 12): median ≤ 300 ms, worst
≤ 600 ms. Run ``python -m benchmarks.bench_clicks`` (``--runs N`` repeats the sequence).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
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
  const stamp = () => { window.__last = performance.now(); };
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


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _start_server(port: int) -> subprocess.Popen[bytes]:
    log = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the server
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1",
         "--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2):
                return proc
        except OSError:
            time.sleep(0.25)
    proc.kill()
    raise RuntimeError("streamlit did not start")


def _wait_idle(page: Any) -> None:
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
    page.wait_for_timeout(400)
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')


def click_ms(page: Any, code: str) -> float:
    """Click the deck's card ``code``; the milliseconds until the page last changed."""
    page.evaluate(_WATCH)
    page.locator(f'button[data-card="{code}"]').first.evaluate(
        "b => { window.__t0 = performance.now(); b.click(); }")
    page.wait_for_function(_SETTLED, polling=50, timeout=30_000)
    return float(page.evaluate("() => window.__last - window.__t0"))


def run_once(page: Any, url: str) -> list[tuple[str, float]]:
    """One sequence of clicks from an empty hand: (what, ms) per click."""
    page.goto(f"{url}/Hand_lab?hand=&rules=barajamos&lang=en")
    _wait_idle(page)
    page.wait_for_selector('button[data-card="1o"]')
    times = [(f"card {i}", click_ms(page, code)) for i, code in enumerate(SEVEN, 1)]
    times.append(("8th card", click_ms(page, EIGHTH)))
    times.append(("9th card (full)", click_ms(page, NINTH)))
    for _ in range(2):
        times.append(("8th card out", click_ms(page, EIGHTH)))
        times.append(("8th card in", click_ms(page, EIGHTH)))
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    port = _free_port()
    server = _start_server(port)
    url = f"http://127.0.0.1:{port}"
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            page = browser.new_page(viewport={"width": 1366, "height": 900}, locale="en-US")
            runs = [run_once(page, url) for _ in range(args.runs)]
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"hand lab, click to settled page (chromium 1366x900, quiet {QUIET_MS} ms), "
          f"{args.runs} runs, ms; load average {load} on {os.cpu_count()} cores")
    print(f"{'click':<18}" + "".join(f"{'run ' + str(i + 1):>9}" for i in range(args.runs)))
    for i, (what, _) in enumerate(runs[0]):
        print(f"{what:<18}" + "".join(f"{run[i][1]:>9.0f}" for run in runs))
    every = [ms for run in runs for _, ms in run]
    median, worst = statistics.median(every), max(every)
    print(f"all {len(every)} clicks: median {median:.0f} ms ({median / TARGET_MEDIAN_MS:.2f}x "
          f"the {TARGET_MEDIAN_MS:.0f} ms target), worst {worst:.0f} ms "
          f"({worst / TARGET_WORST_MS:.2f}x the {TARGET_WORST_MS:.0f} ms target)")


if __name__ == "__main__":
    main()
