"""Spanish card faces as SVG strings: our own drawings of oros, copas, espadas and bastos.

Pure functions, no Streamlit. Pages embed the faces as ``<img src="data:image/svg+xml;base64,…">``
because ``st.html`` strips inline ``<svg>``.

Every face tells its suit three ways, so colour is never the only cue: a distinct shape
(coin, cup, sword, club) in a distinct colour, and the suit's name in small capitals. The
inner frame is broken like the *pintas* of a real Spanish deck: no gap for oros, one for
copas, two for espadas, three for bastos.

>>> card_svg("7o").startswith("<svg")
True
>>> card_svg("13o")
Traceback (most recent call last):
...
ValueError: not a card code: '13o' (expected 1-12 and a suit letter o, c, e or b, or JK)
>>> card_data_uri("JK")[:26]
'data:image/svg+xml;base64,'
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from html import escape

from chinchon.engine.errors import quote
from chinchon.views import i18n

__all__ = [
    "GROUP_CAPTION",
    "SUIT_STYLES",
    "FaceUrl",
    "back_svg",
    "card_data_uri",
    "card_groups_html",
    "card_img_html",
    "card_svg",
    "cards_row_html",
    "normalize_code",
    "svg_data_uri",
]

# Face geometry: the card is 100 x 150 units; a 4-unit margin all round leaves room for the
# highlight ring, so highlighted and plain cards line up in a row.
_W, _H, _M = 100, 150, 4
_VIEW_W, _VIEW_H = _W + 2 * _M, _H + 2 * _M
_PAPER = "#fffdf7"
_EDGE = "#8d8677"
_SKIN = "#f3d3b4"
_SKIN_INK = "#6b4a2f"
_SERIF = "Georgia, 'DejaVu Serif', 'Liberation Serif', serif"
_SANS = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif"

_CODE_RE = re.compile(r"(1[0-2]|[1-9])([oceb])|jk", re.IGNORECASE)
# Highlight colours end up inside an SVG attribute: accept only plain CSS colour syntax.
_COLOUR_RE = re.compile(r"#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,24}|rgba?\([0-9.,%\s]+\)")


@dataclass(frozen=True)
class SuitStyle:
    """How one suit is drawn: its colours and its symbol, centred on (0, 0), about 20 units."""

    letter: str
    name: str
    fill: str
    ink: str
    shape: str
    gaps: int  # breaks in the inner frame (the "pinta")


def _coin(fill: str, ink: str) -> str:
    star = "M0,-3.4 L1,-1 L3.4,0 L1,1 L0,3.4 L-1,1 L-3.4,0 L-1,-1Z"
    return (
        f'<circle r="9.6" fill="{fill}" stroke="{ink}" stroke-width="1.3"/>'
        f'<circle r="6.6" fill="none" stroke="{ink}" stroke-width="0.9"/>'
        f'<path d="{star}" fill="{ink}"/>'
    )


def _cup(fill: str, ink: str) -> str:
    body = (
        "M-8.2,-9.5 H8.2 C8.2,-1.5 4.6,1.8 1.6,2.4 V5.6 C1.6,6.8 4.2,7.4 6.4,8.6 V10.4 "
        "H-6.4 V8.6 C-4.2,7.4 -1.6,6.8 -1.6,5.6 V2.4 C-4.6,1.8 -8.2,-1.5 -8.2,-9.5Z"
    )
    return (
        f'<path d="{body}" fill="{fill}" stroke="{ink}" stroke-width="1.2" '
        'stroke-linejoin="round"/>'
        f'<path d="M-8,-6.6 H8" stroke="{ink}" stroke-width="1"/>'
        f'<circle cy="-2.6" r="1.4" fill="{ink}"/>'
    )


def _sword(fill: str, ink: str) -> str:
    blade = "M0,-11 L2.3,-7.6 V3 H-2.3 V-7.6Z"
    guard = "M-7,2.6 Q-7.6,5.4 -5,5.4 H5 Q7.6,5.4 7,2.6Z"
    return (
        f'<path d="{blade}" fill="{fill}" stroke="{ink}" stroke-width="1.1" '
        'stroke-linejoin="round"/>'
        f'<path d="M0,-8 V1.6" stroke="#ffffff" stroke-width="0.8" opacity="0.7"/>'
        f'<path d="{guard}" fill="{ink}"/>'
        f'<rect x="-1.2" y="5.4" width="2.4" height="3.6" fill="{ink}"/>'
        f'<circle cy="10" r="1.7" fill="{fill}" stroke="{ink}" stroke-width="0.9"/>'
    )


def _club(fill: str, ink: str) -> str:
    # A knobbly wooden club: round cut-branch knots on a thick head, a suit-coloured grip.
    club = (
        "M-2.3,11 L-3.3,3 C-4.6,-2 -5.2,-5 -5.2,-7.4 C-5.2,-12.4 5.2,-12.4 5.2,-7.4 "
        "C5.2,-5 4.6,-2 3.3,3 L2.3,11Z"
    )
    knots = "".join(
        f'<circle cx="{x}" cy="{y}" r="1.6" fill="#9a6a3a" stroke="#4a2a0e" stroke-width="0.8"/>'
        f'<circle cx="{x}" cy="{y}" r="0.55" fill="#4a2a0e"/>'
        for x, y in ((-4.6, -3.4), (4.7, -7.2), (3.4, 1.4))
    )
    return (
        '<g transform="rotate(-22)">'
        f'<path d="{club}" fill="#9a6a3a" stroke="#4a2a0e" stroke-width="1.2" '
        'stroke-linejoin="round"/>'
        '<path d="M-1.6,-9.6 Q-2.8,-2 -1.2,6" fill="none" stroke="#e2c195" stroke-width="0.9"/>'
        + knots
        + f'<path d="M-3.1,5.4 L3.1,5.4 L2.8,8.6 L-2.8,8.6Z" fill="{fill}" stroke="{ink}" '
        'stroke-width="0.8"/>'
        "</g>"
    )


def _suit(
    letter: str, name: str, fill: str, ink: str, gaps: int, draw: Callable[[str, str], str]
) -> SuitStyle:
    return SuitStyle(letter, name, fill, ink, draw(fill, ink), gaps)


SUIT_STYLES: dict[str, SuitStyle] = {
    s.letter: s
    for s in (
        _suit("o", "oros", "#e8b423", "#8a5a00", 0, _coin),
        _suit("c", "copas", "#d23a2e", "#7a1711", 1, _cup),
        _suit("e", "espadas", "#3b73c4", "#17345f", 2, _sword),
        _suit("b", "bastos", "#4d9a3f", "#1f4d19", 3, _club),
    )
}
_JOKER_FILL, _JOKER_INK = "#8e3fb0", "#40124f"

# Pip centres on the 100 x 150 face and the symbol's scale, per number.
_C2 = (37, 63)
_PIPS: dict[int, tuple[float, tuple[tuple[float, float], ...]]] = {
    1: (2.7, ((50, 75),)),
    2: (1.55, ((50, 40), (50, 110))),
    3: (1.35, ((50, 34), (50, 75), (50, 116))),
    4: (1.3, tuple((x, y) for y in (42, 108) for x in _C2)),
    5: (1.2, (*((x, y) for y in (36, 114) for x in _C2), (50, 75))),
    6: (1.15, tuple((x, y) for y in (34, 75, 116) for x in _C2)),
    7: (1.0, (*((x, y) for y in (34, 80, 120) for x in _C2), (50, 57))),
    8: (0.98, tuple((x, y) for y in (30, 60, 90, 120) for x in _C2)),
    9: (0.86, tuple((x, y) for y in (36, 75, 114) for x in (31, 50, 69))),
}


def normalize_code(code: str) -> str:
    """Return the canonical card code (``'7o'``, ``'12b'``, ``'JK'``); raise ValueError if bad.

    >>> normalize_code(" 12B ")
    '12b'
    """
    text = code.strip() if isinstance(code, str) else ""
    match = _CODE_RE.fullmatch(text)
    if not match:
        raise ValueError(
            f"not a card code: {quote(code)} (expected 1-12 and a suit letter o, c, e or b, or JK)"
        )
    return "JK" if match.group(2) is None else f"{int(match.group(1))}{match.group(2).lower()}"


def _place(shape: str, x: float, y: float, scale: float) -> str:
    return f'<g transform="translate({x:g},{y:g}) scale({scale:g})">{shape}</g>'


def _frame(colour: str, gaps: int) -> str:
    """Inner frame, its top and bottom edges broken ``gaps`` times (the Spanish pinta)."""
    lo, hi, gap, step = 4.0, _W - 4.0, 6.0, 11.0
    centres = [50 + (i - (gaps - 1) / 2) * step for i in range(gaps)]
    cuts = [lo, *(v for c in centres for v in (c - gap / 2, c + gap / 2)), hi]
    runs = [(cuts[i], cuts[i + 1]) for i in range(0, len(cuts), 2)]
    edges = "".join(f"M{a:g},{y:g} H{b:g}" for y in (lo, _H - lo) for a, b in runs)
    sides = f"M{lo:g},{lo:g} V{_H - lo:g} M{hi:g},{lo:g} V{_H - lo:g}"
    return f'<path d="{edges} {sides}" fill="none" stroke="{colour}" stroke-width="1.3"/>'


def _index(label: str, shape: str, ink: str) -> str:
    """Corner index: the number, big, with a small suit symbol under it; repeated upside down."""
    squeeze = ' textLength="23" lengthAdjust="spacingAndGlyphs"' if len(label) > 1 else ""
    one = (
        f'<text x="14" y="29" font-family="{_SERIF}" font-size="27" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}"{squeeze}>{label}</text>' + _place(shape, 14, 41.5, 0.62)
    )
    return one + f'<g transform="rotate(180 50 75)">{one}</g>'


def _caption(text: str, ink: str) -> str:
    return (
        f'<text x="50" y="143.5" font-family="{_SANS}" font-size="9.5" font-weight="bold" '
        f'letter-spacing="0.8" text-anchor="middle" fill="{ink}">{text.upper()}</text>'
    )


def _eyes(left: float, right: float, y: float, r: float) -> str:
    return "".join(f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="#222"/>' for x in (left, right))


def _sota(s: SuitStyle) -> str:
    """A page standing, cap and feather, holding his suit's symbol."""
    f, k = s.fill, s.ink
    return (
        f'<path d="M43,100 V121 H48 V100Z M52,100 V121 H57 V100Z" fill="{k}"/>'
        '<path d="M40,121 H48 V125 H39Z M52,121 H60 L61,125 H52Z" fill="#3b2a1a"/>'
        f'<path d="M42,60 L36,84" stroke="{k}" stroke-width="6" stroke-linecap="round"/>'
        f'<path d="M58,60 L67,76" stroke="{k}" stroke-width="6" stroke-linecap="round"/>'
        f'<path d="M41,56 Q50,51 59,56 L64,102 Q50,107 36,102Z" fill="{f}" stroke="{k}" '
        'stroke-width="1.3"/>'
        f'<path d="M38.5,80 H61.5" stroke="{k}" stroke-width="2.2"/>'
        '<path d="M44,56 Q50,62 56,56" fill="none" stroke="#fff" stroke-width="2.6"/>'
        f'<circle cx="36" cy="85" r="2.6" fill="{_SKIN}" stroke="{_SKIN_INK}" stroke-width="0.7"/>'
        f'<circle cx="50" cy="45" r="8" fill="{_SKIN}" stroke="{_SKIN_INK}" stroke-width="1"/>'
        '<path d="M42,46 Q41,37 50,37 Q59,37 58,46 Q56,41 50,41 Q44,41 42,46Z" fill="#6b4423"/>'
        f'<path d="M40,39 Q50,27 60,39Z" fill="{f}" stroke="{k}" stroke-width="1"/>'
        f'<path d="M57,34 Q65,22 71,26 Q64,28 59,37" fill="#fff" stroke="{k}" '
        'stroke-width="0.8"/>'
        + _eyes(47, 53, 46, 0.9)
        + _place(s.shape, 68, 66, 0.95)
        + f'<circle cx="68" cy="77" r="2.6" fill="{_SKIN}" stroke="{_SKIN_INK}" '
        'stroke-width="0.7"/>'
    )


def _caballo(s: SuitStyle) -> str:
    """A horse's head and neck in profile, mane and bridle in the suit's colours."""
    f, k = s.fill, s.ink
    head = (
        "M40,80 L44,40 Q44,20 34,14 L31,5 L27,15 Q18,18 10,34 L4,46 Q0,53 7,56 "
        "L16,56 Q22,50 26,45 Q25,63 14,80Z"
    )
    mane = "M44,38 L51,43 L45,47 L52,53 L46,57 L53,63 L46,67 L52,74 L41,80Z"
    bridle = "M27,16 L16,47 M9,40 L17,49 M27,16 Q30,22 27,30"
    return (
        '<g transform="translate(24,46) scale(0.95)">'
        f'<path d="{mane}" fill="{f}" stroke="{k}" stroke-width="1" stroke-linejoin="round"/>'
        f'<path d="{head}" fill="#f6efe2" stroke="#4a3a2a" stroke-width="1.4" '
        'stroke-linejoin="round"/>'
        f'<path d="{bridle}" fill="none" stroke="{k}" stroke-width="1.6"/>'
        '<circle cx="22" cy="27" r="2" fill="#222"/><circle cx="6.5" cy="50" r="1.2" fill="#222"/>'
        f'<path d="M14,80 Q27,74 40,80 L41,84 L13,84Z" fill="{f}" stroke="{k}" '
        'stroke-width="1"/>'
        "</g>" + _place(s.shape, 62, 31, 0.95)
    )


def _rey(s: SuitStyle) -> str:
    """A bearded king in a long robe with an ermine band, crowned, holding his symbol."""
    f, k = s.fill, s.ink
    return (
        f'<path d="M58,62 L67,78" stroke="{k}" stroke-width="6" stroke-linecap="round"/>'
        f'<path d="M40,58 Q50,53 60,58 L68,124 H32Z" fill="{f}" stroke="{k}" stroke-width="1.3"/>'
        f'<path d="M47,57 H53 L55.5,124 H44.5Z" fill="#fff" stroke="{k}" stroke-width="0.8"/>'
        + "".join(f'<circle cx="50" cy="{y}" r="0.9" fill="#222"/>' for y in (72, 88, 104, 118))
        + f'<circle cx="50" cy="46" r="8" fill="{_SKIN}" stroke="{_SKIN_INK}" stroke-width="1"/>'
        '<path d="M42.3,47 Q43,60 50,62 Q57,60 57.7,47 Q54,52.5 50,52.5 Q46,52.5 42.3,47Z" '
        'fill="#ddd6cb" stroke="#7d756a" stroke-width="0.8"/>'
        '<path d="M41,40 V29.5 L45.5,34.5 L50,26 L54.5,34.5 L59,29.5 V40Z" fill="#f0c020" '
        'stroke="#7a5a00" stroke-width="1" stroke-linejoin="round"/>'
        '<circle cx="50" cy="36" r="1.3" fill="#d23a2e"/>'
        + _eyes(47, 53, 46, 0.9)
        + _place(s.shape, 67, 68, 0.95)
        + f'<circle cx="67" cy="79" r="2.6" fill="{_SKIN}" stroke="{_SKIN_INK}" '
        'stroke-width="0.7"/>'
    )


_FIGURES = {10: _sota, 11: _caballo, 12: _rey}


def _star(fill: str, ink: str) -> str:
    pts = "0,-10 2.9,-3.1 9.5,-3.1 4.2,1.2 6.2,8.1 0,4 -6.2,8.1 -4.2,1.2 -9.5,-3.1 -2.9,-3.1"
    return f'<polygon points="{pts}" fill="{fill}" stroke="{ink}" stroke-width="1.1"/>'


def _joker_face(joker: str) -> str:
    f, k = _JOKER_FILL, _JOKER_INK
    hat = "M37,54 Q34,38 27,35 Q37,30 43,42 Q46,24 50,20 Q54,24 57,42 Q63,30 73,35 Q66,38 63,54Z"
    bells = "".join(
        f'<circle cx="{x}" cy="{y}" r="3" fill="#f0c020" stroke="#7a5a00" stroke-width="0.8"/>'
        for x, y in ((27, 35), (50, 20), (73, 35))
    )
    ruff = "".join(
        f'<circle cx="{x}" cy="86" r="5" fill="#fff" stroke="{k}" stroke-width="0.9"/>'
        for x in (37, 45, 55, 63)
    )
    return (
        _frame(f, 0)
        + f'<path d="M36,90 Q50,84 64,90 L70,128 H30Z" fill="{f}" stroke="{k}" stroke-width="1.3"/>'
        + ruff
        + f'<path d="{hat}" fill="#d23a2e" stroke="{k}" stroke-width="1.2" '
        'stroke-linejoin="round"/>'
        + bells
        + f'<circle cx="50" cy="66" r="15" fill="{_SKIN}" stroke="{_SKIN_INK}" stroke-width="1.2"/>'
        + _eyes(44.5, 55.5, 63, 1.5)
        + '<path d="M43,71 Q50,78 57,71" fill="none" stroke="#7a1711" stroke-width="1.6" '
        'stroke-linecap="round"/>' + _index("JK", _star(f, k), k) + _caption(joker, k)
    )


@cache
def _face(code: str, lang: str) -> str:
    """The drawing of one canonical code on the 100 x 150 face (without the card itself).

    The caption under the drawing names the suit in ``lang``, as the page's text does.
    """
    if code == "JK":
        return _joker_face(i18n.t("card.joker", lang))
    number, suit = int(code[:-1]), SUIT_STYLES[code[-1]]
    if number in _FIGURES:
        panel = (
            f'<rect x="26" y="13" width="48" height="121" rx="4" fill="{suit.fill}" '
            f'fill-opacity="0.1" stroke="{suit.fill}" stroke-width="0.8"/>'
        )
        art = panel + _FIGURES[number](suit)
    else:
        scale, spots = _PIPS[number]
        art = "".join(_place(suit.shape, x, y, scale) for x, y in spots)
    return (
        _frame(suit.fill, suit.gaps)
        + art
        + _index(str(number), suit.shape, suit.ink)
        + _caption(i18n.t(f"card.suit.{code[-1]}", lang), suit.ink)
    )


def _check_colour(colour: str | None) -> str | None:
    if colour is not None and not _COLOUR_RE.fullmatch(colour):
        raise ValueError(f"not a CSS colour: {quote(colour)}")
    return colour


def _wrap(body: str, width: int, highlight: str | None, title: str) -> str:
    if width <= 0:
        raise ValueError(f"card width must be positive, got {quote(width)}")
    height = round(width * _VIEW_H / _VIEW_W)
    ring = (
        f'<rect x="-2.6" y="-2.6" width="{_W + 5.2:g}" height="{_H + 5.2:g}" rx="9" '
        f'fill="none" stroke="{highlight}" stroke-width="4.4"/>'
        if _check_colour(highlight)
        else ""
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="{-_M} {-_M} {_VIEW_W} {_VIEW_H}" role="img">'
        f"<title>{escape(title)}</title>"
        f'<rect x="1.2" y="2" width="{_W}" height="{_H}" rx="7" fill="#000" opacity="0.13"/>'
        f'<rect x="0.5" y="0.5" width="{_W - 1}" height="{_H - 1}" rx="7" fill="{_PAPER}" '
        f'stroke="{_EDGE}" stroke-width="1"/>'
        f"{body}{ring}</svg>"
    )


def card_height(width: int) -> int:
    """The height in px of a card face drawn ``width`` px wide.

    >>> card_height(72)
    105
    """
    return round(width * _VIEW_H / _VIEW_W)


#: The mark of a wild card (the ace of oros under ``jokers=ace-of-oros``): the joker's star in
#: a purple disc in the top right corner, drawn as shapes (no font needed).
WILD_MARK = ('<g data-wild="1" transform="translate({x},15)"><circle r="11" fill="#6b3fa0" '
             'stroke="#fff" stroke-width="1.5"/><g transform="scale(0.75)">{star}</g></g>')


def card_svg(code: str, *, width: int = 72, highlight: str | None = None,
             lang: str = "en", wild: bool = False) -> str:
    """The face of ``code`` (``'7o'``, ``'12b'``, ``'JK'``) as an SVG document ``width`` px wide.

    ``highlight`` is a CSS colour for a ring round the card (a selected card, the best discard);
    ``lang`` names the suit under the drawing (``COPAS``, ``COUPES``); ``wild`` marks a card
    that plays as a joker at this table (:data:`WILD_MARK`).

    >>> 'data-wild' in card_svg("1o", wild=True), 'data-wild' in card_svg("1o")
    (True, False)
    """
    canonical = normalize_code(code)
    body = _face(canonical, lang)
    if wild:
        body += WILD_MARK.format(x=_W - 15, star=_star("#fff", "#fff"))
    return _wrap(body, width, highlight, canonical)


def back_svg(width: int = 72, *, highlight: str | None = None) -> str:
    """A face-down card: green felt lattice with a suit medallion."""
    lattice = "".join(
        f'<path d="M{x},8 L{x + 42},150 M{x + 42},8 L{x},150" stroke="#2f8a5c" stroke-width="1.4"/>'
        for x in range(-36, 100, 12)
    )
    medal = "".join(
        _place(SUIT_STYLES[s].shape, x, y, 0.62)
        for s, (x, y) in zip("oceb", ((42, 66), (58, 66), (42, 84), (58, 84)), strict=True)
    )
    body = (
        '<clipPath id="inner"><rect x="6" y="6" width="88" height="138" rx="4"/></clipPath>'
        '<rect x="6" y="6" width="88" height="138" rx="4" fill="#1c6340"/>'
        f'<g clip-path="url(#inner)">{lattice}</g>'
        '<rect x="6" y="6" width="88" height="138" rx="4" fill="none" stroke="#e8b423" '
        'stroke-width="1.4"/>'
        '<ellipse cx="50" cy="75" rx="22" ry="26" fill="#fffdf7" stroke="#e8b423" '
        'stroke-width="1.6"/>' + medal
    )
    return _wrap(body, width, highlight, "back")


def svg_data_uri(svg: str) -> str:
    """Wrap an SVG document as a base64 ``data:`` URI, the form ``st.html`` keeps."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def card_data_uri(code: str, *, width: int = 72, highlight: str | None = None,
                  lang: str = "en") -> str:
    """``card_svg`` as a ``data:image/svg+xml;base64,…`` URI."""
    return svg_data_uri(card_svg(code, width=width, highlight=highlight, lang=lang))


#: Where a face's image comes from: ``(code, highlight, lang) -> address`` (the site serves
#: the faces as files, :mod:`webui.faces`); without one, the face is a data URI.
FaceUrl = Callable[[str, str | None, str], str]


def card_img_html(
    code: str,
    *,
    width: int = 72,
    title: str | None = None,
    highlight: str | None = None,
    alt: str | None = None,
    lang: str = "en",
    face_url: FaceUrl | None = None,
) -> str:
    """An ``<img>`` tag showing the card; ``alt`` (default: its name in ``lang``) is the tooltip.
    ``face_url`` gives the image's address (else the face is inlined as a data URI).

    >>> 'alt="caballo of espadas"' in card_img_html("11e")
    True
    """
    alt = alt if alt is not None else i18n.card_name(code, lang)
    tip = alt if title is None else title
    height = round(width * _VIEW_H / _VIEW_W)
    src = (card_data_uri(code, width=width, highlight=highlight, lang=lang) if face_url is None
           else escape(face_url(normalize_code(code), _check_colour(highlight), lang)))
    return (
        f'<img src="{src}" '
        f'width="{width}" height="{height}" style="display:block;width:{width}px;'
        f'height:{height}px" title="{escape(tip)}" alt="{escape(alt)}">'
    )


def _aligned(name: str, values: Sequence[str | None] | None, n: int) -> list[str | None]:
    if values is None:
        return [None] * n
    if len(values) != n:
        raise ValueError(f"{name} has {len(values)} entries for {n} cards")
    return list(values)


def cards_row_html(
    codes: Sequence[str],
    *,
    width: int = 72,
    gap: int = 6,
    labels: Sequence[str | None] | None = None,
    highlights: Sequence[str | None] | None = None,
    alts: Sequence[str | None] | None = None,
    lang: str = "en",
    face_url: FaceUrl | None = None,
) -> str:
    """A wrapping flex row of card images, each with an optional small caption under it.

    ``labels``, ``highlights`` and ``alts`` line up with ``codes`` (``None`` entries skip).
    Captions are escaped, so they may hold any text. ``face_url``: see :func:`card_img_html`.
    """
    n = len(codes)
    items = []
    for code, label, ring, alt in zip(
        codes,
        _aligned("labels", labels, n),
        _aligned("highlights", highlights, n),
        _aligned("alts", alts, n),
        strict=True,
    ):
        img = card_img_html(code, width=width, highlight=ring, alt=alt, lang=lang,
                            face_url=face_url)
        cap = (
            f'<figcaption style="margin-top:2px;font-size:0.8rem;line-height:1.2;'
            f'text-align:center;max-width:{width + 8}px">{escape(label)}</figcaption>'
            if label
            else ""
        )
        items.append(
            '<figure style="margin:0;display:flex;flex-direction:column;align-items:center">'
            f"{img}{cap}</figure>"
        )
    return (
        f'<div class="chinchon-cards" style="display:flex;flex-wrap:wrap;gap:{gap}px;'
        f'align-items:flex-start">{"".join(items)}</div>'
    )


#: A group's caption under its cards (:func:`card_groups_html`).
GROUP_CAPTION = "margin-top:4px;font-size:0.85rem;text-align:center"


def card_groups_html(
    groups: Sequence[Sequence[str]],
    *,
    width: int = 72,
    gap: int = 6,
    group_gap: int = 22,
    row_gap: int | None = None,
    captions: Sequence[str | None] | None = None,
    highlights: Sequence[str | None] | None = None,
    rings: Sequence[Sequence[str | None]] | None = None,
    alts: Sequence[Sequence[str | None]] | None = None,
    lang: str = "en",
    face_url: FaceUrl | None = None,
    caption_style: str = GROUP_CAPTION,
) -> str:
    """Several card rows side by side (melds, then loose cards), each with an optional caption
    (in ``caption_style``, fixed CSS of the code).

    ``gap`` parts the cards of a row, ``group_gap`` the groups, ``row_gap`` (default ``gap``)
    the lines of groups when they wrap. ``highlights`` rings every card of a group (e.g. the
    loose cards); ``rings`` rings single cards instead and mirrors ``groups`` (the cards laid
    off onto a meld), as ``alts`` does.

    >>> def url(code: str, ring: str | None, lang: str) -> str:
    ...     return f"{code}-{ring}.svg"
    >>> html = card_groups_html([["1o"], ["2o", "3o"]], rings=[[None], ["red", None]],
    ...                         face_url=url)
    >>> re.findall(r'src="([^"]+)"', html)
    ['1o-None.svg', '2o-red.svg', '3o-None.svg']
    """
    n = len(groups)
    if highlights is not None and rings is not None:
        raise ValueError("give highlights (a ring per group) or rings (a ring per card), not both")
    ring_rows = [list(row) for row in rings] if rings is not None else [
        [ring] * len(group) for group, ring in zip(groups, _aligned("highlights", highlights, n),
                                                   strict=True)]
    alt_rows = list(alts) if alts is not None else [None] * n
    for name, rows in (("rings", ring_rows), ("alts", alt_rows)):
        if len(rows) != n:
            raise ValueError(f"{name} has {len(rows)} entries for {n} groups")
    parts = []
    for group, caption, ring_row, alt_row in zip(
        groups, _aligned("captions", captions, n), ring_rows, alt_rows, strict=True
    ):
        row = cards_row_html(
            group, width=width, gap=gap, highlights=ring_row, alts=alt_row, lang=lang,
            face_url=face_url,
        )
        cap = (
            f'<figcaption style="{caption_style}">{escape(caption)}</figcaption>'
            if caption
            else ""
        )
        parts.append(f'<figure style="margin:0">{row}{cap}</figure>')
    return (
        f'<div class="chinchon-groups" style="display:flex;flex-wrap:wrap;'
        f'gap:{gap if row_gap is None else row_gap}px {group_gap}px;align-items:flex-start">'
        f'{"".join(parts)}</div>'
    )
