"""The README's screenshots, taken from the real site: ``make screenshots``.

Starts the site on a free port (a throwaway progress database), opens each page below in
Debian's headless chromium at a laptop's and a phone's size, waits until the page has finished
running, and writes ``docs/images/NAME.png``. Nothing is drawn or edited by hand.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from harness.server import StreamlitServer  # noqa: E402
from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, wait_idle  # noqa: E402

IMAGES = ROOT / "docs" / "images"
LAPTOP: ViewportSize = {"width": 1366, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
#: (file name, address, viewport): a game on a laptop and a puzzle on a phone.
SHOTS = [
    ("play-laptop", "/Play?rules=barajamos&seats=greedy,expert&seed=3&lang=en", LAPTOP),
    ("puzzles-phone", "/Puzzles?rules=fournier&lang=es", PHONE),
]


def take(url: str) -> list[Path]:
    from playwright.sync_api import sync_playwright

    IMAGES.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for name, address, viewport in SHOTS:
                page = browser.new_page(viewport=viewport)
                page.goto(url + address)
                wait_idle(page, timeout=60_000)
                page.wait_for_timeout(500)  # let the card faces and fonts paint
                path = IMAGES / f"{name}.png"
                page.screenshot(path=str(path))
                written.append(path)
                page.close()
        finally:
            browser.close()
    return written


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        env = {"CHINCHON_DB_URL": f"sqlite:///{folder}/screenshots.db"}
        with StreamlitServer(env=env) as server:
            for path in take(server.url):
                print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
