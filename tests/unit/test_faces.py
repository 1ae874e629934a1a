"""Card faces as static files (webui/faces.py): each file is the face the site drew before as a
data URI, the markup points at the files, and a live server serves them as SVG images."""

from __future__ import annotations

import base64
import urllib.request
from pathlib import Path

import pytest

from chinchon.engine.cards import RANKS_48, Card
from chinchon.engine.melds import Meld
from chinchon.views import svg
from webui import cards, faces

ROOT = Path(__file__).resolve().parents[2]


def _data_uri_svg(uri: str) -> str:
    prefix = "data:image/svg+xml;base64,"
    assert uri.startswith(prefix)
    return base64.b64decode(uri[len(prefix):]).decode()


@pytest.mark.parametrize("lang", ["en", "es", "fr", "pt"])
def test_every_face_file_is_the_face_drawn_before(lang: str) -> None:
    codes = [f"{rank}{suit}" for suit in "oceb" for rank in RANKS_48] + ["JK"]
    for code in codes:
        url = faces.face_url(code, None, lang)
        assert url == f"app/static/cards/{lang}/{code}.svg"
        text = (faces.STATIC_DIR / url.removeprefix("app/static/")).read_text(encoding="utf-8")
        # Byte for byte the data URI the faces' stylesheet carried before (width 72, in lang).
        assert text == _data_uri_svg(svg.card_data_uri(code, width=72, lang=lang))


def test_the_hand_row_names_each_face_by_its_file(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    monkeypatch.setattr(cards.st, "html", drawn.append)
    cards.show_faces(["7o", "JK"], "fr", width=60, highlights=["#1f7a4d", None])
    (row,) = drawn
    assert 'data-face="7o"' in row and 'aria-label="7 d&#x27;ors"' in row
    assert "background-image:url(&quot;app/static/cards/fr/7o.svg&quot;)" in row
    assert "background-image:url(&quot;app/static/cards/fr/JK.svg&quot;)" in row
    assert "box-shadow:0 0 0 3px #1f7a4d" in row and "base64" not in row


def test_the_melds_on_the_table_ring_the_cards_laid_off_and_name_who_showed_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    monkeypatch.setattr(cards.st, "html", drawn.append)
    melds = [Meld.parse("5o 6o 7o"), Meld.parse("9c 9e 9b")]
    cards.show_table(melds, ["<b>Ana</b>", "Luis"], "en", laid=[[Card.parse("7o")]])
    (markup,) = drawn
    ringed = f"-ring-{cards.LAID_RING.removeprefix('#')}.svg"
    assert f'src="app/static/cards/en/7o{ringed}"' in markup
    assert markup.count(ringed) == 1  # only the card laid off, on its meld only
    assert "&lt;b&gt;Ana&lt;/b&gt; · Run" in markup and "<b>" not in markup
    assert "Luis · Group" in markup
    assert f'<figcaption style="{cards.OWNER_CAPTION}">' in markup


def test_a_ringed_face_and_the_back_are_files_too() -> None:
    url = faces.face_url("10e", "#e0a21b", "fr")
    assert url == "app/static/cards/fr/10e-ring-e0a21b.svg"
    drawn = (faces.FACES_DIR / "fr/10e-ring-e0a21b.svg").read_text(encoding="utf-8")
    assert drawn == svg.card_svg("10e", highlight="#e0a21b", lang="fr")
    assert 'stroke="#e0a21b"' in drawn
    assert faces.back_url() == "app/static/cards/back.svg"
    assert (faces.FACES_DIR / "back.svg").read_text(encoding="utf-8") == svg.back_svg(72)


def test_card_markup_points_at_the_files_and_keeps_its_names() -> None:
    html = svg.cards_row_html(["1o", "JK"], highlights=[None, "#8b3fb8"], lang="es",
                              alts=["as de oros", None], face_url=faces.face_url)
    assert 'src="app/static/cards/es/1o.svg"' in html
    assert 'src="app/static/cards/es/JK-ring-8b3fb8.svg"' in html
    assert 'alt="as de oros"' in html and "base64" not in html
    # Without face_url the library still inlines the face, as the CLI and notebooks use it.
    assert "data:image/svg+xml;base64," in svg.cards_row_html(["1o"])


def test_a_stale_file_is_replaced_and_an_unwritable_folder_falls_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(faces, "FACES_DIR", tmp_path / "cards")
    faces.face_url.cache_clear()
    try:
        (tmp_path / "cards" / "en").mkdir(parents=True)
        stale = tmp_path / "cards" / "en" / "7o.svg"
        stale.write_text("<svg>old drawing</svg>", encoding="utf-8")
        assert faces.face_url("7o") == "app/static/cards/en/7o.svg"
        assert stale.read_text(encoding="utf-8") == svg.card_svg("7o")
        assert not list(stale.parent.glob(".face-*"))  # no temporary file left behind
        faces.face_url.cache_clear()
        monkeypatch.setattr(faces, "FACES_DIR", tmp_path / "file" / "cards")
        (tmp_path / "file").write_text("not a folder", encoding="utf-8")
        assert faces.face_url("7o") == svg.card_data_uri("7o")
    finally:
        faces.face_url.cache_clear()


@pytest.mark.slow
def test_a_live_server_serves_the_faces_as_svg() -> None:
    from harness.server import StreamlitServer

    url = faces.face_url("11c", None, "pt")
    with StreamlitServer() as server, urllib.request.urlopen(f"{server.url}/{url}",
                                                             timeout=10) as resp:
        assert resp.headers["Content-Type"].startswith("image/svg+xml")
        assert resp.read().decode() == svg.card_svg("11c", lang="pt")
