"""Shared page helpers: page setup, the sidebar (language, rule profile), card rows.

Lives beside ``app.py`` rather than in ``chinchon/`` because the library never imports
Streamlit. Every page starts with ``lang, rules_id = setup_page("page_key")``; a page that
honours the sidebar's rule options (two decks, the ludoteka deck, jokers) then builds its rules
with ``current_rules(rules_id)``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from chinchon.engine.cards import Card
from chinchon.engine.errors import plain
from chinchon.engine.layoffs import HandEnd
from chinchon.engine.melds import Meld
from chinchon.engine.rules import OPTIONS, PROFILE_IDS, HouseRulesError, Rules, get_rules
from chinchon.engine.solver import Arrangement
from chinchon.views import i18n, svg
from chinchon.views.sources import HOUSE_MARK, OURS_MARK, Footnotes

RULE_IDS: tuple[str, ...] = PROFILE_IDS
DEFAULT_RULES = "barajamos"
PAGE_ICON = "🃏"
ROOT = Path(__file__).resolve().parent.parent
# Site pages in reading order: i18n key (``page.KEY``) and a word its file name in pages/ holds.
PAGE_WORDS: tuple[tuple[str, str], ...] = (
    ("rules_tour", "tour"),
    ("hand_lab", "hand"),
    ("layoffs", "lay"),
    ("variants", "variant"),
    ("puzzles", "puzzle"),
    ("odds", "odds"),
    ("progress", "progress"),
    ("play", "play"),
    ("house_rules", "house"),
)

# Session keys: the chosen values (kept across pages) and the widgets that edit them.
_STATE = {"lang": "_lang_select", "rules": "_rules_select"}
#: Session key of the house code (a profile id plus ``+key=value`` changes) being played.
HOUSE_KEY = "house_code"

#: Every rule option some profile offers, in chinchon.engine.rules.OPTIONS' order (also the URL names).
OPTION_NAMES: tuple[str, ...] = tuple(dict.fromkeys(name for offered in OPTIONS.values()
                                                    for name in offered))
# Options that add cards (a second deck, jokers): an on/off switch to their one other value.
# Any other option with choices (the deck size) gets a segmented control of its values.
_SWITCHES = frozenset({"decks", "jokers"})


def option_key(name: str) -> str:
    """The session key of option ``name``'s chosen value, kept across pages."""
    return f"option_{name}"


def option_widget_key(name: str) -> str:
    """The session key of the sidebar widget that edits option ``name``."""
    return f"_option_{name}_select"


@cache
def option_defaults(rules_id: str) -> dict[str, int]:
    """Each option of the profile at its default: what the profile as written plays."""
    deck = get_rules(rules_id).deck
    found = {"decks": deck.copies, "deck": deck.size, "jokers": deck.jokers}
    return {name: found[name] for name in OPTIONS[rules_id]}


def offered_options(rules_id: str) -> tuple[str, ...]:
    """The options the sidebar shows for the profile: those with a choice of values."""
    return tuple(name for name, allowed in OPTIONS[rules_id].items() if len(allowed) > 1)


def current_options(rules_id: str) -> dict[str, int]:
    """The options chosen for ``rules_id`` this session that differ from its defaults."""
    defaults = option_defaults(rules_id)
    chosen = {name: st.session_state.get(option_key(name)) for name in defaults}
    return {name: value for name, value in chosen.items()
            if value in OPTIONS[rules_id][name] and value != defaults[name]}


def house_code(rules_id: str) -> str | None:
    """This session's house code for ``rules_id`` (the URL's ``rules`` when it has changes),
    or None when the table plays the profile as written."""
    code = st.session_state.get(HOUSE_KEY)
    return code if isinstance(code, str) and code.split("+")[0] == rules_id else None


def current_rules(rules_id: str) -> Rules:
    """The profile with the house rules and the sidebar's options applied (call after
    :func:`setup_page`)."""
    return get_rules(house_code(rules_id) or rules_id, **current_options(rules_id))


def set_house_code(code: str | None) -> None:
    """Make ``code`` (a house code, checked by the caller) the session's rules and put it in
    the URL; None goes back to the profile as written."""
    if code is None or "+" not in code:
        st.session_state.pop(HOUSE_KEY, None)
    else:
        st.session_state[HOUSE_KEY] = code
    base = (code or st.session_state.get("rules", DEFAULT_RULES)).split("+")[0]
    st.query_params["rules"] = code or base


def page_files() -> list[str]:
    """Every page script, as a path relative to app.py, in Streamlit's order (by file name)."""
    return [f"pages/{p.name}" for p in sorted((ROOT / "pages").glob("*.py"))]


def page_key(path: str) -> str | None:
    """The i18n page key of a page script, from the word its file name holds."""
    # A word starts a part of the name ("3_Layoff_table" holds "lay", "9_Play" does not).
    parts = Path(path).stem.lower().replace("-", "_").split("_")
    return next((key for key, word in PAGE_WORDS if any(p.startswith(word) for p in parts)),
                None)


def find_page(key: str) -> str | None:
    """The page script for ``key`` (``"hand_lab"``), or None while nobody has written it."""
    return next((path for path in page_files() if page_key(path) == key), None)


def _nav(lang: str, rules_id: str) -> None:
    """Translated links to every page; they carry the language, profile and options in the URL."""
    state = {"lang": lang, "rules": house_code(rules_id) or rules_id,
             **{name: str(value) for name, value in current_options(rules_id).items()}}
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


#: Characters of a bad value quoted in a message (then "…").
LITERAL_LIMIT = 40
#: The longest URL parameter value a page reads (a whole game's moves fit well within it).
MAX_URL_VALUE = 8000


def literal(value: str) -> str:
    """A user's bad value to quote inside a markdown message, shown exactly as given: cut to
    :data:`LITERAL_LIMIT` characters with "…", control characters escaped (``\\n``), in a code
    span that no backtick of the value can close.

    Streamlit rewrites ``:material/NAME:`` to an icon before it reads the markdown, even
    inside code, so the colon of such a sequence stands outside the code span, escaped: the
    value reads the same and is never rewritten.

    >>> literal("9z")
    '`9z`'
    >>> literal("a`b")
    '``a`b``'
    >>> print(literal("go:material/home:"))
    `go`\\:`material/home:`
    """
    text = plain(value, limit=LITERAL_LIMIT)
    if not text:
        return "“”"
    *before, last = re.split(r"(?<=:)(?=material/)", text)
    spans = [(_code_span(part[:-1]) if part[:-1] else "") + "\\:" for part in before]
    return "".join(spans) + _code_span(last)


def _code_span(text: str) -> str:
    ticks = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (ticks + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


# --- URL state: the session is the truth; the URL is a copy of it that may lag ------------------

_PAGE_SEEN = "_url_page"
_ARRIVAL = "_url_arrival"


def url_arrival() -> bool:
    """Whether this run may take state from the URL: the session's first run of this page, a
    navigation to it (a link from another page), or the browser's back or forward button.

    On any other rerun the URL the browser sends may be older than the session: the page
    wrote a new value to it a moment ago and the user clicked before the browser had taken
    it. There the session state is the truth, and the URL is only written from it.
    """
    ctx = get_script_run_ctx()
    if ctx is None:  # bare mode: no session, every run is a first one
        return True
    # One answer per run: ctx.cursors is a new object at each run's start (held here, so its
    # identity cannot be reused by the next run's).
    memo = st.session_state.get(_ARRIVAL)
    if memo is not None and memo[0] is ctx.cursors:
        return bool(memo[1])
    page = ctx.page_script_hash
    arrival = bool(ctx.is_history_navigation) or st.session_state.get(_PAGE_SEEN) != page
    st.session_state[_PAGE_SEEN] = page
    st.session_state[_ARRIVAL] = (ctx.cursors, arrival)
    return arrival


def url_value(name: str, state_key: str | None = None, *, lang: str | None = None
              ) -> str | None:
    """The URL's value of ``name`` when this run may read it (:func:`url_arrival`, or the
    session has no ``state_key`` yet), else None. A value longer than :data:`MAX_URL_VALUE`
    is refused with a warning naming it (in ``lang``, else the session's language)."""
    if not (url_arrival() or (state_key is not None and state_key not in st.session_state)):
        return None
    raw = st.query_params.get(name)
    if raw is None:
        return None
    value = _bounded(name, raw, lang)
    if value is None:  # refused and named once: later readers of this run see no value
        del st.query_params[name]
    return value


def url_values(name: str, state_key: str | None = None, *, lang: str | None = None
               ) -> list[str] | None:
    """:func:`url_value` for a parameter given several times (``opp=…&opp=…``); None when
    this run may not read the URL."""
    if not (url_arrival() or (state_key is not None and state_key not in st.session_state)):
        return None
    values = [_bounded(name, raw, lang) for raw in st.query_params.get_all(name)]
    return [value for value in values if value is not None]


def _bounded(name: str, raw: str, lang: str | None) -> str | None:
    if len(raw) <= MAX_URL_VALUE:
        return raw
    language = lang or st.session_state.get("lang") or i18n.LANGUAGES[0]
    st.warning(i18n.t("warning.too_long", language, name=literal(name), value=literal(raw),
                      size=len(raw), limit=MAX_URL_VALUE), icon="⚠️")
    return None


def _from_url(name: str, valid: Sequence[str], lang: str | None = None
              ) -> tuple[str | None, str | None]:
    """``(value, bad)``: the URL's value for ``name`` if valid, else the raw bad value; both
    None when this run does not read the URL (see :func:`url_arrival`)."""
    raw = url_value(name, name, lang=lang)
    if raw is None:
        return None, None
    value = raw.strip().lower()
    return (value, None) if value in valid else (None, raw)


def _on_select(name: str) -> None:
    """Sidebar callback: the new choice goes to the session and to the URL before the rerun."""
    value = st.session_state[_STATE[name]]
    st.session_state[name] = value
    if name == "rules":
        st.session_state.pop(HOUSE_KEY, None)  # another profile: the house changes go
    st.query_params[name] = house_code(value) or value if name == "rules" else value
    if name == "rules":  # the user's own change: options the new profile lacks go quietly
        for option in OPTION_NAMES:
            raw = st.query_params.get(option)
            if raw is not None and _option_value(value, option, raw) is None:
                del st.query_params[option]


def _on_option(rules_id: str, name: str) -> None:
    """Sidebar callback of an option widget: the value goes to the session and the URL."""
    chosen = st.session_state[option_widget_key(name)]
    default = option_defaults(rules_id)[name]
    if name in _SWITCHES:
        chosen = _switch_value(rules_id, name) if chosen else default
    value = default if chosen is None else int(chosen)
    st.session_state[option_key(name)] = value
    _option_to_url(name, value, default)


def _switch_value(rules_id: str, name: str) -> int:
    """The value a switch turns option ``name`` to: its one allowed value besides the default."""
    default = option_defaults(rules_id)[name]
    return next(value for value in OPTIONS[rules_id][name] if value != default)


def _option_to_url(name: str, value: int, default: int) -> None:
    """Only a value other than the default goes into the URL."""
    if value != default:
        if st.query_params.get(name) != str(value):
            st.query_params[name] = str(value)
    elif name in st.query_params:
        del st.query_params[name]


def _option_value(rules_id: str, name: str, raw: str) -> int | None:
    """The URL's text for option ``name`` as a value the profile allows, else None."""
    text = raw.strip()
    return next((value for value in OPTIONS[rules_id].get(name, ()) if str(value) == text), None)


def _resolve_options(rules_id: str, lang: str) -> dict[str, int]:
    """Each option of the profile: URL first, then this session's choice, then the default.

    A URL value the profile does not allow (or an option it lacks) gets a warning naming it.
    """
    defaults = option_defaults(rules_id)
    profile = i18n.t(f"profile.{rules_id}.name", lang)
    values: dict[str, int] = {}
    for name in OPTION_NAMES:
        raw = url_value(name, option_key(name), lang=lang)
        from_url = None if raw is None else _option_value(rules_id, name, raw)
        if raw is not None and from_url is None:
            if name in defaults:
                message = i18n.t(
                    "warning.bad_option", lang, option=literal(name), value=literal(raw),
                    profile=profile, fallback=defaults[name],
                    allowed=" / ".join(map(str, OPTIONS[rules_id][name])))
            else:
                message = i18n.t("warning.no_option", lang, option=literal(name),
                                 value=literal(raw), profile=profile)
            st.warning(message, icon="⚠️")
        if name not in defaults:
            st.session_state.pop(option_key(name), None)
            continue
        remembered = st.session_state.get(option_key(name))
        if from_url is not None:
            values[name] = from_url
        elif raw is None and remembered in OPTIONS[rules_id][name]:
            values[name] = remembered
        else:
            values[name] = defaults[name]
    return values


def _option_widgets(rules_id: str, lang: str) -> None:
    """The sidebar's controls for the options the profile offers (none for fournier)."""
    rules = current_rules(rules_id)
    for name in offered_options(rules_id):
        key = option_widget_key(name)
        value = st.session_state[option_key(name)]
        label_args = {"n": _switch_value(rules_id, name)} if name in _SWITCHES else {}
        label = i18n.t(f"sidebar.option.{name}", lang, **label_args)
        help_text = i18n.t(f"sidebar.option.{name}_help", lang,
                           players=rules.two_decks_from, points=rules.joker_points)
        if name in _SWITCHES:
            st.session_state[key] = value != option_defaults(rules_id)[name]
            st.toggle(label, key=key, help=help_text, on_change=_on_option,
                      args=(rules_id, name))
        else:
            st.session_state[key] = value
            st.segmented_control(
                label, OPTIONS[rules_id][name], key=key, required=True, help=help_text,
                format_func=lambda n: i18n.t("sidebar.option.cards", lang, n=n),
                on_change=_on_option, args=(rules_id, name))


def _house_from_url() -> tuple[str, str] | None:
    """Read a house code in the URL's ``rules`` into the session; ``(code, bad part)`` when it
    is a house code that cannot be read. A plain profile id clears the house changes. Read on
    arriving only (:func:`url_arrival`): on a rerun the session's house rules stand."""
    raw = url_value("rules", "rules")
    if raw is None:
        return None
    text = raw.strip()
    if text in RULE_IDS:
        st.session_state.pop(HOUSE_KEY, None)
        return None
    if not re.search(r"[+\s]", text):
        return None  # an unknown plain id: the profile warning says so
    try:
        rules = get_rules(text)
    except HouseRulesError as error:
        base = re.split(r"[+\s]", text)[0]
        if base in RULE_IDS:
            st.query_params["rules"] = base
        else:
            del st.query_params["rules"]
        return text, error.part
    code = rules.code()
    st.query_params["rules"] = rules.id  # the profile picker reads the id
    if "+" in code:
        st.session_state[HOUSE_KEY] = code
        st.session_state["rules"] = rules.id
    else:
        st.session_state.pop(HOUSE_KEY, None)
    return None


def _resolve(name: str, valid: Sequence[str], default: str) -> tuple[str, str | None]:
    """URL first (when this run reads it: :func:`url_arrival`), then this session's earlier
    choice, then ``default``; plus any bad URL value."""
    from_url, bad = _from_url(name, valid)
    remembered = st.session_state.get(name)
    value = from_url or (remembered if remembered in valid else None) or default
    return value, bad


def setup_page(page_key: str, *, sidebar: str = "auto") -> tuple[str, str]:
    """Configure the page, draw the shared sidebar and return ``(lang, rules_id)``.

    On arriving at the page (:func:`url_arrival`) the URL's ``lang`` and ``rules`` win; on
    later reruns the session's choices do (the browser's URL may lag behind them). A bad value
    shows a warning naming it and falls back
    to the session's choice, then the browser's language (for ``lang``) or ``barajamos``. The
    profile's options (``decks``, ``deck``, ``jokers``, from ``chinchon.engine.rules.OPTIONS``) follow
    the same order and fall back to the profile's default; only values other than the default
    go into the URL. The chosen values are written back into the URL, so a copied link
    reproduces the page. Read the options with :func:`current_rules`. ``sidebar="collapsed"``
    starts the page with its sidebar folded away (a projector's full width).
    """
    locale_lang = i18n.choose_language(None, st.context.locale)
    lang, bad_lang = _resolve("lang", i18n.LANGUAGES, locale_lang)
    bad_house = _house_from_url()
    rules_id, bad_rules = _resolve("rules", RULE_IDS, DEFAULT_RULES)
    if bad_house is not None:
        bad_rules = None  # warned about below, naming the part that is wrong

    page = i18n.t(f"page.{page_key}", lang)
    st.set_page_config(
        page_title=i18n.t("app.page_title", lang, page=page),
        page_icon=PAGE_ICON,
        layout="wide",
        initial_sidebar_state="collapsed" if sidebar == "collapsed" else "auto",
    )
    if bad_lang is not None:
        st.warning(
            i18n.t(
                "warning.bad_lang",
                lang,
                value=literal(bad_lang),
                fallback=i18n.LANGUAGE_NAMES[lang],
            ),
            icon="⚠️",
        )
    if bad_rules is not None:
        st.warning(
            i18n.t(
                "warning.bad_rules",
                lang,
                value=literal(bad_rules),
                fallback=i18n.t(f"profile.{rules_id}.name", lang),
            ),
            icon="⚠️",
        )

    if bad_house is not None:
        st.warning(i18n.t("warning.bad_house", lang, value=literal(bad_house[0]),
                          part=literal(bad_house[1]),
                          fallback=i18n.t(f"profile.{rules_id}.name", lang)), icon="⚠️")
    for name, value in (("lang", lang), ("rules", rules_id)):
        st.session_state[name] = value
        st.session_state[_STATE[name]] = value  # before the widget exists, so no conflict
        shown = house_code(value) or value if name == "rules" else value
        if st.query_params.get(name) != shown:
            st.query_params[name] = shown
    options = _resolve_options(rules_id, lang)
    for name, value in options.items():
        st.session_state[option_key(name)] = value
        _option_to_url(name, value, option_defaults(rules_id)[name])
    for name in OPTION_NAMES:
        if name not in options and name in st.query_params:
            del st.query_params[name]  # warned about above

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
        _option_widgets(rules_id, lang)
        code = house_code(rules_id)
        if code is not None:
            st.caption(i18n.t("sidebar.house_on", lang))
            st.code(code, language=None)
        st.caption(i18n.t("sidebar.share_hint", lang))
    return lang, rules_id


def page_css(css: str) -> None:
    """Style rules for this page (fixed text of the code, never user input)."""
    st.html(f"<style>{css}</style>")


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
            lang=lang,
        )
    )


def show_faces(codes: Sequence[str], lang: str, *, width: int = 72, gap: int = 6,
               highlights: Sequence[str | None] | None = None) -> None:
    """Like :func:`show_cards`, for a row redrawn on every click (the hand lab's hand): each
    face is a named ``role="img"`` drawn by the card buttons' stylesheet, which Streamlit sends
    once, so a click sends a few hundred bytes instead of a data URI per card. ``codes`` come
    from parsed cards, the ring colours from the code: no user text reaches the markup."""
    from webui.card_buttons import faces_css  # the one stylesheet of the faces

    height = svg.card_height(width)
    rings = list(highlights) if highlights is not None else [None] * len(codes)
    items = []
    for code, ring in zip(codes, rings, strict=True):
        name = html.escape(i18n.card_name(code, lang))
        shadow = f"box-shadow:0 0 0 3px {ring};" if ring else ""
        items.append(f'<span class="cardbuttons-face" data-face="{html.escape(code)}" '
                     f'role="img" aria-label="{name}" title="{name}" style="display:block;'
                     f'width:{width}px;height:{height}px;border-radius:6px;{shadow}'
                     'background-size:100% 100%"></span>')
    st.html(f"<style>{faces_css(lang)}</style>")  # the same element each run: sent once
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
            groups, width=width, captions=captions, highlights=highlights, alts=alts, lang=lang
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
            lang=lang,
        )
        caption = html.escape(f"{owners[i]} · {meld_caption(meld, lang)}")
        parts.append(
            f'<figure style="margin:0">{row}<figcaption style="font-size:0.8rem;'
            f'text-align:center">{caption}</figcaption></figure>'
        )
    st.html('<div style="display:flex;flex-wrap:wrap;gap:8px 22px">' + "".join(parts) + "</div>")


def cards_text(cards: Sequence[Card], lang: str) -> str:
    """Cards by their names in ``lang``, for a sentence: never raw codes."""
    return ", ".join(i18n.card_name(card.code(), lang) for card in cards)


def show_score_table(end: HandEnd, names: Sequence[str], lang: str, *,
                     headers: Sequence[str], wins: str, width: int = 26) -> None:
    """A hand's end as a table with card pictures: who, melds, lay-offs, loose, points, adds.

    Plain HTML (the cards as images, names escaped), so no cell is ever cut short.
    """
    def cards(groups: Sequence[Sequence[Card]]) -> str:
        rows = [svg.cards_row_html([c.code() for c in group], width=width, gap=2,
                                   alts=[i18n.card_name(c.code(), lang) for c in group])
                for group in groups if group]
        return ('<div style="display:flex;flex-wrap:wrap;gap:4px 12px">'
                + "".join(rows) + "</div>") if rows else "—"

    body = []
    for name, player in zip(names, end.players, strict=True):
        adds = wins if player.score is None else str(player.score)
        cells = [html.escape(name), cards([m.cards for m in player.melds]),
                 cards([[lay.card for lay in player.laid_off]]), cards([player.loose]),
                 str(player.loose_points), html.escape(adds)]
        body.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    head = "".join(f'<th scope="col">{html.escape(h)}</th>' for h in headers)
    # On a phone the table scrolls sideways inside its box rather than being cut at the edge.
    st.html('<div style="overflow-x:auto"><table class="chinchon-scores" '
            'style="border-collapse:collapse;width:100%">'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
            "<style>.chinchon-scores th,.chinchon-scores td{border-bottom:1px solid #ddd6c6;"
            "padding:6px 8px;text-align:left;vertical-align:top}"
            "@media (max-width:640px){.chinchon-scores th,.chinchon-scores td{padding:4px;"
            "font-size:.85rem}}</style>")


def show_footnotes(notes: Footnotes, lang: str) -> None:
    """The sources a page marked, once each, by title and publisher; then what ✎ means."""
    lines = [i18n.t("sources.entry", lang, mark=mark, publisher=found.publisher,
                    title=found.title, language=i18n.t(f"sources.language.{found.language}",
                                                       lang))
             for mark, found in notes.entries()]
    if notes.ours:
        lines.append(i18n.t("sources.ours", lang, mark=OURS_MARK))
    if notes.house:
        lines.append(i18n.t("sources.house", lang, mark=HOUSE_MARK))
    if lines:
        st.caption("  \n".join(lines))
