"""A worksheet's pages as pictures (pdftoppm, from poppler-utils), for a person to look at:
``python -m tests.support.worksheet_pictures`` writes one worksheet per language, with its answer key,
to ``/tmp/ws-<lang>-<page>.png`` and prints their paths. ``tests/unit/test_worksheet.py`` checks
that every page of the same worksheets, turned into a picture, is not blank."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from chinchon.cli import main as cli
from chinchon.views.i18n import LANGUAGES

IDS = ("barajamos-017", "barajamos-070", "barajamos-139")
#: The share of a page's pixels darker than mid-grey below which it counts as blank.
BLANK = 0.002


def worksheet(lang: str, path: Path) -> Path:
    """The worksheet of :data:`IDS` in ``lang``, with its answer key, written to ``path``."""
    code = cli(["worksheet", "--rules", "barajamos", "--puzzles", ",".join(IDS), "--lang", lang,
                "--answers", "-o", str(path)], stdout=io.StringIO())
    if code != 0:
        raise RuntimeError(f"the worksheet command failed ({code})")
    return path


def pictures(pdf: Path, prefix: Path, *, fmt: str = "png", dpi: int = 60) -> list[Path]:
    """Every page of ``pdf`` as ``<prefix>-<page>.<fmt>`` (``png``, or ``pgm``: grey bytes)."""
    kind = "-png" if fmt == "png" else "-gray"
    subprocess.run(["pdftoppm", kind, "-r", str(dpi), str(pdf), str(prefix)], check=True)
    return sorted(prefix.parent.glob(f"{prefix.name}-*.{fmt}"))


def ink(pgm: Path) -> float:
    """The share of a grey picture's pixels darker than mid-grey (0.0 for a white page)."""
    data = pgm.read_bytes()
    magic, width, height, top, pixels = data.split(maxsplit=4)
    if magic != b"P5" or top != b"255":
        raise ValueError(f"not an 8-bit grey picture: {pgm}")
    count = int(width) * int(height)
    return sum(value < 128 for value in pixels[:count]) / count


def main() -> int:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        for lang in LANGUAGES:
            pdf = worksheet(lang, Path(folder) / f"ws-{lang}.pdf")
            for path in pictures(pdf, Path("/tmp") / f"ws-{lang}", dpi=80):
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
