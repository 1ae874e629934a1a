"""Card faces: every code draws valid SVG, bad input is refused, suits look different."""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET

import pytest

from chinchon.views import svg

SVG_NS = "{http://www.w3.org/2000/svg}"
DECK_48 = [f"{n}{s}" for s in "oceb" for n in range(1, 13)]


def _parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG_NS}svg"
    return root


@pytest.mark.parametrize("code", [*DECK_48, "JK"])
def test_every_card_is_valid_svg(code: str) -> None:
    root = _parse(svg.card_svg(code))
    assert root.get("width") == "72"
    assert root.findtext(f"{SVG_NS}title") == code
    # The number (or JK) is written in the corner, and the suit named in small text.
    texts = [t.text for t in root.iter(f"{SVG_NS}text")]
    assert code[:-1] in texts if code != "JK" else "JK" in texts
    if code != "JK":
        assert svg.SUIT_STYLES[code[-1]].name.upper() in texts


@pytest.mark.parametrize("code", ["7O", " 12b ", "jk", "Jk"])
def test_codes_are_case_insensitive(code: str) -> None:
    canonical = svg.normalize_code(code)
    assert svg.card_svg(code) == svg.card_svg(canonical)


@pytest.mark.parametrize("bad", ["", "0o", "13o", "7x", "7", "o7", "JKR", "10 c", "1.5o", "7o7c"])
def test_bad_codes_raise_value_error_quoting_the_code(bad: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(bad))):
        svg.card_svg(bad)
    with pytest.raises(ValueError, match=re.escape(repr(bad))):
        svg.card_img_html(bad)


def _without_colours(markup: str) -> str:
    return re.sub(r"#[0-9a-fA-F]{3,8}", "", markup)


def test_distinct_suits_have_distinct_shapes_and_colours() -> None:
    styles = list(svg.SUIT_STYLES.values())
    assert [s.letter for s in styles] == list("oceb")
    # Shapes differ even with the colours taken out, so colour is never the only cue.
    assert len({_without_colours(s.shape) for s in styles}) == 4
    assert len({s.fill for s in styles}) == 4
    assert len({s.gaps for s in styles}) == 4  # the frame breaks (pintas) differ too
    for s in styles:
        assert _without_colours(s.shape) in _without_colours(svg.card_svg(f"3{s.letter}"))


def test_figures_differ_from_each_other() -> None:
    faces = {svg.card_svg(f"{n}e") for n in (10, 11, 12)}
    assert len(faces) == 3


def test_width_and_highlight() -> None:
    plain = _parse(svg.card_svg("5c", width=120))
    assert plain.get("width") == "120" and int(plain.get("height", 0)) > 120
    ringed = svg.card_svg("5c", width=120, highlight="#f59e0b")
    assert 'stroke="#f59e0b"' in ringed and "#f59e0b" not in svg.card_svg("5c", width=120)
    for colour in ("red", "#abc", "rgb(10, 20, 30)"):
        _parse(svg.card_svg("5c", highlight=colour))
    with pytest.raises(ValueError, match="colour"):
        svg.card_svg("5c", highlight='red" onload="x')
    with pytest.raises(ValueError, match="width"):
        svg.card_svg("5c", width=0)


def test_back_is_valid_svg() -> None:
    _parse(svg.back_svg(60))
    _parse(svg.back_svg(60, highlight="gold"))


def test_data_uri_round_trips() -> None:
    uri = svg.card_data_uri("11o", width=50)
    prefix = "data:image/svg+xml;base64,"
    assert uri.startswith(prefix)
    assert base64.b64decode(uri[len(prefix) :]).decode() == svg.card_svg("11o", width=50)


def test_img_html_has_text_alternative() -> None:
    html = svg.card_img_html("10e")
    assert html.startswith('<img src="data:image/svg+xml;base64,')
    assert 'alt="sota of espadas"' in html and 'title="sota of espadas"' in html
    custom = svg.card_img_html("10e", alt='sota "de" <espadas>', title="best")
    assert 'alt="sota &quot;de&quot; &lt;espadas&gt;"' in custom and 'title="best"' in custom


def test_row_html_escapes_labels_and_checks_lengths() -> None:
    html = svg.cards_row_html(["1o", "JK"], labels=["<b>one</b>", None], highlights=["red", None])
    assert html.count("<img ") == 2 and html.count("<figcaption") == 1
    assert "&lt;b&gt;one&lt;/b&gt;" in html and "<b>" not in html
    with pytest.raises(ValueError, match="labels"):
        svg.cards_row_html(["1o", "2o"], labels=["x"])
    assert svg.cards_row_html([]).startswith("<div")


def test_group_html() -> None:
    html = svg.card_groups_html(
        [["1o", "2o", "3o"], ["7b"]], captions=["run", "loose"], highlights=[None, "orange"]
    )
    assert html.count("<img ") == 4 and html.count("<figcaption") == 2



def test_group_html_rings_single_cards_and_parts_lines() -> None:
    def url(code: str, ring: str | None, lang: str) -> str:
        return f"{code}-{ring or 'plain'}.svg"

    html = svg.card_groups_html([["1o", "2o"], ["7b"]], rings=[["red", None], [None]],
                                captions=["<i>Ana</i> · run", None], row_gap=8, gap=2,
                                group_gap=12, face_url=url, caption_style="font-size:1px")
    assert 'src="1o-red.svg"' in html and 'src="2o-plain.svg"' in html
    assert 'src="7b-plain.svg"' in html
    assert "gap:8px 12px" in html and "gap:2px" in html
    assert '<figcaption style="font-size:1px">&lt;i&gt;Ana&lt;/i&gt; · run</figcaption>' in html
    plain = svg.card_groups_html([["1o"]], captions=["run"], face_url=url)
    assert "gap:6px 22px" in plain and f'style="{svg.GROUP_CAPTION}"' in plain
    with pytest.raises(ValueError, match="not both"):
        svg.card_groups_html([["1o"]], highlights=["red"], rings=[["red"]])
    with pytest.raises(ValueError, match="rings has 1 entries for 2 groups"):
        svg.card_groups_html([["1o"], ["2o"]], rings=[["red"]])
    with pytest.raises(ValueError, match="highlights has 1 entries for 2 cards"):
        svg.card_groups_html([["1o", "2o"]], rings=[["red"]])
