"""Card faces as static files: drawn once into ``static/cards/``, served by Streamlit at
``app/static/cards/…`` (``[server] enableStaticServing`` in ``.streamlit/config.toml``).

A page's messages then carry a short address per face instead of its SVG as a data URI (about
5 kB a card): Streamlit hashes, copies and sends every message of every run, so under load the
data URIs were a good part of the server's work, and the browser caches each face once for all
pages. The files are exactly :func:`chinchon.views.svg.card_svg` at its default width (an SVG
scales to any size the markup asks); a face is written the first time a process asks for it,
only when missing or different (a change to the drawings or the translated suit names
replaces it), through a temporary file so that two servers never serve half a file. Where the
folder cannot be written (a read-only deploy) the face stays a data URI, as before.

``static/cards/`` is generated, not kept in git (``.gitignore``).
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Collection
from functools import cache
from pathlib import Path

from chinchon.views import svg

ROOT = Path(__file__).resolve().parent.parent
#: Where Streamlit's static serving reads files (``static/`` beside ``app.py``).
STATIC_DIR = ROOT / "static"
FACES_DIR = STATIC_DIR / "cards"
#: The faces' address, relative to any page of the site (pages live at the site's root path,
#: so a relative address also works under ``server.baseUrlPath``).
FACES_URL = "app/static/cards"
#: Width the files are drawn at (the drawings are vector: any display width looks the same).
FILE_WIDTH = 72


def face_name(code: str, highlight: str | None, lang: str, wild: bool = False) -> str:
    """The file name of a face: its code, ringed faces by the colour, a wild card marked, in
    ``lang``'s folder.

    >>> face_name("7o", None, "en"), face_name("JK", "#e0a21b", "fr")
    ('en/7o.svg', 'fr/JK-ring-e0a21b.svg')
    >>> face_name("1o", None, "es", wild=True)
    'es/1o-wild.svg'
    """
    canonical = svg.normalize_code(code)
    ring = "" if highlight is None else "-ring-" + _colour_name(highlight)
    return f"{lang}/{canonical}{ring}{'-wild' if wild else ''}.svg"


def back_name(highlight: str | None = None) -> str:
    """The file name of the card back.

    >>> back_name()
    'back.svg'
    """
    return "back.svg" if highlight is None else f"back-ring-{_colour_name(highlight)}.svg"


def _colour_name(colour: str) -> str:
    """A CSS colour (already checked by the drawing) as a file-name part."""
    return re.sub(r"[^0-9a-z]+", "_", colour.lower()).strip("_")


def _written(name: str, text: str) -> bool:
    """Make ``FACES_DIR / name`` hold ``text`` (atomically); False where it cannot be written."""
    path = FACES_DIR / name
    try:
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            return True
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".face-", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.chmod(temporary, 0o644)
            os.replace(temporary, path)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
    except OSError:
        return False
    return True


@cache
def face_url(code: str, highlight: str | None = None, lang: str = "en",
             wild: bool = False) -> str:
    """The address of the face of ``code`` (ringed in ``highlight``, suit named in ``lang``,
    marked ``wild``), its file written if needed; a data URI where the file cannot be written.

    Its signature is :func:`chinchon.views.svg.card_img_html`'s ``face_url``.
    """
    drawing = svg.card_svg(code, width=FILE_WIDTH, highlight=highlight, lang=lang, wild=wild)
    name = face_name(code, highlight, lang, wild)
    return f"{FACES_URL}/{name}" if _written(name, drawing) else svg.svg_data_uri(drawing)


def wild_face_url(wild: Collection[str]) -> svg.FaceUrl:
    """:func:`face_url` marking the codes in ``wild`` (a table's wild cards)."""
    def url(code: str, highlight: str | None, lang: str) -> str:
        return face_url(code, highlight, lang, wild=svg.normalize_code(code) in wild)

    return url


@cache
def back_url(highlight: str | None = None) -> str:
    """The address of the card back (see :func:`face_url`)."""
    drawing = svg.back_svg(FILE_WIDTH, highlight=highlight)
    name = back_name(highlight)
    return f"{FACES_URL}/{name}" if _written(name, drawing) else svg.svg_data_uri(drawing)
