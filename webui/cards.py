"""Card rows and tables drawn as HTML: a row of faces, groups of melds, the table's melds, a
hand's end as a score table. The faces are static files (:mod:`webui.faces`), so a run's
messages carry their addresses, not their drawings. The rows and groups are
:func:`chinchon.views.svg.cards_row_html` and :func:`chinchon.views.svg.card_groups_html`; the
score table's style is ``cards.css`` beside this module, in the site's colours.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path

import streamlit as st

from chinchon.engine.cards import Card
from chinchon.engine.layoffs import HandEnd
from chinchon.engine.melds import Meld
from chinchon.engine.rules import Rules
from chinchon.engine.solver import Arrangement
from chinchon.views import i18n, svg
from webui.faces import face_url

#: The score table's cells: lines, padding, a smaller size on a phone.
_SCORES_CSS = Path(__file__).with_name("cards.css").read_text(encoding="utf-8")


def show_cards(
    codes: Sequence[str],
    lang: str,
    *,
    width: int = 72,
    gap: int = 6,
    labels: Sequence[str | None] | None = None,
    highlights: Sequence[str | None] | None = None,
) -> None:
    """Draw a row of card faces, each with its name in ``lang`` as alt text and tooltip."""
    alts = [i18n.card_name(code, lang) for code in codes]
    st.html(
        svg.cards_row_html(
            codes, width=width, gap=gap, labels=labels, highlights=highlights, alts=alts,
            lang=lang, face_url=face_url,
        )
    )


def show_faces(codes: Sequence[str], lang: str, *, width: int = 72, gap: int = 6,
               highlights: Sequence[str | None] | None = None) -> None:
    """Like :func:`show_cards`, for a row redrawn on every click (the hand lab's hand): each
    face is a named ``role="img"`` whose background is the face's file, as on the card buttons.
    ``codes`` come from parsed cards, the ring colours from the code: no user text reaches the
    markup."""
    height = svg.card_height(width)
    rings = list(highlights) if highlights is not None else [None] * len(codes)
    items = []
    for code, ring in zip(codes, rings, strict=True):
        name = html.escape(i18n.card_name(code, lang))
        shadow = f"box-shadow:0 0 0 3px {ring};" if ring else ""
        face = html.escape(face_url(code, None, lang))
        items.append(f'<span class="cardbuttons-face" data-face="{html.escape(code)}" '
                     f'role="img" aria-label="{name}" title="{name}" style="display:block;'
                     f'width:{width}px;height:{height}px;border-radius:6px;{shadow}'
                     f'background-image:url(&quot;{face}&quot;);background-size:100% 100%">'
                     '</span>')
    st.html(f'<div class="chinchon-cards" style="display:flex;flex-wrap:wrap;gap:{gap}px">'
            f'{"".join(items)}</div>')


def show_card_groups(
    groups: Sequence[Sequence[str]],
    lang: str,
    *,
    width: int = 72,
    captions: Sequence[str | None] | None = None,
    highlights: Sequence[str | None] | None = None,
) -> None:
    """Draw card groups side by side (e.g. each meld, then the loose cards), spaced apart."""
    alts = [[i18n.card_name(code, lang) for code in group] for group in groups]
    st.html(
        svg.card_groups_html(
            groups, width=width, captions=captions, highlights=highlights, alts=alts, lang=lang,
            face_url=face_url,
        )
    )


# --- Melds and tables (rules tour, lay-off table) -----------------------------------------------

#: Rings drawn into the faces (SVG, so not CSS variables): the site stylesheet's ``--cl-gold``
#: (loose cards) and ``--cl-purple`` (a card laid off; no suit is drawn in purple).
LOOSE_RING = "#e0a21b"
LAID_RING = "#8b3fb8"
#: Who showed a meld, under it on the table: a little smaller than a group's caption.
OWNER_CAPTION = "font-size:0.8rem;text-align:center"


def meld_caption(meld: Meld, lang: str) -> str:
    """ "Run" or "Group", naming the card each joker stands for."""
    text = i18n.t(f"cards.label.{meld.kind.value}", lang)
    for card, named in zip(meld.cards, meld.stands_for, strict=True):
        if card.is_joker:
            text += " · " + i18n.t(
                "cards.label.joker_as", lang, card=i18n.card_name(named.code(), lang)
            )
    return text


def show_arrangement(arrangement: Arrangement, rules: Rules, lang: str, *, width: int = 64) -> None:
    """The melds of an arrangement, then its loose cards ringed, each group captioned."""
    groups = [[card.code() for card in meld.cards] for meld in arrangement.melds]
    captions: list[str | None] = [meld_caption(meld, lang) for meld in arrangement.melds]
    rings: list[str | None] = [None] * len(groups)
    if arrangement.loose:
        groups.append([card.code() for card in arrangement.loose])
        captions.append(i18n.t("cards.label.loose", lang, points=arrangement.loose_points(rules)))
        rings.append(LOOSE_RING)
    show_card_groups(groups, lang, width=width, captions=captions, highlights=rings)


def show_table(
    table: Sequence[Meld],
    owners: Sequence[str],
    lang: str,
    *,
    laid: Sequence[Sequence[Card]] = (),
    width: int = 52,
) -> None:
    """Melds on the table, each captioned with who showed it; cards in ``laid[i]`` ringed."""
    rings = [[LAID_RING if card in (laid[i] if i < len(laid) else ()) else None
              for card in meld.cards] for i, meld in enumerate(table)]
    st.html(svg.card_groups_html(
        [[card.code() for card in meld.cards] for meld in table], width=width, row_gap=8,
        captions=[f"{owners[i]} · {meld_caption(meld, lang)}" for i, meld in enumerate(table)],
        rings=rings, alts=[[i18n.card_name(card.code(), lang) for card in meld.cards]
                           for meld in table],
        lang=lang, face_url=face_url, caption_style=OWNER_CAPTION))


def cards_text(cards: Sequence[Card], lang: str) -> str:
    """Cards by their names in ``lang``, for a sentence: never raw codes."""
    return ", ".join(i18n.card_name(card.code(), lang) for card in cards)


def show_score_table(end: HandEnd, names: Sequence[str], lang: str, *,
                     headers: Sequence[str], wins: str, width: int = 26) -> None:
    """A hand's end as a table with card pictures: who, melds, lay-offs, loose, points, adds.

    Plain HTML (the cards as images, names escaped), so no cell is ever cut short.
    """
    def cards(groups: Sequence[Sequence[Card]]) -> str:
        rows = [[card.code() for card in group] for group in groups if group]
        return svg.card_groups_html(
            rows, width=width, gap=2, row_gap=4, group_gap=12,
            alts=[[i18n.card_name(code, lang) for code in row] for row in rows],
            lang=lang, face_url=face_url) if rows else "—"

    body = []
    for name, player in zip(names, end.players, strict=True):
        adds = wins if player.score is None else i18n.fmt_number(player.score, lang)
        cells = [html.escape(name), cards([m.cards for m in player.melds]),
                 cards([[lay.card for lay in player.laid_off]]), cards([player.loose]),
                 i18n.fmt_number(player.loose_points, lang), html.escape(adds)]
        body.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    head = "".join(f'<th scope="col">{html.escape(h)}</th>' for h in headers)
    # On a phone the table scrolls sideways inside its box rather than being cut at the edge.
    st.html('<div style="overflow-x:auto"><table class="chinchon-scores" '
            'style="border-collapse:collapse;width:100%">'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
            f"<style>{_SCORES_CSS}</style>")
