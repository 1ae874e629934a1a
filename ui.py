"""Shared page helpers: page setup, the sidebar (language, rule profile), card rows.

Lives beside ``app.py`` rather than in ``chinchon/`` because the library never imports
Streamlit. Every page starts with ``lang, rules_id = setup_page("page_key")``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path

import streamlit as st

from chinchon import i18n, svg
from chinchon.cards import Card
from chinchon.melds import Meld
from chinchon.rules import OURS, PROFILE_IDS, Rules
from chinchon.solver import Arrangement

RULE_IDS: tuple[str, ...] = PROFILE_IDS
DEFAULT_RULES = "barajamos"
PAGE_ICON = "🃏"
ROOT = Path(__file__).parent
# Site pages in reading order: i18n key (``page.KEY``) and a word its file name in pages/ holds.
PAGE_WORDS: tuple[tuple[str, str], ...] = (
    ("rules_tour", "tour"),
    ("hand_lab", "hand"),
    ("layoffs", "lay"),
    ("variants", "variant"),
    ("puzzles", "puzzle"),
    ("odds", "odds"),
)

# Session keys: the chosen values (kept across pages) and the widgets that edit them.
_STATE = {"lang": "_lang_select", "rules": "_rules_select"}


def page_files() -> list[str]:
    """Every page script, as a path relative to app.py, in Streamlit's order (by file name)."""
    return [f"pages/{p.name}" for p in sorted((ROOT / "pages").glob("*.py"))]


def page_key(path: str) -> str | None:
    """The i18n page key of a page script, from the word its file name holds."""
    stem = Path(path).stem.lower()
    return next((key for key, word in PAGE_WORDS if word in stem), None)


def find_page(key: str) -> str | None:
    """The page script for ``key`` (``"hand_lab"``), or None while nobody has written it."""
    return next((path for path in page_files() if page_key(path) == key), None)


def _nav(lang: str, rules_id: str) -> None:
    """Translated links to every page; they carry the language and profile in the URL."""
    state = {"lang": lang, "rules": rules_id}
    st.page_link("app.py", label=i18n.t("page.home", lang), query_params=state)
    for path in page_files():
        key = page_key(path)
        # A page with no known word still gets a link, named after its file.
        label = (
            i18n.t(f"page.{key}", lang)
            if key
            else re.sub(r"^[\d_\s-]+", "", Path(path).stem).replace("_", " ")
        )
        st.page_link(path, label=label, query_params=state)
    st.divider()


def _literal(value: str) -> str:
    """A URL value safe to quote inside a markdown message: short, plain, in code style."""
    clean = "".join(ch for ch in value if ch.isprintable() and ch != "`")[:40]
    return f"`{clean}`" if clean else "“”"


def literal(value: str) -> str:
    """Public form of ``_literal``: quote a user's bad value in a page's own message."""
    return _literal(value)


def _from_url(name: str, valid: Sequence[str]) -> tuple[str | None, str | None]:
    """``(value, bad)``: the URL's value for ``name`` if valid, else the raw bad value."""
    raw = st.query_params.get(name)
    if raw is None:
        return None, None
    value = raw.strip().lower()
    return (value, None) if value in valid else (None, raw)


def _on_select(name: str) -> None:
    """Sidebar callback: the new choice goes to the session and to the URL before the rerun."""
    value = st.session_state[_STATE[name]]
    st.session_state[name] = value
    st.query_params[name] = value


def _resolve(name: str, valid: Sequence[str], default: str) -> tuple[str, str | None]:
    """URL first, then this session's earlier choice, then ``default``; plus any bad URL value."""
    from_url, bad = _from_url(name, valid)
    remembered = st.session_state.get(name)
    value = from_url or (remembered if remembered in valid else None) or default
    return value, bad


def setup_page(page_key: str) -> tuple[str, str]:
    """Configure the page, draw the shared sidebar and return ``(lang, rules_id)``.

    The URL's ``lang`` and ``rules`` win; a bad value shows a warning naming it and falls back
    to the session's choice, then the browser's language (for ``lang``) or ``barajamos``. The
    chosen values are written back into the URL, so a copied link reproduces the page.
    """
    locale_lang = i18n.choose_language(None, st.context.locale)
    lang, bad_lang = _resolve("lang", i18n.LANGUAGES, locale_lang)
    rules_id, bad_rules = _resolve("rules", RULE_IDS, DEFAULT_RULES)

    page = i18n.t(f"page.{page_key}", lang)
    st.set_page_config(
        page_title=i18n.t("app.page_title", lang, page=page),
        page_icon=PAGE_ICON,
        layout="wide",
    )
    if bad_lang is not None:
        st.warning(
            i18n.t(
                "warning.bad_lang",
                lang,
                value=_literal(bad_lang),
                fallback=i18n.LANGUAGE_NAMES[lang],
            ),
            icon="⚠️",
        )
    if bad_rules is not None:
        st.warning(
            i18n.t(
                "warning.bad_rules",
                lang,
                value=_literal(bad_rules),
                fallback=i18n.t(f"profile.{rules_id}.name", lang),
            ),
            icon="⚠️",
        )

    for name, value in (("lang", lang), ("rules", rules_id)):
        st.session_state[name] = value
        st.session_state[_STATE[name]] = value  # before the widget exists, so no conflict
        if st.query_params.get(name) != value:
            st.query_params[name] = value

    with st.sidebar:
        _nav(lang, rules_id)
        st.selectbox(
            i18n.t("sidebar.language", lang),
            i18n.LANGUAGES,
            format_func=i18n.LANGUAGE_NAMES.__getitem__,
            key=_STATE["lang"],
            on_change=_on_select,
            args=("lang",),
        )
        st.selectbox(
            i18n.t("sidebar.rules", lang),
            RULE_IDS,
            format_func=lambda rid: i18n.t(f"profile.{rid}.name", lang),
            key=_STATE["rules"],
            help=i18n.t("sidebar.rules_help", lang),
            on_change=_on_select,
            args=("rules",),
        )
        st.caption(i18n.t("sidebar.share_hint", lang))
    return lang, rules_id


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
            codes, width=width, gap=gap, labels=labels, highlights=highlights, alts=alts
        )
    )


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
            groups, width=width, captions=captions, highlights=highlights, alts=alts
        )
    )


# --- Melds and tables (rules tour, lay-off table) -----------------------------------------------

LOOSE_RING = "#e0a21b"
LAID_RING = "#8b3fb8"  # purple: no suit is drawn in it


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
    alts = [[i18n.card_name(card.code(), lang) for card in meld.cards] for meld in table]
    parts = []
    for i, meld in enumerate(table):
        extra = set(laid[i]) if i < len(laid) else set()
        row = svg.cards_row_html(
            [card.code() for card in meld.cards],
            width=width,
            highlights=[LAID_RING if c in extra else None for c in meld.cards],
            alts=alts[i],
        )
        caption = html.escape(f"{owners[i]} · {meld_caption(meld, lang)}")
        parts.append(
            f'<figure style="margin:0">{row}<figcaption style="font-size:0.8rem;'
            f'text-align:center">{caption}</figcaption></figure>'
        )
    st.html('<div style="display:flex;flex-wrap:wrap;gap:8px 22px">' + "".join(parts) + "</div>")


def citation_text(cites: Sequence[str], lang: str) -> str:
    """Source names as written, "our reading" notes in ``lang``, each once, joined by " · "."""
    # A file's citation may carry an English aside, e.g. "(the source calls it ...)": drop it.
    parts = [i18n.t("variants.ours", lang) if OURS in cite else cite.split(" (")[0]
             for cite in cites]
    return " · ".join(dict.fromkeys(parts))
